/* The VT and device access; see session.h. */
#include "session.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/kd.h>
#include <linux/major.h>
#include <linux/vt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "libseat_session.h"
#include "log.h"

struct session {
	struct pw_session base;
	struct wl_event_loop *loop;
	int tty_fd; /* -1: no VT */
	int saved_kb_mode;
	struct wl_event_source *release_source, *acquire_source;
	struct pw_libseat_session *seat; /* libseat, or NULL */
};

/*
 * A crash handler cannot be given its session: the VT to restore lives here. It is the one
 * piece of process-wide state in picowl, and a process has one controlling VT anyway.
 */
static volatile sig_atomic_t crash_tty_fd = -1;
static volatile sig_atomic_t crash_kb_mode = K_UNICODE;
static const int crash_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE};
static struct sigaction saved_actions[sizeof(crash_signals) / sizeof(crash_signals[0])];

static void
restore_vt(int fd, int kb_mode)
{
	struct vt_mode mode = {.mode = VT_AUTO};
	ioctl(fd, KDSKBMODE, kb_mode);
	ioctl(fd, KDSETMODE, KD_TEXT);
	ioctl(fd, VT_SETMODE, &mode);
}

static void
handle_crash_signal(int sig)
{
	/* Only async-signal-safe calls: ioctl and raise. SA_RESETHAND made the action default. */
	if (crash_tty_fd >= 0) {
		restore_vt(crash_tty_fd, crash_kb_mode);
	}
	raise(sig);
}

static void
install_crash_handlers(int tty_fd, int kb_mode)
{
	struct sigaction action = {.sa_handler = handle_crash_signal,
		.sa_flags = SA_RESETHAND | SA_NODEFER};
	sigemptyset(&action.sa_mask);
	crash_tty_fd = tty_fd;
	crash_kb_mode = kb_mode;
	for (size_t i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++) {
		sigaction(crash_signals[i], &action, &saved_actions[i]);
	}
}

static void
remove_crash_handlers(void)
{
	for (size_t i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++) {
		sigaction(crash_signals[i], &saved_actions[i], NULL);
	}
	crash_tty_fd = -1;
}

static int
handle_vt_release(int sig, void *data)
{
	struct session *s = data;
	if (!s->base.active) {
		return 0;
	}
	s->base.active = false;
	wl_signal_emit_mutable(&s->base.events.disable, &s->base);
	ioctl(s->tty_fd, VT_RELDISP, 1);
	return 0;
}

static int
handle_vt_acquire(int sig, void *data)
{
	struct session *s = data;
	ioctl(s->tty_fd, VT_RELDISP, VT_ACKACQ);
	/* fbcon or another program may have changed the mode while we were away. */
	ioctl(s->tty_fd, KDSETMODE, KD_GRAPHICS);
	if (s->base.active) {
		return 0;
	}
	s->base.active = true;
	wl_signal_emit_mutable(&s->base.events.enable, &s->base);
	return 0;
}

static bool
is_vt(int fd)
{
	struct stat st;
	return fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == TTY_MAJOR &&
		minor(st.st_rdev) > 0 && minor(st.st_rdev) < MAX_NR_CONSOLES + 1;
}

/* The VT to take: standard input when it is one, else the active VT. -1 when there is none. */
static int
open_vt(void)
{
	if (is_vt(STDIN_FILENO)) {
		return fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
	}
	int fd0 = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY);
	if (fd0 < 0) {
		return -1;
	}
	struct vt_stat state;
	int fd = -1;
	if (ioctl(fd0, VT_GETSTATE, &state) == 0) {
		char path[32];
		snprintf(path, sizeof(path), "/dev/tty%u", state.v_active);
		fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY);
	}
	close(fd0);
	return fd;
}

