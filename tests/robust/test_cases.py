#!/usr/bin/env python3
"""robust-cases GROUP (cases.h) against picowl headless: each hostile case gets its protocol
error or disconnect on its own connection while the program's good client keeps getting frame
callbacks; picowl lives, reports no sanitizer error, and its open file descriptors return to
their count from before.
"""

import os
import time

import harness
from harness import check, log


def fd_count(pid):
	return len(os.listdir('/proc/%d/fd' % pid))


def fd_targets(pid):
	out = []
	for fd in sorted(os.listdir('/proc/%d/fd' % pid), key=int):
		try:
			out.append('%s -> %s' % (fd, os.readlink('/proc/%d/fd/%s' % (pid, fd))))
		except OSError:
			pass
	return out


def add_args(p):
	p.add_argument('--cases', required=True)
	p.add_argument('--group', required=True)
	p.add_argument('--robust', default='')


def run():
	args = harness.parse_args(add_args)
	cases = harness.need(args.cases, 'robust-cases', '(built by meson)')

	# these groups make a pointer, press buttons or move the focus through the test hooks
	hooks = (['--test-hooks'] if args.group in ('seat', 'activation', 'popup-grab', 'data-drag',
						    'output-management', 'hostile')
		 else [])
	# picowl opens its signal fds after its socket and its keymap's memfd after its first
	# frame: count once its start is over, the last phase its start trace writes
	os.environ['PICOWL_START_TRACE'] = '1'
	session = harness.Session(args, extra_args=hooks)
	if args.group == 'budget':
		# the address space a 32-bit picowl gives a client (4.80), on any machine
		with open(os.path.join(session.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
			f.write('[limits]\nclient_mapped = 64M\n')
	with session as s:
		s.poll(lambda: 'picowl: start: autostart' in s.picowl_stderr(),
		       'picowl reports the end of its start')
		fds_before = fd_count(s.pid)
		targets_before = fd_targets(s.pid)
		start = time.monotonic()
		# it leaks on purpose: a connection that got an error is dropped, not torn down
		c = s.spawn([cases, args.group], 'robust-cases-' + args.group,
			    env={'ASAN_OPTIONS': 'detect_leaks=0'})
		code = c.wait(100)
		log(c.stdout().rstrip())
		log('%s: %.1f s' % (args.group, time.monotonic() - start))
		check(code == 0, 'robust-cases %s failed (status %d):\n%s' % (args.group, code,
									       c.stderr()))
		s.check_alive('after the cases')
		deadline = time.monotonic() + 10
		while fd_count(s.pid) > fds_before and time.monotonic() < deadline:
			time.sleep(0.05)
		if fd_count(s.pid) > fds_before:
			extra = [t for t in fd_targets(s.pid) if t not in targets_before]
			check(False, 'picowl is not back to %d open fds after 10 s; new ones:\n  %s'
			      % (fds_before, '\n  '.join(extra)))
		log('picowl open fds: %d before, %d after' % (fds_before, fd_count(s.pid)))


harness.main(run)
