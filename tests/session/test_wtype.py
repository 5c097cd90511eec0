#!/usr/bin/env python3
"""`wtype hello` (the Debian package wtype, a zwp_virtual_keyboard_v1 client) reaches a focused
test client (tests/vm/vmclient, which logs each key's keysym in the keymap it last got) as the
keysyms h e l l o, pressed and released: picowl sends the client wtype's keymap before the first
key, and its own keymap back when wtype's virtual keyboard goes. Before picowl had the virtual
keyboard manager wtype exited with "Compositor does not support the virtual keyboard protocol"
(issue 16)."""

import os
import subprocess

import harness
import session
from harness import check, log

MANAGER = 'zwp_virtual_keyboard_manager_v1'


def lines(path, kind):
	return [line.split()[1:] for line in open(path).read().splitlines()
		if line.split() and line.split()[0] == kind]


def as_nobody(cmd):
	return ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] + cmd


def private_to_own_user(s, wtype):
	"""A virtual keyboard types into every window: another user's client is not offered it."""
	if os.getuid() != 0:
		log('not root: the check as another user is left out')
		return
	# let nobody reach the socket for this check alone
	with session.socket_open_to_all(s):
		listed = {}
		for who, cmd in (('own', ['wayland-info']), ('other', as_nobody(['wayland-info']))):
			r = subprocess.run(cmd, env=s.client_env(), stdin=subprocess.DEVNULL,
					   capture_output=True, text=True, timeout=20)
			check(r.returncode == 0, '%s: status %d: %s' % (' '.join(cmd), r.returncode,
									r.stderr))
			listed[who] = MANAGER in r.stdout
		r = subprocess.run(as_nobody([wtype, 'x']), env=s.client_env(),
				   stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=20)
	check(listed['own'], '%s is not offered to picowl\'s own user' % MANAGER)
	check(not listed['other'], '%s is offered to another user\'s client' % MANAGER)
	check(r.returncode != 0, 'wtype as another user typed: %s' % r.stderr)
	log('%s: offered to picowl\'s user, not to nobody (wtype as nobody: %s)'
	    % (MANAGER, r.stderr.strip()))


def run():
	args, client, wtype = session.parse_typist_args('wtype', 'wtype')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		state = session.spawn_drawn(s, client)
		seat_keymap = lines(state, 'keymap')
		check(len(seat_keymap) == 1, 'the client got %d keymaps at start' % len(seat_keymap))
		w = s.spawn([wtype, 'hello'], 'wtype')
		code = w.wait(20)
		check(code == 0, 'wtype failed (status %s): %s' % (code, w.stderr().strip()))
		want = [[c, p] for c in 'hello' for p in ('1', '0')]
		s.poll(lambda: len(lines(state, 'keysym')) >= len(want), 'the keys reach the client',
		       timeout=10)
		got = lines(state, 'keysym')
		check(got == want, 'the client got the keysyms %s, not %s' % (got, want))
		log('wtype hello: %s' % ' '.join(n + ('+' if p == '1' else '-') for n, p in got))
		# wtype's keymap before its first key, picowl's again once wtype's keyboard went
		s.poll(lambda: len(lines(state, 'keymap')) >= 3, 'the seat keymap comes back', timeout=10)
		log_lines = [line.split()[0] for line in open(state).read().splitlines()
			     if line.split() and line.split()[0] in ('keymap', 'key')]
		keymaps = lines(state, 'keymap')
		check(log_lines[:3] == ['keymap', 'keymap', 'key'] and log_lines[-1] == 'keymap',
		      'keymaps and keys in the wrong order: %s' % log_lines)
		check(keymaps[1] != seat_keymap[0] and keymaps[-1] == seat_keymap[0],
		      'keymap sizes %s: not the seat\'s, wtype\'s, the seat\'s' % keymaps)
		log('keymaps: the seat\'s (%s bytes), wtype\'s (%s), the seat\'s again'
		    % (seat_keymap[0][0], keymaps[1][0]))
		check(lines(state, 'enter') == [[]], 'the client lost the keyboard focus')
		# Logo+f is picowl's fullscreen binding; from a virtual keyboard it is the window's
		before = len(lines(state, 'keysym'))
		w = s.spawn([wtype, '-M', 'logo', '-k', 'f', '-m', 'logo'], 'wtype-logo-f')
		check(w.wait(20) == 0, 'wtype -M logo -k f failed: %s' % w.stderr().strip())
		s.poll(lambda: len(lines(state, 'keysym')) >= before + 2, 'Logo+f reaches the client',
		       timeout=10)
		check(lines(state, 'keysym')[before:] == [['f', '1'], ['f', '0']],
		      'Logo+f from wtype: the client got %s' % lines(state, 'keysym')[before:])
		check(any(m[0] != '0' for m in lines(state, 'modifiers')),
		      'the client never got the Logo modifier')
		tiles = session.ctl(s, 'tiles')
		check('fullscreen' not in tiles, 'Logo+f from wtype ran the binding: %s' % tiles)
		log('Logo+f from wtype went to the window, not to the fullscreen binding')
		private_to_own_user(s, wtype)
		s.check_alive('after wtype')


if __name__ == '__main__':
	harness.main(run)
