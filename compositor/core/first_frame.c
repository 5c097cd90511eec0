/*
 * Work that waits for the first frame: see first_frame.h.
 */
#include "first_frame.h"

#include <stdlib.h>
#include <wayland-server-core.h>

#include "output.h"
#include "server.h"

struct pw_after_frame {
	void (*fn)(void *data);
	void *data;
	struct pw_after_frame **pending;
	struct wl_event_loop *loop;
	struct wl_listener frame;
	struct wl_listener destroy;
	struct wl_event_source *timer, *idle;
};

static void
finish(struct pw_after_frame *a, bool run)
{
	wl_list_remove(&a->frame.link);
	wl_list_remove(&a->destroy.link);
	wl_event_source_remove(a->timer);
	if (a->idle) {
		wl_event_source_remove(a->idle);
	}
	if (a->pending) {
		*a->pending = NULL;
	}
	void (*fn)(void *data) = a->fn;
	void *data = a->data;
	free(a);
	if (run) {
		fn(data);
	}
}

static void
handle_idle(void *data)
{
	struct pw_after_frame *a = data;
	a->idle = NULL; /* removed by the loop after this call */
	finish(a, true);
}

/* The repaint has composited; the idle runs once it has presented too. */
static void
handle_frame(struct wl_listener *listener, void *data)
{
	struct pw_after_frame *a = wl_container_of(listener, a, frame);
	if (!a->idle) {
		a->idle = wl_event_loop_add_idle(a->loop, handle_idle, a);
	}
}

static int
handle_timer(void *data)
{
	finish(data, true);
	return 0;
}

static void
handle_destroy(struct wl_listener *listener, void *data)
{
	struct pw_after_frame *a = wl_container_of(listener, a, destroy);
	finish(a, false);
}

bool
pw_after_first_frame(struct pw_server *server, int bound_ms, void (*fn)(void *data), void *data,
	struct pw_after_frame **pending)
{
	if (pending) {
		*pending = NULL;
	}
	struct pw_after_frame *a = server->output ? calloc(1, sizeof(*a)) : NULL;
	if (a) {
		a->timer = wl_event_loop_add_timer(server->loop, handle_timer, a);
	}
	if (!a || !a->timer || wl_event_source_timer_update(a->timer, bound_ms) < 0) {
		if (a && a->timer) {
			wl_event_source_remove(a->timer);
		}
		free(a);
		fn(data);
		return false;
	}
	a->fn = fn;
	a->data = data;
	a->pending = pending;
	if (pending) {
		*pending = a;
	}
	a->loop = server->loop;
	a->frame.notify = handle_frame;
	wl_signal_add(&server->output->events.frame, &a->frame);
	a->destroy.notify = handle_destroy;
	wl_signal_add(&server->output->events.destroy, &a->destroy);
	return true;
}

void
pw_after_first_frame_cancel(struct pw_after_frame **pending)
{
	if (*pending) {
		finish(*pending, false);
	}
}
