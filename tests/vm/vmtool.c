/*
 * The vm tests' helper inside the guest.
 *
 *   vmtool kdmode TTY                       prints "text" or "graphics" (KDGETMODE)
 *   vmtool vt                               prints the number of the active VT
 *   vmtool fbset FB W H BPP [VIRTUAL_H]     sets the mode of a framebuffer (vfb)
 *   vmtool fbdump FB                        writes the visible screen's rows to stdout, after
 *                                           a line "W H STRIDE BPP R G B" (channel offsets)
 *   vmtool uinput FIFO                      creates a keyboard, a touchscreen and a handheld's
 *                                           buttons (a d-pad and application keys, no letter),
 *                                           writes their udev data (libinput wants it), prints
 *                                           "uinput ready", then runs commands read from FIFO,
 *                                           one a line: "key CODE" (press and release on the
 *                                           keyboard), "button CODE" (on the buttons),
 *                                           "touch X Y" (a tap,
 *                                           0..1 across the screen), "swipe X0 Y0 X1 Y1" (a
 *                                           touch from X0,Y0 to X1,Y1 in 10 steps of 10 ms),
 *                                           "quit"
 *   vmtool uinput FIFO mouse                as uinput, with a mouse too (4.91): "move DX DY"
 *                                           moves it by DX,DY counts
 *   vmtool touchpad FIFO                    creates a clickpad of 100x70 mm with three touch
 *                                           slots (4.104), writes its udev data, prints
 *                                           "touchpad ready", then runs from FIFO: "move DX DY"
 *                                           (one finger by DX,DY mm), "swipe N DX DY" (N
 *                                           fingers together by DX,DY mm), "pinch D" (two
 *                                           fingers each D mm apart, D < 0 together), "hold N
 *                                           MS" (N still fingers for MS ms), "quit"; each in
 *                                           frames of 1 mm or less every 12 ms
 *   vmtool uinput FIFO pen                  as uinput, with a pen tablet too (4.105): "stroke
 *                                           X0 Y0 X1 Y1" (0..1 across the screen) brings the
 *                                           pen near at X0,Y0, puts it down, moves it to
 *                                           X1,Y1 pressing harder, clicks BTN_STYLUS, lifts
 *                                           it and takes it away, 10 ms a step; "unplug"
 *                                           removes the tablet
 *   vmtool vsync FB N                       N calls of FBIO_WAITFORVSYNC, printing "vsync US"
 *                                           for each: how long the kernel kept it (4.68)
 *   vmtool gammalut CARD                    the first CRTC's GAMMA_LUT (4.102): "lut N", N its
 *                                           entries (0: no blob, the table is linear), then
 *                                           "lut I R G B" for every 32nd entry and the last
 */
#define _GNU_SOURCE
#include <dirent.h>
/* libdrm's copies of the kernel's DRM headers: the armel sysroot of tests/pxa has none, and the
 * boards need no gammalut */
#if __has_include(<drm.h>)
#include <drm.h>
#include <drm_mode.h>
#define VMTOOL_DRM 1
#endif
#include <fcntl.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include <linux/uinput.h>
#include <linux/vt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define ABS_MAX_VALUE 4095

static int
kdmode(const char *tty)
{
	int fd = open(tty, O_RDWR | O_NOCTTY);
	int mode;
	if (fd < 0 || ioctl(fd, KDGETMODE, &mode) < 0) {
		perror("vmtool: KDGETMODE");
		return 1;
	}
	printf("%s\n", mode == KD_TEXT ? "text" : mode == KD_GRAPHICS ? "graphics" : "other");
	return 0;
}

static int
active_vt(void)
{
	int fd = open("/dev/tty0", O_RDWR | O_NOCTTY);
	struct vt_stat state;
	if (fd < 0 || ioctl(fd, VT_GETSTATE, &state) < 0) {
		perror("vmtool: VT_GETSTATE");
		return 1;
	}
	printf("%u\n", state.v_active);
	return 0;
}

