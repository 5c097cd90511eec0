/*
 * picowl_control_v1 version 6 (decision 4.62): what picowl-ctl reads of the session: the outputs,
 * the input devices, and the config file's errors on a reload.
 */
#ifndef PW_CONTROL_INFO_H
#define PW_CONTROL_INFO_H

struct pw_server;
struct wl_resource;

/* Reloads the config; the file's errors go to the log and, as config_error events, to `resource`
 * (version 6); then the reloaded event. */
void pw_control_reload(struct pw_server *server, struct wl_resource *resource);
/* An output event for each output, then outputs_done. */
void pw_control_outputs(struct pw_server *server, struct wl_resource *resource);
/* An input event for each open input device (and the test hooks' own), then inputs_done. */
void pw_control_inputs(struct pw_server *server, struct wl_resource *resource);

#endif
