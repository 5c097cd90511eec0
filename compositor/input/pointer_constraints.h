/*
 * zwp_pointer_constraints_v1 (pointer_constraints.c), offered to every client: a lock holds the
 * pointer still, a confinement keeps it in a region of a surface (4.91). Internal to
 * compositor/input.
 *
 * A surface has at most one constraint. It is active while its surface has both the keyboard
 * focus and the pointer focus, and the pointer is in its region; any focus change rechecks it.
 * Only relative motion (a mouse) is held: absolute motion (touch-as-pointer, a tablet, the test
 * hooks) moves the pointer anyway, and off the surface ends the constraint, so a finger always
 * gets out of a game that locked the pointer. A oneshot constraint, once ended, never comes
 * back; a persistent one comes back with the focus. A lock's cursor position hint places the
 * pointer when the lock ends.
 */
#ifndef PW_POINTER_CONSTRAINTS_H
#define PW_POINTER_CONSTRAINTS_H

#include <stdbool.h>

struct pw_seat;
struct pw_pointer_constraints;

/* The global; NULL on failure. Destroy accepts NULL; its resources go inert. */
struct pw_pointer_constraints *pw_pointer_constraints_create(struct pw_seat *seat);
void pw_pointer_constraints_destroy(struct pw_pointer_constraints *pc);

/* The foci or the pointer's position changed: activates or ends constraints. */
void pw_pointer_constraints_check(struct pw_pointer_constraints *pc);
/* Whether a lock is active (the pointer does not move, no wl_pointer.motion is sent). */
bool pw_pointer_constraints_locked(const struct pw_pointer_constraints *pc);
/*
 * With a confinement active, moves output point *x,*y, where relative motion would take the
 * pointer, back into its region (the rectangle the pointer is in).
 */
void pw_pointer_constraints_confine(const struct pw_pointer_constraints *pc, double *x, double *y);

#endif
