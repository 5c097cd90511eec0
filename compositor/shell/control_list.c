/* picowl_control_v1 version 7's window batches: what changed since the last (decision 4.81). */
#include "control_list.h"

#include <stdlib.h>
#include <string.h>

#include "control_windows.h"
#include "desktop.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "server.h"
#include "toplevel_icon.h"
#include "view.h"

static int
by_id(const void *a, const void *b)
{
	uint32_t x = ((const struct pw_control_entry *)a)->id;
	uint32_t y = ((const struct pw_control_entry *)b)->id;
	return x < y ? -1 : x > y;
}

static const struct pw_control_entry *
find(const struct pw_control_entry *sorted, size_t n, uint32_t id)
{
	struct pw_control_entry key = {.id = id};
	return n ? bsearch(&key, sorted, n, sizeof(key), by_id) : NULL;
}

/* A copy of `v` sorted by id, for the lookups; NULL when out of memory (n > 0). */
static struct pw_control_entry *
sorted_copy(const struct pw_control_entry *v, size_t n)
{
	struct pw_control_entry *copy = malloc((n ? n : 1) * sizeof(*copy));
	if (copy && n) {
		memcpy(copy, v, n * sizeof(*copy));
		qsort(copy, n, sizeof(*copy), by_id);
	}
	return copy;
}

/*
 * Whether the client's list, once the batch's removals and additions are applied (the old
 * entries still there, in their order, then the new ones), is `now` in its order.
 */
static bool
same_order(const struct pw_control_list *list, const struct pw_control_entry *now,
	const struct pw_control_entry *now_sorted, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < list->n; i++) {
		if (!find(now_sorted, n, list->v[i].id)) {
			continue;
		}
		if (now[k].id != list->v[i].id) {
			return false;
		}
		k++;
	}
	return true; /* now[k..] are the new ones, added at the end in this order */
}

static void
send_order(struct wl_resource *resource, const struct pw_control_entry *now, size_t n)
{
	struct wl_array ids;
	wl_array_init(&ids);
	uint32_t *id = wl_array_add(&ids, (n ? n : 1) * sizeof(*id));
	if (!id) {
		wl_client_post_no_memory(wl_resource_get_client(resource));
		return;
	}
	ids.size = n * sizeof(*id);
	for (size_t i = 0; i < n; i++) {
		id[i] = now[i].id;
	}
	picowl_control_v1_send_window_order(resource, &ids);
	wl_array_release(&ids);
}

void
pw_control_list_send(struct pw_control_list *list, struct pw_server *server,
	struct wl_resource *resource)
{
	size_t n = 0;
	struct pw_view *view;
	wl_list_for_each(view, &server->desktop->views, link) {
		n += view->mapped;
	}
	struct pw_control_entry *now = malloc((n ? n : 1) * sizeof(*now));
	struct pw_view **views = malloc((n ? n : 1) * sizeof(*views));
	struct pw_control_entry *old_sorted = sorted_copy(list->v, list->n);
	if (!now || !views || !old_sorted) {
		free(now);
		free(views);
		free(old_sorted);
		wl_client_post_no_memory(wl_resource_get_client(resource));
		return;
	}
	size_t i = 0;
	wl_list_for_each(view, &server->desktop->views, link) {
		if (view->mapped) {
			views[i] = view;
			now[i++] = (struct pw_control_entry){view->id,
				pw_control_window_flags(server, view), view->text_serial,
				view->icon_serial};
		}
	}
	struct pw_control_entry *now_sorted = sorted_copy(now, n);
	if (!now_sorted) {
		free(now);
		free(views);
		free(old_sorted);
		wl_client_post_no_memory(wl_resource_get_client(resource));
		return;
	}
	for (i = 0; i < list->n; i++) {
		if (!find(now_sorted, n, list->v[i].id)) {
			picowl_control_v1_send_window_removed(resource, list->v[i].id);
		}
	}
	for (i = 0; i < n; i++) {
		const struct pw_control_entry *old = find(old_sorted, list->n, now[i].id);
		if (!old || old->flags != now[i].flags || old->text_serial != now[i].text_serial) {
			pw_control_send_window(resource, views[i], now[i].flags);
		}
		/* A new window's icon only if it has one: icon_serial 0 is none. */
		if (old ? old->icon_serial != now[i].icon_serial : now[i].icon_serial != 0) {
			pw_toplevel_icon_send(resource, views[i]);
		}
	}
	if (!same_order(list, now, now_sorted, n)) {
		send_order(resource, now, n);
	}
	picowl_control_v1_send_windows_done(resource);
	free(list->v);
	list->v = now;
	list->n = n;
	free(views);
	free(old_sorted);
	free(now_sorted);
}

void
pw_control_list_finish(struct pw_control_list *list)
{
	free(list->v);
	*list = (struct pw_control_list){0};
}