static int
fbset(const char *path, int w, int h, int bpp, int vh)
{
	int fd = open(path, O_RDWR);
	struct fb_var_screeninfo var;
	if (fd < 0 || ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0) {
		perror("vmtool: fbset");
		return 1;
	}
	var.xres = var.xres_virtual = (unsigned)w;
	var.yres = (unsigned)h;
	var.yres_virtual = (unsigned)(vh ? vh : h);
	var.xoffset = var.yoffset = 0;
	var.bits_per_pixel = (unsigned)bpp;
	var.activate = FB_ACTIVATE_NOW;
	if (ioctl(fd, FBIOPUT_VSCREENINFO, &var) < 0) {
		perror("vmtool: FBIOPUT_VSCREENINFO");
		return 1;
	}
	return 0;
}

static int
fbdump(const char *path)
{
	int fd = open(path, O_RDONLY);
	struct fb_var_screeninfo var;
	struct fb_fix_screeninfo fix;
	if (fd < 0 || ioctl(fd, FBIOGET_VSCREENINFO, &var) < 0 ||
		ioctl(fd, FBIOGET_FSCREENINFO, &fix) < 0) {
		perror("vmtool: fbdump");
		return 1;
	}
	printf("%u %u %u %u %u %u %u\n", var.xres, var.yres, fix.line_length, var.bits_per_pixel,
		var.red.offset, var.green.offset, var.blue.offset);
	fflush(stdout);
	size_t len = (size_t)fix.line_length * var.yres;
	char *buf = malloc(len);
	off_t at = (off_t)var.yoffset * fix.line_length;
	int ret = 0;
	if (!buf || pread(fd, buf, len, at) != (ssize_t)len) {
		perror("vmtool: read");
		ret = 1;
	} else {
		fwrite(buf, 1, len, stdout);
	}
	free(buf);
	close(fd);
	return ret;
}

static void
emit(int fd, int type, int code, int value)
{
	struct input_event ev = {.type = (unsigned short)type,
		.code = (unsigned short)code,
		.value = value};
	if (write(fd, &ev, sizeof(ev)) != sizeof(ev)) {
		perror("vmtool: write");
	}
}

/* libinput (through libudev) takes only devices udev has initialized: fake its database. */
static void
write_udev_data(int fd, const char *props)
{
	char sysname[64], dir[128];
	if (ioctl(fd, UI_GET_SYSNAME(sizeof(sysname)), sysname) < 0) {
		perror("vmtool: UI_GET_SYSNAME");
		return;
	}
	snprintf(dir, sizeof(dir), "/sys/devices/virtual/input/%s", sysname);
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (strncmp(e->d_name, "event", 5) != 0) {
			continue;
		}
		char path[512], data[128];
		snprintf(path, sizeof(path), "%s/%s/dev", dir, e->d_name);
		FILE *f = fopen(path, "r");
		unsigned maj, min;
		bool read = f && fscanf(f, "%u:%u", &maj, &min) == 2;
		if (f) {
			fclose(f);
		}
		if (!read) {
			continue;
		}
		mkdir("/run/udev", 0755);
		mkdir("/run/udev/data", 0755);
		snprintf(data, sizeof(data), "/run/udev/data/c%u:%u", maj, min);
		f = fopen(data, "w");
		if (f) {
			fprintf(f, "I:1\nE:ID_INPUT=1\n%sG:seat\nQ:seat\n", props);
			fclose(f);
		}
		printf("uinput /dev/input/%s\n", e->d_name);
	}
	if (d) {
		closedir(d);
	}
}

/* The buttons of an iPAQ-style handheld's gpio-keys: a d-pad and application keys. */
static const int buttons[] = {KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_ENTER, KEY_PROG1,
	KEY_PROG2, KEY_PROG3, KEY_PROG4, KEY_CALENDAR, KEY_MAIL, KEY_ADDRESSBOOK, KEY_HOMEPAGE,
	KEY_RECORD, KEY_POWER};

enum kind { KEYBOARD, TOUCH, BUTTONS, MOUSE, PEN };

#define PEN_PRESSURE_MAX 1023

