/*
 * wp_cursor_shape_manager_v1 version 2 (cursor_shape.c), offered to every client: a client names
 * its cursor (a CSS cursor name) instead of drawing it. The pointer keeps the shape as it keeps
 * a cursor surface (pointer.h: the latest of the two wins; neither is drawn yet, DESIGN 6).
 * A tablet tool's device (get_tablet_tool_v2) sets the tool's shape the same way, from the client
 * the tool is over citing its proximity_in (tablet_tool.h, 4.105). Internal to compositor/input.
 */
#ifndef PW_CURSOR_SHAPE_H
#define PW_CURSOR_SHAPE_H

#include <stdint.h>

struct pw_seat;
struct pw_cursor_shapes;

/* The global; NULL on failure. Destroy accepts NULL; its resources go inert. */
struct pw_cursor_shapes *pw_cursor_shapes_create(struct pw_seat *seat);
void pw_cursor_shapes_destroy(struct pw_cursor_shapes *cs);

/* The cursor theme's name of `shape` (wp_cursor_shape_device_v1.shape), NULL if none. */
const char *pw_cursor_shape_name(uint32_t shape);

#endif
