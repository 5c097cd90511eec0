/*
 * The cursor painted over the scene (cursor_draw.c, 4.91), where and as the seat says
 * (input/cursor.h): while one shows, the server's scene is pw_scene with the cursor over it and
 * no direct present; otherwise pw_scene itself, so a handheld without a mouse pays nothing.
 * Built in: the default arrow, crosshair, text and not-allowed; every other shape is the arrow
 * (picowl reads no cursor theme: a handheld's install has none).
 */
#ifndef PW_CURSOR_DRAW_H
#define PW_CURSOR_DRAW_H

#include <stdbool.h>

struct pw_config;
struct pw_server;

/* The seat's shown_changed: the cursor shows or goes. */
void pw_cursor_draw_shown(struct pw_server *server, bool shown);
/* [input] cursor to the seat. */
void pw_cursor_draw_apply(struct pw_server *server, const struct pw_config *config);

#endif