static int
create_device(const char *name, enum kind kind)
{
	bool touch = kind == TOUCH;
	int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
	if (fd < 0) {
		perror("vmtool: /dev/uinput");
		exit(1);
	}
	if (touch) {
		ioctl(fd, UI_SET_EVBIT, EV_KEY);
		ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
		ioctl(fd, UI_SET_EVBIT, EV_ABS);
		ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
		for (int axis = ABS_X; axis <= ABS_Y; axis++) {
			struct uinput_abs_setup abs = {.code = (unsigned short)axis,
				.absinfo = {.minimum = 0,
					.maximum = ABS_MAX_VALUE,
					.resolution = 10}};
			ioctl(fd, UI_SET_ABSBIT, axis);
			ioctl(fd, UI_ABS_SETUP, &abs);
		}
	} else if (kind == MOUSE) {
		ioctl(fd, UI_SET_EVBIT, EV_KEY);
		ioctl(fd, UI_SET_KEYBIT, BTN_LEFT);
		ioctl(fd, UI_SET_KEYBIT, BTN_RIGHT);
		ioctl(fd, UI_SET_EVBIT, EV_REL);
		ioctl(fd, UI_SET_RELBIT, REL_X);
		ioctl(fd, UI_SET_RELBIT, REL_Y);
	} else if (kind == PEN) {
		/* what libinput 1.22 wants of a tablet: x, y with a resolution, a pen; pressure
		 * with distance, so that the tip is pressure over 5% from the first event on */
		static const struct uinput_abs_setup axes[] = {
			{ABS_X, {.maximum = ABS_MAX_VALUE, .resolution = 10}},
			{ABS_Y, {.maximum = ABS_MAX_VALUE, .resolution = 10}},
			{ABS_PRESSURE, {.maximum = PEN_PRESSURE_MAX}},
			{ABS_DISTANCE, {.maximum = 63}},
			/* units per radian: one unit a degree */
			{ABS_TILT_X, {.minimum = -60, .maximum = 60, .resolution = 57}},
			{ABS_TILT_Y, {.minimum = -60, .maximum = 60, .resolution = 57}},
		};
		ioctl(fd, UI_SET_EVBIT, EV_KEY);
		ioctl(fd, UI_SET_KEYBIT, BTN_TOOL_PEN);
		ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
		ioctl(fd, UI_SET_KEYBIT, BTN_STYLUS);
		ioctl(fd, UI_SET_KEYBIT, BTN_STYLUS2);
		ioctl(fd, UI_SET_EVBIT, EV_ABS);
		ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
		for (size_t i = 0; i < sizeof(axes) / sizeof(axes[0]); i++) {
			ioctl(fd, UI_SET_ABSBIT, axes[i].code);
			ioctl(fd, UI_ABS_SETUP, &axes[i]);
		}
	} else if (kind == BUTTONS) {
		ioctl(fd, UI_SET_EVBIT, EV_KEY);
		for (size_t i = 0; i < sizeof(buttons) / sizeof(buttons[0]); i++) {
			ioctl(fd, UI_SET_KEYBIT, buttons[i]);
		}
	} else {
		ioctl(fd, UI_SET_EVBIT, EV_KEY);
		for (int key = KEY_ESC; key <= KEY_MICMUTE; key++) {
			ioctl(fd, UI_SET_KEYBIT, key);
		}
	}
	struct uinput_setup setup = {.id = {.bustype = BUS_VIRTUAL,
					     .vendor = 0x1234,
					     .product = (unsigned short)kind + 1}};
	snprintf(setup.name, sizeof(setup.name), "%s", name);
	if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) {
		perror("vmtool: uinput setup");
		exit(1);
	}
	usleep(200000); /* the event node appears asynchronously */
	write_udev_data(fd,
		touch                     ? "E:ID_INPUT_TOUCHSCREEN=1\n"
			: kind == PEN     ? "E:ID_INPUT_TABLET=1\n"
			: kind == BUTTONS ? "E:ID_INPUT_KEY=1\n"
			: kind == MOUSE   ? "E:ID_INPUT_MOUSE=1\n"
					  : "E:ID_INPUT_KEY=1\nE:ID_INPUT_KEYBOARD=1\n");
	return fd;
}

/* One frame of the pen: `n` code, value pairs, then SYN_REPORT and 10 ms. */
static void
pen_frame(int fd, int n, const int *pairs)
{
	for (int i = 0; i < n; i++) {
		emit(fd, pairs[2 * i] >= BTN_MISC ? EV_KEY : EV_ABS, pairs[2 * i],
			pairs[2 * i + 1]);
	}
	emit(fd, EV_SYN, SYN_REPORT, 0);
	usleep(10000);
}

