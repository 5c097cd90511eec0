/*
 * Nested display, for development on a desktop: picowl's output is an xdg_toplevel of the
 * compositor WAYLAND_DISPLAY names, drawn through two wl_shm buffers; frames complete at that
 * compositor's frame callbacks, and its seat's input comes back as picowl's input.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/input-event-codes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "backend.h"
#include "clock.h"
#include "copy.h"
#include "xdg-shell-client-protocol.h"

struct host_buffer {
	struct wl_buffer *buffer;
	pixman_image_t *image;
	void *data;
	size_t size;
	bool busy; /* the host compositor still reads it */
};

struct nested {
	struct pw_backend base;
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	struct wl_keyboard *keyboard;
	struct wl_pointer *pointer;
	struct wl_touch *touch;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_callback *frame_cb; /* the host's next frame callback, until it is done */
	struct wl_event_source *source;
	struct host_buffer bufs[2];
	int back;
	bool configured;
	bool rgb565; /* the host takes WL_SHM_FORMAT_RGB565 */
	bool pending;
	int frames;
};

static const struct pw_input_events *
input(struct nested *n)
{
	return n->base.input_events;
}

static void
handle_buffer_release(void *data, struct wl_buffer *buffer)
{
	struct host_buffer *b = data;
	b->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {.release = handle_buffer_release};

static bool
create_buffer(struct nested *n, struct host_buffer *b)
{
	int w = n->base.width, h = n->base.height, bpp = pw_format_bpp(n->base.format);
	int stride = w * bpp;
	b->size = (size_t)stride * (size_t)h;
	int fd = memfd_create("picowl-nested", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)b->size) < 0) {
		if (fd >= 0) {
			close(fd);
		}
		return false;
	}
	b->data = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (b->data == MAP_FAILED) {
		b->data = NULL;
		close(fd);
		return false;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(n->shm, fd, (int32_t)b->size);
	b->buffer = wl_shm_pool_create_buffer(pool, 0, w, h, stride, pw_format_shm(n->base.format));
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(b->buffer, &buffer_listener, b);
	b->image =
		pixman_image_create_bits(pw_format_pixman(n->base.format), w, h, b->data, stride);
	return b->image != NULL;
}

static void
handle_frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	struct nested *n = data;
	wl_callback_destroy(callback);
	n->frame_cb = NULL;
	n->pending = false;
	struct timespec when;
	clock_gettime(CLOCK_MONOTONIC, &when);
	pw_backend_frame_done(&n->base, &when);
}

static const struct wl_callback_listener frame_listener = {.done = handle_frame_done};

static pixman_image_t *
nested_begin_frame(struct pw_backend *backend, int *age)
{
	struct nested *n = (struct nested *)backend;
	if (!n->configured) {
		return NULL;
	}
	/* Buffer ages: with two buffers alternating, what was drawn two frames ago. */
	if (n->bufs[n->back].busy) {
		n->back = !n->back;
		*age = 0;
	} else {
		*age = n->frames >= 2 ? 2 : 0;
	}
	return n->bufs[n->back].image;
}

static bool
nested_present(struct pw_backend *backend, const pixman_region32_t *damage,
	struct pw_present_stats *stats)
{
	struct nested *n = (struct nested *)backend;
	struct host_buffer *b = &n->bufs[n->back];
	*stats = (struct pw_present_stats){.path = PW_PRESENT_FLIP, .engine = PW_COPY_CPU};
	stats->rows = pw_copy_damaged_rows(damage);
	int count;
	const pixman_box32_t *boxes = pixman_region32_rectangles(damage, &count);
	wl_surface_attach(n->surface, b->buffer, 0, 0);
	for (int i = 0; i < count; i++) {
		wl_surface_damage_buffer(n->surface, boxes[i].x1, boxes[i].y1,
			boxes[i].x2 - boxes[i].x1, boxes[i].y2 - boxes[i].y1);
	}
	if (!n->frame_cb) {
		n->frame_cb = wl_surface_frame(n->surface);
		wl_callback_add_listener(n->frame_cb, &frame_listener, n);
	}
	wl_surface_commit(n->surface);
	if (wl_display_flush(n->display) < 0 && errno != EAGAIN) {
		fprintf(stderr, "picowl: wayland: lost the host compositor: %s\n", strerror(errno));
		return false;
	}
	b->busy = true;
	n->pending = true;
	n->frames++;
	n->back = !n->back;
	return true;
}

