#!/usr/bin/env python3
"""squeekboard (Debian 1.21), the real on-screen keyboard, under picowl (issue 16): started
while the text-input client (ticlient) has text input disabled it stays hidden; it shows
itself when the client enables text input, a tap on its q key (an injected
touch) arrives in the client as the committed text "q", the tile list stays the same (its
layer surface is no window), and it hides again when the client disables text input.
picowl knows it as the on-screen keyboard by its namespace "osk" (decision 4.55): a binding's
`keyboard hide` hides it while text input stays enabled and `keyboard show` shows it again,
and it stays shown over the client made fullscreen (the panel's autohide hid the whole top
layer before).

squeekboard needs a D-Bus session bus (dbus-run-session) and shows only with GNOME's
screen-keyboard-enabled setting on: given through GSettings' keyfile backend in the session's
own config directory."""

import os
import shutil
import signal
import time

import harness
import session
from harness import check, log

GREY = (0x80, 0x80, 0x80)  # ticlient.c


def lines(path):
	return open(path).read().splitlines()


def keyboard_top(img):
	"""The top row of the keyboard, up from the bottom in the middle column until the client's
	grey; None while the bottom shows the client."""
	x, y = img.width // 2, img.height - 5
	if harness.rgb_close(img.px(x, y), GREY):
		return None
	while y > 0 and not harness.rgb_close(img.px(x, y), GREY):
		y -= 1
	return y + 1


def run():
	args = session.parse_args_with(lambda p: (p.add_argument('--ticlient', required=True),
						  p.add_argument('--imclient', required=True)))
	ticlient = harness.need(args.ticlient, 'ticlient', '(built by meson)')
	squeekboard = harness.need(shutil.which('squeekboard'), 'squeekboard', 'squeekboard')
	dbus = harness.need(shutil.which('dbus-run-session'), 'dbus-run-session', 'dbus-daemon')
	s = harness.Session(args, extra_args=['--test-hooks'])
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[bindings]\nLogo+o = keyboard hide\nLogo+i = keyboard show\n')
	with s:
		conf = os.path.join(s.home, '.config', 'glib-2.0', 'settings')
		os.makedirs(conf)
		with open(os.path.join(conf, 'keyfile'), 'w') as f:
			f.write('[org/gnome/desktop/a11y/applications]\nscreen-keyboard-enabled=true\n')
		ti_log = os.path.join(s.dir, 'ti.state')
		open(ti_log, 'w').close()
		ti = s.spawn([ticlient, ti_log], 'ticlient')
		s.poll(lambda: 'enabled' in lines(ti_log), 'the text input is entered and enabled')
		s.wait_until(lambda img: keyboard_top(img) is None, 'the client fills its tile')
		tiles = session.ctl(s, 'tiles')
		# Disabled first: squeekboard starts hidden and stays so.
		ti.kill(signal.SIGUSR1)
		s.poll(lambda: 'disabled' in lines(ti_log), 'the client disables text input')
		sq = s.spawn([dbus, '--', squeekboard], 'squeekboard',
			     env={'GSETTINGS_BACKEND': 'keyfile', 'NO_AT_BRIDGE': '1'})
		time.sleep(3)
		check(keyboard_top(s.screenshot()) is None,
		      'squeekboard shows while no text input is enabled')
		ti.kill(signal.SIGUSR1)
		s.poll(lambda: lines(ti_log).count('enabled') == 2, 'the client enables text input')
		img = s.wait_until(lambda img: keyboard_top(img) is not None,
				   'squeekboard shows its keyboard', timeout=30)
		top = keyboard_top(img)
		log('squeekboard shows from row %d' % top)
		check(session.ctl(s, 'tiles') == tiles, 'the tile list changed: %r, before %r'
		      % (session.ctl(s, 'tiles'), tiles))
		# q: the first key of the first row, a tenth of the width wide
		height = s.height - top
		x, y = s.width // 20, top + height // 8
		session.ctl(s, 'inject', 'touch', 'tap', str(x), str(y))
		s.poll(lambda: 'commit q' in lines(ti_log), 'the tapped q arrives as committed text',
		       timeout=10)
		log('text input: %s' % ' | '.join(lines(ti_log)))
		check(sq.alive(), 'squeekboard exited:\n%s' % sq.stderr()[-2000:])
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.wait_until(lambda img: keyboard_top(img) is None, 'keyboard hide hides squeekboard')
		check('enabled' == [l for l in lines(ti_log) if l.endswith('abled')][-1],
		      'the text input is no longer enabled')
		session.ctl(s, 'inject', 'key', 'logo+i')
		s.wait_until(lambda img: keyboard_top(img) == top, 'keyboard show shows it again')
		session.ctl(s, 'inject', 'key', 'logo+f')
		s.poll(lambda: 'fullscreen' in session.ctl(s, 'tiles'), 'the client is fullscreen')
		# the keyboard's top within the border of where it was (no border in fullscreen)
		img = s.wait_until(lambda img: keyboard_top(img) is not None and abs(
			keyboard_top(img) - top) <= 4 and harness.rgb_close(img.px(s.width // 2, 2),
									 GREY),
			'squeekboard over the fullscreen client')
		img.save_ppm(os.path.join(s.dir, 'squeekboard-fullscreen.ppm'))
		session.ctl(s, 'inject', 'key', 'logo+f')
		s.poll(lambda: 'fullscreen' not in session.ctl(s, 'tiles'), 'tiled again')
		log('keyboard hide and show, and over the fullscreen client: squeekboard from row %d'
		    % top)
		ti.kill(signal.SIGUSR1)
		s.poll(lambda: lines(ti_log).count('disabled') == 2, 'the client disables text input')
		s.wait_until(lambda img: keyboard_top(img) is None, 'squeekboard hides', timeout=10)
		check(session.ctl(s, 'tiles') == tiles, 'the tile list changed after hiding')
		s.check_alive('after squeekboard')


if __name__ == '__main__':
	harness.main(run)
