/* The config's [touch] for the seat's emulated pointer, with the app_ids that always get one. */
#include "touch_settings.h"

#include <string.h>

#include "config.h"
#include "desktop.h"
#include "long_press_cue.h"
#include "server.h"
#include "touch_pointer.h"
#include "view.h"

/* Whether the space-separated `list` holds the word `word`. */
static bool
listed(const char *list, const char *word)
{
	size_t len = strlen(word);

	while (list && *list) {
		size_t n;

		list += strspn(list, " \t");
		n = strcspn(list, " \t");
		if (n == len && n > 0 && strncmp(list, word, n) == 0) {
			return true;
		}
		list += n;
	}
	return false;
}

static bool
emulate_for(struct pw_server *server, struct pw_surface *surface)
{
	const struct pw_config *config = server->desktop->config;
	struct pw_view *view = pw_view_from_surface(surface);

	/* A toplevel's tag is matched as its app_id is (decision 4.96). */
	return config && view &&
		((view->app_id && listed(config->touch.emulate_app_ids, view->app_id)) ||
			(view->tag && listed(config->touch.emulate_app_ids, view->tag)));
}

void
pw_touch_settings_apply(struct pw_server *server, const struct pw_config *config)
{
	struct pw_touch_pointer_config touch = {
		.emulation =
			config->touch.emulation ? PW_TOUCH_EMULATION_AUTO : PW_TOUCH_EMULATION_OFF,
		.long_press_ms = config->touch.long_press_ms,
		.long_press_radius = config->touch.long_press_radius,
		.scroll = config->touch.two_finger_scroll ? PW_TOUCH_SCROLL_TWO_FINGER
							  : PW_TOUCH_SCROLL_OFF,
		.long_press_touch = config->touch.long_press_touch_clients,
		.cue_changed = pw_long_press_cue_shown,
		.emulate_for = config->touch.emulate_app_ids ? emulate_for : NULL,
	};

	if (server->seat) {
		pw_seat_set_touch_pointer(server->seat, &touch);
	}
}
