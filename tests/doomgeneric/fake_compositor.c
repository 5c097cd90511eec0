/*
 * A tiny compositor for the doomgeneric tests, on libwayland-server: wl_compositor, wl_shm,
 * xdg_wm_base and a wl_seat with a keyboard. It shows nothing; it configures the one toplevel
 * at a fixed size, can send key events, can hold every buffer and frame callback forever (a
 * compositor that never releases), and can save the last committed buffer as a PPM.
 *
 *   fake_compositor --socket NAME [--size WxH] [--no-rgb565] [--hold | --no-release]
 *                   [--keys C,C,...]
 *                   [--leave-after-keys] [--dump FILE]
 *
 * --hold: never a frame callback nor a release; --no-release: frame callbacks, no release.
 * --keys: evdev key codes, each pressed and released 20 ms apart, after the first commit.
 * --leave-after-keys: then presses the last code again and sends wl_keyboard.leave.
 * It exits 0 when its client disconnects, after writing --dump.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-server.h>
#include <xkbcommon/xkbcommon.h>

#include "xdg-shell-protocol.h"

static struct {
	struct wl_display *display;
	struct wl_event_loop *loop;
	int width, height;
	bool hold; /* no frame callbacks, no releases */
	bool no_release; /* frame callbacks, but no releases */
	int keys[64], nkeys, key_step;
	bool leave_after_keys;
	const char *dump;
	struct wl_resource *keyboard;
	struct wl_resource *surface; /* the toplevel's */
	struct wl_event_source *key_timer, *frame_timer, *sigterm, *sigint;
	struct wl_list frame_cbs; /* due at the next frame_timer */
	char *keymap;
	size_t keymap_size;
	int commits;
	/* the last committed buffer's pixels, for --dump */
	int dump_w, dump_h;
	uint32_t dump_fmt;
	unsigned char *dump_rgb;
} fake;

struct surface {
	struct wl_resource *resource;
	struct wl_resource *pending, *current; /* buffers */
	struct wl_listener pending_destroy, current_destroy;
	struct wl_list pending_cbs;
};

static void
noop(void)
{
}
#define NOOP ((void *)noop)

static void
destroy_resource(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

/* ---- buffers and surfaces ---------------------------------------------------------------- */

static void
handle_pending_destroy(struct wl_listener *l, void *data)
{
	struct surface *s = wl_container_of(l, s, pending_destroy);
	s->pending = NULL;
	wl_list_remove(&l->link);
	wl_list_init(&l->link);
}

static void
handle_current_destroy(struct wl_listener *l, void *data)
{
	struct surface *s = wl_container_of(l, s, current_destroy);
	s->current = NULL;
	wl_list_remove(&l->link);
	wl_list_init(&l->link);
}

static void
surface_attach(struct wl_client *c, struct wl_resource *r, struct wl_resource *buffer, int32_t x,
	int32_t y)
{
	struct surface *s = wl_resource_get_user_data(r);
	wl_list_remove(&s->pending_destroy.link);
	wl_list_init(&s->pending_destroy.link);
	s->pending = buffer;
	if (buffer) {
		wl_resource_add_destroy_listener(buffer, &s->pending_destroy);
	}
}

static void
callback_destroy(struct wl_resource *cb)
{
	wl_list_remove(wl_resource_get_link(cb));
}

static void
surface_frame(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct surface *s = wl_resource_get_user_data(r);
	struct wl_resource *cb = wl_resource_create(c, &wl_callback_interface, 1, id);
	if (!cb) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(cb, NULL, NULL, callback_destroy);
	wl_list_insert(s->pending_cbs.prev, wl_resource_get_link(cb));
}

static void
save_dump(struct wl_resource *buffer)
{
	struct wl_shm_buffer *shm = wl_shm_buffer_get(buffer);
	if (!shm || !fake.dump) {
		return;
	}
	int w = wl_shm_buffer_get_width(shm), h = wl_shm_buffer_get_height(shm);
	int stride = wl_shm_buffer_get_stride(shm);
	uint32_t fmt = wl_shm_buffer_get_format(shm);
	unsigned char *rgb = realloc(fake.dump_rgb, (size_t)w * h * 3);
	if (!rgb) {
		return;
	}
	fake.dump_rgb = rgb;
	wl_shm_buffer_begin_access(shm);
	const unsigned char *data = wl_shm_buffer_get_data(shm);
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			unsigned char *o = rgb + ((size_t)y * w + x) * 3;
			if (fmt == WL_SHM_FORMAT_RGB565) {
				uint16_t p = ((const uint16_t *)(data + (size_t)y * stride))[x];
				/* the top bits, as they are: the test compares those */
				o[0] = (unsigned char)((p >> 11) << 3);
				o[1] = (unsigned char)(((p >> 5) & 0x3f) << 2);
				o[2] = (unsigned char)((p & 0x1f) << 3);
			} else {
				uint32_t p = ((const uint32_t *)(data + (size_t)y * stride))[x];
				o[0] = (unsigned char)(p >> 16);
				o[1] = (unsigned char)(p >> 8);
				o[2] = (unsigned char)p;
			}
		}
	}
	wl_shm_buffer_end_access(shm);
	fake.dump_w = w;
	fake.dump_h = h;
	fake.dump_fmt = fmt;
}

