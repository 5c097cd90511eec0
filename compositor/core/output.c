#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <wayland-server-protocol.h>

#include "backend.h"
#include "clock.h"
#include "counters.h"
#include "output_global.h"
#include "output_tint.h"
#include "pixels.h"
#include "presentation.h"
#include "region.h"
#include "server.h"
#include "shm.h"
#include "surface.h"

#define OUTPUT_VERSION 4

static int
display_width(const struct pw_output *output)
{
	return output->rotation % 180 ? output->height : output->width;
}

static int
display_height(const struct pw_output *output)
{
	return output->rotation % 180 ? output->width : output->height;
}

static struct pw_pixmap
pixmap_of(pixman_image_t *image, enum pw_format format)
{
	return (struct pw_pixmap){pixman_image_get_data(image), pixman_image_get_width(image),
		pixman_image_get_height(image), pixman_image_get_stride(image), format};
}

/* Copies `region` of `src` into the display image, rotated by `rotation` and converted. */
static void
blit_region(struct pw_output *output, pixman_image_t *image, const struct pw_pixmap *src,
	const pixman_region32_t *region, int rotation)
{
	struct pw_pixmap dst = pixmap_of(image, output->backend->format);
	int n;
	const pixman_box32_t *boxes = pixman_region32_rectangles(region, &n);
	for (int i = 0; i < n; i++) {
		const pixman_box32_t *b = &boxes[i];
		pw_pixels_blit(&dst, src, b->x1, b->y1, b->x2 - b->x1, b->y2 - b->y1, rotation);
	}
}

/*
 * A fullscreen client's damaged rows, straight into the display image: `region` is in the
 * buffer's coordinates, which `rotation` turns onto the display.
 */
static bool
present_direct(struct pw_output *output, pixman_image_t *image, struct pw_surface *surface,
	const pixman_region32_t *region, int rotation)
{
	struct pw_shm_buffer *shm = surface->shm;
	enum pw_format format;
	if (!shm || !pw_format_from_shm(shm->format, &format) ||
		!pw_pixels_supported(format, output->backend->format)) {
		return false;
	}
	pw_shm_buffer_begin_access(shm);
	struct pw_pixmap src = {pw_shm_buffer_data(shm), shm->width, shm->height, shm->stride,
		format};
	blit_region(output, image, &src, region, rotation);
	pw_shm_buffer_end_access(shm);
	return true;
}

/* Counts a client's commit for the frame being built (see note_paced_clients). */
void
pw_output_note_commit(struct pw_output *output, struct wl_client *client)
{
	for (int i = 0; i < output->n_window; i++) {
		if (output->window[i].client == client) {
			output->window[i].commits++;
			return;
		}
	}
	if (output->n_window < PW_OUTPUT_MAX_PACED) {
		output->window[output->n_window++] = (struct pw_output_commits){client, 1};
	}
}

/*
 * The clients about to get a frame callback whose next commit may wait for the vblank: those
 * that committed once for this frame. One that committed more often draws without waiting
 * for its callbacks (SDL asks for one each frame even without vsync): it is served at once.
 */
static void
note_paced_clients(struct pw_output *output)
{
	output->n_paced = 0;
	struct wl_resource *cb;
	wl_resource_for_each(cb, &output->frame_callbacks) {
		struct wl_client *client = wl_resource_get_client(cb);
		int i = 0;
		while (i < output->n_paced && output->paced[i] != client) {
			i++;
		}
		int commits = 0;
		for (int w = 0; w < output->n_window; w++) {
			if (output->window[w].client == client) {
				commits = output->window[w].commits;
			}
		}
		if (i == output->n_paced && i < PW_OUTPUT_MAX_PACED && commits <= 1) {
			output->paced[output->n_paced++] = client;
		}
	}
	output->n_window = 0;
}

static void
send_frame_callbacks(struct pw_output *output, uint32_t msec)
{
	struct wl_resource *cb, *tmp;
	wl_resource_for_each_safe(cb, tmp, &output->frame_callbacks) {
		wl_callback_send_done(cb, msec);
		wl_resource_destroy(cb);
	}
}

