#!/usr/bin/env python3
"""squeekboard beside a surrounding-text flood (issue 38, decision 4.74): the focused client
(ticlient) commits 4,000 bytes of surrounding text at every round trip, 2,000 times; picowl once
passed each one on to the input method at once, and squeekboard was disconnected ("Broken
pipe") after some 300. Now the state goes only when the method's socket has room, the latest
then. squeekboard must stay connected and working: after the flood it still shows, and a tap on
its q key arrives in the client as committed text. picowl's peak RSS stays within the client's
budget (2 MiB, the default) and 1 MiB. Set up as ime-squeekboard is (test_squeekboard.py)."""

import os
import shutil
import signal
import time

import harness
import session
from harness import check, log
from test_squeekboard import keyboard_top, lines

COMMITS = 2000
BUDGET_KIB = 2048
SLACK_KIB = 1024


def run():
	args = session.parse_args_with(lambda p: (p.add_argument('--ticlient', required=True),
						  p.add_argument('--imclient', required=True)))
	ticlient = harness.need(args.ticlient, 'ticlient', '(built by meson)')
	squeekboard = harness.need(shutil.which('squeekboard'), 'squeekboard', 'squeekboard')
	dbus = harness.need(shutil.which('dbus-run-session'), 'dbus-run-session', 'dbus-daemon')
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		conf = os.path.join(s.home, '.config', 'glib-2.0', 'settings')
		os.makedirs(conf)
		with open(os.path.join(conf, 'keyfile'), 'w') as f:
			f.write('[org/gnome/desktop/a11y/applications]\nscreen-keyboard-enabled=true\n')
		ti_log = os.path.join(s.dir, 'ti.state')
		open(ti_log, 'w').close()
		ti = s.spawn([ticlient, ti_log, 'flood', str(COMMITS)], 'ticlient')
		s.poll(lambda: 'enabled' in lines(ti_log), 'the text input is entered and enabled')
		sq = s.spawn([dbus, '--', squeekboard], 'squeekboard',
			     env={'GSETTINGS_BACKEND': 'keyfile', 'NO_AT_BRIDGE': '1'})
		img = s.wait_until(lambda img: keyboard_top(img) is not None,
				   'squeekboard shows its keyboard', timeout=30)
		top = keyboard_top(img)
		time.sleep(0.5)
		rss0 = harness.status_kib(s.pid, 'VmRSS')
		harness.reset_peak(s.pid)
		start = time.monotonic()
		ti.kill(signal.SIGUSR1)
		s.poll(lambda: any(l.startswith('flooded') for l in lines(ti_log)), 'the flood ends',
		       timeout=120)
		took = time.monotonic() - start
		peak = harness.status_kib(s.pid, 'VmHWM')
		done = [l for l in lines(ti_log) if l.startswith('flooded')][0]
		log('%s commits of 4,000 bytes in %.1f s; picowl RSS %d KiB, peak %d KiB (%+d)'
		    % (done.split()[1], took, rss0, peak, peak - rss0))
		check(done == 'flooded %d' % COMMITS, 'the flooding client lost its connection: %s'
		      % done)
		check(sq.alive(), 'squeekboard exited in the flood:\n%s' % sq.stderr()[-2000:])
		check('error in client communication' not in s.picowl_stderr(),
		      'picowl dropped a client: %s' % s.picowl_stderr()[-2000:])
		check(harness.sanitized(s.pid) or peak <= rss0 + BUDGET_KIB + SLACK_KIB,
		      'picowl peaked at %d KiB, over %d + %d + %d KiB' % (peak, rss0, BUDGET_KIB,
									 SLACK_KIB))
		s.wait_until(lambda img: keyboard_top(img) == top, 'squeekboard still shows')
		height = s.height - top
		session.ctl(s, 'inject', 'touch', 'tap', str(s.width // 20), str(top + height // 8))
		s.poll(lambda: 'commit q' in lines(ti_log), 'a tap on q after the flood arrives as '
		       'committed text', timeout=10)
		check(sq.alive(), 'squeekboard exited:\n%s' % sq.stderr()[-2000:])
		log('squeekboard stayed connected through the flood and still types')
		s.check_alive('after the flood')


harness.main(run)