static int
handle_host_readable(int fd, uint32_t mask, void *data)
{
	struct nested *n = data;
	if ((mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR)) || wl_display_dispatch(n->display) < 0) {
		fprintf(stderr, "picowl: wayland: the host compositor went away\n");
		wl_event_source_remove(n->source);
		n->source = NULL;
		return 0;
	}
	wl_display_flush(n->display);
	return 0;
}

/* ---------------------------------------------------------------- the host's input */

static void
kb_keymap(void *data, struct wl_keyboard *kb, uint32_t format, int32_t fd, uint32_t size)
{
	close(fd); /* picowl's own keymap applies: keys go on as evdev codes */
}

static void
kb_enter(void *data, struct wl_keyboard *kb, uint32_t serial, struct wl_surface *surface,
	struct wl_array *keys)
{
}

static void
kb_leave(void *data, struct wl_keyboard *kb, uint32_t serial, struct wl_surface *surface)
{
}

static void
kb_key(void *data, struct wl_keyboard *kb, uint32_t serial, uint32_t time, uint32_t key,
	uint32_t state)
{
	struct nested *n = data;
	if (input(n) && input(n)->key) {
		input(n)->key(n->base.input_data, time, key,
			state == WL_KEYBOARD_KEY_STATE_PRESSED);
	}
}

static void
kb_modifiers(void *data, struct wl_keyboard *kb, uint32_t serial, uint32_t depressed,
	uint32_t latched, uint32_t locked, uint32_t group)
{
}

static void
kb_repeat_info(void *data, struct wl_keyboard *kb, int32_t rate, int32_t delay)
{
}

static const struct wl_keyboard_listener keyboard_listener = {kb_keymap, kb_enter, kb_leave, kb_key,
	kb_modifiers, kb_repeat_info};

static void
pointer_at(struct nested *n, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
	if (input(n) && input(n)->motion_absolute) {
		input(n)->motion_absolute(n->base.input_data, time,
			wl_fixed_to_double(x) / n->base.width,
			wl_fixed_to_double(y) / n->base.height);
	}
}

static void
ptr_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface,
	wl_fixed_t x, wl_fixed_t y)
{
	pointer_at(data, pw_now_msec(), x, y);
}

static void
ptr_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *surface)
{
}

static void
ptr_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
	pointer_at(data, time, x, y);
}

static void
ptr_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button,
	uint32_t state)
{
	struct nested *n = data;
	if (input(n) && input(n)->button) {
		input(n)->button(n->base.input_data, time, button,
			state == WL_POINTER_BUTTON_STATE_PRESSED);
	}
}

static void
ptr_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value)
{
	struct nested *n = data;
	if (input(n) && input(n)->axis) {
		input(n)->axis(n->base.input_data, time, axis, wl_fixed_to_double(value));
	}
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = ptr_enter,
	.leave = ptr_leave,
	.motion = ptr_motion,
	.button = ptr_button,
	.axis = ptr_axis,
};

static void
touch_point(struct nested *n, bool down, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	void (*f)(void *, uint32_t, int32_t, double, double) =
		input(n) ? (down ? input(n)->touch_down : input(n)->touch_motion) : NULL;
	if (f) {
		f(n->base.input_data, time, id, wl_fixed_to_double(x) / n->base.width,
			wl_fixed_to_double(y) / n->base.height);
	}
}

static void
touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time,
	struct wl_surface *surface, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	touch_point(data, true, time, id, x, y);
}

static void
touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	struct nested *n = data;
	if (input(n) && input(n)->touch_up) {
		input(n)->touch_up(n->base.input_data, time, id);
	}
}

