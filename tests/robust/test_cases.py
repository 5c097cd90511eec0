#!/usr/bin/env python3
"""robust-cases GROUP (cases.h) against picowl headless: each hostile case gets its protocol
error or disconnect on its own connection while the program's good client keeps getting frame
callbacks; picowl lives, reports no sanitizer error, and its open file descriptors return to
their count from before.
"""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'integration'))

import harness  # noqa: E402
from harness import check, log  # noqa: E402


def fd_count(pid):
	return len(os.listdir('/proc/%d/fd' % pid))


def add_args(p):
	p.add_argument('--cases', required=True)
	p.add_argument('--group', required=True)
	p.add_argument('--robust', default='')


def run():
	args = harness.parse_args(add_args)
	cases = harness.need(args.cases, 'robust-cases', '(built by meson)')

	with harness.Session(args) as s:
		fds_before = fd_count(s.pid)
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
		s.poll(lambda: fd_count(s.pid) <= fds_before,
		       'picowl is back to %d open fds (has %d)' % (fds_before, fd_count(s.pid)),
		       timeout=10)
		log('picowl open fds: %d before, %d after' % (fds_before, fd_count(s.pid)))


harness.main(run)
