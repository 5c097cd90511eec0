/*
 * xdg_toplevel_tag_manager_v1 (xdg-toplevel-tag-v1, vendored in protocol/): a toplevel's
 * untranslated tag and its description, kept on its view. The tag is matched as an app_id is by
 * the config's per-window rules (touch's emulate_app_ids), so one program's windows can differ
 * (decision 4.96).
 */
#ifndef PW_TOPLEVEL_TAG_H
#define PW_TOPLEVEL_TAG_H

#include <stdbool.h>

struct pw_server;

bool pw_toplevel_tag_create(struct pw_server *server);

#endif
