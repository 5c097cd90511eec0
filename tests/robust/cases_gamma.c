/*
 * Hostile cases: zwlr_gamma_control_manager_v1 (4.85). A good ramp is taken and holds the
 * output (a second control fails at once); each broken ramp (a short file, a longer one, a
 * memfd shrunk after set_gamma was queued, a pipe) gets `failed` on its control alone: the
 * connection lives, and a new control on it gets the output and a good ramp again.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define RAMP_BYTES(size) ((size_t)(size)*3 * sizeof(uint16_t))

struct control {
	struct conn *c;
	struct zwlr_gamma_control_v1 *g;
	int size, failed;
};

static void
handle_gamma_size(void *data, struct zwlr_gamma_control_v1 *g, uint32_t size)
{
	struct control *ctl = data;
	ctl->size = (int)size;
	ctl->c->events++;
}

static void
handle_gamma_failed(void *data, struct zwlr_gamma_control_v1 *g)
{
	struct control *ctl = data;
	ctl->failed++;
	ctl->c->events++;
}

static const struct zwlr_gamma_control_v1_listener gamma_listener = {
	.gamma_size = handle_gamma_size,
	.failed = handle_gamma_failed,
};

/* A control and its first event: the size, or failed. */
static bool
control_open(struct conn *c, struct control *ctl)
{
	if (!c->gamma_manager) {
		printf("  zwlr_gamma_control_manager_v1 is not offered to this client\n");
		return false;
	}
	*ctl = (struct control){.c = c, .size = -1};
	ctl->g = zwlr_gamma_control_manager_v1_get_gamma_control(c->gamma_manager, c->tc.output);
	zwlr_gamma_control_v1_add_listener(ctl->g, &gamma_listener, ctl);
	c->events = 0;
	if (!conn_wait_events(c, 1, 5000)) {
		printf("  no event for a new control\n");
		return false;
	}
	return true;
}

/* A memfd of `bytes` holding a dimming ramp (as far as it reaches). */
static int
ramp_fd(size_t bytes)
{
	int fd = make_memfd(bytes);
	uint16_t *ramp = calloc(1, bytes + 2);
	for (size_t i = 0; i < bytes / 2; i++) {
		ramp[i] = (uint16_t)((i % 256) * 128);
	}
	if (write(fd, ramp, bytes) != (ssize_t)bytes) {
		exit(3);
	}
	free(ramp);
	return fd;
}

/* Sends the ramp in `fd` (closed) and waits a round trip; true when no failed came. */
static bool
control_set(struct control *ctl, int fd, void (*before_flush)(int fd))
{
	zwlr_gamma_control_v1_set_gamma(ctl->g, fd);
	if (before_flush) {
		before_flush(fd);
	}
	close(fd);
	if (wl_display_roundtrip(ctl->c->tc.display) < 0) {
		printf("  the connection failed\n");
		return false;
	}
	return ctl->failed == 0;
}

/* After a broken ramp: its control alone failed, and the output is free for a good one. */
static bool
failed_alone(struct conn *c, struct control *bad)
{
	if (bad->failed != 1) {
		printf("  the broken ramp's control got %d failed\n", bad->failed);
		return false;
	}
	struct control next;
	if (!control_open(c, &next) || next.failed || next.size != 256) {
		printf("  a new control after the failed one: size %d failed %d\n", next.size,
			next.failed);
		return false;
	}
	bool ok = control_set(&next, ramp_fd(RAMP_BYTES(next.size)), NULL);
	if (!ok) {
		printf("  a good ramp on the new control failed\n");
	}
	zwlr_gamma_control_v1_destroy(next.g);
	zwlr_gamma_control_v1_destroy(bad->g);
	return ok && wl_display_roundtrip(c->tc.display) >= 0;
}

