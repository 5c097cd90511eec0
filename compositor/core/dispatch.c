#include "dispatch.h"

#include <wayland-server-protocol.h>

/* wl_surface's requests in protocol order (the server header has no names for them). */
enum {
	WL_SURFACE_DESTROY,
	WL_SURFACE_ATTACH,
	WL_SURFACE_DAMAGE,
	WL_SURFACE_FRAME,
	WL_SURFACE_SET_OPAQUE_REGION,
	WL_SURFACE_SET_INPUT_REGION,
	WL_SURFACE_COMMIT,
	WL_SURFACE_SET_BUFFER_TRANSFORM,
	WL_SURFACE_SET_BUFFER_SCALE,
	WL_SURFACE_DAMAGE_BUFFER,
	WL_SURFACE_OFFSET,
};

/* libwayland has checked the message against its signature: the arguments are the right types. */
int
pw_dispatch_wl_surface(const void *implementation, void *target, uint32_t opcode,
	const struct wl_message *message, union wl_argument *args)
{
	const struct wl_surface_interface *impl = implementation;
	struct wl_resource *resource = target;
	struct wl_client *client = wl_resource_get_client(resource);
	switch (opcode) {
	case WL_SURFACE_DESTROY:
		impl->destroy(client, resource);
		break;
	case WL_SURFACE_ATTACH:
		impl->attach(client, resource, (struct wl_resource *)args[0].o, args[1].i,
			args[2].i);
		break;
	case WL_SURFACE_DAMAGE:
		impl->damage(client, resource, args[0].i, args[1].i, args[2].i, args[3].i);
		break;
	case WL_SURFACE_FRAME:
		impl->frame(client, resource, args[0].n);
		break;
	case WL_SURFACE_SET_OPAQUE_REGION:
		impl->set_opaque_region(client, resource, (struct wl_resource *)args[0].o);
		break;
	case WL_SURFACE_SET_INPUT_REGION:
		impl->set_input_region(client, resource, (struct wl_resource *)args[0].o);
		break;
	case WL_SURFACE_COMMIT:
		impl->commit(client, resource);
		break;
	case WL_SURFACE_SET_BUFFER_TRANSFORM:
		impl->set_buffer_transform(client, resource, args[0].i);
		break;
	case WL_SURFACE_SET_BUFFER_SCALE:
		impl->set_buffer_scale(client, resource, args[0].i);
		break;
	case WL_SURFACE_DAMAGE_BUFFER:
		impl->damage_buffer(client, resource, args[0].i, args[1].i, args[2].i, args[3].i);
		break;
	case WL_SURFACE_OFFSET:
		impl->offset(client, resource, args[0].i, args[1].i);
		break;
	default:
		/* libwayland posts invalid_method for opcodes past the interface: not reached. */
		return -1;
	}
	return 0;
}
