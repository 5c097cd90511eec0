/*
 * The insides of pw_seat, shared by seat.c (the wl_seat global and its resources), keyboard.c,
 * pointer.c and touch.c. Nothing outside these files includes it.
 *
 * Every wl_keyboard, wl_pointer and wl_touch resource has the seat as user data and its link in
 * the matching `resources` list; when the seat is destroyed first, the user data becomes NULL
 * and the link is emptied, so the resource is inert.
 *
 * Every surface the seat refers to is watched through its wl_resource's destroy listener, which
 * runs before anything else hears of the destruction: the reference is dropped silently there,
 * since an event naming a wl_surface the client already destroyed reaches it as NULL. A surface
 * the seat still refers to can thus always be named (leave on unmap, for instance).
 */
#ifndef PW_SEAT_INTERNAL_H
#define PW_SEAT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <xkbcommon/xkbcommon.h>

#include "data_device.h"
#include "input.h"
#include "seat.h"
#include "selection.h"
#include "wake.h"

enum pw_seat_mod_index {
	PW_SEAT_MOD_SHIFT,
	PW_SEAT_MOD_CTRL,
	PW_SEAT_MOD_ALT,
	PW_SEAT_MOD_LOGO,
	PW_SEAT_MOD_COUNT,
};

enum pw_seat_rmlvo { PW_RULES, PW_MODEL, PW_LAYOUT, PW_VARIANT, PW_OPTIONS, PW_RMLVO_COUNT };

struct pw_seat_keyboard {
	struct wl_list resources;
	struct xkb_context *context;
	/* NULL until the first need (pw_keyboard_ready), which compiles `later` (NULLs: "us") */
	struct xkb_keymap *keymap;
	char *later[PW_RMLVO_COUNT];
	struct xkb_state *state;
	int keymap_fd; /* sealed memfd with the keymap text and its NUL */
	uint32_t keymap_size;
	int32_t repeat_rate, repeat_delay; /* keys per second (0: no repeat), ms */
	xkb_mod_index_t mods_index[PW_SEAT_MOD_COUNT];
	struct wl_array pressed; /* uint32_t evdev codes, held and sent to clients */
	struct wl_array swallowed; /* uint32_t evdev codes, held and consumed by a binding */
	uint32_t depressed, latched, locked, group; /* as last serialized */
	struct pw_surface *focus;
	struct wl_listener focus_destroy;
};

struct pw_seat_pointer {
	struct wl_list resources;
	double x, y; /* output coordinates */
	struct pw_surface *focus;
	struct wl_listener focus_destroy;
	double focus_x, focus_y; /* output position of the focus' surface-local origin */
	uint32_t enter_serial;
	int buttons; /* held; while nonzero the focus stays (implicit grab) */
	struct pw_surface *cursor; /* the client's cursor image; not drawn yet */
	struct wl_listener cursor_destroy;
	int32_t hotspot_x, hotspot_y;
	bool present; /* a pointer device exists or moved: until then no focus, no enter */
	uint32_t button_serial; /* of the last press, which start_drag cites */
};

#define PW_SEAT_TOUCH_POINTS 10

struct pw_seat_touch_point {
	struct pw_seat *seat;
	bool active; /* down and not yet framed after its up */
	bool up; /* up sent; freed at the next frame */
	bool pending; /* an event was sent since the last frame */
	int32_t id;
	struct pw_surface *surface; /* NULL: events of this point go nowhere */
	struct wl_client *client;
	struct wl_listener surface_destroy;
	double origin_x, origin_y; /* output position of the surface-local origin */
	double x, y; /* output position, for a drag it starts */
	uint32_t serial; /* of its down, which start_drag cites */
};

struct pw_seat_touch {
	struct wl_list resources;
	struct pw_seat_touch_point points[PW_SEAT_TOUCH_POINTS];
};

#define PW_SEAT_INPUT_SERIALS 16

struct pw_seat_input_serial {
	struct wl_client *client; /* NULL: the slot is free */
	uint32_t serial;
	struct wl_listener client_destroy; /* frees the slot: a new client may get the address */
};