static int64_t
period_ns(struct pw_output *output)
{
	int32_t mhz = output->backend->refresh_mhz;
	if (mhz != output->period_mhz) {
		output->period_mhz = mhz;
		output->period = mhz > 0 ? 1000000000000LL / mhz : 0;
	}
	return output->period;
}

/*
 * Damage in display coordinates: `now` is what changed since the last frame, `exact` what
 * changed on the buffer being drawn (for a buffer of age 2, also the frame before's), `rows`
 * the same expanded by the damage mode (what is moved to the display).
 */
static void
frame_damage(struct pw_output *output, int age, pixman_region32_t *now, pixman_region32_t *exact,
	pixman_region32_t *rows)
{
	int dw = display_width(output), dh = display_height(output);
	if (output->rotation == 0) {
		pw_region_take(now, &output->damage);
	} else {
		pw_damage_rotate(&output->damage, output->rotation, output->width, output->height,
			now);
		pixman_region32_clear(&output->damage);
	}
	pixman_region32_copy(exact, now);
	if (age == 2) {
		pw_region_add(exact, &output->previous_damage);
		pixman_region32_copy(&output->previous_damage, now);
	} else if (age == 1) {
		/* A backend that answers age 1 never answers 2: no frame before to keep. */
		pixman_region32_clear(&output->previous_damage);
	} else {
		pixman_region32_copy(&output->previous_damage, now);
		pw_region_add_box(exact, 0, 0, dw, dh);
	}
	pw_damage_expand(output->damage_mode, exact, dw, dh, rows);
}

/*
 * Draws the frame into `image` (display coordinates) and returns the path taken. `moved` is
 * what the damage mode moves to the display, `exact` what changed on `image`, `now` what
 * changed since the last frame. Composition covers only what changed (but in full mode):
 * elsewhere the target already holds this frame's pixels, and a client's pixels outside its
 * damage are unchanged. Direct present and the copy out of the rotated scene move `moved`.
 * The scene is kept whole across frames, so it takes only `now`, and all of it after direct
 * presents that went around it.
 */
static enum pw_path
draw(struct pw_output *output, pixman_image_t *image, const pixman_region32_t *now,
	const pixman_region32_t *exact, const pixman_region32_t *moved)
{
	struct pw_server *server = output->server;
	const struct pw_server_shell *shell = server->shell;
	/* Rows or rectangles hold the exact damage; only full mode composes more. */
	bool exact_only = output->damage_mode != PW_DAMAGE_FULL;
	struct pw_surface *direct = shell->direct_surface(server);
	/* Unrotated, or a client that drew its buffer in the display's orientation already. */
	if (direct && direct->current.transform == output->transform) {
		if (present_direct(output, image, direct, moved, 0)) {
			output->scene_stale = output->scene_stale || output->rotation != 0;
			return PW_PATH_DIRECT;
		}
		direct = NULL;
	}
	if (output->rotation == 0) {
		shell->render(server, image, exact_only ? exact : moved);
		return PW_PATH_COMPOSITE;
	}
	int dw = display_width(output), dh = display_height(output);
	int back = 360 - output->rotation;
	enum pw_path path = PW_PATH_DIRECT;
	pixman_region32_t logical;
	pixman_region32_init(&logical);
	pw_damage_rotate(moved, back, dw, dh, &logical);
	if (direct && present_direct(output, image, direct, &logical, output->rotation)) {
		output->scene_stale = true;
	} else {
		path = PW_PATH_COMPOSITE;
		pixman_region32_t changed;
		pixman_region32_init(&changed);
		if (output->scene_stale || output->damage_mode == PW_DAMAGE_FULL) {
			pixman_region32_reset(&changed,
				&(pixman_box32_t){0, 0, output->width, output->height});
			output->scene_stale = false;
		} else {
			pw_damage_rotate(now, back, dw, dh, &changed);
		}
		shell->render(server, output->scene, &changed);
		pixman_region32_fini(&changed);
		struct pw_pixmap scene = pixmap_of(output->scene, output->backend->format);
		blit_region(output, image, &scene, &logical, output->rotation);
	}
	pixman_region32_fini(&logical);
	return path;
}

