/*
 * The timer is not moved on every input (a timerfd_settime per key and per motion event):
 * input only records its time, and when the timer fires early it is armed again for what is
 * left. So a typist costs one extra wakeup per timeout, and a blank screen none.
 */
#include "idle.h"

#include <stdlib.h>

#include "clock.h"

struct pw_idle {
	struct wl_event_source *timer;
	struct wl_list watches; /* pw_idle_watch.link */
	int64_t last_input_ns;
	bool armed;
};

static void
arm(struct pw_idle *idle, int64_t now)
{
	int64_t next = -1;
	struct pw_idle_watch *w;
	wl_list_for_each(w, &idle->watches, link) {
		if (!w->fired && w->timeout_ms > 0) {
			int64_t due = idle->last_input_ns + (int64_t)w->timeout_ms * 1000000;
			if (next < 0 || due < next) {
				next = due;
			}
		}
	}
	if (next < 0) {
		if (idle->armed) {
			wl_event_source_timer_update(idle->timer, 0);
			idle->armed = false;
		}
		return;
	}
	int64_t ms = next > now ? (next - now + 999999) / 1000000 : 1;
	wl_event_source_timer_update(idle->timer, ms > 0x7fffffff ? 0x7fffffff : (int)ms);
	idle->armed = true;
}

static int
handle_timer(void *data)
{
	struct pw_idle *idle = data;
	idle->armed = false;
	int64_t now = pw_now_ns();
	struct pw_idle_watch *w, *tmp;
	wl_list_for_each_safe(w, tmp, &idle->watches, link) {
		if (!w->fired && w->timeout_ms > 0 &&
			now - idle->last_input_ns >= (int64_t)w->timeout_ms * 1000000) {
			w->fired = true;
			w->idle(w);
		}
	}
	if (!idle->armed) {
		arm(idle, now);
	}
	return 0;
}

struct pw_idle *
pw_idle_create(struct wl_event_loop *loop)
{
	struct pw_idle *idle = calloc(1, sizeof(*idle));
	if (!idle) {
		return NULL;
	}
	idle->timer = wl_event_loop_add_timer(loop, handle_timer, idle);
	if (!idle->timer) {
		free(idle);
		return NULL;
	}
	wl_list_init(&idle->watches);
	idle->last_input_ns = pw_now_ns();
	return idle;
}

void
pw_idle_destroy(struct pw_idle *idle)
{
	if (idle) {
		wl_event_source_remove(idle->timer);
		free(idle);
	}
}

void
pw_idle_add(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	watch->fired = false;
	wl_list_insert(&idle->watches, &watch->link);
	arm(idle, pw_now_ns());
}

void
pw_idle_remove(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	wl_list_remove(&watch->link);
	wl_list_init(&watch->link);
	arm(idle, pw_now_ns());
}

void
pw_idle_update(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	int64_t now = pw_now_ns();
	watch->fired = false;
	idle->last_input_ns = now;
	arm(idle, now);
}

void
pw_idle_set_fired(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	watch->fired = true;
	arm(idle, pw_now_ns());
}

void
pw_idle_activity(struct pw_idle *idle)
{
	int64_t now = pw_now_ns();
	idle->last_input_ns = now;
	bool resumed = false;
	struct pw_idle_watch *w, *tmp;
	wl_list_for_each_safe(w, tmp, &idle->watches, link) {
		if (w->fired) {
			w->fired = false;
			resumed = true;
			if (w->resumed) {
				w->resumed(w);
			}
		}
	}
	if (!idle->armed || resumed) {
		arm(idle, now);
	}
}
