/*
 * zwp_idle_inhibit_manager_v1 (idle_inhibit.c): a surface with an inhibitor that is shown
 * (scene.h's pw_scene_shows) holds the idle time (core/idle.h): no dimming, no blanking, no
 * ext-idle notification fires; when the last shown one goes, idle time counts from then.
 */
#ifndef PW_IDLE_INHIBIT_H
#define PW_IDLE_INHIBIT_H

#include <stdbool.h>

struct pw_server;

/* Creates the global (offered to every client: video players, games) and its state. */
bool pw_idle_inhibit_create(struct pw_server *server);

/*
 * What is shown may have changed (a view mapped, unmapped or went fullscreen, the layout, the
 * monocle focus, the lock): looks again once the loop is idle. O(1) while no inhibitor exists.
 */
void pw_idle_inhibit_changed(struct pw_server *server);

#endif
