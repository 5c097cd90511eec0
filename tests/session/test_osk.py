#!/usr/bin/env python3
"""The on-screen keyboard as part of the session (issue 33, item 3; decision 4.55): picowl
starts Debian's wvkbd-mobintl from [keyboard] command at the height the installed config
gives it, and keeps it over a fullscreen client.

- Fullscreen: vmclient (which logs keys and touches) goes fullscreen and shrinks to the area
  above the keyboard (configured 240x200); "hello" typed by taps on wvkbd's keys reaches it as
  keys, never as touches, and the keyboard stays shown after every tap (screenshots), also
  after picowl-panel, revealed over the fullscreen client, autohides again. A finger held on a
  key while the keyboard hides still types that key on its up, and never reaches the client.
- `keyboard toggle` from a key binding hides it (the fullscreen client grows to 240x320, its
  colours fill the band) and shows it again; out of fullscreen the tile grows back when it
  hides (236x316) and shrinks when it shows.
- The default bottom swipe (`keyboard toggle`) hides and shows it; no client sees the swipe.
- [keyboard] autoshow = true (by a reload): ticlient enabling text input shows the hidden
  keyboard, disabling it hides it (wvkbd itself does not follow text input)."""

import os
import signal

import harness
import session
from harness import check, log

KB_H = 120  # config/picowl.ini's wvkbd-mobintl -H: six rows of 20 px, keys 24 px wide
MAGENTA = (255, 0, 255)  # vmclient's fill
YELLOW = (255, 255, 0)
BLACK = (0, 0, 0)
PANEL_H = 16


def key_centre(width, out_height, row, units_before, row_units=10.5, rows=6):
	"""A key's centre in wvkbd's "full" layout (as test_wvkbd.py): rows of equal height,
	keys as wide as their share of the row's units (rows 2 and 3 have 10.5)."""
	keyheight = KB_H // rows
	x = (units_before + 0.5) * width / row_units
	y = out_height - KB_H + row * keyheight + keyheight // 2
	return int(x), int(y)


# row 2: a half-unit pad, q..p; row 3: Cmp, a..l, a half-unit pad
KEYS = {'h': (3, 6), 'e': (2, 2.5), 'l': (3, 9), 'o': (2, 8.5)}


def lines(path, first):
	return [l.split() for l in open(path).read().splitlines() if l.startswith(first)]


def config(autoshow):
	return ('[keyboard]\ncommand = wvkbd-mobintl -H %d -L 100\nautoshow = %s\n'
		'[panel]\ntimeout = 200\n[bindings]\nLogo+o = keyboard toggle\n'
		'[gestures]\ntimeout = 1500\n' % (KB_H, 'true' if autoshow else 'false'))


