/*
 * robust-cases GROUP...: runs each hostile case of the groups (cases.h) on its own connection
 * while a good client keeps a toplevel mapped; after every case the good client commits and
 * must get its frame callback. Prints one PASS or FAIL line per case; exits 0 if all passed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "cases.h"

#define GREEN 0xff00ff00u
#define BLUE 0xff0000ffu
#define ERROR_WAIT_MS 5000

static const struct group *const groups[] = {
	&data_device_group,
	&layer_shell_group,
	&decoration_group,
	&presentation_group,
	&xdg_output_group,
	&seat_group,
	&popup_group,
	&surface_group,
	&screencopy_group,
	&control_group,
	&counters_group,
	&wire_group,
	&primary_selection_group,
	&data_control_group,
	&ime_group,
	&activation_group,
	&popup_grab_group,
	&drag_group,
	&virtual_keyboard_group,
	&session_lock_group,
	&output_management_group,
	&output_power_group,
	&output_modes_group,
	&idle_notify_group,
	&idle_inhibit_group,
	&budget_group,
	&core_group,
	&shm_group,
	&xdg_shell_group,
	&hostile_group,
	&foreign_toplevel_group,
	&image_capture_group,
	&pointer_constraints_group,
	&shortcuts_inhibit_group,
	&cursor_shape_group,
	&surface_hints_group,
	&pacing_group,
	&security_context_group,
	&system_bell_group,
	&toplevel_tag_group,
	&toplevel_icon_group,
	&xdg_foreign_group,
	&virtual_pointer_group,
	&ext_data_control_group,
	&linux_dmabuf_group,
	&gamma_group,
	&pointer_gestures_group,
	&tablet_group,
};

static struct conn *good;

static void
handle_pointer_enter(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s,
	wl_fixed_t x, wl_fixed_t y)
{
	((struct pointer_watch *)data)->enter_serial = serial;
}

static void
handle_pointer_leave(void *data, struct wl_pointer *p, uint32_t serial, struct wl_surface *s)
{
}

static void
handle_pointer_motion(void *data, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y)
{
}

static void
handle_pointer_button(void *data, struct wl_pointer *p, uint32_t serial, uint32_t time,
	uint32_t button, uint32_t state)
{
	struct pointer_watch *w = data;
	if (state == WL_POINTER_BUTTON_STATE_PRESSED) {
		w->press_serial = serial;
		w->pressed = true;
	}
}

static void
handle_pointer_axis(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t v)
{
}

static void
handle_pointer_frame(void *data, struct wl_pointer *p)
{
}

static void
handle_pointer_axis_source(void *data, struct wl_pointer *p, uint32_t source)
{
}

static void
handle_pointer_axis_stop(void *data, struct wl_pointer *p, uint32_t time, uint32_t axis)
{
}

static void
handle_pointer_axis_discrete(void *data, struct wl_pointer *p, uint32_t axis, int32_t discrete)
{
}

const struct wl_pointer_listener pointer_watch_listener = {
	.enter = handle_pointer_enter,
	.leave = handle_pointer_leave,
	.motion = handle_pointer_motion,
	.button = handle_pointer_button,
	.axis = handle_pointer_axis,
	.frame = handle_pointer_frame,
	.axis_source = handle_pointer_axis_source,
	.axis_stop = handle_pointer_axis_stop,
	.axis_discrete = handle_pointer_axis_discrete,
	.axis_value120 = handle_pointer_axis_discrete,
};
/* libwayland-client reports a wl_display error only as EINVAL or ENOMEM; its log has the code */
static int display_error_code = -1;

static void
handle_log(const char *fmt, va_list args)
{
	char line[512];
	unsigned id, code;

	vsnprintf(line, sizeof(line), fmt, args);
	if (sscanf(line, "wl_display@%u: error %u:", &id, &code) == 2) {
		display_error_code = (int)code;
	}
	fputs(line, stdout);
}

