/*
 * A toplevel with what the shell-level protocols add (issue 37 item 3; decisions 4.95, 4.96).
 *
 *   shellclient STATE_FILE MODE [ARG]
 *
 * MODE:
 *   icon             a green window whose icon (xdg-toplevel-icon) is a 48x48 magenta buffer
 *                    beside a 16x16 cyan one (picowl keeps the 48: the smallest not below 24)
 *   icon-name NAME   a green window whose icon is the name NAME alone
 *   bell             a green window; each SIGUSR1 rings the bell 1,000 times on its surface
 *   export           a green window exported (xdg-foreign): "handle H"
 *   import HANDLE    a red 100x60 window made a child of HANDLE's (set_parent_of): "mapped";
 *                    SIGUSR1 destroys the import ("import destroyed")
 *   tag TAG          a green window with the toplevel tag TAG; says "touch" at each touch
 *                    down and "button CODE PRESSED" at each pointer button
 *   sandbox PATH     no window: a security context listening on the socket PATH (engine
 *                    org.picowl.test, app id sandboxed): "listening"; it stops when this
 *                    process ends (its close_fd's peer goes with it)
 *
 * Appends "mapped" once shown, "ring N" after the rings of a signal, "destroyed" when an import
 * is, and "error INTERFACE CODE" when the connection ends in a protocol error. Runs until killed.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "client.h"
#include "client_seat.h"
#include "client_shm.h"
#include "security-context-v1-client-protocol.h"
#include "test_client.h"
#include "xdg-foreign-unstable-v2-client-protocol.h"
#include "xdg-system-bell-v1-client-protocol.h"
#include "xdg-toplevel-icon-v1-client-protocol.h"
#include "xdg-toplevel-tag-v1-client-protocol.h"

#define GREEN 0xff20a040u
#define RED 0xffc03030u
#define MAGENTA 0xffe020e0u
#define CYAN 0xff20e0e0u

struct shell_client {
	struct pw_client client;
	struct pw_client_toplevel top;
	struct xdg_toplevel_icon_manager_v1 *icons;
	struct xdg_system_bell_v1 *bell;
	struct zxdg_exporter_v2 *exporter;
	struct zxdg_importer_v2 *importer;
	struct xdg_toplevel_tag_manager_v1 *tags;
	struct wp_security_context_manager_v1 *security;
	struct zxdg_imported_v2 *imported;
	int rings;
	bool closed;
};

static void
global(struct pw_client *client, uint32_t name, const char *interface, uint32_t version)
{
	struct shell_client *sc = client->data;
	if (strcmp(interface, xdg_toplevel_icon_manager_v1_interface.name) == 0) {
		sc->icons = pw_client_bind(client, name, &xdg_toplevel_icon_manager_v1_interface,
			version, 1);
	} else if (strcmp(interface, xdg_system_bell_v1_interface.name) == 0) {
		sc->bell = pw_client_bind(client, name, &xdg_system_bell_v1_interface, version, 1);
	} else if (strcmp(interface, zxdg_exporter_v2_interface.name) == 0) {
		sc->exporter =
			pw_client_bind(client, name, &zxdg_exporter_v2_interface, version, 1);
	} else if (strcmp(interface, zxdg_importer_v2_interface.name) == 0) {
		sc->importer =
			pw_client_bind(client, name, &zxdg_importer_v2_interface, version, 1);
	} else if (strcmp(interface, wp_security_context_manager_v1_interface.name) == 0) {
		sc->security = pw_client_bind(client, name,
			&wp_security_context_manager_v1_interface, version, 1);
	} else if (strcmp(interface, xdg_toplevel_tag_manager_v1_interface.name) == 0) {
		sc->tags = pw_client_bind(client, name, &xdg_toplevel_tag_manager_v1_interface,
			version, 1);
	}
}

static void
pointer_button(void *data, uint32_t time, uint32_t button, bool pressed)
{
	test_client_say("button %u %d", button, pressed);
}

static void
touch_down(void *data, uint32_t time, int32_t id, double x, double y)
{
	test_client_say("touch");
}

static const struct pw_client_input_listener input = {
	.pointer_button = pointer_button,
	.touch_down = touch_down,
};

static int
report_error(struct shell_client *sc)
{
	const struct wl_interface *iface = NULL;
	uint32_t id = 0;
	int code = wl_display_get_protocol_error(sc->client.display, &iface, &id);
	test_client_say("error %s %d", iface ? iface->name : "none", code);
	return 1;
}

static void
ring(void *data)
{
	struct shell_client *sc = data;
	if (sc->imported) {
		zxdg_imported_v2_destroy(sc->imported);
		sc->imported = NULL;
		if (pw_client_roundtrip(&sc->client, 5000) == 1) {
			test_client_say("import destroyed");
		}
		return;
	}
	if (!sc->bell) {
		return;
	}
	for (int i = 0; i < 1000; i++) {
		xdg_system_bell_v1_ring(sc->bell, sc->top.surface);
	}
	sc->rings += 1000;
	if (pw_client_roundtrip(&sc->client, 5000) == 1) {
		test_client_say("ring %d", sc->rings);
	}
}

static void
handle_handle(void *data, struct zxdg_exported_v2 *exported, const char *handle)
{
	test_client_say("handle %s", handle);
}

static const struct zxdg_exported_v2_listener exported_listener = {handle_handle};

static void
handle_destroyed(void *data, struct zxdg_imported_v2 *imported)
{
	test_client_say("destroyed");
}

static const struct zxdg_imported_v2_listener imported_listener = {handle_destroyed};

/* The icon's buffers, set before the first commit: the window maps with its icon. */
static bool
set_icon(struct shell_client *sc, const char *name)
{
	if (!sc->icons) {
		fprintf(stderr, "shellclient: no xdg_toplevel_icon_manager_v1\n");
		return false;
	}
	struct xdg_toplevel_icon_v1 *icon = xdg_toplevel_icon_manager_v1_create_icon(sc->icons);
	if (name) {
		xdg_toplevel_icon_v1_set_name(icon, name);
	} else {
		struct wl_buffer *big = pw_client_solid_buffer(&sc->client, 48, 48, MAGENTA);
		struct wl_buffer *small = pw_client_solid_buffer(&sc->client, 16, 16, CYAN);
		if (!big || !small) {
			return false;
		}
		xdg_toplevel_icon_v1_add_buffer(icon, small, 1);
		xdg_toplevel_icon_v1_add_buffer(icon, big, 1);
	}
	xdg_toplevel_icon_manager_v1_set_icon(sc->icons, sc->top.toplevel, icon);
	xdg_toplevel_icon_v1_destroy(icon);
	return true;
}

