/*
 * Shared by the two files of the fuzz-dispatch harness: fuzz_dispatch.c (the server, the
 * client's socket, the objects it has) and fuzz_requests.c (requests made of input bytes).
 */
#ifndef PW_FUZZ_H
#define PW_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <wayland-util.h>

#define MAX_OBJECTS 512
#define MAX_GLOBALS 32

/* The rest of the fuzzer's input, read a byte at a time; zeros once it ran out. */
struct input {
	const uint8_t *p;
	size_t left;
};

/* An object of the fuzzed client: made by one of its requests, or by picowl (a data offer). */
struct object {
	uint32_t id;
	const struct wl_interface *iface;
	bool dead; /* picowl no longer has it (after the last dispatch) */
};

struct fuzz_global {
	uint32_t name, version;
	const struct wl_interface *iface;
};

extern struct fuzz_global fz_globals[MAX_GLOBALS];
extern int fz_n_globals;
extern struct object fz_objects[MAX_OBJECTS];
extern int fz_n_objects;
extern uint32_t fz_next_id; /* the id the next new_id gets: picowl takes only that one */

uint8_t fz_u8(struct input *in);
uint32_t fz_u32(struct input *in);
/* An int argument: mostly 0, 1, -1, the extremes and small values; else any. */
uint32_t fz_pick_int(struct input *in);

void fz_add_object(uint32_t id, const struct wl_interface *iface);
/* A live (or, with live false, a dead) object, chosen by the input; NULL if none. */
struct object *fz_pick_object(struct input *in, bool live);

/* Sends one message with n_fds copies of the harness's memfd; false once the client is gone. */
bool fz_send(const uint32_t *words, size_t n, int n_fds);

/* One request to `o`, its opcode and arguments from the input. */
void fz_request(struct input *in, struct object *o);
/* wl_registry.bind of one of the globals, mostly at a version it offers. */
void fz_request_bind(struct input *in);

#endif