static bool
setup_vt(struct session *s)
{
	s->tty_fd = open_vt();
	if (s->tty_fd < 0) {
		pw_log_warning("session: no VT (%s): the console is left as it is\n",
			strerror(errno));
		s->base.kind = "novt";
		return true;
	}
	s->base.kind = "vt";
	if (ioctl(s->tty_fd, KDGKBMODE, &s->saved_kb_mode) < 0) {
		s->saved_kb_mode = K_UNICODE;
	}
	if (ioctl(s->tty_fd, KDSETMODE, KD_GRAPHICS) < 0) {
		pw_log_error("session: KDSETMODE KD_GRAPHICS: %s\n", strerror(errno));
		goto err;
	}
	install_crash_handlers(s->tty_fd, s->saved_kb_mode);
	/* Keys go to libinput, not to the console under the picture. */
	if (ioctl(s->tty_fd, KDSKBMODE, K_OFF) < 0) {
		ioctl(s->tty_fd, KDSKBMODE, K_RAW);
	}
	int release = SIGRTMIN, acquire = SIGRTMIN + 1;
	s->release_source = wl_event_loop_add_signal(s->loop, release, handle_vt_release, s);
	s->acquire_source = wl_event_loop_add_signal(s->loop, acquire, handle_vt_acquire, s);
	if (!s->release_source || !s->acquire_source) {
		goto err;
	}
	struct vt_mode mode = {.mode = VT_PROCESS,
		.relsig = (short)release,
		.acqsig = (short)acquire};
	if (ioctl(s->tty_fd, VT_SETMODE, &mode) < 0) {
		pw_log_error("session: VT_SETMODE: %s\n", strerror(errno));
		goto err;
	}
	return true;

err:
	return false;
}

/* A seat daemon runs: libseat's embedded server would also work as root, but it is not asked. */
static bool
seat_daemon_runs(void)
{
	const char *sock = getenv("SEATD_SOCK");
	return getenv("LIBSEAT_BACKEND") || access(sock ? sock : "/run/seatd.sock", F_OK) == 0 ||
		(getenv("XDG_SESSION_ID") && access("/run/systemd/seats", F_OK) == 0);
}

static void
handle_seat_active(void *data, bool active)
{
	struct session *s = data;
	if (active == s->base.active) {
		return;
	}
	s->base.active = active;
	wl_signal_emit_mutable(active ? &s->base.events.enable : &s->base.events.disable, &s->base);
}

struct pw_session *
pw_session_create(struct wl_event_loop *loop)
{
	struct session *s = calloc(1, sizeof(*s));
	if (!s) {
		return NULL;
	}
	s->loop = loop;
	s->tty_fd = -1;
	s->base.active = true;
	wl_signal_init(&s->base.events.disable);
	wl_signal_init(&s->base.events.enable);
	if (seat_daemon_runs()) {
		s->seat = pw_libseat_session_create(loop, handle_seat_active, s);
		if (s->seat) {
			s->base.kind = "libseat";
			return &s->base;
		}
		pw_log_warning("session: no seat from libseat; opening devices directly\n");
	}
	if (!setup_vt(s)) {
		pw_session_destroy(&s->base);
		return NULL;
	}
	return &s->base;
}

void
pw_session_destroy(struct pw_session *session)
{
	if (!session) {
		return;
	}
	struct session *s = (struct session *)session;
	pw_libseat_session_destroy(s->seat);
	if (s->tty_fd >= 0) {
		restore_vt(s->tty_fd, s->saved_kb_mode);
		remove_crash_handlers();
		close(s->tty_fd);
	}
	if (s->release_source) {
		wl_event_source_remove(s->release_source);
	}
	if (s->acquire_source) {
		wl_event_source_remove(s->acquire_source);
	}
	free(s);
}

int
pw_session_open(struct pw_session *session, const char *path, int flags)
{
	struct session *s = (struct session *)session;
	if (s->seat) {
		return pw_libseat_session_open(s->seat, path);
	}
	int fd = open(path, flags | O_CLOEXEC | O_NOCTTY);
	return fd < 0 ? -errno : fd;
}

void
pw_session_close(struct pw_session *session, int fd)
{
	struct session *s = (struct session *)session;
	if (s->seat) {
		pw_libseat_session_close(s->seat, fd);
	} else {
		close(fd);
	}
}

bool
pw_session_switch_vt(struct pw_session *session, int vt)
{
	struct session *s = (struct session *)session;
	if (s->tty_fd < 0 || s->seat) {
		pw_log_error("cannot switch VTs in a %s session\n", session->kind);
		return false;
	}
	if (ioctl(s->tty_fd, VT_ACTIVATE, vt) < 0) {
		pw_log_error("cannot switch to VT %d: %s\n", vt, strerror(errno));
		return false;
	}
	return true;
}
