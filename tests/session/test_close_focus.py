#!/usr/bin/env python3
"""A closed window gives the focus back to the window focused before it (decision 4.107), by
taps only: three test clients in tiles (the master and a stack of two), a tap on the second
window's tile, then on the third's, then the panel's close button. The focus, and the
focused border on the screen, go back to the window tapped before, not to the master tile; a
second close leaves the master focused, the last one there is."""

import harness
import session
from harness import check, log

BAR_H = 16  # picowl's default [panel] height
FOCUSED = harness.parse_rgb('4c7899')  # [layout] border_focused, picowl.ini(5)

windows = session.windows


def focused(s):
	return [w['id'] for w in windows(s) if 'focused' in w['flags']]


def border_rows(img, W, H):
	"""The rows whose left border column shows the focused colour."""
	return [y for y in range(BAR_H, H) if img.count_close((0, y, 2, 1), FOCUSED) == 2]


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		W, H = s.width, s.height
		s.spawn([args.panel], 'picowl-panel')
		s.wait_until(lambda img: session.panel_shown(img, (30, 0, 100, BAR_H)), 'the panel')
		for n in range(3):
			session.spawn_drawn(s, args.client, 'vmclient%d' % n, 'c%d.state' % n,
					    env={'VMCLIENT_TITLE': 'window %d' % (n + 1)})
			s.poll(lambda: len(windows(s)) == n + 1, 'window %d mapped' % (n + 1))
		ids = [w['id'] for w in windows(s)]
		# The tiles in portrait: the master over the top half of the area below the bar, the
		# stack of two side by side below it (master_ratio 0.5).
		area_h = H - BAR_H
		master_h = area_h // 2
		stack_y = BAR_H + master_h + (area_h - master_h) // 2
		centres = [(W // 2, BAR_H + master_h // 2), (W // 4, stack_y), (3 * W // 4, stack_y)]
		# Each tap is followed as a person follows it: the bar shows the window's title.
		title_box = (24, 0, 112, BAR_H)  # after the launcher button, before the clock
		for i in [1, 2]:
			before = s.screenshot().region_bytes(title_box)
			session.touch(s, 'tap', *centres[i])
			s.poll(lambda: focused(s) == [ids[i]], 'a tap on tile %d focuses it' % (i + 1))
			s.wait_until(lambda img: img.region_bytes(title_box) != before,
				     'the bar shows the title of window %d' % (i + 1))
		log('tapped tile 2 then tile 3: %s' % windows(s))

		# Close tile 3's window with the panel's close button: tile 2's window, focused before
		# it, gets the focus back, and its border shows it in the bottom half.
		before = s.screenshot().region_bytes(title_box)
		session.touch(s, 'tap', W - 12, BAR_H // 2)
		s.poll(lambda: len(windows(s)) == 2, 'the close button closed a window', timeout=10)
		check(ids[2] not in [w['id'] for w in windows(s)], 'the close button closed another '
		      'window than the focused one: %s' % windows(s))
		s.poll(lambda: focused(s) == [ids[1]], 'the focus back on the window focused before '
		       '(not the master tile)')
		img = s.wait_until(lambda i: border_rows(i, W, H)
				   and min(border_rows(i, W, H)) >= BAR_H + master_h - 2,
				   'the focused border around the bottom tile')
		rows = border_rows(img, W, H)
		log('closed the third window: focus on %s, the focused border on rows %d to %d'
		    % (focused(s), min(rows), max(rows)))
		check(min(rows) < BAR_H + master_h + 4 and max(rows) > H - 4,
		      'the focused border does not ring the bottom tile: rows %d to %d'
		      % (min(rows), max(rows)))

		s.wait_until(lambda img: img.region_bytes(title_box) != before,
			     'the bar shows the title of window 2 again')

		# Close that one too: the master, the one left, is focused.
		session.touch(s, 'tap', W - 12, BAR_H // 2)
		s.poll(lambda: ids[1] not in [w['id'] for w in windows(s)], 'the second close',
		       timeout=10)
		s.poll(lambda: focused(s) == [ids[0]], 'the last window focused')
		s.check_alive('after the closes')
		log('closed the second: %s' % windows(s))


harness.main(run)
