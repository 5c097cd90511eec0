/* picowl-ctl's window subcommands: the tile and window lists, activate, close, kill, actions. */
#include "ctl_windows.h"

#include <stdlib.h>
#include <string.h>

#include "picowl-control-unstable-v1-client-protocol.h"

static const char *const tile_flags[] = {"focused", "fullscreen"};
static const char *const window_flags[] = {"focused", "hidden", "fullscreen"};

/* The items as lines (id, flags by comma or "-", app id or "-", title) or a JSON array. */
static void
print_list(const struct ctl_list *list, bool json, const char *id_name,
	const char *const *flag_names, int n_flags)
{
	for (size_t i = 0; i < list->n; i++) {
		const struct ctl_item *item = &list->items[i];
		const char *title = item->title ? item->title : "";
		const char *app_id = item->app_id ? item->app_id : "";
		if (!json) {
			printf("%u\t", item->id);
			for (int f = 0, n = 0; f < n_flags; f++) {
				if (item->flags & (1u << f)) {
					printf("%s%s", n++ ? "," : "", flag_names[f]);
				}
			}
			printf("%s\t%s\t%s\n", item->flags ? "" : "-", app_id[0] ? app_id : "-",
				title);
			continue;
		}
		printf("%s{\"%s\": %u, \"app_id\": ", i ? ",\n " : "[", id_name, item->id);
		ctl_json_string(stdout, app_id);
		printf(", \"title\": ");
		ctl_json_string(stdout, title);
		for (int f = 0; f < n_flags; f++) {
			printf(", \"%s\": %s", flag_names[f],
				item->flags & (1u << f) ? "true" : "false");
		}
		printf("}");
	}
	if (json) {
		printf("%s]\n", list->n ? "" : "[");
	}
}

/* [--json]: true in *json; false (after the usage) for anything else. */
static bool
json_option(int argc, char **argv, bool *json, const char *usage)
{
	*json = argc == 2 && strcmp(argv[1], "--json") == 0;
	if (argc == 1 || *json) {
		return true;
	}
	fprintf(stderr, "Usage: %s\n", usage);
	return false;
}

int
ctl_tiles(struct ctl *ctl, int argc, char **argv)
{
	bool json;
	if (!json_option(argc, argv, &json, "picowl-ctl tiles [--json]")) {
		return 2;
	}
	if (!ctl_control(ctl, 1, "tiles") || !ctl_wait(ctl, &ctl->answer.tiles.done)) {
		return 1;
	}
	print_list(&ctl->answer.tiles, json, "tile", tile_flags, 2);
	return 0;
}

int
ctl_windows(struct ctl *ctl, int argc, char **argv)
{
	bool json;
	if (!json_option(argc, argv, &json, "picowl-ctl windows [--json]")) {
		return 2;
	}
	if (!ctl_control(ctl, 5, "windows") || !ctl_wait(ctl, &ctl->answer.windows.done)) {
		return 1;
	}
	print_list(&ctl->answer.windows, json, "id", window_flags, 3);
	return 0;
}

int
ctl_window(struct ctl *ctl, int argc, char **argv)
{
	static const char *const verbs[] = {"activate", "close", "kill"};
	char *end = NULL;
	unsigned long id = argc == 3 ? strtoul(argv[2], &end, 10) : 0;
	int verb = -1;
	for (int i = 0; argc == 3 && i < 3; i++) {
		if (strcmp(argv[1], verbs[i]) == 0) {
			verb = i;
		}
	}
	if (verb < 0 || !end || *end || end == argv[2] || id > UINT32_MAX) {
		fprintf(stderr, "Usage: picowl-ctl window activate|close|kill ID\n");
		return 2;
	}
	if (!ctl_control(ctl, 5, "window") || !ctl_wait(ctl, &ctl->answer.windows.done)) {
		return 1;
	}
	bool open = false;
	for (size_t i = 0; i < ctl->answer.windows.n; i++) {
		open = open || ctl->answer.windows.items[i].id == id;
	}
	if (!open) {
		fprintf(stderr, "picowl-ctl: window %s: no window %lu is open\n", verbs[verb], id);
		return 1;
	}
	if (verb == 0) {
		picowl_control_v1_activate_window(ctl->control, (uint32_t)id);
	} else if (verb == 1) {
		picowl_control_v1_close_window(ctl->control, (uint32_t)id);
	} else {
		picowl_control_v1_kill_window(ctl->control, (uint32_t)id);
	}
	return ctl_roundtrip(ctl) ? 0 : 1;
}

int
ctl_action(struct ctl *ctl, int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "Usage: picowl-ctl action ACTION [ARGS]\n");
		return 2;
	}
	char line[512] = "";
	size_t len = 0;
	for (int i = 1; i < argc; i++) {
		int n = snprintf(line + len, sizeof(line) - len, "%s%s", i > 1 ? " " : "", argv[i]);
		if (n < 0 || (size_t)n >= sizeof(line) - len) {
			fprintf(stderr, "picowl-ctl: the action is too long\n");
			return 2;
		}
		len += (size_t)n;
	}
	if (!ctl_control(ctl, 5, "action")) {
		return 1;
	}
	picowl_control_v1_run_action(ctl->control, line);
	if (strcmp(argv[1], "quit") == 0 && argc == 2) {
		/* picowl ends: the connection may close before the round trip's answer */
		return wl_display_roundtrip(ctl->client.display) < 0 || !ctl->answer.failed ? 0 : 1;
	}
	return ctl_status(ctl);
}
