/*
 * The session: the VT picowl runs on and the devices it opens. On a VT it sets graphics mode,
 * turns the console keyboard off, handles VT switches (VT_PROCESS) and gives the text console
 * back on destroy and after a crash signal. Devices are opened through libseat when picowl is
 * built with it and a seat daemon runs (seatd, logind), otherwise directly (root on a handheld).
 * Without a VT at all (a kernel with CONFIG_VT off) it only opens devices.
 */
#ifndef PW_SESSION_H
#define PW_SESSION_H

#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_session {
	bool active; /* false while switched away: touch no device */
	const char *kind; /* "libseat", "vt" or "novt", for messages */
	struct {
		/* Switching away: stop using the devices now (drop DRM master, suspend input). */
		struct wl_signal disable;
		/* Back: take the devices again and repaint everything. */
		struct wl_signal enable;
	} events;
};

/* NULL after a message on stderr. */
struct pw_session *pw_session_create(struct wl_event_loop *loop);
/* Restores the VT (text mode, keyboard, VT_AUTO). Accepts NULL. */
void pw_session_destroy(struct pw_session *session);

/* Opens a device node; O_CLOEXEC is added. Returns the fd or -errno. */
int pw_session_open(struct pw_session *session, const char *path, int flags);
void pw_session_close(struct pw_session *session, int fd);

/*
 * Asks to switch to VT `vt` (the VT_PROCESS release then follows as for any switch). False,
 * with a message, when the session has no VT of its own to switch from (libseat, no VT).
 */
bool pw_session_switch_vt(struct pw_session *session, int vt);

#endif
