/*
 * xdg_activation_v1 (issue 16): a token passes the focus once, from a focused client or a
 * launch to another client's window; stale, reused, unfocused and garbage tokens do nothing;
 * already_used after a commit. A second connection plays the window a token is given to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases.h"
#include "cases_focus.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void
token_done(void *data, struct xdg_activation_token_v1 *token, const char *name)
{
	struct watch *w = data;
	snprintf(w->token, sizeof(w->token), "%s", name);
	w->token_done = true;
	w->tokens++;
}

static const struct xdg_activation_token_v1_listener token_listener = {.done = token_done};

static bool
get_token(struct conn *c, struct watch *w, bool with_serial, uint32_t serial)
{
	struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_add_listener(t, &token_listener, w);
	if (with_serial) {
		xdg_activation_token_v1_set_serial(t, serial, c->tc.seat);
	}
	xdg_activation_token_v1_set_app_id(t, "robust-cases");
	xdg_activation_token_v1_set_surface(t, c->top.surface);
	w->token_done = false;
	xdg_activation_token_v1_commit(t);
	bool ok = pw_client_dispatch_until(&c->tc, &w->token_done, 5000) == 1;
	xdg_activation_token_v1_destroy(t);
	if (!ok) {
		printf("  no done event for the token\n");
	}
	return ok;
}

/* ---- xdg_activation_v1 ---- */

enum pass { PASS_FRESH, PASS_STALE, PASS_LAUNCH };

/* The token a program picowl starts finds in its environment (picowl-ctl spawn). */
static bool
launch_token(struct conn *c, struct watch *w)
{
	char path[256], script[400];
	snprintf(path, sizeof(path), "%s/robust-launch-token-%d",
		getenv("XDG_RUNTIME_DIR") ? getenv("XDG_RUNTIME_DIR") : "/tmp", (int)getpid());
	unlink(path);
	int n = snprintf(script, sizeof(script),
		"sh%c-c%cprintf %%s \"$XDG_ACTIVATION_TOKEN\" > %s.new && mv %s.new %s", 0, 0, path,
		path, path);
	struct wl_array argv = {.size = (size_t)n + 1, .alloc = 0, .data = script};
	picowl_control_v1_spawn(c->control, 0, &argv);
	FILE *f = NULL;
	for (int i = 0; i < 100 && !f; i++) {
		pw_client_roundtrip(&c->tc, 100);
		usleep(50 * 1000);
		f = fopen(path, "r");
	}
	if (!f) {
		printf("  the spawned program wrote no token\n");
		return false;
	}
	bool ok = fgets(w->token, sizeof(w->token), f) != NULL && strlen(w->token) == 32;
	fclose(f);
	unlink(path);
	if (!ok) {
		printf("  XDG_ACTIVATION_TOKEN of a launch: \"%s\", not 32 characters\n", w->token);
	}
	return ok;
}

/*
 * A (this connection) is focused and makes a token; B maps and takes the focus; the focus
 * goes back to A; B activates its toplevel with the token: B has the focus. The same token
 * again does nothing. PASS_STALE waits 10.5 s first: nothing. PASS_LAUNCH takes a launch's
 * token instead of A's.
 */
static bool
pass_focus(struct conn *a, enum pass how)
{
	struct watch *wa = &watches[0], *wb = &watches[1];
	struct conn *b = conn_open();
	bool ok = false;
	if (!b || !a->activation || !b->activation) {
		printf("  no xdg_activation_v1\n");
		goto out;
	}
	if (!map_watched(a, wa, "robust-act-a", false)) {
		goto out;
	}
	char token[TOKEN_MAX];
	if (how == PASS_LAUNCH ? !launch_token(a, wa) : !get_token(a, wa, false, 0)) {
		goto out;
	}
	snprintf(token, sizeof(token), "%s", wa->token);
	if (!map_watched(b, wb, "robust-act-b", false) || !focus_own_tile(a, wa) ||
		focused(b, wb)) {
		printf("  B still focused after the focus went back to A\n");
		goto out;
	}
	if (how == PASS_STALE) {
		usleep(10500 * 1000);
	}
	xdg_activation_v1_activate(b->activation, token, b->top.surface);
	bool got = focused(b, wb);
	if (got != (how != PASS_STALE)) {
		printf("  %s token: B %s the focus\n", how == PASS_STALE ? "a stale" : "a good",
			got ? "took" : "did not take");
		goto out;
	}
	if (how == PASS_STALE) {
		ok = true;
		goto out;
	}
	if (!focus_own_tile(a, wa)) {
		goto out;
	}
	xdg_activation_v1_activate(b->activation, token, b->top.surface);
	if (focused(b, wb)) {
		printf("  a token used twice: B took the focus again\n");
		goto out;
	}
	/* B, not focused and citing a serial of nothing, makes tokens that do nothing */
	if (!get_token(b, wb, false, 0)) {
		goto out;
	}
	snprintf(token, sizeof(token), "%s", wb->token);
	if (!get_token(b, wb, true, wb->pointer.enter_serial + 77)) {
		goto out;
	}
	xdg_activation_v1_activate(b->activation, token, b->top.surface);
	xdg_activation_v1_activate(b->activation, wb->token, b->top.surface);
	if (focused(b, wb)) {
		printf("  a token of an unfocused client gave B the focus\n");
		goto out;
	}
	ok = focused(a, wa);
	if (!ok) {
		printf("  A lost the focus\n");
	}
out:
	conn_close(b);
	return ok;
}

static bool
act_fresh(struct conn *c)
{
	return pass_focus(c, PASS_FRESH);
}

static bool
act_stale(struct conn *c)
{
	return pass_focus(c, PASS_STALE);
}