def one_session(args, client, ticlient):
	s = harness.Session(args, extra_args=['--test-hooks'])
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write(config(False))
	with s:
		W, H = s.width, s.height
		band = (0, H - KB_H, W, KB_H)

		def keyboard_shown(img):
			n = img.count_close(band, MAGENTA) + img.count_close(band, YELLOW)
			dark = img.count_close(band, BLACK)
			return [] if n == 0 and dark < W * KB_H // 2 else [
				'the keyboard\'s band shows %d client and %d black pixels' % (n, dark)]

		def keyboard_hidden(img):
			n = img.count_close(band, MAGENTA) + img.count_close(band, YELLOW)
			return [] if n >= W * KB_H * 9 // 10 else [
				'the client covers only %d pixels of the keyboard\'s band' % n]

		s.spawn([args.panel], 'picowl-panel')
		state = os.path.join(s.dir, 'client.state')
		open(state, 'w').close()
		s.spawn([client, state, 'follow'], 'vmclient')
		s.poll(lambda: 'drawn' in open(state).read(), 'the client draws')

		def configured():
			c = lines(state, 'configured')
			return (int(c[-1][1]), int(c[-1][2])) if c else None

		s.poll(lambda: 'started wvkbd-mobintl' in s.picowl_stderr(), 'picowl starts wvkbd')
		s.wait_for(keyboard_shown, 'wvkbd is shown at the bottom', timeout=30)
		s.poll(lambda: configured() == (W - 4, H - PANEL_H - KB_H - 4),
		       'the tile is above the keyboard and below the panel')
		log('tiled: the client %dx%d, the keyboard %dx%d at the bottom' % (configured() + (W, KB_H)))

		# Fullscreen: the client shrinks to the area above the keyboard.
		session.ctl(s, 'inject', 'key', 'logo+f')
		s.poll(lambda: configured() == (W, H - KB_H), 'fullscreen above the keyboard')
		s.wait_for(lambda img: keyboard_shown(img) + ([] if img.all_close(
			(W // 2, 0, W // 2, PANEL_H), MAGENTA) else ['the client is not fullscreen']),
			   'fullscreen with the keyboard')
		s.screenshot(save=os.path.join(s.dir, 'fullscreen-keyboard.ppm'))
		log('fullscreen: the client %dx%d above the keyboard' % configured())

		def keysyms():
			return [e[1:] for e in lines(state, 'keysym')]

		typed = []
		for i, letter in enumerate('hello'):
			before = len(keysyms())
			x, y = key_centre(W, H, *KEYS[letter])
			session.ctl(s, 'inject', 'touch', 'tap', str(x), str(y))
			s.poll(lambda: len(keysyms()) >= before + 2, 'the %s tap reaches the client'
			       % letter, timeout=10)
			check(keysyms()[before:] == [[letter, '1'], [letter, '0']],
			      'a tap at %d,%d gave %s, not %s' % (x, y, keysyms()[before:], letter))
			typed.append(letter)
			img = s.screenshot(save=os.path.join(s.dir, 'typed-%d.ppm' % i))
			check(not keyboard_shown(img), 'after %s: %s' % (letter, keyboard_shown(img)))
			if i == 1:
				# the panel revealed over the fullscreen client hides again; the
				# keyboard stays
				session.ctl(s, 'inject', 'key', 'logo+p')
				s.wait_until(lambda im: session.panel_shown(im, (0, 0, W, PANEL_H)),
					     'the panel is revealed')
				s.wait_until(lambda im: not session.panel_shown(im, (0, 0, W, PANEL_H)),
					     'the panel hides again after its timeout')
				check(not keyboard_shown(s.screenshot()),
				      'the keyboard went with the panel')
		check(lines(state, 'touch') == [], 'the fullscreen client got touches: %s'
		      % lines(state, 'touch'))
		log('typed "%s" on wvkbd over the fullscreen client; it got no touch, the keyboard '
		    'stayed shown' % ''.join(typed))

		# A finger on a key while the keyboard hides under it: its up goes to the keyboard
		# still (the key is typed), none of it to the client that now covers that place.
		x, y = key_centre(W, H, *KEYS['o'])
		before = len(keysyms())
		session.ctl(s, 'inject', 'touch', 'down', str(x), str(y))
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.poll(lambda: configured() == (W, H), 'hidden under the finger: the client grows')
		session.ctl(s, 'inject', 'touch', 'up', str(x), str(y))
		# wvkbd presses at the down, releases at the up; Logo+o's own key goes between
		def got():
			return [k for k in keysyms()[before:] if k[0] != 'Super_L']

		s.poll(lambda: len(got()) >= 2, 'the held key reaches the client')
		check(got() == [['o', '1'], ['o', '0']], 'the held key gave %s' % got())
		check(lines(state, 'touch') == [], 'the touch went to the client: %s'
		      % lines(state, 'touch'))
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.poll(lambda: configured() == (W, H - KB_H), 'shown again')
		s.wait_for(keyboard_shown, 'the keyboard is back')
		log('a finger on o while the keyboard hid: o typed, no touch reached the client')

		# The key binding: hidden, the client takes the whole output; shown again.
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.poll(lambda: configured() == (W, H), 'hidden: the fullscreen client grows back')
		s.wait_for(keyboard_hidden, 'Logo+o hides the keyboard')
		s.screenshot(save=os.path.join(s.dir, 'fullscreen-hidden.ppm'))
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.poll(lambda: configured() == (W, H - KB_H), 'shown: the client shrinks again')
		s.wait_for(keyboard_shown, 'Logo+o shows the keyboard again')
		log('Logo+o: hidden (the client %dx%d), shown again (%dx%d)' % (W, H, W, H - KB_H))

		# Out of fullscreen: the tile grows back when the keyboard hides.
		session.ctl(s, 'inject', 'key', 'logo+f')
		tiled = (W - 4, H - PANEL_H - KB_H - 4)
		s.poll(lambda: configured() == tiled, 'tiled again')
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.poll(lambda: configured() == (W - 4, H - PANEL_H - 4), 'the tile grows back')
		s.wait_for(keyboard_hidden, 'hidden: the tile covers the keyboard\'s band')
		s.screenshot(save=os.path.join(s.dir, 'tiled-hidden.ppm'))
		log('tiled: hidden, the tile %dx%d' % configured())

		# The bottom swipe toggles it: shown, then hidden; no client sees it.
		touches = len(lines(state, 'touch'))

		def swipe(x):
			for what, y in (('down', H - 2), ('motion', H - 30), ('motion', H - 60),
					('up', H - 60)):
				session.ctl(s, 'inject', 'touch', what, str(x), str(y))

		swipe(W // 2)
		s.poll(lambda: configured() == tiled, 'the bottom swipe shows it: the tile shrinks')
		s.wait_for(keyboard_shown, 'the bottom swipe shows the keyboard')
		swipe(W // 3)
		s.poll(lambda: configured() == (W - 4, H - PANEL_H - 4), 'the swipe hides it again')
		s.wait_for(keyboard_hidden, 'the bottom swipe hides the keyboard')
		check(len(lines(state, 'touch')) == touches, 'the client saw the swipes: %s'
		      % lines(state, 'touch')[touches:])
		log('bottom swipe: shown, then hidden; the client saw no touch')

		# autoshow: a client enabling text input shows it, disabling hides it.
		with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
			f.write(config(True))
		session.ctl(s, 'reload')
		ti_log = os.path.join(s.dir, 'ti.state')
		open(ti_log, 'w').close()
		ti = s.spawn([ticlient, ti_log], 'ticlient')
		s.poll(lambda: 'enabled' in open(ti_log).read().split(), 'ticlient enables text input')
		s.wait_for(keyboard_shown, 'text input enabled: the keyboard shows')
		ti.kill(signal.SIGUSR1)
		s.poll(lambda: 'disabled' in open(ti_log).read().split(), 'ticlient disables it')
		s.wait_until(lambda img: img.count_close(band, BLACK) + img.count_close(band, MAGENTA)
			     + img.count_close(band, YELLOW) + img.count_close(band, (0x80,) * 3)
			     >= W * KB_H * 9 // 10, 'text input disabled: the keyboard hides')
		log('autoshow: ticlient\'s enable showed the keyboard, its disable hid it')
		s.check_alive()


def run():
	args = session.parse_args_with(lambda p: (p.add_argument('--client', required=True),
						  p.add_argument('--ticlient', required=True),
						  p.add_argument('--typist', default='')))
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	ticlient = harness.need(args.ticlient, 'ticlient', '(built by meson)')
	harness.need(args.typist, 'wvkbd-mobintl', 'wvkbd')
	one_session(args, client, ticlient)


if __name__ == '__main__':
	harness.main(run)