struct pw_seat {
	struct pw_server *server;
	const struct pw_seat_policy *policy;
	double cursor_x, cursor_y; /* output coordinates, moved by relative pointer motion */
	struct wl_listener server_destroy;
	struct wl_listener surface_moved;
	struct wl_listener surface_destroy;
	struct wl_display *display;
	struct wl_global *global;
	struct wl_list resources; /* wl_seat resources */
	struct pw_data_device_manager *data;
	/* selection.h: offered by `data`, `primary_manager` and `data_control` */
	struct pw_selection clipboard, primary;
	struct pw_primary_selection_manager *primary_manager;
	struct pw_data_control_manager *data_control;
	struct pw_seat_keyboard keyboard;
	struct pw_seat_pointer pointer;
	struct pw_seat_touch touch;
	struct pw_seat_wake wake; /* the input that woke the display, dropped (wake.h) */
	struct pw_seat_ime *ime; /* text input and input method (ime.h) */
	struct pw_virtual_keyboards *virtual_keyboards; /* virtual_keyboard.h */
	struct pw_data_drag *drag; /* the drag on, or NULL (data_drag.h) */
	/* the keymap's compile and the devices' opening, waiting for the first frame */
	struct pw_after_frame *first_frame;
	/* the devices' settings while they wait for it: devices_later.devices in paths */
	bool devices_waiting;
	struct pw_input_config devices_later;
	char **device_paths;
	/* the last input events sent with a serial (input_serials.c), a ring */
	struct pw_seat_input_serial input_serials[PW_SEAT_INPUT_SERIALS];
	unsigned int input_serial_next;
};

/*
 * `client` was sent an input event a grab or an activation may cite (a button, a key, a
 * touch down) with `serial`.
 */
void pw_seat_input_serial_record(struct pw_seat *seat, struct wl_client *client, uint32_t serial);
void pw_seat_input_serials_init(struct pw_seat *seat);
void pw_seat_input_serials_finish(struct pw_seat *seat);

/*
 * The backend's input devices (devices.c): hooked to the seat; opened by
 * pw_seat_devices_open, which the seat calls after the first frame (until then
 * pw_seat_configure_input only records the settings); closed.
 */
void pw_seat_devices_init(struct pw_seat *seat);
void pw_seat_devices_open(struct pw_seat *seat);
void pw_seat_devices_finish(struct pw_seat *seat);

/* Makes every resource in `list` inert: NULL user data, emptied link. */
void pw_seat_resources_make_inert(struct wl_list *list);

/*
 * Each part: init (false on failure, nothing left to undo), finish, and the get_* request,
 * which with a NULL `seat` (inert wl_seat) creates an inert resource.
 */
bool pw_keyboard_init(struct pw_seat *seat);
void pw_keyboard_finish(struct pw_seat *seat);
/*
 * Compiles the keymap if it waits (the names pw_seat_set_keymap_later recorded, else the us
 * layout, else the one built in): before anything reads kb->keymap, state or keymap_fd. False
 * only when there is none (no memory).
 */
bool pw_keyboard_ready(struct pw_seat *seat);
void pw_keyboard_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id);
void pw_keyboard_surface_gone(struct pw_seat *seat, struct pw_surface *surface);
/* A sealed memfd holding `size` bytes of `text`, read-only to every client; -1 on failure. */
int pw_keyboard_keymap_fd(const char *text, size_t size);
/* Frees the names pw_seat_set_keymap_later recorded (keymap.c). */
void pw_keyboard_drop_later(struct pw_seat_keyboard *kb);
/* Serializes the xkb state and sends the modifiers to the focus if they changed. */
void pw_keyboard_update_modifiers(struct pw_seat *seat);

void pw_pointer_init(struct pw_seat *seat);
void pw_pointer_finish(struct pw_seat *seat);
void pw_pointer_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id);
void pw_pointer_surface_gone(struct pw_seat *seat, struct pw_surface *surface);
/* Leaves the pointer focus (a drag takes the pointer); the next motion finds one again. */
void pw_pointer_clear_focus(struct pw_seat *seat);

void pw_touch_init(struct pw_seat *seat);
void pw_touch_finish(struct pw_seat *seat);
void pw_touch_create_resource(struct pw_seat *seat, struct wl_client *client, uint32_t version,
	uint32_t id);
void pw_touch_surface_gone(struct pw_seat *seat, struct pw_surface *surface);

#endif
