/*
 * The shell on the core: creates every global in the order clients see them, the seat with the
 * shell's policy, and registers the scene. The core and the seat call up only through these.
 */
#include "shell.h"

#include <wayland-server-protocol.h>

#include "alpha_modifier.h"
#include "bindings.h"
#include "commit_timing.h"
#include "compositor.h"
#include "content_type.h"
#include "control.h"
#include "counters_protocol.h"
#include "desktop.h"
#include "ext_toplevel_list.h"
#include "fifo.h"
#include "foreign_toplevel.h"
#include "fractional_scale.h"
#include "gamma_control.h"
#include "idle.h"
#include "idle_inhibit.h"
#include "idle_notify.h"
#include "image_capture_source.h"
#include "image_copy_capture.h"
#include "ime_popup.h"
#include "layer_shell.h"
#include "linux_dmabuf.h"
#include "log.h"
#include "output_management.h"
#include "output_power.h"
#include "panel.h"
#include "power.h"
#include "presentation.h"
#include "scene.h"
#include "screencopy.h"
#include "seat.h"
#include "security_context.h"
#include "server.h"
#include "session_lock.h"
#include "shm.h"
#include "single_pixel_buffer.h"
#include "subsurface.h"
#include "surface.h"
#include "system_bell.h"
#include "tearing_control.h"
#include "tiling.h"
#include "toplevel_icon.h"
#include "toplevel_tag.h"
#include "view.h"
#include "viewporter.h"
#include "xdg_activation.h"
#include "xdg_decoration.h"
#include "xdg_dialog.h"
#include "xdg_foreign.h"
#include "xdg_output.h"
#include "xdg_shell.h"

static void
focus_pressed(struct pw_server *server, struct pw_surface *surface)
{
	struct pw_view *view = pw_view_from_surface(surface);
	if (view && view != server->desktop->focus) {
		pw_tiling_focus(server, view);
	}
}

/* A locked session shows no panel: nothing to reveal. */
static void
input_at(struct pw_server *server, double x, double y)
{
	if (!pw_session_lock_active(server)) {
		pw_panel_input_at(server, x, y);
	}
}

static const struct pw_seat_policy seat_policy = {
	.surface_at = pw_scene_surface_at,
	.focus = focus_pressed,
	.press = pw_layer_shell_pressed,
	.input_at = input_at,
	.binding = pw_bindings_handle,
	.gesture = pw_bindings_gesture,
	.place_input_popup = pw_ime_popup_place,
	.keyboard_focus = pw_session_lock_keyboard_focus,
};

static bool
create_globals(struct pw_server *server)
{
	return pw_shm_create(server) && pw_compositor_create(server) &&
		pw_subcompositor_create(server) && pw_xdg_shell_create(server) &&
		pw_xdg_decoration_create(server) && pw_viewporter_create(server) &&
		pw_presentation_create(server) && pw_screencopy_create(server) &&
		pw_xdg_output_create(server) && pw_counters_protocol_create(server) &&
		pw_seat_create(server, &seat_policy) && pw_layer_shell_create(server) &&
		pw_control_create(server) && pw_xdg_activation_create(server) &&
		pw_output_management_create(server) && pw_gamma_control_create(server) &&
		pw_session_lock_create(server) && pw_output_power_create(server) &&
		pw_idle_notify_create(server) && pw_idle_inhibit_create(server) &&
		pw_xdg_dialog_create(server) && pw_foreign_toplevel_create(server) &&
		pw_ext_toplevel_list_create(server) && pw_image_capture_source_create(server) &&
		pw_image_copy_capture_create(server) && pw_single_pixel_buffer_create(server) &&
		pw_alpha_modifier_create(server) && pw_fractional_scale_create(server) &&
		pw_content_type_create(server) && pw_tearing_control_create(server) &&
		pw_fifo_create(server) && pw_commit_timing_create(server) &&
		pw_security_context_create(server) && pw_system_bell_create(server) &&
		pw_toplevel_tag_create(server) && pw_toplevel_icon_create(server) &&
		pw_xdg_foreign_create(server) && pw_linux_dmabuf_create(server);
}

bool
pw_shell_create(struct pw_server *server)
{
	/* The desktop first: it goes first when the server is destroyed, the seat after it. */
	if (!pw_desktop_create(server) || !create_globals(server)) {
		pw_log_error("cannot create the Wayland globals");
		return false;
	}
	pw_server_set_shell(server, &pw_scene);
	return true;
}
