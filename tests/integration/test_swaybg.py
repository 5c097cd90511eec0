#!/usr/bin/env python3
"""swaybg's colour on the screen: swaybg destroys its wl_buffer right after the commit that
shows it, which the protocol allows; the pixels must stay until the surface commits another
buffer (issue 16). Then weston-simple-shm maps over it, and picowl draws it there.

Two cases: `solid` (-m solid_color), where swaybg 1.2 takes a single-pixel buffer stretched by a
viewport (decision 4.93; its WAYLAND_DEBUG log must show it), and `image`, a one-colour PPM
stretched, which swaybg draws into a wl_shm buffer (the kept pixels of issue 16)."""

import os
import time

import harness
from harness import check, log

COLOUR = 'ff8000'


def run():
	def options(p):
		p.add_argument('--swaybg', default='')
		p.add_argument('--case', choices=['solid', 'image'], default='solid')

	args = harness.parse_args(options)
	swaybg = harness.need(args.swaybg, 'swaybg', 'swaybg')
	rgb = harness.parse_rgb(COLOUR)
	with harness.Session(args) as s:
		full = (0, 0, s.width, s.height)
		if args.case == 'solid':
			cmd = [swaybg, '-c', '#' + COLOUR, '-m', 'solid_color']
		else:
			image = os.path.join(s.dir, 'colour.ppm')
			with open(image, 'wb') as f:
				# the output's size: stretched 1:1, no filtered edge
				f.write(b'P6 %d %d 255\n' % (s.width, s.height) + bytes(rgb) * (s.width * s.height))
			cmd = [swaybg, '-i', image, '-m', 'stretch']
		bg = s.spawn(cmd, 'swaybg', env={'WAYLAND_DEBUG': '1'})
		s.wait_for(lambda img: harness.solid_problems(img, full, rgb, 'the background'),
			   'swaybg\'s colour on the whole screen')
		# still there a second later: nothing commits meanwhile, the destroyed buffer's
		# pixels are what the screen keeps
		time.sleep(1.0)
		img = s.screenshot()
		check(not harness.solid_problems(img, full, rgb, 'the background'),
		      'the colour went: %s' % harness.solid_problems(img, full, rgb, 'the background'))
		log('swaybg %s covers the %dx%d output and stays' % (COLOUR, s.width, s.height))
		said = bg.stderr()
		single = 'create_u32_rgba_buffer' in said
		shm = 'wl_shm_pool@' in said and 'create_buffer' in said
		if args.case == 'solid':
			check(single and 'set_destination' in said,
			      'swaybg did not take a single-pixel buffer and a viewport')
		else:
			check(shm and not single, 'swaybg did not draw its image into a wl_shm buffer')
		log('swaybg drew through %s' % ('a single-pixel buffer' if single else 'wl_shm'))
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
