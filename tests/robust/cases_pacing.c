/*
 * Hostile cases: wp_fifo_manager_v1 and wp_commit_timing_manager_v1 (decisions 4.97, 4.98).
 * Each protocol error, and clients that queue held commits without end: a surface holds at
 * most a few, so their frames keep coming and nobody else waits.
 */
#include <stdbool.h>
#include <stdio.h>

#include "cases.h"
#include "client_shm.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define FLOOD 3000
#define GREEN 0xff00ff00u

static struct wl_surface *
new_surface(struct conn *c)
{
	return wl_compositor_create_surface(c->tc.compositor);
}

static bool
fifo_get_twice(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	wp_fifo_manager_v1_get_fifo(c->fifo_manager, s);
	wp_fifo_manager_v1_get_fifo(c->fifo_manager, s);
	return true;
}

/* A fifo destroyed frees the surface's place: a second one is no error. */
static bool
fifo_again_after_destroy(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	wp_fifo_v1_destroy(wp_fifo_manager_v1_get_fifo(c->fifo_manager, s));
	struct wp_fifo_v1 *fifo = wp_fifo_manager_v1_get_fifo(c->fifo_manager, s);
	wp_fifo_v1_set_barrier(fifo);
	wl_surface_commit(s);
	return true;
}

static bool
fifo_set_barrier_dead_surface(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_fifo_v1 *fifo = wp_fifo_manager_v1_get_fifo(c->fifo_manager, s);
	wl_surface_destroy(s);
	wp_fifo_v1_set_barrier(fifo);
	return true;
}

static bool
fifo_wait_barrier_dead_surface(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_fifo_v1 *fifo = wp_fifo_manager_v1_get_fifo(c->fifo_manager, s);
	wl_surface_destroy(s);
	wp_fifo_v1_wait_barrier(fifo);
	return true;
}

/* A surface destroyed with commits held: they go with it. */
static bool
fifo_destroy_surface_held(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wp_fifo_v1 *fifo = wp_fifo_manager_v1_get_fifo(c->fifo_manager, c->top.surface);
	for (int i = 0; i < 3; i++) {
		wp_fifo_v1_set_barrier(fifo);
		wp_fifo_v1_wait_barrier(fifo);
		wl_surface_frame(c->top.surface);
		wl_surface_damage(c->top.surface, 0, 0, 1, 1);
		wl_surface_commit(c->top.surface);
	}
	wp_fifo_v1_destroy(fifo);
	pw_client_toplevel_finish(&c->top);
	return pw_client_roundtrip(&c->tc, 5000) == 1;
}

static void
handle_release(void *data, struct wl_buffer *buffer)
{
	((struct conn *)data)->events++;
}

static const struct wl_buffer_listener release_listener = {.release = handle_release};

/*
 * A surface without a role is on no output: no frame shows its commits, so its barriers are
 * cleared at the refresh ticks (4.97). Three commits each waiting for the one before: the first
 * two buffers are released as the next ones are applied, within the wait, not never.
 */
static bool
fifo_unmapped_released(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_fifo_v1 *fifo = wp_fifo_manager_v1_get_fifo(c->fifo_manager, s);
	c->events = 0;
	for (int i = 0; i < 3; i++) {
		struct wl_buffer *b = pw_client_solid_buffer(&c->tc, 8, 8, GREEN);
		if (!b) {
			return false;
		}
		wl_buffer_add_listener(b, &release_listener, c);
		wp_fifo_v1_wait_barrier(fifo);
		wp_fifo_v1_set_barrier(fifo);
		wl_surface_attach(s, b, 0, 0);
		wl_surface_commit(s);
	}
	if (!conn_wait_events(c, 2, 5000)) {
		printf("  %d of 2 buffers released\n", c->events);
		return false;
	}
	return true;
}

static bool
timer_get_twice(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	wp_commit_timing_manager_v1_get_timer(c->timing_manager, s);
	wp_commit_timing_manager_v1_get_timer(c->timing_manager, s);
	return true;
}

static bool
timer_invalid_nsec(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_commit_timer_v1 *t = wp_commit_timing_manager_v1_get_timer(c->timing_manager, s);
	wp_commit_timer_v1_set_timestamp(t, 0, 1, 1000000000u);
	return true;
}

static bool
timer_timestamp_twice(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_commit_timer_v1 *t = wp_commit_timing_manager_v1_get_timer(c->timing_manager, s);
	wp_commit_timer_v1_set_timestamp(t, 0, 1, 0);
	wp_commit_timer_v1_set_timestamp(t, 0, 2, 0);
	return true;
}

/* A commit takes the timestamp: the next one may have its own. */
static bool
timer_timestamp_each_commit(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_commit_timer_v1 *t = wp_commit_timing_manager_v1_get_timer(c->timing_manager, s);
	wp_commit_timer_v1_set_timestamp(t, 0, 1, 0);
	wl_surface_commit(s);
	wp_commit_timer_v1_set_timestamp(t, 0, 2, 0);
	wl_surface_commit(s);
	return true;
}

