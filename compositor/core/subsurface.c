/* wl_subcompositor and wl_subsurface. */
#include "subsurface.h"

#include <stdlib.h>
#include <wayland-server-protocol.h>

#include "request.h"
#include "server.h"
#include "surface_commit.h"
#include "surface_damage.h"
#include "surface_tree.h"

static const struct wl_subsurface_interface subsurface_impl;

static const struct pw_surface_role subsurface_role = {
	.name = "wl_subsurface",
};

static struct pw_subsurface *
subsurface_from_resource(struct wl_resource *resource)
{
	return wl_resource_get_user_data(resource);
}

bool
pw_subsurface_effectively_sync(const struct pw_subsurface *sub)
{
	return pw_surface_tree_get(sub->surface)->sync;
}

bool
pw_subsurface_mapped(const struct pw_subsurface *sub)
{
	return pw_surface_tree_get(sub->surface)->shown;
}

void
pw_subsurface_parent_commit(struct pw_subsurface *sub)
{
	/* The tree's commit damages where it was and where it goes (surface_damage.c). */
	if (sub->pending_position) {
		sub->pending_position = false;
		if (sub->x != sub->pending_x || sub->y != sub->pending_y) {
			sub->x = sub->pending_x;
			sub->y = sub->pending_y;
			pw_surface_tree_changed(sub->surface);
		}
	}
}

static void
detach(struct pw_subsurface *sub)
{
	if (sub->parent) {
		wl_list_remove(&sub->node.link);
		wl_list_remove(&sub->parent_destroy.link);
		pixman_region32_union_rect(&sub->surface->damage, &sub->surface->damage, 0, 0,
			sub->surface->width, sub->surface->height);
		pw_surface_damage_output(sub->surface);
		sub->parent = NULL;
		pw_surface_tree_changed(sub->surface);
	}
}

static void
subsurface_destroy_state(struct pw_subsurface *sub)
{
	detach(sub);
	if (sub->surface) {
		sub->surface->subsurface = NULL;
		pw_surface_tree_changed(sub->surface);
		pw_surface_clear_role_data(sub->surface);
		wl_list_remove(&sub->surface_destroy.link);
	}
	wl_resource_set_user_data(sub->resource, NULL);
	free(sub);
}

static void
handle_parent_destroy(struct wl_listener *listener, void *data)
{
	struct pw_subsurface *sub = wl_container_of(listener, sub, parent_destroy);
	detach(sub);
}

static void
handle_surface_destroy(struct wl_listener *listener, void *data)
{
	struct pw_subsurface *sub = wl_container_of(listener, sub, surface_destroy);
	subsurface_destroy_state(sub);
}

static void
handle_subsurface_resource_destroy(struct wl_resource *resource)
{
	struct pw_subsurface *sub = subsurface_from_resource(resource);
	if (sub) {
		subsurface_destroy_state(sub);
	}
}

static void
subsurface_set_position(struct wl_client *client, struct wl_resource *resource, int32_t x,
	int32_t y)
{
	struct pw_subsurface *sub = subsurface_from_resource(resource);
	if (!sub) {
		return;
	}
	sub->pending_x = pw_position_add(0, x);
	sub->pending_y = pw_position_add(0, y);
	sub->pending_position = true;
}

static struct pw_surface_node *
sibling_node(struct pw_subsurface *sub, struct wl_resource *sibling_resource)
{
	struct pw_surface *sibling = pw_surface_from_resource(sibling_resource);
	if (sibling == sub->parent) {
		return &sub->parent->self_node;
	}
	if (sibling != sub->surface && sibling->subsurface &&
		sibling->subsurface->parent == sub->parent) {
		return &sibling->subsurface->node;
	}
	return NULL;
}

static void
place(struct wl_resource *resource, struct wl_resource *sibling_resource, bool above)
{
	struct pw_subsurface *sub = subsurface_from_resource(resource);
	if (!sub || !sub->parent) {
		return;
	}
	struct pw_surface_node *sibling = sibling_node(sub, sibling_resource);
	if (!sibling) {
		wl_resource_post_error(resource, WL_SUBSURFACE_ERROR_BAD_SURFACE,
			"wl_surface@%u is neither the parent nor a sibling",
			wl_resource_get_id(sibling_resource));
		return;
	}
	/* picowl applies the new order at once rather than at the parent's next commit. */
	wl_list_remove(&sub->node.link);
	wl_list_insert(above ? &sibling->link : sibling->link.prev, &sub->node.link);
	pixman_region32_union_rect(&sub->surface->damage, &sub->surface->damage, 0, 0,
		sub->surface->width, sub->surface->height);
	pw_surface_damage_output(sub->surface);
}

