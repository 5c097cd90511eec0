#!/usr/bin/env python3
"""A long press opens a GTK3 program's context menu (issue 32): Debian's gtk3-demo (its Entry
Buffer demo) binds wl_touch, so a finger reaches it as touch unless [touch] emulate_app_ids names
it; named, a long press on its entry is BTN_RIGHT there and GTK pops up the entry's context menu
(Cut, Copy, Paste, Delete, Select All, Insert Emoji: gtk-menu.ppm with PICOWL_TEST_KEEP=1)."""

import os
import time

import harness
import session
from harness import check, log

WHITE = (255, 255, 255)


def find_entry(img, box):
	"""The middle of the first white band (an entry's background) in box: rows of 60 or more
	white pixels at the same place, 8 or more rows tall; (0, None) when none."""
	x0, y0, w, h = box
	band = []
	for y in range(y0, y0 + h):
		run, best = 0, (0, 0)
		for x in range(x0, x0 + w):
			run = run + 1 if harness.rgb_close(img.px(x, y), WHITE) else 0
			best = max(best, (run, x))
		if best[0] >= 60 and (not band or abs(band[-1][1] - best[1]) <= 2):
			band.append((best[0], best[1], y))
		elif len(band) >= 8:
			break
		else:
			band = [(best[0], best[1], y)] if best[0] >= 60 else []
	if len(band) < 8:
		return (0, None)
	run, end, _ = band[len(band) // 2]
	return (run, (end - run // 2, band[len(band) // 2][2]))


def changed(a, b, box):
	x0, y0, w, h = box
	return sum(1 for y in range(y0, y0 + h) for x in range(x0, x0 + w)
		   if not harness.rgb_close(a.px(x, y), b.px(x, y)))


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', default=''))
	demo = harness.need('/usr/bin/gtk3-demo', 'gtk3-demo', 'gtk-3-examples')
	s = harness.Session(args, extra_args=['--test-hooks'])
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[touch]\nemulate_app_ids = org.gtk.Demo gtk3-demo\n')
	with s:
		env = {'GDK_BACKEND': 'wayland', 'NO_AT_BRIDGE': '1', 'GTK_THEME': 'Adwaita',
		       'GSETTINGS_BACKEND': 'memory'}
		s.spawn([demo, '--run=entry_buffer'], 'gtk3-demo', env=env)
		screen = harness.content_box((0, 0, s.width, s.height))
		# the demo's own window takes tile 1, the Entry Buffer window tile 2: its entries
		# are the white runs in the lower half of tile 2
		t2 = harness.content_box(harness.tile_boxes(2, s.width, s.height)[1])
		box = (t2[0], t2[1] + t2[3] // 3, t2[2], t2[3] - t2[3] // 3)

		def entry_shown(img):
			return find_entry(img, box)[0] >= 60

		s.wait_until(entry_shown, 'gtk3-demo shows its entries', timeout=40)
		time.sleep(1.0)
		img = s.screenshot()
		check(entry_shown(img), 'the entry went')
		width, (x, y) = find_entry(img, box)
		log('the entry: %d white pixels wide, its middle at %d,%d' % (width, x, y))
		# a tap first: the window's focus and the entry's, so only the menu changes later
		session.ctl(s, 'inject', 'touch', 'tap', str(x), str(y))
		time.sleep(1.0)
		before = s.screenshot(save='gtk-before.ppm')
		session.ctl(s, 'inject', 'touch', 'down', str(x), str(y))
		time.sleep(0.8)
		session.ctl(s, 'inject', 'touch', 'up', str(x), str(y))

		def menu_open(img):
			return changed(before, img, screen) > 3000

		s.wait_until(menu_open, 'GTK opens the context menu', timeout=10)
		time.sleep(0.7)  # the ring gone, the menu drawn whole
		after = s.screenshot(save='gtk-menu.ppm')
		n = changed(before, after, screen)
		check(n > 3000, 'no context menu: %d pixels changed' % n)
		log('a long press on the entry: %d pixels changed (the context menu)' % n)
		s.check_alive('after the context menu')


if __name__ == '__main__':
	harness.main(run)
