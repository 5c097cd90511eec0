/*
 * An X selection bridged with one of the seat's, both ways (decision 4.73): text only
 * (UTF8_STRING, text/plain), at most 1 MiB, one transfer each way at a time.
 */
#ifndef PW_XWM_SELECTION_H
#define PW_XWM_SELECTION_H

#include <stdbool.h>
#include <xcb/xcb.h>

struct pw_xwm;
struct pw_xwm_selection;

struct pw_selection;

/*
 * The X selection `name` (CLIPBOARD, PRIMARY) with `selection`; NULL when XFixes is missing or
 * memory ran out (no bridge then).
 */
struct pw_xwm_selection *pw_xwm_selection_create(struct pw_xwm *xwm, const char *name,
	struct pw_selection *selection);
void pw_xwm_selection_destroy(struct pw_xwm_selection *sel);
/* True when `event` was the bridge's (XFixes selection notify, Selection*). */
bool pw_xwm_selection_event(struct pw_xwm_selection *sel, xcb_generic_event_t *event);

#endif
