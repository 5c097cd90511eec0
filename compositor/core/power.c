/*
 * Two idle watches, one to dim and one to blank; one pw_idle timer serves them. Blanking stops
 * the output's repaints (pw_output_set_blank) so nothing else wakes picowl either: a client
 * that animates on frame callbacks stops until the display is on again.
 */
#include "power.h"

#include <stdio.h>
#include <stdlib.h>

#include "backend.h"
#include "backlight.h"
#include "idle.h"
#include "output.h"
#include "server.h"

struct pw_power {
	struct pw_server *server;
	struct pw_idle_watch dim, blank;
	enum pw_power_level level;
	struct wl_signal changed;
};

static void
set_level(struct pw_power *power, enum pw_power_level level)
{
	if (power->level == level) {
		return;
	}
	struct pw_server *server = power->server;
	bool off = level == PW_POWER_OFF;
	if (off) {
		pw_output_set_blank(server->output, true);
	}
	pw_backlight_set_power(server->backend, level);
	if (!off && power->level == PW_POWER_OFF) {
		pw_output_set_blank(server->output, false);
	}
	power->level = level;
	wl_signal_emit_mutable(&power->changed, power);
}

static void
handle_dim_idle(struct pw_idle_watch *watch)
{
	struct pw_power *power = wl_container_of(watch, power, dim);
	if (power->level == PW_POWER_ON) {
		set_level(power, PW_POWER_DIM);
	}
}

static void
handle_dim_resumed(struct pw_idle_watch *watch)
{
	struct pw_power *power = wl_container_of(watch, power, dim);
	if (power->level == PW_POWER_DIM) {
		set_level(power, PW_POWER_ON);
	}
}

static void
handle_blank_idle(struct pw_idle_watch *watch)
{
	struct pw_power *power = wl_container_of(watch, power, blank);
	set_level(power, PW_POWER_OFF);
}

struct pw_power *
pw_power_create(struct pw_server *server)
{
	struct pw_power *power = calloc(1, sizeof(*power));
	if (!power) {
		return NULL;
	}
	server->idle = pw_idle_create(server->loop);
	if (!server->idle) {
		free(power);
		return NULL;
	}
	power->server = server;
	power->level = PW_POWER_ON;
	wl_signal_init(&power->changed);
	power->dim.idle = handle_dim_idle;
	power->dim.resumed = handle_dim_resumed;
	power->blank.idle = handle_blank_idle;
	if (!pw_idle_add(server->idle, &power->dim)) {
		goto err_dim;
	}
	if (!pw_idle_add(server->idle, &power->blank)) {
		goto err_blank;
	}
	return power;

err_blank:
	pw_idle_remove(server->idle, &power->dim);
err_dim:
	pw_idle_destroy(server->idle);
	server->idle = NULL;
	free(power);
	return NULL;
}

void
pw_power_destroy(struct pw_power *power)
{
	if (!power) {
		return;
	}
	if (power->level != PW_POWER_ON) {
		/* Only the display and its light: the output is about to go, nothing to redraw. */
		pw_backlight_set_power(power->server->backend, PW_POWER_ON);
	}
	pw_idle_remove(power->server->idle, &power->dim);
	pw_idle_remove(power->server->idle, &power->blank);
	pw_idle_destroy(power->server->idle);
	power->server->idle = NULL;
	free(power);
}

void
pw_power_configure(struct pw_power *power, int idle_s, int dim_s, const char *backlight)
{
	struct pw_idle *idle = power->server->idle;
	power->blank.timeout_ms = idle_s * 1000;
	power->dim.timeout_ms = idle_s && dim_s >= idle_s ? 0 : dim_s * 1000;
	pw_backlight_set(power->server->backend, backlight ? backlight : "auto");
	pw_idle_update(idle, &power->blank);
	pw_idle_update(idle, &power->dim);
	if (power->level == PW_POWER_DIM) {
		set_level(power, PW_POWER_ON);
	} else if (power->level == PW_POWER_OFF) {
		/* A reload while dark keeps it dark and the timer off, until the next input. */
		pw_idle_set_fired(idle, &power->dim);
		pw_idle_set_fired(idle, &power->blank);
	}
}

void
pw_power_set(struct pw_power *power, enum pw_power_request request)
{
	bool off = request == PW_POWER_REQUEST_OFF ||
		(request == PW_POWER_REQUEST_TOGGLE && power->level != PW_POWER_OFF);
	if (!off) {
		/* As an input would: the idle time counts from now. */
		set_level(power, PW_POWER_ON);
		pw_idle_activity(power->server->idle);
		return;
	}
	set_level(power, PW_POWER_OFF);
	/* Off by request: the watches wait for the next input, no timer runs. */
	pw_idle_set_fired(power->server->idle, &power->dim);
	pw_idle_set_fired(power->server->idle, &power->blank);
}

bool
pw_power_is_off(const struct pw_power *power)
{
	return power->level == PW_POWER_OFF;
}

bool
pw_power_is_dimmed(const struct pw_power *power)
{
	return power->level == PW_POWER_DIM;
}

void
pw_power_add_listener(struct pw_power *power, struct wl_listener *listener)
{
	wl_signal_add(&power->changed, listener);
}

bool
pw_power_input(struct pw_power *power, bool press)
{
	if (power->level != PW_POWER_OFF) {
		pw_idle_activity(power->server->idle);
		return false;
	}
	if (!press) {
		return false;
	}
	set_level(power, PW_POWER_ON);
	pw_idle_activity(power->server->idle);
	return true;
}
