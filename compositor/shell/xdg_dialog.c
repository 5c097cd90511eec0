/* xdg_wm_dialog_v1 and xdg_dialog_v1: the modal hint of a dialog. */
#include "xdg_dialog.h"

#include "desktop.h"
#include "log.h"
#include "request.h"
#include "server.h"
#include "tiling.h"
#include "xdg-dialog-v1-protocol.h"
#include "xdg_toplevel.h"

#define WM_DIALOG_VERSION 1

static void
set_modal(struct wl_resource *resource, bool modal)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	if (!toplevel || toplevel->view.modal == modal) {
		return;
	}
	struct pw_server *server = toplevel->view.server;
	toplevel->view.modal = modal;
	/* Its parent may hold the focus the modal dialog now takes. */
	if (modal && server->desktop->focus) {
		pw_tiling_focus(server, server->desktop->focus);
	}
}

static void
dialog_set_modal(struct wl_client *client, struct wl_resource *resource)
{
	set_modal(resource, true);
}

static void
dialog_unset_modal(struct wl_client *client, struct wl_resource *resource)
{
	set_modal(resource, false);
}

static const struct xdg_dialog_v1_interface dialog_impl = {
	.destroy = pw_request_destroy,
	.set_modal = dialog_set_modal,
	.unset_modal = dialog_unset_modal,
};

/* The protocol: destroyed before its toplevel, the dialog object's effects are undone. */
static void
handle_dialog_resource_destroy(struct wl_resource *resource)
{
	struct pw_xdg_toplevel *toplevel = wl_resource_get_user_data(resource);
	if (toplevel) {
		toplevel->view.modal = false;
		toplevel->dialog = NULL;
	}
}

void
pw_xdg_dialog_toplevel_gone(struct pw_xdg_toplevel *toplevel)
{
	if (toplevel->dialog) {
		wl_resource_set_user_data(toplevel->dialog, NULL);
		toplevel->dialog = NULL;
	}
	toplevel->view.modal = false;
}

static void
wm_dialog_get_xdg_dialog(struct wl_client *client, struct wl_resource *resource, uint32_t id,
	struct wl_resource *toplevel_resource)
{
	struct pw_xdg_toplevel *toplevel = pw_xdg_toplevel_from_resource(toplevel_resource);
	if (toplevel && toplevel->dialog) {
		wl_resource_post_error(resource, XDG_WM_DIALOG_V1_ERROR_ALREADY_USED,
			"the xdg_toplevel already has an xdg_dialog_v1");
		return;
	}
	struct wl_resource *dialog = wl_resource_create(client, &xdg_dialog_v1_interface,
		wl_resource_get_version(resource), id);
	if (!dialog) {
		wl_client_post_no_memory(client);
		return;
	}
	/* A toplevel whose role went gets an inert dialog object. */
	wl_resource_set_implementation(dialog, &dialog_impl, toplevel,
		handle_dialog_resource_destroy);
	if (toplevel) {
		toplevel->dialog = dialog;
	}
}

static const struct xdg_wm_dialog_v1_interface wm_dialog_impl = {
	.destroy = pw_request_destroy,
	.get_xdg_dialog = wm_dialog_get_xdg_dialog,
};

static void
bind_wm_dialog(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &xdg_wm_dialog_v1_interface, version, id);
	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &wm_dialog_impl, data, NULL);
}

bool
pw_xdg_dialog_create(struct pw_server *server)
{
	if (!wl_global_create(server->display, &xdg_wm_dialog_v1_interface, WM_DIALOG_VERSION,
		    server, bind_wm_dialog)) {
		pw_log_error("cannot create the xdg_wm_dialog_v1 global");
		return false;
	}
	return true;
}
