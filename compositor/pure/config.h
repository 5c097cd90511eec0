/*
 * picowl.ini: every setting of the session, on top of the command-line options. Pure: no
 * Wayland (xkbcommon only, for key names).
 *
 * The file is an ini: [section] lines, `key = value` lines, comments from ';' or '#' at the
 * start of a line. A bad line is reported as FILE:LINE: [section] key: what was wrong, and the
 * key keeps its default. The command line overrides the file.
 */
#ifndef PW_CONFIG_H
#define PW_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "layout.h"
#include "options.h"
#include "swipe.h"

/* What a key binding does (see config/picowl.ini for the names). */
enum pw_action {
	PW_ACTION_NONE, /* unbinds a default */
	PW_ACTION_FOCUS_NEXT,
	PW_ACTION_FOCUS_PREV,
	PW_ACTION_SWAP_MASTER,
	PW_ACTION_FULLSCREEN,
	PW_ACTION_MASTER_GROW, /* arg: permille */
	PW_ACTION_MASTER_SHRINK, /* arg: permille */
	PW_ACTION_LAYOUT_CYCLE, /* arg: 0 tile, monocle, tile...; 1 tile; 2 monocle */
	PW_ACTION_CLOSE,
	PW_ACTION_QUIT,
	PW_ACTION_SPAWN, /* command, arg: tile (0: the next free) */
	PW_ACTION_MOVE_TO_TILE, /* arg: tile, 1-based */
	PW_ACTION_FOCUS_TILE, /* arg: tile, 1-based */
	PW_ACTION_ROTATE, /* arg: degrees clockwise added to the rotation */
	PW_ACTION_DUMP_COUNTERS,
	PW_ACTION_RELOAD,
	PW_ACTION_SWITCH_VT, /* arg: VT number */
	PW_ACTION_SHOW_PANEL,
	PW_ACTION_POWER, /* arg: 0 off, 1 on, 2 toggle (enum pw_power_request) */
	PW_ACTION_CALIBRATE, /* the touch screen's calibration routine */
	PW_ACTION_KEYBOARD, /* arg: 0 show, 1 hide, 2 toggle (enum pw_osk_request) */
	PW_ACTION_LAUNCHER, /* the panel's launcher opens or closes (decision 4.52) */
	PW_ACTION_KILL, /* the focused window's client is killed */
};

enum pw_xwayland_mode {
	PW_XWAYLAND_AUTO, /* when the Xwayland binary is found */
	PW_XWAYLAND_ON,
	PW_XWAYLAND_OFF,
};

/* [input] cursor: when picowl draws the pointer's cursor (4.91) */
enum pw_cursor_mode {
	PW_CURSOR_AUTO, /* once a mouse moved it */
	PW_CURSOR_ALWAYS, /* whenever a pointer exists, a finger's or the test hooks' too */
	PW_CURSOR_NEVER,
};

enum pw_binding_mod {
	PW_BINDING_SHIFT = 1 << 0,
	PW_BINDING_CTRL = 1 << 1,
	PW_BINDING_ALT = 1 << 2,
	PW_BINDING_LOGO = 1 << 3,
};

struct pw_binding {
	uint32_t modifiers; /* pw_binding_mod bits, as the seat reports them */
	uint32_t keysym; /* lower case for letters: Logo+Shift+c is c with Shift */
	enum pw_action action;
	int arg;
	char *command; /* PW_ACTION_SPAWN: the command line, split by pw_config_binding_split */
	bool buttons; /* [buttons]: only keys of a device that is no full keyboard (4.54) */
};

struct pw_autostart {
	int tile; /* 1-based, 0: wherever it lands */
	char *command;
};

enum pw_panel_position {
	PW_PANEL_TOP,
	PW_PANEL_BOTTOM,
};

struct pw_config {
	/* The options: defaults, then the file, then the command line. */
	struct pw_options opts;
	char *path; /* the file read; NULL when none was found */
	int errors; /* bad lines, keys and values found in the file */
	/* The file could not be read at all (missing, not a regular file, too large, no
	 * descriptor left): the config is the defaults, and a reload keeps what it had. */
	bool unreadable;
	bool missing; /* the file -c named could not be opened: picowl does not start */

	struct pw_layout_params layout;
	int border_width;
	uint32_t background, border, border_focused; /* 0xRRGGBB */
	int bell_ms; /* xdg_system_bell_v1's flash of a border; 0: none (4.96) */

