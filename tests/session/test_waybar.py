#!/usr/bin/env python3
"""waybar's wlr/taskbar on picowl (issue 37, decision 4.84): Debian's waybar, as a bar on top,
lists the two open windows through wlr-foreign-toplevel-management (two buttons on the
screenshot, the focused one in the active colour of the bar's style), and a tap on the other
window's button focuses it (picowl-ctl windows, and the button turns active)."""

import json
import os

import harness
import session
from harness import check, log

BAR_H = 24
ACTIVE, OTHER = (0, 255, 0), (255, 0, 0)  # the style below: rgb565 keeps them exact
STYLE = '''* { border: none; border-radius: 0; min-height: 0; font-size: 10px; }
window#waybar { background: #000000; }
#taskbar button { background: #ff0000; color: #000000; padding: 0 6px; margin: 0 2px; }
#taskbar button.active { background: #00ff00; }
'''


def runs(img, y, rgb, width):
	"""The x extents of the runs of `rgb` along row y, each at least 8 pixels long."""
	out, start = [], None
	for x in range(width + 1):
		on = x < width and harness.rgb_close(img.px(x, y), rgb, tol=8)
		if on and start is None:
			start = x
		elif not on and start is not None:
			if x - start >= 8:
				out.append((start, x - 1))
			start = None
	return out


def run():
	args = session.parse_args_with(
		lambda p: p.add_argument('--waybar', default='/usr/bin/waybar'))
	waybar = harness.need(args.waybar, 'waybar', 'waybar')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		W = s.width
		conf = os.path.join(s.home, 'waybar')
		os.makedirs(conf)
		with open(os.path.join(conf, 'config'), 'w') as f:
			json.dump({'layer': 'top', 'position': 'top', 'height': BAR_H,
				   'modules-left': ['wlr/taskbar'],
				   'wlr/taskbar': {'format': '{title}', 'on-click': 'activate',
						   'tooltip': False}}, f)
		with open(os.path.join(conf, 'style.css'), 'w') as f:
			f.write(STYLE)
		session.write_foot_config(s)
		for title in ('one', 'two'):
			s.spawn(['foot', '--title', title, '--app-id', 'foot-' + title], 'foot-' + title)
		s.poll(lambda: len(session.windows(s)) == 2, 'two windows')
		bar = s.spawn([waybar, '-c', os.path.join(conf, 'config'), '-s',
			       os.path.join(conf, 'style.css')], 'waybar',
			      env={'GTK_THEME': 'Adwaita', 'NO_AT_BRIDGE': '1',
				   'GSETTINGS_BACKEND': 'memory'})
		y = 3  # above the text: each button one run of its colour
		img = s.wait_until(lambda i: len(runs(i, y, ACTIVE, W)) == 1 and
				   len(runs(i, y, OTHER, W)) == 1,
				   "waybar's taskbar shows two buttons, one active", timeout=40)
		s.screenshot(save='waybar.ppm')
		active, other = runs(img, y, ACTIVE, W)[0], runs(img, y, OTHER, W)[0]
		focused = [w for w in session.windows(s) if 'focused' in w['flags']]
		log('waybar lists two windows: the active button at x %d..%d (%s focused), the '
		    'other at %d..%d' % (active[0], active[1], focused[0]['title'], other[0], other[1]))
		session.touch(s, 'tap', (other[0] + other[1]) // 2, y)
		s.poll(lambda: [w['title'] for w in session.windows(s)
				if 'focused' in w['flags']] not in ([focused[0]['title']], []),
		       'a tap on the other button focuses its window')
		now = [w['title'] for w in session.windows(s) if 'focused' in w['flags']]
		s.wait_until(lambda i: runs(i, y, ACTIVE, W) and
			     abs(runs(i, y, ACTIVE, W)[0][0] - other[0]) <= 2,
			     'the tapped button turns active')
		log('a tap on the other button: %s focused, its button active' % now)
		check(bar.alive(), 'waybar died: %s' % bar.stderr()[-2000:])


if __name__ == '__main__':
	harness.main(run)
