#!/usr/bin/env python3
"""weston-simple-shm and foot side by side: each client's pixels inside its own tile, none outside.

simple-shm maps first (the master, tile 1), foot second (tile 2). simple-shm always draws
250x250, larger than its tile: picowl must clip it to the tile's content box, not kill it.
"""

import harness
from harness import check, log


def run():
	args = harness.parse_args()
	shm_path = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	harness.need(args.foot, 'foot', 'foot')
	foot_bg = harness.parse_rgb(harness.FOOT_BG)

	with harness.Session(args) as s:
		W, H = s.width, s.height
		one = harness.tile_boxes(1, W, H)[0]
		shm = s.spawn([shm_path], 'simple-shm')
		s.wait_for(lambda img: harness.shm_problems(img, harness.content_box(one)),
			   'weston-simple-shm fills the only tile')
		log('simple-shm shows in the whole-output tile %s' % (one,))

		foot = s.spawn(harness.foot_cmd(s), 'foot')
		t1, t2 = harness.tile_boxes(2, W, H)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)

		def problems(img):
			p = harness.shm_problems(img, c1, forbid=[foot_bg])
			p += harness.solid_problems(img, c2, foot_bg, 'foot')
			p += harness.ring_problems(img, t1, forbid=[foot_bg, harness.WHITE])
			p += harness.ring_problems(img, t2, forbid=[foot_bg, harness.WHITE])
			return p

		img = s.wait_for(problems, 'simple-shm in tile 1 and foot in tile 2', timeout=30)
		img.save_ppm(s.dir + '/two-clients.ppm')
		log('tile 1 %s: simple-shm, %d colours; tile 2 %s: foot %s'
		    % (t1, len(img.colours(c1)), t2, harness.FOOT_BG))

		# Clipping, said pixel by pixel: simple-shm's buffer (250x250) reaches past its content
		# box to the right or below, and there picowl draws the border, then foot.
		x, y, w, h = c1
		if w < harness.SHM_SIZE:
			check(not harness.rgb_close(img.px(x + w, y + 5), harness.WHITE),
			      'simple-shm leaks over its right border at (%d,%d)' % (x + w, y + 5))
		if h < harness.SHM_SIZE:
			check(not harness.rgb_close(img.px(x + 30, y + h), harness.WHITE)
			      and img.px(x + 30, y + h) == img.px(x + 31, y + h) == img.px(x + 32, y + h),
			      'simple-shm leaks over its bottom border at (%d,%d)' % (x + 30, y + h))
		check(img.px(t1[0], t1[1]) != img.px(c1[0], c1[1]),
		      'no border drawn at the top-left of tile 1')

		# The pattern animates: a later screenshot differs inside tile 1 and only there.
		later = s.wait_for(lambda i: [] if i.region_bytes(c1) != img.region_bytes(c1)
				   else ['tile 1 unchanged'], 'simple-shm animates in tile 1')
		check(not harness.solid_problems(later, c2, foot_bg, 'foot'),
		      'foot tile changed while simple-shm animated: %s'
		      % harness.solid_problems(later, c2, foot_bg, 'foot'))

		check(shm.alive(), 'weston-simple-shm is no longer running (status %s): %s'
		      % (shm.proc.returncode, shm.stderr()))
		check(foot.alive(), 'foot is no longer running (status %s): %s'
		      % (foot.proc.returncode, foot.stderr()))
		s.check_alive()


harness.main(run)
