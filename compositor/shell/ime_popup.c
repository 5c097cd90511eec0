/*
 * The input method's popups as the shell places and draws them: under the text input's cursor
 * rectangle (above it when there is no room below), moved inside the output.
 */
#include "ime_popup.h"

#include "input_popup.h"
#include "output.h"
#include "render.h"
#include "scene.h"
#include "server.h"
#include "surface.h"
#include "surface_tree.h"

bool
pw_ime_popup_place(struct pw_server *server, struct pw_surface *surface, struct pw_box *cursor,
	int width, int height, int *x, int *y)
{
	struct pw_surface *root = pw_surface_root(surface);
	struct pw_box clip;
	int ox, oy;

	if (!server->output || !root->role || !root->role->place || !root->role_data ||
		!root->role->place(root, &ox, &oy, &clip)) {
		return false;
	}
	const struct pw_surface_tree *tree = pw_surface_tree_get(surface);
	ox = pw_position_at(ox, tree->x);
	oy = pw_position_at(oy, tree->y);
	cursor->x = pw_position_add(ox, cursor->x);
	cursor->y = pw_position_add(oy, cursor->y);
	int ow = server->output->width, oh = server->output->height;
	int px = cursor->x, py = pw_position_add(cursor->y, cursor->height);
	if (py + height > oh && cursor->y - height >= 0) {
		py = cursor->y - height;
	}
	px = px + width > ow ? ow - width : px;
	py = py + height > oh ? oh - height : py;
	*x = px < 0 ? 0 : px;
	*y = py < 0 ? 0 : py;
	return true;
}

struct paint {
	pixman_image_t *target;
	const pixman_region32_t *damage;
};

static void
paint(struct pw_surface *surface, int x, int y, void *data)
{
	struct paint *p = data;
	struct pw_box clip = {x, y, surface->width, surface->height};

	pw_render_surface_tree(surface, x, y, clip, p->target, p->damage);
}

void
pw_ime_popup_render(struct pw_server *server, pixman_image_t *target,
	const pixman_region32_t *damage)
{
	struct paint p = {target, damage};

	pw_seat_for_each_input_popup(server->seat, paint, &p);
}

static void
take_tree_callbacks(struct pw_surface *surface, int x, int y, void *data)
{
	struct wl_list **lists = data;

	pw_scene_take_tree_callbacks(surface, lists[0], lists[1]);
}

void
pw_ime_popup_take_callbacks(struct pw_server *server, struct wl_list *callbacks,
	struct wl_list *feedbacks)
{
	struct wl_list *lists[2] = {callbacks, feedbacks};

	pw_seat_for_each_input_popup(server->seat, take_tree_callbacks, lists);
}

struct hit {
	double x, y, sx, sy;
	struct pw_surface *surface;
};

static void
hit_test(struct pw_surface *surface, int x, int y, void *data)
{
	struct hit *h = data;
	struct pw_box box = {x, y, surface->width, surface->height};

	/* the last (topmost) popup that holds the point wins */
	if (pw_box_contains(box, (int)h->x, (int)h->y)) {
		struct pw_surface *s = pw_surface_at(surface, h->x - x, h->y - y, &h->sx, &h->sy);
		if (s) {
			h->surface = s;
		}
	}
}

struct pw_surface *
pw_ime_popup_surface_at(struct pw_server *server, double x, double y, double *sx, double *sy)
{
	struct hit h = {x, y, 0, 0, NULL};

	pw_seat_for_each_input_popup(server->seat, hit_test, &h);
	if (h.surface) {
		*sx = h.sx;
		*sy = h.sy;
	}
	return h.surface;
}

static void
count(struct pw_surface *surface, int x, int y, void *data)
{
	(*(int *)data)++;
}

bool
pw_ime_popup_shown(struct pw_server *server)
{
	int n = 0;

	pw_seat_for_each_input_popup(server->seat, count, &n);
	return n > 0;
}
