/*
 * Xwayland on demand (decision 4.70): the display's sockets are watched until an X client
 * connects; then Xwayland is started with them (-listenfd), a Wayland connection of its own
 * (WAYLAND_SOCKET, wl_client_create) and the window manager's (-wm), and the sockets are left
 * to it. When no X client is left for [xwayland] idle_timeout it is stopped and picowl watches
 * the sockets again.
 */
#define _GNU_SOURCE
#include "xwayland.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <wayland-server-core.h>

#include "config.h"
#include "desktop.h"
#include "log.h"
#include "server.h"
#include "x_display.h"
#include "xwm.h"
#include "xwm_load.h"

struct pw_xwayland {
	struct pw_server *server;
	char *path; /* the Xwayland binary */
	int idle_ms;
	struct pw_x_display display;
	struct wl_event_source *watch[2]; /* the sockets, while no Xwayland runs */
	pid_t pid; /* 0: not running */
	/* An Xwayland told to stop that may still accept on the shared sockets: they are
	 * watched again once it is gone (4.70). */
	pid_t stopping;
	struct wl_event_source *stopped_check;
	struct wl_client *client; /* Xwayland's Wayland connection */
	struct wl_listener client_destroy;
	int ready_fd; /* -displayfd's read end, until Xwayland wrote to it */
	struct wl_event_source *ready;
	int wm_fd; /* the window manager's end, until the window manager takes it */
	const struct pw_xwm_module *wm; /* picowl-xwm.so, loaded at the first start */
	struct pw_xwm *xwm;
	struct wl_event_source *idle; /* created on start, armed with no X window mapped */
};

/* The binary `name` names: itself with a '/', else the first in PATH; NULL when none. */
static char *
find_binary(const char *name)
{
	if (strchr(name, '/')) {
		return access(name, X_OK) == 0 ? strdup(name) : NULL;
	}
	const char *path = getenv("PATH");
	if (!path || !path[0]) {
		path = "/usr/local/bin:/usr/bin:/bin";
	}
	while (*path) {
		size_t len = strcspn(path, ":");
		char *full;
		if (len > 0 && asprintf(&full, "%.*s/%s", (int)len, path, name) >= 0) {
			if (access(full, X_OK) == 0) {
				return full;
			}
			free(full);
		}
		path += len + (path[len] == ':');
	}
	return NULL;
}

static int handle_connect(int fd, uint32_t mask, void *data);

#define STOPPED_CHECK_MS 10

static void
watch_sockets(struct pw_xwayland *xw, bool on)
{
	int fds[2] = {xw->display.fd_unix, xw->display.fd_abstract};
	for (int i = 0; i < 2; i++) {
		if (on && !xw->watch[i]) {
			xw->watch[i] = wl_event_loop_add_fd(xw->server->loop, fds[i],
				WL_EVENT_READABLE, handle_connect, xw);
		} else if (!on && xw->watch[i]) {
			wl_event_source_remove(xw->watch[i]);
			xw->watch[i] = NULL;
		}
	}
}

static void
close_fd(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

/*
 * Watches the sockets again once the Xwayland told to stop is gone (reaped: no such pid):
 * until then it still holds them and could take the next X client's connection, then die.
 */
static int
handle_stopped_check(void *data)
{
	struct pw_xwayland *xw = data;
	if (xw->stopping > 0 && !(kill(xw->stopping, 0) < 0 && errno == ESRCH)) {
		wl_event_source_timer_update(xw->stopped_check, STOPPED_CHECK_MS);
		return 0;
	}
	xw->stopping = 0;
	watch_sockets(xw, true);
	return 0;
}

static void
watch_when_stopped(struct pw_xwayland *xw)
{
	if (xw->stopping > 0 && !xw->stopped_check) {
		xw->stopped_check =
			wl_event_loop_add_timer(xw->server->loop, handle_stopped_check, xw);
	}
	if (xw->stopping > 0 && xw->stopped_check) {
		wl_event_source_timer_update(xw->stopped_check, STOPPED_CHECK_MS);
		return;
	}
	xw->stopping = 0;
	watch_sockets(xw, true);
}

/* Forgets the running Xwayland (gone, or to be stopped) and watches the sockets again. */
static void
forget_xwayland(struct pw_xwayland *xw)
{
	if (xw->xwm) {
		xw->wm->destroy(xw->xwm);
		xw->xwm = NULL;
	}
	if (xw->ready) {
		wl_event_source_remove(xw->ready);
		xw->ready = NULL;
	}
	close_fd(&xw->ready_fd);
	close_fd(&xw->wm_fd);
	if (xw->idle) {
		wl_event_source_remove(xw->idle);
		xw->idle = NULL;
	}
	if (xw->client) {
		wl_list_remove(&xw->client_destroy.link);
		struct wl_client *client = xw->client;
		xw->client = NULL;
		wl_client_destroy(client);
	}
	if (xw->pid > 0) {
		kill(xw->pid, SIGTERM); /* gone already, or going: SIGCHLD's handler reaps it */
		xw->stopping = xw->pid;
		xw->pid = 0;
	}
	watch_when_stopped(xw);
}

static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	struct pw_xwayland *xw = wl_container_of(listener, xw, client_destroy);
	wl_list_remove(&xw->client_destroy.link);
	xw->client = NULL;
	pw_log_info("xwayland: Xwayland (pid %d) is gone", (int)xw->pid);
	forget_xwayland(xw);
}

