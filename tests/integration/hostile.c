/*
 * A client that maps a green toplevel, then misbehaves in one of several ways and checks that
 * the compositor answered with the right protocol error (or, where allowed, a disconnect).
 *
 *   hostile [--wait-stdin] MODE
 *
 * MODE:
 *   bad-opcode        raw message with an opcode wl_compositor does not have
 *   bad-object        raw message to an object id that does not exist
 *   offset-past-pool  wl_shm_pool.create_buffer with an offset past the end of the pool
 *   truncate          the shm file of the attached buffer is truncated to 0, then committed
 *
 * Prints "mapped" once its first frame was drawn; with --wait-stdin it then waits for a line
 * on stdin before misbehaving. Prints the error it got; exits 0 only if it was the expected one.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"

#define GREEN 0xff00ff00u

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
	int fd; /* the shm file of the mapped buffer, for the truncate mode */
};

static const char *mode;

static void
send_raw(struct app *app, uint32_t id, uint16_t opcode)
{
	/* A message is: object id, then size (high 16 bits) and opcode (low 16 bits). */
	uint32_t msg[2] = {id, (8u << 16) | opcode};

	if (wl_display_flush(app->tc.display) < 0) {
		perror("hostile: flush");
		exit(3);
	}
	if (write(wl_display_get_fd(app->tc.display), msg, sizeof(msg)) != (ssize_t)sizeof(msg)) {
		perror("hostile: write");
		exit(3);
	}
	printf("hostile: sent raw message: object %u opcode %u size 8\n", id, opcode);
}

/* What the compositor must answer: an interface (one of up to two) and an error code. */
struct expect {
	const char *iface[2];
	uint32_t code;
	bool disconnect_ok; /* a disconnect without a protocol error also passes */
};

