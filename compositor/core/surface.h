/*
 * wl_surface: double-buffered state, roles, the buffer it shows, its subsurface tree. The
 * surface's other files have their own headers: surface_state.h, surface_commit.h,
 * surface_damage.h, surface_pixels.h, surface_tree.h.
 */
#ifndef PW_SURFACE_H
#define PW_SURFACE_H

#include <pixman.h>
#include <stdbool.h>
#include <wayland-server-core.h>

#include "layout.h"
#include "pixels.h"

struct pw_server;
struct pw_surface;

enum pw_surface_state_field {
	PW_STATE_BUFFER = 1 << 0,
	PW_STATE_DAMAGE = 1 << 1,
	PW_STATE_OPAQUE = 1 << 2,
	PW_STATE_INPUT = 1 << 3,
	PW_STATE_TRANSFORM = 1 << 4,
	PW_STATE_SCALE = 1 << 5,
	PW_STATE_VIEWPORT = 1 << 6,
	PW_STATE_FRAME = 1 << 7,
	PW_STATE_OFFSET = 1 << 8,
	PW_STATE_FEEDBACK = 1 << 9,
	PW_STATE_HINTS = 1 << 10, /* alpha, content_type, presentation_hint */
};

struct pw_surface_state {
	uint32_t committed; /* pw_surface_state_field bits set since the last apply */
	struct wl_resource *buffer; /* NULL: attach of NULL (unmap) when PW_STATE_BUFFER */
	struct pw_shm_buffer *shm; /* buffer's, looked up once at attach */
	struct wl_listener buffer_destroy;
	int dx, dy;
	pixman_region32_t surface_damage; /* surface coordinates */
	pixman_region32_t buffer_damage; /* buffer coordinates */
	pixman_region32_t opaque, input;
	int32_t transform, scale;
	bool has_src, has_dst;
	double src_x, src_y, src_w, src_h;
	int dst_w, dst_h;
	struct wl_list frame_callbacks; /* wl_resource links */
	struct wl_list feedbacks; /* wp_presentation_feedback wl_resource links */
	uint32_t alpha; /* wp_alpha_modifier_v1's factor, UINT32_MAX: opaque as drawn */
	uint32_t content_type; /* wp_content_type_v1's type */
	uint32_t presentation_hint; /* wp_tearing_control_v1's hint */
};

struct pw_surface_role {
	const char *name;
	/* wl_surface.attach of a buffer (not NULL); may post a protocol error and return false. */
	bool (*attach)(struct pw_surface *surface);
	/* Called before pending state is applied; may post a protocol error and return false. */
	bool (*precommit)(struct pw_surface *surface, const struct pw_surface_state *pending);
	/* Called after new state became current. */
	void (*commit)(struct pw_surface *surface);
	/*
	 * Where a root surface of this role is shown: its origin in output coordinates and the
	 * box it is clipped to. False when it is not shown.
	 */
	bool (*place)(struct pw_surface *surface, int *x, int *y, struct pw_box *clip);
	/*
	 * Optional: the scale (scale.h, 16.16, at most PW_SCALE_ONE) a root surface of this role
	 * and its subsurfaces are drawn at from the origin `place` gives; without it, PW_SCALE_ONE.
	 */
	int32_t (*scale)(struct pw_surface *surface);
};

struct pw_subsurface;
struct pw_surface_hold;

/*
 * Where a surface is in its subsurface tree, cached (surface_tree.c) so that nothing walks to
 * the root per surface: valid while `clean`. Whatever changes it (a parent, a position, sync,
 * whether a subsurface has a buffer) calls pw_surface_tree_changed, which marks the surface and
 * everything below it, never above: a clean surface has a clean parent.
 */
struct pw_surface_tree {
	bool clean;
	bool shown; /* the root, or a subsurface that has a buffer under a shown parent */
	bool sync; /* effectively synchronized: it or a subsurface above it is */
	struct pw_surface *root;
	long long x, y; /* from the root's origin, exact (each step is within 2^20) */
	/* scratch: pw_surface_tree_get's way back down; a tree commit's note of the old box */
	struct pw_surface *down;
	bool noted;
	long long was_x, was_y;
	int was_w, was_h;
};

struct pw_surface {
	struct wl_resource *resource;
	struct pw_server *server;
	uint32_t id; /* unique in the server, for the counters */
	struct pw_surface_state pending, cached, current;
	bool has_cache; /* synchronized subsurface: `cached` holds committed state */
	bool on_output; /* wl_surface.enter sent for the output (the surface has a buffer) */

