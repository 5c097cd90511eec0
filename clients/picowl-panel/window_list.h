/*
 * The window list as picowl_control_v1 sends it: whole at every change up to version 6; from
 * version 7 the first list whole, then the windows that changed, the ones removed and the
 * order when it moved (decision 4.81). At most PANEL_MAX_WINDOWS are kept.
 */
#ifndef PANEL_WINDOW_LIST_H
#define PANEL_WINDOW_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "draw.h"

struct panel_window_list {
	struct panel_window v[PANEL_MAX_WINDOWS];
	int count;
};

/* A window event: replaces the window with this id, or adds it at the end. */
void panel_window_list_put(struct panel_window_list *list, uint32_t id, const char *title,
	const char *app_id, uint32_t flags);
/* A window_removed event. */
void panel_window_list_remove(struct panel_window_list *list, uint32_t id);
/* A window_order event: the windows in the order of `ids`; ids it does not hold are skipped. */
void panel_window_list_order(struct panel_window_list *list, const uint32_t *ids, size_t n);

#endif
