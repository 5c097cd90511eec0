/*
 * robust: the floods a table of cases cannot express (they take seconds and need the screen
 * watched meanwhile), for tests/robust/test_robust.py, and the two loops of the soak test.
 * Hostile requests with one answer each are cases of robust-cases (cases.h).
 *
 *   robust [--wait-stdin] never-read|commit-burst|many-clients
 *   robust soak-connect|soak-commit
 *
 * A flood maps a green toplevel first (many-clients does not), prints "mapped", then (with
 * --wait-stdin, after a line on stdin) floods, waits and prints what it got. The exit status is
 * 0 only if no protocol error came (never-read may be disconnected instead) and the flood's own
 * check held; the table `modes` below says which.
 *
 * Soak modes print "ready", then run once per line on stdin, which holds a COUNT:
 *   soak-connect  connect, round trip, disconnect, COUNT times
 *   soak-commit   COUNT commits of a mapped toplevel, a round trip every 1,000
 * and print "done" after each run; they end when stdin closes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"

#define GREEN 0xff00ff00u
#define MANY_CLIENTS 100
#define NEVER_READ_SYNCS 40000
#define BURST_COMMITS 5000

struct app {
	struct pw_client tc;
	struct pw_client_toplevel top;
};

struct mode {
	const char *name;
	bool disconnect_ok; /* a disconnect without a protocol error also passes */
	bool map; /* map the green toplevel first */
};

static const struct mode modes[] = {
	/* picowl must not block on a client that does not read: it queues or drops it */
	{"never-read", true, true},
	{"commit-burst", false, true},
	{"many-clients", false, false},
};

static const struct mode *mode;

static bool
connect_app(struct app *app)
{
	const struct pw_client_versions versions = {.compositor = 4, .shm = 1, .wm_base = 5};

	app->tc.name = "robust";
	return pw_client_connect(&app->tc, &versions, 5000);
}

static bool
map_toplevel(struct app *app)
{
	pw_client_toplevel_init(&app->top, &app->tc, "robust", "picowl-test-robust");
	return pw_client_toplevel_map(&app->top, GREEN, 10000);
}

static void
app_destroy(struct app *app)
{
	pw_client_toplevel_finish(&app->top);
	pw_client_disconnect(&app->tc);
}

/* Writes everything queued without reading a single event. Returns false on a hang-up. */
static bool
flush_without_reading(struct wl_display *display)
{
	struct pollfd pfd = {.fd = wl_display_get_fd(display), .events = POLLOUT};

	while (wl_display_flush(display) < 0) {
		if (errno != EAGAIN) {
			return false;
		}
		if (poll(&pfd, 1, 5000) <= 0) {
			fprintf(stderr, "robust: picowl stopped reading our requests\n");
			return false;
		}
	}
	return true;
}

/* Floods picowl with requests that each produce events, never reading one and never answering
 * a ping, for seconds: picowl's queue to us fills while it must go on serving others. */
static void
never_read(struct app *app)
{
	app->tc.no_pong = true;
	for (int i = 0; i < NEVER_READ_SYNCS; i++) {
		wl_display_sync(app->tc.display);
		if (i % 200 == 199 && !flush_without_reading(app->tc.display)) {
			printf("robust: hung up on after %d syncs\n", i + 1);
			return;
		}
	}
	flush_without_reading(app->tc.display);
	printf("robust: sent %d wl_display.sync without reading; not reading for 5 s\n",
		NEVER_READ_SYNCS);
	sleep(5);
}

/* Writes everything queued, reading events meanwhile. Returns false on a hang-up. */
static bool
flush_reading(struct wl_display *display)
{
	struct pollfd pfd = {.fd = wl_display_get_fd(display), .events = POLLIN | POLLOUT};

	while (wl_display_flush(display) < 0) {
		if (errno != EAGAIN || poll(&pfd, 1, 5000) <= 0) {
			return false;
		}
		if ((pfd.revents & POLLIN) && wl_display_dispatch(display) < 0) {
			return false;
		}
	}
	return wl_display_dispatch_pending(display) >= 0;
}

/* count commits without waiting for anything; libwayland-client's 4 KiB buffer holds about
 * 78 of them, so they go out in writes of 50. */
static bool
commit_burst(struct app *app, int count)
{
	for (int i = 0; i < count; i++) {
		wl_surface_attach(app->top.surface, app->top.buffer, 0, 0);
		wl_surface_damage_buffer(app->top.surface, 0, 0, 1, 1);
		wl_surface_commit(app->top.surface);
		if (i % 50 == 49 && !flush_reading(app->tc.display)) {
			return false;
		}
	}
	return pw_client_roundtrip(&app->tc, 30000) == 1;
}

/* MANY_CLIENTS connections, each maps a small toplevel, then all disconnect. */
static int
many_clients(void)
{
	static struct app apps[MANY_CLIENTS];
	int mapped = 0;

	for (int i = 0; i < MANY_CLIENTS; i++) {
		apps[i] = (struct app){.top = {.width = 8, .height = 8}};
		if (!connect_app(&apps[i])) {
			printf("robust: client %d could not connect\n", i);
			return 1;
		}
		pw_client_toplevel_init(&apps[i].top, &apps[i].tc, "many", "picowl-test-robust");
		wl_surface_commit(apps[i].top.surface);
	}
	for (int i = 0; i < MANY_CLIENTS; i++) {
		if (pw_client_dispatch_until(&apps[i].tc, &apps[i].top.configured, 10000) != 1) {
			printf("robust: client %d got no configure\n", i);
			return 1;
		}
		apps[i].top.buffer = pw_client_solid_buffer(&apps[i].tc, 8, 8, GREEN);
		pw_client_toplevel_commit(&apps[i].top, NULL);
		wl_display_flush(apps[i].tc.display);
	}
	for (int i = 0; i < MANY_CLIENTS; i++) {
		if (pw_client_roundtrip(&apps[i].tc, 10000) == 1) {
			mapped++;
		}
	}
	printf("robust: %d of %d clients mapped a toplevel\n", mapped, MANY_CLIENTS);
	for (int i = 0; i < MANY_CLIENTS; i++) {
		app_destroy(&apps[i]);
	}
	return mapped == MANY_CLIENTS ? 0 : 1;
}