static int
handle_key_timer(void *data)
{
	int i = fake.key_step / 2;
	bool press = fake.key_step % 2 == 0;
	uint32_t serial = wl_display_next_serial(fake.display);

	if (!fake.keyboard) {
		return 0;
	}
	if (i < fake.nkeys) {
		wl_keyboard_send_key(fake.keyboard, serial, 0, (uint32_t)fake.keys[i],
			press ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
		fake.key_step++;
		wl_event_source_timer_update(fake.key_timer, 20);
	} else if (fake.leave_after_keys && fake.nkeys > 0 && fake.key_step == 2 * fake.nkeys) {
		wl_keyboard_send_key(fake.keyboard, serial, 0, (uint32_t)fake.keys[fake.nkeys - 1],
			WL_KEYBOARD_KEY_STATE_PRESSED);
		fake.key_step++;
		wl_event_source_timer_update(fake.key_timer, 20);
	} else if (fake.leave_after_keys && fake.key_step == 2 * fake.nkeys + 1) {
		wl_keyboard_send_leave(fake.keyboard, serial, fake.surface);
		fake.key_step++;
	}
	return 0;
}

static int
handle_frame_timer(void *data)
{
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &fake.frame_cbs) {
		wl_callback_send_done(cb, 0);
		wl_resource_destroy(cb);
	}
	return 0;
}

static void
surface_commit(struct wl_client *c, struct wl_resource *r)
{
	struct surface *s = wl_resource_get_user_data(r);
	struct wl_resource *buffer = s->pending;

	if (buffer) {
		fake.commits++;
		save_dump(buffer);
		if (s->current && s->current != buffer && !fake.hold && !fake.no_release) {
			wl_buffer_send_release(s->current);
		}
		wl_list_remove(&s->current_destroy.link);
		wl_list_init(&s->current_destroy.link);
		s->current = buffer;
		wl_resource_add_destroy_listener(buffer, &s->current_destroy);
		wl_list_remove(&s->pending_destroy.link);
		wl_list_init(&s->pending_destroy.link);
		s->pending = NULL;
		if (fake.commits == 1 && fake.keyboard && fake.nkeys > 0) {
			struct wl_array keys;
			wl_array_init(&keys);
			wl_keyboard_send_enter(fake.keyboard, wl_display_next_serial(fake.display),
				r, &keys);
			wl_array_release(&keys);
			wl_keyboard_send_modifiers(fake.keyboard,
				wl_display_next_serial(fake.display), 0, 0, 0, 0);
			wl_event_source_timer_update(fake.key_timer, 50);
		}
	}
	if (!fake.hold) {
		wl_list_insert_list(fake.frame_cbs.prev, &s->pending_cbs);
		wl_list_init(&s->pending_cbs);
		wl_event_source_timer_update(fake.frame_timer, 16);
	}
}

