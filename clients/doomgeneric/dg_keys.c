#include "dg_keys.h"

#include <xkbcommon/xkbcommon-keysyms.h>

#include "doomkeys.h"

/*
 * A handheld's buttons reach us as the keysyms XKB's evdev rules give their kernel codes
 * (gpio-keys on the iPAQs and their kin): the four application buttons are KEY_PROG1..4,
 * the side button KEY_RECORD, the rocker KEY_VOLUMEUP/DOWN. The d-pad gives the arrows and
 * its centre KEY_ENTER (or KEY_KPENTER), which the ordinary table below handles.
 */
const struct dg_key_button dg_key_buttons[] = {
	{XKB_KEY_XF86Launch1, KEY_FIRE, "application button 1 (KEY_PROG1)"},
	{XKB_KEY_XF86Launch2, KEY_USE, "application button 2 (KEY_PROG2)"},
	{XKB_KEY_XF86Launch3, KEY_RSHIFT, "application button 3 (KEY_PROG3)"},
	{XKB_KEY_XF86Launch4, KEY_ESCAPE, "application button 4 (KEY_PROG4)"},
	{XKB_KEY_XF86AudioRecord, KEY_TAB, "side record button (KEY_RECORD)"},
	{XKB_KEY_XF86AudioRaiseVolume, KEY_STRAFE_R, "volume rocker up (KEY_VOLUMEUP)"},
	{XKB_KEY_XF86AudioLowerVolume, KEY_STRAFE_L, "volume rocker down (KEY_VOLUMEDOWN)"},
	{0, 0, NULL},
};

static const struct {
	xkb_keysym_t sym;
	unsigned char key;
} keyboard[] = {
	{XKB_KEY_Right, KEY_RIGHTARROW},
	{XKB_KEY_Left, KEY_LEFTARROW},
	{XKB_KEY_Up, KEY_UPARROW},
	{XKB_KEY_Down, KEY_DOWNARROW},
	{XKB_KEY_KP_Right, KEY_RIGHTARROW},
	{XKB_KEY_KP_Left, KEY_LEFTARROW},
	{XKB_KEY_KP_Up, KEY_UPARROW},
	{XKB_KEY_KP_Down, KEY_DOWNARROW},
	{XKB_KEY_Return, KEY_ENTER},
	{XKB_KEY_KP_Enter, KEY_ENTER},
	{XKB_KEY_Escape, KEY_ESCAPE},
	{XKB_KEY_Tab, KEY_TAB},
	{XKB_KEY_BackSpace, KEY_BACKSPACE},
	{XKB_KEY_Pause, KEY_PAUSE},
	{XKB_KEY_Control_L, KEY_FIRE},
	{XKB_KEY_Control_R, KEY_FIRE},
	{XKB_KEY_space, KEY_USE},
	{XKB_KEY_Shift_L, KEY_RSHIFT},
	{XKB_KEY_Shift_R, KEY_RSHIFT},
	{XKB_KEY_Alt_L, KEY_LALT},
	{XKB_KEY_Alt_R, KEY_RALT},
	{XKB_KEY_comma, KEY_STRAFE_L},
	{XKB_KEY_period, KEY_STRAFE_R},
	{XKB_KEY_minus, KEY_MINUS},
	{XKB_KEY_equal, KEY_EQUALS},
	{XKB_KEY_F1, KEY_F1},
	{XKB_KEY_F2, KEY_F2},
	{XKB_KEY_F3, KEY_F3},
	{XKB_KEY_F4, KEY_F4},
	{XKB_KEY_F5, KEY_F5},
	{XKB_KEY_F6, KEY_F6},
	{XKB_KEY_F7, KEY_F7},
	{XKB_KEY_F8, KEY_F8},
	{XKB_KEY_F9, KEY_F9},
	{XKB_KEY_F10, KEY_F10},
	{XKB_KEY_F11, KEY_F11},
	{XKB_KEY_F12, KEY_F12},
};

unsigned char
dg_key_from_keysym(xkb_keysym_t sym)
{
	for (size_t i = 0; i < sizeof(keyboard) / sizeof(keyboard[0]); i++) {
		if (keyboard[i].sym == sym) {
			return keyboard[i].key;
		}
	}
	for (size_t i = 0; dg_key_buttons[i].sym; i++) {
		if (dg_key_buttons[i].sym == sym) {
			return dg_key_buttons[i].key;
		}
	}
	if (sym >= XKB_KEY_A && sym <= XKB_KEY_Z) {
		return (unsigned char)(sym - XKB_KEY_A + 'a');
	}
	/* the rest of printable ASCII is the keysym's own value */
	if (sym > XKB_KEY_space && sym <= XKB_KEY_asciitilde) {
		return (unsigned char)sym;
	}
	return 0;
}

static bool
is_down(const struct dg_keyqueue *q, unsigned char key)
{
	return q->down[key / 8] & (1u << (key % 8));
}

void
dg_keyqueue_push(struct dg_keyqueue *q, bool pressed, unsigned char key)
{
	if (key == 0 || is_down(q, key) == pressed) {
		return;
	}
	if (q->tail - q->head == DG_KEYQUEUE_SIZE) {
		/* the game stopped reading; drop presses, keep room for releases */
		q->dropped++;
		if (pressed) {
			return;
		}
		q->head++;
	}
	q->ev[q->tail % DG_KEYQUEUE_SIZE] = (uint16_t)((pressed ? 1u : 0u) << 8 | key);
	q->tail++;
	if (pressed) {
		q->down[key / 8] |= (uint8_t)(1u << (key % 8));
	} else {
		q->down[key / 8] &= (uint8_t) ~(1u << (key % 8));
	}
}

bool
dg_keyqueue_pop(struct dg_keyqueue *q, int *pressed, unsigned char *key)
{
	if (q->head == q->tail) {
		return false;
	}
	uint16_t ev = q->ev[q->head % DG_KEYQUEUE_SIZE];
	q->head++;
	*pressed = ev >> 8;
	*key = (unsigned char)(ev & 0xff);
	return true;
}

void
dg_keyqueue_release_all(struct dg_keyqueue *q)
{
	for (int k = 1; k < 256; k++) {
		if (is_down(q, (unsigned char)k)) {
			dg_keyqueue_push(q, false, (unsigned char)k);
		}
	}
}
