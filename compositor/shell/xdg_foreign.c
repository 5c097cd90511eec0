/* xdg-foreign v2: toplevels of one client as parents of another's (decision 4.96). */
#include "xdg_foreign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "desktop.h"
#include "dialog.h"
#include "log.h"
#include "request.h"
#include "server.h"
#include "surface.h"
#include "view.h"
#include "xdg-foreign-unstable-v2-protocol.h"
#include "xdg_shell.h"
#include "xdg_toplevel.h"

#define FOREIGN_VERSION 1
#define HANDLE_BYTES 16

struct pw_xdg_foreign {
	struct pw_server *server;
	struct wl_global *exporter, *importer;
	struct wl_list exports; /* struct export.link */
	struct wl_listener server_destroy;
};

struct export
{
	struct wl_resource *resource;
	struct pw_xdg_foreign *foreign;
	struct pw_surface *surface;
	struct wl_listener surface_destroy;
	struct wl_list link;
	struct wl_list imports; /* struct import.link */
	char handle[2 * HANDLE_BYTES + 1];
};

/* An import: inert (export NULL) once its export went or its handle named none. */
struct import {
	struct wl_resource *resource;
	struct export *export;
	struct wl_list link;
	struct wl_list children; /* struct child.link: the toplevels it is the parent of */
};

/* By window id: the child may go before its import, and its view with it. */
struct child {
	uint32_t view_id;
	struct wl_list link;
};

/* A dialog is in its parent's children, not in the desktop's views (dialog.h). */
static struct pw_view *
child_by_id(struct pw_view *parent, uint32_t id)
{
	struct pw_view *view;
	wl_list_for_each(view, &parent->children, child_link) {
		if (view->id == id) {
			return view;
		}
	}
	return NULL;
}

/* The relationships the import set up go (the protocol: they are invalidated). */
static void
import_drop_children(struct import *im)
{
	struct pw_view *parent = im->export ? pw_xdg_surface_view(im->export->surface) : NULL;
	struct child *c, *tmp;
	wl_list_for_each_safe(c, tmp, &im->children, link) {
		struct pw_view *view = parent ? child_by_id(parent, c->view_id) : NULL;
		if (view) {
			pw_dialog_set_parent(view, NULL);
		}
		wl_list_remove(&c->link);
		free(c);
	}
}

static void
export_finish(struct export *ex)
{
	struct import *im, *tmp;
	wl_list_for_each_safe(im, tmp, &ex->imports, link) {
		import_drop_children(im);
		im->export = NULL;
		wl_list_remove(&im->link);
		wl_list_init(&im->link);
		zxdg_imported_v2_send_destroyed(im->resource);
	}
	if (ex->surface) {
		wl_list_remove(&ex->surface_destroy.link);
		ex->surface = NULL;
	}
	wl_list_remove(&ex->link);
	wl_list_init(&ex->link);
}

static void
handle_export_surface_destroy(struct wl_listener *listener, void *data)
{
	struct export *ex = wl_container_of(listener, ex, surface_destroy);
	export_finish(ex);
}

static void
handle_export_resource_destroy(struct wl_resource *resource)
{
	struct export *ex = wl_resource_get_user_data(resource);
	export_finish(ex);
	free(ex);
}

static const struct zxdg_exported_v2_interface exported_impl = {
	.destroy = pw_request_destroy,
};

static void
exporter_export_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *surface_resource)
{
	struct pw_xdg_foreign *foreign = wl_resource_get_user_data(resource);
	struct pw_surface *surface = pw_surface_from_resource(surface_resource);
	if (!pw_xdg_surface_toplevel(surface)) {
		wl_resource_post_error(resource, ZXDG_EXPORTER_V2_ERROR_INVALID_SURFACE,
			"the surface is not an xdg_toplevel");
		return;
	}
	unsigned char bytes[HANDLE_BYTES];
	if (getrandom(bytes, sizeof(bytes), 0) != (ssize_t)sizeof(bytes)) {
		wl_client_post_implementation_error(client, "no random bytes for a handle");
		return;
	}
	struct export *ex = calloc(1, sizeof(*ex));
	struct wl_resource *exported = ex ? wl_resource_create(client, &zxdg_exported_v2_interface,
						    wl_resource_get_version(resource), id)
					  : NULL;
	if (!exported) {
		free(ex);
		wl_client_post_no_memory(client);
		return;
	}
	ex->resource = exported;
	ex->foreign = foreign;
	ex->surface = surface;
	wl_list_init(&ex->imports);
	for (int i = 0; i < HANDLE_BYTES; i++) {
		snprintf(ex->handle + 2 * i, 3, "%02x", bytes[i]);
	}
	ex->surface_destroy.notify = handle_export_surface_destroy;
	wl_signal_add(&surface->events.destroy, &ex->surface_destroy);
	wl_list_insert(&foreign->exports, &ex->link);
	wl_resource_set_implementation(exported, &exported_impl, ex,
		handle_export_resource_destroy);
	zxdg_exported_v2_send_handle(exported, ex->handle);
}

