/* picowl.ini parsing: the shipped file, defaults, errors naming file:line:key, bindings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xkbcommon/xkbcommon-keysyms.h>

#include "config_binding.h"
#include "config_keys.h"

#include "check.h"

static char dir[] = "/tmp/picowl-test-config-XXXXXX";

static const char *
write_file(const char *name, const char *text)
{
	static char path[256];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
	return path;
}

/* Loads `path`; returns the config and the messages in `log`. */
static struct pw_config *
load_path(const char *path, char *log, size_t loglen)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	struct pw_config *c = pw_config_load_file(path, mem);
	fclose(mem);
	snprintf(log, loglen, "%s", buf ? buf : "");
	free(buf);
	return c;
}

/* Loads `text` as a file; the messages land in `log`. */
static struct pw_config *
load_text(const char *text, char *log, size_t loglen)
{
	return load_path(write_file("t.ini", text), log, loglen);
}

static bool
same_settings(const struct pw_config *a, const struct pw_config *b)
{
	const struct pw_options *x = &a->opts, *y = &b->opts;
	bool ok = strcmp(x->backend, y->backend) == 0 && x->width == y->width &&
		x->height == y->height && x->format == y->format && x->rotate == y->rotate &&
		x->damage == y->damage && x->present == y->present && x->copy == y->copy &&
		x->dma_threshold == y->dma_threshold && x->counter_frames == y->counter_frames &&
		x->refresh_mhz == y->refresh_mhz && !x->device == !y->device &&
		!x->counters == !y->counters && !x->mode == !y->mode;
	ok = ok && memcmp(&a->layout, &b->layout, sizeof(a->layout)) == 0 &&
		a->border_width == b->border_width && a->background == b->background &&
		a->border == b->border && a->border_focused == b->border_focused;
	ok = ok && strcmp(a->panel.command, b->panel.command) == 0 &&
		a->panel.position == b->panel.position && a->panel.height == b->panel.height &&
		a->panel.autohide == b->panel.autohide &&
		a->panel.timeout_ms == b->panel.timeout_ms;
	ok = ok && a->input.repeat_rate == b->input.repeat_rate &&
		a->input.repeat_delay == b->input.repeat_delay &&
		memcmp(a->input.calibration, b->input.calibration, sizeof(a->input.calibration)) ==
			0 &&
		!a->input.layout == !b->input.layout &&
		!a->input.touchscreen == !b->input.touchscreen;
	ok = ok && a->power.idle_timeout == b->power.idle_timeout &&
		a->power.dim_timeout == b->power.dim_timeout &&
		a->touch.emulation == b->touch.emulation &&
		a->touch.long_press_ms == b->touch.long_press_ms &&
		a->touch.long_press_radius == b->touch.long_press_radius &&
		a->touch.two_finger_scroll == b->touch.two_finger_scroll &&
		a->touch.long_press_touch_clients == b->touch.long_press_touch_clients &&
		!a->touch.emulate_app_ids == !b->touch.emulate_app_ids &&
		strcmp(a->power.backlight, b->power.backlight) == 0;
	ok = ok && a->limits.client_memory == b->limits.client_memory;
	ok = ok && a->limits.client_mapped == b->limits.client_mapped;
	ok = ok && a->limits.client_fds == b->limits.client_fds;
	ok = ok && a->gestures.edge_width == b->gestures.edge_width &&
		a->gestures.distance == b->gestures.distance &&
		a->gestures.timeout_ms == b->gestures.timeout_ms;
	for (int e = 0; ok && e < PW_SWIPE_EDGES; e++) {
		ok = a->gestures.edge[e].action == b->gestures.edge[e].action &&
			a->gestures.edge[e].arg == b->gestures.edge[e].arg;
	}
	ok = ok && a->binding_count == b->binding_count;
	for (int i = 0; ok && i < a->binding_count; i++) {
		const struct pw_binding *p = &a->bindings[i], *q = &b->bindings[i];
		ok = p->modifiers == q->modifiers && p->keysym == q->keysym &&
			p->action == q->action && p->arg == q->arg;
	}
	return ok;
}