/* A whole stroke without a pause over 50 ms, after which libinput takes the pen away itself. */
static void
pen_stroke(int fd, double x0, double y0, double x1, double y1)
{
	int ax = (int)(x0 * ABS_MAX_VALUE + 0.5), ay = (int)(y0 * ABS_MAX_VALUE + 0.5);
	int bx = (int)(x1 * ABS_MAX_VALUE + 0.5), by = (int)(y1 * ABS_MAX_VALUE + 0.5);
	pen_frame(fd, 7,
		(const int[]){ABS_X, ax, ABS_Y, ay, ABS_DISTANCE, 40, ABS_PRESSURE, 0, ABS_TILT_X,
			30, ABS_TILT_Y, -15, BTN_TOOL_PEN, 1});
	pen_frame(fd, 1, (const int[]){ABS_DISTANCE, 20});
	pen_frame(fd, 3, (const int[]){ABS_DISTANCE, 0, ABS_PRESSURE, 300, BTN_TOUCH, 1});
	pen_frame(fd, 3, (const int[]){ABS_X, bx, ABS_Y, by, ABS_PRESSURE, 400});
	/* libinput smooths the position over 4 events: the same point 4 times is exact */
	for (int p = 500; p <= 800; p += 100) {
		pen_frame(fd, 1, (const int[]){ABS_PRESSURE, p});
	}
	pen_frame(fd, 1, (const int[]){BTN_STYLUS, 1});
	pen_frame(fd, 1, (const int[]){BTN_STYLUS, 0});
	pen_frame(fd, 2, (const int[]){ABS_PRESSURE, 0, BTN_TOUCH, 0});
	pen_frame(fd, 1, (const int[]){ABS_DISTANCE, 30});
	pen_frame(fd, 1, (const int[]){BTN_TOOL_PEN, 0});
}

static int
run_uinput(const char *fifo, const char *extra)
{
	bool with_mouse = extra && strcmp(extra, "mouse") == 0;
	int kb = create_device("vmtool keyboard", KEYBOARD);
	int ts = create_device("vmtool touchscreen", TOUCH);
	int bt = create_device("vmtool buttons", BUTTONS);
	int ms = with_mouse ? create_device("vmtool mouse", MOUSE) : -1;
	int pen = extra && strcmp(extra, "pen") == 0 ? create_device("vmtool pen", PEN) : -1;
	printf("uinput ready\n");
	fflush(stdout);
	FILE *in = fopen(fifo, "r+"); /* r+: a writer closing does not end the stream */
	char line[128];
	while (in && fgets(line, sizeof(line), in)) {
		int code;
		double x, y, x1, y1;
		int keys = line[0] == 'b' ? bt : kb;
		if (sscanf(line, "key %d", &code) == 1 || sscanf(line, "button %d", &code) == 1) {
			emit(keys, EV_KEY, code, 1);
			emit(keys, EV_SYN, SYN_REPORT, 0);
			usleep(20000);
			emit(keys, EV_KEY, code, 0);
			emit(keys, EV_SYN, SYN_REPORT, 0);
		} else if (sscanf(line, "touch %lf %lf", &x, &y) == 2) {
			emit(ts, EV_ABS, ABS_X, (int)(x * ABS_MAX_VALUE + 0.5));
			emit(ts, EV_ABS, ABS_Y, (int)(y * ABS_MAX_VALUE + 0.5));
			emit(ts, EV_KEY, BTN_TOUCH, 1);
			emit(ts, EV_SYN, SYN_REPORT, 0);
			usleep(20000);
			emit(ts, EV_KEY, BTN_TOUCH, 0);
			emit(ts, EV_SYN, SYN_REPORT, 0);
		} else if (sscanf(line, "swipe %lf %lf %lf %lf", &x, &y, &x1, &y1) == 4) {
			for (int i = 0; i <= 10; i++) {
				emit(ts, EV_ABS, ABS_X,
					(int)((x + (x1 - x) * i / 10) * ABS_MAX_VALUE));
				emit(ts, EV_ABS, ABS_Y,
					(int)((y + (y1 - y) * i / 10) * ABS_MAX_VALUE));
				if (i == 0) {
					emit(ts, EV_KEY, BTN_TOUCH, 1);
				}
				emit(ts, EV_SYN, SYN_REPORT, 0);
				usleep(10000);
			}
			emit(ts, EV_KEY, BTN_TOUCH, 0);
			emit(ts, EV_SYN, SYN_REPORT, 0);
		} else if (ms >= 0 && sscanf(line, "move %lf %lf", &x, &y) == 2) {
			emit(ms, EV_REL, REL_X, (int)x);
			emit(ms, EV_REL, REL_Y, (int)y);
			emit(ms, EV_SYN, SYN_REPORT, 0);
		} else if (pen >= 0 &&
			sscanf(line, "stroke %lf %lf %lf %lf", &x, &y, &x1, &y1) == 4) {
			pen_stroke(pen, x, y, x1, y1);
		} else if (pen >= 0 && strncmp(line, "unplug", 6) == 0) {
			ioctl(pen, UI_DEV_DESTROY);
			close(pen);
			pen = -1;
		} else if (strncmp(line, "quit", 4) == 0) {
			break;
		}
		printf("uinput done %s", line);
		fflush(stdout);
	}
	ioctl(kb, UI_DEV_DESTROY);
	ioctl(ts, UI_DEV_DESTROY);
	ioctl(bt, UI_DEV_DESTROY);
	if (ms >= 0) {
		ioctl(ms, UI_DEV_DESTROY);
	}
	if (pen >= 0) {
		ioctl(pen, UI_DEV_DESTROY);
	}
	return 0;
}

