#!/usr/bin/env python3
"""The lock screen (ext-session-lock-v1, issue 17): a locker of ours (lockclient.c, blue) locks
the session over a magenta and yellow client (vmclient). While locked the screenshot shows none of
that client, injected keys and a tap reach only the locker and Logo+Shift+q does not quit
picowl. After a
SIGKILL of the locker the screen stays locked, a plain colour, and keys reach no one; a new locker
gets `locked` and unlocks, and the client is back with the keys. With --swaylock, Debian's
swaylock locks and draws its colour, and after its SIGKILL a lockclient unlocks; at the end the
doc/session.md's binding (KEY = spawn swaylock ...) starts swaylock from an injected key and the session
is locked. The first locker turns the display off in the burst of its lock request: it must
get `locked` while the display is off (nothing is shown), and the waking key reaches no one."""

import os
import re
import signal
import time

import harness
import session
from harness import check, log

MAGENTA = (255, 0, 255)
YELLOW = (255, 255, 0)
BLUE = (0, 0, 255)
LOCKED = (0, 0, 0)  # PW_SESSION_LOCK_COLOR
SWAYLOCK = (0, 128, 0)


def lines(path):
	return open(path).read().splitlines()


def keys(path):
	return [tuple(int(x) for x in l.split()[1:]) for l in lines(path) if l.startswith('key ')]


def touches(path):
	return [l for l in lines(path) if l.startswith('touch down')]


def whole(img):
	return (0, 0, img.width, img.height)


def client_hidden(img):
	box = whole(img)
	return img.count_close(box, MAGENTA) == 0 and img.count_close(box, YELLOW) == 0


def lock(s, lockclient, name, *extra):
	state = os.path.join(s.dir, name + '.state')
	open(state, 'w').close()
	proc = s.spawn([lockclient, state] + list(extra), name)
	s.poll(lambda: 'locked' in lines(state), '%s gets locked' % name)
	return proc, state


def readme_lock_binding(path):
	"""doc/session.md's binding that starts swaylock: (key, its picowl.ini line)."""
	m = re.search(r'^ +((\S+) = spawn swaylock\b.*)$', open(path).read(), re.M)
	check(m, 'doc/session.md has no binding line "KEY = spawn swaylock ..."')
	return m.group(2), m.group(1)


def session_pids(s, comm):
	"""The processes named comm that run in this session (its XDG_RUNTIME_DIR)."""
	pids = []
	for pid in [int(p) for p in os.listdir('/proc') if p.isdigit()]:
		try:
			with open('/proc/%d/comm' % pid) as f:
				if f.read().strip() != comm:
					continue
			with open('/proc/%d/environ' % pid, 'rb') as f:
				env = f.read().split(b'\0')
		except OSError:
			continue
		if ('XDG_RUNTIME_DIR=' + s.runtime).encode() in env:
			pids.append(pid)
	return pids


