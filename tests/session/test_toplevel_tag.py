#!/usr/bin/env python3
"""The toplevel tag's use (xdg-toplevel-tag; decision 4.96): [touch] emulate_app_ids matches a
window's tag as it matches an app_id. Two shellclient windows bind wl_touch, both with the app_id
shellclient; the one tagged picowl-emulated (listed in emulate_app_ids) gets BTN_LEFT from a tap,
the one tagged other gets the touch."""

import os

import harness
import session
from harness import check, log

BTN_LEFT = 272


def lines(path):
	return open(path).read().splitlines()


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'shellclient', '(built by meson)')
	s = harness.Session(args, extra_args=['--test-hooks'])
	config = os.path.join(s.home, '.config', 'picowl', 'picowl.ini')
	with open(config, 'w') as f:
		f.write('[touch]\nemulate_app_ids = picowl-emulated\n')
	with s:
		states = []
		for tag in ('picowl-emulated', 'other'):
			state = os.path.join(s.dir, tag + '.state')
			open(state, 'w').close()
			s.spawn([client, state, 'tag', tag], 'shellclient-' + tag)
			s.poll(lambda: 'mapped' in lines(state), 'shellclient %s maps' % tag, timeout=10)
			states.append(state)
		tiles = harness.tile_boxes(2, s.width, s.height)
		for tile, state, want in zip(tiles, states, ('button %d 1' % BTN_LEFT, 'touch')):
			x, y = session.centre(harness.content_box(tile))
			session.touch(s, 'tap', x, y)
			s.poll(lambda: want in lines(state), '"%s" from a tap on %s' % (want, tile))
		check(not any(l.startswith('button') for l in lines(states[1])),
		      'the window tagged other got a button: %s' % lines(states[1]))
		check('touch' not in lines(states[0]), 'the tagged window got the touch')
		log('a tap: BTN_LEFT to the window tagged picowl-emulated, the touch to the other')
		s.check_alive('after the taps')


harness.main(run)