void
pw_xwayland_lost(struct pw_xwayland *xw)
{
	pw_log_warning("xwayland: the window manager lost Xwayland (pid %d)", (int)xw->pid);
	forget_xwayland(xw);
}

static int
handle_idle(void *data)
{
	struct pw_xwayland *xw = data;
	if (xw->xwm) {
		xw->wm->count_clients(xw->xwm); /* answered by pw_xwayland_clients_counted */
	}
	return 0;
}

void
pw_xwayland_clients_counted(struct pw_xwayland *xw, int others)
{
	if (others > 0 || xw->wm->mapped(xw->xwm) > 0) {
		wl_event_source_timer_update(xw->idle, xw->idle_ms); /* ask again later */
		return;
	}
	pw_log_info("xwayland: no X client left: stopping Xwayland (pid %d)", (int)xw->pid);
	forget_xwayland(xw);
}

void
pw_xwayland_windows_changed(struct pw_xwayland *xw, int mapped)
{
	if (xw->idle && xw->idle_ms > 0) {
		wl_event_source_timer_update(xw->idle, mapped > 0 ? 0 : xw->idle_ms);
	}
}

static int
handle_ready(int fd, uint32_t mask, void *data)
{
	struct pw_xwayland *xw = data;
	char text[16];
	ssize_t n = read(fd, text, sizeof(text) - 1);
	/* The number and its newline come in two writes: the pipe stays open for the second. */
	if (n > 0 && !memchr(text, '\n', (size_t)n)) {
		return 0;
	}
	wl_event_source_remove(xw->ready);
	xw->ready = NULL;
	close_fd(&xw->ready_fd);
	if (n <= 0) {
		pw_log_warning("xwayland: Xwayland ended before it was ready");
		forget_xwayland(xw);
		return 0;
	}
	xw->xwm = xw->wm->create(xw->server, xw, xw->client, xw->wm_fd);
	xw->wm_fd = -1; /* the window manager's now, even when it failed */
	if (!xw->xwm) {
		forget_xwayland(xw);
		return 0;
	}
	pw_log_info("xwayland: Xwayland (pid %d) ready on DISPLAY=%s", (int)xw->pid,
		xw->display.name);
	pw_xwayland_windows_changed(xw, 0);
	return 0;
}

static void
exec_xwayland(struct pw_xwayland *xw, int wl_fd, int wm_fd, int ready_fd)
{
	sigset_t all;
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	for (int s = 1; s < NSIG; s++) {
		signal(s, SIG_DFL);
	}
	setsid();
	int keep[] = {wl_fd, wm_fd, ready_fd, xw->display.fd_unix, xw->display.fd_abstract};
	char num[5][16];
	for (int i = 0; i < 5; i++) {
		fcntl(keep[i], F_SETFD, 0); /* every other descriptor is close-on-exec */
		snprintf(num[i], sizeof(num[i]), "%d", keep[i]);
	}
	setenv("WAYLAND_SOCKET", num[0], 1);
	unsetenv("DISPLAY");
	/*
	 * -shm: no glamor; -extension GLX: no Mesa (llvmpipe alone maps 44 MB of libLLVM in
	 * Xwayland at the first X client) on a handheld without a GPU; no -core: a fatal error
	 * would leave a core file of Xwayland's in picowl's folder (4.70).
	 */
	char *argv[] = {xw->path, xw->display.name, "-rootless", "-shm", "-extension", "GLX",
		"-listenfd", num[3], "-listenfd", num[4], "-wm", num[1], "-displayfd", num[2],
		NULL};
	execv(xw->path, argv);
	_exit(127);
}

