/*
 * Hostile cases: zwlr_output_manager_v1's modes (the headless backend lists its configured size
 * and five more): a test changes nothing, an apply resizes and re-configures the tiles, custom
 * modes (listed: that mode; 0, negative: errors; huge: failed), a mode of another head or of a
 * stopped manager. Cases that change the mode set it back before they return.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cases_output.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static bool
modes_listed(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	int preferred = 0;
	for (int i = 0; i < om.n_modes; i++) {
		preferred += om.modes[i].preferred;
		if (om.modes[i].width <= 0 || om.modes[i].height <= 0 || om.modes[i].refresh <= 0) {
			printf("  mode %d: %dx%d@%d\n", i, om.modes[i].width, om.modes[i].height,
				om.modes[i].refresh);
			return false;
		}
	}
	/* 240x320 (the test's size) is one of the five: six for another size */
	if (om.n_modes != 5 || preferred != 1 || !om.modes[om.current].preferred) {
		printf("  %d modes, %d preferred, current %d\n", om.n_modes, preferred, om.current);
		return false;
	}
	return true;
}

static bool
mode_test_changes_nothing(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	int first = om.current, other = om_other_mode();
	return other >= 0 && om_mode_is(c, other, false, &om.succeeded) &&
		!om_wait_done(c, 1, 300) && om.current == first;
}

/* Back to mode `index` with its done; false with a message. */
static bool
back_to(struct conn *c, int index)
{
	int dones = om.dones;
	if (!om_mode_is(c, index, true, &om.succeeded) || !om_wait_done(c, dones, 2000) ||
		om.current != index) {
		printf("  not back to mode %d (current %d)\n", index, om.current);
		return false;
	}
	return true;
}

/* Applied: a done with a new serial and the mode current, the tiles re-configured to fit. */
static bool
mode_apply_resizes(struct conn *c)
{
	if (!om_need_manager(c) || !conn_map(c, false)) {
		return false;
	}
	int first = om.current, other = om_other_mode();
	uint32_t serial = om.serial, configure = c->top.serial;
	struct zwlr_output_configuration_v1 *old = om_config_new(c, serial);
	om_config_head(c, old);
	if (other < 0 || !om_mode_is(c, other, true, &om.succeeded) || !om_wait_done(c, 1, 2000) ||
		om.serial == serial || om.current != other || om.width != om.modes[other].width ||
		om.height != om.modes[other].height) {
		printf("  no done with mode %d current (current %d, serial %u)\n", other,
			om.current, om.serial);
		return false;
	}
	if (wl_display_roundtrip(c->tc.display) < 0 || c->top.serial == configure ||
		c->top.configured_width > om.width || c->top.configured_height > om.height ||
		c->top.configured_width <= 0) {
		printf("  the tile was not configured into %dx%d (%dx%d)\n", om.width, om.height,
			c->top.configured_width, c->top.configured_height);
		return false;
	}
	bool cancelled = om_answer(c, old, true) && om.cancelled == 1;
	return cancelled && back_to(c, first);
}

static int32_t xdg_w, xdg_h, wl_w, wl_h;

static void
wl_geometry(void *data, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph,
	int32_t subpixel, const char *make, const char *model, int32_t transform)
{
}

static void
wl_mode(void *data, struct wl_output *o, uint32_t flags, int32_t w, int32_t h, int32_t refresh)
{
	if (flags & WL_OUTPUT_MODE_CURRENT) {
		wl_w = w;
		wl_h = h;
	}
}

static void
wl_none(void *data, struct wl_output *o)
{
}

static void
wl_scale(void *data, struct wl_output *o, int32_t scale)
{
}

static void
wl_string(void *data, struct wl_output *o, const char *s)
{
}

static const struct wl_output_listener wl_listener = {
	.geometry = wl_geometry,
	.mode = wl_mode,
	.done = wl_none,
	.scale = wl_scale,
	.name = wl_string,
	.description = wl_string,
};

static void
xdg_position(void *data, struct zxdg_output_v1 *o, int32_t x, int32_t y)
{
}

static void
xdg_size(void *data, struct zxdg_output_v1 *o, int32_t w, int32_t h)
{
	xdg_w = w;
	xdg_h = h;
}

static void
xdg_none(void *data, struct zxdg_output_v1 *o)
{
}

static void
xdg_string(void *data, struct zxdg_output_v1 *o, const char *s)
{
}

static const struct zxdg_output_v1_listener xdg_listener = {
	.logical_position = xdg_position,
	.logical_size = xdg_size,
	.done = xdg_none,
	.name = xdg_string,
	.description = xdg_string,
};

