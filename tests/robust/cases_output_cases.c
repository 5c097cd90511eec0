/*
 * Hostile cases: zwlr_output_manager_v1 (its configuration errors, serials, a head gone under a
 * configuration); zwlr_gamma_control_manager_v1's are in cases_gamma.c.
 * Cases that rotate the output turn it back before they return.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases_output.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define KEY_R 19
#define KEY_LEFTMETA 125

/* ---- the head ---- */

static bool
om_lists_the_head(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	bool ok = om.name[0] && om.width > 0 && om.height > 0 && om.enabled && om.current_mode &&
		om.preferred && om.serial != 0;
	if (!ok) {
		printf("  head '%s' %dx%d enabled %d current %d preferred %d serial %u\n", om.name,
			om.width, om.height, om.enabled, om.current_mode, om.preferred, om.serial);
	}
	return ok;
}

/* ---- configuration errors ---- */

static bool
om_enable_head_twice(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	om_config_head(c, cfg);
	om_config_head(c, cfg);
	return true;
}

static bool
om_disable_then_enable(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_v1_disable_head(cfg, om.head);
	om_config_head(c, cfg);
	return true;
}

static bool
om_apply_without_head(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	zwlr_output_configuration_v1_apply(om_config_new(c, om.serial));
	return true;
}

static bool
om_test_without_head(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	zwlr_output_configuration_v1_test(om_config_new(c, om.serial));
	return true;
}

static bool
om_applied_twice(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	om_config_head(c, cfg);
	zwlr_output_configuration_v1_apply(cfg);
	zwlr_output_configuration_v1_apply(cfg);
	return true;
}

static bool
om_disable_head_after_test(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	om_config_head(c, cfg);
	zwlr_output_configuration_v1_test(cfg);
	zwlr_output_configuration_v1_disable_head(cfg, om.head);
	return true;
}

#define HEAD_CASE(fn, body)                                             \
	static bool fn(struct conn *c)                                  \
	{                                                               \
		if (!om_need_manager(c)) {                              \
			return false;                                   \
		}                                                       \
		struct zwlr_output_configuration_head_v1 *h =           \
			om_config_head(c, om_config_new(c, om.serial)); \
		body;                                                   \
		return true;                                            \
	}

HEAD_CASE(om_transform_twice, zwlr_output_configuration_head_v1_set_transform(h, 0);
	  zwlr_output_configuration_head_v1_set_transform(h, 0))
HEAD_CASE(om_mode_twice, zwlr_output_configuration_head_v1_set_mode(h, om.mode);
	  zwlr_output_configuration_head_v1_set_mode(h, om.mode))
HEAD_CASE(om_mode_and_custom_mode, zwlr_output_configuration_head_v1_set_mode(h, om.mode);
	  zwlr_output_configuration_head_v1_set_custom_mode(h, om.width, om.height, 0))
HEAD_CASE(om_position_twice, zwlr_output_configuration_head_v1_set_position(h, 0, 0);
	  zwlr_output_configuration_head_v1_set_position(h, 0, 0))
HEAD_CASE(om_scale_twice, zwlr_output_configuration_head_v1_set_scale(h, 256);
	  zwlr_output_configuration_head_v1_set_scale(h, 256))
HEAD_CASE(om_transform_8, zwlr_output_configuration_head_v1_set_transform(h, 8))
HEAD_CASE(om_transform_negative, zwlr_output_configuration_head_v1_set_transform(h, -1))
HEAD_CASE(om_scale_zero, zwlr_output_configuration_head_v1_set_scale(h, 0))
HEAD_CASE(om_scale_negative, zwlr_output_configuration_head_v1_set_scale(h, -256))
HEAD_CASE(om_custom_mode_zero, zwlr_output_configuration_head_v1_set_custom_mode(h, 0, 0, 0))
HEAD_CASE(om_custom_mode_negative_refresh,
	zwlr_output_configuration_head_v1_set_custom_mode(h, om.width, om.height, -1))

/* ---- answers: succeeded, failed, cancelled ---- */

static bool
om_stale_serial_cancelled(struct conn *c)
{
	return om_need_manager(c) &&
		(om.serial += 1000, om_transform_is(c, 0, true, &om.cancelled));
}

static bool
om_disable_only_head_fails(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_v1_disable_head(cfg, om.head);
	return om_answer(c, cfg, true) && om.failed == 1 && om.dones == 1;
}

static bool
om_flipped_fails(struct conn *c)
{
	return om_need_manager(c) &&
		om_transform_is(c, WL_OUTPUT_TRANSFORM_FLIPPED_90, true, &om.failed) &&
		om.dones == 1;
}