#define BIND(field, iface)                                                                \
	if (strcmp(interface, (iface).name) == 0 && !c->field) {                          \
		c->field = pw_client_bind(tc, name, &(iface), version, PW_CLIENT_LATEST); \
	}

/* After the library bound the core globals: the list of all, and the others. */
static void
handle_global(struct pw_client *tc, uint32_t name, const char *interface, uint32_t version)
{
	struct conn *c = tc->data;

	if (c->n_globals < MAX_GLOBALS) {
		struct global *g = &c->globals[c->n_globals++];
		g->name = name;
		g->version = version;
		snprintf(g->interface, sizeof(g->interface), "%s", interface);
	}
	BIND(ddm, wl_data_device_manager_interface);
	BIND(layer_shell, zwlr_layer_shell_v1_interface);
	BIND(presentation, wp_presentation_interface);
	BIND(decoration, zxdg_decoration_manager_v1_interface);
	BIND(xdg_output, zxdg_output_manager_v1_interface);
	BIND(viewporter, wp_viewporter_interface);
	BIND(screencopy, zwlr_screencopy_manager_v1_interface);
	/* version 6: the focus cases follow the tile events, sent at every change up to it (4.81)
	 */
	if (strcmp(interface, picowl_control_v1_interface.name) == 0 && !c->control) {
		c->control = pw_client_bind(tc, name, &picowl_control_v1_interface, version, 6);
	}
	BIND(counters, picowl_counters_v1_interface);
	BIND(primary, zwp_primary_selection_device_manager_v1_interface);
	BIND(data_control, zwlr_data_control_manager_v1_interface);
	BIND(text_input_manager, zwp_text_input_manager_v3_interface);
	BIND(input_method_manager, zwp_input_method_manager_v2_interface);
	BIND(activation, xdg_activation_v1_interface);
	BIND(virtual_keyboard_manager, zwp_virtual_keyboard_manager_v1_interface);
	BIND(session_lock_manager, ext_session_lock_manager_v1_interface);
	BIND(output_manager, zwlr_output_manager_v1_interface);
	BIND(gamma_manager, zwlr_gamma_control_manager_v1_interface);
	BIND(output_power_manager, zwlr_output_power_manager_v1_interface);
	BIND(idle_notifier, ext_idle_notifier_v1_interface);
	BIND(idle_inhibit_manager, zwp_idle_inhibit_manager_v1_interface);
	BIND(dialog_manager, xdg_wm_dialog_v1_interface);
	BIND(foreign_toplevels, zwlr_foreign_toplevel_manager_v1_interface);
	BIND(toplevel_list, ext_foreign_toplevel_list_v1_interface);
	BIND(output_sources, ext_output_image_capture_source_manager_v1_interface);
	BIND(toplevel_sources, ext_foreign_toplevel_image_capture_source_manager_v1_interface);
	BIND(image_copy, ext_image_copy_capture_manager_v1_interface);
	BIND(relative_pointer_manager, zwp_relative_pointer_manager_v1_interface);
	BIND(pointer_constraints, zwp_pointer_constraints_v1_interface);
	BIND(shortcuts_inhibit_manager, zwp_keyboard_shortcuts_inhibit_manager_v1_interface);
	BIND(cursor_shape_manager, wp_cursor_shape_manager_v1_interface);
	BIND(single_pixel, wp_single_pixel_buffer_manager_v1_interface);
	BIND(alpha_modifier, wp_alpha_modifier_v1_interface);
	BIND(fractional_scale, wp_fractional_scale_manager_v1_interface);
	BIND(content_type, wp_content_type_manager_v1_interface);
	BIND(tearing_control, wp_tearing_control_manager_v1_interface);
	BIND(fifo_manager, wp_fifo_manager_v1_interface);
	BIND(timing_manager, wp_commit_timing_manager_v1_interface);
	BIND(security_context_manager, wp_security_context_manager_v1_interface);
	BIND(system_bell, xdg_system_bell_v1_interface);
	BIND(tag_manager, xdg_toplevel_tag_manager_v1_interface);
	BIND(icon_manager, xdg_toplevel_icon_manager_v1_interface);
	BIND(exporter, zxdg_exporter_v2_interface);
	BIND(importer, zxdg_importer_v2_interface);
	BIND(virtual_pointer_manager, zwlr_virtual_pointer_manager_v1_interface);
	BIND(ext_data_control, ext_data_control_manager_v1_interface);
	BIND(dmabuf, zwp_linux_dmabuf_v1_interface);
	BIND(pointer_gestures, zwp_pointer_gestures_v1_interface);
	BIND(tablet_manager, zwp_tablet_manager_v2_interface);
}

