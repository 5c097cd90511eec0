/*
 * A surface that is a view by itself, with no role object of its client's: an X window's
 * wl_surface, given its role by the window manager (compositor/xwayland, decision 4.71).
 */
#ifndef PW_VIEW_ROLE_H
#define PW_VIEW_ROLE_H

#include <stdbool.h>

struct pw_surface;
struct pw_view;

/*
 * Gives `view->surface` the view role: drawn at the view's content origin, clipped to it, at
 * its scale, hidden under another's fullscreen view. False when the surface has another role.
 */
bool pw_view_role_set(struct pw_view *view);
/* The surface keeps the role without a view (the window went); NULL is allowed. */
void pw_view_role_clear(struct pw_surface *surface);
/* The view a surface of this role is, or NULL. */
struct pw_view *pw_view_role_view(struct pw_surface *surface);

#endif
