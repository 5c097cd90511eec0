/*
 * A locker for the lock screen tests: ext-session-lock-v1 without a password.
 *
 *   lockclient STATE_FILE [--power-off]
 *
 * Locks the session, gives the output a lock surface of the configured size, blue, and logs
 * every event as a line appended to STATE_FILE: locked | finished | configured W H | drawn W H |
 * enter | key CODE 1|0 | touch down X Y | unlocked. The key `u` (evdev 22) pressed unlocks and
 * exits 0. --power-off turns the display off (zwlr_output_power_v1) in the same message burst
 * as the lock request: picowl handles both before it could paint a locked frame.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "ext-session-lock-v1-client-protocol.h"
#include "test_client.h"
#include "wlr-output-power-management-unstable-v1-client-protocol.h"

#define BLUE 0xff0000ffu
#define KEY_U 22

struct app {
	struct pw_client client;
	struct ext_session_lock_manager_v1 *manager;
	struct zwlr_output_power_manager_v1 *power_manager;
	struct ext_session_lock_v1 *lock;
	struct ext_session_lock_surface_v1 *lock_surface;
	struct wl_surface *surface;
	bool locked, done;
};

static void
handle_configure(void *data, struct ext_session_lock_surface_v1 *ls, uint32_t serial,
	uint32_t width, uint32_t height)
{
	struct app *app = data;
	test_client_say("configured %u %u", width, height);
	ext_session_lock_surface_v1_ack_configure(ls, serial);
	struct wl_buffer *buffer =
		pw_client_solid_buffer(&app->client, (int32_t)width, (int32_t)height, BLUE);
	if (!buffer) {
		app->done = true;
		return;
	}
	wl_surface_attach(app->surface, buffer, 0, 0);
	wl_surface_damage_buffer(app->surface, 0, 0, (int32_t)width, (int32_t)height);
	wl_surface_commit(app->surface);
	wl_buffer_destroy(buffer); /* picowl keeps what it shows */
	test_client_say("drawn %u %u", width, height);
}

static const struct ext_session_lock_surface_v1_listener lock_surface_listener = {
	.configure = handle_configure,
};

static void
handle_locked(void *data, struct ext_session_lock_v1 *lock)
{
	struct app *app = data;
	app->locked = true;
	test_client_say("locked");
}

static void
handle_finished(void *data, struct ext_session_lock_v1 *lock)
{
	struct app *app = data;
	test_client_say("finished");
	app->done = true;
}

static const struct ext_session_lock_v1_listener lock_listener = {
	.locked = handle_locked,
	.finished = handle_finished,
};

static void
key_enter(void *data, struct wl_surface *surface)
{
	test_client_say("enter");
}

static void
key(void *data, uint32_t time, uint32_t code, bool pressed)
{
	struct app *app = data;
	test_client_say("key %u %d", code, pressed ? 1 : 0);
	if (code == KEY_U && pressed && app->locked && app->lock) {
		ext_session_lock_v1_unlock_and_destroy(app->lock);
		app->lock = NULL;
		pw_client_roundtrip(&app->client, 5000);
		test_client_say("unlocked");
		app->done = true;
	}
}

static void
touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	test_client_say("touch down %d %d", (int)x, (int)y);
}

static const struct pw_client_input_listener input_listener = {
	.key_enter = key_enter,
	.key = key,
	.touch_down = touch_down,
};

int
main(int argc, char **argv)
{
	bool power_off = argc == 3 && strcmp(argv[2], "--power-off") == 0;
	if (argc != 2 && !power_off) {
		fprintf(stderr, "usage: lockclient STATE_FILE [--power-off]\n");
		return 2;
	}
	struct app app = {0};
	if (!test_client_open("lockclient", argv[1], NULL)) {
		return 1;
	}
	const struct pw_client_global globals[] = {
		{&ext_session_lock_manager_v1_interface, 1, (void **)&app.manager, NULL, NULL},
		{&zwlr_output_power_manager_v1_interface, 1, (void **)&app.power_manager, NULL,
			NULL},
		{NULL},
	};
	app.client.name = "lockclient";
	app.client.globals = globals;
	app.client.data = &app;
	pw_client_input_init(&app.client, &input_listener);
	const struct pw_client_versions want = {.compositor = 4, .shm = 1, .seat = 5, .output = 3};
	if (!pw_client_connect(&app.client, &want, 5000)) {
		return 1;
	}
	if (!app.manager || !app.client.output || (power_off && !app.power_manager)) {
		fprintf(stderr,
			"lockclient: no ext_session_lock_manager_v1, wl_output or "
			"zwlr_output_power_manager_v1\n");
		pw_client_disconnect(&app.client);
		return 1;
	}
	app.lock = ext_session_lock_manager_v1_lock(app.manager);
	ext_session_lock_v1_add_listener(app.lock, &lock_listener, &app);
	app.surface = wl_compositor_create_surface(app.client.compositor);
	app.lock_surface =
		ext_session_lock_v1_get_lock_surface(app.lock, app.surface, app.client.output);
	ext_session_lock_surface_v1_add_listener(app.lock_surface, &lock_surface_listener, &app);
	struct zwlr_output_power_v1 *power = NULL;
	if (power_off) {
		power = zwlr_output_power_manager_v1_get_output_power(app.power_manager,
			app.client.output);
		zwlr_output_power_v1_set_mode(power, ZWLR_OUTPUT_POWER_V1_MODE_OFF);
		test_client_say("power off");
	}
	int status = pw_client_dispatch_until(&app.client, &app.done, -1) == 1 ? 0 : 1;
	if (app.lock_surface) {
		ext_session_lock_surface_v1_destroy(app.lock_surface);
	}
	if (app.lock && !app.locked) {
		ext_session_lock_v1_destroy(app.lock);
	}
	wl_surface_destroy(app.surface);
	if (power) {
		zwlr_output_power_v1_destroy(power);
	}
	if (app.power_manager) {
		zwlr_output_power_manager_v1_destroy(app.power_manager);
	}
	ext_session_lock_manager_v1_destroy(app.manager);
	app.manager = NULL;
	pw_client_roundtrip(&app.client, 5000);
	pw_client_disconnect(&app.client);
	test_client_close();
	return status;
}
