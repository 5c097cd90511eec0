/*
 * The vm tests' client: a toplevel of known colours, and a log of the input it receives.
 *
 *   vmclient STATE_FILE
 *
 * Fills its buffer magenta with a yellow top-left quarter (so a screendump shows the
 * rotation). On SIGUSR1 it paints a 32x32 cyan square in the middle and damages only that.
 * Every event is one line, "@@CLIENT ...", on stdout and appended to STATE_FILE:
 *   configured W H | drawn W H | partial | key CODE 1|0 | touch down|motion ID X Y |
 *   touch up ID | button CODE 1|0 | enter
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "client.h"

#define MAGENTA 0xffff00ffu
#define YELLOW 0xffffff00u
#define CYAN 0xff00ffffu
#define PATCH 32

struct app {
	struct tc_client tc;
	struct tc_toplevel top;
	struct wl_keyboard *keyboard;
	struct wl_touch *touch;
	/* buffers not yet released and frame callbacks not yet done, freed at exit */
	struct wl_proxy *inflight[16];
	int width, height; /* of the first configure, kept */
	bool configured, drawn;
	FILE *state;
};

#define INFLIGHT (sizeof(((struct app *)0)->inflight) / sizeof(struct wl_proxy *))

/* Swaps the slot holding OLD for NEW; swap_inflight(app, NULL, p) takes a free one. */
static bool
swap_inflight(struct app *app, void *old, void *new)
{
	for (size_t i = 0; i < INFLIGHT; i++) {
		if (app->inflight[i] == old) {
			app->inflight[i] = new;
			return true;
		}
	}
	return false;
}

static void
say(struct app *app, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	printf("@@CLIENT %s\n", line);
	fflush(stdout);
	fprintf(app->state, "%s\n", line);
	fflush(app->state);
}

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
	swap_inflight(data, buffer, NULL);
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = {.release = handle_buffer_release};

static struct wl_buffer *
make_buffer(struct app *app, bool patch)
{
	int w = app->width, h = app->height;
	struct tc_canvas cv;
	if (!tc_canvas_init(&cv, w, h)) {
		return NULL;
	}
	uint32_t *px = cv.pixels;
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			bool marker = x < w / 4 && y < h / 4;
			bool square = patch && x >= w / 2 - PATCH / 2 && x < w / 2 + PATCH / 2 &&
				y >= h / 2 - PATCH / 2 && y < h / 2 + PATCH / 2;
			px[y * w + x] = square ? CYAN : marker ? YELLOW : MAGENTA;
		}
	}
	struct wl_buffer *buffer = tc_canvas_finish(&cv, app->tc.shm);
	wl_buffer_add_listener(buffer, &buffer_listener, app);
	return buffer;
}

static void
handle_frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct app *app = data;
	swap_inflight(app, cb, NULL);
	wl_callback_destroy(cb);
	if (!app->drawn) {
		app->drawn = true;
		say(app, "drawn %d %d", app->width, app->height);
	} else {
		say(app, "partial");
	}
}

static const struct wl_callback_listener frame_listener = {.done = handle_frame_done};

static void
draw(struct app *app, bool patch)
{
	struct wl_buffer *buffer = make_buffer(app, patch);
	if (!buffer || !swap_inflight(app, NULL, buffer)) {
		say(app, "error no buffer");
		exit(1);
	}
	wl_surface_attach(app->top.surface, buffer, 0, 0);
	if (patch) {
		wl_surface_damage_buffer(app->top.surface, app->width / 2 - PATCH / 2,
			app->height / 2 - PATCH / 2, PATCH, PATCH);
	} else {
		wl_surface_damage_buffer(app->top.surface, 0, 0, INT32_MAX, INT32_MAX);
	}
	struct wl_callback *cb = wl_surface_frame(app->top.surface);
	wl_callback_add_listener(cb, &frame_listener, app);
	if (!swap_inflight(app, NULL, cb)) {
		say(app, "error too many frames in flight");
		exit(1);
	}
	wl_surface_commit(app->top.surface);
}

/* Draws at the first configure's size and keeps it. */
static void
handle_configure(struct tc_toplevel *top)
{
	struct app *app = top->data;
	if (!app->configured) {
		app->configured = true;
		app->width = top->width;
		app->height = top->height;
		say(app, "configured %d %d", app->width, app->height);
		draw(app, false);
	}
}

