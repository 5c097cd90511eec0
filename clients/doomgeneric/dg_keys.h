/*
 * Keys: XKB keysyms to doom's key codes (the engine's doomkeys.h), and the queue DG_GetKey
 * reads. Pure: xkbcommon's keysym names only, no Wayland.
 */
#ifndef DG_KEYS_H
#define DG_KEYS_H

#include <stdbool.h>
#include <stdint.h>
#include <xkbcommon/xkbcommon.h>

/*
 * The doom key for a keysym (the unshifted one of the key), or 0 when the key means nothing
 * to the game. Letters give lower-case ASCII, as the engine expects.
 */
unsigned char dg_key_from_keysym(xkb_keysym_t sym);

/* One row of the handheld button table, for doc/doom.md and the tests. */
struct dg_key_button {
	xkb_keysym_t sym;
	unsigned char key;
	const char *button; /* the button and the kernel key code that gives the keysym */
};

/* The handheld buttons' table, ended by a row with sym 0. */
extern const struct dg_key_button dg_key_buttons[];

#define DG_KEYQUEUE_SIZE 64

/* Key events waiting for DG_GetKey; also which doom keys are down, to release them on leave. */
struct dg_keyqueue {
	uint16_t ev[DG_KEYQUEUE_SIZE]; /* pressed << 8 | key */
	unsigned int head, tail; /* read at head, write at tail */
	uint8_t down[256 / 8];
	unsigned int dropped;
};

/* Queues an event; a press of a key already down and a release of a key up are dropped. */
void dg_keyqueue_push(struct dg_keyqueue *q, bool pressed, unsigned char key);

/* Takes the oldest event; false when empty. */
bool dg_keyqueue_pop(struct dg_keyqueue *q, int *pressed, unsigned char *key);

/* Queues a release for every key down (focus left the window). */
void dg_keyqueue_release_all(struct dg_keyqueue *q);

#endif