bool
conn_wait_events(struct conn *c, int count, int timeout_ms)
{
	int64_t deadline = pw_client_now_ms() + timeout_ms;

	while (c->events < count) {
		int left = (int)(deadline - pw_client_now_ms());
		bool never = false;
		if (left <= 0 ||
			pw_client_dispatch_until(&c->tc, &never, left < 50 ? left : 50) < 0) {
			return c->events >= count;
		}
	}
	return true;
}

struct conn *
conn_open(void)
{
	static const struct pw_client_versions latest = {PW_CLIENT_LATEST, PW_CLIENT_LATEST,
		PW_CLIENT_LATEST, PW_CLIENT_LATEST, PW_CLIENT_LATEST, PW_CLIENT_LATEST};
	struct conn *c = calloc(1, sizeof(*c));

	if (!c) {
		return NULL;
	}
	c->tc.name = "robust-cases";
	c->tc.global = handle_global;
	c->tc.data = c;
	if (!pw_client_connect(&c->tc, &latest, 5000)) {
		conn_close(c);
		return NULL;
	}
	return c;
}

/* Sends nothing: a client that got an error may not send requests. */
void
conn_close(struct conn *c)
{
	if (!c) {
		return;
	}
	void *proxies[] = {c->ddm, c->layer_shell, c->presentation, c->decoration, c->xdg_output,
		c->viewporter, c->screencopy, c->control, c->counters, c->text_input_manager,
		c->input_method_manager, c->activation, c->primary, c->data_control,
		c->virtual_keyboard_manager, c->output_manager, c->gamma_manager, c->idle_notifier,
		c->idle_inhibit_manager, c->dialog_manager, c->foreign_toplevels, c->toplevel_list,
		c->output_sources, c->toplevel_sources, c->image_copy, c->relative_pointer_manager,
		c->pointer_constraints, c->shortcuts_inhibit_manager, c->cursor_shape_manager,
		c->single_pixel, c->alpha_modifier, c->fractional_scale, c->content_type,
		c->tearing_control, c->fifo_manager, c->timing_manager, c->security_context_manager,
		c->system_bell, c->tag_manager, c->icon_manager, c->exporter, c->importer,
		c->virtual_pointer_manager, c->ext_data_control, c->dmabuf, c->pointer_gestures,
		c->tablet_manager};
	for (size_t i = 0; i < sizeof(proxies) / sizeof(proxies[0]); i++) {
		if (proxies[i]) {
			wl_proxy_destroy(proxies[i]);
		}
	}
	if (c->session_lock_manager) {
		wl_proxy_destroy((struct wl_proxy *)c->session_lock_manager);
	}
	pw_client_toplevel_finish(&c->top);
	pw_client_disconnect(&c->tc);
	free(c);
}

int
make_memfd(size_t size)
{
	int fd = pw_client_memfd(size);

	if (fd < 0) {
		perror("robust-cases: memfd");
		exit(3);
	}
	return fd;
}

bool
conn_map(struct conn *c, bool fullscreen)
{
	c->top.width = c->top.height = 64;
	pw_client_toplevel_init(&c->top, &c->tc, NULL, "robust-cases");
	if (fullscreen) {
		xdg_toplevel_set_fullscreen(c->top.toplevel, NULL);
	}
	return pw_client_toplevel_map(&c->top, fullscreen ? BLUE : GREEN, 5000);
}

