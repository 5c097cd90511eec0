#!/usr/bin/env python3
"""picowl keeps the panel it started (issue 38, decision 4.75): the real picowl-panel, started
from [panel] command, is killed (SIGKILL) and picowl starts it again after 1 s, draws the bar
again; killed again within a minute, after 2 s. A [panel] command that keeps failing (exit 3)
is started again after 1, 2 and 4 s, in that order; one that exits with status 0 is not
started again. The delays are read from picowl's log, not timed."""

import os
import re
import signal
import time

import harness
import session
from harness import check, log

BAR = (0, 0, 240, 16)
# The bar but its clock (and battery), left of the two 24-pixel buttons: a minute may turn
# between two pictures of it.
STILL = ((0, 0, 120, 16), (192, 0, 48, 16))


def still(img):
	return [img.region_bytes(box) for box in STILL]


def started_panels(s, name):
	return [int(m.group(1)) for line in harness.log_lines(s.picowl_stderr())
		for m in [re.search(r'started (?:\S*/)?%s \(pid (\d+)\)' % re.escape(name), line)] if m]


def restarts(s):
	return [line for line in harness.log_lines(s.picowl_stderr()) if 'started again in' in line]


def with_panel(args, command):
	s = harness.Session(args)
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[panel]\ncommand = %s\n' % command)
	return s


def run():
	args = session.parse_args()
	name = os.path.basename(args.panel)
	with with_panel(args, args.panel) as s:
		s.poll(lambda: started_panels(s, name), 'picowl starts the panel')
		bar = s.wait_until(lambda img: len(img.colours(BAR)) > 1, 'the panel draws its bar')
		first = started_panels(s, name)[0]
		os.kill(first, signal.SIGKILL)
		s.poll(lambda: len(started_panels(s, name)) == 2, 'the panel started again',
		       timeout=10)
		second = started_panels(s, name)[1]
		check(second != first, 'the same pid again')
		check(any('(pid %d) died (signal 9): started again in 1 s' % first in l
			  for l in restarts(s)), 'no restart after 1 s: %s' % restarts(s))
		s.wait_until(lambda img: still(img) == still(bar),
			     'the new panel draws the same bar (but the clock)')
		os.kill(second, signal.SIGKILL)
		s.poll(lambda: len(started_panels(s, name)) == 3, 'the panel started a third time',
		       timeout=10)
		check(any('(pid %d) died (signal 9): started again in 2 s' % second in l
			  for l in restarts(s)), 'the second delay is not 2 s: %s' % restarts(s))
		log('killed twice, the panel came back: %s' % ' | '.join(restarts(s)))
	with with_panel(args, "sh -c 'exit 3'") as s:
		s.poll(lambda: len(restarts(s)) >= 3, 'three restarts of a failing panel', timeout=20)
		delays = [int(re.search(r'in (\d+) s', l).group(1)) for l in restarts(s)][:3]
		log('a panel that exits 3: started again after %s s' % delays)
		check(delays == [1, 2, 4], 'the delays do not double: %s' % delays)
	with with_panel(args, "sh -c 'exit 0'") as s:
		s.poll(lambda: 'the panel (pid' in s.picowl_stderr(), 'the panel exits')
		time.sleep(2)
		check(not restarts(s) and len(started_panels(s, 'sh')) == 1,
		      'a panel that exited 0 was started again: %s' % restarts(s))
		log('a panel that exits 0 is not started again')


harness.main(run)
