/*
 * Idle time: the seat reports every input (pw_idle_activity), watchers ask to be told after so
 * many milliseconds without any. One timer serves every watcher and is armed only while some
 * watcher still waits: once all have fired (the screen blank), nothing wakes picowl. Built-in
 * dimming and blanking are watchers (power.c), and so is every ext_idle_notification_v1
 * (idle_notify.c). An idle inhibitor that is shown (shell/idle_inhibit.c) holds the count.
 */
#ifndef PW_IDLE_H
#define PW_IDLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_idle;
struct pw_server;

struct pw_idle_watch {
	int64_t timeout_ms; /* 0: never fires */
	/* After timeout_ms without input. */
	void (*idle)(struct pw_idle_watch *watch);
	/* Optional: the first input after `idle`. */
	void (*resumed)(struct pw_idle_watch *watch);
	/* Owned by idle.c. */
	bool fired;
	int64_t since_ns; /* added or updated: counts from here or the last input, the later */
	int64_t key_ns; /* waiting: a due time no later than the real one */
	size_t slot; /* waiting: index in the heap; else (size_t)-1 */
	struct wl_list link; /* fired: in the fired list */
};

/* NULL when out of memory. */
struct pw_idle *pw_idle_create(struct wl_event_loop *loop);
/* Accepts NULL. Watchers must be removed first. */
void pw_idle_destroy(struct pw_idle *idle);

/*
 * Starts counting for `watch` from now; its timeout may be changed with _update. False when
 * out of memory (the watch is not added). Costs O(log n) in the watches, as do the others.
 */
bool pw_idle_add(struct pw_idle *idle, struct pw_idle_watch *watch);
void pw_idle_remove(struct pw_idle *idle, struct pw_idle_watch *watch);
/* watch->timeout_ms changed: every watch counts again from now. */
void pw_idle_update(struct pw_idle *idle, struct pw_idle_watch *watch);

/* Counts `watch` as fired without calling it: it waits for the next input. */
void pw_idle_set_fired(struct pw_idle *idle, struct pw_idle_watch *watch);

/*
 * An input event: every watcher counts from now, and those that had fired are resumed. Costs
 * a clock read when none had fired; the timer is only touched when it was not armed.
 */
void pw_idle_activity(struct pw_idle *idle);

/*
 * Held (a visible idle inhibitor): no watch fires, the timer is disarmed; input still resumes
 * the watches that had fired. Released: every watch counts from now.
 */
void pw_idle_set_inhibited(struct pw_idle *idle, bool inhibited);
bool pw_idle_inhibited(const struct pw_idle *idle);

#endif
