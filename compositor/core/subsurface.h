/* wl_subcompositor and wl_subsurface. */
#ifndef PW_SUBSURFACE_H
#define PW_SUBSURFACE_H

#include <stdbool.h>
#include <wayland-server-core.h>

#include "surface.h"

struct pw_subsurface {
	struct wl_resource *resource;
	struct pw_surface *surface;
	struct pw_surface *parent; /* NULL once the parent died: the subsurface is inert */
	struct pw_surface_node node; /* in parent->stack */
	int x, y;
	int pending_x, pending_y;
	bool pending_position;
	bool synchronized;
	struct wl_listener parent_destroy;
	struct wl_listener surface_destroy;
};

bool pw_subcompositor_create(struct pw_server *server);

/* Whether commits of the subsurface are cached: it or an ancestor is synchronized. */
bool pw_subsurface_effectively_sync(const struct pw_subsurface *sub);

/* The parent applied a commit: apply the pending position and any cached state. */
void pw_subsurface_parent_commit(struct pw_subsurface *sub);

/* Whether the subsurface is shown: it has a buffer and so do all of its ancestors. */
bool pw_subsurface_mapped(const struct pw_subsurface *sub);

#endif
