/*
 * Idle time: the seat reports every input (pw_idle_activity), watchers ask to be told after so
 * many milliseconds without any. One timer serves every watcher and is armed only while some
 * watcher still waits: once all have fired (the screen blank), nothing wakes picowl. Built-in
 * dimming and blanking are watchers (power.c); an idle-notify protocol can add its own.
 */
#ifndef PW_IDLE_H
#define PW_IDLE_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_idle;

struct pw_idle_watch {
	int timeout_ms; /* 0: never fires */
	/* After timeout_ms without input. */
	void (*idle)(struct pw_idle_watch *watch);
	/* Optional: the first input after `idle`. */
	void (*resumed)(struct pw_idle_watch *watch);
	/* Owned by idle.c. */
	bool fired;
	struct wl_list link;
};

/* NULL when out of memory. */
struct pw_idle *pw_idle_create(struct wl_event_loop *loop);
/* Accepts NULL. Watchers must be removed first. */
void pw_idle_destroy(struct pw_idle *idle);

/* Starts counting for `watch` from the last input; its timeout may be changed with _update. */
void pw_idle_add(struct pw_idle *idle, struct pw_idle_watch *watch);
void pw_idle_remove(struct pw_idle *idle, struct pw_idle_watch *watch);
/* watch->timeout_ms changed: counts again from now. */
void pw_idle_update(struct pw_idle *idle, struct pw_idle_watch *watch);

/* Counts `watch` as fired without calling it: it waits for the next input. */
void pw_idle_set_fired(struct pw_idle *idle, struct pw_idle_watch *watch);

/*
 * An input event: every watcher counts from now, and those that had fired are resumed. Costs
 * a clock read; the timer is only touched when it was not armed.
 */
void pw_idle_activity(struct pw_idle *idle);

#endif