/* `path` loaded, checked to have no error; what was said goes to stderr after `what`. */
static struct pw_config *
load_clean(const char *path, const char *what)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	struct pw_config *c = pw_config_load_file(path, mem);
	fclose(mem);
	CHECK(c && c->errors == 0);
	if (buf && buf[0]) {
		fprintf(stderr, "%s: %s", what, buf);
	}
	free(buf);
	return c;
}

/* The shipped file: no errors, every key present in its section, every value the default. */
static void
test_shipped(const char *path)
{
	struct pw_config *c = load_clean(path, "shipped config");
	struct pw_config *def = pw_config_create_default();
	CHECK(c && def && same_settings(c, def));

	FILE *f = fopen(path, "r");
	CHECK(f != NULL);
	char text[16384] = "";
	size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
	text[n] = '\0';
	if (f) {
		fclose(f);
	}
	const char *section;
	const char *key;
	for (size_t i = 0; (key = pw_config_keys_name(i, &section)); i++) {
		char header[64], line[96];
		snprintf(header, sizeof(header), "\n[%s]\n", section);
		snprintf(line, sizeof(line), "\n%s =", key);
		const char *s = strstr(text, header);
		const char *next = s ? strstr(s + 1, "\n[") : NULL;
		const char *k = s ? strstr(s, line) : NULL;
		bool found = k && (!next || k < next);
		if (!found) {
			fprintf(stderr, "shipped config lacks [%s] %s\n", section, key);
		}
		CHECK(found);
	}
	CHECK(c && strcmp(c->keyboard.command, "") == 0 && !c->keyboard.autoshow);
	/* Every default binding is written out. */
	CHECK(c && def && c->binding_count == def->binding_count);
	pw_config_destroy(c);
	pw_config_destroy(def);
}