static int
report(struct app *app, const struct expect *want)
{
	int err = wl_display_get_error(app->tc.display);

	if (err == 0) {
		printf("hostile: %s: FAIL: no error, the connection is still up\n", mode);
		return 1;
	}
	/* libwayland-client reports wl_display's own errors as EINVAL or ENOMEM, others as
	 * EPROTO; either way the error event left its interface behind. */
	const struct wl_interface *iface = NULL;
	uint32_t id = 0;
	uint32_t code = wl_display_get_protocol_error(app->tc.display, &iface, &id);
	if (!iface) {
		printf("hostile: %s: disconnected without a protocol error: %s\n", mode,
			strerror(err));
		if (want->disconnect_ok) {
			printf("hostile: %s: PASS (disconnect)\n", mode);
			return 0;
		}
		printf("hostile: %s: FAIL: expected a protocol error\n", mode);
		return 1;
	}
	const char *name = iface->name;
	printf("hostile: %s: protocol error: interface %s, object %u, code %u (%s)\n", mode, name,
		id, code, strerror(err));
	bool iface_ok = false;
	for (int i = 0; i < 2; i++) {
		if (want->iface[i] && strcmp(want->iface[i], name) == 0) {
			iface_ok = true;
		}
	}
	if (!iface_ok || code != want->code) {
		printf("hostile: %s: FAIL: expected interface %s%s%s code %u\n", mode,
			want->iface[0], want->iface[1] ? " or " : "",
			want->iface[1] ? want->iface[1] : "", want->code);
		return 1;
	}
	printf("hostile: %s: PASS\n", mode);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct app app = {.tc = {.name = "hostile"},
		.top = {.width = 100, .height = 100},
		.fd = -1};
	bool wait_stdin = false;
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (i < argc && strcmp(argv[i], "--wait-stdin") == 0) {
		wait_stdin = true;
		i++;
	}
	if (i + 1 != argc) {
		fprintf(stderr,
			"usage: hostile [--wait-stdin] "
			"bad-opcode|bad-object|offset-past-pool|truncate\n");
		return 2;
	}
	mode = argv[i];
	struct expect want;
	if (strcmp(mode, "bad-opcode") == 0) {
		want = (struct expect){{"wl_display", NULL}, WL_DISPLAY_ERROR_INVALID_METHOD,
			false};
	} else if (strcmp(mode, "bad-object") == 0) {
		want = (struct expect){{"wl_display", NULL}, WL_DISPLAY_ERROR_INVALID_OBJECT,
			false};
	} else if (strcmp(mode, "offset-past-pool") == 0) {
		want = (struct expect){{"wl_shm_pool", "wl_shm"}, WL_SHM_ERROR_INVALID_STRIDE,
			false};
	} else if (strcmp(mode, "truncate") == 0) {
		want = (struct expect){{"wl_buffer", "wl_shm"}, WL_SHM_ERROR_INVALID_FD, true};
	} else {
		fprintf(stderr, "hostile: unknown mode %s\n", mode);
		return 2;
	}

	const struct pw_client_versions versions = {.compositor = 4, .shm = 1, .wm_base = 1};
	if (!pw_client_connect(&app.tc, &versions, 5000)) {
		return 3;
	}
	pw_client_toplevel_init(&app.top, &app.tc, "hostile", "picowl-test-hostile");
	if (!pw_client_toplevel_wait_configure(&app.top, 5000)) {
		return 3;
	}
	/* the file stays open for the truncate mode; the mapping is gone, so after a truncate
	 * no access of ours can end in our own SIGBUS */
	struct pw_client_canvas cv;
	if (!pw_client_canvas_init(&cv, app.top.width, app.top.height, WL_SHM_FORMAT_XRGB8888)) {
		return 3;
	}
	for (size_t p = 0; p < cv.size / 4; p++) {
		cv.pixels[p] = GREEN;
	}
	app.fd = dup(cv.fd);
	if (!pw_client_toplevel_show(&app.top, pw_client_canvas_finish(&cv, app.tc.shm), 10000)) {
		return 3;
	}
	printf("mapped %dx%d\n", app.top.width, app.top.height);

	if (wait_stdin) {
		char line[64];
		if (!fgets(line, sizeof(line), stdin)) {
			fprintf(stderr, "hostile: stdin closed\n");
		}
		/* answer whatever came meanwhile (pings) before misbehaving */
		if (pw_client_roundtrip(&app.tc, 5000) != 1) {
			fprintf(stderr, "hostile: connection lost while waiting\n");
			return 3;
		}
	}

	if (strcmp(mode, "bad-opcode") == 0) {
		send_raw(&app, wl_proxy_get_id((struct wl_proxy *)app.tc.compositor), 42);
	} else if (strcmp(mode, "bad-object") == 0) {
		send_raw(&app, 0xf000u, 0);
	} else if (strcmp(mode, "offset-past-pool") == 0) {
		int32_t w = 16, h = 16, stride = 64, size = stride * h;
		int fd = pw_client_memfd((size_t)size);
		if (fd < 0) {
			perror("hostile: memfd");
			return 3;
		}
		struct wl_shm_pool *pool = wl_shm_create_pool(app.tc.shm, fd, size);
		wl_shm_pool_create_buffer(pool, size + stride, w, h, stride,
			WL_SHM_FORMAT_XRGB8888);
		printf("hostile: create_buffer offset %d in a pool of %d bytes\n", size + stride,
			size);
	} else {
		if (ftruncate(app.fd, 0) < 0) {
			perror("hostile: ftruncate");
			return 3;
		}
		printf("hostile: truncated the shm file to 0 bytes; attach, damage, commit\n");
		pw_client_toplevel_commit(&app.top, NULL);
	}

	/* Wait for the error. A request is handled at once; pixels are read at the next repaint,
	 * which may wait for the frame in flight: give it seconds, not round trips. */
	int r = pw_client_dispatch_until(&app.tc, NULL, 10000);
	if (r == 0) {
		printf("hostile: %s: 10 s passed without an error\n", mode);
	}
	int status = report(&app, &want);
	close(app.fd);
	pw_client_toplevel_finish(&app.top);
	pw_client_disconnect(&app.tc);
	return status;
}
