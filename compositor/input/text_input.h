/*
 * zwp_text_input_v3 (text_input.c): the seat's text inputs, which follow the keyboard focus. A
 * text input is entered on the focused surface when it belongs to its client; what it commits
 * goes to the input method (input_method.h), and what the method commits comes back here.
 * Internal to compositor/input.
 */
#ifndef PW_TEXT_INPUT_H
#define PW_TEXT_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct pw_input_method_state;
struct pw_seat_ime;
struct pw_surface;

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

/* The manager global of `ime` (false on failure), and its end. */
bool pw_text_input_manager_init(struct pw_seat_ime *ime);
void pw_text_input_manager_finish(struct pw_seat_ime *ime);
/* The keyboard focus moved to `surface` (NULL: nobody): enter and leave follow it. */
void pw_text_input_focus(struct pw_seat_ime *ime, struct pw_surface *surface);
/* An input method commit: preedit, commit string, delete, then done with the commit count. */
void pw_text_input_send_method_state(struct pw_text_input *ti,
	const struct pw_input_method_state *state);

#endif
