#!/usr/bin/env python3
"""Edge swipes ([gestures], issue 32): with picowl-panel and three test clients (vmclient, which
logs every touch it gets), in portrait and at --rotate 90, each default action from its edge of
the output as the user sees it: right, the next tile; left, the previous; bottom, the
on-screen keyboard (wvkbd-mobintl from [keyboard] command: hidden, the tiles grow over its
area, and shown again); top, the panel over a fullscreen client. No client sees any touch of a
swipe. A touch near an edge that is no swipe still reaches the client under it, late but whole
(down, motion, up, in order), and the panel: a tap on its title at the top edge, then on a row
of the window list, focuses that tile. A finger held still at the edge reaches its client once the timeout passes.

The config sets only timeout = 1500 ms (default 500): each injected event is one picowl-ctl
run, slow on a loaded CI machine; the actions, edge_width and distance are the defaults. The
keyboard is KB_H px high, so that three tiles still fit above it."""

import os
import shutil
import time

import harness
import session
from harness import check, log

FOCUSED = (0x4c, 0x78, 0x99)
YELLOW = (255, 255, 0)
MAGENTA = (255, 0, 255)
PANEL_H = 16
KB_H = 60
TIMEOUT_MS = 1500


def touch_lines(path):
	return [l for l in open(path).read().splitlines() if l.startswith('touch ')]


def focused_tile(s):
	for line in session.ctl(s, 'tiles').splitlines():
		f = line.split('\t')
		if 'focused' in f[1]:
			return int(f[0])
	return 0


