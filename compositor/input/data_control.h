/*
 * wlr data control (zwlr_data_control_manager_v1, data_control.c): reads and sets both of the
 * seat's selections (selection.h) without a window or focus, for picowl's own user. Internal to
 * compositor/input: seat.c creates and destroys it.
 *
 * Every data-control device is offered each selection whenever it changes: the global is
 * private (pw_server_add_private_global), since it reads every client's clipboard.
 */
#ifndef PW_DATA_CONTROL_H
#define PW_DATA_CONTROL_H

struct pw_seat;
struct pw_data_control_manager;

/*
 * Offers seat->clipboard and seat->primary to clients of picowl's own uid; NULL on failure.
 * On destroy every data-control device is sent finished and goes inert.
 */
struct pw_data_control_manager *pw_data_control_manager_create(struct pw_seat *seat);
void pw_data_control_manager_destroy(struct pw_data_control_manager *manager);

#endif
