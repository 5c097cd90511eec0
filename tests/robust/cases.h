/*
 * robust-cases: hostile requests to every global picowl offers, one fresh connection per case,
 * next to a well-behaved client that must go on getting frame callbacks after each case.
 *
 * A case sends its bad requests through a `struct conn` and returns false if something it
 * checked itself went wrong; the runner then waits for the answer the case's table entry
 * names: a protocol error (interface and code), no error, or a disconnect.
 */
#ifndef ROBUST_CASES_H
#define ROBUST_CASES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "alpha-modifier-v1-client-protocol.h"
#include "client.h"
#include "commit-timing-v1-client-protocol.h"
#include "content-type-v1-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "ext-data-control-v1-client-protocol.h"
#include "ext-foreign-toplevel-list-v1-client-protocol.h"
#include "ext-idle-notify-v1-client-protocol.h"
#include "ext-image-capture-source-v1-client-protocol.h"
#include "ext-image-copy-capture-v1-client-protocol.h"
#include "ext-session-lock-v1-client-protocol.h"
#include "fifo-v1-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "idle-inhibit-unstable-v1-client-protocol.h"
#include "input-method-unstable-v2-client-protocol.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "linux-dmabuf-unstable-v1-client-protocol.h"
#include "picowl-control-unstable-v1-client-protocol.h"
#include "picowl-counters-unstable-v1-client-protocol.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "primary-selection-unstable-v1-client-protocol.h"
#include "relative-pointer-unstable-v1-client-protocol.h"
#include "security-context-v1-client-protocol.h"
#include "single-pixel-buffer-v1-client-protocol.h"
#include "tablet-unstable-v2-client-protocol.h"
#include "tearing-control-v1-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "wlr-data-control-unstable-v1-client-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "wlr-gamma-control-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-output-management-unstable-v1-client-protocol.h"
#include "wlr-output-power-management-unstable-v1-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "xdg-dialog-v1-client-protocol.h"
#include "xdg-foreign-unstable-v2-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"
#include "xdg-system-bell-v1-client-protocol.h"
#include "xdg-toplevel-icon-v1-client-protocol.h"
#include "xdg-toplevel-tag-v1-client-protocol.h"

#define MAX_GLOBALS 64

struct global {
	uint32_t name;
	uint32_t version;
	char interface[64];
};

/* A connection of the cases: every global bound, at the highest version both sides know. */
struct conn {
	struct pw_client tc; /* the core globals */
	struct pw_client_toplevel top; /* the toplevel conn_map() makes */
	struct global globals[MAX_GLOBALS];
	int n_globals;

	struct wl_data_device_manager *ddm;
	struct zwlr_layer_shell_v1 *layer_shell;
	struct wp_presentation *presentation;
	struct zxdg_decoration_manager_v1 *decoration;
	struct zxdg_output_manager_v1 *xdg_output;
	struct wp_viewporter *viewporter;
	struct zwlr_screencopy_manager_v1 *screencopy;
	struct picowl_control_v1 *control;
	struct picowl_counters_v1 *counters;
	struct zwp_primary_selection_device_manager_v1 *primary;
	struct zwlr_data_control_manager_v1 *data_control;
	struct zwp_text_input_manager_v3 *text_input_manager;
	struct zwp_input_method_manager_v2 *input_method_manager;
	struct xdg_activation_v1 *activation;
	struct zwp_virtual_keyboard_manager_v1 *virtual_keyboard_manager;
	struct ext_session_lock_manager_v1 *session_lock_manager;
	struct zwlr_output_manager_v1 *output_manager;
	struct zwlr_gamma_control_manager_v1 *gamma_manager;
	struct zwlr_output_power_manager_v1 *output_power_manager;
	struct ext_idle_notifier_v1 *idle_notifier;
	struct zwp_idle_inhibit_manager_v1 *idle_inhibit_manager;
	struct xdg_wm_dialog_v1 *dialog_manager;
	struct zwlr_foreign_toplevel_manager_v1 *foreign_toplevels;
	struct ext_foreign_toplevel_list_v1 *toplevel_list;
	struct ext_output_image_capture_source_manager_v1 *output_sources;
	struct ext_foreign_toplevel_image_capture_source_manager_v1 *toplevel_sources;
	struct ext_image_copy_capture_manager_v1 *image_copy;
	/* issue 37's input protocols (cases_games.c) */
	struct zwp_relative_pointer_manager_v1 *relative_pointer_manager;
	struct zwp_pointer_constraints_v1 *pointer_constraints;
	struct zwp_keyboard_shortcuts_inhibit_manager_v1 *shortcuts_inhibit_manager;
	struct wp_cursor_shape_manager_v1 *cursor_shape_manager;
	struct wp_single_pixel_buffer_manager_v1 *single_pixel;
	struct wp_alpha_modifier_v1 *alpha_modifier;
	struct wp_fractional_scale_manager_v1 *fractional_scale;
	struct wp_content_type_manager_v1 *content_type;
	struct wp_tearing_control_manager_v1 *tearing_control;
	struct wp_fifo_manager_v1 *fifo_manager;
	struct wp_commit_timing_manager_v1 *timing_manager;
	struct wp_security_context_manager_v1 *security_context_manager;
	struct xdg_system_bell_v1 *system_bell;
	struct xdg_toplevel_tag_manager_v1 *tag_manager;
	struct xdg_toplevel_icon_manager_v1 *icon_manager;
	struct zxdg_exporter_v2 *exporter;
	struct zxdg_importer_v2 *importer;
	struct zwlr_virtual_pointer_manager_v1 *virtual_pointer_manager;
	struct ext_data_control_manager_v1 *ext_data_control;
	struct zwp_linux_dmabuf_v1 *dmabuf;
	struct zwp_pointer_gestures_v1 *pointer_gestures; /* cases_gestures.c */
	struct zwp_tablet_manager_v2 *tablet_manager; /* cases_tablet.c */

