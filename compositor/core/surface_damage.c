/* A committed surface's damage, moved to where its tree is shown on the output. */
#include <wayland-server-core.h>

#include "clock.h"
#include "counters.h"
#include "output.h"
#include "region.h"
#include "server.h"
#include "subsurface.h"
#include "surface.h"

void
pw_surface_damage_output(struct pw_surface *surface)
{
	struct pw_server *server = surface->server;
	struct pw_surface *root = pw_surface_root(surface);
	/* The shell re-places what depends on the tree (a test-positioned view) before `place`. */
	wl_signal_emit(&server->events.surface_commit, surface);
	int x, y;
	struct pw_box clip;
	bool shown = root->role && root->role->place && root->role_data &&
		(!surface->subsurface || pw_subsurface_mapped(surface->subsurface)) &&
		root->role->place(root, &x, &y, &clip);
	if (shown && server->output) {
		for (struct pw_surface *s = surface; s->subsurface && s->subsurface->parent;
			s = s->subsurface->parent) {
			x += s->subsurface->x;
			y += s->subsurface->y;
		}
		pixman_region32_translate(&surface->damage, x, y);
		pw_region_clip(&surface->damage, clip.x, clip.y, pw_region_end(clip.x, clip.width),
			pw_region_end(clip.y, clip.height));
		bool callbacks = !wl_list_empty(&surface->current.frame_callbacks);
		if (callbacks || pixman_region32_not_empty(&surface->damage)) {
			if (server->counters) {
				pw_counters_commit(server->counters, root->id, pw_now_ns());
			}
			pw_output_note_commit(server->output,
				wl_resource_get_client(root->resource));
		}
		pw_output_damage_region(server->output, &surface->damage);
		if (callbacks) {
			pw_output_schedule_repaint(server->output);
		}
	}
	pixman_region32_clear(&surface->damage);
}