static void
surface_region(struct wl_client *c, struct wl_resource *r, struct wl_resource *region)
{
}

static const struct wl_surface_interface surface_impl = {
	.destroy = destroy_resource,
	.attach = surface_attach,
	.damage = NOOP,
	.frame = surface_frame,
	.set_opaque_region = surface_region,
	.set_input_region = surface_region,
	.commit = surface_commit,
	.set_buffer_transform = NOOP,
	.set_buffer_scale = NOOP,
	.damage_buffer = NOOP,
};

static void
surface_destroy(struct wl_resource *r)
{
	struct surface *s = wl_resource_get_user_data(r);
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &s->pending_cbs) {
		wl_resource_destroy(cb);
	}
	wl_list_remove(&s->pending_destroy.link);
	wl_list_remove(&s->current_destroy.link);
	if (fake.surface == r) {
		fake.surface = NULL;
	}
	free(s);
}

static const struct wl_region_interface region_impl = {
	.destroy = destroy_resource,
	.add = NOOP,
	.subtract = NOOP,
};

static void
compositor_create_surface(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct surface *s = calloc(1, sizeof(*s));
	s->resource = s ? wl_resource_create(c, &wl_surface_interface, 4, id) : NULL;
	if (!s || !s->resource) {
		free(s);
		wl_client_post_no_memory(c);
		return;
	}
	wl_list_init(&s->pending_cbs);
	wl_list_init(&s->pending_destroy.link);
	wl_list_init(&s->current_destroy.link);
	s->pending_destroy.notify = handle_pending_destroy;
	s->current_destroy.notify = handle_current_destroy;
	wl_resource_set_implementation(s->resource, &surface_impl, s, surface_destroy);
}

static void
compositor_create_region(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *region = wl_resource_create(c, &wl_region_interface, 1, id);
	if (!region) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(region, &region_impl, NULL, NULL);
}

static const struct wl_compositor_interface compositor_impl = {
	.create_surface = compositor_create_surface,
	.create_region = compositor_create_region,
};

static void
bind_compositor(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wl_compositor_interface, 4, id);
	if (!r) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(r, &compositor_impl, NULL, NULL);
}

/* ---- xdg-shell ---------------------------------------------------------------------------- */

static const struct xdg_toplevel_interface toplevel_impl = {
	.destroy = destroy_resource,
	.set_parent = NOOP,
	.set_title = NOOP,
	.set_app_id = NOOP,
	.show_window_menu = NOOP,
	.move = NOOP,
	.resize = NOOP,
	.set_max_size = NOOP,
	.set_min_size = NOOP,
	.set_maximized = NOOP,
	.unset_maximized = NOOP,
	.set_fullscreen = NOOP,
	.unset_fullscreen = NOOP,
	.set_minimized = NOOP,
};

static void
xdg_surface_get_toplevel(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *t = wl_resource_create(c, &xdg_toplevel_interface, 1, id);
	if (!t) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(t, &toplevel_impl, NULL, NULL);
	fake.surface = wl_resource_get_user_data(r);
	struct wl_array states;
	wl_array_init(&states);
	uint32_t *st = wl_array_add(&states, sizeof(*st));
	if (st) {
		*st = XDG_TOPLEVEL_STATE_ACTIVATED;
	}
	xdg_toplevel_send_configure(t, fake.width, fake.height, &states);
	wl_array_release(&states);
	xdg_surface_send_configure(r, wl_display_next_serial(fake.display));
}

static void
xdg_surface_get_popup(struct wl_client *c, struct wl_resource *r, uint32_t id,
	struct wl_resource *parent, struct wl_resource *positioner)
{
	wl_resource_post_error(r, XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT, "no popups here");
}

static const struct xdg_surface_interface xdg_surface_impl = {
	.destroy = destroy_resource,
	.get_toplevel = xdg_surface_get_toplevel,
	.get_popup = xdg_surface_get_popup,
	.set_window_geometry = NOOP,
	.ack_configure = NOOP,
};