static void
test_values(void)
{
	char log[1024];
	struct pw_config *c =
		load_text("[output]\nrotation = 90\nmode = 320x240@50\n"
			  "format = xrgb8888\nkms = legacy\n"
			  "[layout]\nlayout = monocle\nmaster_ratio = 0.6\ngaps = 2\n"
			  "border = #102030\nbackground=0xffffff\n"
			  "[panel]\nposition = bottom\nautohide = off\ntimeout = 500\n"
			  "command = picowl-panel --x\n"
			  "[input]\nxkb_layout = de\ncalibration = 1 0 0.5 0 -1 1\n"
			  "[pipeline]\ndamage = full\ndma_threshold = 1000\n"
			  "counters = /tmp/c.txt\ncounter_frames = 256\ncounters_at_exit = true\n"
			  "[log]\nlevel = debug\nfile = /tmp/picowl.log\n"
			  "[power]\nidle_timeout = 30\ndim_timeout = 20\nbacklight = pwm-bl\n"
			  "[limits]\nclient_memory = 512K\n"
			  "client_fds = 200\nclient_mapped = 1G\n"
			  "[gestures]\ntop = none\nbottom = spawn tile:2 foot -e sh\n"
			  "left = focus tile 3\nedge_width = 4\ndistance = 25\ntimeout = 900\n"
			  "[touch]\npointer_emulation = off\nemulate_app_ids = foot org.x\n"
			  "long_press_time = 0\nlong_press_radius = 20\nscroll = off\n"
			  "long_press_touch_clients = yes\n"
			  "[keyboard]\ncommand = wvkbd-mobintl -H 120\nautoshow = yes\n"
			  "[autostart]\nexec = tile:2 foot -e sh\nexec = weston-simple-shm\n",
			log, sizeof(log));
	CHECK(c && c->errors == 0);
	if (log[0]) {
		fprintf(stderr, "%s", log);
	}
	CHECK(c->opts.rotate == 90 && c->opts.width == 320 && c->opts.height == 240);
	CHECK(c->opts.refresh_mhz == 50000 && strcmp(c->opts.mode, "320x240@50") == 0);
	CHECK(c->opts.format == PW_FORMAT_XRGB8888 && c->opts.kms == PW_KMS_LEGACY);
	CHECK(c->layout.kind == PW_LAYOUT_MONOCLE && c->layout.master_permille == 600);
	CHECK(c->layout.gap == 2 && c->border == 0x102030 && c->background == 0xffffff);
	CHECK(c->panel.position == PW_PANEL_BOTTOM && !c->panel.autohide);
	CHECK(c->panel.timeout_ms == 500 && strcmp(c->panel.command, "picowl-panel --x") == 0);
	CHECK(c->input.layout && strcmp(c->input.layout, "de") == 0);
	CHECK(c->input.calibration[2] == 0.5 && c->input.calibration[4] == -1);
	CHECK(c->opts.damage == PW_DAMAGE_FULL && c->opts.dma_threshold == 1000);
	CHECK(c->opts.counters && strcmp(c->opts.counters, "/tmp/c.txt") == 0);
	CHECK(c->opts.counter_frames == 256);
	CHECK(c->opts.counters_at_exit && c->opts.log_level == PW_LOG_DEBUG &&
		strcmp(c->opts.log, "/tmp/picowl.log") == 0);
	CHECK(c->power.idle_timeout == 30 && c->power.dim_timeout == 20 &&
		strcmp(c->power.backlight, "pwm-bl") == 0);
	CHECK(c->limits.client_memory == 512 * 1024);
	CHECK(c->limits.client_mapped == (size_t)1 << 30);
	CHECK(!c->touch.emulation && c->touch.long_press_ms == 0 &&
		c->touch.long_press_radius == 20 && !c->touch.two_finger_scroll &&
		c->touch.long_press_touch_clients);
	CHECK(c->touch.emulate_app_ids && strcmp(c->touch.emulate_app_ids, "foot org.x") == 0);
	CHECK(c->limits.client_fds == 200);
	CHECK(strcmp(c->keyboard.command, "wvkbd-mobintl -H 120") == 0 && c->keyboard.autoshow);
	CHECK(c->gestures.edge[PW_SWIPE_TOP].action == PW_ACTION_NONE);
	CHECK(c->gestures.edge[PW_SWIPE_BOTTOM].action == PW_ACTION_SPAWN &&
		c->gestures.edge[PW_SWIPE_BOTTOM].arg == 2 &&
		strcmp(c->gestures.edge[PW_SWIPE_BOTTOM].command, "foot -e sh") == 0);
	CHECK(c->gestures.edge[PW_SWIPE_LEFT].action == PW_ACTION_FOCUS_TILE &&
		c->gestures.edge[PW_SWIPE_LEFT].arg == 3);
	CHECK(c->gestures.edge[PW_SWIPE_RIGHT].action == PW_ACTION_FOCUS_NEXT);
	CHECK(c->gestures.edge_width == 4 && c->gestures.distance == 25 &&
		c->gestures.timeout_ms == 900);
	CHECK(c->autostart_count == 2);
	CHECK(c->autostart_count == 2 && c->autostart[0].tile == 2 &&
		strcmp(c->autostart[0].command, "foot -e sh") == 0);
	CHECK(c->autostart_count == 2 && c->autostart[1].tile == 0);
	pw_config_destroy(c);
}

/* Each text must give one error naming `where` (file:line), `key`, and keep the default. */
static void
check_error(int line, const char *text, const char *where, const char *key)
{
	char log[1024];
	struct pw_config *c = load_text(text, log, sizeof(log));
	struct pw_config *def = pw_config_create_default();
	char needle[300];
	snprintf(needle, sizeof(needle), "%s/t.ini:%s", dir, where);
	bool ok = c && c->errors == 1 && strstr(log, needle) && strstr(log, key) &&
		same_settings(c, def);
	if (!ok) {
		fprintf(stderr, "%s:%d: expected one error at %s naming %s, got %d: %s\n", __FILE__,
			line, needle, key, c ? c->errors : -1, log);
	}
	CHECK(ok);
	pw_config_destroy(c);
	pw_config_destroy(def);
}

#define ERROR(text, where, key) check_error(__LINE__, text, where, key)

