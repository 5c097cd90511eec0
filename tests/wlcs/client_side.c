/*
 * The two questions the module asks about WLCS's own client objects. Kept apart from
 * integration.c because the client and server headers of libwayland do not mix in one file.
 */
#include <wayland-client-core.h>

#include "client_side.h"

int
pw_wlcs_client_fd(struct wl_display *display)
{
	return wl_display_get_fd(display);
}

uint32_t
pw_wlcs_proxy_id(void *proxy)
{
	return wl_proxy_get_id(proxy);
}
