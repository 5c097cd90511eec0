/*
 * Request handlers more than one interface shares. The naming rule (doc/DESIGN.md section 7):
 * a request handler is <object>_<request>; these are the exceptions every interface may use.
 */
#ifndef PW_REQUEST_H
#define PW_REQUEST_H

#include <wayland-server-core.h>

/* A destructor request that frees nothing of its own: the resource's destroy does it. */
void pw_request_destroy(struct wl_client *client, struct wl_resource *resource);

#endif
