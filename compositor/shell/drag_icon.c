/* The drag and drop icon as the shell draws it: the seat places it, the scene paints it last. */
#include "drag_icon.h"

#include "data_drag.h"
#include "render.h"
#include "scene.h"
#include "server.h"
#include "surface.h"

void
pw_drag_icon_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	int x, y;
	struct pw_surface *icon = pw_data_drag_icon(server->seat, &x, &y);

	if (icon) {
		struct pw_box clip = {x, y, icon->width, icon->height};

		pw_render_surface_tree(icon, x, y, clip, target, damage);
	}
}

void
pw_drag_icon_take_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks)
{
	int x, y;
	struct pw_surface *icon = pw_data_drag_icon(server->seat, &x, &y);

	if (icon) {
		pw_scene_take_tree_callbacks(icon, callbacks, feedbacks);
	}
}

bool
pw_drag_icon_shown(struct pw_server *server)
{
	int x, y;

	return pw_data_drag_icon(server->seat, &x, &y) != NULL;
}