static void
test_errors(void)
{
	ERROR("[layout]\nmaster_ratio = 2\n", "2:", "master_ratio");
	/* The log's keys and the counters at exit (decision 4.60). */
	ERROR("[log]\nlevel = loud\n", "2:", "level");
	ERROR("[pipeline]\ncounters_at_exit = maybe\n", "2:", "counters_at_exit");
	/* A bad header or an unknown section: one error at its line, with the keys it took. */
	ERROR("[layout]\n\n[panel\nheight = 20\n; c\nposition = top\n",
		"3: bad section header \"[panel\": the 2 keys up to line 6 skipped", "[panel");
	ERROR("[nosuch]\na = 1\n[layout]\n", "1: unknown section [nosuch]: the 1 key up to line 2",
		"nosuch");
	ERROR("[layout]\n\n; c\nno_such_key = 1\n", "4:", "no_such_key");
	ERROR("[layout]\nborder = red\n", "2:", "border");
	ERROR("[output]\nrotation = 45\n", "2:", "rotation");
	ERROR("[output]\nformat = argb8888\n", "2:", "format");
	ERROR("[output]\nmode = 240\n", "2:", "mode");
	ERROR("[output]\nkms = old\n", "2:", "kms");
	ERROR("[pipeline]\ndamage = some\n", "2:", "damage");
	ERROR("[pipeline]\ndma_threshold = -1\n", "2:", "dma_threshold");
	ERROR("[pipeline]\ncounter_frames = 100\n", "2:", "counter_frames");
	ERROR("[pipeline]\n\ncounter_frames = 8\n", "3:", "counter_frames");
	ERROR("[panel]\nautohide = maybe\n", "2:", "autohide");
	ERROR("[panel]\nheight = 0\n", "2:", "height");
	ERROR("[input]\ncalibration = 1 0 0\n", "2:", "calibration");
	ERROR("[bindings]\nLogo+nosuchkey = close\n", "2:", "Logo+nosuchkey");
	ERROR("[bindings]\nHyper+j = close\n", "2:", "Hyper+j");
	ERROR("[bindings]\nLogo+j = dance\n", "2:", "Logo+j");
	ERROR("[bindings]\nLogo+j = focus sideways\n", "2:", "Logo+j");
	ERROR("[bindings]\nLogo+j = tile\n", "2:", "Logo+j");
	ERROR("[bindings]\nLogo+j = rotate 45\n", "2:", "Logo+j");
	ERROR("[bindings]\nLogo+j = spawn 'foot\n", "2:", "Logo+j");
	ERROR("[power]\nidle_timeout = -5\n", "2:", "idle_timeout");
	ERROR("[power]\nidle_timeout = 10s\n", "2:", "idle_timeout");
	ERROR("[power]\nidle_timeout = 86401\n", "2:", "idle_timeout");
	ERROR("[power]\ndim_timeout = never\n", "2:", "dim_timeout");
	ERROR("[power]\nbacklight = ../../../dev/sda\n", "2:", "backlight");
	ERROR("[power]\nbacklight = ..\n", "2:", "backlight");
	ERROR("[power]\nbacklight =\n", "2:", "backlight");
	ERROR("[power]\nsleep = 5\n", "2:", "sleep");
	ERROR("[limits]\nclient_memory = 1K\n", "2:", "client_memory");
	ERROR("[limits]\nclient_memory = -2M\n", "2:", "client_memory");
	ERROR("[limits]\nclient_memory = 2G\n", "2:", "client_memory");
	ERROR("[limits]\nclient_memory = 2MB\n", "2:", "client_memory");
	ERROR("[limits]\nclient_memory = 1025M\n", "2:", "client_memory");
	ERROR("[limits]\nclient_memory =\n", "2:", "client_memory");
	ERROR("[limits]\nclient_mapped = 512K\n", "2:", "client_mapped");
	ERROR("[limits]\nclient_mapped = -64M\n", "2:", "client_mapped");
	ERROR("[limits]\nclient_mapped = 64MB\n", "2:", "client_mapped");
	ERROR("[limits]\nclient_mapped = 2048G\n", "2:", "client_mapped");
	ERROR("[limits]\nclient_mapped = automatic\n", "2:", "client_mapped");
	ERROR("[limits]\nclient_fds = 7\n", "2:", "client_fds");
	ERROR("[touch]\npointer_emulation = always\n", "2:", "pointer_emulation");
	ERROR("[touch]\nlong_press_time = -1\n", "2:", "long_press_time");
	ERROR("[touch]\nlong_press_time = 10001\n", "2:", "long_press_time");
	ERROR("[touch]\nlong_press_radius = 0\n", "2:", "long_press_radius");
	ERROR("[touch]\nscroll = three-finger\n", "2:", "scroll");
	ERROR("[touch]\nlong_press_touch_clients = sometimes\n", "2:", "long_press_touch_clients");
	ERROR("[limits]\nclient_fds = 65537\n", "2:", "client_fds");
	ERROR("[limits]\nclient_fds = many\n", "2:", "client_fds");
	ERROR("[bindings]\nKEY_POWER = power sideways\n", "2:", "KEY_POWER");
	/* [buttons]: a key that names no key, a modifier, a bad or missing action. */
	ERROR("[buttons]\nKEY_NOSUCH = close\n", "2: [buttons] KEY_NOSUCH: unknown key",
		"KEY_NOSUCH");
	ERROR("[buttons]\n\nKEY_CONTACTS = focus next\n", "3: [buttons] KEY_CONTACTS",
		"unknown key");
	ERROR("[buttons]\nLogo+KEY_PROG1 = close\n", "2: [buttons] Logo+KEY_PROG1", "no modifier");
	ERROR("[buttons]\nKEY_PROG1 = dance\n", "2: [buttons] KEY_PROG1", "bad action");
	ERROR("[buttons]\nKEY_PROG1 = spawn\n", "2: [buttons] KEY_PROG1", "KEY_PROG1");
	ERROR("[buttons]\nKEY_PROG1 =\n", "2: [buttons] KEY_PROG1", "KEY_PROG1");
	ERROR("[bindings]\nKEY_POWER = power\n", "2:", "KEY_POWER");
	ERROR("[gestures]\ntop = dance\n", "2:", "top");
	ERROR("[gestures]\nleft = focus sideways\n", "2:", "left");
	ERROR("[gestures]\nbottom = spawn 'foot\n", "2:", "bottom");
	ERROR("[gestures]\nright =\n", "2:", "right");
	ERROR("[gestures]\nedge_width = 0\n", "2:", "edge_width");
	ERROR("[gestures]\ndistance = far\n", "2:", "distance");
	ERROR("[gestures]\ntimeout = 20\n", "2:", "timeout");
	ERROR("[gestures]\nswipe = 1\n", "2:", "swipe");
	ERROR("[autostart]\nexec = tile:x foot\n", "2:", "exec");
	ERROR("[autostart]\nexec = tile:2\n", "2:", "exec");
	ERROR("[autostart]\nrun = foot\n", "2:", "run");
	ERROR("[nosuch]\nkey = 1\nother = 2\n", "1:", "nosuch");
	ERROR("key = 1\n", "1:", "key");
	ERROR("[layout]\njust words\n", "2:", "just words");
	ERROR("[layout\n", "1:", "[layout");

	/* A bad value later in the file does not undo earlier good ones. */
	char log[512];
	struct pw_config *c = load_text("[layout]\ngaps = 3\ngaps = x\n", log, sizeof(log));
	CHECK(c && c->errors == 1 && c->layout.gap == 3 && strstr(log, "t.ini:3:"));
	pw_config_destroy(c);

	/* A missing file is an error too. */
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	c = pw_config_load_file("/nonexistent/picowl.ini", mem);
	fclose(mem);
	CHECK(c && c->errors == 1 && strstr(buf, "/nonexistent/picowl.ini"));
	free(buf);
	pw_config_destroy(c);
}

