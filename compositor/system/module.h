/*
 * picowl's loadable modules (picowl-input.so, picowl-xwm.so: decisions 4.41 and 4.70), loaded
 * only when first needed so a session that does without them maps none of their libraries.
 * Installed, a module is ../lib/picowl/NAME from the running executable's folder
 * (/usr/bin/picowl: /usr/lib/picowl/); in the build tree, where meson put it.
 */
#ifndef PW_MODULE_H
#define PW_MODULE_H

/*
 * dlopens the module `name` (installed place first, then `build_path`) and returns its
 * `symbol`, or NULL with a line in the log: an error when the module is there but will not
 * load, and when it is nowhere an error, or a warning saying `without` (what picowl then does
 * without it) when `without` is not NULL. `what` starts the lines ("input", "xwayland").
 */
const void *pw_module_load(const char *what, const char *name, const char *build_path,
	const char *symbol, const char *without);

#endif
