/* The view role: a surface shown as a view without a shell object (decision 4.71). */
#include "view_role.h"

#include <stddef.h>

#include "desktop.h"
#include "scale.h"
#include "server.h"
#include "surface.h"
#include "view.h"

static bool
role_place(struct pw_surface *surface, int *x, int *y, struct pw_box *clip)
{
	struct pw_view *view = surface->role_data;
	if (!view || !view->mapped) {
		return false;
	}
	struct pw_desktop *desktop = view->server->desktop;
	struct pw_view *other;
	if (desktop->fullscreens) {
		wl_list_for_each(other, &desktop->views, link) {
			if (other->fullscreen && other != view->root) {
				return false; /* hidden, as an xdg toplevel is (4.51) */
			}
		}
	}
	*x = view->content.x;
	*y = view->content.y;
	*clip = view->content;
	return true;
}

static int32_t
role_scale(struct pw_surface *surface)
{
	struct pw_view *view = surface->role_data;
	return view ? view->scale : PW_SCALE_ONE;
}

static const struct pw_surface_role view_role = {
	.name = "x11 window",
	.place = role_place,
	.scale = role_scale,
};

bool
pw_view_role_set(struct pw_view *view)
{
	struct pw_surface *surface = view->surface;
	/* Checked here: there is no role object to post the error on. */
	if ((surface->role && surface->role != &view_role) || surface->role_data) {
		return false;
	}
	return pw_surface_set_role(surface, &view_role, view, NULL, 0);
}

void
pw_view_role_clear(struct pw_surface *surface)
{
	if (surface && surface->role == &view_role) {
		pw_surface_clear_role_data(surface);
	}
}

struct pw_view *
pw_view_role_view(struct pw_surface *surface)
{
	return surface->role == &view_role ? surface->role_data : NULL;
}