static void
repaint(struct pw_output *output)
{
	struct pw_backend *backend = output->backend;
	struct pw_counters *counters = output->server->counters;
	uint32_t seq = ++output->frame_seq;
	if (counters) {
		pw_counters_frame_begin(counters, seq, pw_now_ns());
	}
	int age = 0;
	pixman_image_t *image = backend->impl->begin_frame(backend, &age);
	if (!image) {
		return;
	}
	pixman_region32_t now, exact, rows;
	pixman_region32_init(&now);
	pixman_region32_init(&exact);
	pixman_region32_init(&rows);
	enum pw_path path = PW_PATH_NONE;
	if (pixman_region32_not_empty(&output->damage) || age == 0 ||
		(age == 2 && pixman_region32_not_empty(&output->previous_damage))) {
		frame_damage(output, age, &now, &exact, &rows);
	} else {
		pixman_region32_clear(&output->previous_damage);
	}
	if (pixman_region32_not_empty(&rows)) {
		path = draw(output, image, &now, &exact, &rows);
		if (output->gamma) { /* 4.103: no page of output_tint.c per frame without one */
			pw_output_tint(output, image, path, &exact, &rows);
		}
	}
	if (counters) {
		pw_counters_frame_rendered(counters, pw_now_ns(), path);
	}
	output->server->shell->take_frame_callbacks(output->server, &output->frame_callbacks,
		&output->feedbacks);
	struct pw_output_frame frame = {.image = image, .damage = &rows};
	wl_signal_emit(&output->events.frame, &frame);

	struct pw_present_stats stats = {0};
	if (backend->impl->present(backend, &rows, &stats)) {
		output->frame_pending = true;
		/* The next frame may be drawn now: it is shown at the next vblank, no sooner. */
		struct timespec presented;
		clock_gettime(CLOCK_MONOTONIC, &presented);
		output->presented_ns = pw_timespec_ns(&presented);
		/* Only a client that waits for its callback draws in step with the refresh. */
		note_paced_clients(output);
		output->coalesce = output->close_frames == 2 && output->n_paced > 0;
		send_frame_callbacks(output, pw_timespec_msec(&presented));
		if (backend->impl->want_frame_done &&
			(output->coalesce || !wl_list_empty(&output->feedbacks))) {
			/* The next commit is due before the vblank, or someone waits for it. */
			backend->impl->want_frame_done(backend);
		}
		if (counters) {
			int64_t copy_ns =
				pw_timespec_ns(&stats.copy_end) - pw_timespec_ns(&stats.copy_start);
			pw_counters_frame_submitted(counters, output->presented_ns,
				(uint32_t)stats.rows, (uint32_t)stats.bytes, stats.engine, copy_ns);
		}
	}
	pixman_region32_fini(&rows);
	pixman_region32_fini(&exact);
	pixman_region32_fini(&now);
}

static void
handle_repaint_idle(void *data)
{
	struct pw_output *output = data;
	output->repaint_idle = NULL;
	if (output->frame_pending) {
		output->repaint_needed = true;
		return;
	}
	output->repaint_needed = false;
	repaint(output);
}

/* The repaint at the end of this dispatch: after run.c's, or an idle source without it. */
static void
request_repaint(struct pw_output *output)
{
	if (output->blank) {
		output->repaint_needed = true;
	} else if (output->server->running) {
		output->repaint_soon = true;
	} else if (!output->repaint_idle) {
		output->repaint_idle =
			wl_event_loop_add_idle(output->server->loop, handle_repaint_idle, output);
	}
}

void
pw_output_set_blank(struct pw_output *output, bool blank)
{
	output->blank = blank;
	if (blank) {
		/* No client is paced any more: run.c must not hold their requests for a frame. */
		output->coalesce = false;
		output->repaint_soon = false;
		if (output->repaint_idle) {
			wl_event_source_remove(output->repaint_idle);
			output->repaint_idle = NULL;
		}
	} else {
		pw_output_damage_whole(output);
	}
}

void
pw_output_dispatched(struct pw_output *output)
{
	if (output->repaint_soon) {
		output->repaint_soon = false;
		handle_repaint_idle(output);
	}
}

