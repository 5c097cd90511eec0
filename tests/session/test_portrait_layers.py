#!/usr/bin/env python3
"""In portrait the tiles stack top to bottom even when the area the layer surfaces leave is wider
than tall (issue 33, item 4): picowl-panel 24 pixels high at the top and wvkbd-mobintl 112 high
at the bottom leave 240x184 of a 240x320 output; weston-simple-shm and foot then get
240x92 tiles one above the other, not 120x184 tiles side by side (screenshot)."""

import harness
import session
from harness import check, log

PANEL, KEYBOARD = 24, 112


def run():
	args, client, wvkbd = session.parse_typist_args('wvkbd-mobintl', 'wvkbd')
	harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	harness.need(args.foot, 'foot', 'foot')
	s = harness.Session(args)
	session.write_foot_config(s)
	foot_bg = harness.parse_rgb(harness.FOOT_BG)
	with s:
		W, H = s.width, s.height
		check(H > W, 'the output is not portrait: %dx%d' % (W, H))
		s.spawn([args.panel, '--height', str(PANEL), '--position', 'top'], 'panel')
		kb = s.spawn([wvkbd, '-l', 'full', '-H', str(KEYBOARD)], 'wvkbd')
		s.poll(lambda: 'Resize' in open(kb.err_path).read(), 'wvkbd shows its keyboard')
		area = (0, PANEL, W, H - PANEL - KEYBOARD)
		check(area[2] > area[3], 'the area left is not wider than tall: %s' % (area,))
		t1 = (0, PANEL, W, area[3] // 2)
		t2 = (0, PANEL + area[3] // 2, W, area[3] - area[3] // 2)
		s.spawn([args.simple_shm], 'simple-shm')
		s.wait_for(lambda img: harness.shm_problems(img, harness.content_box(area)),
			   'simple-shm has the area %s' % (area,))
		s.spawn(harness.foot_cmd(s), 'foot')

		def stacked(img):
			return (harness.shm_problems(img, harness.content_box(t1), forbid=[foot_bg])
				+ harness.solid_problems(img, harness.content_box(t2), foot_bg, 'foot'))

		img = s.wait_for(stacked, 'simple-shm in %s above foot in %s' % (t1, t2), timeout=30)
		img.save_ppm(s.dir + '/portrait-layers.ppm')
		log('area %s wider than tall; tiles %s above %s' % (area, t1, t2))
		check(kb.alive(), 'wvkbd exited: %s' % kb.stderr().strip())
		s.check_alive()


harness.main(run)
