/*
 * zxdg_exporter_v2 and zxdg_importer_v2 (xdg-foreign-unstable-v2, Debian's wayland-protocols):
 * a client exports its toplevel as a random handle, another imports it and makes one of its own
 * toplevels a child of it, which then floats over it as an xdg_toplevel.set_parent dialog does
 * (decision 4.96). The export goes with its surface or its zxdg_exported_v2: every import of it
 * is sent destroyed and the children it made lose that parent.
 */
#ifndef PW_XDG_FOREIGN_H
#define PW_XDG_FOREIGN_H

#include <stdbool.h>

struct pw_server;

bool pw_xdg_foreign_create(struct pw_server *server);

#endif
