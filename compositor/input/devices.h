/*
 * The backend's input devices feeding the seat (devices.c): hooked to the seat at its
 * creation, opened after the first frame, closed with the seat.
 */
#ifndef PW_DEVICES_H
#define PW_DEVICES_H

#include <stdbool.h>
#include <stdint.h>

struct pw_input_config;
struct pw_seat;

#define PW_SEAT_MAX_DEVICES 16

/* An input device open now, for picowl-ctl inputs (4.62). */
struct pw_seat_device {
	char name[64], sysname[16];
	uint32_t caps; /* enum pw_input_caps */
};

/*
 * Opens the input devices again with `config` (device paths, touch calibration), through the
 * display's session; nothing for headless and nested. False when libinput could not be set up
 * (picowl goes on without input devices).
 */
bool pw_seat_configure_input(struct pw_seat *seat, const struct pw_input_config *config);

/* The devices open now (at most PW_SEAT_MAX_DEVICES of them): their number. */
int pw_seat_devices_list(const struct pw_seat *seat, const struct pw_seat_device **devices);

/*
 * For seat.c: hooks the devices to the seat; opens them (the seat calls it after the first
 * frame: until then pw_seat_configure_input only records the settings); closes them.
 */
void pw_seat_devices_init(struct pw_seat *seat);
void pw_seat_devices_open(struct pw_seat *seat);
void pw_seat_devices_finish(struct pw_seat *seat);

/*
 * What a real device's events go through, their data the seat: a virtual pointer
 * (virtual_pointer.c) feeds its relative motion and buttons there, as libinput would (4.87).
 */
const struct pw_input_events *pw_seat_devices_events(void);

#endif