/*
 * A commit while a frame is in flight waits for that frame's vblank; one that finds the
 * display idle is drawn at once. A client that keeps up (commits within about a refresh of
 * the last two frames) gets the vblank armed ahead, so picowl sleeps until it and takes the
 * commit in that wakeup (run.c); a slower one, like Doom, wakes picowl once a frame with its
 * commit and nothing else (decision 4.10). Two frames, not one: a slow client whose timer
 * fires late once then commits early once, and an armed vblank would wake picowl for nothing.
 */
void
pw_output_schedule_repaint(struct pw_output *output)
{
	if (output->judged_seq != output->frame_seq) {
		output->judged_seq = output->frame_seq;
		/* A commit held to the vblank is seen just after it: half a refresh of slack. */
		bool close = pw_now_ns() - output->presented_ns < period_ns(output) * 3 / 2;
		output->close_frames =
			close ? (output->close_frames < 2 ? output->close_frames + 1 : 2) : 0;
	}
	if (output->frame_pending) {
		output->repaint_needed = true;
		if (output->backend->impl->want_frame_done) {
			/* May finish the frame right here (its vblank passed): no waiting then. */
			output->backend->impl->want_frame_done(output->backend);
		}
		return;
	}
	request_repaint(output);
}

void
pw_output_sample_switches(struct pw_output *output)
{
	struct rusage ru = {0};
	if (!output->server->counters || getrusage(RUSAGE_SELF, &ru) != 0) {
		return;
	}
	pw_counters_switches(output->server->counters, (uint32_t)(ru.ru_nvcsw - output->last_nvcsw),
		(uint32_t)(ru.ru_nivcsw - output->last_nivcsw));
	output->last_nvcsw = ru.ru_nvcsw;
	output->last_nivcsw = ru.ru_nivcsw;
}

static void
handle_frame_done(void *data, const struct pw_frame_info *info)
{
	struct pw_output *output = data;
	const struct timespec *when = &info->when;
	output->frame_pending = false;
	output->last_present = *when;
	struct pw_counters *counters = output->server->counters;
	if (counters) {
		pw_counters_frame_done(counters, pw_timespec_ns(when));
		/* A getrusage a frame was a third of picowl's system calls: read them rarely. */
		if (output->frame_seq % PW_OUTPUT_RUSAGE_FRAMES == 0 ||
			pw_counters_switches_wanted(counters)) {
			pw_output_sample_switches(output);
		}
	}
	const struct pw_backend *backend = output->backend;
	uint32_t refresh_ns = info->refresh_ns;
	if (!refresh_ns && !backend->refresh_unknown) {
		refresh_ns = (uint32_t)period_ns(output);
	}
	pw_presentation_presented(&output->feedbacks, &output->resources, info, refresh_ns,
		(uint32_t)period_ns(output));
	wl_signal_emit(&output->events.present, (void *)when);
	if (output->repaint_needed || pixman_region32_not_empty(&output->damage)) {
		output->repaint_needed = false;
		request_repaint(output);
	}
}

static const struct pw_backend_events backend_events = {
	.frame_done = handle_frame_done,
};

/*
 * The wl_output.transform for content rotated clockwise by `rotation` onto the display:
 * wl_output counts counter-clockwise, so 90 clockwise is transform 270 (grim, which undoes
 * the transform on a capture, shows the logical picture upright).
 */
static int32_t
transform_for(int rotation)
{
	switch (rotation) {
	case 90:
		return WL_OUTPUT_TRANSFORM_270;
	case 180:
		return WL_OUTPUT_TRANSFORM_180;
	case 270:
		return WL_OUTPUT_TRANSFORM_90;
	default:
		return WL_OUTPUT_TRANSFORM_NORMAL;
	}
}

bool
pw_output_set_rotation(struct pw_output *output, int degrees)
{
	degrees = ((degrees % 360) + 360) % 360;
	if (degrees % 90 != 0) {
		return false;
	}
	struct pw_backend *backend = output->backend;
	pixman_image_t *scene = NULL;
	int w = degrees % 180 ? backend->height : backend->width;
	int h = degrees % 180 ? backend->width : backend->height;
	if (degrees != 0) {
		scene = pixman_image_create_bits(pw_format_pixman(backend->format), w, h, NULL, 0);
		if (!scene) {
			return false;
		}
	}
	if (output->scene) {
		pixman_image_unref(output->scene);
	}
	output->scene = scene;
	output->scene_stale = true;
	output->rotation = degrees;
	output->transform = transform_for(degrees);
	output->width = w;
	output->height = h;
	pixman_region32_clear(&output->previous_damage);
	pw_output_global_send_info_all(output);
	wl_signal_emit(&output->events.mode, output);
	pw_output_damage_whole(output);
	return true;
}

