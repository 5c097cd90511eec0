/* Client-side libwayland calls, for a file that includes the server headers. */
#ifndef PW_WLCS_CLIENT_SIDE_H
#define PW_WLCS_CLIENT_SIDE_H

#include <stdint.h>

struct wl_display;

/* The socket a client-side wl_display talks over: the fd create_client_socket returned. */
int pw_wlcs_client_fd(struct wl_display *display);
/* The protocol id of a client-side wl_proxy (a wl_surface, say). */
uint32_t pw_wlcs_proxy_id(void *proxy);

#endif