static bool
om_unsupported_fail(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	for (int i = 0; i < 3; i++) {
		struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
		struct zwlr_output_configuration_head_v1 *h = om_config_head(c, cfg);
		if (i == 0) {
			zwlr_output_configuration_head_v1_set_custom_mode(h, om.width + 1,
				om.height, 0);
		} else if (i == 1) {
			zwlr_output_configuration_head_v1_set_scale(h, wl_fixed_from_int(2));
		} else {
			zwlr_output_configuration_head_v1_set_position(h, 10, 0);
		}
		if (!om_answer(c, cfg, true) || om.failed != i + 1) {
			printf("  unsupported property %d was not failed\n", i);
			return false;
		}
	}
	return om.dones == 1;
}

static bool
om_same_mode_succeeds(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	struct zwlr_output_configuration_head_v1 *h = om_config_head(c, cfg);
	zwlr_output_configuration_head_v1_set_mode(h, om.mode);
	zwlr_output_configuration_head_v1_set_position(h, 0, 0);
	zwlr_output_configuration_head_v1_set_scale(h, wl_fixed_from_int(1));
	return om_answer(c, cfg, true) && om.succeeded == 1 && om.dones == 1;
}

static bool
om_test_does_not_turn(struct conn *c)
{
	return om_need_manager(c) &&
		om_transform_is(c, WL_OUTPUT_TRANSFORM_90, false, &om.succeeded) &&
		!om_wait_done(c, 1, 300) && om.transform == 0;
}

/* Applied: a new serial and transform; a configuration made before it is then cancelled. */
static bool
om_apply_turns_and_stales(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	uint32_t first = om.serial;
	struct zwlr_output_configuration_v1 *old = om_config_new(c, first);
	om_config_head(c, old);
	if (!om_transform_is(c, WL_OUTPUT_TRANSFORM_90, true, &om.succeeded) ||
		!om_wait_done(c, 1, 2000) || om.serial == first ||
		om.transform != WL_OUTPUT_TRANSFORM_90) {
		printf("  no done with a new serial and transform 90 (serial %u, transform %d)\n",
			om.serial, om.transform);
		return false;
	}
	bool cancelled = om_answer(c, old, true) && om.cancelled == 1;
	uint32_t second = om.serial;
	int dones = om.dones;
	bool back = om_transform_is(c, 0, true, &om.succeeded) && om_wait_done(c, dones, 2000) &&
		om.serial != second && om.transform == 0;
	return cancelled && back;
}

/* stop: the head goes (finished) under a configuration naming it, which is then cancelled. */
static bool
om_head_gone_mid_config(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	struct zwlr_output_configuration_head_v1 *h = om_config_head(c, cfg);
	zwlr_output_manager_v1_stop(c->output_manager);
	c->events = 0;
	if (!conn_wait_events(c, 1, 5000) || om.finished != 2) {
		printf("  head and manager not finished after stop (%d)\n", om.finished);
		return false;
	}
	wl_proxy_destroy((struct wl_proxy *)c->output_manager);
	c->output_manager = NULL;
	zwlr_output_configuration_head_v1_set_transform(h, WL_OUTPUT_TRANSFORM_90);
	return om_answer(c, cfg, true) && om.cancelled == 1;
}

/* The session's config file gets `text`, and picowl reads it again; false on failure. */
static bool
set_config(struct conn *c, const char *text)
{
	char path[512];
	const char *home = getenv("XDG_CONFIG_HOME");
	snprintf(path, sizeof(path), "%s/picowl/picowl.ini", home ? home : ".");
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		printf("  cannot write %s\n", path);
		return false;
	}
	picowl_control_v1_reload(c->control);
	return wl_display_roundtrip(c->tc.display) >= 0;
}

static void
press(struct conn *c, uint32_t key, uint32_t state)
{
	picowl_control_v1_inject_key(c->control, key, state);
}

/* picowl turns itself (the `rotate 90` binding): a live manager gets it with a new serial. */
static bool
om_binding_rotation_sent(struct conn *c)
{
	if (!om_need_manager(c) || !c->control ||
		!set_config(c, "[bindings]\nLogo+r = rotate 90\n")) {
		return false;
	}
	uint32_t first = om.serial;
	press(c, KEY_LEFTMETA, 1);
	press(c, KEY_R, 1);
	press(c, KEY_R, 0);
	press(c, KEY_LEFTMETA, 0);
	bool sent = om_wait_done(c, 1, 2000) && om.serial != first &&
		om.transform == WL_OUTPUT_TRANSFORM_270;
	if (!sent) {
		printf("  no done after the binding (serial %u, transform %d)\n", om.serial,
			om.transform);
	}
	int dones = om.dones;
	bool back = om_transform_is(c, 0, true, &om.succeeded) && om_wait_done(c, dones, 2000);
	return set_config(c, "") && sent && back;
}

