/* The calibration routine (calibrate.h); why it inverts the matrix in effect: decision 4.46. */
#include "calibrate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>

#include "calibrate_save.h"
#include "calibration.h"
#include "config.h"
#include "desktop.h"
#include "log.h"
#include "output.h"
#include "picowl-control-unstable-v1-protocol.h"
#include "region.h"
#include "render.h"
#include "server.h"
#include "session_lock.h"
#include "touch.h"
#include "touch_raw.h"

const double pw_calibrate_targets[PW_CALIBRATE_TARGETS][2] = {{0.125, 0.125}, {0.875, 0.125},
	{0.875, 0.875}, {0.125, 0.875}, {0.5, 0.5}};

/* The cross: arms of CROSS pixels each side of the target's pixel. */
#define CROSS 12
#define BACKGROUND 0x000000
#define FOREGROUND 0xffffff
#define CENTRE 0xff0000

struct pw_calibrate {
	struct pw_server *server;
	struct pw_server_shell shell; /* ours, in place of `scene` while the routine runs */
	const struct pw_server_shell *scene;
	struct pw_touch_raw_grab grab;
	struct wl_event_source *timer, *idle;
	uint32_t timeout_ms;
	struct wl_resource *resource; /* the control that asked, or NULL */
	struct wl_listener resource_destroy;
	struct wl_listener server_destroy;
	double undo[6]; /* the inverse of the matrix in effect: device positions back to raw */
	double raw[PW_CALIBRATE_TARGETS][2], want[PW_CALIBRATE_TARGETS][2];
	int taken;
	bool down;
	int32_t down_id;
};

static struct pw_calibrate *
get(struct pw_server *server)
{
	return server->desktop ? server->desktop->calibrate : NULL;
}

/* The map from output coordinates to 0..1 across the unrotated display, the devices' space. */
static bool
output_to_display(struct pw_server *server, double m[6])
{
	double x0, y0, x1, y1, x2, y2;
	pw_server_map_input(server, 0, 0, &x0, &y0);
	pw_server_map_input(server, 1, 0, &x1, &y1);
	pw_server_map_input(server, 0, 1, &x2, &y2);
	const double to_output[6] = {x1 - x0, x2 - x0, x0, y1 - y0, y2 - y0, y0};
	return pw_calibration_invert(to_output, m);
}

static void
target_point(struct pw_server *server, int i, int *x, int *y)
{
	*x = (int)(pw_calibrate_targets[i][0] * server->output->width);
	*y = (int)(pw_calibrate_targets[i][1] * server->output->height);
}

static void
end(struct pw_calibrate *cal)
{
	struct pw_server *server = cal->server;
	pw_server_set_shell(server, cal->scene);
	if (server->seat) {
		pw_touch_raw_set_grab(server->seat, NULL);
	}
	wl_event_source_remove(cal->timer);
	if (cal->idle) {
		wl_event_source_remove(cal->idle);
	}
	if (cal->resource) {
		wl_list_remove(&cal->resource_destroy.link);
	}
	wl_list_remove(&cal->server_destroy.link);
	if (!server->desktop) {
		free(cal); /* picowl is ending: the desktop went first */
		return;
	}
	server->desktop->calibrate = NULL;
	if (server->output) {
		pw_output_damage_whole(server->output);
	}
	free(cal);
}

static void
finish(struct pw_calibrate *cal, enum picowl_control_v1_calibration_result result,
	const char *matrix, const char *message)
{
	if (result == PICOWL_CONTROL_V1_CALIBRATION_RESULT_SAVED ||
		result == PICOWL_CONTROL_V1_CALIBRATION_RESULT_APPLIED) {
		pw_log_info("%s", message);
	} else {
		pw_log_warning("%s", message);
	}
	if (cal->resource) {
		picowl_control_v1_send_calibration(cal->resource, result, matrix, message);
	}
	end(cal);
}

static void
complete(struct pw_calibrate *cal)
{
	struct pw_server *server = cal->server;
	char msg[512];
	double m[6];
	const char *why = pw_calibration_solve((const double(*)[2])cal->raw,
		(const double(*)[2])cal->want, (size_t)cal->taken, m);
	if (why) {
		snprintf(msg, sizeof(msg), "calibration: %s; the calibration is unchanged", why);
		finish(cal, PICOWL_CONTROL_V1_CALIBRATION_RESULT_FAILED, "", msg);
		return;
	}
	/* What the file will say is what is applied: a reload then changes nothing. */
	char value[128];
	pw_calibration_format(m, value, sizeof(value));
	struct pw_config *config = server->desktop->config;
	double *c = config->input.calibration;
	if (sscanf(value, "%lf %lf %lf %lf %lf %lf", &c[0], &c[1], &c[2], &c[3], &c[4], &c[5]) !=
		6) {
		memcpy(c, m, sizeof(m));
	}
	pw_desktop_configure_input(server, config);
	char err[256];
	if (pw_calibrate_save(config->path, value, err, sizeof(err))) {
		snprintf(msg, sizeof(msg),
			"calibration: [input] calibration = %s applied and written to %s", value,
			config->path);
		finish(cal, PICOWL_CONTROL_V1_CALIBRATION_RESULT_SAVED, value, msg);
	} else {
		snprintf(msg, sizeof(msg),
			"calibration: applied, but %s; add to the config's [input]:\ncalibration = "
			"%s",
			err, value);
		finish(cal, PICOWL_CONTROL_V1_CALIBRATION_RESULT_APPLIED, value, msg);
	}
}

