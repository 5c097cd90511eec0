/* A surface's pixels: its shm buffer's, or the copy kept when the client destroyed it. */
#ifndef PW_SURFACE_PIXELS_H
#define PW_SURFACE_PIXELS_H

#include <stdbool.h>

#include "pixels.h"
#include "surface.h"

/* Whether it has contents: a buffer, or the pixels kept from one the client destroyed. */
bool pw_surface_has_contents(const struct pw_surface *surface);

/*
 * The pixels to draw: the shm buffer's (between its begin and end access, so a client that
 * truncates its pool cannot crash picowl) or the kept copy. False when there are none or the
 * format is not one picowl draws; a true must be followed by pw_surface_pixels_end.
 */
bool pw_surface_pixels_begin(struct pw_surface *surface, struct pw_pixmap *out);
void pw_surface_pixels_end(struct pw_surface *surface);

/*
 * surface.c's side: copies the shown shm buffer's pixels into `kept` (not one over 16 MiB, said
 * once), and frees them.
 */
void pw_surface_pixels_keep(struct pw_surface *surface);
void pw_surface_pixels_drop_kept(struct pw_surface *surface);

#endif