static bool
om_disconnect_mid_config(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	struct zwlr_output_configuration_v1 *cfg = om_config_new(c, om.serial);
	zwlr_output_configuration_head_v1_set_transform(om_config_head(c, cfg), 1);
	zwlr_output_manager_v1_create_configuration(c->output_manager, om.serial);
	return wl_display_flush(c->tc.display) >= 0;
}

static bool
om_wire_create_configuration_short(struct conn *c)
{
	if (!om_need_manager(c)) {
		return false;
	}
	uint32_t id = raw_new_id(c, &zwlr_output_configuration_v1_interface);
	return raw_send(c, wl_proxy_get_id((struct wl_proxy *)c->output_manager), 0, &id, 1);
}

static const struct rcase cases[] = {
	{"om-lists-the-head", om_lists_the_head, EXPECT_NONE, NULL, 0},
	{"om-enable-head-twice", om_enable_head_twice, EXPECT_ERROR, "zwlr_output_configuration_v1",
		ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_CONFIGURED_HEAD},
	{"om-disable-then-enable-head", om_disable_then_enable, EXPECT_ERROR,
		"zwlr_output_configuration_v1",
		ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_CONFIGURED_HEAD},
	{"om-apply-without-the-head", om_apply_without_head, EXPECT_ERROR,
		"zwlr_output_configuration_v1",
		ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_UNCONFIGURED_HEAD},
	{"om-test-without-the-head", om_test_without_head, EXPECT_ERROR,
		"zwlr_output_configuration_v1",
		ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_UNCONFIGURED_HEAD},
	{"om-configuration-applied-twice", om_applied_twice, EXPECT_ERROR,
		"zwlr_output_configuration_v1", ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_USED},
	{"om-disable-head-after-test", om_disable_head_after_test, EXPECT_ERROR,
		"zwlr_output_configuration_v1", ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_USED},
	{"om-transform-set-twice", om_transform_twice, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET},
	{"om-mode-set-twice", om_mode_twice, EXPECT_ERROR, "zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET},
	{"om-mode-and-custom-mode", om_mode_and_custom_mode, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET},
	{"om-position-set-twice", om_position_twice, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET},
	{"om-scale-set-twice", om_scale_twice, EXPECT_ERROR, "zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET},
	{"om-transform-8", om_transform_8, EXPECT_ERROR, "zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_TRANSFORM},
	{"om-transform-negative", om_transform_negative, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_TRANSFORM},
	{"om-scale-zero", om_scale_zero, EXPECT_ERROR, "zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_SCALE},
	{"om-scale-negative", om_scale_negative, EXPECT_ERROR, "zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_SCALE},
	{"om-custom-mode-zero", om_custom_mode_zero, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_CUSTOM_MODE},
	{"om-custom-mode-negative-refresh", om_custom_mode_negative_refresh, EXPECT_ERROR,
		"zwlr_output_configuration_head_v1",
		ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_CUSTOM_MODE},
	{"om-stale-serial-cancelled", om_stale_serial_cancelled, EXPECT_NONE, NULL, 0},
	{"om-disable-only-head-failed", om_disable_only_head_fails, EXPECT_NONE, NULL, 0},
	{"om-flipped-transform-failed", om_flipped_fails, EXPECT_NONE, NULL, 0},
	{"om-other-mode-scale-position-failed", om_unsupported_fail, EXPECT_NONE, NULL, 0},
	{"om-same-mode-scale-position-succeeded", om_same_mode_succeeds, EXPECT_NONE, NULL, 0},
	{"om-test-does-not-turn", om_test_does_not_turn, EXPECT_NONE, NULL, 0},
	{"om-apply-turns-new-serial-old-cancelled", om_apply_turns_and_stales, EXPECT_NONE, NULL,
		0},
	{"om-head-gone-mid-config-cancelled", om_head_gone_mid_config, EXPECT_NONE, NULL, 0},
	{"om-binding-rotation-sent-new-serial", om_binding_rotation_sent, EXPECT_NONE, NULL, 0},
	{"om-disconnect-mid-config", om_disconnect_mid_config, EXPECT_NONE, NULL, 0},
	{"om-wire-create-configuration-short", om_wire_create_configuration_short, EXPECT_ERROR,
		"wl_display", WL_DISPLAY_ERROR_INVALID_METHOD},
};

const struct group output_management_group = {"output-management", cases, N(cases), NULL};
