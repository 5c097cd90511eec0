#!/usr/bin/env python3
"""zenity --question's buttons can be tapped (issue 33, item 6): Debian's zenity (GTK3) under
picowl headless at 240x320, its two buttons found on the screenshot (GTK's Adwaita draws each
button's left and right edges as columns of one grey, 15 pixels tall or more, at the window's
bottom); a tap on the right one (GTK puts the affirmative button last: Yes) makes zenity exit 0,
in a second session a tap on the left one (No) exits 1. zenity has no parent window (GTK says
"GtkDialog mapped without a transient parent"), so it is a tile."""

import time

import harness
import session
from harness import check, log

EDGE = (206, 199, 198)  # Adwaita's button border, as it shows through RGB565
ENV = {'GDK_BACKEND': 'wayland', 'NO_AT_BRIDGE': '1', 'GTK_THEME': 'Adwaita',
       'GSETTINGS_BACKEND': 'memory'}


def edge_runs(img, box):
	"""For each column of box, its longest run of EDGE pixels: {x: (length, y_end)}."""
	x0, y0, w, h = box
	runs = {}
	for x in range(x0, x0 + w):
		run, best = 0, (0, 0)
		for y in range(y0, y0 + h):
			run = run + 1 if harness.rgb_close(img.px(x, y), EDGE, tol=10) else 0
			best = max(best, (run, y))
		runs[x] = best
	return runs


def buttons(img, box):
	"""The buttons' centres (x, y), left to right, from their edges: columns with a run of 15
	or more EDGE pixels, neighbours merged, taken in pairs."""
	runs = edge_runs(img, box)
	edges = []
	for x in sorted(runs):
		length, y_end = runs[x]
		if length < 15:
			continue
		if edges and x - edges[-1][0] <= 2:
			continue
		edges.append((x, length, y_end))
	found = []
	for i in range(0, len(edges) - 1, 2):
		(xl, length, y_end), (xr, _, _) = edges[i], edges[i + 1]
		found.append(((xl + xr) // 2, y_end - length // 2))
	return found


def run():
	def extra(p):
		p.add_argument('--client', default='')
		p.add_argument('--other', default='')
		p.add_argument('--zenity', default='')
	args = session.parse_args_with(extra)
	zenity = harness.need(args.zenity, 'zenity', 'zenity')
	for which, want in (('Yes', 0), ('No', 1)):
		with harness.Session(args, extra_args=['--test-hooks']) as s:
			z = s.spawn([zenity, '--question', '--text', 'Go on?'], 'zenity', env=ENV)
			content = harness.content_box((0, 0, s.width, s.height))
			img = s.wait_until(lambda i: len(buttons(i, content)) == 2,
					   'zenity shows two buttons', timeout=40)
			time.sleep(0.5)  # drawn whole
			img = s.screenshot(save='zenity-%s.ppm' % which)
			found = buttons(img, content)
			check(len(found) == 2, 'zenity\'s buttons: %s' % found)
			x, y = found[1] if which == 'Yes' else found[0]
			log('zenity\'s buttons at %s; a tap on %s at %d,%d' % (found, which, x, y))
			session.touch(s, 'tap', x, y)
			s.poll(lambda: not z.alive(), 'zenity exits after the tap on %s' % which,
			       timeout=10)
			status = z.wait(5)
			check(status == want, 'zenity exited %s after a tap on %s, not %d'
			      % (status, which, want))
			log('a tap on %s: zenity exits %d' % (which, status))


if __name__ == '__main__':
	harness.main(run)
