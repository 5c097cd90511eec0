/* The long-press cue: a ring painted over the scene, where the seat says a long press fired. */
#include "long_press_cue.h"

#include "render.h"
#include "scene.h"
#include "server.h"
#include "touch_pointer.h"

/* Half the width of a disc of radius `r` at row `dy` from its centre; -1 outside it. */
static int
half_width(int r, int dy)
{
	int w = -1;

	while ((w + 1) * (w + 1) + dy * dy <= r * r) {
		w++;
	}
	return w;
}

/* The ring between radii `inner` and `outer` around cx,cy, into `ring`. */
static void
ring_region(pixman_region32_t *ring, int cx, int cy, int inner, int outer)
{
	pixman_region32_init(ring);
	for (int dy = -outer; dy <= outer; dy++) {
		int wo = half_width(outer, dy), wi = half_width(inner, dy);

		if (wo < 0) {
			continue;
		}
		if (wi < 0) {
			pixman_region32_union_rect(ring, ring, cx - wo, cy + dy,
				(unsigned)(2 * wo + 1), 1);
			continue;
		}
		pixman_region32_union_rect(ring, ring, cx - wo, cy + dy, (unsigned)(wo - wi), 1);
		pixman_region32_union_rect(ring, ring, cx + wi + 1, cy + dy, (unsigned)(wo - wi),
			1);
	}
}

static void
paint_ring(pixman_image_t *target, const pixman_region32_t *damage, int cx, int cy, int inner,
	int outer, uint32_t rgb)
{
	pixman_region32_t ring;

	ring_region(&ring, cx, cy, inner, outer);
	pixman_region32_intersect(&ring, &ring, (pixman_region32_t *)damage);
	pw_render_fill(target, &ring, rgb);
	pixman_region32_fini(&ring);
}

/* The scene, then the ring over it. */
static void
render_with_cue(struct pw_server *server, pixman_image_t *target, const pixman_region32_t *damage)
{
	int r = PW_TOUCH_POINTER_CUE_RADIUS, x, y;

	pw_scene.render(server, target, damage);
	if (pw_touch_pointer_cue(server->seat, &x, &y)) {
		paint_ring(target, damage, x, y, r - 6, r, 0x000000);
		paint_ring(target, damage, x, y, r - 5, r - 1, 0xffffff);
	}
}

/* Nothing goes to the display uncomposited while the ring shows over it. */
static struct pw_surface *
no_direct_surface(struct pw_server *server)
{
	return NULL;
}

void
pw_long_press_cue_shown(struct pw_server *server, bool shown)
{
	static struct pw_server_shell with_cue;

	if (!with_cue.render) {
		with_cue = pw_scene;
		with_cue.render = render_with_cue;
		with_cue.direct_surface = no_direct_surface;
	}
	/* Only over the plain scene, and only its own: another replaced scene (a routine's that
	 * took over meanwhile) is left in place. */
	if (shown && server->shell == &pw_scene) {
		pw_server_set_shell(server, &with_cue);
	} else if (!shown && server->shell == &with_cue) {
		pw_server_set_shell(server, &pw_scene);
	}
}
