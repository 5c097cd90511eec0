/*
 * xdg_toplevel_icon_manager_v1 (xdg-toplevel-icon-v1, vendored in protocol/): a toplevel's icon
 * by name and by wl_shm buffers. picowl asks for PW_VIEW_ICON_SIZE (the panel's rows) and keeps,
 * of the buffers an icon is given, a copy of the one closest to it (the smallest not below, else
 * the largest) scaled to that size, read when it is added: a buffer may then go before its icon
 * and no_buffer is never sent. set_icon takes effect at the toplevel's next commit; the panel
 * hears of it over picowl_control_v1 version 8 (window_icon, decision 4.96).
 */
#ifndef PW_TOPLEVEL_ICON_H
#define PW_TOPLEVEL_ICON_H

#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_server;
struct pw_view;
struct pw_xdg_toplevel;

bool pw_toplevel_icon_create(struct pw_server *server);
/* The toplevel committed: an icon set since becomes its view's. */
void pw_toplevel_icon_commit(struct pw_xdg_toplevel *toplevel);
/* The toplevel's role goes: its pending icon with it. */
void pw_toplevel_icon_toplevel_gone(struct pw_xdg_toplevel *toplevel);
/* The window_icon event of `view` to a picowl_control_v1 `resource` (nothing below version 8). */
void pw_toplevel_icon_send(struct wl_resource *resource, struct pw_view *view);

#endif