def tile_regions(W, H, kb):
	"""The three tiles under the panel and above a keyboard kb px high: the master, then the
	two of the stack."""
	y0, h = PANEL_H, H - PANEL_H - kb
	if H >= W:
		return [(0, y0, W, h // 2), (0, y0 + h // 2, W // 2, h - h // 2),
			(W // 2, y0 + h // 2, W - W // 2, h - h // 2)]
	return [(0, y0, W // 2, h), (W // 2, y0, W - W // 2, h // 2),
		(W // 2, y0 + h // 2, W - W // 2, h - h // 2)]


def one_session(args, rotation):
	W, H = (320, 240) if rotation % 180 else (240, 320)
	extra = ['--test-hooks'] + (['--rotate', str(rotation)] if rotation else [])
	s = harness.Session(args, size='240x320', extra_args=extra)
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[gestures]\ntimeout = %d\n[keyboard]\ncommand = wvkbd-mobintl -H %d -L %d\n'
			% (TIMEOUT_MS, KB_H, KB_H))
	with s:
		s.width, s.height = W, H
		log('--- rotation %d: the output is %dx%d' % (rotation, W, H))
		s.spawn([args.panel], 'picowl-panel')
		states = []
		for i in range(3):
			state = os.path.join(s.dir, 'client%d.state' % (i + 1))
			open(state, 'w').close()
			s.spawn([args.client, state, 'follow'], 'vmclient%d' % (i + 1))
			s.poll(lambda: 'drawn' in open(state).read(), 'client %d draws' % (i + 1))
			states.append(state)
		regions = tile_regions(W, H, KB_H)

		def border_shows(tile):
			def problems(img):
				counts = [img.count_close(r, FOCUSED) for r in regions]
				best = counts.index(max(counts)) + 1
				return [] if best == tile and counts[tile - 1] > 100 else [
					'the focused border is in tile %d (%s), not %d' % (best, counts, tile)]
			return problems

		def tiled_with_panel(img):
			p = [] if session.panel_shown(img, (0, 0, W, PANEL_H)) else ['no panel']
			return p + border_shows(focused_tile(s))(img)

		band = (0, H - KB_H, W, KB_H)

		def keyboard_shown(img):
			n = img.count_close(band, YELLOW) + img.count_close(band, MAGENTA)
			return [] if n == 0 and img.count_close(band, (0, 0, 0)) < W * KB_H // 2 else [
				'no keyboard at the bottom: %d client pixels there' % n]

		s.wait_for(lambda img: tiled_with_panel(img) + keyboard_shown(img),
			   'the panel, three tiles and the keyboard', timeout=30)

		def ctl_touch(what, x, y):
			session.ctl(s, 'inject', 'touch', what, '%g' % x, '%g' % y)

		def swipe(x0, y0, x1, y1, what):
			before = [len(touch_lines(p)) for p in states]
			ctl_touch('down', x0, y0)
			ctl_touch('motion', (x0 + x1) / 2, (y0 + y1) / 2)
			ctl_touch('motion', x1, y1)
			ctl_touch('up', x1, y1)
			return before

		def unseen(before, what):
			"""Once the swipe's action shows, and a round trip later, no client got a touch."""
			session.ctl(s, 'tiles')
			after = [len(touch_lines(p)) for p in states]
			check(after == before, '%s: the clients saw the swipe: touch lines %s -> %s'
			      % (what, before, after))

		def new_touches(before):
			return [touch_lines(p)[n:] for p, n in zip(states, before)]

		# Right edge: the next tile; left edge: the previous one.
		first = focused_tile(s)
		nxt = first % 3 + 1
		b = swipe(W - 2, H // 2, W - 70, H // 2 + 5, 'right edge')
		s.poll(lambda: focused_tile(s) == nxt, 'a swipe from the right focuses tile %d' % nxt,
		       timeout=5)
		s.wait_for(border_shows(nxt), 'the focused border moves to tile %d' % nxt)
		unseen(b, 'right edge')
		log('right edge: tile %d -> %d, no client saw it' % (first, nxt))
		b = swipe(1, H // 2, 60, H // 2 - 5, 'left edge')
		s.poll(lambda: focused_tile(s) == first, 'a swipe from the left focuses tile %d' % first,
		       timeout=5)
		s.wait_for(border_shows(first), 'the focused border is back in tile %d' % first)
		unseen(b, 'left edge')
		log('left edge: tile %d -> %d, no client saw it' % (nxt, first))

		# Bottom edge: the keyboard hides and the tiles grow over its area (the stack's
		# tiles reach the bottom); again: it shows, the tiles above it.
		def keyboard_hidden(img):
			n = img.count_close(band, YELLOW) + img.count_close(band, MAGENTA)
			return [] if n >= W * KB_H * 3 // 4 else [
				'the tiles cover only %d pixels of the keyboard\'s area' % n]

		b = swipe(W // 2, H - 2, W // 2 + 8, H - 60, 'bottom edge')
		s.wait_for(keyboard_hidden, 'a swipe from the bottom hides the keyboard')
		unseen(b, 'bottom edge')
		log('bottom edge: the keyboard hidden, the tiles over its %dx%d' % (W, KB_H))
		b = swipe(W // 3, H - 1, W // 3, H - 50, 'bottom edge again')
		s.wait_for(lambda img: tiled_with_panel(img) + keyboard_shown(img),
			   'a swipe from the bottom again: the keyboard under three tiles')
		unseen(b, 'bottom edge again')
		log('bottom edge again: the keyboard shown, three tiles above it')

		# Top edge: the panel over a fullscreen client (autohide hides it there).
		session.ctl(s, 'inject', 'key', 'logo+f')
		top = (0, 0, W, PANEL_H)
		s.wait_until(lambda img: img.count_close(top, YELLOW) + img.count_close(top, MAGENTA)
			     >= W * PANEL_H, 'fullscreen: the client covers the panel')
		b = swipe(W // 2, 4, W // 2 - 6, 70, 'top edge')
		img = s.wait_until(lambda i: session.panel_shown(i, (0, 0, W, PANEL_H)),
				   'a swipe from the top shows the panel', timeout=5)
		img.save_ppm(os.path.join(s.dir, 'top-swipe-%d.ppm' % rotation))
		unseen(b, 'top edge')
		log('top edge: the panel over the fullscreen client')
		session.ctl(s, 'inject', 'key', 'logo+f')
		s.wait_for(tiled_with_panel, 'the tiles again')
		# the keyboard hidden again: the bottom edge is the clients'
		b = swipe(W // 2, H - 2, W // 2, H - 60, 'bottom edge, to hide the keyboard')
		s.wait_for(keyboard_hidden, 'the keyboard hidden again')
		regions = tile_regions(W, H, 0)

		# A tap at the bottom edge and a short drag along the left one reach their clients,
		# whole and in order.
		before = [len(touch_lines(p)) for p in states]
		ctl_touch('tap', W // 4, H - 3)
		s.poll(lambda: sum(len(t) for t in new_touches(before)) >= 2, 'the tap reaches a client',
		       timeout=5)
		got = [t for t in new_touches(before) if t]
		check(len(got) == 1 and [l.split()[1] for l in got[0]] == ['down', 'up'],
		      'a tap at the bottom edge: the clients got %s' % new_touches(before))
		log('tap at the bottom edge: one client got %s' % got[0])
		before = [len(touch_lines(p)) for p in states]
		ctl_touch('down', 2, H // 2)
		ctl_touch('motion', 4, H // 2 + 12)
		ctl_touch('up', 4, H // 2 + 12)
		s.poll(lambda: sum(len(t) for t in new_touches(before)) >= 3,
		       'the short drag reaches a client', timeout=5)
		got = [t for t in new_touches(before) if t]
		check(len(got) == 1 and [l.split()[1] for l in got[0]] == ['down', 'motion', 'up'],
		      'a short drag at the left edge: the clients got %s' % new_touches(before))
		log('short drag at the left edge: one client got %s' % got[0])

		# The panel at the top edge: a tap on its title opens the window list (decision
		# 4.52), a tap on a row there focuses that window.
		target = 2 if focused_tile(s) != 2 else 3
		session.ctl(s, 'focus', str(5 - target))
		s.poll(lambda: focused_tile(s) == 5 - target, 'focus tile %d' % (5 - target))
		ctl_touch('tap', W // 3, 3)
		ctl_touch('tap', W // 2, PANEL_H + 28 * (target - 1) + 14)
		s.poll(lambda: focused_tile(s) == target,
		       'a tap on the title at y=3, then on row %d, focused tile %d' % (target, target))
		log('tap at y=3 on the panel, then on the window list: tile %d focused' % target)

		# A finger held still at the edge: its client gets the down once the timeout passes.
		before = [len(touch_lines(p)) for p in states]
		ctl_touch('down', W - 3, PANEL_H + 40)
		time.sleep(TIMEOUT_MS / 1000.0 / 2)
		check(sum(len(t) for t in new_touches(before)) == 0, 'a held touch went through early')
		s.poll(lambda: sum(len(t) for t in new_touches(before)) >= 1,
		       'a held touch reaches its client after the timeout', timeout=5)
		ctl_touch('up', W - 3, PANEL_H + 40)
		s.poll(lambda: sum(len(t) for t in new_touches(before)) >= 2, 'and its up', timeout=5)
		got = [t for t in new_touches(before) if t]
		check(len(got) == 1 and [l.split()[1] for l in got[0]] == ['down', 'up'],
		      'a held touch at the right edge: the clients got %s' % new_touches(before))
		log('held touch at the right edge: its client got down after %d ms, then up' % TIMEOUT_MS)
		s.check_alive()


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	harness.need(args.client, 'vmclient', '(built by meson)')
	harness.need(shutil.which('wvkbd-mobintl'), 'wvkbd-mobintl', 'wvkbd')
	for rotation in (0, 90):
		one_session(args, rotation)


harness.main(run)
