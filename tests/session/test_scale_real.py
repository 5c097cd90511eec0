#!/usr/bin/env python3
"""Scale to fit with real clients (issue 33, item 5, decision 4.50): weston-terminal, whose
buffer is wider than a 236 px tile, is shown whole: a shell of ours clears its screen and paints
the top-left cell red and the bottom-right cell green, and both are inside the tile on the
screenshot (clipped, the green cell was past the tile's right edge). gtk3-demo and mousepad,
larger than the tile, are shown whole: each window reaches the tile's right edge and ends above
its bottom row (clipped, they covered the whole tile)."""

import os

import harness
import session
from harness import check, log

SCRIPT = """#!/bin/sh
printf '\\033[?25l\\033[2J\\033[999;999H\\033[42m \\033[0m\\033[1;1H\\033[41m \\033[0m'
exec sleep 1000
"""


def greenish(p):
	return p[1] > 120 and p[0] < 100 and p[2] < 100


def reddish(p):
	return p[0] > 120 and p[1] < 100 and p[2] < 100


def find(img, box, test):
	x0, y0, w, h = box
	hits = [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w) if test(img.px(x, y))]
	return hits


def run():
	def more(p):
		p.add_argument('--terminal', default='')
		p.add_argument('--gtk-demo', default='')
		p.add_argument('--mousepad', default='')
	args = session.parse_args_with(more)
	terminal = harness.need(args.terminal, 'weston-terminal', 'weston')
	demo = harness.need(args.gtk_demo, 'gtk3-demo', 'gtk-3-examples')
	mousepad = harness.need(args.mousepad, 'mousepad', 'mousepad')
	with harness.Session(args) as s:
		content = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		script = os.path.join(s.dir, 'cells.sh')
		with open(script, 'w') as f:
			f.write(SCRIPT)
		os.chmod(script, 0o755)
		s.spawn([terminal, '--shell=' + script], 'weston-terminal')

		def problems(img):
			p = []
			green = find(img, content, greenish)
			red = find(img, content, reddish)
			if not green:
				p.append('no green bottom-right cell in the tile %s' % (content,))
			if not red:
				p.append('no red top-left cell in the tile %s' % (content,))
			if green and red and not (max(x for x, _ in green) > max(x for x, _ in red) and
						 max(y for _, y in green) > max(y for _, y in red)):
				p.append('the green cell is not right of and below the red one')
			return p

		img = s.wait_for(problems, 'weston-terminal shown whole in %s' % (content,))
		img.save_ppm(os.path.join(s.dir, 'weston-terminal.ppm'))
		green = find(img, content, greenish)
		log('weston-terminal: the bottom-right cell at %d..%d, %d..%d, inside %s'
		    % (min(x for x, _ in green), max(x for x, _ in green), min(y for _, y in green),
		       max(y for _, y in green), content))

	for name, program in (('gtk3-demo', demo), ('mousepad', mousepad)):
		shown_whole(args, name, program)


def shown_whole(args, name, program):
	"""A GTK3 program larger than its tile, its bottom and right edges inside it."""
	with harness.Session(args) as s:
		content = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		x0, y0, w, h = content
		black = (0, 0, 0)  # picowl's default background

		def window_rows(img):
			"""The rows of the content box that hold any of the window's pixels."""
			return [y for y in range(y0, y0 + h)
				if not img.all_close((x0, y, w, 1), black)]

		def problems(img):
			rows = window_rows(img)
			if not rows or len(rows) < 40:
				return ['no window in %s' % (content,)]
			p = []
			if rows[-1] >= y0 + h - 1:
				p.append('the window reaches the tile\'s bottom row %d: cut' % (y0 + h - 1))
			top = y0 + 5
			if img.all_close((x0 + w - 3, top, 3, 1), black):
				p.append('the window does not reach the tile\'s right edge at row %d' % top)
			return p

		s.spawn([program], name, env=s.client_env({'GDK_BACKEND': 'wayland'}))
		img = s.wait_for(problems, '%s shown whole in %s' % (name, content), timeout=30)
		img.save_ppm(os.path.join(s.dir, name + '.ppm'))
		rows = window_rows(img)
		log('%s: its window in rows %d..%d of %s, its bottom edge inside the tile'
		    % (name, rows[0], rows[-1], content))


harness.main(run)
