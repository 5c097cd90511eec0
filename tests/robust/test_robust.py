#!/usr/bin/env python3
"""One flooding client (robust.c, --mode never-read|commit-burst|many-clients) next to a
well-behaved one: the flood gets no protocol error (never-read may be disconnected), picowl
lives, the good one (weston-simple-shm) goes on being drawn and animating during and after, and
picowl's open file descriptors return to their count from before the bad client.
"""

import os
import subprocess

import harness
from harness import check, log

GREEN = (0, 255, 0)
# Modes whose client does not map its green toplevel before misbehaving.
UNMAPPED = ('many-clients',)


def fd_count(pid):
	return len(os.listdir('/proc/%d/fd' % pid))


def add_args(p):
	p.add_argument('--mode', required=True)
	p.add_argument('--robust', required=True)


def animates(s, box, what):
	first = s.screenshot()
	s.wait_for(lambda img: [] if img.region_bytes(box) != first.region_bytes(box)
		   else ['%s did not change' % what], what + ' animates', timeout=20)


def run():
	args = harness.parse_args(add_args)
	shm_path = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	robust = harness.need(args.robust, 'robust test client', '(built by meson)')

	with harness.Session(args) as s:
		good, alone, c1, c2 = harness.spawn_good_shm(s, shm_path)
		fds_before = fd_count(s.pid)
		log('picowl has %d open fds with the good client alone' % fds_before)

		# it leaks on purpose: it exits on the error without tearing down
		bad = s.spawn([robust, '--wait-stdin', args.mode], 'robust-' + args.mode,
			      stdin=subprocess.PIPE, env={'ASAN_OPTIONS': 'detect_leaks=0'})
		s.poll(lambda: 'mapped' in bad.stdout() or not bad.alive(),
		       'the robust client connects', timeout=20)
		check(bad.alive(), 'the robust client ended before misbehaving (status %s): %s %s'
		      % (bad.proc.returncode, bad.stdout(), bad.stderr()))
		if args.mode not in UNMAPPED:
			s.wait_for(lambda img: harness.shm_problems(img, c1)
				   + harness.solid_problems(img, c2, GREEN, 'robust'),
				   'simple-shm and the green robust client side by side')
			log('robust client mapped in tile 2; now it misbehaves: %s' % args.mode)
		bad.proc.stdin.write(b'go\n')
		bad.proc.stdin.close()
		# while it misbehaves (never-read takes seconds), the good one is drawn
		s.check_alive('while the client misbehaves')
		animates(s, c1, 'the good simple-shm (while the bad client misbehaves)')
		code = bad.wait(60)
		out = bad.stdout()
		log(out.strip())
		check(code == 0, 'the robust client did not get the expected answer '
		      '(status %d):\n%s%s' % (code, out, bad.stderr()))

		s.check_alive('after the bad client went')
		s.wait_for(lambda img: harness.shm_problems(img, alone, forbid=[GREEN]),
			   'the good simple-shm fills the output again')
		animates(s, alone, 'the good simple-shm')
		check(good.alive(), 'the good simple-shm died (status %s): %s'
		      % (good.proc.returncode, good.stderr()))
		log('the good simple-shm is still drawn and animating')

		s.poll(lambda: fd_count(s.pid) <= fds_before,
		       'picowl is back to %d open fds (has %d)' % (fds_before, fd_count(s.pid)),
		       timeout=10)
		log('picowl open fds: %d before the bad client, %d after'
		    % (fds_before, fd_count(s.pid)))
		s.check_alive('at the end')


harness.main(run)