/* Starts Xwayland for the X client waiting on the sockets; false when it could not. */
static bool
start_xwayland(struct pw_xwayland *xw)
{
	int wl[2], wm[2], ready[2];
	if (!xw->wm && !(xw->wm = pw_xwm_load())) {
		return false;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, wl) < 0) {
		return false;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, wm) < 0) {
		close(wl[0]);
		close(wl[1]);
		return false;
	}
	if (pipe2(ready, O_CLOEXEC) < 0) {
		close(wl[0]);
		close(wl[1]);
		close(wm[0]);
		close(wm[1]);
		return false;
	}
	/* Every descriptor of picowl's is close-on-exec in the child; exec_xwayland keeps its. */
	pid_t pid = fork();
	if (pid == 0) {
		close_range(3, ~0u, CLOSE_RANGE_CLOEXEC);
		exec_xwayland(xw, wl[1], wm[1], ready[1]);
	}
	close(wl[1]);
	close(wm[1]);
	close(ready[1]);
	if (pid < 0) {
		close(wl[0]);
		close(wm[0]);
		close(ready[0]);
		return false;
	}
	xw->pid = pid;
	xw->wm_fd = wm[0];
	xw->ready_fd = ready[0];
	xw->client = wl_client_create(xw->server->display, wl[0]);
	if (!xw->client) {
		close(wl[0]);
		forget_xwayland(xw);
		return false;
	}
	xw->client_destroy.notify = handle_client_destroy;
	wl_client_add_destroy_listener(xw->client, &xw->client_destroy);
	xw->ready = wl_event_loop_add_fd(xw->server->loop, xw->ready_fd, WL_EVENT_READABLE,
		handle_ready, xw);
	xw->idle = wl_event_loop_add_timer(xw->server->loop, handle_idle, xw);
	if (!xw->ready || !xw->idle) {
		forget_xwayland(xw);
		return false;
	}
	pw_log_info("xwayland: an X client connected: started %s (pid %d)", xw->path, (int)pid);
	return true;
}

static int
handle_connect(int fd, uint32_t mask, void *data)
{
	struct pw_xwayland *xw = data;
	watch_sockets(xw, false); /* Xwayland's now, or no one's until the next start */
	if (!start_xwayland(xw)) {
		pw_log_warning("xwayland: cannot start %s: %s", xw->path, strerror(errno));
		/* The client waiting is refused; the next one tries again. */
		int client = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
		if (client >= 0) {
			close(client);
		}
		watch_sockets(xw, true);
	}
	return 0;
}

struct pw_xwayland *
pw_xwayland_create(struct pw_server *server)
{
	const struct pw_config *config = server->desktop->config;
	if (config->xwayland.enabled == PW_XWAYLAND_OFF) {
		pw_log_info("X11 is off ([xwayland] enabled = off)");
		return NULL;
	}
	char *path = find_binary(config->xwayland.path);
	if (!path && config->xwayland.enabled == PW_XWAYLAND_AUTO) {
		pw_log_info("X11 is off: no Xwayland binary \"%s\" found", config->xwayland.path);
		return NULL;
	}
	struct pw_xwayland *xw = calloc(1, sizeof(*xw));
	if (!xw) {
		free(path);
		return NULL;
	}
	*xw = (struct pw_xwayland){
		.server = server,
		.path = path ? path : strdup(config->xwayland.path),
		.idle_ms = config->xwayland.idle_timeout * 1000,
		.ready_fd = -1,
		.wm_fd = -1,
	};
	if (!xw->path || !pw_x_display_open(&xw->display, 0)) {
		pw_log_info("X11 is off: no X display");
		free(xw->path);
		free(xw);
		return NULL;
	}
	watch_sockets(xw, true);
	if (!xw->watch[0] || !xw->watch[1]) {
		pw_xwayland_destroy(xw);
		return NULL;
	}
	setenv("DISPLAY", xw->display.name, 1);
	pw_log_info("X11 on DISPLAY=%s (Xwayland started by the first X client)", xw->display.name);
	return xw;
}

void
pw_xwayland_destroy(struct pw_xwayland *xw)
{
	if (!xw) {
		return;
	}
	forget_xwayland(xw);
	if (xw->stopped_check) {
		wl_event_source_remove(xw->stopped_check);
	}
	watch_sockets(xw, false);
	pw_x_display_close(&xw->display);
	unsetenv("DISPLAY");
	free(xw->path);
	free(xw);
}