struct conn *
conn_open_mapped(void)
{
	struct conn *c = conn_open();
	if (c && !conn_map(c, false)) {
		conn_close(c);
		return NULL;
	}
	return c;
}

bool
conn_offer_mime_flood(struct conn *c, void *source, void (*offer)(void *source, const char *mime))
{
	char mime[200];
	for (int i = 0; i < 20000; i++) {
		snprintf(mime, sizeof(mime), "application/x-robust-%05d-%0150d", i, 0);
		offer(source, mime);
		if (i % 500 == 499 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	return true;
}

bool
raw_send(struct conn *c, uint32_t id, uint16_t opcode, const uint32_t *words, size_t n)
{
	uint32_t msg[1024];
	size_t size = (2 + n) * 4;

	if (n + 2 > sizeof(msg) / sizeof(msg[0]) || size > 0xffff) {
		return false;
	}
	msg[0] = id;
	msg[1] = (uint32_t)(size << 16) | opcode;
	memcpy(msg + 2, words, n * 4);
	if (wl_display_flush(c->tc.display) < 0) {
		return false;
	}
	return send(wl_display_get_fd(c->tc.display), msg, size, MSG_NOSIGNAL) == (ssize_t)size;
}

uint32_t
raw_new_id(struct conn *c, const struct wl_interface *interface)
{
	struct wl_proxy *proxy = wl_proxy_create((struct wl_proxy *)c->tc.display, interface);

	return proxy ? wl_proxy_get_id(proxy) : 0;
}

/* The answer the case got, compared with its table entry. */
static bool
check_answer(const struct rcase *rc, struct conn *c, int r)
{
	int err = wl_display_get_error(c->tc.display);
	const struct wl_interface *iface = NULL;
	uint32_t id = 0, code = 0;

	if (err == 0 && r >= 0) {
		if (rc->expect == EXPECT_NONE) {
			return true;
		}
		printf("  no error, still connected\n");
		return false;
	}
	if (err == EPROTO) {
		code = wl_display_get_protocol_error(c->tc.display, &iface, &id);
	} else if (display_error_code >= 0) {
		printf("  protocol error: wl_display@1, code %d\n", display_error_code);
		return rc->expect == EXPECT_ERROR && strcmp(rc->iface, "wl_display") == 0 &&
			(uint32_t)display_error_code == rc->code;
	}
	if (err != EPROTO || !iface) {
		/* an error on an object the client already destroyed arrives with no interface */
		printf("  %s%s\n",
			err == EPROTO ? "protocol error on a destroyed object, code "
				      : "disconnected: ",
			err == EPROTO ? "" : strerror(err ? err : EPIPE));
		return rc->expect == EXPECT_DISCONNECT ||
			(rc->expect == EXPECT_ERROR && strcmp(rc->iface, "(destroyed)") == 0 &&
				code == rc->code);
	}
	printf("  protocol error: %s@%u, code %u\n", iface->name, id, code);
	return rc->expect == EXPECT_ERROR && strcmp(iface->name, rc->iface) == 0 &&
		code == rc->code;
}

static const char *
expected(const struct rcase *rc, char *buf, size_t size)
{
	if (rc->expect == EXPECT_NONE) {
		return "no error";
	}
	if (rc->expect == EXPECT_DISCONNECT) {
		return "a disconnect";
	}
	snprintf(buf, size, "error %s code %u", rc->iface, rc->code);
	return buf;
}

pid_t
conn_picowl_pid(struct conn *c)
{
	struct ucred cred;
	socklen_t len = sizeof(cred);

	if (getsockopt(wl_display_get_fd(c->tc.display), SOL_SOCKET, SO_PEERCRED, &cred, &len) <
		0) {
		return -1;
	}
	return cred.pid;
}

long
picowl_status_kb(pid_t pid, const char *key)
{
	char path[64], line[256];
	long kb = -1;
	size_t n = strlen(key);

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, n) == 0 && line[n] == ':') {
			kb = strtol(line + n + 1, NULL, 10);
		}
	}
	if (f) {
		fclose(f);
	}
	return kb;
}

