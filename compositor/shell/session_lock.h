/*
 * ext_session_lock_manager_v1 (session_lock.c): a locker (swaylock) locks the session. While
 * locked the scene is a plain colour and the lock surfaces, and only they get input; a locker that
 * dies leaves the session locked (the colour alone) until a new locker locks and unlocks it.
 */
#ifndef PW_SESSION_LOCK_H
#define PW_SESSION_LOCK_H

#include <pixman.h>
#include <stdbool.h>

struct pw_server;
struct pw_surface;
struct wl_list;

/* The colour of a locked screen where no lock surface is drawn (0xRRGGBB). */
#define PW_SESSION_LOCK_COLOR 0x000000

/* Creates the global (offered to every client, as sway does) and the lock state. */
bool pw_session_lock_create(struct pw_server *server);
/* Whether the session is locked: from the lock request until unlock_and_destroy. */
bool pw_session_lock_active(struct pw_server *server);
/* Locked: paints the colour and the lock surfaces into `damage` and returns true. */
bool pw_session_lock_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage);
/* Locked: takes the lock surfaces' frame callbacks and feedbacks only, returns true. */
bool pw_session_lock_take_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks);
/* The lock surface (or its subsurface) at output x,y while locked, or NULL. */
struct pw_surface *pw_session_lock_surface_at(struct pw_server *server, double x, double y,
	double *sx, double *sy);
/* Who gets the keyboard when `surface` asks for it: while locked the lock surface or nobody. */
struct pw_surface *pw_session_lock_keyboard_focus(struct pw_server *server,
	struct pw_surface *surface);

#endif
