/*
 * Hostile cases: zwp_pointer_gestures_v1 (input/pointer_gestures.c, 4.104). The protocol
 * names no error of its own: what a client can get wrong, libwayland answers (a request of a
 * later version, an object that is gone); a wl_pointer of the wrong interface or naming no
 * object is the wire cases'. The legal shapes (objects outliving the manager or the pointer,
 * many made and destroyed) draw no error.
 */
#include <stdio.h>
#include <string.h>

#include "cases.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The manager bound anew at `version` (the conn's is the highest), or NULL. */
static struct zwp_pointer_gestures_v1 *
gestures_at(struct conn *c, uint32_t version)
{
	if (!c->pointer_gestures || !c->tc.seat) {
		printf("  zwp_pointer_gestures_v1 or wl_seat is not offered to this client\n");
		return NULL;
	}
	for (int i = 0; i < c->n_globals; i++) {
		if (strcmp(c->globals[i].interface, zwp_pointer_gestures_v1_interface.name) == 0) {
			return wl_registry_bind(c->tc.registry, c->globals[i].name,
				&zwp_pointer_gestures_v1_interface, version);
		}
	}
	return NULL;
}

static uint32_t
id_of(void *proxy)
{
	return wl_proxy_get_id(proxy);
}

/* get_hold_gesture (since 3) on a version 2 manager: sent raw, libwayland-client refuses. */
static bool
hold_on_v2(struct conn *c)
{
	struct zwp_pointer_gestures_v1 *g = gestures_at(c, 2);
	if (!g) {
		return false;
	}
	struct wl_pointer *p = wl_seat_get_pointer(c->tc.seat);
	uint32_t words[] = {raw_new_id(c, &zwp_pointer_gesture_hold_v1_interface), id_of(p)};
	return raw_send(c, id_of(g), ZWP_POINTER_GESTURES_V1_GET_HOLD_GESTURE, words, N(words));
}

/* A swipe gesture of a wl_pointer already released: an argument naming no object. */
static bool
released_pointer(struct conn *c)
{
	struct zwp_pointer_gestures_v1 *g = gestures_at(c, 3);
	if (!g) {
		return false;
	}
	struct wl_pointer *p = wl_seat_get_pointer(c->tc.seat);
	uint32_t pointer = id_of(p);
	wl_pointer_release(p);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	uint32_t words[] = {raw_new_id(c, &zwp_pointer_gesture_swipe_v1_interface), pointer};
	return raw_send(c, id_of(g), ZWP_POINTER_GESTURES_V1_GET_SWIPE_GESTURE, words, N(words));
}

/* A pinch gesture asked of a manager already released: a request to no object. */
static bool
after_release(struct conn *c)
{
	struct zwp_pointer_gestures_v1 *g = gestures_at(c, 3);
	if (!g) {
		return false;
	}
	struct wl_pointer *p = wl_seat_get_pointer(c->tc.seat);
	uint32_t manager = id_of(g);
	zwp_pointer_gestures_v1_release(g);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	uint32_t words[] = {raw_new_id(c, &zwp_pointer_gesture_pinch_v1_interface), id_of(p)};
	return raw_send(c, manager, ZWP_POINTER_GESTURES_V1_GET_PINCH_GESTURE, words, N(words));
}

/*
 * Legal: a version 1 manager (no release) makes a swipe and a pinch; 50 of each kind made and
 * destroyed on a version 3 one; several objects of one pointer; the pointer released, then the
 * manager, before the gestures, which are destroyed last.
 */
static bool
legal_shapes(struct conn *c)
{
	struct zwp_pointer_gestures_v1 *v1 = gestures_at(c, 1), *g = gestures_at(c, 3);
	if (!v1 || !g || !conn_map(c, false)) {
		return false;
	}
	struct wl_pointer *p = wl_seat_get_pointer(c->tc.seat);
	struct zwp_pointer_gesture_swipe_v1 *s1 = zwp_pointer_gestures_v1_get_swipe_gesture(v1, p);
	struct zwp_pointer_gesture_pinch_v1 *p1 = zwp_pointer_gestures_v1_get_pinch_gesture(v1, p);
	zwp_pointer_gestures_v1_destroy(v1);
	for (int i = 0; i < 50; i++) {
		zwp_pointer_gesture_swipe_v1_destroy(
			zwp_pointer_gestures_v1_get_swipe_gesture(g, p));
		zwp_pointer_gesture_pinch_v1_destroy(
			zwp_pointer_gestures_v1_get_pinch_gesture(g, p));
		zwp_pointer_gesture_hold_v1_destroy(zwp_pointer_gestures_v1_get_hold_gesture(g, p));
	}
	struct zwp_pointer_gesture_swipe_v1 *s2 = zwp_pointer_gestures_v1_get_swipe_gesture(g, p);
	struct zwp_pointer_gesture_swipe_v1 *s3 = zwp_pointer_gestures_v1_get_swipe_gesture(g, p);
	struct zwp_pointer_gesture_hold_v1 *h = zwp_pointer_gestures_v1_get_hold_gesture(g, p);
	wl_pointer_release(p);
	zwp_pointer_gestures_v1_release(g);
	if (pw_client_roundtrip(&c->tc, 5000) != 1) {
		return false;
	}
	zwp_pointer_gesture_swipe_v1_destroy(s1);
	zwp_pointer_gesture_pinch_v1_destroy(p1);
	zwp_pointer_gesture_swipe_v1_destroy(s2);
	zwp_pointer_gesture_swipe_v1_destroy(s3);
	zwp_pointer_gesture_hold_v1_destroy(h);
	return true;
}

static const struct rcase gestures_cases[] = {
	{"pointer-gestures-hold-on-v2", hold_on_v2, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"pointer-gestures-released-pointer", released_pointer, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_METHOD},
	{"pointer-gestures-after-release", after_release, EXPECT_ERROR, "wl_display",
		WL_DISPLAY_ERROR_INVALID_OBJECT},
	{"pointer-gestures-legal-shapes", legal_shapes, EXPECT_NONE},
};

const struct group pointer_gestures_group = {"pointer-gestures", gestures_cases, N(gestures_cases),
	NULL};