bool
picowl_sanitized(pid_t pid)
{
	char path[64], line[512];
	bool found = false;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "r");
	while (f && !found && fgets(line, sizeof(line), f)) {
		found = strstr(line, "libasan") != NULL;
	}
	if (f) {
		fclose(f);
	}
	return found;
}

long
picowl_maps(pid_t pid)
{
	char path[64], line[512];
	long n = 0;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	FILE *f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f)) {
		n += strchr(line, '\n') != NULL;
	}
	if (f) {
		fclose(f);
	}
	return f ? n : -1;
}

long long
picowl_cpu_ns(pid_t pid)
{
	char path[64];
	long long ns = -1;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	FILE *f = fopen(path, "r");
	if (f && fscanf(f, "%lld", &ns) != 1) {
		ns = -1;
	}
	if (f) {
		fclose(f);
	}
	return ns;
}

void
conn_serve_good(void)
{
	pw_client_roundtrip(&good->tc, 5000);
}

int
run_case(const struct rcase *rc)
{
	char buf[128];
	int64_t start = pw_client_now_ms();
	struct conn *c = conn_open();
	bool ok = false;

	display_error_code = -1;
	if (!c) {
		printf("FAIL %s: cannot connect\n", rc->name);
		return 1;
	}
	if (rc->run(c)) {
		int r;
		if (rc->expect == EXPECT_NONE) {
			r = pw_client_roundtrip(&c->tc, ERROR_WAIT_MS);
		} else {
			r = pw_client_dispatch_until(&c->tc, NULL, ERROR_WAIT_MS);
		}
		ok = check_answer(rc, c, r);
	} else {
		printf("  the case's own check failed\n");
	}
	conn_close(c);
	/* the other client: still served, its frame callback comes */
	pw_client_toplevel_commit(&good->top, NULL);
	bool good_ok = pw_client_dispatch_until(&good->tc, &good->top.frame.done, 5000) == 1;
	if (!good_ok) {
		int err = wl_display_get_error(good->tc.display);
		printf("  the good client got no frame callback after the case%s%s\n",
			err ? ": " : "", err ? strerror(err) : "");
	}
	printf("%s %s: expected %s (%lld ms)\n", ok && good_ok ? "PASS" : "FAIL", rc->name,
		expected(rc, buf, sizeof(buf)), (long long)(pw_client_now_ms() - start));
	return ok && good_ok ? 0 : 1;
}

static int
run_group(const struct group *g)
{
	int failed = 0;

	if (g->run_all) {
		return g->run_all();
	}
	for (size_t i = 0; i < g->count; i++) {
		failed += run_case(&g->cases[i]);
	}
	return failed;
}

int
main(int argc, char *argv[])
{
	int failed = 0, ran = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	wl_log_set_handler_client(handle_log);
	good = conn_open();
	/* not a panel: the tile lists of the control cases are not its business */
	if (good && good->control) {
		picowl_control_v1_destroy(good->control);
		good->control = NULL;
	}
	if (!good || !conn_map(good, false)) {
		fprintf(stderr, "robust-cases: the good client could not map its toplevel\n");
		return 3;
	}
	for (int a = 1; a < argc; a++) {
		bool found = false;
		for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
			if (strcmp(argv[a], groups[g]->name) == 0 || strcmp(argv[a], "all") == 0) {
				failed += run_group(groups[g]);
				found = true;
				ran++;
			}
		}
		if (!found) {
			fprintf(stderr, "robust-cases: no group %s; groups:", argv[a]);
			for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
				fprintf(stderr, " %s", groups[g]->name);
			}
			fprintf(stderr, " all\n");
			return 2;
		}
	}
	printf("robust-cases: %d groups, %d failed cases\n", ran, failed);
	conn_close(good);
	return failed ? 1 : 0;
}