static void
wm_base_get_xdg_surface(struct wl_client *c, struct wl_resource *r, uint32_t id,
	struct wl_resource *surface)
{
	struct wl_resource *x = wl_resource_create(c, &xdg_surface_interface, 1, id);
	if (!x) {
		wl_client_post_no_memory(c);
		return;
	}
	/* user data: the wl_surface resource */
	wl_resource_set_implementation(x, &xdg_surface_impl, surface, NULL);
}

static void
wm_base_create_positioner(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	wl_resource_post_error(r, XDG_WM_BASE_ERROR_INVALID_POSITIONER, "no positioners here");
}

static const struct xdg_wm_base_interface wm_base_impl = {
	.destroy = destroy_resource,
	.create_positioner = wm_base_create_positioner,
	.get_xdg_surface = wm_base_get_xdg_surface,
	.pong = NOOP,
};

static void
bind_wm_base(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &xdg_wm_base_interface, 1, id);
	if (!r) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(r, &wm_base_impl, NULL, NULL);
}

/* ---- seat --------------------------------------------------------------------------------- */

static const struct wl_keyboard_interface keyboard_impl = {
	.release = destroy_resource,
};

static const struct wl_pointer_interface pointer_impl = {
	.set_cursor = NOOP,
	.release = destroy_resource,
};

static void
keyboard_destroy(struct wl_resource *r)
{
	if (fake.keyboard == r) {
		fake.keyboard = NULL;
	}
}

static void
seat_get_keyboard(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *k =
		wl_resource_create(c, &wl_keyboard_interface, wl_resource_get_version(r), id);
	if (!k) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(k, &keyboard_impl, NULL, keyboard_destroy);
	fake.keyboard = k;
	int fd = memfd_create("fake-keymap", MFD_CLOEXEC);
	if (fd < 0 || write(fd, fake.keymap, fake.keymap_size) != (ssize_t)fake.keymap_size) {
		fprintf(stderr, "fake: cannot write the keymap\n");
		exit(1);
	}
	wl_keyboard_send_keymap(k, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd,
		(uint32_t)fake.keymap_size);
	close(fd);
}

static void
seat_get_pointer(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	struct wl_resource *p =
		wl_resource_create(c, &wl_pointer_interface, wl_resource_get_version(r), id);
	if (!p) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(p, &pointer_impl, NULL, NULL);
}

static void
seat_get_touch(struct wl_client *c, struct wl_resource *r, uint32_t id)
{
	wl_resource_post_error(r, WL_SEAT_ERROR_MISSING_CAPABILITY, "no touch here");
}

static const struct wl_seat_interface seat_impl = {
	.get_pointer = seat_get_pointer,
	.get_keyboard = seat_get_keyboard,
	.get_touch = seat_get_touch,
	.release = destroy_resource,
};

static void
bind_seat(struct wl_client *c, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *r = wl_resource_create(c, &wl_seat_interface, version, id);
	if (!r) {
		wl_client_post_no_memory(c);
		return;
	}
	wl_resource_set_implementation(r, &seat_impl, NULL, NULL);
	wl_seat_send_capabilities(r, WL_SEAT_CAPABILITY_KEYBOARD);
}

/* ---- main --------------------------------------------------------------------------------- */

static void
write_dump(void)
{
	if (!fake.dump || !fake.dump_rgb) {
		return;
	}
	FILE *f = fopen(fake.dump, "wb");
	if (!f) {
		perror("fake: dump");
		return;
	}
	fprintf(f, "P6\n%d %d\n255\n", fake.dump_w, fake.dump_h);
	fwrite(fake.dump_rgb, 3, (size_t)fake.dump_w * fake.dump_h, f);
	fclose(f);
}

static void
handle_client_destroy(struct wl_listener *l, void *data)
{
	wl_display_terminate(fake.display);
}

static struct wl_listener client_destroy = {.notify = handle_client_destroy};

static void
handle_client_created(struct wl_listener *l, void *data)
{
	wl_client_add_destroy_listener(data, &client_destroy);
}

static struct wl_listener client_created = {.notify = handle_client_created};

static int
handle_signal(int sig, void *data)
{
	wl_display_terminate(fake.display);
	return 0;
}

