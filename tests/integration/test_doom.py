#!/usr/bin/env python3
"""chocolate-doom with freedoom1.wad in a tile, through SDL2's Wayland driver and Mesa's software
EGL (which presents through wl_shm), next to foot.

  --phase frames    the title screen and demo loop: doom's tile is not uniform, it changes
                    between screenshots, and nothing of doom shows outside its tile
  --phase timedemo  `-timedemo demo1` runs to its end under picowl: chocolate-doom reports
                    "timed N gametics in N realtics" and exits through I_Error, status 255
"""

import re

import harness
from harness import check, log

DOOM_ENV = {
	'SDL_VIDEODRIVER': 'wayland',
	'SDL_AUDIODRIVER': 'dummy',
	'LIBGL_ALWAYS_SOFTWARE': '1',
	# SDL's message box would spawn zenity; -nogui below already avoids it
}


def doom_cmd(args, *extra):
	return [args.doom, '-iwad', args.iwad, '-nosound', '-nomusic', '-nogui', '-window',
		'-nograbmouse'] + list(extra)


def run():
	args = harness.parse_args(lambda p: p.add_argument('--phase', required=True,
							    choices=['frames', 'timedemo']))
	harness.need(args.doom, 'chocolate-doom', 'chocolate-doom')
	harness.need(args.iwad, 'freedoom1.wad', 'freedoom')
	harness.need(args.foot, 'foot', 'foot')
	foot_bg = harness.parse_rgb(harness.FOOT_BG)

	with harness.Session(args) as s:
		W, H = s.width, s.height
		t1, t2 = harness.tile_boxes(2, W, H)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)
		one = harness.content_box(harness.tile_boxes(1, W, H)[0])

		foot = s.spawn(harness.foot_cmd(s), 'foot')
		s.wait_for(lambda img: harness.solid_problems(img, one, foot_bg, 'foot'),
			   'foot fills the output')

		if args.phase == 'frames':
			doom = s.spawn(doom_cmd(args), 'chocolate-doom', env=DOOM_ENV)
		else:
			doom = s.spawn(doom_cmd(args, '-timedemo', 'demo1'), 'chocolate-doom',
				       env=DOOM_ENV)

		def doom_problems(img):
			p = []
			if not doom.alive() and args.phase == 'frames':
				raise harness.TestFailure('chocolate-doom exited (status %s):\n%s%s'
							  % (doom.proc.returncode, doom.stdout()[-2000:],
							     doom.stderr()[-2000:]))
			n = len(img.colours(c2))
			if n < 8:
				p.append('doom tile %s has %d colours' % (c2, n))
			p += harness.solid_problems(img, c1, foot_bg, 'foot')
			p += harness.ring_problems(img, t1, forbid=[foot_bg])
			p += harness.ring_problems(img, t2, forbid=[foot_bg])
			return p

		if args.phase == 'frames':
			first = s.wait_for(doom_problems, 'chocolate-doom draws in tile 2', timeout=120)
			first.save_ppm(s.dir + '/doom-1.ppm')
			log('doom shows in tile 2 with %d colours' % len(first.colours(c2)))
			second = s.wait_for(
				lambda img: doom_problems(img) or
				([] if img.region_bytes(c2) != first.region_bytes(c2)
				 else ['doom tile unchanged']),
				'chocolate-doom draws a different frame', timeout=120, interval=0.5)
			second.save_ppm(s.dir + '/doom-2.ppm')
			log('doom drew a new frame: %d colours' % len(second.colours(c2)))
			check(doom.alive(), 'chocolate-doom exited')
			check(foot.alive(), 'foot exited')
		else:
			code = doom.wait(900)
			out = doom.stdout() + doom.stderr()
			m = re.search(r'timed (\d+) gametics in (\d+) realtics', out)
			check(m, 'chocolate-doom ended (status %d) without finishing the timedemo:\n%s'
			      % (code, out[-3000:]))
			log(m.group(0))
			check(int(m.group(1)) > 0 and int(m.group(2)) > 0, 'an empty timedemo')
			# G_CheckDemoStatus ends a timedemo with I_Error, which exits with -1
			check(code == 255, 'chocolate-doom exited with status %d after the timedemo' % code)
			s.wait_for(lambda img: harness.solid_problems(img, one, foot_bg, 'foot'),
				   'foot fills the output again after doom left')
			check(foot.alive(), 'foot exited')
		s.check_alive()


harness.main(run)
