/* The robust cases' zwlr_output_manager_v1 client (cases_output.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cases_output.h"

struct om om;

static void
handle_head_name(void *data, struct zwlr_output_head_v1 *h, const char *name)
{
	snprintf(om.name, sizeof(om.name), "%s", name);
}

static void
handle_head_string(void *data, struct zwlr_output_head_v1 *h, const char *s)
{
}

static void
handle_head_physical_size(void *data, struct zwlr_output_head_v1 *h, int32_t w, int32_t hh)
{
}

static struct om_mode *
mode_of(void *data)
{
	return &om.modes[(intptr_t)data];
}

static void
handle_mode_size(void *data, struct zwlr_output_mode_v1 *m, int32_t w, int32_t h)
{
	mode_of(data)->width = w;
	mode_of(data)->height = h;
}

static void
handle_mode_refresh(void *data, struct zwlr_output_mode_v1 *m, int32_t refresh)
{
	mode_of(data)->refresh = refresh;
}

static void
handle_mode_preferred(void *data, struct zwlr_output_mode_v1 *m)
{
	mode_of(data)->preferred = true;
	om.preferred = true;
}

static void
handle_mode_finished(void *data, struct zwlr_output_mode_v1 *m)
{
	zwlr_output_mode_v1_destroy(m);
	mode_of(data)->proxy = NULL;
	if (om.mode == m) {
		om.mode = NULL;
	}
}

static const struct zwlr_output_mode_v1_listener mode_listener = {
	.size = handle_mode_size,
	.refresh = handle_mode_refresh,
	.preferred = handle_mode_preferred,
	.finished = handle_mode_finished,
};

static void
handle_head_mode(void *data, struct zwlr_output_head_v1 *h, struct zwlr_output_mode_v1 *m)
{
	if (om.n_modes == OM_MAX_MODES) {
		zwlr_output_mode_v1_destroy(m);
		return;
	}
	om.modes[om.n_modes].proxy = m;
	zwlr_output_mode_v1_add_listener(m, &mode_listener, (void *)(intptr_t)om.n_modes);
	om.n_modes++;
}

static void
handle_head_enabled(void *data, struct zwlr_output_head_v1 *h, int32_t enabled)
{
	om.enabled = enabled;
}

static void
handle_head_current_mode(void *data, struct zwlr_output_head_v1 *h, struct zwlr_output_mode_v1 *m)
{
	om.current_mode = false;
	for (int i = 0; i < om.n_modes; i++) {
		if (om.modes[i].proxy == m) {
			om.current_mode = true;
			om.current = i;
			om.mode = m;
			om.width = om.modes[i].width;
			om.height = om.modes[i].height;
		}
	}
}

static void
handle_head_position(void *data, struct zwlr_output_head_v1 *h, int32_t x, int32_t y)
{
}

static void
handle_head_transform(void *data, struct zwlr_output_head_v1 *h, int32_t transform)
{
	om.transform = transform;
}

static void
handle_head_scale(void *data, struct zwlr_output_head_v1 *h, wl_fixed_t scale)
{
}

static void
handle_head_finished(void *data, struct zwlr_output_head_v1 *h)
{
	zwlr_output_head_v1_destroy(h);
	om.head = NULL;
	om.finished++;
}

static const struct zwlr_output_head_v1_listener head_listener = {
	.name = handle_head_name,
	.description = handle_head_string,
	.physical_size = handle_head_physical_size,
	.mode = handle_head_mode,
	.enabled = handle_head_enabled,
	.current_mode = handle_head_current_mode,
	.position = handle_head_position,
	.transform = handle_head_transform,
	.scale = handle_head_scale,
	.finished = handle_head_finished,
	.make = handle_head_string,
	.model = handle_head_string,
	.serial_number = handle_head_string,
};

static void
handle_manager_head(void *data, struct zwlr_output_manager_v1 *m, struct zwlr_output_head_v1 *h)
{
	om.head = h;
	zwlr_output_head_v1_add_listener(h, &head_listener, NULL);
}

static void
handle_manager_done(void *data, struct zwlr_output_manager_v1 *m, uint32_t serial)
{
	om.serial = serial;
	om.dones++;
	((struct conn *)data)->events++;
}

static void
handle_manager_finished(void *data, struct zwlr_output_manager_v1 *m)
{
	om.finished++;
	((struct conn *)data)->events++;
}

static const struct zwlr_output_manager_v1_listener manager_listener = {
	.head = handle_manager_head,
	.done = handle_manager_done,
	.finished = handle_manager_finished,
};

static void
handle_config_succeeded(void *data, struct zwlr_output_configuration_v1 *cfg)
{
	om.succeeded++;
	((struct conn *)data)->events++;
}

static void
handle_config_failed(void *data, struct zwlr_output_configuration_v1 *cfg)
{
	om.failed++;
	((struct conn *)data)->events++;
}

static void
handle_config_cancelled(void *data, struct zwlr_output_configuration_v1 *cfg)
{
	om.cancelled++;
	((struct conn *)data)->events++;
}

static const struct zwlr_output_configuration_v1_listener config_listener = {
	.succeeded = handle_config_succeeded,
	.failed = handle_config_failed,
	.cancelled = handle_config_cancelled,
};

bool
om_need_manager(struct conn *c)
{
	memset(&om, 0, sizeof(om));
	if (!c->output_manager) {
		printf("  zwlr_output_manager_v1 is not offered to this client\n");
		return false;
	}
	zwlr_output_manager_v1_add_listener(c->output_manager, &manager_listener, c);
	c->events = 0;
	if (!conn_wait_events(c, 1, 5000) || !om.head || !om.mode) {
		printf("  no head, mode and done after the bind\n");
		return false;
	}
	return true;
}

struct zwlr_output_configuration_v1 *
om_config_new(struct conn *c, uint32_t serial)
{
	struct zwlr_output_configuration_v1 *cfg =
		zwlr_output_manager_v1_create_configuration(c->output_manager, serial);
	zwlr_output_configuration_v1_add_listener(cfg, &config_listener, c);
	return cfg;
}

struct zwlr_output_configuration_head_v1 *
om_config_head(struct conn *c, struct zwlr_output_configuration_v1 *cfg)
{
	return zwlr_output_configuration_v1_enable_head(cfg, om.head);
}

bool
om_answer(struct conn *c, struct zwlr_output_configuration_v1 *cfg, bool apply)
{
	int before = om.succeeded + om.failed + om.cancelled;
	c->events = 0;
	if (apply) {
		zwlr_output_configuration_v1_apply(cfg);
	} else {
		zwlr_output_configuration_v1_test(cfg);
	}
	while (om.succeeded + om.failed + om.cancelled == before) {
		if (!conn_wait_events(c, c->events + 1, 5000)) {
			printf("  no answer to the configuration\n");
			return false;
		}
	}
	zwlr_output_configuration_v1_destroy(cfg);
	return true;
}

bool
om_transform_is(struct conn *c, int32_t transform, bool apply, int *want)
{
	int before = *want;
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_head_v1_set_transform(om_config_head(c, cfg), transform);
	return om_answer(c, cfg, apply) && *want == before + 1;
}

int
om_other_mode(void)
{
	for (int i = 0; i < om.n_modes; i++) {
		if (i != om.current && om.modes[i].proxy) {
			return i;
		}
	}
	return -1;
}

bool
om_mode_is(struct conn *c, int index, bool apply, int *want)
{
	int before = *want;
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_head_v1_set_mode(om_config_head(c, cfg), om.modes[index].proxy);
	return om_answer(c, cfg, apply) && *want == before + 1;
}

bool
om_wait_done(struct conn *c, int before, int timeout_ms)
{
	while (om.dones <= before) {
		if (!conn_wait_events(c, c->events + 1, timeout_ms)) {
			return false;
		}
	}
	return true;
}
