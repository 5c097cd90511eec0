/*
 * titleflood: N toplevels on one connection, one of them retitled at every round trip (issue 38:
 * such a client got picowl-panel disconnected), for tests/session/test_panel_flood.py.
 *
 *   titleflood N ROUNDS
 *
 * Maps N small toplevels (titled "calm K"), says "mapped", waits for a line on stdin, then
 * for ROUNDS round trips sets the title of toplevel (round % N) to a 100-byte title and says
 * "flooded"; then titles each "end K" and says "ended". Each later line on stdin sets the last
 * toplevel's title to that line. Ends when stdin closes. Exit 0 unless the connection failed.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client.h"
#include "test_client.h"

#define MAX_TOPLEVELS 64

static void
say(const char *what)
{
	printf("%s\n", what);
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	int n = argc == 3 ? atoi(argv[1]) : 0, rounds = argc == 3 ? atoi(argv[2]) : -1;
	if (n < 1 || n > MAX_TOPLEVELS || rounds < 0) {
		fprintf(stderr, "usage: titleflood N(1..%d) ROUNDS\n", MAX_TOPLEVELS);
		return 2;
	}
	struct pw_client tc = {.name = "titleflood"};
	if (!pw_client_connect(&tc, &test_client_versions, 10000)) {
		return 1;
	}
	static struct pw_client_toplevel tops[MAX_TOPLEVELS];
	char title[128];
	for (int i = 0; i < n; i++) {
		tops[i] = (struct pw_client_toplevel){.width = 16, .height = 16};
		snprintf(title, sizeof(title), "calm %d", i);
		pw_client_toplevel_init(&tops[i], &tc, title, "picowl-test-titleflood");
		if (!pw_client_toplevel_map(&tops[i], 0xff0000ffu, 10000)) {
			fprintf(stderr, "titleflood: toplevel %d did not map\n", i);
			return 1;
		}
	}
	say("mapped");
	char line[256];
	if (!fgets(line, sizeof(line), stdin)) {
		return 0;
	}
	for (int r = 0; r < rounds; r++) {
		snprintf(title, sizeof(title), "flood %06d %-86s", r, "....");
		xdg_toplevel_set_title(tops[r % n].toplevel, title);
		if (pw_client_roundtrip(&tc, 10000) != 1) {
			fprintf(stderr, "titleflood: lost the connection at round %d\n", r);
			return 1;
		}
	}
	say("flooded");
	for (int i = 0; i < n; i++) {
		snprintf(title, sizeof(title), "end %d", i);
		xdg_toplevel_set_title(tops[i].toplevel, title);
	}
	if (pw_client_roundtrip(&tc, 10000) != 1) {
		return 1;
	}
	say("ended");
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		xdg_toplevel_set_title(tops[n - 1].toplevel, line);
		if (pw_client_roundtrip(&tc, 10000) != 1) {
			return 1;
		}
		say("titled");
	}
	for (int i = 0; i < n; i++) {
		pw_client_toplevel_finish(&tops[i]);
	}
	pw_client_disconnect(&tc);
	return 0;
}