static bool
wait_line(void)
{
	char line[64];

	return fgets(line, sizeof(line), stdin) != NULL;
}

/* One line on stdin per run: the count of connections or commits. */
static int
soak(const char *name)
{
	struct app app = {.top = {.width = 64, .height = 64}};
	bool commits = strcmp(name, "soak-commit") == 0;
	char line[64];

	if (commits && (!connect_app(&app) || !map_toplevel(&app))) {
		return 3;
	}
	printf("ready\n");
	while (fgets(line, sizeof(line), stdin)) {
		long count = strtol(line, NULL, 10);
		int64_t start = pw_client_now_ms();
		for (long i = 0; i < count; i += commits ? 1000 : 1) {
			if (commits) {
				if (!commit_burst(&app, 1000)) {
					printf("robust: %s: connection lost after %ld\n", name, i);
					return 1;
				}
				continue;
			}
			/* no registry: a connection and one round trip */
			struct pw_client tc = {.display = wl_display_connect(NULL)};
			if (!tc.display) {
				printf("robust: %s: connection %ld failed: %s\n", name, i,
					strerror(errno));
				return 1;
			}
			if (pw_client_roundtrip(&tc, 5000) != 1) {
				printf("robust: %s: round trip %ld failed\n", name, i);
				return 1;
			}
			pw_client_disconnect(&tc);
		}
		printf("done %ld in %lld ms\n", count, (long long)(pw_client_now_ms() - start));
	}
	app_destroy(&app);
	return 0;
}

static int
report(struct app *app, int r)
{
	int err = wl_display_get_error(app->tc.display);

	if (err == 0) {
		if (r < 0) {
			printf("robust: %s: the connection failed without an error\n", mode->name);
			return 1;
		}
		printf("robust: %s: PASS (no error, still connected)\n", mode->name);
		return 0;
	}
	const struct wl_interface *iface = NULL;
	uint32_t id = 0;
	uint32_t code = wl_display_get_protocol_error(app->tc.display, &iface, &id);
	if (!iface && err != EPROTO) {
		printf("robust: %s: disconnected without a protocol error: %s\n", mode->name,
			strerror(err));
		printf("robust: %s: %s\n", mode->name,
			mode->disconnect_ok ? "PASS (disconnect)" : "FAIL");
		return mode->disconnect_ok ? 0 : 1;
	}
	/* An error on an object the client already destroyed arrives with no interface. */
	printf("robust: %s: protocol error: interface %s, object %u, code %u (%s)\n", mode->name,
		iface ? iface->name : "(destroyed)", id, code, strerror(err));
	printf("robust: %s: FAIL: expected no protocol error\n", mode->name);
	return 1;
}

static void
usage(void)
{
	fprintf(stderr,
		"usage: robust [--wait-stdin] MODE | soak-connect | soak-commit\n"
		"modes:");
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		fprintf(stderr, " %s", modes[i].name);
	}
	fprintf(stderr, "\n");
}

int
main(int argc, char *argv[])
{
	struct app app = {.top = {.width = 100, .height = 100}};
	bool wait_stdin = false;
	int i = 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (i < argc && strcmp(argv[i], "--wait-stdin") == 0) {
		wait_stdin = true;
		i++;
	}
	if (i + 1 == argc && strncmp(argv[i], "soak-", 5) == 0) {
		return soak(argv[i]);
	}
	if (i + 1 != argc) {
		usage();
		return 2;
	}
	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		if (strcmp(argv[i], modes[m].name) == 0) {
			mode = &modes[m];
		}
	}
	if (!mode) {
		usage();
		return 2;
	}

	if (!connect_app(&app)) {
		return 3;
	}
	if (mode->map) {
		if (!map_toplevel(&app)) {
			return 3;
		}
		printf("mapped %dx%d\n", app.top.width, app.top.height);
	} else {
		printf("mapped nothing\n");
	}
	if (wait_stdin) {
		if (!wait_line()) {
			fprintf(stderr, "robust: stdin closed\n");
		}
		/* answer whatever came meanwhile (pings) before misbehaving */
		if (pw_client_roundtrip(&app.tc, 5000) != 1) {
			fprintf(stderr, "robust: connection lost while waiting\n");
			return 3;
		}
	}

	const char *name = mode->name;
	int wait_ms = 1000;
	if (strcmp(name, "never-read") == 0) {
		never_read(&app);
		wait_ms = 3000;
	} else if (strcmp(name, "commit-burst") == 0) {
		int64_t start = pw_client_now_ms();
		bool ok = commit_burst(&app, BURST_COMMITS);
		printf("robust: %d commits in a burst: %s after %lld ms\n", BURST_COMMITS,
			ok ? "round trip answered" : "no answer",
			(long long)(pw_client_now_ms() - start));
	} else if (strcmp(name, "many-clients") == 0) {
		int status = many_clients();
		app_destroy(&app);
		return status;
	}

	/* Wait for the answer. Some checks run at the next repaint: give it seconds. */
	int r = pw_client_dispatch_until(&app.tc, NULL, wait_ms);
	int status = report(&app, r);
	app_destroy(&app);
	return status;
}
