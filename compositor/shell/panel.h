/* The panel (the top layer) over a fullscreen client: autohide and the edge reveal. */
#ifndef PW_PANEL_H
#define PW_PANEL_H

#include <stdbool.h>

struct pw_server;

/* Shows the panel; over a fullscreen client with autohide, hides it after the timeout. */
void pw_panel_show(struct pw_server *server);
/* Whether the top layer is shown now. */
bool pw_panel_visible(struct pw_server *server);
/* An input point: a touch or pointer at the panel's edge shows it. */
void pw_panel_input_at(struct pw_server *server, double x, double y);
/* The fullscreen state may have changed: hide or show, damage. */
void pw_panel_update(struct pw_server *server);

#endif
