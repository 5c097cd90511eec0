/*
 * Per-client descriptor shares (pure/fds.h does the counting): every client's socket is
 * watched from its creation; a client whose read leaves picowl holding more of its
 * descriptors than its share (those libwayland keeps queued included) gets
 * wl_client_post_no_memory and goes, with one log line. fds.c has one handler for the process:
 * with two servers in it (tests), the last created posts the error; either's clients go.
 */
#ifndef PW_CLIENT_FDS_H
#define PW_CLIENT_FDS_H

#include <wayland-server-core.h>

struct pw_client_fds;

/*
 * Watches every client of `display` created from now on, each with `share` descriptors
 * (0: pw_fds_default_share of the process's limit). NULL when out of memory.
 */
struct pw_client_fds *pw_client_fds_create(struct wl_display *display, int share);
/* Before the display is destroyed. Accepts NULL. */
void pw_client_fds_destroy(struct pw_client_fds *cf);
/* A new share (0: the default) for the clients to come and those connected. */
void pw_client_fds_set_share(struct pw_client_fds *cf, int share);

#endif
