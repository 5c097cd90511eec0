/*
 * Hostile cases: zwp_text_input_manager_v3 and zwp_input_method_manager_v2 (private). The
 * managers' requests with bad arguments are the wire group's (one per global); these go past
 * the managers: a second input method, requests on an inactive one, popup role misuse, values
 * outside the enums (text-input-v3 defines no error: they are dropped), the longest strings a
 * message holds, and bursts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Longer than this the message passes libwayland's 4096-byte limit. */
#define LONG_STRING 4000

static void
handle_im_activate(void *data, struct zwp_input_method_v2 *im)
{
}

static void
handle_im_deactivate(void *data, struct zwp_input_method_v2 *im)
{
}

static void
handle_im_surrounding(void *data, struct zwp_input_method_v2 *im, const char *text, uint32_t cursor,
	uint32_t anchor)
{
}

static void
handle_im_cause(void *data, struct zwp_input_method_v2 *im, uint32_t cause)
{
}

static void
handle_im_content(void *data, struct zwp_input_method_v2 *im, uint32_t hint, uint32_t purpose)
{
}

static void
handle_im_done(void *data, struct zwp_input_method_v2 *im)
{
	((struct conn *)data)->serial++;
}

static void
handle_im_unavailable(void *data, struct zwp_input_method_v2 *im)
{
	((struct conn *)data)->events++;
}

static const struct zwp_input_method_v2_listener im_listener = {
	.activate = handle_im_activate,
	.deactivate = handle_im_deactivate,
	.surrounding_text = handle_im_surrounding,
	.text_change_cause = handle_im_cause,
	.content_type = handle_im_content,
	.done = handle_im_done,
	.unavailable = handle_im_unavailable,
};

static struct zwp_input_method_v2 *
get_im(struct conn *c)
{
	if (!c->input_method_manager) {
		printf("  zwp_input_method_manager_v2 is not offered\n");
		return NULL;
	}
	struct zwp_input_method_v2 *im =
		zwp_input_method_manager_v2_get_input_method(c->input_method_manager, c->tc.seat);
	zwp_input_method_v2_add_listener(im, &im_listener, c);
	return im;
}

static struct zwp_text_input_v3 *
get_ti(struct conn *c)
{
	if (!c->text_input_manager) {
		printf("  zwp_text_input_manager_v3 is not offered\n");
		return NULL;
	}
	return zwp_text_input_manager_v3_get_text_input(c->text_input_manager, c->tc.seat);
}

static char *
long_string(void)
{
	char *s = malloc(LONG_STRING + 1);

	if (s) {
		memset(s, 'x', LONG_STRING);
		s[LONG_STRING] = '\0';
	}
	return s;
}

/* The second method on the seat hears unavailable and nothing else; the first keeps working. */
static bool
im_second(struct conn *c)
{
	struct zwp_input_method_v2 *first = get_im(c);
	if (!first) {
		return false;
	}
	get_im(c);
	if (!conn_wait_events(c, 1, 5000)) {
		printf("  the second input method got no unavailable\n");
		return false;
	}
	zwp_input_method_v2_commit_string(first, "still here");
	zwp_input_method_v2_commit(first, c->serial);
	return true;
}

/* Another connection's method is there first: this one is unavailable, its requests ignored. */
static bool
im_inactive_requests(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	if (!im) {
		return false;
	}
	for (int i = 0; i < 3; i++) {
		zwp_input_method_v2_commit_string(im, "nobody reads this");
		zwp_input_method_v2_set_preedit_string(im, "pre", -1, 99);
		zwp_input_method_v2_delete_surrounding_text(im, UINT32_MAX, UINT32_MAX);
		zwp_input_method_v2_commit(im, 12345);
	}
	struct zwp_input_method_keyboard_grab_v2 *g = zwp_input_method_v2_grab_keyboard(im);
	zwp_input_method_keyboard_grab_v2_release(g);
	zwp_input_method_v2_destroy(im);
	/* a fresh one may be the seat's now */
	im = get_im(c);
	zwp_input_method_v2_commit(im, 0);
	return true;
}

/* Commits with serials the method has not seen (stale, future, huge): accepted, no effect. */
static bool
im_bad_serials(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	if (!im) {
		return false;
	}
	const uint32_t serials[] = {1, 2, 0x7fffffff, UINT32_MAX};
	for (size_t i = 0; i < N(serials); i++) {
		zwp_input_method_v2_commit_string(im, "s");
		zwp_input_method_v2_commit(im, serials[i]);
	}
	return true;
}

static bool
im_long_strings(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	char *s = long_string();
	if (!im || !s) {
		free(s);
		return false;
	}
	zwp_input_method_v2_commit_string(im, s);
	zwp_input_method_v2_set_preedit_string(im, s, LONG_STRING, LONG_STRING);
	zwp_input_method_v2_commit(im, 0);
	free(s);
	return true;
}