static bool
make_keymap(void)
{
	struct xkb_context *ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	struct xkb_rule_names names = {.rules = "evdev", .model = "pc105", .layout = "us"};
	struct xkb_keymap *km = ctx ? xkb_keymap_new_from_names(ctx, &names, 0) : NULL;
	char *s = km ? xkb_keymap_get_as_string(km, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
	if (s) {
		fake.keymap = s;
		fake.keymap_size = strlen(s) + 1;
	}
	xkb_keymap_unref(km);
	xkb_context_unref(ctx);
	return s != NULL;
}

int
main(int argc, char **argv)
{
	const char *socket = NULL;
	bool rgb565 = true;

	fake.width = 238;
	fake.height = 158;
	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : "";
		if (strcmp(argv[i], "--socket") == 0) {
			socket = v;
			i++;
		} else if (strcmp(argv[i], "--size") == 0) {
			if (sscanf(v, "%dx%d", &fake.width, &fake.height) != 2) {
				fprintf(stderr, "fake: bad --size %s\n", v);
				return 2;
			}
			i++;
		} else if (strcmp(argv[i], "--no-rgb565") == 0) {
			rgb565 = false;
		} else if (strcmp(argv[i], "--hold") == 0) {
			fake.hold = true;
		} else if (strcmp(argv[i], "--no-release") == 0) {
			fake.no_release = true;
		} else if (strcmp(argv[i], "--leave-after-keys") == 0) {
			fake.leave_after_keys = true;
		} else if (strcmp(argv[i], "--dump") == 0) {
			fake.dump = v;
			i++;
		} else if (strcmp(argv[i], "--keys") == 0) {
			char *copy = strdup(v);
			for (char *tok = strtok(copy, ","); tok && fake.nkeys < 64;
				tok = strtok(NULL, ",")) {
				fake.keys[fake.nkeys++] = atoi(tok);
			}
			free(copy);
			i++;
		} else {
			fprintf(stderr, "fake: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	if (!socket) {
		fprintf(stderr, "fake: --socket NAME is needed\n");
		return 2;
	}
	if (!make_keymap()) {
		fprintf(stderr, "fake: cannot compile a keymap (is xkb-data installed?)\n");
		return 1;
	}
	wl_list_init(&fake.frame_cbs);
	fake.display = wl_display_create();
	fake.loop = wl_display_get_event_loop(fake.display);
	if (wl_display_add_socket(fake.display, socket) != 0 || wl_display_init_shm(fake.display)) {
		fprintf(stderr, "fake: cannot set up socket %s\n", socket);
		return 1;
	}
	if (rgb565) {
		wl_display_add_shm_format(fake.display, WL_SHM_FORMAT_RGB565);
	}
	wl_global_create(fake.display, &wl_compositor_interface, 4, NULL, bind_compositor);
	wl_global_create(fake.display, &xdg_wm_base_interface, 1, NULL, bind_wm_base);
	wl_global_create(fake.display, &wl_seat_interface, 5, NULL, bind_seat);
	wl_display_add_client_created_listener(fake.display, &client_created);
	fake.key_timer = wl_event_loop_add_timer(fake.loop, handle_key_timer, NULL);
	fake.frame_timer = wl_event_loop_add_timer(fake.loop, handle_frame_timer, NULL);
	fake.sigterm = wl_event_loop_add_signal(fake.loop, SIGTERM, handle_signal, NULL);
	fake.sigint = wl_event_loop_add_signal(fake.loop, SIGINT, handle_signal, NULL);
	printf("fake: ready on %s\n", socket);
	fflush(stdout);
	wl_display_run(fake.display);
	write_dump();
	printf("fake: %d commits\n", fake.commits);
	wl_display_destroy_clients(fake.display);
	/* wl_display_destroy frees the loop but not the sources still on it */
	wl_event_source_remove(fake.sigterm);
	wl_event_source_remove(fake.sigint);
	wl_event_source_remove(fake.key_timer);
	wl_event_source_remove(fake.frame_timer);
	wl_display_destroy(fake.display);
	free(fake.keymap);
	free(fake.dump_rgb);
	return 0;
}
