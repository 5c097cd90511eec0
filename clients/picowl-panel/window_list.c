/* The panel's copy of picowl's window list, kept by the events of version 7 (decision 4.81). */
#include "window_list.h"

#include <stdio.h>
#include <string.h>

void
panel_window_list_put(struct panel_window_list *list, uint32_t id, const char *title,
	const char *app_id, uint32_t flags)
{
	struct panel_window *w = NULL;
	for (int i = 0; i < list->count && id != 0; i++) {
		if (list->v[i].id == id) {
			w = &list->v[i];
			break;
		}
	}
	if (!w) {
		if (list->count >= PANEL_MAX_WINDOWS) {
			return;
		}
		w = &list->v[list->count++];
	}
	w->id = id;
	w->flags = flags;
	snprintf(w->title, sizeof(w->title), "%s", title);
	snprintf(w->app_id, sizeof(w->app_id), "%s", app_id);
}

void
panel_window_list_remove(struct panel_window_list *list, uint32_t id)
{
	for (int i = 0; i < list->count; i++) {
		if (list->v[i].id == id) {
			memmove(&list->v[i], &list->v[i + 1],
				(size_t)(list->count - i - 1) * sizeof(list->v[0]));
			list->count--;
			return;
		}
	}
}

void
panel_window_list_order(struct panel_window_list *list, const uint32_t *ids, size_t n)
{
	static struct panel_window sorted[PANEL_MAX_WINDOWS];
	int k = 0;
	for (size_t i = 0; i < n && k < list->count; i++) {
		for (int j = 0; j < list->count; j++) {
			if (list->v[j].id == ids[i]) {
				sorted[k++] = list->v[j];
				break;
			}
		}
	}
	if (k == list->count) {
		memcpy(list->v, sorted, (size_t)k * sizeof(sorted[0]));
	}
}
