/*
 * zwp_keyboard_shortcuts_inhibit_manager_v1 (shortcuts_inhibit.c), offered to every client: a
 * VNC viewer or a game asks for the keys picowl would take. The inhibitor of the surface with
 * the keyboard focus is active (granted at once, no question asked); the shell then leaves the
 * [bindings] of a full keyboard to the client, all but the escape (4.92, bindings.c).
 */
#ifndef PW_SHORTCUTS_INHIBIT_H
#define PW_SHORTCUTS_INHIBIT_H

#include <stdbool.h>

struct pw_seat;
struct pw_shortcuts_inhibit;

/* The global; NULL on failure. Destroy accepts NULL; its resources go inert. */
struct pw_shortcuts_inhibit *pw_shortcuts_inhibit_create(struct pw_seat *seat);
void pw_shortcuts_inhibit_destroy(struct pw_shortcuts_inhibit *si);

/* The keyboard focus changed: active and inactive events. */
void pw_shortcuts_inhibit_focus(struct pw_shortcuts_inhibit *si);
/* Whether the keyboard focus has an active inhibitor. */
bool pw_shortcuts_inhibit_active(const struct pw_shortcuts_inhibit *si);
/* The escape ran: the active inhibitor is inactive until the focus leaves its surface. */
void pw_shortcuts_inhibit_revoke(struct pw_shortcuts_inhibit *si);

#endif
