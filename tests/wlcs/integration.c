/*
 * The WLCS integration module: `wlcs_server_integration` runs picowl's server (headless) on a
 * thread of its own. WLCS calls the hooks from its test thread; each is marshalled onto the
 * server thread through an eventfd and waited for, so the server is only ever touched there.
 * Clients come through socketpairs handed to wl_client_create, never through a listening socket.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server-core.h>

#include <wlcs/display_server.h>
#include <wlcs/pointer.h>
#include <wlcs/touch.h>

#include "client_side.h"
#include "layer_shell.h"
#include "options.h"
#include "pointer.h"
#include "server.h"
#include "shell.h"
#include "surface.h"
#include "touch.h"
#include "view.h"

/*
 * WLCS 1.5 puts the parents of its popups at 500,500, 400x500: the output holds them, so that
 * the positioner alone places a popup (picowl slides one into the output even when unasked).
 */
#define OUTPUT_WIDTH 1280
#define OUTPUT_HEIGHT 1024

struct wlcs_server;
typedef void (*call_fn)(struct wlcs_server *ws, void *arg);

struct wlcs_server {
	WlcsDisplayServer base;
	struct pw_options opts;
	pthread_t thread;
	bool thread_started;
	int event_fd;

	/* Guarded by `lock`. */
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool ready; /* the thread has created the server, or failed to */
	call_fn call;
	void *call_arg;
	bool call_done;
	/* One hook at a time crosses to the server thread. */
	pthread_mutex_t call_lock;

	/* Server thread only. */
	struct pw_server *server;
	bool running;
	struct wl_list clients; /* struct wlcs_client.link */
	int32_t next_touch_id;
};

/* What the module knows of each client: the fd WLCS's side of the socketpair has. */
struct wlcs_client {
	struct wl_list link;
	int client_fd; /* -1 once the number may belong to a newer client */
	struct wl_client *client;
	struct wl_listener destroy;
};

struct wlcs_pointer {
	WlcsPointer base;
	struct wlcs_server *ws;
	double x, y;
};

struct wlcs_touch {
	WlcsTouch base;
	struct wlcs_server *ws;
	int32_t id;
	double x, y;
};

static uint32_t
now_msec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static struct wlcs_server *
wlcs_server_from_base(WlcsDisplayServer *base)
{
	return (struct wlcs_server *)base; /* the first member */
}

/* ---- the server thread ---- */

static int
handle_event_fd(int fd, uint32_t mask, void *data)
{
	struct wlcs_server *ws = data;
	uint64_t count;
	if (read(fd, &count, sizeof(count)) < 0 && errno != EAGAIN) {
		fprintf(stderr, "picowl-wlcs: eventfd read: %s\n", strerror(errno));
	}
	pthread_mutex_lock(&ws->lock);
	call_fn call = ws->call;
	void *arg = ws->call_arg;
	ws->call = NULL;
	pthread_mutex_unlock(&ws->lock);
	if (!call) {
		return 0;
	}
	call(ws, arg);
	pthread_mutex_lock(&ws->lock);
	ws->call_done = true;
	pthread_cond_broadcast(&ws->cond);
	pthread_mutex_unlock(&ws->lock);
	return 0;
}

static void
forget_clients(struct wlcs_server *ws)
{
	struct wlcs_client *c, *tmp;
	wl_list_for_each_safe(c, tmp, &ws->clients, link) {
		wl_list_remove(&c->destroy.link);
		wl_list_remove(&c->link);
		free(c);
	}
}

static void *
run_server(void *data)
{
	struct wlcs_server *ws = data;
	struct wl_event_source *source = NULL;

	ws->server = pw_server_create(&ws->opts);
	if (ws->server && (!pw_shell_create(ws->server) || !pw_server_listen(ws->server))) {
		pw_server_destroy(ws->server);
		ws->server = NULL;
	}
	if (ws->server) {
		source = wl_event_loop_add_fd(ws->server->loop, ws->event_fd, WL_EVENT_READABLE,
			handle_event_fd, ws);
	}
	pthread_mutex_lock(&ws->lock);
	ws->ready = true;
	pthread_cond_broadcast(&ws->cond);
	pthread_mutex_unlock(&ws->lock);
	if (!source) {
		fprintf(stderr, "picowl-wlcs: cannot create the server\n");
		pw_server_destroy(ws->server);
		ws->server = NULL;
		return NULL;
	}

	ws->running = true;
	while (ws->running) {
		wl_display_flush_clients(ws->server->display);
		if (wl_event_loop_dispatch(ws->server->loop, -1) < 0 && errno != EINTR) {
			fprintf(stderr, "picowl-wlcs: event loop: %s\n", strerror(errno));
			break;
		}
	}

	wl_event_source_remove(source);
	pw_server_destroy(ws->server);
	/* After the clients died: their destroy listeners are gone with them. */
	forget_clients(ws);
	ws->server = NULL;
	return NULL;
}

