#!/usr/bin/env python3
"""Dialogs float (issue 33, item 6; decision 4.51). dialogclient's green parent and its red
100x60 dialog (xdg_toplevel.set_parent): picowl-ctl tiles lists one tile; the screenshot shows
the dialog centred over the parent's tile and the parent's green all round it; the keys go to the
dialog; a tap on the parent gives it the keys. Modal (xdg_dialog_v1.set_modal): a tap on the
parent leaves the keys with the dialog, and `focus next` skips the parent. In monocle with a
second client shown the dialog hides with its parent. The parent destroyed: the dialog becomes
the one tile and is configured to it."""

import os
import signal

import harness
import session
from harness import check, log

GREEN = (0x20, 0xa0, 0x40)
RED = (0xc0, 0x30, 0x30)
DIALOG = (100, 60)


def lines(path):
	return open(path).read().splitlines()


def tiles(s):
	return [l for l in session.ctl(s, 'tiles').splitlines() if l.strip()]


def red_box(img, area):
	"""The bounding box (x, y, w, h) of the red pixels in area, or None."""
	x0, y0, w, h = area
	xs, ys = [], []
	for y in range(y0, y0 + h):
		for x in range(x0, x0 + w):
			if harness.rgb_close(img.px(x, y), RED):
				xs.append(x)
				ys.append(y)
	if not xs:
		return None
	return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def start(s, client, mode):
	state = os.path.join(s.dir, mode + '.state')
	open(state, 'w').close()
	c = s.spawn([client, state, mode], 'dialogclient-' + mode)
	s.poll(lambda: 'mapped' in lines(state), 'dialogclient %s maps its dialog' % mode, timeout=10)
	return c, state


def keys_to(s, state, want):
	"""Injects the key a; the client must log it on `want` (parent or dialog)."""
	n = len(lines(state))
	session.ctl(s, 'inject', 'key', 'a')

	def a_pressed():
		# the a key (evdev 30) pressed; a binding's Logo may come before it
		return [l.split()[1] for l in lines(state)[n:] if l.startswith('key ') and
			l.endswith(' 30 1')]

	s.poll(a_pressed, 'the key arrives', timeout=5)
	got = a_pressed()[0]
	check(got == want, 'the key went to the %s, not the %s' % (got, want))
	log('key a: to the %s' % got)


def check_floats(s, img, tile):
	"""The dialog centred over the parent's tile, the parent's green all round it."""
	content = harness.content_box(tile)
	box = red_box(img, content)
	check(box is not None, 'no dialog on the screen')
	check(box[2:] == DIALOG, 'the dialog is %dx%d, not %dx%d' % (box[2], box[3], *DIALOG))
	cx, cy = tile[0] + tile[2] / 2, tile[1] + tile[3] / 2
	dx, dy = box[0] + box[2] / 2 - cx, box[1] + box[3] / 2 - cy
	check(abs(dx) <= 1 and abs(dy) <= 1, 'the dialog %s is off the centre by %g,%g' % (box, dx, dy))
	# the parent whole behind it: green everywhere in its content but the dialog and border
	b = harness.BORDER
	x, y, w, h = content
	outside = [(px, py) for py in range(y, y + h) for px in range(x, x + w)
		   if not (box[0] - b <= px < box[0] + box[2] + b and box[1] - b <= py < box[1] + box[3] + b)]
	green = sum(1 for px, py in outside if harness.rgb_close(img.px(px, py), GREEN))
	check(green == len(outside), 'the parent is not whole behind the dialog: %d of %d green'
	      % (green, len(outside)))
	log('the dialog at %s, centred over the tile %s; the parent green all round' % (box, tile))
	return box


def run():
	def extra(p):
		p.add_argument('--client', required=True)
		p.add_argument('--other', required=True)
		p.add_argument('--zenity', default='')
	args = session.parse_args_with(extra)
	client = harness.need(args.client, 'dialogclient', '(built by meson)')
	other = harness.need(args.other, 'stateclient', '(built by meson)')
	screen = (0, 0, 240, 320)

	with harness.Session(args, extra_args=['--test-hooks']) as s:
		c, state = start(s, client, 'float')
		t = tiles(s)
		check(len(t) == 1, 'a dialog took a tile: %s' % t)
		log('tiles: %s' % t)
		img = s.screenshot(save='dialog.ppm')
		check_floats(s, img, screen)
		keys_to(s, state, 'dialog')
		# a tap on the parent, away from the dialog: it has the keys now
		session.touch(s, 'tap', 20, 20)
		s.poll(lambda: 'enter parent' in lines(state), 'the parent gets the focus', timeout=5)
		keys_to(s, state, 'parent')
		# `focus next` goes from the parent to its dialog
		session.ctl(s, 'inject', 'key', 'logo+j')
		keys_to(s, state, 'dialog')
		# monocle with another client focused: the dialog hides with its parent
		other_state = os.path.join(s.dir, 'other.state')
		open(other_state, 'w').close()
		s.spawn([other, other_state, '--still'], 'stateclient')
		s.poll(lambda: 'drawn' in open(other_state).read(), 'the other client draws')
		session.ctl(s, 'inject', 'key', 'logo+m')  # layout next: monocle
		img = s.wait_until(lambda i: red_box(i, screen) is None, 'the dialog hides in monocle',
				   timeout=10)
		t = tiles(s)
		check(len(t) == 2, 'two clients, one with a dialog: %s' % t)
		session.ctl(s, 'inject', 'key', 'logo+j')  # the parent's tile shows: its dialog too
		img = s.wait_until(lambda i: red_box(i, screen) is not None, 'the dialog shows again',
				   timeout=10)
		log('monocle: the dialog hides and shows with its parent')
		s.clients[-1].kill(signal.SIGTERM)
		s.poll(lambda: len(tiles(s)) == 1, 'the other client goes')
		session.ctl(s, 'inject', 'key', 'logo+m')  # back to tiles
		# the parent destroyed: the dialog is the one tile now, configured to it
		os.kill(c.pid, signal.SIGUSR1)
		s.poll(lambda: 'parent destroyed' in lines(state), 'the parent goes')
		content = harness.content_box(screen)
		s.poll(lambda: ('dialog drawn %d %d' % content[2:]) in lines(state),
		       'the dialog is configured to the tile', timeout=10)
		img = s.wait_until(lambda i: red_box(i, screen) == content, 'the dialog fills the tile',
				   timeout=10)
		check(len(tiles(s)) == 1, 'the dialog, now a tile: %s' % tiles(s))
		log('the parent destroyed: the dialog fills the one tile %s' % (content,))
		s.check_alive('after the plain dialog')

	with harness.Session(args, extra_args=['--test-hooks']) as s:
		c, state = start(s, client, 'modal')
		check(len(tiles(s)) == 1, 'a modal dialog took a tile: %s' % tiles(s))
		img = s.screenshot(save='modal.ppm')
		check_floats(s, img, screen)
		keys_to(s, state, 'dialog')
		session.touch(s, 'tap', 20, 20)
		s.poll(lambda: any(l.startswith('touch ') for l in lines(state)), 'the tap arrives')
		keys_to(s, state, 'dialog')
		after = lines(state)[lines(state).index('mapped'):]
		check('enter parent' not in after, 'the parent had the keys a moment')
		session.ctl(s, 'inject', 'key', 'logo+j')
		keys_to(s, state, 'dialog')
		log('modal: a tap on the parent and focus next leave the keys with the dialog')
		s.check_alive('after the modal dialog')


if __name__ == '__main__':
	harness.main(run)
