#!/usr/bin/env python3
"""The surface protocols of decision 4.93 on the screen, read by pixels (hints.c): a blue window
with two single-pixel subsurfaces stretched by viewports over it. The left is opaque white
through an alpha modifier of one half: blue and white blended, (128, 128, 255). The right is red
at half alpha (premultiplied 0.5, 0, 0, 0.5): (128, 0, 128). The window heard a fractional scale
of 120 (scale 1). Then the alpha modifier is destroyed and the left subsurface committed: white,
the factor back to one at that commit as the protocol says.

With --corner EDGE, layer shell 5 (hints.c --corner): a red 40x40 layer surface in the top left
corner with an exclusive zone of 40 along EDGE keeps the blue window right of it (left) or below
it (top); with no exclusive edge the corner's zone counts as none and the window has the whole
output under the layer surface."""

import os
import signal

import harness
from harness import check, log

BLENDED = (128, 128, 255)
HALF_RED_ON_BLUE = (128, 0, 128)
WHITE = (255, 255, 255)


BLUE = (0, 0, 255)
RED = (255, 0, 0)


def run_corner(args, edge):
	with harness.Session(args) as s:
		state = os.path.join(s.dir, 'hints.state')
		open(state, 'w').close()
		c = s.spawn([args.hints, state, '--corner', edge], 'hints')
		s.poll(lambda: 'corner mapped' in open(state).read() or not c.alive(),
		       'the layer surface mapped')
		check(c.alive(), 'the hints client died: %s' % c.stderr())
		# beside the corner (left of x 40) and under it (above y 40): the window or not
		want = {'left': (False, True), 'top': (True, False), 'none': (True, True)}[edge]

		def problems(img):
			p = harness.solid_problems(img, (0, 0, 40, 40), RED, 'the layer surface')
			for (x, y), blue in zip(((20, 100), (100, 20)), want):
				if harness.rgb_close(img.px(x, y), BLUE) != blue:
					p.append('(%d,%d) is %s: want %s' % (x, y, img.px(x, y),
									   'the window' if blue else 'no window'))
			return p

		s.wait_for(problems, 'the window placed by the corner\'s exclusive edge %s' % edge)
		log('exclusive edge %s: (20,100) %s, (100,20) %s' % (edge, 'window' if want[0] else 'free',
								   'window' if want[1] else 'free'))


def run():
	def options(p):
		p.add_argument('--hints', required=True)
		p.add_argument('--corner', choices=['left', 'top', 'none'])

	args = harness.parse_args(options)
	if args.corner:
		run_corner(args, args.corner)
		return
	with harness.Session(args) as s:
		state = os.path.join(s.dir, 'hints.state')
		open(state, 'w').close()
		c = s.spawn([args.hints, state], 'hints')

		def lines():
			return open(state).read().splitlines()

		s.poll(lambda: any(l.startswith('stage 1') for l in lines()) or not c.alive(),
		       'the hints client drew its stage 1')
		check(c.alive(), 'the hints client died: %s' % c.stderr())
		check('scale 120' in lines(), 'preferred scale: %s, want "scale 120"' % lines())
		w, h = (int(v) for v in [l for l in lines() if l.startswith('stage 1')][0].split()[2:])
		x, y, cw, ch = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		check((cw, ch) == (w, h), 'the window is %dx%d, its tile\'s content %dx%d' % (w, h, cw, ch))
		half = w // 2
		left = (x, y, half, h)
		right = (x + half, y, w - half, h)
		img = s.wait_for(lambda img: harness.solid_problems(img, left, BLENDED, 'the left half') +
				 harness.solid_problems(img, right, HALF_RED_ON_BLUE, 'the right half'),
				 'white at half alpha and half-alpha red over blue')
		log('left %s, right %s, %dx%d each side of %d' % (img.px(x, y), img.px(x + half, y), half,
								   h, x + half))
		os.kill(c.proc.pid, signal.SIGUSR1)
		s.poll(lambda: 'stage 2' in lines() or not c.alive(), 'the alpha modifier destroyed')
		s.wait_for(lambda img: harness.solid_problems(img, left, WHITE, 'the left half') +
			   harness.solid_problems(img, right, HALF_RED_ON_BLUE, 'the right half'),
			   'the left half white again')
		log('the alpha modifier destroyed: white again; picowl alive')
		s.check_alive('after the hints client')


if __name__ == '__main__':
	harness.main(run)