/* The touchpad of vmtool touchpad: 40 units a millimetre, as a laptop's. */
#define PAD_RES 40
#define PAD_W (100 * PAD_RES)
#define PAD_H (70 * PAD_RES)
#define PAD_SLOTS 3

static int
create_touchpad(void)
{
	static const struct {
		int code, max;
	} axes[] = {{ABS_X, PAD_W}, {ABS_Y, PAD_H}, {ABS_MT_POSITION_X, PAD_W},
		{ABS_MT_POSITION_Y, PAD_H}, {ABS_MT_SLOT, PAD_SLOTS - 1},
		{ABS_MT_TRACKING_ID, 65535}};
	static const int keys[] = {BTN_LEFT, BTN_TOUCH, BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP,
		BTN_TOOL_TRIPLETAP};
	int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
	if (fd < 0) {
		perror("vmtool: /dev/uinput");
		exit(1);
	}
	ioctl(fd, UI_SET_EVBIT, EV_KEY);
	ioctl(fd, UI_SET_EVBIT, EV_ABS);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		ioctl(fd, UI_SET_KEYBIT, keys[i]);
	}
	/* libinput's touchpad: a pointer, not direct; a clickpad (one button under the pad) */
	ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_POINTER);
	ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_BUTTONPAD);
	for (size_t i = 0; i < sizeof(axes) / sizeof(axes[0]); i++) {
		bool pos = axes[i].code != ABS_MT_SLOT && axes[i].code != ABS_MT_TRACKING_ID;
		struct uinput_abs_setup abs = {.code = (unsigned short)axes[i].code,
			.absinfo = {.maximum = axes[i].max, .resolution = pos ? PAD_RES : 0}};
		ioctl(fd, UI_SET_ABSBIT, axes[i].code);
		ioctl(fd, UI_ABS_SETUP, &abs);
	}
	struct uinput_setup setup = {
		.id = {.bustype = BUS_USB, .vendor = 0x1234, .product = 0x7070}};
	snprintf(setup.name, sizeof(setup.name), "vmtool touchpad");
	if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) {
		perror("vmtool: uinput setup");
		exit(1);
	}
	usleep(200000); /* the event node appears asynchronously */
	write_udev_data(fd, "E:ID_INPUT_TOUCHPAD=1\n");
	return fd;
}