/* The context on a socket at `path`; its close_fd's peer stays open in this process. */
static int
sandbox(struct shell_client *sc, const char *path)
{
	struct sockaddr_un addr = {.sun_family = AF_UNIX};
	int pair[2];
	if (!sc->security || strlen(path) >= sizeof(addr.sun_path) || pipe(pair) < 0) {
		fprintf(stderr, "shellclient: no wp_security_context_manager_v1\n");
		return 1;
	}
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(fd, 16) < 0) {
		perror("shellclient: the sandbox's socket");
		return 1;
	}
	struct wp_security_context_v1 *context =
		wp_security_context_manager_v1_create_listener(sc->security, fd, pair[0]);
	close(fd);
	close(pair[0]);
	wp_security_context_v1_set_sandbox_engine(context, "org.picowl.test");
	wp_security_context_v1_set_app_id(context, "sandboxed");
	wp_security_context_v1_commit(context);
	wp_security_context_v1_destroy(context);
	if (pw_client_roundtrip(&sc->client, 5000) != 1) {
		return report_error(sc);
	}
	test_client_say("listening");
	test_client_run(&sc->client, &sc->closed, -1, NULL, NULL);
	return 0;
}

static bool
import(struct shell_client *sc, const char *handle)
{
	if (!sc->importer) {
		fprintf(stderr, "shellclient: no zxdg_importer_v2\n");
		return false;
	}
	struct zxdg_imported_v2 *im = zxdg_importer_v2_import_toplevel(sc->importer, handle);
	zxdg_imported_v2_add_listener(im, &imported_listener, sc);
	zxdg_imported_v2_set_parent_of(im, sc->top.surface);
	sc->imported = im;
	return true;
}

