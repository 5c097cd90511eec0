/* The output: wl_output global, damage, repaint scheduling and frame completion. */
#ifndef PW_OUTPUT_H
#define PW_OUTPUT_H

#include <pixman.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <wayland-server-core.h>

#include "damage.h"

struct pw_server;
struct pw_backend;

struct pw_output {
	struct pw_server *server;
	struct pw_backend *backend;
	struct wl_global *global;
	struct wl_list resources;
	char name[32];
	int width, height; /* logical, as the clients see it (rotated) */
	int32_t transform; /* WL_OUTPUT_TRANSFORM_* */
	enum pw_damage_mode damage_mode;

	pixman_region32_t damage; /* output coordinates, not yet repainted */
	pixman_region32_t previous_damage; /* what the last frame repainted, for buffer age 2 */
	bool frame_pending;	  /* a presented frame is not yet on screen */
	bool repaint_needed;	  /* repaint once the pending frame is done */
	struct wl_event_source *repaint_idle;
	struct wl_list frame_callbacks; /* wl_resource links, sent when the frame is done */
	uint32_t frame_seq;
	struct timespec last_present;

	struct {
		/* After a repaint composited into the image; data: struct pw_output_frame. */
		struct wl_signal frame;
		/* The frame is on screen; data: struct timespec of the present. */
		struct wl_signal present;
		struct wl_signal destroy;
	} events;
};

struct pw_output_frame {
	pixman_image_t *image;		  /* the whole composited frame, output buffer coordinates */
	const pixman_region32_t *damage;  /* what changed in it, output coordinates */
};

struct pw_output *pw_output_create(struct pw_server *server, struct pw_backend *backend);
void pw_output_destroy(struct pw_output *output);

/* Adds output-coordinate damage and schedules a repaint. */
void pw_output_damage_box(struct pw_output *output, int x, int y, int width, int height);
void pw_output_damage_region(struct pw_output *output, const pixman_region32_t *region);
void pw_output_damage_whole(struct pw_output *output);
/* Schedules a repaint even without damage (a frame callback, a capture). */
void pw_output_schedule_repaint(struct pw_output *output);

#endif