static bool
timer_dead_surface(struct conn *c)
{
	struct wl_surface *s = new_surface(c);
	struct wp_commit_timer_v1 *t = wp_commit_timing_manager_v1_get_timer(c->timing_manager, s);
	wl_surface_destroy(s);
	wp_commit_timer_v1_set_timestamp(t, 0, 1, 0);
	return true;
}

static void
handle_done(void *data, struct wl_callback *cb, uint32_t msec)
{
	((struct conn *)data)->events++;
	wl_callback_destroy(cb);
}

static const struct wl_callback_listener done_listener = {.done = handle_done};

static void
flood_commit(struct conn *c)
{
	wl_callback_add_listener(wl_surface_frame(c->top.surface), &done_listener, c);
	wl_surface_damage(c->top.surface, 0, 0, 1, 1);
	wl_surface_commit(c->top.surface);
}

/*
 * FLOOD commits each waiting for the last one's frame: held without a bound they would take
 * FLOOD refreshes (50 s at 60 Hz); bounded, every frame callback comes within the wait.
 */
static bool
fifo_flood(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wp_fifo_v1 *fifo = wp_fifo_manager_v1_get_fifo(c->fifo_manager, c->top.surface);
	c->events = 0;
	for (int i = 0; i < FLOOD; i++) {
		wp_fifo_v1_set_barrier(fifo);
		wp_fifo_v1_wait_barrier(fifo);
		flood_commit(c);
		if (i % 500 == 499 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	if (!conn_wait_events(c, FLOOD, 5000)) {
		printf("  %d of %d frame callbacks came\n", c->events, FLOOD);
		return false;
	}
	return true;
}

/*
 * FLOOD commits for a time that never comes: all but the held few are applied, the rest stay
 * held until the client goes.
 */
static bool
timer_flood(struct conn *c)
{
	if (!conn_map(c, false)) {
		return false;
	}
	struct wp_commit_timer_v1 *t =
		wp_commit_timing_manager_v1_get_timer(c->timing_manager, c->top.surface);
	c->events = 0;
	for (int i = 0; i < FLOOD; i++) {
		wp_commit_timer_v1_set_timestamp(t, 0xffffffffu, 0, 0);
		flood_commit(c);
		if (i % 500 == 499 && pw_client_roundtrip(&c->tc, 5000) != 1) {
			return false;
		}
	}
	if (!conn_wait_events(c, FLOOD - 8, 5000)) {
		printf("  %d of %d frame callbacks came\n", c->events, FLOOD - 8);
		return false;
	}
	return true;
}

static const struct rcase cases[] = {
	{"fifo-get-twice", fifo_get_twice, EXPECT_ERROR, "wp_fifo_manager_v1",
		WP_FIFO_MANAGER_V1_ERROR_ALREADY_EXISTS},
	{"fifo-again-after-destroy", fifo_again_after_destroy, EXPECT_NONE},
	{"fifo-set-barrier-dead-surface", fifo_set_barrier_dead_surface, EXPECT_ERROR, "wp_fifo_v1",
		WP_FIFO_V1_ERROR_SURFACE_DESTROYED},
	{"fifo-wait-barrier-dead-surface", fifo_wait_barrier_dead_surface, EXPECT_ERROR,
		"wp_fifo_v1", WP_FIFO_V1_ERROR_SURFACE_DESTROYED},
	{"fifo-destroy-surface-held", fifo_destroy_surface_held, EXPECT_NONE},
	{"fifo-unmapped-released", fifo_unmapped_released, EXPECT_NONE},
	{"fifo-flood", fifo_flood, EXPECT_NONE},
	{"commit-timer-get-twice", timer_get_twice, EXPECT_ERROR, "wp_commit_timing_manager_v1",
		WP_COMMIT_TIMING_MANAGER_V1_ERROR_COMMIT_TIMER_EXISTS},
	{"commit-timer-invalid-nsec", timer_invalid_nsec, EXPECT_ERROR, "wp_commit_timer_v1",
		WP_COMMIT_TIMER_V1_ERROR_INVALID_TIMESTAMP},
	{"commit-timer-timestamp-twice", timer_timestamp_twice, EXPECT_ERROR, "wp_commit_timer_v1",
		WP_COMMIT_TIMER_V1_ERROR_TIMESTAMP_EXISTS},
	{"commit-timer-timestamp-each-commit", timer_timestamp_each_commit, EXPECT_NONE},
	{"commit-timer-dead-surface", timer_dead_surface, EXPECT_ERROR, "wp_commit_timer_v1",
		WP_COMMIT_TIMER_V1_ERROR_SURFACE_DESTROYED},
	{"commit-timer-flood", timer_flood, EXPECT_NONE},
};

const struct group pacing_group = {"pacing", cases, N(cases), NULL};
