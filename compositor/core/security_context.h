/*
 * wp_security_context_manager_v1 (security-context-v1, vendored in protocol/): the clients that
 * connect through a sandbox engine's socket are sandboxed; server.c's filter then shows them
 * none of the private globals and not the manager itself, so contexts never nest (decision
 * 4.95). A context listens until its close_fd hangs up, at most PW_SECURITY_CONTEXT_MAX at once.
 */
#ifndef PW_SECURITY_CONTEXT_H
#define PW_SECURITY_CONTEXT_H

#include <stdbool.h>
#include <wayland-server-core.h>

#define PW_SECURITY_CONTEXT_MAX 16

struct pw_server;

bool pw_security_context_create(struct pw_server *server);
/* The client connected through a security context's socket. */
bool pw_security_context_sandboxed(const struct wl_client *client);

#endif
