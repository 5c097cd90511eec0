#!/usr/bin/env python3
"""With picowl-panel and an idle terminal mapped, picowl stays asleep. The panel must not keep
picowl busy: a panel that redraws must not re-tile, which would send it the tiles again, which
would make it redraw (once ~900 commits a second). Only the panel's clock may wake picowl, at a
minute's turn, so a 5 s window allows a couple of wakeups and no more. The panel itself likewise:
it sleeps in poll until picowl or its minute timer wakes it (decision 4.52)."""

import glob
import time

import harness
import session
from harness import check, log

IDLE_SECONDS = 5.0


def wakeups(pid):
	total = 0
	for path in glob.glob('/proc/%d/task/*/status' % pid):
		with open(path) as f:
			for line in f:
				if line.startswith('voluntary_ctxt_switches:'):
					total += int(line.split()[1])
	return total


def run():
	args = session.parse_args()
	with harness.Session(args) as s:
		panel = s.spawn([args.panel], 'picowl-panel')
		s.spawn(harness.foot_cmd(s, '0000ff'), 'foot')
		s.wait_until(lambda img: img.count_close((0, 100, 240, 100), (0, 0, 255)) > 20000,
			     'foot shows under the panel')
		time.sleep(1.0)
		before, panel_before = wakeups(s.pid), wakeups(panel.pid)
		time.sleep(IDLE_SECONDS)
		woke = wakeups(s.pid) - before
		panel_woke = wakeups(panel.pid) - panel_before
		log('picowl woke up %d time(s) in %g s with the panel and an idle terminal'
		    % (woke, IDLE_SECONDS))
		check(woke <= 2, 'picowl woke up %d times in %g s: the panel keeps it busy'
		      % (woke, IDLE_SECONDS))
		log('picowl-panel woke up %d time(s) in %g s' % (panel_woke, IDLE_SECONDS))
		check(panel_woke <= 2, 'picowl-panel woke up %d times in %g s with nothing changing'
		      % (panel_woke, IDLE_SECONDS))


harness.main(run)
