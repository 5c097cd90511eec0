/*
 * The input method's popups (zwp_input_popup_surface_v2, input_popup.c): shown while the method
 * is active for a text input on a shown surface, where the seat policy's place_input_popup puts
 * them. The shell draws them (pw_seat_for_each_input_popup); the rest is input_method.c's.
 */
#ifndef PW_INPUT_POPUP_H
#define PW_INPUT_POPUP_H

#include <stdint.h>

struct pw_input_method;
struct pw_seat;
struct pw_seat_ime;
struct pw_surface;
struct wl_resource;

/* Calls `fn` for every popup shown, bottom to top, with its output position. */
void pw_seat_for_each_input_popup(struct pw_seat *seat,
	void (*fn)(struct pw_surface *surface, int x, int y, void *data), void *data);

/* zwp_input_popup_surface_v2 for `method` of `ime` (either NULL: inert). */
void pw_input_popup_create(struct pw_seat_ime *ime, struct pw_input_method *method,
	struct wl_resource *method_resource, uint32_t id, struct wl_resource *surface_resource);
/* The active text input, its cursor rectangle or the method's activity changed: re-place. */
void pw_input_popups_update(struct pw_seat_ime *ime);
/* The method goes: its popups become inert and hide. */
void pw_input_popups_method_gone(struct pw_seat_ime *ime, struct pw_input_method *method);

#endif