/* Not files: each is one message naming the file, the defaults, and unreadable (a reload
 * keeps what it had). A FIFO with no writer must not block: the test would hang. */
static void
test_not_files(void)
{
	char log[512], path[300];
	struct pw_config *def = pw_config_create_default();
	snprintf(path, sizeof(path), "%s/fifo.ini", dir);
	CHECK(mkfifo(path, 0600) == 0);
	snprintf(path, sizeof(path), "%s/big.ini", dir);
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	for (int i = 0; f && i < 5 * 1024 * 1024 / 16; i++) {
		fputs("# a comment ...\n", f);
	}
	if (f) {
		fclose(f);
	}
	static const struct {
		const char *name, *why;
	} cases[] = {
		{"", "a directory"},
		{"/fifo.ini", "a FIFO"},
		{"/big.ini", "5242880 bytes"},
		{"/dev/zero", "a character device"},
		{"/dev/urandom", "a character device"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (cases[i].name[0] == '/' && strncmp(cases[i].name, "/dev/", 5) == 0) {
			snprintf(path, sizeof(path), "%s", cases[i].name);
		} else {
			snprintf(path, sizeof(path), "%s%s", dir, cases[i].name);
		}
		struct pw_config *c = load_path(path, log, sizeof(log));
		CHECK(c && c->errors == 1 && c->unreadable && same_settings(c, def));
		CHECK(strstr(log, path) && strstr(log, cases[i].why) &&
			!strchr(strchr(log, '\n') + 1, '\n'));
		if (!c || !strstr(log, cases[i].why)) {
			fprintf(stderr, "%s: %s\n", path, log);
		}
		pw_config_destroy(c);
	}
	/* A file of a megabyte is still read. */
	struct pw_config *c = load_text("[layout]\ngaps = 4\n", log, sizeof(log));
	CHECK(c && c->errors == 0 && !c->unreadable && c->layout.gap == 4);
	pw_config_destroy(c);
	pw_config_destroy(def);
}

static void
test_bindings(void)
{
	struct pw_config *c = pw_config_create_default();
	const struct pw_binding *b;
	CHECK(c != NULL);
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_j);
	CHECK(b && b->action == PW_ACTION_FOCUS_NEXT);
	b = pw_config_binding_find(c, PW_BINDING_LOGO | PW_BINDING_SHIFT, XKB_KEY_C);
	CHECK(b && b->action == PW_ACTION_CLOSE);
	b = pw_config_binding_find(c, PW_BINDING_LOGO | PW_BINDING_SHIFT, XKB_KEY_q);
	CHECK(b && b->action == PW_ACTION_QUIT);
	b = pw_config_binding_find(c, 0, XKB_KEY_XF86PowerOff);
	CHECK(b && b->action == PW_ACTION_POWER && b->arg == 2);
	CHECK(!pw_config_binding_find(c, PW_BINDING_LOGO | PW_BINDING_CTRL, XKB_KEY_j));
	CHECK(!pw_config_binding_find(c, 0, XKB_KEY_j));
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_Return);
	CHECK(b && b->action == PW_ACTION_SWAP_MASTER);
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_h);
	CHECK(b && b->action == PW_ACTION_MASTER_SHRINK && b->arg == 50);
	pw_config_destroy(c);

	char log[512];
	c = load_text("[bindings]\nKEY_PROG1 = fullscreen\nXF86Launch2 = spawn tile:2 foot -e 'a "
		      "b'\n"
		      "Super+Control+Alt+Shift+F1 = vt 1\nLogo+j = none\nLogo+3 = tile 3\n"
		      "Logo+r = rotate\nLogo+Shift+r = rotate 270\nlogo+F12 = counters\n"
		      "KEY_SLEEP = power off\nLogo+o = power on\n",
		log, sizeof(log));
	CHECK(c && c->errors == 0);
	b = pw_config_binding_find(c, 0, XKB_KEY_XF86Launch1);
	CHECK(b && b->action == PW_ACTION_FULLSCREEN);
	b = pw_config_binding_find(c, 0, XKB_KEY_XF86Launch2);
	CHECK(b && b->action == PW_ACTION_SPAWN && b->arg == 2 &&
		strcmp(b->command, "foot -e 'a b'") == 0);
	b = pw_config_binding_find(c,
		PW_BINDING_LOGO | PW_BINDING_CTRL | PW_BINDING_ALT | PW_BINDING_SHIFT, XKB_KEY_F1);
	CHECK(b && b->action == PW_ACTION_SWITCH_VT && b->arg == 1);
	CHECK(!pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_j));
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_k);
	CHECK(b && b->action == PW_ACTION_FOCUS_PREV);
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_3);
	CHECK(b && b->action == PW_ACTION_MOVE_TO_TILE && b->arg == 3);
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_r);
	CHECK(b && b->action == PW_ACTION_ROTATE && b->arg == 90);
	b = pw_config_binding_find(c, PW_BINDING_LOGO | PW_BINDING_SHIFT, XKB_KEY_R);
	CHECK(b && b->action == PW_ACTION_ROTATE && b->arg == 270);
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_F12);
	CHECK(b && b->action == PW_ACTION_DUMP_COUNTERS);
	b = pw_config_binding_find(c, 0, XKB_KEY_XF86Sleep);
	CHECK(b && b->action == PW_ACTION_POWER && b->arg == 0);
	b = pw_config_binding_find(c, PW_BINDING_LOGO, XKB_KEY_o);
	CHECK(b && b->action == PW_ACTION_POWER && b->arg == 1);
	pw_config_destroy(c);

	/* [buttons] binds a key for the devices that are no full keyboard only; [bindings] the
	 * same key for the others, each unchanged by the other. */
	c = load_text("[buttons]\nKEY_PROG1 = spawn picowl-terminal\nKEY_RIGHT = focus next\n"
		      "Left = focus prev\nKEY_ADDRESSBOOK = rotate\nKEY_PROG2 = none\n"
		      "[bindings]\nKEY_PROG1 = fullscreen\n",
		log, sizeof(log));
	CHECK(c && c->errors == 0);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_XF86Launch1) : NULL;
	CHECK(b && b->action == PW_ACTION_SPAWN && strcmp(b->command, "picowl-terminal") == 0);
	b = c ? pw_config_binding_find(c, 0, XKB_KEY_XF86Launch1) : NULL;
	CHECK(b && b->action == PW_ACTION_FULLSCREEN);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_Right) : NULL;
	CHECK(b && b->action == PW_ACTION_FOCUS_NEXT);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_Left) : NULL;
	CHECK(b && b->action == PW_ACTION_FOCUS_PREV);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_XF86Addressbook) : NULL;
	CHECK(b && b->action == PW_ACTION_ROTATE);
	CHECK(c && !pw_config_binding_find(c, 0, XKB_KEY_Right));
	CHECK(c && !pw_config_binding_find(c, 0, XKB_KEY_Left));
	CHECK(c && !pw_config_binding_find_button(c, XKB_KEY_XF86Launch2));
	CHECK(c && !pw_config_binding_find_button(c, XKB_KEY_XF86PowerOff));
	pw_config_destroy(c);
}

