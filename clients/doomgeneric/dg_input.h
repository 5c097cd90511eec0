/* The keyboard of the platform layer (dg_input.c): the seat's keyboard into dg->keys. */
#ifndef DG_INPUT_H
#define DG_INPUT_H

#include "dg.h"

extern const struct pw_client_input_listener dg_input_listener;

#endif