/*
 * Runs `call` on the server thread and waits for it. Returns false (without running it) when
 * the server is not running.
 */
static bool
run_on_server(struct wlcs_server *ws, call_fn call, void *arg)
{
	if (!ws->thread_started || !ws->server) {
		return false;
	}
	pthread_mutex_lock(&ws->call_lock);
	pthread_mutex_lock(&ws->lock);
	ws->call = call;
	ws->call_arg = arg;
	ws->call_done = false;
	pthread_mutex_unlock(&ws->lock);
	uint64_t one = 1;
	if (write(ws->event_fd, &one, sizeof(one)) < 0) {
		fprintf(stderr, "picowl-wlcs: eventfd write: %s\n", strerror(errno));
	}
	pthread_mutex_lock(&ws->lock);
	while (!ws->call_done) {
		pthread_cond_wait(&ws->cond, &ws->lock);
	}
	pthread_mutex_unlock(&ws->lock);
	pthread_mutex_unlock(&ws->call_lock);
	return true;
}

/* ---- start, stop ---- */

static void
start(WlcsDisplayServer *base)
{
	struct wlcs_server *ws = wlcs_server_from_base(base);
	if (pthread_create(&ws->thread, NULL, run_server, ws) != 0) {
		fprintf(stderr, "picowl-wlcs: cannot start the server thread\n");
		return;
	}
	ws->thread_started = true;
	pthread_mutex_lock(&ws->lock);
	while (!ws->ready) {
		pthread_cond_wait(&ws->cond, &ws->lock);
	}
	pthread_mutex_unlock(&ws->lock);
}

static void
do_stop(struct wlcs_server *ws, void *arg)
{
	ws->running = false;
}

static void
stop(WlcsDisplayServer *base)
{
	struct wlcs_server *ws = wlcs_server_from_base(base);
	if (!ws->thread_started) {
		return;
	}
	run_on_server(ws, do_stop, NULL);
	pthread_join(ws->thread, NULL);
	ws->thread_started = false;
	ws->ready = false;
}

/* ---- clients ---- */

static void
handle_client_destroy(struct wl_listener *listener, void *data)
{
	struct wlcs_client *c = wl_container_of(listener, c, destroy);
	wl_list_remove(&c->destroy.link);
	wl_list_remove(&c->link);
	free(c);
}

struct client_socket_call {
	int server_fd, client_fd;
	bool ok;
};

static void
do_add_client(struct wlcs_server *ws, void *arg)
{
	struct client_socket_call *call = arg;
	struct wlcs_client *c = calloc(1, sizeof(*c));
	if (!c) {
		return;
	}
	c->client = wl_client_create(ws->server->display, call->server_fd);
	if (!c->client) {
		free(c);
		return;
	}
	/* A client that closed this fd number may not have been noticed yet. */
	struct wlcs_client *old;
	wl_list_for_each(old, &ws->clients, link) {
		if (old->client_fd == call->client_fd) {
			old->client_fd = -1;
		}
	}
	c->client_fd = call->client_fd;
	c->destroy.notify = handle_client_destroy;
	wl_client_add_destroy_listener(c->client, &c->destroy);
	wl_list_insert(&ws->clients, &c->link);
	call->ok = true;
}

static int
create_client_socket(WlcsDisplayServer *base)
{
	struct wlcs_server *ws = wlcs_server_from_base(base);
	int fds[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) < 0) {
		return -1;
	}
	struct client_socket_call call = {.server_fd = fds[0], .client_fd = fds[1]};
	if (!run_on_server(ws, do_add_client, &call) || !call.ok) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	return fds[1]; /* fds[0] belongs to the wl_client now */
}

/* ---- position_window_absolute ---- */

struct position_call {
	int client_fd;
	uint32_t surface_id;
	int x, y;
};

static void
do_position(struct wlcs_server *ws, void *arg)
{
	struct position_call *call = arg;
	struct wlcs_client *c;
	struct wl_client *client = NULL;
	wl_list_for_each(c, &ws->clients, link) {
		if (c->client_fd == call->client_fd) {
			client = c->client;
			break;
		}
	}
	struct wl_resource *resource =
		client ? wl_client_get_object(client, call->surface_id) : NULL;
	if (!resource || strcmp(wl_resource_get_class(resource), "wl_surface") != 0) {
		fprintf(stderr, "picowl-wlcs: position_window_absolute: no wl_surface@%u\n",
			call->surface_id);
		return;
	}
	struct pw_surface *surface = pw_surface_from_resource(resource);
	struct pw_view *view = pw_view_from_surface(surface);
	if (!view && pw_layer_shell_set_test_position(surface, call->x, call->y)) {
		pw_seat_pointer_rescan(ws->server->seat, now_msec());
		return;
	}
	if (!view) {
		fprintf(stderr,
			"picowl-wlcs: position_window_absolute: wl_surface@%u is no "
			"toplevel\n",
			call->surface_id);
		return;
	}
	pw_view_set_test_position(view, call->x, call->y);
	/* The window moved under a still pointer, as a re-tile would move it. */
	pw_seat_pointer_rescan(ws->server->seat, now_msec());
}

