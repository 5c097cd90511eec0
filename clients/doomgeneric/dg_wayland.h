/* The Wayland side of the platform layer (dg_wayland.c): the connection, the window. */
#ifndef DG_WAYLAND_H
#define DG_WAYLAND_H

#include <stdint.h>

#include "dg.h"

void dg_wl_init(struct dg *dg); /* connects, creates the window, waits for its configure */
void dg_wl_dispatch(struct dg *dg, int timeout_ms); /* -1 blocks until an event */
void dg_wl_set_title(struct dg *dg, const char *title);
_Noreturn void dg_fail(const char *fmt, ...);
uint64_t dg_now_us(void);

#endif
