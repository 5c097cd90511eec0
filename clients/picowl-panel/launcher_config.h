/*
 * The [launcher] section of picowl's config file (decision 4.52): the file picowl read, named by
 * $PICOWL_CONFIG (empty: none), else found as picowl finds it. Bad lines are reported on
 * stderr as FILE:LINE: [launcher] KEY: what.
 */
#ifndef PANEL_LAUNCHER_CONFIG_H
#define PANEL_LAUNCHER_CONFIG_H

#include "apps.h"

/* Fills apps' terminal, pins, hides and adds. */
void panel_launcher_config_read(struct panel_apps *apps);
void panel_launcher_config_free(struct panel_apps *apps);

#endif