static void
cancel(struct pw_calibrate *cal, const char *why)
{
	char msg[256];
	snprintf(msg, sizeof(msg), "calibration: %s; the calibration is unchanged", why);
	finish(cal, PICOWL_CONTROL_V1_CALIBRATION_RESULT_CANCELLED, "", msg);
}

/* After the last tap, out of the devices' dispatch: the devices are opened again. */
static void
handle_idle_complete(void *data)
{
	struct pw_calibrate *cal = data;
	cal->idle = NULL;
	if (pw_session_lock_active(cal->server)) {
		cancel(cal, "the session was locked");
	} else {
		complete(cal);
	}
}

static int
handle_timer(void *data)
{
	struct pw_calibrate *cal = data;
	char why[128];
	if (cal->taken == 0) {
		snprintf(why, sizeof(why), "no tap in %u ms", cal->timeout_ms);
		cancel(cal, why);
	} else {
		char msg[256];
		snprintf(msg, sizeof(msg),
			"calibration: too few taps (%d of %d) before the timeout; the calibration "
			"is unchanged",
			cal->taken, PW_CALIBRATE_TARGETS);
		finish(cal, PICOWL_CONTROL_V1_CALIBRATION_RESULT_FAILED, "", msg);
	}
	return 0;
}

static bool
handle_touch(void *data, enum pw_touch_raw_event event, int32_t id, double x, double y)
{
	struct pw_calibrate *cal = data;
	if (cal->idle) {
		return true; /* done; the result is on its way */
	}
	if (pw_session_lock_active(cal->server)) {
		cancel(cal, "the session was locked");
		return false; /* the locker's */
	}
	if (event == PW_TOUCH_RAW_DOWN) {
		if (cal->down) {
			return true; /* a second finger: not a tap on the target */
		}
		double to_display[6];
		int tx, ty;
		if (!output_to_display(cal->server, to_display)) {
			return true;
		}
		target_point(cal->server, cal->taken, &tx, &ty);
		double *want = cal->want[cal->taken];
		/* The target pixel's centre, where the finger is meant to land. */
		pw_calibration_apply(to_display, tx + 0.5, ty + 0.5, &want[0], &want[1]);
		pw_calibration_apply(cal->undo, x, y, &cal->raw[cal->taken][0],
			&cal->raw[cal->taken][1]);
		cal->down = true;
		cal->down_id = id;
		return true;
	}
	if (!cal->down || id != cal->down_id) {
		return true;
	}
	cal->down = false;
	cal->taken++;
	wl_event_source_timer_update(cal->timer, (int)cal->timeout_ms);
	if (cal->taken == PW_CALIBRATE_TARGETS) {
		cal->idle = wl_event_loop_add_idle(cal->server->loop, handle_idle_complete, cal);
		if (!cal->idle) {
			handle_idle_complete(cal);
		}
	} else {
		pw_output_damage_whole(cal->server->output);
	}
	return true;
}

static void
add_box(pixman_region32_t *r, int x1, int y1, int x2, int y2)
{
	pixman_region32_union_rect(r, r, x1, y1, (unsigned)(x2 - x1), (unsigned)(y2 - y1));
}

static void
render(struct pw_server *server, pixman_image_t *target, const pixman_region32_t *damage)
{
	struct pw_calibrate *cal = get(server);
	if (pw_session_lock_active(server)) {
		cal->scene->render(server, target, damage); /* the lock shows at once */
		return;
	}
	pw_render_fill(target, damage, BACKGROUND);
	if (cal->taken >= PW_CALIBRATE_TARGETS) {
		return;
	}
	int x, y;
	target_point(server, cal->taken, &x, &y);
	pixman_region32_t cross, centre;
	pixman_region32_init(&cross);
	pixman_region32_init(&centre);
	add_box(&cross, x - CROSS, y, x + CROSS + 1, y + 1);
	add_box(&cross, x, y - CROSS, x + 1, y + CROSS + 1);
	add_box(&centre, x - 1, y - 1, x + 2, y + 2);
	pixman_region32_subtract(&cross, &cross, &centre);
	pixman_region32_intersect(&cross, &cross, (pixman_region32_t *)damage);
	pixman_region32_intersect(&centre, &centre, (pixman_region32_t *)damage);
	pw_render_fill(target, &cross, FOREGROUND);
	pw_render_fill(target, &centre, CENTRE);
	pixman_region32_fini(&cross);
	pixman_region32_fini(&centre);
}

