/*
 * xdg_system_bell_v1 (xdg-system-bell-v1, vendored in protocol/): a visual bell. The ringing
 * window's border (the focused one's when the ring names none) flashes in the focused border's
 * colour inverted for the config's bell_time; a ring while a flash is shown or within
 * PW_SYSTEM_BELL_QUIET_MS after it ended is dropped before it costs a damage (decision 4.96):
 * a client ringing in a loop flashes its border at most once in bell_time plus that.
 */
#ifndef PW_SYSTEM_BELL_H
#define PW_SYSTEM_BELL_H

#include <stdbool.h>
#include <stdint.h>

#define PW_SYSTEM_BELL_QUIET_MS 1000

struct pw_server;
struct pw_view;

bool pw_system_bell_create(struct pw_server *server);
/* The colour `view`'s border is drawn in while it flashes; false when it does not. */
bool pw_system_bell_flashing(struct pw_server *server, const struct pw_view *view, uint32_t *rgb);

#endif
