#!/usr/bin/env python3
"""The panel beside a title flood (issue 38, decision 4.74): one client's 20 toplevels, one
retitled at every round trip for 3,000 round trips, once got the real picowl-panel disconnected
("error in client communication") for the tile lists picowl sent it at every loop turn. Now the
lists go at most once a frame and only when the panel's socket has room. The panel must stay
connected through the flood, then show its end state: the bar's title area after the flood is
the same as after the focused window is retitled calmly to something else and back, and
differs while it has the other title. picowl's peak RSS stays within the client's budget
(2 MiB, the default) and 1 MiB."""

import subprocess
import time

import harness
import session
from harness import check, log

TOPLEVELS = 20
ROUNDS = 3000
TITLE_BOX = (26, 0, 120, 16)  # the bar's title, between the launcher button and the clock
SLACK_KIB = 1024
BUDGET_KIB = 2048


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--flood', required=True))
	flood = harness.need(args.flood, 'titleflood', '(built by meson)')
	s = harness.Session(args)
	with s:
		panel = s.spawn([args.panel], 'picowl-panel', env=s.client_env({'LC_ALL': 'C.UTF-8'}))
		f = s.spawn([flood, str(TOPLEVELS), str(ROUNDS)], 'titleflood', stdin=subprocess.PIPE)
		s.poll(lambda: 'mapped' in f.stdout() or not f.alive(), 'the toplevels map',
		       timeout=30)
		check(f.alive(), 'titleflood: %s' % f.stderr())
		s.poll(lambda: 'calm %d' % (TOPLEVELS - 1) in session.ctl(s, 'tiles'),
		       'the tiles listed')
		time.sleep(0.5)
		rss0 = harness.status_kib(s.pid, 'VmRSS')
		harness.reset_peak(s.pid)
		start = time.monotonic()
		f.proc.stdin.write(b'go\n')
		f.proc.stdin.flush()
		s.poll(lambda: 'ended' in f.stdout() or not f.alive(), 'the flood ends', timeout=120)
		took = time.monotonic() - start
		peak = harness.status_kib(s.pid, 'VmHWM')
		log('%d title changes over %d toplevels in %.1f s; picowl RSS %d KiB, peak %d KiB (%+d)'
		    % (ROUNDS, TOPLEVELS, took, rss0, peak, peak - rss0))
		check(f.alive(), 'titleflood lost its connection: %s' % f.stderr())
		check(panel.alive(), 'picowl-panel died in the flood: %s' % panel.stderr()[-2000:])
		check('error in client communication' not in panel.stderr(),
		      'picowl-panel was disconnected: %s' % panel.stderr()[-2000:])
		check(harness.sanitized(s.pid) or peak <= rss0 + BUDGET_KIB + SLACK_KIB,
		      'picowl peaked at %d KiB, over %d + %d + %d KiB' % (peak, rss0, BUDGET_KIB,
									 SLACK_KIB))
		s.poll(lambda: 'end %d' % (TOPLEVELS - 1) in session.ctl(s, 'tiles'),
		       'picowl has the end titles')

		def settled_title():
			last = None
			for _ in range(50):
				time.sleep(0.1)
				now = s.screenshot().region_bytes(TITLE_BOX)
				if now == last:
					return now
				last = now
			return last

		def retitle(text):
			n = f.stdout().count('titled')
			f.proc.stdin.write(text.encode() + b'\n')
			f.proc.stdin.flush()
			s.poll(lambda: f.stdout().count('titled') > n or not f.alive(), 'retitled')

		after_flood = settled_title()
		retitle('other')
		other = settled_title()
		retitle('end %d' % (TOPLEVELS - 1))
		calm = settled_title()
		check(other != after_flood, 'the panel does not show a retitle after the flood: it '
		      'stopped drawing titles')
		check(calm == after_flood, 'the panel after the flood does not show the end title it '
		      'shows when retitled calmly')
		check(panel.alive(), 'picowl-panel died: %s' % panel.stderr()[-2000:])
		log('the panel stayed connected and shows the end state')
		f.proc.stdin.close()
		f.wait(20)
		s.check_alive('after the flood')


harness.main(run)
