/*
 * Raw wire messages to every global picowl offers (and to wl_display and wl_registry): an
 * unknown opcode, each request with its arguments missing or its fd not sent, each object
 * argument naming no object, an object of the wrong interface or, where not nullable, null,
 * and each string running past the message. libwayland-server
 * answers these before picowl's code runs: a wl_display error, then the disconnect.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "cases.h"

#define NO_SUCH_OBJECT 0x00fffff0u

enum mutation {
	BAD_OPCODE, /* opcode = method_count */
	MAX_OPCODE, /* opcode = 0xffff */
	SHORT, /* the header alone */
	OBJECT_MISSING, /* arg `arg` names no object */
	OBJECT_WRONG_TYPE, /* arg `arg` names the wl_registry */
	OBJECT_NULL, /* arg `arg`, not nullable, is 0 */
	STRING_TOO_LONG, /* arg `arg`'s length runs past the message */
	FD_MISSING, /* every argument but the fd, which never comes */
};

static const char *const mutation_names[] = {
	"unknown-opcode",
	"opcode-65535",
	"arguments-missing",
	"object-missing",
	"object-wrong-interface",
	"object-null",
	"string-past-end",
	"fd-missing",
};

/* The case run_case is running, and the proxies of each global by interface name. */
static struct {
	const char *interface;
	uint16_t opcode;
	enum mutation mutation;
	int arg;
} current;

static struct wl_proxy *
proxy_of(struct conn *c, const char *name, const struct wl_interface **iface)
{
	struct {
		void *proxy;
		const struct wl_interface *iface;
	} table[] = {
		{c->tc.display, &wl_display_interface},
		{c->tc.registry, &wl_registry_interface},
		{c->tc.compositor, &wl_compositor_interface},
		{c->tc.subcompositor, &wl_subcompositor_interface},
		{c->tc.shm, &wl_shm_interface},
		{c->tc.seat, &wl_seat_interface},
		{c->tc.output, &wl_output_interface},
		{c->ddm, &wl_data_device_manager_interface},
		{c->tc.wm_base, &xdg_wm_base_interface},
		{c->layer_shell, &zwlr_layer_shell_v1_interface},
		{c->presentation, &wp_presentation_interface},
		{c->decoration, &zxdg_decoration_manager_v1_interface},
		{c->xdg_output, &zxdg_output_manager_v1_interface},
		{c->viewporter, &wp_viewporter_interface},
		{c->screencopy, &zwlr_screencopy_manager_v1_interface},
		{c->control, &picowl_control_v1_interface},
		{c->counters, &picowl_counters_v1_interface},
		{c->primary, &zwp_primary_selection_device_manager_v1_interface},
		{c->data_control, &zwlr_data_control_manager_v1_interface},
		{c->text_input_manager, &zwp_text_input_manager_v3_interface},
		{c->input_method_manager, &zwp_input_method_manager_v2_interface},
		{c->activation, &xdg_activation_v1_interface},
		{c->virtual_keyboard_manager, &zwp_virtual_keyboard_manager_v1_interface},
		{c->session_lock_manager, &ext_session_lock_manager_v1_interface},
		{c->output_manager, &zwlr_output_manager_v1_interface},
		{c->gamma_manager, &zwlr_gamma_control_manager_v1_interface},
		{c->output_power_manager, &zwlr_output_power_manager_v1_interface},
		{c->idle_notifier, &ext_idle_notifier_v1_interface},
		{c->idle_inhibit_manager, &zwp_idle_inhibit_manager_v1_interface},
		{c->dialog_manager, &xdg_wm_dialog_v1_interface},
		{c->foreign_toplevels, &zwlr_foreign_toplevel_manager_v1_interface},
		{c->toplevel_list, &ext_foreign_toplevel_list_v1_interface},
		{c->output_sources, &ext_output_image_capture_source_manager_v1_interface},
		{c->toplevel_sources,
			&ext_foreign_toplevel_image_capture_source_manager_v1_interface},
		{c->image_copy, &ext_image_copy_capture_manager_v1_interface},
		{c->relative_pointer_manager, &zwp_relative_pointer_manager_v1_interface},
		{c->pointer_constraints, &zwp_pointer_constraints_v1_interface},
		{c->shortcuts_inhibit_manager,
			&zwp_keyboard_shortcuts_inhibit_manager_v1_interface},
		{c->cursor_shape_manager, &wp_cursor_shape_manager_v1_interface},
		{c->single_pixel, &wp_single_pixel_buffer_manager_v1_interface},
		{c->alpha_modifier, &wp_alpha_modifier_v1_interface},
		{c->fractional_scale, &wp_fractional_scale_manager_v1_interface},
		{c->content_type, &wp_content_type_manager_v1_interface},
		{c->tearing_control, &wp_tearing_control_manager_v1_interface},
		{c->fifo_manager, &wp_fifo_manager_v1_interface},
		{c->timing_manager, &wp_commit_timing_manager_v1_interface},
		{c->security_context_manager, &wp_security_context_manager_v1_interface},
		{c->system_bell, &xdg_system_bell_v1_interface},
		{c->tag_manager, &xdg_toplevel_tag_manager_v1_interface},
		{c->icon_manager, &xdg_toplevel_icon_manager_v1_interface},
		{c->exporter, &zxdg_exporter_v2_interface},
		{c->importer, &zxdg_importer_v2_interface},
		{c->virtual_pointer_manager, &zwlr_virtual_pointer_manager_v1_interface},
		{c->ext_data_control, &ext_data_control_manager_v1_interface},
		{c->dmabuf, &zwp_linux_dmabuf_v1_interface},
		{c->pointer_gestures, &zwp_pointer_gestures_v1_interface},
		{c->tablet_manager, &zwp_tablet_manager_v2_interface},
	};

	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		if (strcmp(table[i].iface->name, name) == 0) {
			*iface = table[i].iface;
			return table[i].proxy;
		}
	}
	return NULL;
}