def run():
	def more(p):
		p.add_argument('--client', required=True)
		p.add_argument('--locker', required=True)
		p.add_argument('--swaylock', default='')
	args = session.parse_args_with(more)
	vmclient = harness.need(args.client, 'vmclient', '(built by meson)')
	lockclient = harness.need(args.locker, 'lockclient', '(built by meson)')
	s = harness.Session(args, extra_args=['--test-hooks'])
	if args.swaylock:
		key, line = readme_lock_binding(args.readme)
		with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
			f.write('[bindings]\n%s\n' % line)
	with s:
		below = session.spawn_drawn(s, vmclient)
		s.poll(lambda: s.screenshot().count_close(whole(s.screenshot()), MAGENTA) > 0,
		       'the client is on the screenshot')

		# The locker turns the display off with its lock request, before picowl could paint a
		# locked frame: a dark screen hides the session too, so `locked` comes while it is off.
		locker, state = lock(s, lockclient, 'locker1', '--power-off')
		check(session.ctl(s, 'power', 'status').strip() == 'off',
		      'the display is not off after the locker turned it off')
		session.ctl(s, 'inject', 'key', 'x')
		s.poll(lambda: session.ctl(s, 'power', 'status').strip() == 'on', 'a key wakes it')
		log('locked while the display was off; a key turned it on')
		s.poll(lambda: any(l.startswith('drawn') for l in lines(state)), 'the locker draws')
		s.poll(lambda: session.mostly(s.screenshot(), whole(s.screenshot()), BLUE, 0.95),
		       'the lock surface covers the output')
		check(client_hidden(s.screenshot()), 'the client shows through the lock')
		s.poll(lambda: 'enter' in lines(state), 'the locker has the keyboard')
		# a window mapping while locked is focused as ever, but must not get the keyboard
		late = os.path.join(s.dir, 'late.state')
		open(late, 'w').close()
		s.spawn([vmclient, late], 'vmclient-late')
		s.poll(lambda: 'configured' in open(late).read(), 'a client mapping while locked')
		time.sleep(0.5)
		before = len(keys(below))
		session.ctl(s, 'inject', 'key', 'a')
		s.poll(lambda: (30, 1) in keys(state) and (30, 0) in keys(state), 'a reaches the locker')
		check((45, 1) not in keys(state), 'the key that woke the display reached the locker')
		session.ctl(s, 'inject', 'key', 'super+shift+q')
		s.poll(lambda: (16, 1) in keys(state), 'Logo+Shift+q reaches the locker as keys')
		check(s.alive(), 'Logo+Shift+q quit picowl while locked')
		session.ctl(s, 'inject', 'touch', 'tap', '60', '60')
		s.poll(lambda: any(l.startswith('touch down') for l in lines(state)),
		       'a tap reaches the locker')
		time.sleep(0.3)
		check(len(keys(below)) == before, 'the client under the lock got keys: %s'
		      % keys(below)[before:])
		check(not keys(late) and 'enter' not in lines(late),
		      'the client that mapped while locked got the keyboard: %s' % keys(late))
		check(client_hidden(s.screenshot()), 'a client that mapped while locked shows')
		check(not touches(below) and not touches(late), 'a tap under the lock reached a client')
		log('locked: only the locker is shown and gets keys; the quit binding did not run')

		locker.kill(signal.SIGKILL)
		locker.wait(5)
		s.poll(lambda: session.mostly(s.screenshot(), whole(s.screenshot()), LOCKED, 0.99),
		       'the screen stays locked in its plain colour after the locker died')
		check(client_hidden(s.screenshot()), 'the client shows after the locker died')
		session.ctl(s, 'inject', 'key', 'b')
		session.ctl(s, 'inject', 'touch', 'tap', '60', '60')
		time.sleep(0.5)
		check(len(keys(below)) == before, 'a key reached the client after the locker died')
		check(not touches(below) and not touches(late),
		      'a tap reached a client after the locker died')
		log('locker killed: the screen is the plain colour, keys reach no one')

		if args.swaylock:
			sway = s.spawn([args.swaylock, '-c', '008000', '--no-unlock-indicator'],
				       'swaylock')
			s.poll(lambda: session.mostly(s.screenshot(), whole(s.screenshot()), SWAYLOCK,
						      0.95), 'swaylock locks and draws its colour')
			check(client_hidden(s.screenshot()), 'the client shows through swaylock')
			sway.kill(signal.SIGKILL)
			sway.wait(5)
			s.poll(lambda: session.mostly(s.screenshot(), whole(s.screenshot()), LOCKED,
						      0.99), 'the plain colour after swaylock died')
			log('swaylock: locked and drawn; killed, the session stays locked')

		_, state2 = lock(s, lockclient, 'locker2')
		s.poll(lambda: 'enter' in lines(state2), 'the new locker has the keyboard')
		session.ctl(s, 'inject', 'key', 'u')
		s.poll(lambda: 'unlocked' in lines(state2), 'the new locker unlocks')
		s.poll(lambda: s.screenshot().count_close(whole(s.screenshot()), MAGENTA) > 0,
		       'the client is back after the unlock')
		session.ctl(s, 'inject', 'key', 'c')
		s.poll(lambda: (46, 1) in keys(below)[before:] + keys(late),
		       'keys reach a client again')
		log('a new locker unlocked: the client is shown and gets the keys')

		if args.swaylock:
			# doc/session.md's binding, as written there, starts swaylock (-f: it forks once locked).
			session.ctl(s, 'inject', 'key', key)
			s.poll(lambda: session_pids(s, 'swaylock'), 'the binding %s starts swaylock' % key)
			s.poll(lambda: client_hidden(s.screenshot()), 'the binding\'s swaylock locks')
			shown = keys(below)
			session.ctl(s, 'inject', 'key', 'd')
			time.sleep(0.5)
			check(keys(below) == shown, 'a key reached the client under swaylock')
			for pid in session_pids(s, 'swaylock'):
				os.kill(pid, signal.SIGKILL)
			log('the binding "%s" started swaylock: the session is locked' % line)
		s.check_alive('after the lock screen')


if __name__ == '__main__':
	harness.main(run)
