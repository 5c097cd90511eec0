/*
 * A window that logs its configures, for the xdg_wm_base v6 tests (issue 33, item 7).
 *
 *   stateclient STATE_FILE [--still]
 *
 * Binds xdg_wm_base at version 6, maps a toplevel and then draws a new frame at every frame
 * callback (as a game would), but none while the toplevel is suspended; with --still it draws
 * only when configured. Appends to STATE_FILE
 * "drawn W H" once mapped, and after every configure "configure W H bounds BW BH caps N MASK
 * states LIST" (N the wm_capabilities events so far, MASK 1 << capability for each, LIST the
 * state names, "-" for none); "frames N" every 20 frames drawn. Runs until killed or closed.
 */
#include <stdio.h>
#include <string.h>

#include "client.h"
#include "test_client.h"

#define GREY 0xff808080u

static const char *const state_names[] = {
	[XDG_TOPLEVEL_STATE_MAXIMIZED] = "maximized",
	[XDG_TOPLEVEL_STATE_FULLSCREEN] = "fullscreen",
	[XDG_TOPLEVEL_STATE_RESIZING] = "resizing",
	[XDG_TOPLEVEL_STATE_ACTIVATED] = "activated",
	[XDG_TOPLEVEL_STATE_TILED_LEFT] = "tiled_left",
	[XDG_TOPLEVEL_STATE_TILED_RIGHT] = "tiled_right",
	[XDG_TOPLEVEL_STATE_TILED_TOP] = "tiled_top",
	[XDG_TOPLEVEL_STATE_TILED_BOTTOM] = "tiled_bottom",
	[XDG_TOPLEVEL_STATE_SUSPENDED] = "suspended",
};

struct state_client {
	struct pw_client_toplevel top;
	bool mapped, still;
	unsigned frames;
};

static void draw(struct state_client *sc);

static void
handle_frame(struct pw_client_frame *frame, uint32_t time)
{
	struct state_client *sc = frame->data;
	if (!sc->still && !(sc->top.states & (1u << XDG_TOPLEVEL_STATE_SUSPENDED))) {
		draw(sc);
	}
}

static void
draw(struct state_client *sc)
{
	struct pw_client_toplevel *tl = &sc->top;
	struct wl_buffer *buffer = pw_client_solid_buffer(tl->client, tl->width, tl->height,
		sc->frames % 2 ? GREY : GREY + 0x101010u);
	if (!buffer) {
		return;
	}
	struct wl_buffer *old = tl->buffer;
	tl->buffer = buffer;
	tl->frame.handler = handle_frame;
	tl->frame.data = sc;
	pw_client_toplevel_commit(tl, NULL);
	if (old) {
		wl_buffer_destroy(old); /* picowl has the new one */
	}
	if (++sc->frames % 20 == 0) {
		test_client_say("frames %u", sc->frames);
	}
}

static void
handle_configure(struct pw_client_toplevel *tl)
{
	struct state_client *sc = tl->data;
	char list[256] = "";
	size_t len = 0;
	for (uint32_t s = 0; s < 32; s++) {
		if (tl->states & (1u << s)) {
			const char *name =
				s < sizeof(state_names) / sizeof(state_names[0]) && state_names[s]
				? state_names[s]
				: "unknown";
			int n = snprintf(list + len, sizeof(list) - len, "%s%s", len ? "," : "",
				name);
			len = n > 0 && (size_t)n < sizeof(list) - len ? len + (size_t)n : len;
		}
	}
	test_client_say("configure %d %d bounds %d %d caps %d %u states %s", tl->configured_width,
		tl->configured_height, tl->bounds_width, tl->bounds_height, tl->capabilities_events,
		tl->capabilities, len ? list : "-");
	/* Shown again: draw (no frame callback is pending while suspended). */
	if (sc->mapped && (sc->still || !tl->frame.callback) &&
		!(tl->states & (1u << XDG_TOPLEVEL_STATE_SUSPENDED))) {
		draw(sc);
	}
}

int
main(int argc, char **argv)
{
	bool still = argc == 3 && strcmp(argv[2], "--still") == 0;
	if (argc != 2 && !still) {
		fprintf(stderr, "usage: stateclient STATE_FILE [--still]\n");
		return 2;
	}
	if (!test_client_open("stateclient", argv[1], NULL)) {
		return 1;
	}
	struct pw_client client = {.name = "stateclient"};
	const struct pw_client_versions want = {.compositor = 4, .shm = 1, .wm_base = 6};
	if (!pw_client_connect(&client, &want, 5000)) {
		return 1;
	}
	struct state_client sc = {.top = {.width = 64, .height = 64}, .still = still};
	sc.top.configure = handle_configure;
	sc.top.data = &sc;
	pw_client_toplevel_init(&sc.top, &client, "stateclient", "stateclient");
	int status = 1;
	if (!pw_client_toplevel_map(&sc.top, GREY, 5000)) {
		goto out;
	}
	sc.mapped = true;
	test_client_say("drawn %d %d", sc.top.width, sc.top.height);
	draw(&sc);
	status = pw_client_dispatch_until(&client, &sc.top.closed, -1) == 1 ? 0 : 1;
out:
	pw_client_toplevel_finish(&sc.top);
	pw_client_disconnect(&client);
	test_client_close();
	return status;
}
