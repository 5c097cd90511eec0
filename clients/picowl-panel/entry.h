/*
 * A .desktop file as the launcher needs it (decision 4.52): the [Desktop Entry] group's Name
 * (localized when cheap), Exec, Terminal, TryExec, NoDisplay, Hidden and Type, and Exec turned
 * into an argv as the Desktop Entry Specification says. No I/O but TryExec's look-up.
 */
#ifndef PANEL_ENTRY_H
#define PANEL_ENTRY_H

#include <stdbool.h>
#include <stddef.h>

/* Larger files are not read at all. */
#define PANEL_ENTRY_MAX_BYTES (64 * 1024)
/* The bytes of an argv picowl_control_v1.spawn can carry in one Wayland message. */
#define PANEL_ENTRY_MAX_ARGV 3900

struct panel_entry {
	char *name, *exec, *icon; /* malloc'ed; icon may be NULL */
	bool terminal;
};

enum panel_entry_result {
	PANEL_ENTRY_SHOWN, /* *out filled */
	PANEL_ENTRY_HIDDEN, /* NoDisplay, Hidden, not an Application, TryExec not found */
	PANEL_ENTRY_BAD, /* msg says why, as FILE:LINE: what */
};

/*
 * Parses `len` bytes of the file `path` for the locale `lang` ("de_DE", "de" or NULL). Bad
 * lines inside the group are reported in msg (the first of them) but the entry may still be
 * shown; *out is then filled too.
 */
enum panel_entry_result panel_entry_parse(const char *path, const char *data, size_t len,
	const char *lang, struct panel_entry *out, char *msg, size_t msglen);
void panel_entry_finish(struct panel_entry *entry);

/*
 * Exec's argv: quoting undone, %f %F %u %U (and the deprecated %d %D %n %N %v %m) dropped,
 * %i as --icon ICON, %c as `name`, %k as `path`, %% as %. With `terminal` (a command line split
 * at blanks) in front when non-NULL. One malloc'ed block, NULL-terminated; NULL with msg on a
 * bad quote, an unknown field code or more than PANEL_ENTRY_MAX_ARGV bytes.
 */
char **panel_entry_argv(const char *exec, const char *name, const char *icon, const char *path,
	const char *terminal, char *msg, size_t msglen);

#endif