/* The argument types of a signature, without the version digits and '?' marks. */
static int
arg_types(const char *signature, char *types, bool *nullable)
{
	int n = 0;

	for (const char *s = signature; *s; s++) {
		if (*s == '?') {
			nullable[n] = true;
		} else if (*s < '0' || *s > '9') {
			types[n++] = *s;
			nullable[n] = false;
		}
	}
	return n;
}

/* Builds the request `current` describes; false if it cannot be sent. */
static bool
send_mutated(struct conn *c)
{
	const struct wl_interface *iface;
	struct wl_proxy *proxy = proxy_of(c, current.interface, &iface);
	uint32_t words[64];
	size_t n = 0;

	if (!proxy) {
		printf("  %s is not bound\n", current.interface);
		return false;
	}
	uint32_t id = wl_proxy_get_id(proxy);
	if (current.mutation == BAD_OPCODE || current.mutation == MAX_OPCODE ||
		current.mutation == SHORT) {
		return raw_send(c, id, current.opcode, NULL, 0);
	}
	const struct wl_message *msg = &iface->methods[current.opcode];
	char types[32];
	bool nullable[33] = {false};
	int count = arg_types(msg->signature, types, nullable);
	for (int a = 0; a < count && n < 60; a++) {
		bool target = a == current.arg;
		switch (types[a]) {
		case 'o':
			if (!target) {
				words[n++] = 0;
			} else if (current.mutation == OBJECT_MISSING) {
				words[n++] = NO_SUCH_OBJECT;
			} else if (current.mutation == OBJECT_WRONG_TYPE) {
				words[n++] = wl_proxy_get_id((struct wl_proxy *)c->tc.registry);
			} else {
				words[n++] = 0;
			}
			break;
		case 'n':
			words[n++] = msg->types[a] ? raw_new_id(c, msg->types[a]) : 0;
			break;
		case 's':
			if (target) {
				words[n++] = 1000;
				words[n++] = 0;
			} else {
				words[n++] = 4;
				memcpy(&words[n++], "abc", 4);
			}
			break;
		case 'a':
			words[n++] = 0;
			break;
		case 'h':
			break; /* no descriptor goes with these messages */
		default:
			words[n++] = 0;
		}
	}
	return raw_send(c, id, current.opcode, words, n);
}

static bool
run_mutated(struct conn *c)
{
	return send_mutated(c);
}

/* size 4 is below the 8 bytes of a header: the message cannot even be skipped */
static bool
run_bad_size(struct conn *c)
{
	uint32_t msg[2] = {1, 4u << 16};

	return wl_display_flush(c->tc.display) >= 0 &&
		send(wl_display_get_fd(c->tc.display), msg, sizeof(msg), MSG_NOSIGNAL) ==
		sizeof(msg);
}

