#!/usr/bin/env python3
"""The README's example config: picowl-panel on top, weston-simple-shm autostarted into tile 1 and
foot into tile 2 (screenshot). Logo+f, injected through the test hooks, makes foot fullscreen:
it covers the whole output and the panel hides. A touch on the top edge shows the panel; after
the timeout it is hidden again."""

import os
import re
import time

import harness
import session
from harness import check, log


def readme_example(path):
	text = open(path).read()
	m = re.search(r'<!-- example-config -->\s*```ini\n(.*?)```', text, re.S)
	check(m, 'README has no example config (<!-- example-config --> then an ini block)')
	return m.group(1)


def run():
	args = session.parse_args()
	harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	harness.need(args.foot, 'foot', 'foot')
	example = readme_example(args.readme)
	timeout_ms = int(re.search(r'^timeout\s*=\s*(\d+)', example, re.M).group(1))
	foot_bg = harness.parse_rgb(harness.FOOT_BG)

	s = harness.Session(args, extra_args=['--test-hooks'])
	conf = os.path.join(s.dir, 'picowl.ini')
	with open(conf, 'w') as f:
		f.write(example)
	s.extra_args += ['-c', conf]
	session.write_foot_config(s)
	with s:
		W, H = s.width, s.height
		panel_box = (0, 0, W, 16)
		area = (0, 16, W, H - 16)
		t1, t2 = session.tiles_in(area, 2)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)

		def tiled(img):
			p = [] if session.panel_shown(img, panel_box) else ['no panel at the top']
			p += harness.shm_problems(img, c1, forbid=[foot_bg])
			p += harness.solid_problems(img, c2, foot_bg, 'foot')
			return p

		img = s.wait_for(tiled, 'panel on top, simple-shm in tile 1, foot in tile 2', timeout=40)
		img.save_ppm(os.path.join(s.dir, 'tiled.ppm'))
		log('panel %s, simple-shm in tile 1 %s, foot in tile 2 %s' % (panel_box, t1, t2))
		tiles = session.ctl(s, 'tiles')
		log('picowl-ctl tiles:\n' + tiles.rstrip())
		check(re.search(r'^1\t.*simple-shm', tiles, re.M) and re.search(r'^2\t.*foot', tiles, re.M),
		      'picowl-ctl tiles does not list simple-shm then foot:\n' + tiles)

		# Focus foot (tile 2), then the fullscreen binding as keys.
		session.ctl(s, 'focus', '2')
		session.ctl(s, 'inject', 'key', 'logo+f')
		whole = (0, 0, W, H)

		def fullscreen(img):
			return harness.solid_problems(img, whole, foot_bg, 'fullscreen foot')

		img = s.wait_for(fullscreen, 'foot fullscreen over the whole output, panel hidden')
		img.save_ppm(os.path.join(s.dir, 'fullscreen.ppm'))
		check('fullscreen' in session.ctl(s, 'tiles'), 'picowl-ctl tiles does not say fullscreen')
		log('Logo+f: foot covers all of %dx%d, no panel' % (W, H))

		# A touch on the top edge shows the panel over foot, for timeout_ms. At the clock: the
		# tap reaches the shown panel, whose title would open the window list (4.52).
		session.ctl(s, 'inject', 'touch', 'tap', str(W - 70), '0')
		shown_at = time.monotonic()
		img = s.wait_until(lambda i: session.panel_shown(i, panel_box),
				   'the panel shows after a touch on the top edge', timeout=5)
		img.save_ppm(os.path.join(s.dir, 'revealed.ppm'))
		check(not harness.solid_problems(img, (0, 16, W, H - 16), foot_bg, 'foot'),
		      'foot is not fullscreen under the shown panel')
		log('touch at y=0: the panel shows over the fullscreen client')

		img = s.wait_for(fullscreen, 'the panel hides after its timeout',
				 timeout=timeout_ms / 1000.0 + 10)
		hidden_after = time.monotonic() - shown_at
		check(hidden_after >= timeout_ms / 1000.0 * 0.8,
		      'the panel hid after %.2f s, before its %d ms timeout' % (hidden_after, timeout_ms))
		log('the panel hid again after %.2f s (timeout %d ms)' % (hidden_after, timeout_ms))

		# Logo+f again: back to the tiles, the panel stays.
		session.ctl(s, 'inject', 'key', 'logo+f')
		s.wait_for(tiled, 'tiled again with the panel')
		s.check_alive()


harness.main(run)
