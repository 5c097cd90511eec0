/*
 * The timer is not moved on every input (a timerfd_settime per key and per motion event):
 * input only records its time, and when the timer fires early it is armed again for what is
 * left. So a typist costs one extra wakeup per timeout, and a blank screen none.
 *
 * The watches that wait are a binary min-heap on a lower bound of their due time (key_ns): a
 * watch's real due time only moves later as input comes, so the timer is armed for the top,
 * and a top that turns out early is given its real due time and sifted down. n idle
 * notifications cost O(log n) per request and per firing, input nothing more than a clock read
 * until some watch has fired (decision 4.38).
 */
#include "idle.h"

#include <stdlib.h>

#include "clock.h"

#define IDLE_NOT_WAITING ((size_t)-1)

struct pw_idle {
	struct wl_event_source *timer;
	struct pw_idle_watch **heap; /* waiting watches, by key_ns */
	size_t n_heap, cap; /* cap: room for every watch added, so nothing else allocates */
	size_t n_watches;
	struct wl_list fired; /* pw_idle_watch.link */
	int64_t last_input_ns;
	int64_t armed_ns; /* when the timer fires; 0: disarmed */
	bool inhibited;
};

static int64_t
due_ns(const struct pw_idle *idle, const struct pw_idle_watch *w)
{
	int64_t from = w->since_ns > idle->last_input_ns ? w->since_ns : idle->last_input_ns;
	return from + w->timeout_ms * 1000000;
}

static void
place(struct pw_idle *idle, size_t i, struct pw_idle_watch *w)
{
	idle->heap[i] = w;
	w->slot = i;
}

static void
sift_up(struct pw_idle *idle, size_t i)
{
	struct pw_idle_watch *w = idle->heap[i];
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		if (idle->heap[parent]->key_ns <= w->key_ns) {
			break;
		}
		place(idle, i, idle->heap[parent]);
		i = parent;
	}
	place(idle, i, w);
}

static void
sift_down(struct pw_idle *idle, size_t i)
{
	struct pw_idle_watch *w = idle->heap[i];
	for (;;) {
		size_t child = 2 * i + 1;
		if (child >= idle->n_heap) {
			break;
		}
		if (child + 1 < idle->n_heap &&
			idle->heap[child + 1]->key_ns < idle->heap[child]->key_ns) {
			child++;
		}
		if (idle->heap[child]->key_ns >= w->key_ns) {
			break;
		}
		place(idle, i, idle->heap[child]);
		i = child;
	}
	place(idle, i, w);
}

static void
heap_push(struct pw_idle *idle, struct pw_idle_watch *w, int64_t key_ns)
{
	w->key_ns = key_ns;
	place(idle, idle->n_heap++, w);
	sift_up(idle, w->slot);
}

static void
heap_remove(struct pw_idle *idle, struct pw_idle_watch *w)
{
	size_t i = w->slot;
	w->slot = IDLE_NOT_WAITING;
	struct pw_idle_watch *last = idle->heap[--idle->n_heap];
	if (last == w) {
		return;
	}
	place(idle, i, last);
	sift_up(idle, i);
	sift_down(idle, last->slot);
}

/* Waits again (not fired), counting from since_ns or the last input. */
static void
wait_again(struct pw_idle *idle, struct pw_idle_watch *w)
{
	if (w->fired) {
		w->fired = false;
		wl_list_remove(&w->link);
		wl_list_init(&w->link);
	}
	if (w->slot != IDLE_NOT_WAITING) {
		heap_remove(idle, w);
	}
	if (w->timeout_ms > 0) {
		heap_push(idle, w, due_ns(idle, w));
	}
}

static void
arm(struct pw_idle *idle, int64_t now)
{
	if (idle->inhibited || idle->n_heap == 0) {
		if (idle->armed_ns) {
			wl_event_source_timer_update(idle->timer, 0);
			idle->armed_ns = 0;
		}
		return;
	}
	int64_t next = idle->heap[0]->key_ns;
	if (idle->armed_ns && idle->armed_ns <= next && idle->armed_ns > now) {
		return; /* fires no later than needed; early is handled there */
	}
	int64_t ms = next > now ? (next - now + 999999) / 1000000 : 1;
	if (ms > 0x7fffffff) {
		ms = 0x7fffffff;
	}
	wl_event_source_timer_update(idle->timer, (int)ms);
	idle->armed_ns = now + ms * 1000000;
}