/* The session `meson install` puts in place: no error, the panel, a terminal, the buttons. */
static void
test_session(const char *path)
{
	struct pw_config *c = load_clean(path, "installed session config");
	CHECK(c && strcmp(c->opts.backend, "auto") == 0);
	CHECK(c && strcmp(c->panel.command, "picowl-panel") == 0);
	/* A bar as high as its buttons are wide: finger-sized targets (decision 4.54). */
	CHECK(c && c->panel.height == 24);
	/* The installed session starts the OSK (decision 4.55); the built-in default is none. */
	CHECK(c && strcmp(c->keyboard.command, "wvkbd-mobintl -H 120 -L 100") == 0 &&
		!c->keyboard.autoshow);
	CHECK(c && c->autostart_count == 1 &&
		strcmp(c->autostart[0].command, "picowl-terminal") == 0);
	const struct pw_binding *b =
		c ? pw_config_binding_find_button(c, XKB_KEY_XF86Launch1) : NULL;
	CHECK(b && b->action == PW_ACTION_SPAWN && strcmp(b->command, "picowl-terminal") == 0);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_XF86Launch2) : NULL;
	CHECK(b && b->action == PW_ACTION_FOCUS_NEXT);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_XF86Launch3) : NULL;
	CHECK(b && b->action == PW_ACTION_CLOSE);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_XF86Launch4) : NULL;
	CHECK(b && b->action == PW_ACTION_ROTATE && b->arg == 90);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_Right) : NULL;
	CHECK(b && b->action == PW_ACTION_FOCUS_NEXT);
	b = c ? pw_config_binding_find_button(c, XKB_KEY_XF86HomePage) : NULL;
	CHECK(b && b->action == PW_ACTION_LAUNCHER);
	/* The keyboard's bindings are the defaults: a keyboard's arrows stay the clients'. */
	CHECK(c && !pw_config_binding_find(c, 0, XKB_KEY_Right));
	b = c ? pw_config_binding_find(c, 0, XKB_KEY_XF86PowerOff) : NULL;
	CHECK(b && b->action == PW_ACTION_POWER);
	pw_config_destroy(c);
}

