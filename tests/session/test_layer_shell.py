#!/usr/bin/env python3
"""A layer-shell panel with an exclusive zone shrinks the tiles: picowl-panel 24 pixels high at
the bottom, weston-simple-shm's tile is the output less those rows (screenshot)."""

import harness
import session
from harness import log


def run():
	args = session.parse_args()
	shm_path = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	with harness.Session(args) as s:
		W, H = s.width, s.height
		shm = s.spawn([shm_path], 'simple-shm')
		s.wait_for(lambda img: harness.shm_problems(img, harness.content_box((0, 0, W, H))),
			   'simple-shm has the whole output')
		s.spawn([args.panel, '--height', '24', '--position', 'bottom'], 'panel')
		tile = (0, 0, W, H - 24)
		panel = (0, H - 24, W, 24)

		def problems(img):
			p = harness.shm_problems(img, harness.content_box(tile))
			p += harness.ring_problems(img, tile, forbid=[harness.WHITE])
			if not session.panel_shown(img, panel):
				p.append('no panel in %s' % (panel,))
			return p

		img = s.wait_for(problems, 'the tile shrinks to %s above the panel' % (tile,))
		img.save_ppm(s.dir + '/layer-shell.ppm')
		log('panel %s; simple-shm tile %s' % (panel, tile))
		harness.check(shm.alive(), 'simple-shm died')


harness.main(run)
