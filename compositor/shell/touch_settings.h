/*
 * The config's [touch] for the seat's emulated pointer (touch_settings.c): which clients get a
 * pointer from a finger (emulate_app_ids, by their views' app_id), the long press and scroll.
 */
#ifndef PW_TOUCH_SETTINGS_H
#define PW_TOUCH_SETTINGS_H

struct pw_config;
struct pw_server;

/* Hands `config`'s [touch] to the seat; the config must stay the desktop's while in effect. */
void pw_touch_settings_apply(struct pw_server *server, const struct pw_config *config);

#endif
