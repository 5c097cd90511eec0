/*
 * The input method's popups (zwp_input_popup_surface_v2) as the shell draws them: shown while
 * the method is active for a text input on a shown surface, where the seat policy's
 * place_input_popup puts them (input_popup.c).
 */
#ifndef PW_INPUT_POPUP_H
#define PW_INPUT_POPUP_H

struct pw_seat;
struct pw_surface;

/* Calls `fn` for every popup shown, bottom to top, with its output position. */
void pw_seat_for_each_input_popup(struct pw_seat *seat,
	void (*fn)(struct pw_surface *surface, int x, int y, void *data), void *data);

#endif