	/* Current buffer: kept until a later commit replaces it, then released. */
	struct wl_resource *buffer;
	struct pw_shm_buffer *shm; /* `buffer` as shm (picowl takes no other), NULL with it */
	struct wl_listener buffer_destroy;
	int buffer_width, buffer_height;
	/*
	 * The shown buffer's pixels, copied when the client destroyed that buffer (the protocol
	 * lets it, before or after the release: swaybg does): shown until the next attach.
	 */
	struct {
		void *data;
		int stride;
		uint32_t shm_format;
	} kept;
	int width, height; /* surface size, from buffer, transform, scale, viewport */
	/* Surface damage accumulated since the compositor last took it (pw_surface_take_damage). */
	pixman_region32_t damage;

	const struct pw_surface_role *role;
	void *role_data;
	struct wl_resource *role_resource; /* the role object, for its errors; may be NULL */

	/* Stacking of subsurfaces and this surface, bottom to top: pw_surface_node.link. */
	struct wl_list stack;
	struct pw_surface_node {
		struct wl_list link;
		struct pw_surface *surface;
	} self_node;
	struct pw_subsurface *subsurface; /* if this surface is one */
	struct wl_resource *viewport;
	/* The per-surface objects of the surface protocols (4.93), NULL without one. */
	struct wl_resource *alpha_modifier, *fractional_scale, *content_type, *tearing_control;
	/* The shown buffer is a wp_single_pixel_buffer_v1 of this colour (premultiplied). */
	bool solid;
	pixman_color_t solid_colour;
	struct pw_surface_hold *hold; /* its held commits (surface_hold.h), or NULL */
	struct pw_surface_tree tree;
	/* What the first half of applying a state noted for the second (surface.c). */
	struct {
		int old_w, old_h;
		bool old_mapped, offset, sync, applied;
		uint32_t committed;
	} apply;

	struct {
		struct wl_signal commit; /* after current state changed */
		struct wl_signal destroy; /* data: the surface */
	} events;
};

/* Creates a wl_surface resource and its surface; NULL on allocation failure. */
struct pw_surface *pw_surface_create(struct wl_client *client, uint32_t version, uint32_t id,
	struct pw_server *server);

struct pw_surface *pw_surface_from_resource(struct wl_resource *resource);

/*
 * Gives the surface a role. Posts `error_code` on `error_resource` and returns false when it
 * already has a different role, or the same role with live role data.
 */
bool pw_surface_set_role(struct pw_surface *surface, const struct pw_surface_role *role,
	void *role_data, struct wl_resource *error_resource, uint32_t error_code);
/* Ends the role's data (the role object died); the surface keeps its role type. */
void pw_surface_clear_role_data(struct pw_surface *surface);

/*
 * a + b for subsurface positions and attach offsets, which a client may push anywhere: held
 * within 2^20 either way, past any output, so that adding positions up never overflows an int.
 */
static inline int
pw_position_add(int a, int b)
{
	long long v = (long long)a + b;
	return v > (1 << 20) ? (1 << 20) : v < -(1 << 20) ? -(1 << 20) : (int)v;
}

/* origin + an offset in a tree (pw_surface_tree.x, y), held within 2^20 as above. */
static inline int
pw_position_at(int origin, long long offset)
{
	long long v = origin + offset;
	return v > (1 << 20) ? (1 << 20) : v < -(1 << 20) ? -(1 << 20) : (int)v;
}

/* Whether the surface has a buffer to show. */
bool pw_surface_has_buffer(const struct pw_surface *surface);

/* Whether every pixel of the surface is opaque (a format without alpha, or the opaque region). */
bool pw_surface_opaque(const struct pw_surface *surface);

/* A surface that is no subsurface and has none: its tree is itself (the walks' fast path). */
static inline bool
pw_surface_alone(const struct pw_surface *surface)
{
	return !surface->subsurface && surface->stack.next->next == &surface->stack;
}

/* Sends wl_callback.done to every current frame callback of the tree and empties them. */
void pw_surface_send_frame_done(struct pw_surface *surface, uint32_t msec);

/* Releases the buffer and drops it (used when a role unmaps). */
void pw_surface_unmap_buffer(struct pw_surface *surface);

#endif
