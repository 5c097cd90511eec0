/* The window manager's module, picowl-xwm.so, loaded when Xwayland first starts (4.70). */
#ifndef PW_XWM_LOAD_H
#define PW_XWM_LOAD_H

struct pw_xwm_module;

/* The module's table (loaded once, kept), or NULL with a message logged. */
const struct pw_xwm_module *pw_xwm_load(void);

#endif
