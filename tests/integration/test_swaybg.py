#!/usr/bin/env python3
"""swaybg's colour on the screen: swaybg destroys its wl_buffer right after the commit that
shows it, which the protocol allows; the pixels must stay until the surface commits another
buffer (issue 16). Then weston-simple-shm maps over it, and picowl draws it there."""

import time

import harness
from harness import check, log

COLOUR = 'ff8000'


def run():
	args = harness.parse_args(lambda p: p.add_argument('--swaybg', default=''))
	swaybg = harness.need(args.swaybg, 'swaybg', 'swaybg')
	rgb = harness.parse_rgb(COLOUR)
	with harness.Session(args) as s:
		full = (0, 0, s.width, s.height)
		s.spawn([swaybg, '-c', '#' + COLOUR, '-m', 'solid_color'], 'swaybg')
		s.wait_for(lambda img: harness.solid_problems(img, full, rgb, 'the background'),
			   'swaybg\'s colour on the whole screen')
		# still there a second later: nothing commits meanwhile, the destroyed buffer's
		# pixels are what the screen keeps
		time.sleep(1.0)
		img = s.screenshot()
		check(not harness.solid_problems(img, full, rgb, 'the background'),
		      'the colour went: %s' % harness.solid_problems(img, full, rgb, 'the background'))
		log('swaybg %s covers the %dx%d output and stays' % (COLOUR, s.width, s.height))
		if args.simple_shm:
			shm = s.spawn([harness.need(args.simple_shm, 'weston-simple-shm', 'weston')],
				      'simple-shm')
			tile = harness.tile_boxes(1, s.width, s.height)[0]
			s.wait_for(lambda img: harness.shm_problems(img, harness.content_box(tile)),
				   'weston-simple-shm over the background')
			s.check_alive('with swaybg and simple-shm')
			check(shm.alive(), 'weston-simple-shm exited')
		log('a client mapped over the background, picowl alive')


if __name__ == '__main__':
	harness.main(run)
