#!/usr/bin/env python3
"""Scale to fit (issue 33, item 5, decision 4.50): a client that draws 480x640 whatever it is
told (ptrclient's -big modes: quadrants red, green, blue, yellow) is shown whole in its tile,
scaled down keeping its aspect; a tap on its bottom-right quadrant arrives in that quadrant's
buffer coordinates, as wl_touch and as the pointer a finger emulates; a 480x640 overlay layer
surface on the 240x320 output is scaled to fit the output and its taps are mapped back too; a
subsurface over the bottom-right quadrant is scaled with its toplevel and gets its own taps."""

import os

import harness
import session
from harness import check, log

RED, GREEN, BLUE, YELLOW = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)
MAGENTA = (255, 0, 255)
QUADRANTS = [RED, GREEN, BLUE, YELLOW]  # top left, top right, bottom left, bottom right
W, H = 480, 640


def lines(path):
	return open(path).read().splitlines()


def fit(box):
	"""picowl's scale (pw_scale_fit: 16.16, rounded down) of a 480x640 tree in box."""
	return min(box[2] * 65536 // W, box[3] * 65536 // H, 65536)


def shown(box):
	"""Where the scaled 480x640 tree is drawn in box: (x, y, w, h)."""
	s = fit(box)
	return (box[0], box[1], W * s >> 16, H * s >> 16)


def quadrant_problems(img, box):
	"""The four quadrants at their places in the drawn box, whole: the last pixel yellow."""
	x, y, w, h = shown(box)
	problems = []
	for i, (fx, fy) in enumerate([(1, 1), (3, 1), (1, 3), (3, 3)]):
		p = img.px(x + w * fx // 4, y + h * fy // 4)
		if not harness.rgb_close(p, QUADRANTS[i]):
			problems.append('quadrant %d at %d,%d is %s' % (i, x + w * fx // 4,
									    y + h * fy // 4, p))
	# the right and bottom edges are inside the box: its last drawn pixel is the client's
	if not harness.rgb_close(img.px(x + w - 1, y + h - 1), YELLOW):
		problems.append('the bottom right corner %d,%d is %s' % (x + w - 1, y + h - 1,
									  img.px(x + w - 1, y + h - 1)))
	return problems


def bottom_right(box):
	"""An output point in the bottom-right quadrant and the buffer point it maps to."""
	x, y, w, h = shown(box)
	ox, oy = x + w * 3 // 4, y + h * 3 // 4
	s = fit(box)
	return (ox, oy), ((ox - box[0]) * 65536 / s, (oy - box[1]) * 65536 / s)


def near(got, want):
	return abs(got[0] - want[0]) <= 3 and abs(got[1] - want[1]) <= 3 and \
		got[0] >= W // 2 and got[1] >= H // 2


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'ptrclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		def touch(what, x, y):
			session.ctl(s, 'inject', 'touch', what, str(x), str(y), '0')

		tch = os.path.join(s.dir, 'touch.state')
		ptr = os.path.join(s.dir, 'pointer.state')
		lay = os.path.join(s.dir, 'layer.state')
		for path in (tch, ptr, lay):
			open(path, 'w').close()

		# one tile: the 480x640 client in 236x316, all four quadrants in order
		c1 = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		s.spawn([client, 'touch-big', tch], 'big-touch')
		s.poll(lambda: 'drawn' in lines(tch), 'the touch client draws')
		img = s.wait_for(lambda img: quadrant_problems(img, c1), 'the client shown whole in %s'
				 % (c1,))
		img.save_ppm(os.path.join(s.dir, 'scale-one-tile.ppm'))
		log('480x640 shown as %s in %s' % (shown(c1), c1))

		# a tap on the bottom-right quadrant: wl_touch in buffer coordinates
		(ox, oy), want = bottom_right(c1)
		mark = len(lines(tch))
		touch('down', ox, oy)
		touch('up', ox, oy)
		s.poll(lambda: 'touch_up' in lines(tch)[mark:], 'the tap arrives')
		down = [l for l in lines(tch)[mark:] if l.startswith('touch_down')]
		got = tuple(float(v) for v in down[0].split()[1:3])
		check(near(got, want), 'a tap at %d,%d arrived at %s, not near %s' % (ox, oy, got, want))
		log('a tap at %d,%d: touch_down %s (want %.0f,%.0f)' % (ox, oy, got, *want))

		# two tiles: the pointer-only client in the second, both shown whole
		t1, t2 = harness.tile_boxes(2, s.width, s.height)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)
		s.spawn([client, 'pointer-big', ptr], 'big-pointer')
		s.poll(lambda: 'drawn' in lines(ptr), 'the pointer client draws')
		img = s.wait_for(lambda img: quadrant_problems(img, c1) + quadrant_problems(img, c2),
				 'both clients shown whole in %s and %s' % (c1, c2))
		img.save_ppm(os.path.join(s.dir, 'scale-two-tiles.ppm'))

		# a tap on the pointer client's bottom-right quadrant: an emulated click there
		(ox, oy), want = bottom_right(c2)
		mark = len(lines(ptr))
		touch('down', ox, oy)
		touch('up', ox, oy)
		s.poll(lambda: 'button 272 0' in lines(ptr)[mark:], 'the emulated click arrives')
		moved = [l for l in lines(ptr)[mark:] if l.startswith(('motion', 'enter'))]
		got = tuple(float(v) for v in moved[-1].split()[1:3])
		check(near(got, want), 'a tap at %d,%d moved the pointer to %s, not near %s'
		      % (ox, oy, got, want))
		log('an emulated click at %d,%d: %s (want %.0f,%.0f)' % (ox, oy, moved[-1], *want))

		# a 480x640 overlay layer surface: its box kept on the output, the tree scaled to it
		s.spawn([client, 'layer', lay], 'big-layer')
		s.poll(lambda: 'drawn' in lines(lay), 'the layer surface draws')
		out = (0, 0, s.width, s.height)
		check('configure %d %d' % (s.width, s.height) in lines(lay),
		      'the layer surface was configured %s' % [l for l in lines(lay)
							       if l.startswith('configure')])
		img = s.wait_for(lambda img: quadrant_problems(img, out),
				 'the layer surface shown whole on the output')
		img.save_ppm(os.path.join(s.dir, 'scale-layer.ppm'))
		(ox, oy), want = bottom_right(out)
		mark = len(lines(lay))
		touch('down', ox, oy)
		touch('up', ox, oy)
		s.poll(lambda: 'touch_up' in lines(lay)[mark:], 'the tap on the layer arrives')
		down = [l for l in lines(lay)[mark:] if l.startswith('touch_down')]
		got = tuple(float(v) for v in down[0].split()[1:3])
		check(near(got, want), 'a tap at %d,%d on the layer arrived at %s, not near %s'
		      % (ox, oy, got, want))
		log('the layer surface: shown whole, a tap at %d,%d arrived at %s' % (ox, oy, got))

	# a subsurface of a scaled toplevel is scaled with it, and its taps are its own coordinates
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		sub = os.path.join(s.dir, 'sub.state')
		open(sub, 'w').close()
		c1 = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		s.spawn([client, 'sub', sub], 'big-sub')
		s.poll(lambda: 'drawn' in lines(sub), 'the client with a subsurface draws')
		x, y, w, h = shown(c1)

		def sub_problems(img):
			want = [(1, 1, RED), (3, 1, GREEN), (1, 3, BLUE), (3, 3, MAGENTA)]
			return ['%d,%d is %s, not %s' % (x + w * fx // 4, y + h * fy // 4,
							 img.px(x + w * fx // 4, y + h * fy // 4), rgb)
				for fx, fy, rgb in want
				if not harness.rgb_close(img.px(x + w * fx // 4, y + h * fy // 4), rgb)] + \
				([] if harness.rgb_close(img.px(x + w - 1, y + h - 1), MAGENTA)
				 else ['the subsurface does not reach the bottom right corner'])

		img = s.wait_for(sub_problems, 'the subsurface scaled with its toplevel')
		img.save_ppm(os.path.join(s.dir, 'scale-subsurface.ppm'))
		(ox, oy), (bx, by) = bottom_right(c1)
		want = (bx - W // 2, by - H // 2)  # the subsurface's own coordinates
		mark = len(lines(sub))
		touch('down', ox, oy)
		touch('up', ox, oy)
		s.poll(lambda: 'touch_up' in lines(sub)[mark:], 'the tap on the subsurface arrives')
		down = [l for l in lines(sub)[mark:] if l.startswith('touch_down')]
		got = tuple(float(v) for v in down[0].split()[1:3])
		check(abs(got[0] - want[0]) <= 3 and abs(got[1] - want[1]) <= 3,
		      'a tap at %d,%d on the subsurface arrived at %s, not near %s'
		      % (ox, oy, got, want))
		log('the subsurface: scaled with its toplevel, a tap at %d,%d arrived at %s'
		    % (ox, oy, got))


harness.main(run)