static int
run_one(const char *interface, uint16_t opcode, enum mutation m, int arg, const char *what)
{
	char name[160];

	current.interface = interface;
	current.opcode = opcode;
	current.mutation = m;
	current.arg = arg;
	snprintf(name, sizeof(name), "wire-%s-%s%s%s", interface, mutation_names[m],
		what ? "-" : "", what ? what : "");
	/* an unknown target object is INVALID_OBJECT; anything wrong in a message, METHOD */
	struct rcase rc = {name, run_mutated, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD};
	return run_case(&rc);
}

static int
run_interface(const char *name)
{
	struct conn *c = conn_open();
	const struct wl_interface *iface;
	int failed = 0;

	if (!c || !proxy_of(c, name, &iface)) {
		printf("FAIL wire-%s: picowl offers a global this test does not know; add it to "
		       "proxy_of()\n",
			name);
		conn_close(c);
		return 1;
	}
	conn_close(c);
	failed += run_one(name, (uint16_t)iface->method_count, BAD_OPCODE, -1, NULL);
	failed += run_one(name, 0xffff, MAX_OPCODE, -1, NULL);
	for (int op = 0; op < iface->method_count; op++) {
		const struct wl_message *msg = &iface->methods[op];
		char types[32], what[96];
		bool nullable[33] = {false};
		int count = arg_types(msg->signature, types, nullable);
		bool has_args = false;
		for (int a = 0; a < count; a++) {
			has_args |= types[a] != 'h';
		}
		if (has_args) {
			failed += run_one(name, (uint16_t)op, SHORT, -1, msg->name);
		}
		if (memchr(types, 'h', (size_t)count)) {
			failed += run_one(name, (uint16_t)op, FD_MISSING, -1, msg->name);
		}
		for (int a = 0; a < count; a++) {
			snprintf(what, sizeof(what), "%s-arg%d", msg->name, a);
			if (types[a] == 'o') {
				failed += run_one(name, (uint16_t)op, OBJECT_MISSING, a, what);
				if (msg->types[a]) {
					failed += run_one(name, (uint16_t)op, OBJECT_WRONG_TYPE, a,
						what);
				}
				if (!nullable[a]) {
					failed += run_one(name, (uint16_t)op, OBJECT_NULL, a, what);
				}
			} else if (types[a] == 's') {
				failed += run_one(name, (uint16_t)op, STRING_TOO_LONG, a, what);
			}
		}
	}
	return failed;
}

static bool
to_dead_object(struct conn *c)
{
	return raw_send(c, NO_SUCH_OBJECT, 0, NULL, 0);
}

static bool
bind_unknown_name(struct conn *c)
{
	wl_registry_bind(c->tc.registry, 0xfffffff0u, &wl_compositor_interface, 1);
	return true;
}

static bool
bind_wrong_interface(struct conn *c)
{
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, "wl_compositor") == 0) {
			wl_registry_bind(c->tc.registry, c->globals[i].name, &wl_shm_interface, 1);
			return true;
		}
	}
	return false;
}

static bool
bind_too_new(struct conn *c)
{
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, "wl_compositor") == 0) {
			struct wl_interface fake = wl_compositor_interface;
			fake.version = (int)c->globals[i].version + 1;
			wl_registry_bind(c->tc.registry, c->globals[i].name, &fake,
				c->globals[i].version + 1);
			return wl_display_flush(c->tc.display) >= 0;
		}
	}
	return false;
}

static const struct rcase fixed_cases[] = {
	{"wire-request-to-an-object-that-never-was", to_dead_object, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
	{"wire-header-size-4", run_bad_size, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"wire-bind-unknown-global", bind_unknown_name, EXPECT_ERROR, "wl_registry",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
	{"wire-bind-wrong-interface", bind_wrong_interface, EXPECT_ERROR, "wl_registry",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
	{"wire-bind-version-too-new", bind_too_new, EXPECT_ERROR, "wl_registry",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
};

static int
run_wire(void)
{
	struct conn *c = conn_open();
	char names[MAX_GLOBALS][64];
	int n = 0, failed = 0;

	if (!c) {
		return 1;
	}
	for (int i = 0; i < c->n_globals; i++) {
		snprintf(names[n++], sizeof(names[0]), "%s", c->globals[i].interface);
	}
	conn_close(c);
	for (size_t i = 0; i < sizeof(fixed_cases) / sizeof(fixed_cases[0]); i++) {
		failed += run_case(&fixed_cases[i]);
	}
	failed += run_interface("wl_display");
	failed += run_interface("wl_registry");
	for (int i = 0; i < n; i++) {
		failed += run_interface(names[i]);
	}
	return failed;
}

const struct group wire_group = {"wire", NULL, 0, run_wire};
