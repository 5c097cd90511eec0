#!/usr/bin/env python3
"""A dying client next to a well-behaved one: a second weston-simple-shm killed with SIGKILL
while it animates (three times, at varying moments of its frame cycle); picowl lives, and the
good one (weston-simple-shm, animating) goes on being drawn. The hostile clients that get a
protocol error are cases of robust-cases (tests/robust/cases_core.c and the other cases*.c).
"""

import random
import time

import harness
from harness import check, log

GREEN = (0, 255, 0)


def run():
	args = harness.parse_args()
	shm_path = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')

	with harness.Session(args) as s:
		good, alone, c1, c2 = harness.spawn_good_shm(s, shm_path)

		for n in range(3):
			bad = s.spawn([shm_path], 'doomed-simple-shm-%d' % n)
			s.wait_for(lambda img: harness.shm_problems(img, c1)
				   + harness.shm_problems(img, c2, name='doomed simple-shm'),
				   'two simple-shm side by side')
			# it redraws every frame: any moment is mid-frame, vary it anyway
			time.sleep(random.uniform(0, 0.05))
			bad.kill()
			code = bad.wait(10)
			log('killed doomed simple-shm %d: status %d' % (n, code))
			check(code == -9, 'doomed simple-shm ended with %d, not by SIGKILL' % code)
			survivor_drawn(s, good, alone)

		check(good.alive(), 'the good simple-shm died (status %s): %s'
		      % (good.proc.returncode, good.stderr()))
		s.check_alive('at the end')


def survivor_drawn(s, good, box):
	"""The other client is gone: the good one fills `box` again and keeps animating."""
	s.check_alive('after the bad client went')
	first = s.wait_for(lambda img: harness.shm_problems(img, box, forbid=[GREEN]),
			   'the good simple-shm fills the output again')
	s.wait_for(lambda img: [] if img.region_bytes(box) != first.region_bytes(box)
		   else ['the good simple-shm did not change'], 'the good simple-shm animates')
	check(good.alive(), 'the good simple-shm died (status %s): %s'
	      % (good.proc.returncode, good.stderr()))
	log('the good simple-shm is still drawn and animating')


harness.main(run)
