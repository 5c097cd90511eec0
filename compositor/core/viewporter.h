/* wp_viewporter: a surface's source rectangle and destination size. */
#ifndef PW_VIEWPORTER_H
#define PW_VIEWPORTER_H

#include <stdbool.h>

struct pw_server;
struct pw_surface;

/* Creates the wp_viewporter global; false on failure. */
bool pw_viewporter_create(struct pw_server *server);
/* Posts wp_viewport errors for a committed viewport that does not fit; false if so. */
bool pw_viewporter_check(struct pw_surface *surface);

#endif