int
main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr,
			"usage: shellclient STATE_FILE "
			"icon|icon-name NAME|bell|export|import HANDLE|tag TAG\n");
		return 2;
	}
	const char *mode = argv[2], *arg = argc > 3 ? argv[3] : NULL;
	if (!test_client_open("shellclient", argv[1], NULL)) {
		return 1;
	}
	bool child = strcmp(mode, "import") == 0 && arg;
	struct shell_client sc = {
		.client = {.name = "shellclient", .global = global},
		.top = {.width = child ? 100 : 64, .height = child ? 60 : 64},
	};
	sc.client.data = &sc;
	pw_client_input_init(&sc.client, &input);
	if (!pw_client_connect(&sc.client, &test_client_versions, 5000)) {
		return 1;
	}
	if (strcmp(mode, "sandbox") == 0 && arg) {
		return sandbox(&sc, arg);
	}
	pw_client_toplevel_init(&sc.top, &sc.client, mode, "shellclient");
	bool ok = true;
	if (strcmp(mode, "icon") == 0) {
		ok = set_icon(&sc, NULL);
	} else if (strcmp(mode, "icon-name") == 0 && arg) {
		ok = set_icon(&sc, arg);
	} else if (child) {
		ok = import(&sc, arg);
	} else if (strcmp(mode, "tag") == 0 && arg && sc.tags) {
		xdg_toplevel_tag_manager_v1_set_toplevel_tag(sc.tags, sc.top.toplevel, arg);
		xdg_toplevel_tag_manager_v1_set_toplevel_description(sc.tags, sc.top.toplevel, arg);
	} else if (strcmp(mode, "bell") == 0) {
		ok = sc.bell != NULL;
	} else if (strcmp(mode, "export") != 0) {
		fprintf(stderr, "shellclient: unknown mode %s\n", mode);
		return 2;
	}
	/* The child at its own size: its first configure may come before set_parent_of's effect. */
	if (!ok ||
		(child ? !pw_client_toplevel_wait_configure(&sc.top, 5000) ||
					!pw_client_toplevel_show(&sc.top,
						pw_client_solid_buffer(&sc.client, 100, 60, RED),
						5000)
		       : !pw_client_toplevel_map(&sc.top, GREEN, 5000))) {
		return report_error(&sc);
	}
	if (strcmp(mode, "export") == 0) {
		if (!sc.exporter) {
			fprintf(stderr, "shellclient: no zxdg_exporter_v2\n");
			return 1;
		}
		struct zxdg_exported_v2 *ex =
			zxdg_exporter_v2_export_toplevel(sc.exporter, sc.top.surface);
		zxdg_exported_v2_add_listener(ex, &exported_listener, &sc);
	}
	if (pw_client_roundtrip(&sc.client, 5000) != 1) {
		return report_error(&sc);
	}
	test_client_say("mapped");
	int fd = test_client_signalfd(SIGUSR1);
	test_client_run(&sc.client, &sc.closed, fd, ring, &sc);
	if (wl_display_get_error(sc.client.display)) {
		return report_error(&sc);
	}
	pw_client_toplevel_finish(&sc.top);
	pw_client_disconnect(&sc.client);
	test_client_close();
	return 0;
}
