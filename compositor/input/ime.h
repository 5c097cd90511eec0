/*
 * Text input (zwp_text_input_v3, text_input.c) and the input method (zwp_input_method_v2 with
 * its keyboard grab, input_method.c, and popups, input_popup.c) of one seat: what each side
 * hands the other. Internal to compositor/input; the shell sees only input_popup.h.
 *
 * The seat's text inputs follow the keyboard focus: a text input is entered on the focused
 * surface when it belongs to its client. The first entered text input whose committed state is
 * enabled is the active one; the input method (at most one per seat) is activated for it and
 * gets its committed state, and its own commits go to it.
 */
#ifndef PW_IME_H
#define PW_IME_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_seat;
struct pw_surface;
struct pw_input_method;

/* A text input's double-buffered state (zwp_text_input_v3 requests up to commit). */
struct pw_text_input_state {
	bool enabled;
	char *surrounding; /* NULL: none set since enable */
	uint32_t cursor, anchor;
	uint32_t cause;
	bool has_content_type;
	uint32_t hint, purpose;
	bool has_rect;
	int32_t rect_x, rect_y, rect_width, rect_height; /* surface-local */
};

struct pw_text_input {
	struct wl_resource *resource;
	struct pw_seat_ime *ime; /* NULL: inert (the seat went) */
	struct wl_list link; /* pw_seat_ime.text_inputs */
	struct pw_surface *focus; /* entered on; NULL: none */
	struct wl_listener focus_destroy;
	struct pw_text_input_state pending, current;
	uint32_t commits; /* commit requests so far: the serial of done */
};

/* What an input method commit carries to the active text input. */
struct pw_input_method_state {
	char *commit; /* NULL: none */
	char *preedit; /* NULL: none */
	int32_t preedit_begin, preedit_end;
	bool has_delete;
	uint32_t delete_before, delete_after;
};

struct pw_seat_ime {
	struct pw_seat *seat;
	struct wl_global *text_input_manager;
	struct wl_global *input_method_manager; /* private: same-uid clients only */
	struct wl_list text_inputs; /* pw_text_input.link */
	struct pw_input_method *method; /* the seat's one input method, or NULL */
	struct pw_text_input *active; /* the text input the method serves, or NULL */
	struct wl_list popups; /* pw_input_popup.link, bottom to top */
	struct wl_list manager_resources; /* both managers' resources, made inert at destroy */
};

/*
 * Creates both globals for `seat` (the input method manager private); NULL on failure.
 * Destroy makes every resource inert.
 */
struct pw_seat_ime *pw_ime_create(struct pw_seat *seat);
void pw_ime_destroy(struct pw_seat_ime *ime);

/* text_input.c: the manager global, and enter/leave following the keyboard focus. */
bool pw_text_input_manager_init(struct pw_seat_ime *ime);
void pw_text_input_manager_finish(struct pw_seat_ime *ime);
void pw_text_input_focus(struct pw_seat_ime *ime, struct pw_surface *surface);
/* An input method commit: preedit, commit string, delete, then done with the commit count. */
void pw_text_input_send_method_state(struct pw_text_input *ti,
	const struct pw_input_method_state *state);

/*
 * input_method.c: a text input was entered, left, committed (`committed`) or destroyed (after
 * leaving the list): picks the active text input again and tells the input method.
 */
void pw_ime_text_input_changed(struct pw_seat_ime *ime, struct pw_text_input *ti, bool committed);

/* input_method.c: the keyboard grab, from keyboard.c. True when the grab took the key. */
bool pw_ime_grab_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key, uint32_t state);
/* The seat's modifiers changed (sent to the grab), or its keymap or repeat info. */
void pw_ime_grab_modifiers(struct pw_seat *seat);
void pw_ime_grab_keymap(struct pw_seat *seat);

/* input_popup.c: zwp_input_popup_surface_v2 for `method` of `ime` (either NULL: inert). */
void pw_input_popup_create(struct pw_seat_ime *ime, struct pw_input_method *method,
	struct wl_resource *method_resource, uint32_t id, struct wl_resource *surface_resource);
/* The active text input, its cursor rectangle or the method's activity changed: re-place. */
void pw_input_popups_update(struct pw_seat_ime *ime);
/* The method goes: its popups become inert and hide. */
void pw_input_popups_method_gone(struct pw_seat_ime *ime, struct pw_input_method *method);
/* Whether `method` is active (popups show only then). */
bool pw_input_method_is_active(const struct pw_input_method *method);

#endif