	struct {
		char *command; /* started at start-up with the panel settings; "" for none */
		enum pw_panel_position position;
		int height;
		bool autohide;
		int timeout_ms;
	} panel;

	struct {
		char *command; /* the on-screen keyboard started at start-up; "" for none */
		bool autoshow; /* text input enabled shows it, disabled hides it */
	} keyboard;
	struct {
		char *rules, *model, *layout, *variant, *options; /* xkb RMLVO; NULL: default */
		int repeat_rate, repeat_delay; /* keys/s, ms */
		double calibration[6]; /* libinput's matrix */
		char *keyboard, *pointer, *touchscreen; /* device paths; NULL: all */
		enum pw_cursor_mode cursor;
	} input;

	struct {
		bool emulation; /* clients without wl_touch get a pointer from a finger */
		char *emulate_app_ids; /* space-separated: these get one even with wl_touch */
		int long_press_ms; /* 0: none */
		int long_press_radius; /* pixels */
		bool two_finger_scroll;
		bool long_press_touch_clients; /* wl_touch clients get the long press too */
	} touch;

	struct {
		/* Seconds without input before the display goes off; 0: never; -1: the default,
		 * 120 on a real display (fbdev, DRM), never on headless and nested. */
		int idle_timeout;
		int dim_timeout; /* seconds before the backlight is lowered; 0: never */
		char *backlight; /* a /sys/class/backlight device, "auto" or "none" */
	} power;

	struct {
		size_t client_memory; /* bytes a client may make picowl allocate; 0: no limit */
		int client_fds; /* descriptors a client may leave with picowl; 0: auto (fds.h) */
		int client_subsurfaces; /* subsurfaces a client may hold; 0: no limit (4.77) */
		int client_pools; /* wl_shm pools and buffers a client may hold; 0: none (4.79) */
		size_t client_mapped; /* bytes of wl_shm pools a client may map; 0: none (4.80) */
	} limits;

	struct {
		enum pw_xwayland_mode enabled;
		char *path; /* the Xwayland binary: a path, or a name looked up in PATH */
		int idle_timeout; /* seconds with no X client before Xwayland stops; 0: never */
	} xwayland;

	/* [gestures]: what a swipe from each edge (enum pw_swipe_edge) does; PW_ACTION_NONE
	 * leaves that edge to the clients. Only action, arg and command are set; the command
	 * lives as long as the config. */
	struct {
		struct pw_binding edge[PW_SWIPE_EDGES];
		int edge_width, distance, timeout_ms; /* pixels, pixels, milliseconds */
	} gestures;

	struct pw_binding *bindings;
	int binding_count;
	struct pw_autostart *autostart;
	int autostart_count;

	/* Kept to read the file again on reload with the same command line. */
	int argc;
	char **argv;
};

/*
 * Reads the command line `argv` (which must outlive the config), finds the file
 * (pw_config_find with the installed sysconfdir), parses it into the defaults, then applies the
 * command line again on top. Messages about the file go to `log` (may be NULL). Returns
 * NULL on a command-line error (message in `err`) or when out of memory; a config with errors > 0
 * otherwise when the file had errors.
 */
struct pw_config *pw_config_load(int argc, char **argv, FILE *log, char *err, size_t errlen);

/*
 * The config file: `given` (-c) as it is, else the first that exists of
 * $XDG_CONFIG_HOME/picowl/picowl.ini ($HOME/.config when unset or empty), DIR/picowl/picowl.ini
 * for each DIR of $XDG_CONFIG_DIRS (colon-separated; /etc/xdg when unset or empty), and
 * `sysconfdir`/xdg/picowl/picowl.ini (NULL: none). Relative directories are ignored. Writes
 * the path into `buf` and returns it, or NULL when there is none.
 */
char *pw_config_find(const char *given, const char *sysconfdir, char *buf, size_t len);

/* Reads `path` (NULL: the built-in defaults only) without a command line. Never NULL unless
 * out of memory; `errors` counts the problems, which go to `log`. */
struct pw_config *pw_config_load_file(const char *path, FILE *log);

/* A config with every default and no file. NULL when out of memory. */
struct pw_config *pw_config_create_default(void);

/* The same file and command line again, for SIGHUP and `picowl-ctl reload`. */
struct pw_config *pw_config_reload(const struct pw_config *config, FILE *log);

/* Accepts NULL. */
void pw_config_destroy(struct pw_config *config);

#endif
