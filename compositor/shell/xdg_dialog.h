/*
 * xdg_wm_dialog_v1 (xdg-dialog-v1, vendored in protocol/): a toplevel's dialog object, whose
 * set_modal makes the dialog keep the focus from its parent (decision 4.51).
 */
#ifndef PW_XDG_DIALOG_H
#define PW_XDG_DIALOG_H

#include <stdbool.h>

struct pw_server;
struct pw_xdg_toplevel;

bool pw_xdg_dialog_create(struct pw_server *server);
/* The toplevel's role goes: its xdg_dialog_v1, if any, goes inert. */
void pw_xdg_dialog_toplevel_gone(struct pw_xdg_toplevel *toplevel);

#endif
