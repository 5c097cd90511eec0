#!/usr/bin/env python3
"""Monocle shows the focused window (issue 16: Logo+m kept drawing the same window whatever had
the focus). weston-simple-shm in tile 1, foot in tile 2; Logo+m: the focused foot covers the
whole output; Logo+j: simple-shm does, then foot again; a tap goes to the window shown; Logo+m
again: the two tiles."""

import harness
import session
from harness import check, log


def run():
	args = session.parse_args()
	harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	harness.need(args.foot, 'foot', 'foot')
	foot_bg = harness.parse_rgb(harness.FOOT_BG)
	s = harness.Session(args, extra_args=['--test-hooks'])
	session.write_foot_config(s)
	with s:
		W, H = s.width, s.height
		t1, t2 = harness.tile_boxes(2, W, H)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)
		whole = harness.content_box((0, 0, W, H))
		s.spawn([args.simple_shm], 'simple-shm')
		s.wait_for(lambda img: harness.shm_problems(img, harness.content_box((0, 0, W, H))),
			   'simple-shm alone')
		s.spawn(harness.foot_cmd(s), 'foot')

		def tiled(img):
			return (harness.shm_problems(img, c1, forbid=[foot_bg])
				+ harness.solid_problems(img, c2, foot_bg, 'foot'))

		s.wait_for(tiled, 'simple-shm in tile 1, foot in tile 2', timeout=30)

		def foot_alone(img):
			return harness.solid_problems(img, whole, foot_bg, 'foot over the whole output')

		def shm_alone(img):
			return harness.shm_problems(img, whole, forbid=[foot_bg])

		session.ctl(s, 'inject', 'key', 'logo+m')
		s.wait_for(foot_alone, 'Logo+m: the focused foot covers the output')
		log('Logo+m: foot, focused, shown alone over %s' % (whole,))
		session.ctl(s, 'inject', 'key', 'logo+j')
		s.wait_for(shm_alone, 'Logo+j: simple-shm covers the output')
		check('focused' in [l.split('\t')[1] for l in session.ctl(s, 'tiles').splitlines()
				    if 'simple-shm' in l][0], 'simple-shm is shown but not focused')
		log('Logo+j: simple-shm, focused, shown alone')
		session.ctl(s, 'inject', 'key', 'logo+j')
		s.wait_for(foot_alone, 'Logo+j again: foot covers the output')
		log('Logo+j again: foot')
		# a tap lands on the window shown: foot keeps the focus
		session.ctl(s, 'inject', 'touch', 'tap', str(W // 2), str(H // 4))
		tiles = session.ctl(s, 'tiles')
		check(any('focused' in l and 'foot' in l for l in tiles.splitlines()),
		      'a tap on the shown foot moved the focus:\n' + tiles)
		session.ctl(s, 'inject', 'key', 'logo+m')
		s.wait_for(tiled, 'Logo+m again: the two tiles')
		log('a tap keeps the focus on the window shown; Logo+m again: tiled')
		s.check_alive()


harness.main(run)