/* One frame of `n` fingers at x[i],y[i] mm (n 0: all lifted, from `was` fingers). */
static void
pad_frame(int fd, int n, int was, const double *x, const double *y)
{
	static const int tools[] = {BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP};
	for (int i = 0; i < (n ? n : was); i++) {
		emit(fd, EV_ABS, ABS_MT_SLOT, i);
		if (n == 0) {
			emit(fd, EV_ABS, ABS_MT_TRACKING_ID, -1);
			continue;
		}
		if (was == 0) {
			static int tracking;
			emit(fd, EV_ABS, ABS_MT_TRACKING_ID, ++tracking);
		}
		emit(fd, EV_ABS, ABS_MT_POSITION_X, (int)(x[i] * PAD_RES));
		emit(fd, EV_ABS, ABS_MT_POSITION_Y, (int)(y[i] * PAD_RES));
	}
	if (n) {
		emit(fd, EV_ABS, ABS_X, (int)(x[0] * PAD_RES));
		emit(fd, EV_ABS, ABS_Y, (int)(y[0] * PAD_RES));
	}
	if (n != was) {
		emit(fd, EV_KEY, BTN_TOUCH, n > 0);
		emit(fd, EV_KEY, tools[(n ? n : was) - 1], n > 0);
	}
	emit(fd, EV_SYN, SYN_REPORT, 0);
	usleep(12000);
}

static double
mag(double v)
{
	return v < 0 ? -v : v;
}

/*
 * `n` fingers side by side 12 mm apart about the pad's middle, moved by dx,dy mm each (the
 * outer two also by -spread and +spread mm: a pinch) in frames of at most 1 mm, then a still
 * `hold_ms`, then lifted.
 */
static void
pad_gesture(int fd, int n, double dx, double dy, double spread, int hold_ms)
{
	double x[PAD_SLOTS], y[PAD_SLOTS];
	double far = mag(dx) > mag(dy) ? mag(dx) : mag(dy);
	int steps = (int)(far > mag(spread) ? far : mag(spread)) + 1;
	for (int i = 0; i < n; i++) {
		x[i] = 50 - 6 * (n - 1) + 12 * i;
		y[i] = 35;
	}
	pad_frame(fd, n, 0, x, y);
	for (int s = 0; s < steps; s++) {
		for (int i = 0; i < n; i++) {
			double out = i == 0 ? -spread : i == n - 1 ? spread : 0;
			x[i] += (dx + out) / steps;
			y[i] += dy / steps;
		}
		pad_frame(fd, n, n, x, y);
	}
	for (int t = 0; t < hold_ms; t += 12) {
		pad_frame(fd, n, n, x, y); /* libinput times a hold by its frames, still */
	}
	pad_frame(fd, 0, n, x, y);
}

static int
run_touchpad(const char *fifo)
{
	int fd = create_touchpad();
	printf("touchpad ready\n");
	fflush(stdout);
	FILE *in = fopen(fifo, "r+");
	char line[128];
	while (in && fgets(line, sizeof(line), in)) {
		int n, ms;
		double dx, dy;
		if (sscanf(line, "move %lf %lf", &dx, &dy) == 2) {
			pad_gesture(fd, 1, dx, dy, 0, 0);
		} else if (sscanf(line, "swipe %d %lf %lf", &n, &dx, &dy) == 3 && n >= 1 &&
			n <= PAD_SLOTS) {
			pad_gesture(fd, n, dx, dy, 0, 0);
		} else if (sscanf(line, "pinch %lf", &dx) == 1) {
			pad_gesture(fd, 2, 0, 0, dx, 0);
		} else if (sscanf(line, "hold %d %d", &n, &ms) == 2 && n >= 1 && n <= PAD_SLOTS) {
			pad_gesture(fd, n, 0, 0, 0, ms);
		} else if (strncmp(line, "quit", 4) == 0) {
			break;
		}
		printf("touchpad done %s", line);
		fflush(stdout);
	}
	ioctl(fd, UI_DEV_DESTROY);
	return 0;
}

static int
vsync(const char *path, int n)
{
	int fd = open(path, O_RDWR);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		struct timespec a, b;
		__u32 crtc = 0;
		clock_gettime(CLOCK_MONOTONIC, &a);
		if (ioctl(fd, FBIO_WAITFORVSYNC, &crtc) != 0) {
			perror("FBIO_WAITFORVSYNC");
			close(fd);
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &b);
		printf("vsync %lld\n",
			(long long)(b.tv_sec - a.tv_sec) * 1000000 +
				(b.tv_nsec - a.tv_nsec) / 1000);
	}
	close(fd);
	return 0;
}

