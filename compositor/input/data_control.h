/*
 * wlr data control (zwlr_data_control_manager_v1, data_control.c) and ext-data-control
 * (ext_data_control_manager_v1, the same protocol renamed; decision 4.88): read and set both of
 * the seat's selections (selection.h) without a window or focus, for picowl's own user. Internal
 * to compositor/input: seat.c creates and destroys both with one manager.
 *
 * Every data-control device is offered each selection whenever it changes: the global is
 * private (pw_server_add_private_global), since it reads every client's clipboard.
 */
#ifndef PW_DATA_CONTROL_H
#define PW_DATA_CONTROL_H

struct pw_seat;
struct pw_data_control_manager;

/*
 * Offers seat->clipboard and seat->primary to clients of picowl's own uid through both globals;
 * NULL on failure.
 * On destroy every data-control device is sent finished and goes inert.
 */
struct pw_data_control_manager *pw_data_control_manager_create(struct pw_seat *seat);
void pw_data_control_manager_destroy(struct pw_data_control_manager *manager);

#endif