/* A popup on a surface that is a toplevel already: the input method's role error. */
static bool
popup_on_toplevel(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	if (!im || !conn_map(c, false)) {
		return false;
	}
	zwp_input_method_v2_get_input_popup_surface(im, c->top.surface);
	return true;
}

/* Two popups on one surface. */
static bool
popup_twice(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	if (!im) {
		return false;
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	zwp_input_method_v2_get_input_popup_surface(im, s);
	zwp_input_method_v2_get_input_popup_surface(im, s);
	return true;
}

/* A popup surface given a toplevel role afterwards: xdg_wm_base's role error. */
static bool
popup_then_toplevel(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	if (!im) {
		return false;
	}
	struct wl_surface *s = wl_compositor_create_surface(c->tc.compositor);
	zwp_input_method_v2_get_input_popup_surface(im, s);
	struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(c->tc.wm_base, s);
	xdg_surface_get_toplevel(xs);
	return true;
}

/*
 * The wl_surface destroyed under its popup (the protocol forbids it, defines no error), a popup
 * of an unavailable method shown with a buffer, a popup outliving its method.
 */
static bool
popup_orphans(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	struct zwp_input_method_v2 *second = get_im(c);
	if (!im || !second) {
		return false;
	}
	struct wl_surface *s1 = wl_compositor_create_surface(c->tc.compositor);
	struct zwp_input_popup_surface_v2 *p1 = zwp_input_method_v2_get_input_popup_surface(im, s1);
	struct wl_buffer *b = pw_client_solid_buffer(&c->tc, 4000, 30, 0xff0000ffu);
	wl_surface_attach(s1, b, 0, 0);
	wl_surface_commit(s1);
	wl_surface_destroy(s1);
	struct wl_surface *s2 = wl_compositor_create_surface(c->tc.compositor);
	zwp_input_method_v2_get_input_popup_surface(second, s2);
	wl_surface_attach(s2, b, 0, 0);
	wl_surface_commit(s2);
	struct wl_surface *s3 = wl_compositor_create_surface(c->tc.compositor);
	zwp_input_method_v2_get_input_popup_surface(im, s3);
	zwp_input_method_v2_destroy(im);
	wl_surface_attach(s3, b, 0, 0);
	wl_surface_commit(s3);
	zwp_input_popup_surface_v2_destroy(p1);
	return true;
}

/* get_input_popup_surface naming no surface, then a null one: libwayland's invalid_method. */
static bool
popup_raw(struct conn *c, uint32_t surface)
{
	struct zwp_input_method_v2 *im = get_im(c);
	if (!im) {
		return false;
	}
	uint32_t args[2] = {raw_new_id(c, &zwp_input_popup_surface_v2_interface), surface};
	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)im),
		ZWP_INPUT_METHOD_V2_GET_INPUT_POPUP_SURFACE, args, 2);
}

static bool
popup_no_surface(struct conn *c)
{
	return popup_raw(c, 0x00fffff0u);
}

static bool
popup_null_surface(struct conn *c)
{
	return popup_raw(c, 0);
}

/* Two grabs of one method, released in the wrong order. */
static bool
grab_twice(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	if (!im) {
		return false;
	}
	struct zwp_input_method_keyboard_grab_v2 *g1 = zwp_input_method_v2_grab_keyboard(im);
	struct zwp_input_method_keyboard_grab_v2 *g2 = zwp_input_method_v2_grab_keyboard(im);
	zwp_input_method_keyboard_grab_v2_release(g1);
	zwp_input_method_v2_destroy(im);
	zwp_input_method_keyboard_grab_v2_release(g2);
	return true;
}

/* Every text-input request with values outside its enums or its text: dropped, no error. */
static bool
ti_bad_values(struct conn *c)
{
	struct zwp_text_input_v3 *ti = get_ti(c);
	if (!ti) {
		return false;
	}
	zwp_text_input_v3_enable(ti);
	zwp_text_input_v3_set_text_change_cause(ti, 99);
	zwp_text_input_v3_set_content_type(ti, UINT32_MAX, 999);
	zwp_text_input_v3_set_surrounding_text(ti, "abc", 10, -1);
	zwp_text_input_v3_set_cursor_rectangle(ti, INT32_MIN, INT32_MAX, -5, INT32_MAX);
	zwp_text_input_v3_set_cursor_rectangle(ti, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX);
	zwp_text_input_v3_commit(ti);
	zwp_text_input_v3_disable(ti);
	zwp_text_input_v3_disable(ti);
	zwp_text_input_v3_commit(ti);
	return true;
}