static void
touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	touch_point(data, false, time, id, x, y);
}

static void
touch_frame(void *data, struct wl_touch *t)
{
	struct nested *n = data;
	if (input(n) && input(n)->touch_frame) {
		input(n)->touch_frame(n->base.input_data);
	}
}

static void
touch_cancel(void *data, struct wl_touch *t)
{
	struct nested *n = data;
	if (input(n) && input(n)->touch_cancel) {
		input(n)->touch_cancel(n->base.input_data);
	}
}

static const struct wl_touch_listener touch_listener = {
	.down = touch_down,
	.up = touch_up,
	.motion = touch_motion,
	.frame = touch_frame,
	.cancel = touch_cancel,
};

static void
handle_seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	struct nested *n = data;
	if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !n->keyboard) {
		n->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(n->keyboard, &keyboard_listener, n);
	}
	if ((caps & WL_SEAT_CAPABILITY_POINTER) && !n->pointer) {
		n->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(n->pointer, &pointer_listener, n);
	}
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !n->touch) {
		n->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(n->touch, &touch_listener, n);
	}
}

static void
handle_seat_name(void *data, struct wl_seat *seat, const char *name)
{
}

static const struct wl_seat_listener seat_listener = {handle_seat_capabilities, handle_seat_name};

/* ---------------------------------------------------------------- the window */

static void
handle_wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {.ping = handle_wm_base_ping};

static void
handle_xdg_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	struct nested *n = data;
	xdg_surface_ack_configure(surface, serial);
	if (!n->configured) {
		n->configured = true;
		/* The first frame was refused while unconfigured: ask for it again. */
		if (n->base.events && n->base.events->resumed) {
			n->base.events->resumed(n->base.events_data);
		}
	}
}

static const struct xdg_surface_listener xdg_surface_listener = {
	.configure = handle_xdg_surface_configure,
};

static void
handle_toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t w, int32_t h,
	struct wl_array *states)
{
	/* The window keeps picowl's size: a handheld's screen does not resize. */
}

static void
handle_toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	fprintf(stderr, "picowl: wayland: the window was closed\n");
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = handle_toplevel_configure,
	.close = handle_toplevel_close,
};

static void
handle_shm_format(void *data, struct wl_shm *shm, uint32_t format)
{
	struct nested *n = data;
	n->rgb565 |= format == WL_SHM_FORMAT_RGB565;
}

static const struct wl_shm_listener shm_listener = {.format = handle_shm_format};

static void
handle_global(void *data, struct wl_registry *registry, uint32_t name, const char *iface,
	uint32_t version)
{
	struct nested *n = data;
	if (strcmp(iface, wl_compositor_interface.name) == 0) {
		n->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	} else if (strcmp(iface, wl_shm_interface.name) == 0) {
		n->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
		wl_shm_add_listener(n->shm, &shm_listener, n);
	} else if (strcmp(iface, xdg_wm_base_interface.name) == 0) {
		n->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(n->wm_base, &wm_base_listener, n);
	} else if (strcmp(iface, wl_seat_interface.name) == 0 && !n->seat) {
		n->seat = wl_registry_bind(registry, name, &wl_seat_interface,
			version < 5 ? version : 5);
		wl_seat_add_listener(n->seat, &seat_listener, n);
	}
}

static void
handle_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {handle_global, handle_global_remove};

static void
nested_destroy(struct pw_backend *backend)
{
	struct nested *n = (struct nested *)backend;
	if (n->source) {
		wl_event_source_remove(n->source);
	}
	for (int i = 0; i < 2; i++) {
		struct host_buffer *b = &n->bufs[i];
		if (b->image) {
			pixman_image_unref(b->image);
		}
		if (b->buffer) {
			wl_buffer_destroy(b->buffer);
		}
		if (b->data) {
			munmap(b->data, b->size);
		}
	}
	/* Disconnecting destroys every object on the host's side, but frees no proxy here. */
	void *proxies[] = {n->frame_cb, n->toplevel, n->xdg_surface, n->surface, n->keyboard,
		n->pointer, n->touch, n->seat, n->wm_base, n->shm, n->compositor, n->registry};
	for (size_t i = 0; i < sizeof(proxies) / sizeof(proxies[0]); i++) {
		if (proxies[i]) {
			wl_proxy_destroy(proxies[i]);
		}
	}
	if (n->display) {
		wl_display_disconnect(n->display);
	}
	free(n);
}

