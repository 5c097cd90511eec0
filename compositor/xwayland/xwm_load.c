/*
 * picowl-xwm.so (xwm.c, xwm_window.c and the xcb libraries they need) loaded at the first X
 * client (system/module.h), so that a session that runs no X program maps none of them
 * (decision 4.70). It calls back into the executable, which exports what it calls
 * (xwm.dynamic-list).
 */
#include "xwm_load.h"

#include "module.h"
#include "xwm.h"

const struct pw_xwm_module *
pw_xwm_load(void)
{
	static const struct pw_xwm_module *module;
	if (!module) {
		module = pw_module_load("xwayland", "picowl-xwm.so", PW_XWM_MODULE_BUILD,
			PW_XWM_MODULE_SYMBOL, NULL);
	}
	return module;
}
