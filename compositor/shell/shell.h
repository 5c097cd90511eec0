/* The shell put together on a server: its globals, the seat's policy, the scene (shell.c). */
#ifndef PW_SHELL_H
#define PW_SHELL_H

#include <stdbool.h>

struct pw_server;

/*
 * Creates the shell on a server pw_server_create made: every global, in the order clients see
 * them, the seat with the shell's policy, the desktop with the default config, and the scene the
 * core paints. False (after a message on stderr) on failure; pw_server_destroy then takes
 * everything down.
 */
bool pw_shell_create(struct pw_server *server);

#endif