/* Keyboard: only enter and keys matter here. */
static void
kb_keymap(void *d, struct wl_keyboard *k, uint32_t f, int32_t fd, uint32_t s)
{
	close(fd);
}
static void
kb_enter(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *surf, struct wl_array *a)
{
	say(d, "enter");
}
static void
kb_leave(void *d, struct wl_keyboard *k, uint32_t s, struct wl_surface *surf)
{
}
static void
kb_key(void *d, struct wl_keyboard *k, uint32_t s, uint32_t t, uint32_t key, uint32_t state)
{
	say(d, "key %u %u", key, state);
}
static void
kb_mods(void *d, struct wl_keyboard *k, uint32_t s, uint32_t a, uint32_t b, uint32_t c, uint32_t g)
{
}
static void
kb_repeat(void *d, struct wl_keyboard *k, int32_t rate, int32_t delay)
{
}
static const struct wl_keyboard_listener keyboard_listener = {kb_keymap, kb_enter, kb_leave, kb_key,
	kb_mods, kb_repeat};

static void
touch_down(void *d, struct wl_touch *t, uint32_t s, uint32_t time, struct wl_surface *surf,
	int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	say(d, "touch down %d %.1f %.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void
touch_up(void *d, struct wl_touch *t, uint32_t s, uint32_t time, int32_t id)
{
	say(d, "touch up %d", id);
}
static void
touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	say(d, "touch motion %d %.1f %.1f", id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}
static void
touch_frame(void *d, struct wl_touch *t)
{
}
static void
touch_cancel(void *d, struct wl_touch *t)
{
}
static void
touch_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t a, wl_fixed_t b)
{
}
static void
touch_orientation(void *d, struct wl_touch *t, int32_t id, wl_fixed_t o)
{
}
static const struct wl_touch_listener touch_listener = {touch_down, touch_up, touch_motion,
	touch_frame, touch_cancel, touch_shape, touch_orientation};

static void
handle_seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	struct app *app = data;
	static bool done;
	if (done) {
		return;
	}
	done = true;
	if (caps & WL_SEAT_CAPABILITY_KEYBOARD) {
		app->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(app->keyboard, &keyboard_listener, app);
	}
	if (caps & WL_SEAT_CAPABILITY_TOUCH) {
		app->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(app->touch, &touch_listener, app);
	}
}

static void
handle_seat_name(void *data, struct wl_seat *seat, const char *name)
{
}

static const struct wl_seat_listener seat_listener = {handle_seat_capabilities, handle_seat_name};

int
main(int argc, char *argv[])
{
	struct app app = {
		.tc = {.name = "vmclient", .data = &app, .seat_listener = &seat_listener},
		.top = {.width = 200, .height = 200, .configure = handle_configure, .data = &app},
	};
	const struct tc_versions versions = {.compositor = 4, .shm = 1, .seat = 5, .wm_base = 1};
	app.state = fopen(argc > 1 ? argv[1] : "/dev/null", "a");
	if (!app.state) {
		fprintf(stderr, "vmclient: cannot open the state file\n");
		return 1;
	}
	sigset_t mask;
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	int sfd = signalfd(-1, &mask, SFD_CLOEXEC);

	if (!tc_connect(&app.tc, &versions, -1)) {
		return 1;
	}
	struct wl_display *display = app.tc.display;
	tc_toplevel_init(&app.top, &app.tc, "vmclient", NULL);
	wl_surface_commit(app.top.surface);

	struct pollfd fds[2] = {{wl_display_get_fd(display), POLLIN, 0}, {sfd, POLLIN, 0}};
	while (!app.top.closed) {
		while (wl_display_prepare_read(display) != 0) {
			wl_display_dispatch_pending(display);
		}
		if (app.top.closed) {
			wl_display_cancel_read(display);
			break;
		}
		wl_display_flush(display);
		if (poll(fds, 2, -1) < 0 && errno != EINTR) {
			wl_display_cancel_read(display);
			break;
		}
		if (fds[0].revents & POLLIN) {
			if (wl_display_read_events(display) < 0) {
				break;
			}
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0) {
			break;
		}
		if (fds[1].revents & POLLIN) {
			struct signalfd_siginfo info;
			if (read(sfd, &info, sizeof(info)) == sizeof(info) && app.configured) {
				draw(&app, true);
			}
		}
		if (fds[0].revents & (POLLHUP | POLLERR)) {
			break;
		}
	}
	/* The compositor went or closed the window: free every proxy, so no leak is reported. */
	for (size_t i = 0; i < INFLIGHT; i++) {
		if (app.inflight[i]) {
			wl_proxy_destroy(app.inflight[i]);
		}
	}
	if (app.keyboard) {
		wl_proxy_destroy((struct wl_proxy *)app.keyboard);
	}
	if (app.touch) {
		wl_proxy_destroy((struct wl_proxy *)app.touch);
	}
	tc_toplevel_finish(&app.top);
	tc_disconnect(&app.tc);
	close(sfd);
	fclose(app.state);
	return 0;
}
