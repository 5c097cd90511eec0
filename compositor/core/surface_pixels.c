/* What a surface shows: the buffer's pixels, or those kept from a destroyed one (surface.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>

#include "budget.h"
#include "format.h"
#include "log.h"
#include "shm.h"
#include "surface.h"
#include "surface_pixels.h"

/* The largest destroyed buffer whose pixels are kept: 16 MiB, 2048x2048 at 32 bpp. */
#define PW_SURFACE_KEPT_MAX (16 << 20)

void
pw_surface_pixels_drop_kept(struct pw_surface *surface)
{
	if (!surface->kept.data) {
		return;
	}
	free(surface->kept.data);
	surface->kept.data = NULL;
	pw_budget_resize(surface->resource, PW_BUDGET_SLOT_C, 0);
}

void
pw_surface_pixels_keep(struct pw_surface *surface)
{
	struct pw_shm_buffer *shm = surface->shm;
	pw_surface_pixels_drop_kept(surface);
	size_t size = shm ? (size_t)shm->stride * (size_t)surface->buffer_height : 0;
	if (size > PW_SURFACE_KEPT_MAX) {
		/* a client's cheap sparse pool must not cost picowl that much memory */
		pw_log_limited(PW_LOG_WARNING,
			"a client destroyed a shown %dx%d buffer: its %zu bytes are more "
			"than picowl keeps (%d): the surface shows nothing until its next buffer",
			surface->buffer_width, surface->buffer_height, size, PW_SURFACE_KEPT_MAX);
	} else if (size > 0 && !pw_budget_try_resize(surface->resource, PW_BUDGET_SLOT_C, size)) {
		/* Charged to the client (4.64): a copy over its budget is not made. */
		pw_log_limited(PW_LOG_WARNING,
			"a client destroyed a shown %dx%d buffer: keeping its %zu bytes would pass "
			"the client's [limits] client_memory: the surface shows nothing until its "
			"next buffer",
			surface->buffer_width, surface->buffer_height, size);
	} else if (size > 0) {
		surface->kept.data = malloc(size);
		if (surface->kept.data) {
			pw_shm_buffer_begin_access(shm);
			memcpy(surface->kept.data, pw_shm_buffer_data(shm), size);
			pw_shm_buffer_end_access(shm);
			surface->kept.stride = shm->stride;
			surface->kept.shm_format = shm->format;
		} else {
			pw_budget_resize(surface->resource, PW_BUDGET_SLOT_C, 0);
		}
	}
}

bool
pw_surface_has_contents(const struct pw_surface *surface)
{
	return surface->buffer != NULL || surface->kept.data != NULL || surface->solid;
}

bool
pw_surface_pixels_begin(struct pw_surface *surface, struct pw_pixmap *out)
{
	struct pw_shm_buffer *shm = surface->shm;
	uint32_t shm_format = shm ? shm->format : surface->kept.shm_format;
	if ((!shm && !surface->kept.data) || !pw_format_from_shm(shm_format, &out->format)) {
		return false;
	}
	out->width = surface->buffer_width;
	out->height = surface->buffer_height;
	if (shm) {
		pw_shm_buffer_begin_access(shm);
		out->data = pw_shm_buffer_data(shm);
		out->stride = shm->stride;
	} else {
		out->data = surface->kept.data;
		out->stride = surface->kept.stride;
	}
	return true;
}

void
pw_surface_pixels_end(struct pw_surface *surface)
{
	if (surface->shm) {
		pw_shm_buffer_end_access(surface->shm);
	}
}