	/* set by the listeners a case adds */
	int events;
	uint32_t serial;
	void *object;
};

/* What a wl_pointer of a case saw: pointer_watch_listener's data. */
struct pointer_watch {
	uint32_t enter_serial, press_serial;
	bool pressed;
};

/* Records a wl_pointer's enter and button press serials in its struct pointer_watch. */
extern const struct wl_pointer_listener pointer_watch_listener;

enum expect {
	EXPECT_ERROR,
	EXPECT_NONE,
	EXPECT_DISCONNECT,
};

struct rcase {
	const char *name;
	bool (*run)(struct conn *c);
	enum expect expect;
	const char *iface; /* EXPECT_ERROR: the interface and code of the error */
	uint32_t code;
};

struct group {
	const char *name;
	const struct rcase *cases;
	size_t count;
	/* Or, for cases made at run time (one per global): runs them all, returns failures. */
	int (*run_all)(void);
};

extern const struct group data_device_group, layer_shell_group, decoration_group;
extern const struct group presentation_group, xdg_output_group, seat_group;
extern const struct group control_group, counters_group, wire_group, popup_group;
extern const struct group surface_group, screencopy_group;
extern const struct group primary_selection_group, data_control_group;
extern const struct group ime_group;
extern const struct group activation_group, popup_grab_group;
extern const struct group drag_group;
extern const struct group virtual_keyboard_group;
extern const struct group session_lock_group;
extern const struct group output_management_group;
extern const struct group output_power_group;
extern const struct group output_modes_group;
extern const struct group idle_notify_group, idle_inhibit_group;
extern const struct group budget_group;
extern const struct group core_group, shm_group, xdg_shell_group;
extern const struct group hostile_group;
extern const struct group foreign_toplevel_group;
extern const struct group image_capture_group;
extern const struct group pointer_constraints_group, shortcuts_inhibit_group, cursor_shape_group;
extern const struct group surface_hints_group;
extern const struct group pacing_group;
extern const struct group security_context_group, system_bell_group, toplevel_tag_group;
extern const struct group toplevel_icon_group, xdg_foreign_group;
extern const struct group virtual_pointer_group, ext_data_control_group;
extern const struct group linux_dmabuf_group;
extern const struct group gamma_group;
extern const struct group pointer_gestures_group;
extern const struct group tablet_group;

/* Connects and binds every global at the highest version both sides know. NULL on failure. */
struct conn *conn_open(void);
void conn_close(struct conn *c);
/* Maps a green toplevel (fullscreen: over the whole output) and waits for its first frame. */
bool conn_map(struct conn *c, bool fullscreen);

/* A connection with a mapped toplevel (it takes the focus): a bystander. NULL on failure. */
struct conn *conn_open_mapped(void);

/*
 * Offers 20,000 mime types of 178 characters each through offer(source, mime), with a round
 * trip on c every 500; false if one failed.
 */
bool conn_offer_mime_flood(struct conn *c, void *source,
	void (*offer)(void *source, const char *mime));

/* Dispatches until c->events >= count; false on timeout or failure. */
bool conn_wait_events(struct conn *c, int count, int timeout_ms);

/* pw_client_memfd, or the exit status 3 on failure. */
int make_memfd(size_t size);

/* Writes one raw request after what libwayland has queued; words follow the header. */
bool raw_send(struct conn *c, uint32_t id, uint16_t opcode, const uint32_t *words, size_t n);
/*
 * An object id for a raw request's new_id: libwayland-client allocates it (picowl accepts only
 * the next free id), and the proxy stays, so events to it are understood.
 */
uint32_t raw_new_id(struct conn *c, const struct wl_interface *interface);

/* picowl's pid: the peer of c's socket; -1 if unknown. */
pid_t conn_picowl_pid(struct conn *c);
/* A line of /proc/PID/status in kB (key "VmRSS"...), or -1. */
long picowl_status_kb(pid_t pid, const char *key);
/* Whether picowl runs under AddressSanitizer: its RSS is then the shadow's, not bounded. */
bool picowl_sanitized(pid_t pid);
/* The lines of /proc/PID/maps (picowl's mappings), or -1. */
long picowl_maps(pid_t pid);
/* The time picowl ran on a CPU (/proc/PID/schedstat), in ns, or -1. */
long long picowl_cpu_ns(pid_t pid);

/* A round trip of the good client: it reads what a case made picowl send it meanwhile. */
void conn_serve_good(void);

/* Runs one case on a fresh connection and checks the good client after it; 0 on a pass. */
int run_case(const struct rcase *rc);

#endif
