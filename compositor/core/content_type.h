/* wp_content_type_manager_v1: what a surface shows (photo, video, game), per surface. */
#ifndef PW_CONTENT_TYPE_H
#define PW_CONTENT_TYPE_H

#include <stdbool.h>

struct pw_server;

/* Creates the wp_content_type_manager_v1 global; false on failure. */
bool pw_content_type_create(struct pw_server *server);

#endif
