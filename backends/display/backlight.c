/*
 * The backlight through /sys/class/backlight: an LCD that shows nothing still lights its
 * backlight, which is most of a handheld's display power. Off is bl_power 4 (FB_BLANK_POWERDOWN)
 * where the driver has it, else brightness 0; the brightness read before dimming or turning off
 * is written back on the way on, so a level the user set elsewhere survives.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backlight.h"
#include "log.h"

struct pw_backlight {
	char dir[300];
	int saved; /* the brightness before dim or off; -1: nothing saved */
	enum pw_power_level level;
};

static int
read_int(const struct pw_backlight *bl, const char *file)
{
	char path[340];
	snprintf(path, sizeof(path), "%s/%s", bl->dir, file);
	FILE *f = fopen(path, "re");
	int v = -1;
	if (f) {
		if (fscanf(f, "%d", &v) != 1) {
			v = -1;
		}
		fclose(f);
	}
	return v;
}

static bool
write_int(const struct pw_backlight *bl, const char *file, int value)
{
	char path[340];
	snprintf(path, sizeof(path), "%s/%s", bl->dir, file);
	FILE *f = fopen(path, "we");
	if (!f) {
		return false;
	}
	bool ok = fprintf(f, "%d\n", value) > 0;
	ok = fclose(f) == 0 && ok;
	return ok;
}

static bool
first_device(char *name, size_t len)
{
	DIR *dir = opendir("/sys/class/backlight");
	if (!dir) {
		return false;
	}
	bool found = false;
	struct dirent *e;
	while (!found && (e = readdir(dir))) {
		if (e->d_name[0] != '.') {
			snprintf(name, len, "%s", e->d_name);
			found = true;
		}
	}
	closedir(dir);
	return found;
}

bool
pw_backlight_set(struct pw_backend *backend, const char *name)
{
	char found[256];
	if (!backend->session || strcmp(name, "none") == 0) {
		pw_backlight_destroy(backend->backlight);
		backend->backlight = NULL;
		return true;
	}
	if (strcmp(name, "auto") == 0) {
		if (!first_device(found, sizeof(found))) {
			return true; /* a display without a backlight of its own */
		}
		name = found;
	}
	struct pw_backlight *bl = calloc(1, sizeof(*bl));
	if (!bl) {
		return false;
	}
	snprintf(bl->dir, sizeof(bl->dir), "/sys/class/backlight/%s", name);
	if (read_int(bl, "max_brightness") <= 0) {
		pw_log_warning("no backlight %s\n", bl->dir);
		free(bl);
		return false;
	}
	bl->saved = -1;
	if (backend->backlight) {
		bl->saved = backend->backlight->saved;
		bl->level = backend->backlight->level;
		pw_backlight_destroy(backend->backlight);
	}
	backend->backlight = bl;
	return true;
}

void
pw_backlight_destroy(struct pw_backlight *bl)
{
	if (bl && bl->level != PW_POWER_ON) {
		/* Never leave the device dark behind picowl; lit at its level, as set_backlight. */
		if (bl->saved >= 0) {
			write_int(bl, "brightness", bl->saved);
		}
		write_int(bl, "bl_power", 0);
	}
	free(bl);
}

static void
set_backlight(struct pw_backlight *bl, enum pw_power_level level)
{
	if (bl->level == PW_POWER_ON && level != PW_POWER_ON) {
		bl->saved = read_int(bl, "brightness");
	}
	bool ok = true;
	if (level == PW_POWER_OFF) {
		ok = write_int(bl, "bl_power", 4) || write_int(bl, "brightness", 0);
	} else {
		int value = bl->saved;
		if (level == PW_POWER_DIM && value > 0) {
			value = value / 4 > 0 ? value / 4 : 1;
		}
		/* The level first, then bl_power: off after a dim, the panel would light dimmed
		 * (4.69). */
		if (value >= 0) {
			ok = write_int(bl, "brightness", value);
		}
		if (bl->level == PW_POWER_OFF) {
			write_int(bl, "bl_power", 0);
		}
	}
	if (!ok) {
		pw_log_error("cannot set the backlight %s: %m\n", bl->dir);
	}
	bl->level = level;
}

void
pw_backlight_set_power(struct pw_backend *backend, enum pw_power_level level)
{
	bool on = level != PW_POWER_OFF;
	bool was_on = backend->power != PW_POWER_OFF;
	backend->power = level;
	/* Light last on the way on, first on the way off: never a lit black panel. */
	if (!on && backend->backlight) {
		set_backlight(backend->backlight, level);
	}
	if (on != was_on && backend->impl->set_power && !backend->impl->set_power(backend, on)) {
		pw_log_error("%s: cannot turn the display %s\n", backend->name, on ? "on" : "off");
	}
	if (on && backend->backlight) {
		set_backlight(backend->backlight, level);
	}
}
