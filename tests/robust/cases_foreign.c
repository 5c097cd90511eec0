/*
 * Hostile cases: wlr-foreign-toplevel-management (decision 4.84). A taskbar's requests on
 * handles of windows that went, a bad rectangle, a manager stopped twice over, and many
 * managers while windows come and go.
 */
#include <stdbool.h>
#include <stdio.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

struct taskbar {
	struct zwlr_foreign_toplevel_handle_v1 *last;
	int toplevels, closed, done;
	bool finished;
};

static void
handle_title(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, const char *title)
{
}

static void
handle_app_id(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, const char *app_id)
{
}

static void
handle_output(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_output *output)
{
}

static void
handle_state(void *data, struct zwlr_foreign_toplevel_handle_v1 *h, struct wl_array *state)
{
}

static void
handle_done(void *data, struct zwlr_foreign_toplevel_handle_v1 *h)
{
	((struct taskbar *)data)->done++;
}

static void
handle_closed(void *data, struct zwlr_foreign_toplevel_handle_v1 *h)
{
	((struct taskbar *)data)->closed++;
}

static void
handle_parent(void *data, struct zwlr_foreign_toplevel_handle_v1 *h,
	struct zwlr_foreign_toplevel_handle_v1 *parent)
{
}

static const struct zwlr_foreign_toplevel_handle_v1_listener handle_listener = {
	.title = handle_title,
	.app_id = handle_app_id,
	.output_enter = handle_output,
	.output_leave = handle_output,
	.state = handle_state,
	.done = handle_done,
	.closed = handle_closed,
	.parent = handle_parent,
};

static void
manager_toplevel(void *data, struct zwlr_foreign_toplevel_manager_v1 *m,
	struct zwlr_foreign_toplevel_handle_v1 *h)
{
	struct taskbar *t = data;
	t->toplevels++;
	t->last = h;
	zwlr_foreign_toplevel_handle_v1_add_listener(h, &handle_listener, t);
}

static void
manager_finished(void *data, struct zwlr_foreign_toplevel_manager_v1 *m)
{
	((struct taskbar *)data)->finished = true;
}

static const struct zwlr_foreign_toplevel_manager_v1_listener manager_listener = {
	.toplevel = manager_toplevel,
	.finished = manager_finished,
};

static bool
need_manager(struct conn *c, struct taskbar *t)
{
	if (!c->foreign_toplevels) {
		printf("  zwlr_foreign_toplevel_manager_v1 is not offered to this client\n");
		return false;
	}
	zwlr_foreign_toplevel_manager_v1_add_listener(c->foreign_toplevels, &manager_listener, t);
	return true;
}

/*
 * Another client's window listed, then gone: the handle gets closed, and every request on it
 * after (activate, close, fullscreen, states) is ignored.
 */
static bool
requests_after_closed(struct conn *c)
{
	struct taskbar t = {0};
	struct conn *other = conn_open_mapped();
	if (!other || !need_manager(c, &t) || pw_client_roundtrip(&c->tc, 5000) != 1) {
		conn_close(other);
		return false;
	}
	int listed = t.toplevels;
	struct zwlr_foreign_toplevel_handle_v1 *h = t.last;
	conn_close(other);
	for (int i = 0; i < 50 && t.closed == 0; i++) {
		if (pw_client_dispatch_until(&c->tc, &t.finished, 20) < 0) {
			break;
		}
	}
	zwlr_foreign_toplevel_handle_v1_activate(h, c->tc.seat);
	zwlr_foreign_toplevel_handle_v1_close(h);
	zwlr_foreign_toplevel_handle_v1_set_fullscreen(h, NULL);
	zwlr_foreign_toplevel_handle_v1_unset_fullscreen(h);
	zwlr_foreign_toplevel_handle_v1_set_maximized(h);
	zwlr_foreign_toplevel_handle_v1_set_minimized(h);
	zwlr_foreign_toplevel_handle_v1_destroy(h);
	bool ok = pw_client_roundtrip(&c->tc, 5000) == 1;
	printf("  %d windows listed, %d closed; requests on the closed handle ignored\n", listed,
		t.closed);
	return ok && listed >= 1 && t.closed == 1;
}

/* set_rectangle with a negative size: invalid_rectangle. */
static bool
negative_rectangle(struct conn *c)
{
	struct taskbar t = {0};
	if (!need_manager(c, &t) || !conn_map(c, false) || pw_client_roundtrip(&c->tc, 5000) != 1 ||
		!t.last) {
		return false;
	}
	zwlr_foreign_toplevel_handle_v1_set_rectangle(t.last, c->top.surface, 0, 0, -1, 10);
	return true;
}

/* stop, then requests on the handles it listed: finished, and the handles inert. */
static bool
stop_then_use(struct conn *c)
{
	struct taskbar t = {0};
	if (!need_manager(c, &t) || !conn_map(c, false) || pw_client_roundtrip(&c->tc, 5000) != 1 ||
		!t.last) {
		return false;
	}
	zwlr_foreign_toplevel_manager_v1_stop(c->foreign_toplevels);
	if (pw_client_dispatch_until(&c->tc, &t.finished, 5000) != 1) {
		return false;
	}
	c->foreign_toplevels = NULL; /* the server destroyed it with finished */
	zwlr_foreign_toplevel_handle_v1_close(t.last);
	zwlr_foreign_toplevel_handle_v1_activate(t.last, c->tc.seat);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static const struct rcase cases[] = {
	{"foreign-toplevel-requests-after-closed", requests_after_closed, EXPECT_NONE},
	{"foreign-toplevel-negative-rectangle", negative_rectangle, EXPECT_ERROR,
		"zwlr_foreign_toplevel_handle_v1",
		ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_ERROR_INVALID_RECTANGLE},
	{"foreign-toplevel-stop-then-use", stop_then_use, EXPECT_NONE},
};

const struct group foreign_toplevel_group = {"foreign-toplevel", cases, N(cases), NULL};