/*
 * The focused client's own text input with the seat's input method in one connection:
 * enabled, its state and the longest surrounding text, the cursor far off the output, then a
 * burst of enables, commits and method commits, the popup placed each time.
 */
static void
handle_ti_enter(void *data, struct zwp_text_input_v3 *ti, struct wl_surface *surface)
{
	((struct conn *)data)->events++;
}

static void
handle_ti_leave(void *data, struct zwp_text_input_v3 *ti, struct wl_surface *surface)
{
}

static void
handle_ti_preedit(void *data, struct zwp_text_input_v3 *ti, const char *text, int32_t begin,
	int32_t end)
{
}

static void
handle_ti_commit(void *data, struct zwp_text_input_v3 *ti, const char *text)
{
}

static void
handle_ti_delete(void *data, struct zwp_text_input_v3 *ti, uint32_t before, uint32_t after)
{
}

static void
handle_ti_done(void *data, struct zwp_text_input_v3 *ti, uint32_t serial)
{
}

static const struct zwp_text_input_v3_listener ti_listener = {
	.enter = handle_ti_enter,
	.leave = handle_ti_leave,
	.preedit_string = handle_ti_preedit,
	.commit_string = handle_ti_commit,
	.delete_surrounding_text = handle_ti_delete,
	.done = handle_ti_done,
};

static bool
ti_with_method_burst(struct conn *c)
{
	struct zwp_input_method_v2 *im = get_im(c);
	struct zwp_text_input_v3 *ti = get_ti(c);
	char *s = long_string();
	if (!im || !ti || !s) {
		free(s);
		return false;
	}
	zwp_text_input_v3_add_listener(ti, &ti_listener, c);
	if (!conn_map(c, false) || !conn_wait_events(c, 1, 5000)) {
		printf("  the text input was not entered on the focused toplevel\n");
		free(s);
		return false;
	}
	struct wl_surface *ps = wl_compositor_create_surface(c->tc.compositor);
	zwp_input_method_v2_get_input_popup_surface(im, ps);
	struct wl_buffer *b = pw_client_solid_buffer(&c->tc, 300, 400, 0xff0000ffu);
	wl_surface_attach(ps, b, 0, 0);
	wl_surface_commit(ps);
	for (int i = 0; i < 2000; i++) {
		zwp_text_input_v3_enable(ti);
		zwp_text_input_v3_set_surrounding_text(ti, i % 100 ? "abc" : s, 1, 2);
		zwp_text_input_v3_set_cursor_rectangle(ti, (i % 7) * 1000 - 3000, -i, 10, 10);
		zwp_text_input_v3_commit(ti);
		zwp_input_method_v2_commit_string(im, i % 100 ? "y" : s);
		zwp_input_method_v2_commit(im, c->serial);
		if (i % 3 == 0) {
			zwp_text_input_v3_disable(ti);
			zwp_text_input_v3_commit(ti);
		}
		/* read the events too: a client that never reads is the never-read case's */
		if (i % 50 == 49 && pw_client_roundtrip(&c->tc, 5000) < 0) {
			printf("  no answer to a roundtrip\n");
			free(s);
			return false;
		}
	}
	zwp_text_input_v3_destroy(ti);
	free(s);
	return true;
}

static const struct rcase ime_cases[] = {
	{"ime-second-input-method-unavailable", im_second, EXPECT_NONE},
	{"ime-requests-on-inactive-method", im_inactive_requests, EXPECT_NONE},
	{"ime-commit-bad-serials", im_bad_serials, EXPECT_NONE},
	{"ime-longest-strings", im_long_strings, EXPECT_NONE},
	{"ime-popup-on-toplevel", popup_on_toplevel, EXPECT_ERROR, "zwp_input_method_v2",
		ZWP_INPUT_METHOD_V2_ERROR_ROLE},
	{"ime-popup-twice-on-surface", popup_twice, EXPECT_ERROR, "zwp_input_method_v2",
		ZWP_INPUT_METHOD_V2_ERROR_ROLE},
	{"ime-popup-then-toplevel", popup_then_toplevel, EXPECT_ERROR, "xdg_wm_base",
		XDG_WM_BASE_ERROR_ROLE},
	{"ime-popup-orphans", popup_orphans, EXPECT_NONE},
	{"ime-popup-surface-missing", popup_no_surface, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"ime-popup-surface-null", popup_null_surface, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"ime-grab-twice", grab_twice, EXPECT_NONE},
	{"ime-text-input-bad-values", ti_bad_values, EXPECT_NONE},
	{"ime-text-input-with-method-burst", ti_with_method_burst, EXPECT_NONE},
};

const struct group ime_group = {"ime", ime_cases, N(ime_cases)};
