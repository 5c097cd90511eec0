/* picowl-ctl counters [--json] [--reset] */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ctl.h"
#include "ctl_counters.h"
#include "picowl-counters-unstable-v1-client-protocol.h"

static void
handle_done(void *data, struct picowl_counters_v1 *counters, uint32_t bytes)
{
	*(long *)data = (long)bytes;
}

static const struct picowl_counters_v1_listener counters_listener = {.done = handle_done};

static bool
have_counters(struct ctl *ctl)
{
	if (!ctl_connected(ctl)) {
		return false;
	}
	if (!ctl->counters) {
		fprintf(stderr, "picowl-ctl: this compositor offers no picowl counters\n");
	}
	return ctl->counters != NULL;
}

char *
ctl_read_counters(struct ctl *ctl, bool json)
{
	if (!have_counters(ctl)) {
		return NULL;
	}
	int fd = memfd_create("picowl-counters", MFD_CLOEXEC);
	if (fd < 0) {
		perror("picowl-ctl: memfd_create");
		return NULL;
	}
	long bytes = -1;
	picowl_counters_v1_add_listener(ctl->counters, &counters_listener, &bytes);
	picowl_counters_v1_dump(ctl->counters, fd,
		json ? PICOWL_COUNTERS_V1_FORMAT_JSON : PICOWL_COUNTERS_V1_FORMAT_TEXT);
	while (bytes < 0) {
		if (wl_display_dispatch(ctl->client.display) < 0) {
			fprintf(stderr, "picowl-ctl: picowl closed the connection\n");
			close(fd);
			return NULL;
		}
	}
	char *text = malloc((size_t)bytes + 1);
	if (!text) {
		close(fd);
		return NULL;
	}
	ssize_t got = pread(fd, text, (size_t)bytes, 0);
	close(fd);
	if (got != bytes) {
		fprintf(stderr, "picowl-ctl: short read of the counters\n");
		free(text);
		return NULL;
	}
	text[bytes] = '\0';
	return text;
}

int
ctl_counters(struct ctl *ctl, int argc, char **argv)
{
	bool json = false, reset = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0) {
			json = true;
		} else if (strcmp(argv[i], "--reset") == 0) {
			reset = true;
		} else {
			fprintf(stderr,
				"picowl-ctl counters: unknown option \"%s\" "
				"(counters [--json] [--reset])\n",
				argv[i]);
			return 2;
		}
	}
	if (!have_counters(ctl)) {
		return 1;
	}
	if (reset && !json) {
		picowl_counters_v1_reset(ctl->counters);
		if (wl_display_roundtrip(ctl->client.display) < 0) {
			fprintf(stderr, "picowl-ctl: picowl closed the connection\n");
			return 1;
		}
		return 0;
	}
	char *text = ctl_read_counters(ctl, json);
	if (!text) {
		return 1;
	}
	fputs(text, stdout);
	free(text);
	if (reset) {
		picowl_counters_v1_reset(ctl->counters);
		wl_display_roundtrip(ctl->client.display);
	}
	return 0;
}
