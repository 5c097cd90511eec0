/*
 * zwlr_virtual_pointer_manager_v1 (wlr-virtual-pointer-unstable-v1, version 2), offered only to
 * clients of picowl's own uid: wayvnc and other remote-input programs move the seat's pointer,
 * press its buttons and scroll through it. Internal to compositor/input: seat.c creates it.
 *
 * A virtual pointer's events take the real pointer's path (decision 4.87): relative motion,
 * absolute motion (across the display before picowl's rotation, as a real absolute device's
 * and as wayvnc sends it) and buttons go through the input devices' own handlers (devices.c),
 * so focus, the implicit grab, the wake from a blank display and the finger's emulated pointer
 * treat it as a mouse. A frame's events wait for the frame request (at most 32, consecutive
 * motions merged; more is wl_display.no_memory), then go in order, each framed as a real
 * device's; relative motion starts where the pointer is. An axis source holds for the frame it
 * is named in and the next ones. The buttons a virtual pointer holds are released when it goes;
 * those of a frame never sent were never pressed.
 */
#ifndef PW_VIRTUAL_POINTER_H
#define PW_VIRTUAL_POINTER_H

struct pw_seat;
struct pw_virtual_pointers;

/* The global (private) and its resources; NULL on failure. */
struct pw_virtual_pointers *pw_virtual_pointers_create(struct pw_seat *seat);
/* Makes every resource inert (the seat is going: nothing is released). Accepts NULL. */
void pw_virtual_pointers_destroy(struct pw_virtual_pointers *vps);

#endif
