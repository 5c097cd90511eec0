#include "client_fds.h"

#include <stdlib.h>
#include <sys/resource.h>

#include "fds.h"
#include "log.h"

struct pw_client_fds {
	struct wl_display *display;
	struct wl_listener client_created;
	int share;
};

static int
resolve_share(int share)
{
	if (share > 0) {
		return share;
	}
	struct rlimit rl;
	int limit = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (1u << 30)
		? (int)rl.rlim_cur
		: 1 << 30;
	return pw_fds_default_share(limit);
}

static void
handle_display_client_created(struct wl_listener *listener, void *data)
{
	struct pw_client_fds *cf = wl_container_of(listener, cf, client_created);
	struct wl_client *client = data;
	if (!pw_fds_watch(wl_client_get_fd(client), cf->share)) {
		wl_client_post_no_memory(client);
	}
}

/* Inside libwayland's read of the client's socket, which then fails: the client goes. */
static void
handle_over(void *data, int sock, int held)
{
	struct pw_client_fds *cf = data;
	struct wl_client *client;
	wl_client_for_each(client, wl_display_get_client_list(cf->display))
	{
		if (wl_client_get_fd(client) == sock) {
			pid_t pid = 0;
			wl_client_get_credentials(client, &pid, NULL, NULL);
			pw_log_limited(PW_LOG_WARNING,
				"client pid %d left %d descriptors with picowl, over its "
				"share of %d: disconnected",
				(int)pid, held, cf->share);
			wl_client_post_no_memory(client);
			return;
		}
	}
}

struct pw_client_fds *
pw_client_fds_create(struct wl_display *display, int share)
{
	struct pw_client_fds *cf = calloc(1, sizeof(*cf));
	if (!cf) {
		return NULL;
	}
	cf->display = display;
	cf->share = resolve_share(share);
	cf->client_created.notify = handle_display_client_created;
	wl_display_add_client_created_listener(display, &cf->client_created);
	pw_fds_set_handler(handle_over, cf);
	return cf;
}

void
pw_client_fds_destroy(struct pw_client_fds *cf)
{
	if (!cf) {
		return;
	}
	pw_fds_set_handler(NULL, NULL);
	wl_list_remove(&cf->client_created.link);
	free(cf);
}

void
pw_client_fds_set_share(struct pw_client_fds *cf, int share)
{
	cf->share = resolve_share(share);
	struct wl_client *client;
	wl_client_for_each(client, wl_display_get_client_list(cf->display))
	{
		pw_fds_set_limit(wl_client_get_fd(client), cf->share);
	}
}
