/*
 * The config file's lookup (pw_config_find, decision 4.58): -c, then $XDG_CONFIG_HOME (or
 * $HOME/.config), then each of $XDG_CONFIG_DIRS in order, then the installed sysconfdir.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"

#include "check.h"

static char dir[] = "/tmp/picowl-test-find-XXXXXX";

/* DIR/NAME; with `ini`, DIR/NAME/picowl/picowl.ini is created. */
static const char *
make(const char *name, bool ini)
{
	static char paths[8][256];
	static int next;
	char *path = paths[next++ % 8];
	snprintf(path, sizeof(paths[0]), "%s/%s", dir, name);
	mkdir(path, 0700);
	if (ini) {
		char file[320];
		snprintf(file, sizeof(file), "%s/picowl", path);
		mkdir(file, 0700);
		snprintf(file, sizeof(file), "%s/picowl/picowl.ini", path);
		FILE *f = fopen(file, "w");
		CHECK(f != NULL);
		if (f) {
			fclose(f);
		}
	}
	return path;
}

/* The path pw_config_find gives, or "" for none. */
static const char *
found(const char *given, const char *sysconfdir)
{
	static char buf[512];
	char *p = pw_config_find(given, sysconfdir, buf, sizeof(buf));
	return p ? p : "";
}

/* Whether `path` is DIR/picowl/picowl.ini. */
static bool
is_in(const char *path, const char *d)
{
	char want[512];
	snprintf(want, sizeof(want), "%s/picowl/picowl.ini", d);
	return strcmp(path, want) == 0;
}

int
main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	const char *home = make("home", false), *cfg = make("home/.config", true);
	const char *xdg_home = make("xdghome", true), *empty = make("empty", false);
	const char *a = make("a", true), *b = make("b", true);
	const char *sys = make("sys", false);
	make("sys/xdg", true);
	char sys_xdg[300];
	snprintf(sys_xdg, sizeof(sys_xdg), "%s/xdg", sys);

	/* -c is taken as it is, even when it does not exist (the load reports it). */
	setenv("HOME", home, 1);
	CHECK(strcmp(found("/no/such.ini", sys), "/no/such.ini") == 0);

	/* $XDG_CONFIG_HOME first; unset, empty or relative: $HOME/.config. */
	setenv("XDG_CONFIG_HOME", xdg_home, 1);
	setenv("XDG_CONFIG_DIRS", a, 1);
	CHECK(is_in(found(NULL, sys), xdg_home));
	unsetenv("XDG_CONFIG_HOME");
	CHECK(is_in(found(NULL, sys), cfg));
	setenv("XDG_CONFIG_HOME", "", 1);
	CHECK(is_in(found(NULL, sys), cfg));
	setenv("XDG_CONFIG_HOME", "xdghome", 1);
	CHECK(is_in(found(NULL, sys), cfg));

	/* A user folder without the file: on to $XDG_CONFIG_DIRS, in its order. */
	setenv("XDG_CONFIG_HOME", empty, 1);
	char list[1024];
	snprintf(list, sizeof(list), "%s:%s", a, b);
	setenv("XDG_CONFIG_DIRS", list, 1);
	CHECK(is_in(found(NULL, sys), a));
	snprintf(list, sizeof(list), "%s:%s", b, a);
	setenv("XDG_CONFIG_DIRS", list, 1);
	CHECK(is_in(found(NULL, sys), b));
	/* empty, missing and relative entries are skipped */
	snprintf(list, sizeof(list), "::%s:/no/such:b:%s:", empty, a);
	setenv("XDG_CONFIG_DIRS", list, 1);
	CHECK(is_in(found(NULL, sys), a));
	unsetenv("HOME");
	CHECK(is_in(found(NULL, sys), a));

	/* None there: the installed sysconfdir's xdg folder, else nothing. */
	snprintf(list, sizeof(list), "%s:/no/such", empty);
	setenv("XDG_CONFIG_DIRS", list, 1);
	CHECK(is_in(found(NULL, sys), sys_xdg));
	CHECK(strcmp(found(NULL, empty), "") == 0);
	CHECK(strcmp(found(NULL, NULL), "") == 0);

	/* Unset or empty $XDG_CONFIG_DIRS is /etc/xdg, before the sysconfdir. */
	unsetenv("XDG_CONFIG_DIRS");
	struct stat st;
	bool etc = stat("/etc/xdg/picowl/picowl.ini", &st) == 0;
	CHECK(is_in(found(NULL, sys), etc ? "/etc/xdg" : sys_xdg));
	setenv("XDG_CONFIG_DIRS", "", 1);
	CHECK(is_in(found(NULL, sys), etc ? "/etc/xdg" : sys_xdg));

	/* A path longer than the buffer is not taken cut. */
	char small[16];
	CHECK(pw_config_find(NULL, sys, small, sizeof(small)) == NULL);

	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0) {
		fprintf(stderr, "cannot remove %s\n", dir);
	}
	return check_summary();
}