static void
subsurface_place_above(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *sibling)
{
	place(resource, sibling, true);
}

static void
subsurface_place_below(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *sibling)
{
	place(resource, sibling, false);
}

static void
subsurface_set_sync(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_subsurface *sub = subsurface_from_resource(resource);
	if (sub && !sub->synchronized) {
		sub->synchronized = true;
		pw_surface_tree_changed(sub->surface);
	}
}

static void
subsurface_set_desync(struct wl_client *client, struct wl_resource *resource)
{
	struct pw_subsurface *sub = subsurface_from_resource(resource);
	if (!sub || !sub->synchronized) {
		return;
	}
	sub->synchronized = false;
	pw_surface_tree_changed(sub->surface);
	if (!pw_subsurface_effectively_sync(sub)) {
		pw_surface_commit_apply_cached(sub->surface);
	}
}

static const struct wl_subsurface_interface subsurface_impl = {
	.destroy = pw_request_destroy,
	.set_position = subsurface_set_position,
	.place_above = subsurface_place_above,
	.place_below = subsurface_place_below,
	.set_sync = subsurface_set_sync,
	.set_desync = subsurface_set_desync,
};

static bool
is_ancestor(struct pw_surface *maybe_ancestor, struct pw_surface *surface)
{
	if (!maybe_ancestor->subsurface || !maybe_ancestor->subsurface->parent) {
		/* the root of its tree: an ancestor of the surfaces of that tree only */
		return pw_surface_root(surface) == maybe_ancestor;
	}
	/* A subsurface already, refused as such after this: the walk happens once per client. */
	for (struct pw_surface *s = surface; s; s = s->subsurface ? s->subsurface->parent : NULL) {
		if (s == maybe_ancestor) {
			return true;
		}
	}
	return false;
}

static void
subcompositor_get_subsurface(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource, struct wl_resource *parent_resource)
{
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	struct pw_surface *parent = pw_surface_from_resource(parent_resource);
	if (is_ancestor(surface, parent)) {
		wl_resource_post_error(resource, WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE,
			"wl_surface@%u cannot be a subsurface of itself or its descendant",
			wl_resource_get_id(surface_resource));
		return;
	}
	struct pw_subsurface *sub = calloc(1, sizeof(*sub));
	if (!sub) {
		wl_client_post_no_memory(client);
		return;
	}
	if (!pw_surface_set_role(surface, &subsurface_role, sub, resource,
		    WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE)) {
		free(sub);
		return;
	}
	sub->resource = wl_resource_create(client, &wl_subsurface_interface, 1, id);
	if (!sub->resource) {
		pw_surface_clear_role_data(surface);
		free(sub);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(sub->resource, &subsurface_impl, sub,
		handle_subsurface_resource_destroy);
	surface->role_resource = sub->resource;
	sub->surface = surface;
	sub->parent = parent;
	sub->synchronized = true;
	sub->node.surface = surface;
	wl_list_insert(parent->stack.prev, &sub->node.link);
	sub->parent_destroy.notify = handle_parent_destroy;
	wl_signal_add(&parent->events.destroy, &sub->parent_destroy);
	sub->surface_destroy.notify = handle_surface_destroy;
	wl_signal_add(&surface->events.destroy, &sub->surface_destroy);
	surface->subsurface = sub;
	pw_surface_tree_changed(surface);
}

static const struct wl_subcompositor_interface subcompositor_impl = {
	.destroy = pw_request_destroy,
	.get_subsurface = subcompositor_get_subsurface,
};

static void
bind_subcompositor(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wl_subcompositor_interface, (int)version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &subcompositor_impl, data, NULL);
}

bool
pw_subcompositor_create(struct pw_server *server)
{
	return wl_global_create(server->display, &wl_subcompositor_interface, 1, server,
		       bind_subcompositor) != NULL;
}
