/*
 * The seat's text input and input method (pw_seat_ime, input_method.c): the
 * zwp_input_method_manager_v2 global (private), the seat's one input method with its keyboard
 * grab, and the relay between the active text input (text_input.h) and the method. The
 * method's popups are input_popup.c's. Internal to compositor/input; the shell sees only
 * input_popup.h.
 *
 * The first entered text input whose committed state is enabled is the active one; the input
 * method (at most one per seat) is activated for it and gets its committed state, and its own
 * commits go to it.
 */
#ifndef PW_INPUT_METHOD_H
#define PW_INPUT_METHOD_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_input_method;
struct pw_seat;
struct pw_text_input;

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
struct pw_seat_ime *pw_input_method_create(struct pw_seat *seat);
void pw_input_method_destroy(struct pw_seat_ime *ime);

/*
 * A text input was entered, left, committed (`committed`) or destroyed (after leaving the
 * list): picks the active text input again and tells the input method.
 */
void pw_input_method_text_input_changed(struct pw_seat_ime *ime, struct pw_text_input *ti,
	bool committed);

/* The keyboard grab, from keyboard.c. True when the grab took the key. */
bool pw_input_method_grab_key(struct pw_seat *seat, uint32_t time_msec, uint32_t key,
	uint32_t state);
/* The seat's modifiers changed (sent to the grab), or its keymap or repeat info. */
void pw_input_method_grab_modifiers(struct pw_seat *seat);
void pw_input_method_grab_keymap(struct pw_seat *seat);

/* Whether `method` is active (popups show only then). */
bool pw_input_method_is_active(const struct pw_input_method *method);

#endif