static void
position_window_absolute(WlcsDisplayServer *base, wl_display *display, wl_surface *surface, int x,
	int y)
{
	struct wlcs_server *ws = wlcs_server_from_base(base);
	struct position_call call = {
		.client_fd = pw_wlcs_client_fd(display),
		.surface_id = pw_wlcs_proxy_id(surface),
		.x = x,
		.y = y,
	};
	run_on_server(ws, do_position, &call);
}

/* ---- pointer ---- */

static void
do_pointer_motion(struct wlcs_server *ws, void *arg)
{
	struct wlcs_pointer *p = arg;
	pw_seat_notify_motion(ws->server->seat, now_msec(), p->x, p->y);
}

static void
pointer_move_absolute(WlcsPointer *base, wl_fixed_t x, wl_fixed_t y)
{
	struct wlcs_pointer *p = wl_container_of(base, p, base);
	p->x = wl_fixed_to_double(x);
	p->y = wl_fixed_to_double(y);
	run_on_server(p->ws, do_pointer_motion, p);
}

struct relative_call {
	double dx, dy;
};

/* As a mouse moves it (4.91): relative pointers hear it, a lock or a confinement holds it. */
static void
do_pointer_relative(struct wlcs_server *ws, void *arg)
{
	struct relative_call *call = arg;
	pw_seat_notify_relative_motion(ws->server->seat, (uint64_t)now_msec() * 1000, call->dx,
		call->dy, call->dx, call->dy);
}

static void
pointer_move_relative(WlcsPointer *base, wl_fixed_t dx, wl_fixed_t dy)
{
	struct wlcs_pointer *p = wl_container_of(base, p, base);
	struct relative_call call = {wl_fixed_to_double(dx), wl_fixed_to_double(dy)};
	p->x += call.dx;
	p->y += call.dy;
	run_on_server(p->ws, do_pointer_relative, &call);
}

struct button_call {
	uint32_t button;
	bool pressed;
};

static void
do_pointer_button(struct wlcs_server *ws, void *arg)
{
	struct button_call *call = arg;
	pw_seat_notify_button(ws->server->seat, now_msec(), call->button, call->pressed);
}

static void
pointer_button_down(WlcsPointer *base, int button)
{
	struct wlcs_pointer *p = wl_container_of(base, p, base);
	struct button_call call = {(uint32_t)button, true};
	run_on_server(p->ws, do_pointer_button, &call);
}

static void
pointer_button_up(WlcsPointer *base, int button)
{
	struct wlcs_pointer *p = wl_container_of(base, p, base);
	struct button_call call = {(uint32_t)button, false};
	run_on_server(p->ws, do_pointer_button, &call);
}

static void
pointer_destroy(WlcsPointer *base)
{
	struct wlcs_pointer *p = wl_container_of(base, p, base);
	free(p);
}

static WlcsPointer *
create_pointer(WlcsDisplayServer *base)
{
	struct wlcs_pointer *p = calloc(1, sizeof(*p));
	if (!p) {
		return NULL;
	}
	p->base = (WlcsPointer){
		.version = 1,
		.move_absolute = pointer_move_absolute,
		.move_relative = pointer_move_relative,
		.button_up = pointer_button_up,
		.button_down = pointer_button_down,
		.destroy = pointer_destroy,
	};
	p->ws = wlcs_server_from_base(base);
	return &p->base;
}

/* ---- touch ---- */

static void
do_touch_down(struct wlcs_server *ws, void *arg)
{
	struct wlcs_touch *t = arg;
	pw_seat_notify_touch_down(ws->server->seat, now_msec(), t->id, t->x, t->y);
	pw_seat_notify_touch_frame(ws->server->seat);
}

static void
do_touch_motion(struct wlcs_server *ws, void *arg)
{
	struct wlcs_touch *t = arg;
	pw_seat_notify_touch_motion(ws->server->seat, now_msec(), t->id, t->x, t->y);
	pw_seat_notify_touch_frame(ws->server->seat);
}

static void
do_touch_up(struct wlcs_server *ws, void *arg)
{
	struct wlcs_touch *t = arg;
	pw_seat_notify_touch_up(ws->server->seat, now_msec(), t->id);
	pw_seat_notify_touch_frame(ws->server->seat);
}

