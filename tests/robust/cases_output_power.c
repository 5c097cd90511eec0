/* Hostile cases: zwlr_output_power_manager_v1 (picowl's display power, core/output_power.c). */
#include <stdio.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void
handle_mode(void *data, struct zwlr_output_power_v1 *power, uint32_t mode)
{
	struct conn *c = data;
	c->events++;
	c->serial = mode;
}

static void
handle_failed(void *data, struct zwlr_output_power_v1 *power)
{
	struct conn *c = data;
	c->events += 100;
}

static const struct zwlr_output_power_v1_listener power_listener = {
	.mode = handle_mode,
	.failed = handle_failed,
};

static struct zwlr_output_power_v1 *
get_power(struct conn *c)
{
	if (!c->output_power_manager || !c->tc.output) {
		printf("  zwlr_output_power_manager_v1 is not offered to this client\n");
		return NULL;
	}
	struct zwlr_output_power_v1 *p =
		zwlr_output_power_manager_v1_get_output_power(c->output_power_manager,
			c->tc.output);
	zwlr_output_power_v1_add_listener(p, &power_listener, c);
	return p;
}

static bool
bad_mode(struct conn *c, uint32_t mode)
{
	struct zwlr_output_power_v1 *p = get_power(c);
	if (p) {
		zwlr_output_power_v1_set_mode(p, mode);
	}
	return p != NULL;
}

static bool
mode_2(struct conn *c)
{
	return bad_mode(c, 2);
}

static bool
mode_max(struct conn *c)
{
	return bad_mode(c, UINT32_MAX);
}

/*
 * Off, on, off, on from one control: a second control of another client hears every change
 * (mode events: the first one's, then four), and the display ends on, so the good client's
 * frame callbacks come again.
 */
static bool
off_and_on(struct conn *c)
{
	struct conn *other = conn_open();
	struct zwlr_output_power_v1 *p = get_power(c);
	struct zwlr_output_power_v1 *q = other ? get_power(other) : NULL;
	bool ok = false;

	if (!p || !q || !conn_wait_events(other, 1, 5000)) {
		goto out;
	}
	for (int i = 0; i < 4; i++) {
		zwlr_output_power_v1_set_mode(p,
			i % 2 ? ZWLR_OUTPUT_POWER_V1_MODE_ON : ZWLR_OUTPUT_POWER_V1_MODE_OFF);
	}
	wl_display_flush(c->tc.display);
	ok = conn_wait_events(other, 5, 5000);
	printf("  the other control heard %d mode events, the last %u\n", other->events,
		other->serial);
	ok = ok && other->events == 5 && other->serial == ZWLR_OUTPUT_POWER_V1_MODE_ON;
out:
	conn_close(other);
	return ok;
}

/* The manager destroyed first: its control stays valid, as the protocol says, and answers. */
static bool
manager_gone(struct conn *c)
{
	struct zwlr_output_power_v1 *p = get_power(c);
	if (!p) {
		return false;
	}
	zwlr_output_power_manager_v1_destroy(c->output_power_manager);
	c->output_power_manager = NULL;
	zwlr_output_power_v1_set_mode(p, ZWLR_OUTPUT_POWER_V1_MODE_OFF);
	zwlr_output_power_v1_set_mode(p, ZWLR_OUTPUT_POWER_V1_MODE_ON);
	bool ok = conn_wait_events(c, 3, 5000);
	printf("  %d mode events, the last %u\n", c->events, c->serial);
	return ok && c->events == 3 && c->serial == ZWLR_OUTPUT_POWER_V1_MODE_ON;
}

static const struct rcase cases[] = {
	{"output-power-mode-2", mode_2, EXPECT_ERROR, "zwlr_output_power_v1",
		ZWLR_OUTPUT_POWER_V1_ERROR_INVALID_MODE},
	{"output-power-mode-uint32-max", mode_max, EXPECT_ERROR, "zwlr_output_power_v1",
		ZWLR_OUTPUT_POWER_V1_ERROR_INVALID_MODE},
	{"output-power-off-and-on-heard-by-another", off_and_on, EXPECT_NONE},
	{"output-power-after-its-manager", manager_gone, EXPECT_NONE},
};

const struct group output_power_group = {"output-power", cases, N(cases)};