static int
handle_timer(void *data)
{
	struct pw_idle *idle = data;
	idle->armed_ns = 0;
	int64_t now = pw_now_ns();
	while (!idle->inhibited && idle->n_heap > 0 && idle->heap[0]->key_ns <= now) {
		struct pw_idle_watch *w = idle->heap[0];
		int64_t due = due_ns(idle, w);
		if (due > now) {
			w->key_ns = due;
			sift_down(idle, 0);
			continue;
		}
		heap_remove(idle, w);
		w->fired = true;
		wl_list_insert(idle->fired.prev, &w->link);
		w->idle(w);
	}
	arm(idle, now);
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
	wl_list_init(&idle->fired);
	idle->last_input_ns = pw_now_ns();
	return idle;
}

void
pw_idle_destroy(struct pw_idle *idle)
{
	if (idle) {
		wl_event_source_remove(idle->timer);
		free(idle->heap);
		free(idle);
	}
}

bool
pw_idle_add(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	if (idle->n_watches == idle->cap) {
		size_t cap = idle->cap ? 2 * idle->cap : 8;
		struct pw_idle_watch **heap = realloc(idle->heap, cap * sizeof(*heap));
		if (!heap) {
			return false;
		}
		idle->heap = heap;
		idle->cap = cap;
	}
	idle->n_watches++;
	int64_t now = pw_now_ns();
	watch->fired = false;
	watch->since_ns = now;
	watch->slot = IDLE_NOT_WAITING;
	wl_list_init(&watch->link);
	wait_again(idle, watch);
	arm(idle, now);
	return true;
}

void
pw_idle_remove(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	if (watch->slot != IDLE_NOT_WAITING) {
		heap_remove(idle, watch);
	}
	wl_list_remove(&watch->link);
	wl_list_init(&watch->link);
	watch->fired = false;
	idle->n_watches--;
	/* A timer left armed for a removed watch fires once and finds nothing due. */
	if (idle->n_heap == 0) {
		arm(idle, pw_now_ns());
	}
}

void
pw_idle_update(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	int64_t now = pw_now_ns();
	idle->last_input_ns = now;
	watch->since_ns = now;
	wait_again(idle, watch);
	arm(idle, now);
}

void
pw_idle_set_fired(struct pw_idle *idle, struct pw_idle_watch *watch)
{
	if (watch->slot != IDLE_NOT_WAITING) {
		heap_remove(idle, watch);
	}
	if (!watch->fired) {
		watch->fired = true;
		wl_list_insert(idle->fired.prev, &watch->link);
	}
	arm(idle, pw_now_ns());
}

void
pw_idle_activity(struct pw_idle *idle)
{
	int64_t now = pw_now_ns();
	idle->last_input_ns = now;
	if (wl_list_empty(&idle->fired)) {
		if (!idle->armed_ns) {
			arm(idle, now);
		}
		return;
	}
	/* One at a time from the front: a resumed handler may remove other watches. */
	while (!wl_list_empty(&idle->fired)) {
		struct pw_idle_watch *w = wl_container_of(idle->fired.next, w, link);
		wait_again(idle, w);
		if (w->resumed) {
			w->resumed(w);
		}
	}
	arm(idle, now);
}

void
pw_idle_set_inhibited(struct pw_idle *idle, bool inhibited)
{
	if (idle->inhibited == inhibited) {
		return;
	}
	idle->inhibited = inhibited;
	int64_t now = pw_now_ns();
	if (!inhibited) {
		/* The protocol's meaning: idle time counts from the inhibitor's going. */
		idle->last_input_ns = now;
	}
	arm(idle, now);
}

bool
pw_idle_inhibited(const struct pw_idle *idle)
{
	return idle->inhibited;
}
