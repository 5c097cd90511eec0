/* The drag and drop icon as the shell draws it: the seat places it, the scene paints it last. */
#include "drag_icon.h"

#include "render.h"
#include "seat.h"
#include "server.h"
#include "surface.h"

void
pw_drag_icon_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	int x, y;
	struct pw_surface *icon = pw_seat_drag_icon(server->seat, &x, &y);

	if (icon) {
		struct pw_box clip = {x, y, icon->width, icon->height};

		pw_render_surface_tree(icon, x, y, clip, target, damage);
	}
}

static void
take_callbacks(struct pw_surface *surface, int x, int y, void *data)
{
	struct wl_list **lists = data;

	wl_list_insert_list(lists[0]->prev, &surface->current.frame_callbacks);
	wl_list_init(&surface->current.frame_callbacks);
	wl_list_insert_list(lists[1]->prev, &surface->current.feedbacks);
	wl_list_init(&surface->current.feedbacks);
}

void
pw_drag_icon_take_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks)
{
	struct wl_list *lists[2] = {callbacks, feedbacks};
	int x, y;
	struct pw_surface *icon = pw_seat_drag_icon(server->seat, &x, &y);

	if (icon) {
		pw_surface_for_each(icon, 0, 0, take_callbacks, lists);
	}
}

bool
pw_drag_icon_shown(struct pw_server *server)
{
	int x, y;

	return pw_seat_drag_icon(server->seat, &x, &y) != NULL;
}
