/*
 * xdg_activation_v1: a token passes the focus from a client that has it (or had an input event
 * lately) to a window, its own or another program's; picowl's own launches get one in their
 * environment (XDG_ACTIVATION_TOKEN). A token is good once, for a limited time.
 */
#ifndef PW_XDG_ACTIVATION_H
#define PW_XDG_ACTIVATION_H

#include <stdbool.h>

struct pw_server;

/* 128 random bits in hex and the NUL. */
#define PW_ACTIVATION_TOKEN_SIZE 33

/* Creates the global and its state (server->desktop->activation); goes with the server. */
bool pw_xdg_activation_create(struct pw_server *server);

/*
 * A token for a program picowl starts, written to `token`; false (nothing written) when there
 * is no activation state, no random bytes or no memory.
 */
bool pw_xdg_activation_launch_token(struct pw_server *server, char token[PW_ACTIVATION_TOKEN_SIZE]);

#endif
