/*
 * The window list as one picowl_control_v1 client of version 7 was last sent it, so that the
 * next batch carries what changed (decision 4.81): windows whose title, app_id or flags
 * changed or that are new, the ones gone, and the order when it is not what those leave.
 */
#ifndef PW_CONTROL_LIST_H
#define PW_CONTROL_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_server;

struct pw_control_entry {
	uint32_t id, flags, text_serial; /* text_serial: the view's, at the time it was sent */
	uint32_t icon_serial; /* version 8: the view's, at the time its icon was sent */
};

struct pw_control_list {
	struct pw_control_entry *v; /* tiling order */
	size_t n;
};

/*
 * Sends `resource` the window events that take its list from `list` to the mapped views of
 * `server` now, then windows_done; `list` becomes now. Out of memory, the client gets
 * no_memory (its list would be wrong from then on).
 */
void pw_control_list_send(struct pw_control_list *list, struct pw_server *server,
	struct wl_resource *resource);

void pw_control_list_finish(struct pw_control_list *list);

#endif