static const struct pw_backend_impl nested_impl = {
	.destroy = nested_destroy,
	.begin_frame = nested_begin_frame,
	.present = nested_present,
};

struct pw_backend *
pw_wayland_backend_create(struct wl_event_loop *loop, const struct pw_backend_config *config)
{
	struct nested *n = calloc(1, sizeof(*n));
	if (!n) {
		return NULL;
	}
	n->base.impl = &nested_impl;
	n->base.name = "WL-1";
	n->base.description = "picowl nested window";
	n->base.width = config->width;
	n->base.height = config->height;
	n->base.format = config->format;
	n->base.refresh_mhz = config->refresh_mhz;
	n->base.present = PW_PRESENT_FLIP;
	if (config->present != PW_PRESENT_AUTO && config->present != PW_PRESENT_FLIP) {
		fprintf(stderr, "picowl: wayland: a nested window always swaps two buffers\n");
	}
	n->display = wl_display_connect(NULL);
	if (!n->display) {
		fprintf(stderr, "picowl: wayland: cannot connect to WAYLAND_DISPLAY=%s\n",
			getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "(unset)");
		goto err;
	}
	n->registry = wl_display_get_registry(n->display);
	wl_registry_add_listener(n->registry, &registry_listener, n);
	if (wl_display_roundtrip(n->display) < 0 || !n->compositor || !n->shm || !n->wm_base) {
		fprintf(stderr,
			"picowl: wayland: the host compositor lacks wl_compositor, wl_shm "
			"or xdg_wm_base\n");
		goto err;
	}
	wl_display_roundtrip(n->display); /* the shm formats */
	if (n->base.format == PW_FORMAT_RGB565 && !n->rgb565) {
		n->base.format = PW_FORMAT_XRGB8888; /* every host takes this one */
	}
	for (int i = 0; i < 2; i++) {
		if (!create_buffer(n, &n->bufs[i])) {
			fprintf(stderr, "picowl: wayland: cannot create a %dx%d buffer\n",
				n->base.width, n->base.height);
			goto err;
		}
	}
	n->surface = wl_compositor_create_surface(n->compositor);
	n->xdg_surface = xdg_wm_base_get_xdg_surface(n->wm_base, n->surface);
	xdg_surface_add_listener(n->xdg_surface, &xdg_surface_listener, n);
	n->toplevel = xdg_surface_get_toplevel(n->xdg_surface);
	xdg_toplevel_add_listener(n->toplevel, &toplevel_listener, n);
	xdg_toplevel_set_title(n->toplevel, "picowl");
	xdg_toplevel_set_app_id(n->toplevel, "picowl");
	xdg_toplevel_set_min_size(n->toplevel, n->base.width, n->base.height);
	xdg_toplevel_set_max_size(n->toplevel, n->base.width, n->base.height);
	wl_surface_commit(n->surface);
	if (wl_display_roundtrip(n->display) < 0) {
		goto err;
	}
	n->source = wl_event_loop_add_fd(loop, wl_display_get_fd(n->display), WL_EVENT_READABLE,
		handle_host_readable, n);
	if (!n->source) {
		goto err;
	}
	fprintf(stderr, "picowl: wayland: a %dx%d %s window on %s\n", n->base.width, n->base.height,
		pw_format_name(n->base.format),
		getenv("WAYLAND_DISPLAY") ? getenv("WAYLAND_DISPLAY") : "wayland-0");
	return &n->base;

err:
	nested_destroy(&n->base);
	return NULL;
}