static void
take_frame_callbacks(struct pw_server *server, struct wl_list *callbacks, struct wl_list *feedbacks)
{
	struct pw_calibrate *cal = get(server);
	/* Clients are not shown: their frames wait, as under the lock, unless a lock shows. */
	if (pw_session_lock_active(server)) {
		cal->scene->take_frame_callbacks(server, callbacks, feedbacks);
	}
}

static struct pw_surface *
direct_surface(struct pw_server *server)
{
	return NULL;
}

static void
handle_resource_destroy(struct wl_listener *listener, void *data)
{
	struct pw_calibrate *cal = wl_container_of(listener, cal, resource_destroy);
	wl_list_remove(&cal->resource_destroy.link);
	cal->resource = NULL;
}

static void
handle_server_destroy(struct wl_listener *listener, void *data)
{
	struct pw_calibrate *cal = wl_container_of(listener, cal, server_destroy);
	if (cal->resource) {
		wl_list_remove(&cal->resource_destroy.link);
		cal->resource = NULL;
	}
	end(cal);
}

static void
refuse(struct wl_resource *resource, const char *why)
{
	char msg[256];
	snprintf(msg, sizeof(msg), "calibration: %s; the calibration is unchanged", why);
	pw_log_warning("%s", msg);
	if (resource) {
		picowl_control_v1_send_calibration(resource,
			PICOWL_CONTROL_V1_CALIBRATION_RESULT_BUSY, "", msg);
	}
}

void
pw_calibrate_start(struct pw_server *server, struct wl_resource *resource, uint32_t timeout_ms)
{
	if (get(server)) {
		refuse(resource, "a calibration runs already");
		return;
	}
	if (pw_session_lock_active(server)) {
		refuse(resource, "the session is locked");
		return;
	}
	if (!server->seat || !server->output || !server->desktop->config) {
		refuse(resource, "no seat or no output");
		return;
	}
	struct pw_calibrate *cal = calloc(1, sizeof(*cal));
	if (!cal) {
		refuse(resource, "out of memory");
		return;
	}
	cal->server = server;
	cal->timeout_ms = timeout_ms ? timeout_ms : PW_CALIBRATE_TIMEOUT_MS;
	if (cal->timeout_ms > 3600000) {
		cal->timeout_ms = 3600000;
	}
	cal->timer = wl_event_loop_add_timer(server->loop, handle_timer, cal);
	if (!cal->timer) {
		free(cal);
		refuse(resource, "no timer");
		return;
	}
	/* The devices give positions through the matrix in effect: undone, they are raw. */
	const double *in_effect = server->desktop->config->input.calibration;
	if (!pw_calibration_invert(in_effect, cal->undo)) {
		pw_log_warning("calibration: the matrix in effect is singular; taken as identity");
		memcpy(cal->undo, (const double[6]){1, 0, 0, 0, 1, 0}, sizeof(cal->undo));
	}
	cal->resource = resource;
	if (resource) {
		cal->resource_destroy.notify = handle_resource_destroy;
		wl_resource_add_destroy_listener(resource, &cal->resource_destroy);
	}
	cal->server_destroy.notify = handle_server_destroy;
	wl_signal_add(&server->destroy, &cal->server_destroy);
	cal->shell = (struct pw_server_shell){
		.render = render,
		.take_frame_callbacks = take_frame_callbacks,
		.direct_surface = direct_surface,
	};
	cal->scene = server->shell;
	cal->grab = (struct pw_touch_raw_grab){.touch = handle_touch, .data = cal};
	server->desktop->calibrate = cal;
	/* The clients' touches end here: what follows is the routine's. */
	pw_seat_notify_touch_cancel(server->seat);
	pw_touch_raw_set_grab(server->seat, &cal->grab);
	pw_server_set_shell(server, &cal->shell);
	wl_event_source_timer_update(cal->timer, (int)cal->timeout_ms);
	pw_output_damage_whole(server->output);
	pw_log_info("calibration: tap the %d targets (a key cancels)", PW_CALIBRATE_TARGETS);
}

bool
pw_calibrate_key(struct pw_server *server)
{
	struct pw_calibrate *cal = get(server);
	if (!cal) {
		return false;
	}
	cancel(cal, "cancelled by a key");
	return true;
}

bool
pw_calibrate_inject(struct pw_server *server, uint32_t type, int32_t id, double x, double y)
{
	if (!get(server)) {
		return false;
	}
	double to_display[6], dx = 0, dy = 0;
	if (output_to_display(server, to_display)) {
		pw_calibration_apply(to_display, x, y, &dx, &dy);
	}
	if (type == PICOWL_CONTROL_V1_TOUCH_TYPE_DOWN) {
		pw_touch_raw_take(server->seat, PW_TOUCH_RAW_DOWN, id, dx, dy);
	} else if (type == PICOWL_CONTROL_V1_TOUCH_TYPE_UP) {
		pw_touch_raw_take(server->seat, PW_TOUCH_RAW_UP, id, 0, 0);
	}
	return true;
}