static bool
gamma_good_ramp_holds_output(struct conn *c)
{
	struct control first, second;
	if (!control_open(c, &first) || first.size != 256 || first.failed) {
		printf("  size %d failed %d\n", first.size, first.failed);
		return false;
	}
	if (!control_set(&first, ramp_fd(RAMP_BYTES(first.size)), NULL)) {
		printf("  a good ramp failed\n");
		return false;
	}
	/* One control holds the output: the second fails, a table sent to it anyway is ignored. */
	if (!control_open(c, &second) || second.failed != 1 || second.size > 0) {
		printf("  second control: size %d failed %d\n", second.size, second.failed);
		return false;
	}
	control_set(&second, ramp_fd(RAMP_BYTES(256)), NULL);
	bool ok = first.failed == 0 && second.failed == 1;
	zwlr_gamma_control_v1_destroy(second.g);
	zwlr_gamma_control_v1_destroy(first.g);
	return ok && wl_display_roundtrip(c->tc.display) >= 0;
}

static bool
gamma_short_fd_failed(struct conn *c)
{
	struct control ctl;
	if (!control_open(c, &ctl) || ctl.size <= 0) {
		return false;
	}
	control_set(&ctl, ramp_fd(RAMP_BYTES(ctl.size) / 2), NULL);
	return failed_alone(c, &ctl);
}

static bool
gamma_wrong_size_failed(struct conn *c)
{
	struct control ctl;
	if (!control_open(c, &ctl) || ctl.size <= 0) {
		return false;
	}
	/* A ramp of 257 entries a channel for a control of 256. */
	control_set(&ctl, ramp_fd(RAMP_BYTES(ctl.size + 1)), NULL);
	return failed_alone(c, &ctl);
}

static void
shrink(int fd)
{
	if (ftruncate(fd, 100) < 0) {
		exit(3);
	}
}

static bool
gamma_memfd_shrunk_failed(struct conn *c)
{
	struct control ctl;
	if (!control_open(c, &ctl) || ctl.size <= 0) {
		return false;
	}
	/* The right size when set_gamma was queued, 100 bytes by the time picowl reads it. */
	control_set(&ctl, ramp_fd(RAMP_BYTES(ctl.size)), shrink);
	return failed_alone(c, &ctl);
}

static bool
gamma_pipe_failed(struct conn *c)
{
	struct control ctl;
	int p[2];
	if (!control_open(c, &ctl) || ctl.size <= 0 || pipe2(p, O_CLOEXEC) < 0) {
		return false;
	}
	/* A pipe with nothing written: picowl must not wait on it. */
	control_set(&ctl, p[0], NULL);
	close(p[1]);
	return failed_alone(c, &ctl);
}

static bool
gamma_disconnect_with_ramp(struct conn *c)
{
	struct control ctl;
	if (!control_open(c, &ctl) || ctl.size <= 0) {
		return false;
	}
	/* Left set: the case's disconnect takes it off; the next case gets the output. */
	return control_set(&ctl, ramp_fd(RAMP_BYTES(ctl.size)), NULL);
}

static bool
gamma_output_free_after_disconnect(struct conn *c)
{
	struct control ctl;
	if (!control_open(c, &ctl) || ctl.size != 256 || ctl.failed) {
		printf("  the output is still held: size %d failed %d\n", ctl.size, ctl.failed);
		return false;
	}
	zwlr_gamma_control_v1_destroy(ctl.g);
	return wl_display_roundtrip(c->tc.display) >= 0;
}

static const struct rcase cases[] = {
	{"gamma-good-ramp-holds-output", gamma_good_ramp_holds_output, EXPECT_NONE, NULL, 0},
	{"gamma-short-fd-failed", gamma_short_fd_failed, EXPECT_NONE, NULL, 0},
	{"gamma-wrong-size-failed", gamma_wrong_size_failed, EXPECT_NONE, NULL, 0},
	{"gamma-memfd-shrunk-failed", gamma_memfd_shrunk_failed, EXPECT_NONE, NULL, 0},
	{"gamma-pipe-failed", gamma_pipe_failed, EXPECT_NONE, NULL, 0},
	{"gamma-disconnect-with-ramp", gamma_disconnect_with_ramp, EXPECT_NONE, NULL, 0},
	{"gamma-output-free-after-disconnect", gamma_output_free_after_disconnect, EXPECT_NONE,
		NULL, 0},
};

const struct group gamma_group = {"gamma", cases, N(cases), NULL};
