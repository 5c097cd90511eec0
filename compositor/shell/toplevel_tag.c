/* xdg_toplevel_tag_manager_v1: tags and descriptions of toplevels (decision 4.96). */
#include "toplevel_tag.h"

#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "log.h"
#include "request.h"
#include "server.h"
#include "xdg-toplevel-tag-v1-protocol.h"
#include "xdg_toplevel.h"

#define TAG_VERSION 1

/* Both strings are charged together to the toplevel (issue 38), in its budget slot C. */
static void
set_text(struct wl_resource *toplevel_resource, char **slot, char *other, const char *value)
{
	struct pw_xdg_toplevel *toplevel = pw_xdg_toplevel_from_resource(toplevel_resource);
	if (!toplevel) {
		return; /* its role went: the request does nothing, as on an inert object */
	}
	size_t bytes = strlen(value) + 1 + (other ? strlen(other) + 1 : 0);
	if (!pw_budget_resize(toplevel_resource, PW_BUDGET_SLOT_C, bytes)) {
		return;
	}
	char *copy = strdup(value);
	if (!copy) {
		wl_resource_post_no_memory(toplevel_resource);
		return;
	}
	free(*slot);
	*slot = copy;
}

static void
manager_set_toplevel_tag(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *toplevel_resource, const char *tag)
{
	struct pw_xdg_toplevel *toplevel = pw_xdg_toplevel_from_resource(toplevel_resource);
	if (toplevel) {
		set_text(toplevel_resource, &toplevel->view.tag, toplevel->view.description, tag);
	}
}

static void
manager_set_toplevel_description(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *toplevel_resource, const char *description)
{
	struct pw_xdg_toplevel *toplevel = pw_xdg_toplevel_from_resource(toplevel_resource);
	if (toplevel) {
		set_text(toplevel_resource, &toplevel->view.description, toplevel->view.tag,
			description);
	}
}

static const struct xdg_toplevel_tag_manager_v1_interface manager_impl = {
	.destroy = pw_request_destroy,
	.set_toplevel_tag = manager_set_toplevel_tag,
	.set_toplevel_description = manager_set_toplevel_description,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &xdg_toplevel_tag_manager_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_impl, data, NULL);
}

bool
pw_toplevel_tag_create(struct pw_server *server)
{
	if (!wl_global_create(server->display, &xdg_toplevel_tag_manager_v1_interface, TAG_VERSION,
		    server, bind_manager)) {
		pw_log_error("cannot create the xdg_toplevel_tag_manager_v1 global");
		return false;
	}
	return true;
}
