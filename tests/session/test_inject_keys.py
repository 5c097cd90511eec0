#!/usr/bin/env python3
"""picowl-ctl inject key takes xkb keysym names (issue 16: `inject key escape` was refused), found
in the keymap picowl sends, with Shift for a keysym on a key's second level; its own short names
and evdev's still work, and a name that is none of them is refused, naming it. The keys reach
a focused test client (tests/vm/vmclient logs each key it gets)."""

import subprocess

import harness
import session
from harness import check, log

# name -> the evdev (code, pressed) sequence the client must get
CASES = [
	('escape', [(1, 1), (1, 0)]),
	('Escape', [(1, 1), (1, 0)]),
	('exclam', [(42, 1), (2, 1), (2, 0), (42, 0)]),
	('XF86AudioMute', [(113, 1), (113, 0)]),
	('KEY_ESC', [(1, 1), (1, 0)]),
	('return', [(28, 1), (28, 0)]),
	('ctrl+BackSpace', [(29, 1), (14, 1), (14, 0), (29, 0)]),
]


def keys(path):
	out = []
	for line in open(path).read().splitlines():
		f = line.split()
		if len(f) == 3 and f[0] == 'key':
			out.append((int(f[1]), int(f[2])))
	return out


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		state = session.spawn_drawn(s, client)
		for name, want in CASES:
			before = len(keys(state))
			session.ctl(s, 'inject', 'key', name)
			s.poll(lambda: len(keys(state)) >= before + len(want), '%s reaches the client' % name,
			       timeout=5)
			got = keys(state)[before:]
			check(got == want, 'inject key %s: the client got %s, not %s' % (name, got, want))
			log('inject key %s: %s' % (name, ' '.join('%d%s' % (c, '+' if p else '-')
							   for c, p in got)))
		r = subprocess.run([args.ctl, 'inject', 'key', 'nosuchkeysym'], env=s.client_env(),
				   capture_output=True, text=True, timeout=20)
		check(r.returncode == 2 and '"nosuchkeysym"' in r.stderr,
		      'a name that is no key: status %d, %r' % (r.returncode, r.stderr))
		log('refused: %s' % r.stderr.strip())
		s.check_alive('after the keys')


if __name__ == '__main__':
	harness.main(run)