static const struct zxdg_exporter_v2_interface exporter_impl = {
	.destroy = pw_request_destroy,
	.export_toplevel = exporter_export_toplevel,
};

static void
imported_set_parent_of(struct wl_client *client, struct wl_resource *resource,
	struct wl_resource *surface_resource)
{
	struct import *im = wl_resource_get_user_data(resource);
	struct pw_xdg_toplevel *toplevel =
		pw_xdg_surface_toplevel(pw_surface_from_resource(surface_resource));
	if (!toplevel) {
		wl_resource_post_error(resource, ZXDG_IMPORTED_V2_ERROR_INVALID_SURFACE,
			"the surface is not an xdg_toplevel");
		return;
	}
	/* Its handle is gone (destroyed was sent): nothing to be a child of. */
	struct pw_view *parent = im->export ? pw_xdg_surface_view(im->export->surface) : NULL;
	if (!parent) {
		return;
	}
	if (!pw_xdg_toplevel_set_parent_view(toplevel, parent)) {
		wl_resource_post_error(resource, ZXDG_IMPORTED_V2_ERROR_INVALID_SURFACE,
			"the imported toplevel is the surface or one of its children");
		return;
	}
	struct child *c;
	wl_list_for_each(c, &im->children, link) {
		if (c->view_id == toplevel->view.id) {
			return;
		}
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		wl_client_post_no_memory(client);
		return;
	}
	c->view_id = toplevel->view.id;
	wl_list_insert(&im->children, &c->link);
}

static const struct zxdg_imported_v2_interface imported_impl = {
	.destroy = pw_request_destroy,
	.set_parent_of = imported_set_parent_of,
};

static void
handle_import_resource_destroy(struct wl_resource *resource)
{
	struct import *im = wl_resource_get_user_data(resource);
	if (im->export) {
		import_drop_children(im);
	}
	wl_list_remove(&im->link);
	free(im);
}

static void
importer_import_toplevel(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	const char *handle)
{
	struct pw_xdg_foreign *foreign = wl_resource_get_user_data(resource);
	struct import *im = calloc(1, sizeof(*im));
	struct wl_resource *imported = im ? wl_resource_create(client, &zxdg_imported_v2_interface,
						    wl_resource_get_version(resource), id)
					  : NULL;
	if (!imported) {
		free(im);
		wl_client_post_no_memory(client);
		return;
	}
	im->resource = imported;
	wl_list_init(&im->children);
	wl_list_init(&im->link);
	wl_resource_set_implementation(imported, &imported_impl, im,
		handle_import_resource_destroy);
	struct export *ex;
	wl_list_for_each(ex, &foreign->exports, link) {
		if (strcmp(ex->handle, handle) == 0) {
			im->export = ex;
			wl_list_insert(&ex->imports, &im->link);
			return;
		}
	}
	zxdg_imported_v2_send_destroyed(imported);
}

static const struct zxdg_importer_v2_interface importer_impl = {
	.destroy = pw_request_destroy,
	.import_toplevel = importer_import_toplevel,
};

static void
bind_exporter(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &zxdg_exporter_v2_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &exporter_impl, data, NULL);
}

static void
bind_importer(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &zxdg_importer_v2_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &importer_impl, data, NULL);
}

/* The clients, and so every export and import, went before. */
static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_xdg_foreign *foreign = wl_container_of(listener, foreign, server_destroy);
	wl_list_remove(&foreign->server_destroy.link);
	wl_global_destroy(foreign->exporter);
	wl_global_destroy(foreign->importer);
	if (foreign->server->desktop) {
		foreign->server->desktop->xdg_foreign = NULL;
	}
	free(foreign);
}

bool
pw_xdg_foreign_create(struct pw_server *server)
{
	struct pw_xdg_foreign *foreign = calloc(1, sizeof(*foreign));
	if (!foreign) {
		return false;
	}
	foreign->server = server;
	wl_list_init(&foreign->exports);
	foreign->exporter = wl_global_create(server->display, &zxdg_exporter_v2_interface,
		FOREIGN_VERSION, foreign, bind_exporter);
	foreign->importer = wl_global_create(server->display, &zxdg_importer_v2_interface,
		FOREIGN_VERSION, foreign, bind_importer);
	if (!foreign->exporter || !foreign->importer) {
		pw_log_error("cannot create the xdg-foreign globals");
		if (foreign->exporter) {
			wl_global_destroy(foreign->exporter);
		}
		if (foreign->importer) {
			wl_global_destroy(foreign->importer);
		}
		free(foreign);
		return false;
	}
	server->desktop->xdg_foreign = foreign;
	foreign->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &foreign->server_destroy);
	return true;
}
