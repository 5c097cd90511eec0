/*
 * The display's power: on, dimmed or off (blank), by idle time ([power] in picowl.ini), by a
 * binding or by picowl-ctl. While off the output draws nothing and sends no frame callbacks,
 * and no timer is armed. The seat reports input through pw_power_input: the first press after
 * the display went off turns it on and is not delivered.
 */
#ifndef PW_POWER_H
#define PW_POWER_H

#include <stdbool.h>
#include <wayland-server-core.h>

struct pw_server;
struct pw_power;

enum pw_power_request {
	PW_POWER_REQUEST_OFF,
	PW_POWER_REQUEST_ON,
	PW_POWER_REQUEST_TOGGLE,
};

/* Also creates the idle tracker (server->idle). NULL when out of memory. */
struct pw_power *pw_power_create(struct pw_server *server);
/* Accepts NULL; turns the display on again first. */
void pw_power_destroy(struct pw_power *power);

/*
 * The timeouts in seconds (0: never): the backlight is lowered after `dim_s`, the display
 * turned off after `idle_s`. A dim_s not below idle_s does nothing. `backlight`: see
 * pw_backlight_set. Counts from now.
 */
void pw_power_configure(struct pw_power *power, int idle_s, int dim_s, const char *backlight);

/* Turns the display off, on, or the other way. */
void pw_power_set(struct pw_power *power, enum pw_power_request request);
/* The display is off (blank). */
bool pw_power_is_off(const struct pw_power *power);
/* On, the backlight lowered (dim_timeout passed). */
bool pw_power_is_dimmed(const struct pw_power *power);

/*
 * Every input event: `press` for a key, button or touch down. Returns true when the event is
 * to be dropped: a press that turned the display on. Other input while off changes nothing
 * (a moved mouse does not wake the screen, nor rearm the timer).
 */
bool pw_power_input(struct pw_power *power, bool press);

/* `listener` is notified (data: the pw_power) whenever the display goes on, dims or goes off. */
void pw_power_add_listener(struct pw_power *power, struct wl_listener *listener);

#endif