/* A wl_output and an xdg_output bound before a mode change are sent the new mode and size. */
static bool
mode_outputs_follow(struct conn *c)
{
	if (!om_need_manager(c) || !c->xdg_output ||
		wl_output_add_listener(c->tc.output, &wl_listener, NULL) != 0) {
		return false;
	}
	struct zxdg_output_v1 *o =
		zxdg_output_manager_v1_get_xdg_output(c->xdg_output, c->tc.output);
	zxdg_output_v1_add_listener(o, &xdg_listener, NULL);
	int first = om.current, other = om_other_mode();
	if (wl_display_roundtrip(c->tc.display) < 0 || xdg_w != om.width || xdg_h != om.height ||
		!om_mode_is(c, other, true, &om.succeeded) ||
		wl_display_roundtrip(c->tc.display) < 0 || xdg_w != om.modes[other].width ||
		xdg_h != om.modes[other].height || wl_w != xdg_w || wl_h != xdg_h) {
		printf("  xdg_output %dx%d, wl_output %dx%d, mode %d %dx%d\n", xdg_w, xdg_h, wl_w,
			wl_h, other, om.modes[other].width, om.modes[other].height);
		return false;
	}
	bool back = back_to(c, first) && wl_display_roundtrip(c->tc.display) >= 0 &&
		xdg_w == om.width && xdg_h == om.height && wl_w == om.width && wl_h == om.height;
	zxdg_output_v1_destroy(o);
	return back;
}

/* A custom mode with a listed mode's size (refresh 0: any) is that mode. */
static bool
custom_mode_listed(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	int first = om.current, other = om_other_mode();
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_head_v1_set_custom_mode(om_config_head(c, cfg),
		om.modes[other].width, om.modes[other].height, 0);
	if (!om_answer(c, cfg, true) || om.succeeded != 1 || !om_wait_done(c, 1, 2000) ||
		om.current != other) {
		printf("  the listed custom mode was not set (current %d)\n", om.current);
		return false;
	}
	return back_to(c, first);
}

/* Huge or unlisted custom modes fail and change nothing. */
static bool
custom_mode_huge(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	const int32_t sizes[][3] = {{INT_MAX, INT_MAX, INT_MAX}, {INT_MAX, 1, 0},
		{om.width, om.height, INT_MAX}, {om.width, om.height, 1}};
	for (size_t i = 0; i < N(sizes); i++) {
		struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
		zwlr_output_configuration_head_v1_set_custom_mode(om_config_head(c, cfg),
			sizes[i][0], sizes[i][1], sizes[i][2]);
		if (!om_answer(c, cfg, i % 2 == 0) || om.failed != (int)i + 1) {
			printf("  custom mode %d was not failed\n", (int)i);
			return false;
		}
	}
	return !om_wait_done(c, 1, 300);
}

static bool
custom_mode_negative(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_head_v1_set_custom_mode(om_config_head(c, cfg), -640, 480, 0);
	return true;
}

static void
power_mode(void *data, struct zwlr_output_power_v1 *p, uint32_t mode)
{
}

static void
power_failed(void *data, struct zwlr_output_power_v1 *p)
{
}

static const struct zwlr_output_power_v1_listener power_listener = {
	.mode = power_mode,
	.failed = power_failed,
};

/* While the display is off (zwlr_output_power_v1) a mode change fails and changes nothing. */
static bool
mode_while_off(struct conn *c)
{
	if (!om_need_manager(c) || !c->output_power_manager) {
		return false;
	}
	struct zwlr_output_power_v1 *p =
		zwlr_output_power_manager_v1_get_output_power(c->output_power_manager,
			c->tc.output);
	zwlr_output_power_v1_add_listener(p, &power_listener, c);
	zwlr_output_power_v1_set_mode(p, ZWLR_OUTPUT_POWER_V1_MODE_OFF);
	int first = om.current, other = om_other_mode();
	bool failed = wl_display_roundtrip(c->tc.display) >= 0 &&
		om_mode_is(c, other, true, &om.failed) && !om_wait_done(c, 1, 300) &&
		om.current == first;
	zwlr_output_power_v1_set_mode(p, ZWLR_OUTPUT_POWER_V1_MODE_ON);
	zwlr_output_power_v1_destroy(p);
	return wl_display_roundtrip(c->tc.display) >= 0 && failed;
}

/* ---- a second manager of the same client: its head is another head ---- */

static struct zwlr_output_mode_v1 *second_mode;
static int second_finished;

static void
second_mode_finished(void *data, struct zwlr_output_mode_v1 *m)
{
	second_finished++; /* the proxy is kept, to be named after it is gone */
}

static void
ignore_int(void *data, struct zwlr_output_mode_v1 *m, int32_t a)
{
}

static void
ignore_size(void *data, struct zwlr_output_mode_v1 *m, int32_t w, int32_t h)
{
}

static void
ignore_none(void *data, struct zwlr_output_mode_v1 *m)
{
}

static const struct zwlr_output_mode_v1_listener second_mode_listener = {
	.size = ignore_size,
	.refresh = ignore_int,
	.preferred = ignore_none,
	.finished = second_mode_finished,
};