static bool
act_launch(struct conn *c)
{
	return pass_focus(c, PASS_LAUNCH);
}

/* Garbage tokens, and a good token on a surface of no window: nothing moves, nothing breaks. */
static bool
act_garbage(struct conn *c)
{
	struct watch *w = &watches[0];
	if (!c->activation || !map_watched(c, w, "robust-act-garbage", false) ||
		!get_token(c, w, false, 0)) {
		return false;
	}
	static char long_token[4000];
	memset(long_token, 'f', sizeof(long_token) - 1);
	const char *garbage[] = {"", "invalid", "\xff\xfe\x01", long_token, "0123456789abcdef"};
	struct wl_surface *plain = wl_compositor_create_surface(c->tc.compositor);
	for (size_t i = 0; i < N(garbage); i++) {
		xdg_activation_v1_activate(c->activation, garbage[i], plain);
		xdg_activation_v1_activate(c->activation, garbage[i], c->top.surface);
	}
	xdg_activation_v1_activate(c->activation, w->token, plain);
	xdg_activation_v1_activate(c->activation, w->token, c->top.surface);
	wl_surface_destroy(plain);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

/* 10,000 tokens of a focused client (picowl keeps a few), each then activated. */
static bool
act_many(struct conn *c)
{
	struct watch *w = &watches[0];
	if (!c->activation || !map_watched(c, w, "robust-act-many", false)) {
		return false;
	}
	static char names[64][TOKEN_MAX];
	struct xdg_activation_token_v1 *batch[100];
	for (int i = 0; i < 10000; i++) {
		struct xdg_activation_token_v1 *t =
			xdg_activation_v1_get_activation_token(c->activation);
		xdg_activation_token_v1_add_listener(t, &token_listener, w);
		xdg_activation_token_v1_set_serial(t, (uint32_t)i, c->tc.seat);
		xdg_activation_token_v1_set_app_id(t, "many");
		xdg_activation_token_v1_commit(t);
		batch[i % 100] = t;
		if (i % 100 < 99) {
			continue;
		}
		/* the done events first: a destroyed proxy's are dropped */
		if (pw_client_roundtrip(&c->tc, 5000) != 1) {
			printf("  no answer after %d tokens\n", i + 1);
			return false;
		}
		for (int k = 0; k < 100; k++) {
			xdg_activation_token_v1_destroy(batch[k]);
		}
		snprintf(names[(i / 100) % 64], TOKEN_MAX, "%s", w->token);
	}
	if (w->tokens != 10000) {
		printf("  %d done events for 10000 tokens\n", w->tokens);
		return false;
	}
	for (int i = 0; i < 64; i++) {
		xdg_activation_v1_activate(c->activation, names[i], c->top.surface);
	}
	return focused(c, w);
}

static bool
token_commit_twice(struct conn *c)
{
	if (!c->activation) {
		printf("  no xdg_activation_v1\n");
		return false;
	}
	struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_commit(t);
	xdg_activation_token_v1_commit(t);
	return true;
}

static bool
token_serial_after_commit(struct conn *c)
{
	if (!c->activation) {
		printf("  no xdg_activation_v1\n");
		return false;
	}
	struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_commit(t);
	xdg_activation_token_v1_set_serial(t, 1, c->tc.seat);
	return true;
}

static bool
token_app_id_after_commit(struct conn *c)
{
	if (!c->activation) {
		printf("  no xdg_activation_v1\n");
		return false;
	}
	struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_commit(t);
	xdg_activation_token_v1_set_app_id(t, "late");
	return true;
}

static bool
token_surface_after_commit(struct conn *c)
{
	if (!c->activation) {
		printf("  no xdg_activation_v1\n");
		return false;
	}
	struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_commit(t);
	xdg_activation_token_v1_set_surface(t, wl_compositor_create_surface(c->tc.compositor));
	return true;
}

/* The token of a released wl_seat's serial, and a token destroyed unanswered. */
static bool
token_odd(struct conn *c)
{
	if (!c->activation) {
		printf("  no xdg_activation_v1\n");
		return false;
	}
	struct xdg_activation_token_v1 *t = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_destroy(t);
	t = xdg_activation_v1_get_activation_token(c->activation);
	xdg_activation_token_v1_set_serial(t, 1, c->tc.seat);
	wl_seat_release(c->tc.seat);
	c->tc.seat = NULL;
	xdg_activation_token_v1_commit(t);
	xdg_activation_v1_destroy(c->activation);
	c->activation = NULL;
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

#define ALREADY_USED "xdg_activation_token_v1", XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED

static const struct rcase activation_cases[] = {
	{"activation-token-passes-the-focus", act_fresh, EXPECT_NONE},
	{"activation-launch-token-passes-the-focus", act_launch, EXPECT_NONE},
	{"activation-stale-token-does-nothing", act_stale, EXPECT_NONE},
	{"activation-garbage-tokens", act_garbage, EXPECT_NONE},
	{"activation-10000-tokens", act_many, EXPECT_NONE},
	{"activation-token-committed-twice", token_commit_twice, EXPECT_ERROR, ALREADY_USED},
	{"activation-token-set-serial-after-commit", token_serial_after_commit, EXPECT_ERROR,
		ALREADY_USED},
	{"activation-token-set-app-id-after-commit", token_app_id_after_commit, EXPECT_ERROR,
		ALREADY_USED},
	{"activation-token-set-surface-after-commit", token_surface_after_commit, EXPECT_ERROR,
		ALREADY_USED},
	{"activation-token-of-a-released-seat", token_odd, EXPECT_NONE},
};

const struct group activation_group = {"activation", activation_cases, N(activation_cases)};
