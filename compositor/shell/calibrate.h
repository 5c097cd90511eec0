/*
 * The touch screen's calibration routine (picowl-ctl calibrate, the calibrate binding): five
 * targets drawn one after another above everything, as the lock screen is; the touch screen's
 * own position of a tap on each (touch_raw.h, the matrix in effect undone); the libinput matrix
 * by least squares (pure/calibration.h), applied at once and written to the config file's
 * [input] calibration. A key, the timeout or a locked session ends it with nothing changed.
 * While it runs it replaces the scene (pw_server_set_shell), so it costs the frame path nothing
 * when it does not.
 */
#ifndef PW_CALIBRATE_H
#define PW_CALIBRATE_H

#include <stdbool.h>
#include <stdint.h>

struct pw_server;
struct wl_resource;

/* The targets, as fractions of the output's logical width and height, in the order shown. */
#define PW_CALIBRATE_TARGETS 5
extern const double pw_calibrate_targets[PW_CALIBRATE_TARGETS][2];

/* picowl's timeout without a tap, in milliseconds. */
#define PW_CALIBRATE_TIMEOUT_MS 20000

/*
 * Starts the routine; `resource` (a picowl_control_v1, or NULL for a binding) gets the
 * calibration event when it ends, or at once with busy when a routine runs already or the
 * session is locked. `timeout_ms` 0: PW_CALIBRATE_TIMEOUT_MS.
 */
void pw_calibrate_start(struct pw_server *server, struct wl_resource *resource,
	uint32_t timeout_ms);

/* A key press: true when it ended a running routine (and is not for anyone else). */
bool pw_calibrate_key(struct pw_server *server);

/*
 * An injected touch (picowl_control_v1.inject_touch, output coordinates; type: the protocol's
 * touch_type) given to a running routine as the touch screen would give it; true when taken.
 */
bool pw_calibrate_inject(struct pw_server *server, uint32_t type, int32_t id, double x, double y);

#endif
