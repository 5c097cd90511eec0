#!/usr/bin/env python3
"""foot (Debian 12's 1.13 has no touch support) on a touch-only session (issue 32): a finger
dragged over a line it printed selects it through the emulated pointer, and `wl-paste -p`
returns that line; a tap does not change the selection."""

import os
import subprocess
import time

import harness
import session
from harness import check, log

TEXT = 'picowl-touch-select'


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', default=''))
	harness.need(args.foot, 'foot', 'foot')
	paste = harness.need('/usr/bin/wl-paste', 'wl-paste', 'wl-clipboard')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		foot = harness.foot_cmd(s)
		# indented: a drag from the output's left edge would be an edge swipe
		foot = foot[:foot.index('sh')] + ['sh', '-c',
						 'printf "\\033[?25l        %s\\n"; exec sleep 100000'
						 % TEXT]
		s.spawn(foot, 'foot')
		box = harness.content_box((0, 0, s.width, s.height))
		bg = harness.parse_rgb(harness.FOOT_BG)

		def ink(img, x, y):
			return not harness.rgb_close(img.px(x, y), bg)

		img = s.wait_until(lambda img: img.count_close(box, bg) > s.width * s.height // 2 and
				   img.count_close(box, bg) < box[2] * box[3] - 20, 'foot prints its line')
		# the printed line: the rows with the foreground in them
		xs, ys = range(box[0], box[0] + box[2]), range(box[1], box[1] + box[3])
		rows = [y for y in ys if any(ink(img, x, y) for x in xs)]
		cols = [x for x in xs if any(ink(img, x, y) for y in rows)]
		y = (rows[0] + rows[-1]) // 2
		x0, x1 = cols[0] + 1, min(cols[-1] + 8, s.width - 3)
		log('the line: rows %d..%d, columns %d..%d' % (rows[0], rows[-1], cols[0], cols[-1]))

		def touch(what, x, y):
			session.ctl(s, 'inject', 'touch', what, str(x), str(y))

		def primary():
			r = subprocess.run([paste, '-p', '-n'], env=s.client_env(), stdin=subprocess.DEVNULL,
					   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=10)
			return r.stdout.decode(errors='replace')

		touch('down', x0, y)
		steps = 8
		for i in range(1, steps + 1):
			touch('motion', x0 + (x1 - x0) * i // steps, y)
			time.sleep(0.03)
		shot = s.screenshot(save='foot-selected.ppm')
		touch('up', x1, y)
		s.poll(lambda: primary().strip() == TEXT, 'wl-paste -p returns the selected line',
		       timeout=10)
		log('a finger dragged over "%s" in foot: wl-paste -p returns %r' % (TEXT, primary()))
		# foot shows the selection (its colours inverted): fewer background pixels on the line
		line = (0, rows[0], s.width, rows[-1] - rows[0] + 1)
		check(shot.count_close(line, bg) < img.count_close(line, bg),
		      'foot does not show the selection')
		# a tap elsewhere clears foot's selection on screen but not the primary selection
		touch('down', s.width // 2, s.height * 3 // 4)
		touch('up', s.width // 2, s.height * 3 // 4)
		time.sleep(0.3)
		check(primary().strip() == TEXT, 'a tap changed the primary selection: %r' % primary())
		s.check_alive('after the selection')


if __name__ == '__main__':
	harness.main(run)