static void
second_head_mode(void *data, struct zwlr_output_head_v1 *h, struct zwlr_output_mode_v1 *m)
{
	zwlr_output_mode_v1_add_listener(m, &second_mode_listener, NULL);
	second_mode = m;
}

static void
second_head_finished(void *data, struct zwlr_output_head_v1 *h)
{
	second_finished++;
}

static void
head_string(void *data, struct zwlr_output_head_v1 *h, const char *s)
{
}

static void
head_int(void *data, struct zwlr_output_head_v1 *h, int32_t a)
{
}

static void
head_int2(void *data, struct zwlr_output_head_v1 *h, int32_t a, int32_t b)
{
}

static void
head_current(void *data, struct zwlr_output_head_v1 *h, struct zwlr_output_mode_v1 *m)
{
}

static const struct zwlr_output_head_v1_listener second_head_listener = {
	.name = head_string,
	.description = head_string,
	.physical_size = head_int2,
	.mode = second_head_mode,
	.enabled = head_int,
	.current_mode = head_current,
	.position = head_int2,
	.transform = head_int,
	.scale = head_int,
	.finished = second_head_finished,
	.make = head_string,
	.model = head_string,
	.serial_number = head_string,
};

static void
second_manager_head(void *data, struct zwlr_output_manager_v1 *m, struct zwlr_output_head_v1 *h)
{
	zwlr_output_head_v1_add_listener(h, &second_head_listener, NULL);
}

static void
second_manager_done(void *data, struct zwlr_output_manager_v1 *m, uint32_t serial)
{
	((struct conn *)data)->events++;
}

static void
second_manager_finished(void *data, struct zwlr_output_manager_v1 *m)
{
	((struct conn *)data)->events++;
}

static const struct zwlr_output_manager_v1_listener second_listener = {
	.head = second_manager_head,
	.done = second_manager_done,
	.finished = second_manager_finished,
};

/* Binds a second manager and waits for its head and modes; NULL on failure. */
static struct zwlr_output_manager_v1 *
second_manager(struct conn *c)
{
	second_mode = NULL;
	second_finished = 0;
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, zwlr_output_manager_v1_interface.name) != 0) {
			continue;
		}
		struct zwlr_output_manager_v1 *m = pw_client_bind(&c->tc, c->globals[i].name,
			&zwlr_output_manager_v1_interface, c->globals[i].version, 2);
		zwlr_output_manager_v1_add_listener(m, &second_listener, c);
		c->events = 0;
		if (!conn_wait_events(c, 1, 5000) || !second_mode) {
			printf("  the second manager sent no mode and done\n");
			return NULL;
		}
		return m;
	}
	return NULL;
}

/* A mode of the second manager's head in a configuration of the first's. */
static bool
mode_of_another_head(struct conn *c)
{
	if (!om_need_manager(c) || !second_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_head_v1_set_mode(om_config_head(c, cfg), second_mode);
	return true;
}

/*
 * A mode whose manager stopped (the mode finished and destroyed by picowl), named after: an
 * object libwayland no longer knows, an error before picowl sees the request.
 */
static bool
mode_of_stopped_manager(struct conn *c)
{
	struct zwlr_output_manager_v1 *m;
	if (!om_need_manager(c) || !(m = second_manager(c))) {
		return false;
	}
	zwlr_output_manager_v1_stop(m);
	c->events = 0;
	if (!conn_wait_events(c, 1, 5000) || second_finished < 2) {
		printf("  the second manager's head and modes not finished (%d)\n",
			second_finished);
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_head_v1_set_mode(om_config_head(c, cfg), second_mode);
	zwlr_output_configuration_v1_apply(cfg);
	return true;
}

static const struct rcase cases[] = {
	{"om-modes-listed", modes_listed, EXPECT_NONE, NULL, 0},
	{"om-mode-test-changes-nothing", mode_test_changes_nothing, EXPECT_NONE, NULL, 0},
	{"om-mode-apply-resizes-reconfigures", mode_apply_resizes, EXPECT_NONE, NULL, 0},
	{"om-mode-wl-output-xdg-output-follow", mode_outputs_follow, EXPECT_NONE, NULL, 0},
	{"om-custom-mode-listed-is-that-mode", custom_mode_listed, EXPECT_NONE, NULL, 0},
	{"om-custom-mode-huge-failed", custom_mode_huge, EXPECT_NONE, NULL, 0},
	{"om-mode-while-off-failed", mode_while_off, EXPECT_NONE, NULL, 0},
	{"om-custom-mode-negative", custom_mode_negative, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_CUSTOM_MODE},
	{"om-mode-of-another-head", mode_of_another_head, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_MODE},
	{"om-mode-of-stopped-manager", mode_of_stopped_manager, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
};

const struct group output_modes_group = {"output-modes", cases, N(cases), NULL};