#ifdef VMTOOL_DRM
/* The value of the first CRTC's property `name` (raw ioctls: vmtool needs no libdrm). */
static bool
crtc_prop(int fd, const char *name, uint64_t *value)
{
	uint32_t crtcs[8];
	struct drm_mode_card_res res = {0};
	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res) != 0 || res.count_crtcs == 0) {
		return false;
	}
	res = (struct drm_mode_card_res){.crtc_id_ptr = (uintptr_t)crtcs, .count_crtcs = 1};
	if (ioctl(fd, DRM_IOCTL_MODE_GETRESOURCES, &res) != 0) {
		return false;
	}
	uint32_t ids[64];
	uint64_t values[64];
	struct drm_mode_obj_get_properties props = {.props_ptr = (uintptr_t)ids,
		.prop_values_ptr = (uintptr_t)values,
		.count_props = 64,
		.obj_id = crtcs[0],
		.obj_type = DRM_MODE_OBJECT_CRTC};
	if (ioctl(fd, DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &props) != 0) {
		return false;
	}
	for (uint32_t i = 0; i < props.count_props && i < 64; i++) {
		struct drm_mode_get_property p = {.prop_id = ids[i]};
		if (ioctl(fd, DRM_IOCTL_MODE_GETPROPERTY, &p) == 0 && strcmp(p.name, name) == 0) {
			*value = values[i];
			return true;
		}
	}
	return false;
}

static int
gammalut(const char *path)
{
	int fd = open(path, O_RDWR);
	uint64_t blob = 0;
	if (fd < 0 || !crtc_prop(fd, "GAMMA_LUT", &blob)) {
		fprintf(stderr, "%s: no GAMMA_LUT on its first CRTC\n", path);
		return 1;
	}
	/* The kernel copies the blob only when asked for exactly its length: ask it first. */
	static struct drm_color_lut lut[4096];
	struct drm_mode_get_blob get = {.blob_id = (uint32_t)blob};
	bool ok = !blob || ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &get) == 0;
	if (blob && ok && get.length <= sizeof(lut)) {
		get.data = (uintptr_t)lut;
		ok = ioctl(fd, DRM_IOCTL_MODE_GETPROPBLOB, &get) == 0;
	}
	if (!ok || get.length > sizeof(lut)) {
		perror("GETPROPBLOB");
		return 1;
	}
	int n = blob ? (int)(get.length / sizeof(lut[0])) : 0;
	printf("lut %d\n", n);
	for (int i = 0; i < n && n <= 4096; i++) {
		if (i % 32 == 0 || i == n - 1) {
			printf("lut %d %u %u %u\n", i, lut[i].red, lut[i].green, lut[i].blue);
		}
	}
	close(fd);
	return 0;
}
#else
static int
gammalut(const char *path)
{
	fprintf(stderr, "vmtool: built without the DRM headers (libdrm-dev): no gammalut\n");
	return 1;
}
#endif

int
main(int argc, char *argv[])
{
	if (argc == 3 && strcmp(argv[1], "kdmode") == 0) {
		return kdmode(argv[2]);
	}
	if (argc == 2 && strcmp(argv[1], "vt") == 0) {
		return active_vt();
	}
	if (argc >= 6 && strcmp(argv[1], "fbset") == 0) {
		return fbset(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]),
			argc > 6 ? atoi(argv[6]) : 0);
	}
	if (argc == 3 && strcmp(argv[1], "fbdump") == 0) {
		return fbdump(argv[2]);
	}
	if ((argc == 3 ||
		    (argc == 4 &&
			    (strcmp(argv[3], "mouse") == 0 || strcmp(argv[3], "pen") == 0))) &&
		strcmp(argv[1], "uinput") == 0) {
		return run_uinput(argv[2], argc == 4 ? argv[3] : NULL);
	}
	if (argc == 3 && strcmp(argv[1], "touchpad") == 0) {
		return run_touchpad(argv[2]);
	}
	if (argc == 4 && strcmp(argv[1], "vsync") == 0) {
		return vsync(argv[2], atoi(argv[3]));
	}
	if (argc == 3 && strcmp(argv[1], "gammalut") == 0) {
		return gammalut(argv[2]);
	}
	fprintf(stderr,
		"usage: vmtool kdmode TTY | fbset FB W H BPP [VH] | fbdump FB | "
		"uinput FIFO [mouse|pen] | touchpad FIFO | vsync FB N | gammalut CARD\n");
	return 2;
}
