#!/usr/bin/env python3
"""With two idle clients mapped, picowl wakes up zero times in 5 seconds.

Two foot instances that print nothing and hide their cursor are mapped; once the screen is
stable, picowl's context switches (voluntary + involuntary, summed over its threads, from
/proc/PID/task/*/status) are read before and after 5 seconds in which nothing happens. No
screenshot is taken in between: grim itself wakes picowl up.
"""

import glob
import time

import harness
from harness import check, log

IDLE_SECONDS = 5.0


def context_switches(pid):
	total = 0
	for path in glob.glob('/proc/%d/task/*/status' % pid):
		try:
			with open(path) as f:
				for line in f:
					if line.startswith(('voluntary_ctxt_switches:',
							    'nonvoluntary_ctxt_switches:')):
						total += int(line.split()[1])
		except FileNotFoundError:
			pass	# a thread that ended meanwhile
	return total


def threads(pid):
	return len(glob.glob('/proc/%d/task/*' % pid))


def run():
	args = harness.parse_args()
	harness.need(args.foot, 'foot', 'foot')
	bg1 = harness.parse_rgb(harness.FOOT_BG)
	bg2 = (0, 0, 255)

	with harness.Session(args) as s:
		W, H = s.width, s.height
		t1, t2 = harness.tile_boxes(2, W, H)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)

		one = harness.content_box(harness.tile_boxes(1, W, H)[0])
		s.spawn(harness.foot_cmd(s, harness.FOOT_BG), 'foot-1')
		s.wait_for(lambda img: harness.solid_problems(img, one, bg1, 'foot 1'),
			   'foot 1 fills the output')
		s.spawn(harness.foot_cmd(s, '0000ff'), 'foot-2')

		def problems(img):
			return (harness.solid_problems(img, c1, bg1, 'foot 1')
				+ harness.solid_problems(img, c2, bg2, 'foot 2'))

		prev = s.wait_for(problems, 'both foot instances are mapped')
		# Stable: two screenshots in a row, half a second apart, show the same.
		deadline = time.monotonic() + 20
		while True:
			time.sleep(0.5)
			img = s.screenshot()
			if img.data == prev.data:
				break
			check(time.monotonic() < deadline, 'the screen did not settle in 20 s')
			prev = img

		# Let the last screenshot's frame callbacks and the grim disconnect finish.
		time.sleep(1.0)
		pid = s.pid
		before = context_switches(pid)
		log('picowl has %d thread(s); %d context switches so far' % (threads(pid), before))
		time.sleep(IDLE_SECONDS)
		after = context_switches(pid)
		s.check_alive()
		woke = after - before
		log('picowl woke up %d time(s) in %g s with two idle clients' % (woke, IDLE_SECONDS))
		check(woke == 0, 'picowl woke up %d times in %g s while nothing changed'
		      % (woke, IDLE_SECONDS))
		# still correct afterwards
		img = s.screenshot()
		check(not problems(img), 'after idling: %s' % problems(img))


harness.main(run)
