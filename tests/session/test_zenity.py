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

ENV = {'GDK_BACKEND': 'wayland', 'NO_AT_BRIDGE': '1', 'GTK_THEME': 'Adwaita',
       'GSETTINGS_BACKEND': 'memory'}


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
			img = s.wait_until(lambda i: len(session.gtk_buttons(i, content)) == 2,
					   'zenity shows two buttons', timeout=40)
			time.sleep(0.5)  # drawn whole
			img = s.screenshot(save='zenity-%s.ppm' % which)
			found = session.gtk_buttons(img, content)
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
