#!/usr/bin/env python3
"""The keymap waits for the first frame (issue 19, item 4): with PICOWL_START_TRACE the start's
phases show the first frame before the keymap, compiled once; that keymap is the one the config
names ([input] xkb_layout = de, recorded at the start and compiled later), so a client gets its
keysyms (evdev Z is y, Y is z)."""

import os

import harness
import session
from harness import check, log

CONFIG = '[input]\nxkb_layout = de\n'


def phases(err):
	return [l.split()[2] for l in harness.log_lines(err) if l.startswith('picowl: start: ')]


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	s = harness.Session(args, extra_args=['--test-hooks'])
	conf = os.path.join(s.home, '.config', 'picowl', 'picowl.ini')
	os.makedirs(os.path.dirname(conf), exist_ok=True)
	with open(conf, 'w') as f:
		f.write(CONFIG)
	os.environ['PICOWL_START_TRACE'] = '1'
	try:
		s.__enter__()
	finally:
		del os.environ['PICOWL_START_TRACE']
	try:
		s.poll(lambda: 'keymap' in phases(s.picowl_stderr()), 'picowl traces its keymap')
		got = phases(s.picowl_stderr())
		log('phases: %s' % ' '.join(got))
		check(got.count('keymap') == 1, 'the keymap compiled %d times' % got.count('keymap'))
		check('first-frame' in got and got.index('first-frame') < got.index('keymap'),
		      'the keymap before the first frame: %s' % got)
		check('listening' in got and got.index('listening') < got.index('first-frame'),
		      'no listening before the first frame: %s' % got)
		state = session.spawn_drawn(s, client)
		for name, want in (('KEY_Z', 'y'), ('KEY_Y', 'z')):
			before = open(state).read().count('keysym ')
			session.ctl(s, 'inject', 'key', name)
			s.poll(lambda: open(state).read().count('keysym ') >= before + 2,
			       '%s reaches the client' % name, timeout=5)
			syms = [l.split()[1] for l in open(state).read().splitlines()
				if l.startswith('keysym ')][before:]
			check(syms[0] == want, '%s: keysym %s in the client\'s keymap, not %s (de)'
			      % (name, syms[0], want))
			log('%s: %s' % (name, syms[0]))
		check(phases(s.picowl_stderr()).count('keymap') == 1, 'the keymap compiled again')
		s.check_alive('after the keys')
	finally:
		s.__exit__(None, None, None)


if __name__ == '__main__':
	harness.main(run)
