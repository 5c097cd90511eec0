#!/usr/bin/env python3
"""wvkbd-mobintl (the Debian package wvkbd: a layer-shell keyboard at the bottom that types
through zwp_virtual_keyboard_v1) types into the focused test client: a tap injected at a key's
position (`picowl-ctl inject touch tap X Y`) reaches vmclient as that letter, and the keyboard
focus stays on the client (wvkbd's layer surface asks for no keyboard interactivity). Between
two taps a key from picowl's own keyboard (`picowl-ctl inject key a`) switches the client back
to picowl's keymap, and the next tap to wvkbd's again. wvkbd exited with
"virtual_keyboard_manager not available" before (issue 16)."""

import harness
import session
from harness import check, log

HEIGHT = 150  # wvkbd -H: its surface's height in pixels at the bottom of the output
MAGENTA = (255, 0, 255)  # vmclient's fill


def key_centre(width, out_height, row, units_before, key_units, row_units, rows=6):
	"""The centre of a key in wvkbd's layout (keyboard.c kbd_init_layout): rows of equal
	height, keys as wide as their share of the row's units."""
	keyheight = HEIGHT // rows
	x = (units_before + key_units / 2.0) * width / row_units
	y = out_height - HEIGHT + row * keyheight + keyheight // 2
	return int(x), int(y)


def entries(path):
	return [line.split() for line in open(path).read().splitlines() if line.split()]


def run():
	args, client, wvkbd = session.parse_typist_args('wvkbd-mobintl', 'wvkbd')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		state = session.spawn_drawn(s, client)
		kb = s.spawn([wvkbd, '-l', 'full', '-H', str(HEIGHT), '-O'], 'wvkbd')
		# its layout ("full", 6 rows): row 2 is a half-unit pad and q..p (10.5 units), row 3
		# Cmp, a..l and a half-unit pad (10.5 units)
		taps = [('h', key_centre(s.width, s.height, 3, 6, 1, 10.5)),
			('e', key_centre(s.width, s.height, 2, 2.5, 1, 10.5))]
		s.poll(lambda: 'Resize' in open(kb.err_path).read(), 'wvkbd shows its keyboard')
		# wvkbd logs Resize at its configure, before its first buffer is shown: a tap before
		# that lands on the client (magenta), so wait until no tap point shows the client
		s.wait_for(lambda img: ['the client under %d,%d' % pos for _, pos in taps
					if harness.rgb_close(img.px(*pos), MAGENTA)], 'wvkbd\'s keys are drawn')
		seat_keymap = [e for e in entries(state) if e[0] == 'keymap']

		def keysyms():
			return [e[1:] for e in entries(state) if e[0] == 'keysym']

		def tap(letter, pos):
			before = len(keysyms())
			session.ctl(s, 'inject', 'touch', 'tap', str(pos[0]), str(pos[1]))
			s.poll(lambda: len(keysyms()) >= before + 2, 'the %s tap reaches the client'
			       % letter, timeout=10)
			got = keysyms()[before:]
			check(got == [[letter, '1'], [letter, '0']],
			      'a tap at %d,%d gave %s, not %s' % (pos[0], pos[1], got, letter))
			log('tap at %d,%d: %s' % (pos[0], pos[1], letter))

		tap(*taps[0])
		before = len(keysyms())
		session.ctl(s, 'inject', 'key', 'a')
		s.poll(lambda: len(keysyms()) >= before + 2, 'the injected key reaches the client')
		check(keysyms()[before:] == [['a', '1'], ['a', '0']],
		      'inject key a gave %s' % keysyms()[before:])
		tap(*taps[1])
		order = [e[0] if e[0] != 'keymap' else 'keymap ' + e[1] for e in entries(state)
			 if e[0] in ('keymap', 'key')]
		seat = 'keymap ' + seat_keymap[0][1]
		wv = [o for o in order if o.startswith('keymap') and o != seat]
		check(len(wv) >= 1, 'the client never got wvkbd\'s keymap: %s' % order)
		want = [seat, wv[0], 'key', 'key', seat, 'key', 'key', wv[0], 'key', 'key']
		check(order == want, 'keymaps and keys: %s, not %s' % (order, want))
		log('keymaps: the seat\'s, wvkbd\'s (h), the seat\'s (inject a), wvkbd\'s (e)')
		enters = [e for e in entries(state) if e[0] == 'enter']
		check(len(enters) == 1, 'the client lost the keyboard focus to wvkbd: %d enters'
		      % len(enters))
		check(kb.alive(), 'wvkbd exited: %s' % kb.stderr().strip())
		s.check_alive('after the taps')


if __name__ == '__main__':
	harness.main(run)