static void
test_split(void)
{
	char **argv = pw_config_binding_split("  foot -e 'sh -c' \"a\\\"b\" c\\ d  ");
	CHECK(argv && strcmp(argv[0], "foot") == 0 && strcmp(argv[1], "-e") == 0);
	CHECK(argv && strcmp(argv[2], "sh -c") == 0 && strcmp(argv[3], "a\"b") == 0);
	CHECK(argv && strcmp(argv[4], "c d") == 0 && argv[5] == NULL);
	free(argv);
	CHECK(pw_config_binding_split("") == NULL);
	CHECK(pw_config_binding_split("  ") == NULL);
	CHECK(pw_config_binding_split("a 'b") == NULL);
	argv = pw_config_binding_split("x");
	CHECK(argv && strcmp(argv[0], "x") == 0 && argv[1] == NULL);
	free(argv);

	int tile;
	const char *cmd;
	CHECK(pw_config_binding_parse_exec("tile:1 doom -iwad x", &tile, &cmd) && tile == 1 &&
		strcmp(cmd, "doom -iwad x") == 0);
	CHECK(pw_config_binding_parse_exec("foot", &tile, &cmd) && tile == 0 &&
		strcmp(cmd, "foot") == 0);
	CHECK(!pw_config_binding_parse_exec("tile:0 foot", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("tile:1", &tile, &cmd));
	CHECK(!pw_config_binding_parse_exec("", &tile, &cmd));
}

/* The command line: -c FILE, --strict, and options that override the file. */
static void
test_command_line(void)
{
	const char *path = write_file("cl.ini",
		"[output]\nrotation = 180\nformat = xrgb8888\n"
		"[layout]\ngaps = 4\n");
	char p[256];
	snprintf(p, sizeof(p), "%s", path);
	char err[256];
	char *argv[] = {"picowl", "-c", p, "--rotate", "90", "--strict", "--test-hooks", NULL};
	struct pw_config *c = pw_config_load(7, argv, NULL, err, sizeof(err));
	CHECK(c && c->errors == 0 && c->opts.strict && c->opts.test_hooks);
	CHECK(c && c->opts.rotate == 90 && c->opts.format == PW_FORMAT_XRGB8888);
	CHECK(c && c->layout.gap == 4 && c->path && strcmp(c->path, p) == 0);
	CHECK(c && c->opts.config && strcmp(c->opts.config, p) == 0);

	/* Reload reads the file again, with the command line on top. */
	write_file("cl.ini", "[output]\nrotation = 180\n[layout]\ngaps = 6\n");
	struct pw_config *r = c ? pw_config_reload(c, NULL) : NULL;
	CHECK(r && r->layout.gap == 6 && r->opts.rotate == 90 &&
		r->opts.format == PW_FORMAT_RGB565);
	pw_config_destroy(r);
	pw_config_destroy(c);

	char *bad[] = {"picowl", "--config=", NULL};
	CHECK(!pw_config_load(2, bad, NULL, err, sizeof(err)) && strstr(err, "--config"));
	char *bad2[] = {"picowl", "-c", NULL};
	CHECK(!pw_config_load(2, bad2, NULL, err, sizeof(err)) && strstr(err, "-c"));

	/* The lookup: $XDG_CONFIG_HOME first. */
	char xdg[256];
	snprintf(xdg, sizeof(xdg), "%s/xdg", dir);
	char sub[300];
	snprintf(sub, sizeof(sub), "%s/picowl", xdg);
	CHECK(mkdir(xdg, 0700) == 0 && mkdir(sub, 0700) == 0);
	write_file("xdg/picowl/picowl.ini", "[layout]\ngaps = 7\n");
	setenv("XDG_CONFIG_HOME", xdg, 1);
	char *plain[] = {"picowl", NULL};
	c = pw_config_load(1, plain, NULL, err, sizeof(err));
	CHECK(c && c->layout.gap == 7 && c->path && strstr(c->path, "xdg/picowl/picowl.ini"));
	pw_config_destroy(c);
}

int
main(int argc, char *argv[])
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	if (argc > 2) {
		test_shipped(argv[1]);
		test_session(argv[2]);
	} else {
		fprintf(stderr, "usage: test_config SHIPPED_INI SESSION_INI\n");
		check_failed++;
	}
	test_values();
	test_errors();
	test_not_files();
	test_bindings();
	test_split();
	test_command_line();
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0) {
		fprintf(stderr, "cannot remove %s\n", dir);
	}
	return check_summary();
}