/*
 * The touch hooks are declared with wl_fixed_t, but the WLCS runner passes whole pixels
 * (its Touch::down_at(int, int) hands them on unconverted), unlike the pointer hooks.
 */
static void
touch_down(WlcsTouch *base, wl_fixed_t x, wl_fixed_t y)
{
	struct wlcs_touch *t = wl_container_of(base, t, base);
	t->x = x;
	t->y = y;
	run_on_server(t->ws, do_touch_down, t);
}

static void
touch_move(WlcsTouch *base, wl_fixed_t x, wl_fixed_t y)
{
	struct wlcs_touch *t = wl_container_of(base, t, base);
	t->x = x;
	t->y = y;
	run_on_server(t->ws, do_touch_motion, t);
}

static void
touch_up(WlcsTouch *base)
{
	struct wlcs_touch *t = wl_container_of(base, t, base);
	run_on_server(t->ws, do_touch_up, t);
}

static void
touch_destroy(WlcsTouch *base)
{
	struct wlcs_touch *t = wl_container_of(base, t, base);
	free(t);
}

static WlcsTouch *
create_touch(WlcsDisplayServer *base)
{
	struct wlcs_server *ws = wlcs_server_from_base(base);
	struct wlcs_touch *t = calloc(1, sizeof(*t));
	if (!t) {
		return NULL;
	}
	t->base = (WlcsTouch){
		.version = 1,
		.touch_down = touch_down,
		.touch_move = touch_move,
		.touch_up = touch_up,
		.destroy = touch_destroy,
	};
	t->ws = ws;
	t->id = ws->next_touch_id++;
	return &t->base;
}

/* ---- what picowl offers ---- */

/* What picowl offers, at the versions compositor/ creates the globals with. */
static const WlcsExtensionDescriptor extensions[] = {
	{"wl_compositor", 5},
	{"wl_subcompositor", 1},
	{"wl_shm", 1},
	{"wl_seat", 8},
	{"wl_output", 4},
	{"wl_data_device_manager", 3},
	{"zwp_primary_selection_device_manager_v1", 1},
	{"xdg_wm_base", 3},
	{"zxdg_decoration_manager_v1", 1},
	{"wp_viewporter", 1},
	{"wp_presentation", 1},
	{"zxdg_output_manager_v1", 3},
	{"zwlr_screencopy_manager_v1", 3},
	{"zwlr_layer_shell_v1", 4},
	{"zwp_text_input_manager_v3", 1},
	{"zwp_input_method_manager_v2", 1},
	{"zwp_relative_pointer_manager_v1", 1},
	{"zwp_pointer_constraints_v1", 1},
};

static const WlcsIntegrationDescriptor descriptor = {
	.version = 1,
	.num_extensions = sizeof(extensions) / sizeof(extensions[0]),
	.supported_extensions = extensions,
};

static const WlcsIntegrationDescriptor *
get_descriptor(const WlcsDisplayServer *base)
{
	return &descriptor;
}

/* ---- create, destroy ---- */

static WlcsDisplayServer *
create_server(int argc, const char **argv)
{
	struct wlcs_server *ws = calloc(1, sizeof(*ws));
	if (!ws) {
		return NULL;
	}
	ws->event_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (ws->event_fd < 0) {
		free(ws);
		return NULL;
	}
	pthread_mutex_init(&ws->lock, NULL);
	pthread_mutex_init(&ws->call_lock, NULL);
	pthread_cond_init(&ws->cond, NULL);
	wl_list_init(&ws->clients);
	pw_options_defaults(&ws->opts);
	ws->opts.backend = "headless";
	ws->opts.width = OUTPUT_WIDTH;
	ws->opts.height = OUTPUT_HEIGHT;
	ws->opts.format = PW_FORMAT_XRGB8888;
	ws->base = (WlcsDisplayServer){
		.version = 2,
		.start = start,
		.stop = stop,
		.create_client_socket = create_client_socket,
		.position_window_absolute = position_window_absolute,
		.create_pointer = create_pointer,
		.create_touch = create_touch,
		.get_descriptor = get_descriptor,
	};
	return &ws->base;
}

static void
destroy_server(WlcsDisplayServer *base)
{
	struct wlcs_server *ws = wlcs_server_from_base(base);
	stop(base);
	close(ws->event_fd);
	pthread_cond_destroy(&ws->cond);
	pthread_mutex_destroy(&ws->call_lock);
	pthread_mutex_destroy(&ws->lock);
	free(ws);
}

__attribute__((visibility("default"))) const WlcsServerIntegration wlcs_server_integration = {
	.version = 1,
	.create_server = create_server,
	.destroy_server = destroy_server,
};
