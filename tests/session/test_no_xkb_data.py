#!/usr/bin/env python3
"""picowl on a device image without xkb data (issue 16: it did not start, "cannot create the
Wayland globals"): it says so and uses the keymap built in at build time (the us layout), and
keys reach a focused client, also those named by keysym through that keymap."""

import os
import tempfile

import harness
import session
from harness import check, log


def keys(path):
	return [tuple(int(v) for v in line.split()[1:]) for line in open(path).read().splitlines()
		if line.startswith('key ')]


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	empty = tempfile.mkdtemp(prefix='picowl-no-xkb-')
	s = harness.Session(args, extra_args=['--test-hooks'])
	# picowl alone sees no xkb data: its clients (picowl-ctl's keysym names) keep theirs
	os.environ['XKB_CONFIG_ROOT'] = empty
	try:
		s.__enter__()
	finally:
		del os.environ['XKB_CONFIG_ROOT']
	try:
		s.poll(lambda: 'using the one built in' in s.picowl_stderr(),
		       'picowl says it uses its built-in keymap')
		log([l for l in s.picowl_stderr().splitlines() if 'keyboard' in l][0])
		state = session.spawn_drawn(s, client)
		for name, want in (('a', [(30, 1), (30, 0)]),
				   ('exclam', [(42, 1), (2, 1), (2, 0), (42, 0)])):
			before = len(keys(state))
			session.ctl(s, 'inject', 'key', name)
			s.poll(lambda: len(keys(state)) >= before + len(want), '%s reaches the client'
			       % name, timeout=5)
			got = keys(state)[before:]
			check(got == want, 'inject key %s: the client got %s, not %s' % (name, got, want))
			log('inject key %s: %s' % (name, got))
		s.check_alive('with the built-in keymap')
	finally:
		s.__exit__(None, None, None)


if __name__ == '__main__':
	harness.main(run)
