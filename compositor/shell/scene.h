/* The scene the core paints, as the shell arranges it (scene.c). */
#ifndef PW_SCENE_H
#define PW_SCENE_H

#include <stdbool.h>

struct pw_server;
struct pw_server_shell;
struct pw_surface;
struct pw_view;
struct wl_list;

/* Registered with pw_server_set_shell by pw_shell_create. */
extern const struct pw_server_shell pw_scene;

/*
 * The topmost surface (popups, the overlay and top layers, the view under the point, the bottom
 * and background layers, each with its subsurfaces) whose input region holds output point x,y;
 * its surface-local coordinates in *sx,*sy. NULL if none.
 */
struct pw_surface *pw_scene_surface_at(struct pw_server *server, double x, double y, double *sx,
	double *sy);

/*
 * The one view shown over the others: the fullscreen one, else in monocle layout the focused
 * view (the last one without a focused view); NULL when every view shows.
 */
struct pw_view *pw_scene_alone_view(struct pw_server *server);

/*
 * Moves the frame callbacks and presentation feedbacks of `root` and its subsurfaces to the
 * ends of `callbacks` and `feedbacks`: the surface is shown in the frame being painted.
 */
void pw_scene_take_tree_callbacks(struct pw_surface *root, struct wl_list *callbacks,
	struct wl_list *feedbacks);

/*
 * Whether `surface` is drawn as the scene stands: it has contents and is in the mapped tree of a
 * root shown as take_frame_callbacks would take it (the view alone over the others when one is
 * fullscreen or the layout is monocle, the layer surfaces shown, popups, while locked only the
 * lock surface). A walk of the surface's tree; for idle inhibitors, not for every frame.
 */
bool pw_scene_shows(struct pw_server *server, struct pw_surface *surface);

#endif
