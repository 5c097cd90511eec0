/*
 * ext-foreign-toplevel-list v1 (decision 4.89): a handle a mapped window with its title, app_id
 * and an identifier never used twice while picowl runs. A private global, as the wlr taskbar
 * protocol (4.84), whose hook it shares: it hears of each change as it happens and waits for
 * room in a socket that reads slowly. Its handles name the windows ext-image-capture-source
 * captures.
 */
#ifndef PW_EXT_TOPLEVEL_LIST_H
#define PW_EXT_TOPLEVEL_LIST_H

#include <stdbool.h>
#include <stdint.h>

struct pw_server;
struct wl_resource;

bool pw_ext_toplevel_list_create(struct pw_server *server);

/* Sends every list what changed: new windows, their title and app_id, the closed ones. */
void pw_ext_toplevel_list_update(struct pw_server *server);

/* The view id (view.h) of an ext_foreign_toplevel_handle_v1; 0 once it is closed. */
uint32_t pw_ext_toplevel_view_id(struct wl_resource *handle);

#endif