void
pw_output_map_display_point(const struct pw_output *output, double x01, double y01, double *x,
	double *y)
{
	double dw = display_width(output), dh = display_height(output);
	double px = x01 * dw, py = y01 * dh;
	/* The inverse of the content's rotation: display point back to logical. */
	switch (output->rotation) {
	case 90:
		*x = py;
		*y = dw - px;
		break;
	case 180:
		*x = dw - px;
		*y = dh - py;
		break;
	case 270:
		*x = dh - py;
		*y = px;
		break;
	default:
		*x = px;
		*y = py;
	}
}

void
pw_output_damage_region(struct pw_output *output, const pixman_region32_t *region)
{
	if (!pixman_region32_not_empty(region)) {
		return;
	}
	pw_region_add(&output->damage, region);
	pw_region_clip(&output->damage, 0, 0, output->width, output->height);
	pw_output_schedule_repaint(output);
}

void
pw_output_damage_box(struct pw_output *output, int x, int y, int width, int height)
{
	if (width <= 0 || height <= 0) {
		return;
	}
	pixman_region32_t region;
	pixman_region32_init_rect(&region, x, y, (unsigned)width, (unsigned)height);
	pw_output_damage_region(output, &region);
	pixman_region32_fini(&region);
}

void
pw_output_damage_whole(struct pw_output *output)
{
	pw_output_damage_box(output, 0, 0, output->width, output->height);
}

struct pw_output *
pw_output_create(struct pw_server *server, struct pw_backend *backend)
{
	struct pw_output *output = calloc(1, sizeof(*output));
	if (!output) {
		return NULL;
	}
	output->server = server;
	output->backend = backend;
	output->width = backend->width;
	output->height = backend->height;
	output->transform = WL_OUTPUT_TRANSFORM_NORMAL;
	output->damage_mode = PW_DAMAGE_AUTO;
	snprintf(output->name, sizeof(output->name), "%s", backend->name);
	wl_list_init(&output->resources);
	wl_list_init(&output->frame_callbacks);
	wl_list_init(&output->feedbacks);
	pixman_region32_init(&output->damage);
	pixman_region32_init(&output->previous_damage);
	wl_signal_init(&output->events.mode);
	wl_signal_init(&output->events.frame);
	wl_signal_init(&output->events.present);
	wl_signal_init(&output->events.destroy);
	output->global = wl_global_create(server->display, &wl_output_interface, OUTPUT_VERSION,
		output, pw_output_global_bind);
	if (!output->global) {
		pixman_region32_fini(&output->damage);
		pixman_region32_fini(&output->previous_damage);
		free(output);
		return NULL;
	}
	backend->events = &backend_events;
	backend->events_data = output;
	pw_output_damage_whole(output);
	return output;
}

void
pw_output_destroy(struct pw_output *output)
{
	if (!output) {
		return;
	}
	wl_signal_emit_mutable(&output->events.destroy, output);
	output->backend->events = NULL;
	if (output->repaint_idle) {
		wl_event_source_remove(output->repaint_idle);
	}
	if (output->scene) {
		pixman_image_unref(output->scene);
	}
	struct wl_resource *resource, *tmp;
	wl_resource_for_each_safe(resource, tmp, &output->frame_callbacks) {
		wl_resource_destroy(resource);
	}
	pw_presentation_discard(&output->feedbacks);
	wl_resource_for_each_safe(resource, tmp, &output->resources) {
		wl_list_remove(wl_resource_get_link(resource));
		wl_list_init(wl_resource_get_link(resource));
		wl_resource_set_user_data(resource, NULL);
	}
	wl_global_destroy(output->global);
	pixman_region32_fini(&output->damage);
	pixman_region32_fini(&output->previous_damage);
	free(output);
}
