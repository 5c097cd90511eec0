/* Overlays: surfaces at an output position above the rest (decision 4.72). */
#include "overlay.h"

#include "desktop.h"
#include "output.h"
#include "render.h"
#include "server.h"
#include "surface.h"
#include "view.h"

static bool
role_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct pw_overlay *overlay = surface->role_data;
	struct pw_output *output = overlay ? overlay->server->output : NULL;
	if (!overlay || !overlay->shown || !output) {
		return false;
	}
	*x = overlay->x;
	*y = overlay->y;
	*clip = (struct pw_box){0, 0, output->width, output->height};
	return true;
}

static const struct pw_surface_role overlay_role = {
	.name = "x11 override-redirect window",
	.place = role_place,
};

static void
damage(struct pw_overlay *overlay)
{
	struct pw_output *output = overlay->server->output;
	struct pw_surface *s = overlay->surface;
	if (output && s) {
		struct pw_box box = pw_view_tree_box(s);
		pw_output_damage_box(output, overlay->x + box.x, overlay->y + box.y, box.width,
			box.height);
	}
}

bool
pw_overlay_init(struct pw_overlay *overlay, struct pw_server *server, struct pw_surface *surface)
{
	if ((surface->role && surface->role != &overlay_role) || surface->role_data) {
		return false; /* checked here: there is no role object to post the error on */
	}
	*overlay = (struct pw_overlay){.server = server, .surface = surface};
	wl_list_init(&overlay->link);
	return pw_surface_set_role(surface, &overlay_role, overlay, NULL, 0);
}

void
pw_overlay_show(struct pw_overlay *overlay, int x, int y)
{
	if (overlay->shown) {
		damage(overlay); /* where it was */
		wl_list_remove(&overlay->link);
	}
	overlay->shown = true;
	overlay->x = x;
	overlay->y = y;
	wl_list_insert(overlay->server->desktop->overlays.prev, &overlay->link);
	damage(overlay);
	wl_signal_emit(&overlay->server->events.surface_moved, overlay->surface);
}

void
pw_overlay_hide(struct pw_overlay *overlay)
{
	if (!overlay->shown) {
		return;
	}
	damage(overlay);
	overlay->shown = false;
	wl_list_remove(&overlay->link);
	wl_list_init(&overlay->link);
	wl_signal_emit(&overlay->server->events.surface_moved, overlay->surface);
}

void
pw_overlay_finish(struct pw_overlay *overlay)
{
	pw_overlay_hide(overlay);
	if (overlay->surface && overlay->surface->role == &overlay_role) {
		pw_surface_clear_role_data(overlay->surface);
	}
	overlay->surface = NULL;
}

void
pw_overlay_render(struct pw_server *server, pixman_image_t *target, const pixman_region32_t *damage)
{
	struct pw_overlay *overlay;
	wl_list_for_each(overlay, &server->desktop->overlays, link) {
		struct pw_box clip = {0, 0, server->output->width, server->output->height};
		pw_render_surface_tree(overlay->surface, overlay->x, overlay->y, clip, target,
			damage);
	}
}
