#!/usr/bin/env python3
"""A whole session by touch alone (issue 33; decisions 4.52, 4.54, 4.55): picowl headless with
the installed config/session.ini (its panel 24 px high, picowl-terminal autostarted, wvkbd-mobintl
from [keyboard] command) and a private XDG_DATA_DIRS holding Debian's foot.desktop. Only
injected taps: the panel's launcher button lists foot, a tap on its row starts foot into the
second tile; taps on wvkbd's keys (their places from its layout at the configured height) type
`echo hi` and Return, then `touch x` and Return into it: the line under the command shows the
same glyphs as the command's "hi" (pixel for pixel: foot printed it) and HOME/x appears (the keys
reached the shell). The window list (a tap on the title) switches to the autostarted terminal
and back; the close button closes the foot started from the launcher, whose process ends, and
the other terminal takes the whole area. A screenshot at each step, checked by its pixels and
kept with PICOWL_TEST_KEEP=1. Then the same at --rotate 90, taps in the rotated output's
coordinates (the panel along its top, wvkbd along its bottom)."""

import os
import shutil

import harness
import session
from harness import check, log

BAR_H = 24  # config/session.ini's [panel] height
KB_H = 120  # its wvkbd-mobintl -H: six rows of 20 px
ROW_H = 28  # picowl-panel's launcher and window list rows
BORDER = 2
FOCUSED = (0x4c, 0x78, 0x99)
FOOT_BG = harness.parse_rgb(harness.FOOT_BG)
FOOT_FG = (0xff, 0xff, 0x00)

# Debian's wvkbd 0.12, layout "full" (layout.mobintl.h): six rows of equal height, each key as
# wide as its share of its row's units. A key: (row, units before it, its units, row units).
KEYS = {
	'e': (2, 2.5, 1, 10.5), 't': (2, 4.5, 1, 10.5), 'u': (2, 6.5, 1, 10.5),
	'i': (2, 7.5, 1, 10.5), 'o': (2, 8.5, 1, 10.5), 'h': (3, 6, 1, 10.5),
	'x': (4, 2.5, 1, 10), 'c': (4, 3.5, 1, 10), ' ': (5, 3, 4, 10), '\n': (5, 8, 2, 10),
}


def key_centre(W, H, key):
	row, before, units, row_units = KEYS[key]
	keyheight = KB_H // 6
	return (int((before + units / 2.0) * W / row_units),
		H - KB_H + row * keyheight + keyheight // 2)


def windows(s):
	rows = [l.split('\t') for l in session.ctl(s, 'windows').splitlines() if l]
	return [{'id': r[0], 'flags': r[1], 'app_id': r[2]} for r in rows]


def foot_pids(s):
	"""The foot processes of this session (by their WAYLAND_DISPLAY)."""
	mark = ('WAYLAND_DISPLAY=%s' % s.socket).encode()
	pids = []
	for pid in filter(str.isdigit, os.listdir('/proc')):
		try:
			with open('/proc/%s/comm' % pid) as f:
				if f.read().strip() != 'foot':
					continue
			with open('/proc/%s/environ' % pid, 'rb') as f:
				if mark in f.read().split(b'\0'):
					pids.append(int(pid))
		except OSError:
			pass
	return sorted(pids)


def tiles(W, H, n):
	"""The tiles under the panel and above the keyboard: the output's shape decides how they
	split (doc/session.md)."""
	x, y, w, h = 0, BAR_H, W, H - BAR_H - KB_H
	if n == 1:
		return [(x, y, w, h)]
	if H >= W:
		return [(x, y, w, h // 2), (x, y + h // 2, w, h - h // 2)]
	return [(x, y, w // 2, h), (x + w // 2, y, w - w // 2, h)]


def inside(box, d=BORDER):
	return (box[0] + d, box[1] + d, box[2] - 2 * d, box[3] - 2 * d)


def ink_lines(img, box):
	"""The bands of rows of box that hold something other than foot's background: its text
	lines, top to bottom, as (first row, last row + 1)."""
	x0, y0, w, h = box
	bands, start = [], None
	for y in range(y0, y0 + h):
		ink = not img.all_close((x0, y, w, 1), FOOT_BG, tol=0)
		if ink and start is None:
			start = y
		elif not ink and start is not None:
			bands.append((start, y))
			start = None
	if start is not None:
		bands.append((start, y0 + h))
	return bands


def ink_box(img, box, band):
	"""The smallest box (x, y, w, h) within box's columns and band's rows holding its ink."""
	cols = [x for x in range(box[0], box[0] + box[2])
		if not img.all_close((x, band[0], 1, band[1] - band[0]), FOOT_BG, tol=0)]
	return (cols[0], band[0], cols[-1] + 1 - cols[0], band[1] - band[0])


def printed_hi(img, box):
	"""Problems unless foot's tile shows a command line, then a line whose glyphs are the last
	ink of the command line, pixel for pixel (echo's "hi" under "echo hi"), then the prompt."""
	bands = ink_lines(img, box)
	if len(bands) < 3:
		return ['foot\'s tile has %d lines of text, not 3: %s' % (len(bands), bands)]
	out = ink_box(img, box, bands[1])
	want = img.region_bytes(out)
	cmd = ink_box(img, box, bands[0])
	# the output's glyphs end where the command line's do, on a row of that line
	right = cmd[0] + cmd[2] - out[2]
	for y in range(bands[0][0] - out[3], bands[0][1] + 1):
		if y >= box[1] and img.region_bytes((right, y, out[2], out[3])) == want:
			return []
	return ['the line under the command (%s) is not the end of the command line (%s)'
		% (out, cmd)]


def focused_border(img, tile):
	top = (tile[0], tile[1], tile[2], BORDER)
	return img.count_close(top, FOCUSED) >= tile[2] * BORDER * 9 // 10


def one_session(args, ini, rotation):
	W, H = (320, 240) if rotation % 180 else (240, 320)
	extra = ['--test-hooks'] + (['--rotate', str(rotation)] if rotation else [])
	s = harness.Session(args, size='240x320', extra_args=extra)
	s.width, s.height = W, H
	# The installed session, whole: its panel, its terminal, its keyboard, its buttons.
	shutil.copy(ini, os.path.join(s.home, '.config', 'picowl', 'picowl.ini'))
	foot_dir = os.path.join(s.home, '.config', 'foot')
	os.makedirs(foot_dir)
	with open(os.path.join(foot_dir, 'foot.ini'), 'w') as f:
		f.write('[main]\nfont=monospace:size=6\nshell=/bin/sh\n\n[colors]\nbackground=%s\n'
			'foreground=%02x%02x%02x\nalpha=1.0\n\n[cursor]\nblink=no\n'
			% ((harness.FOOT_BG,) + FOOT_FG))
	apps = os.path.join(s.dir, 'data', 'applications')
	os.makedirs(apps)
	shutil.copy('/usr/share/applications/foot.desktop', apps)
	# picowl passes its environment and its folder to what it starts (the panel, the
	# terminal, foot from the launcher): the launcher reads these programs, and `touch x`
	# runs in HOME, as in a login
	saved = (dict(os.environ), os.getcwd())
	os.environ['XDG_DATA_DIRS'] = os.path.join(s.dir, 'data')
	os.environ['PATH'] = os.path.join(args.source, 'config') + ':' + os.environ['PATH']
	os.chdir(s.home)
	shot = [0]

	def save(img, what):
		shot[0] += 1
		img.save_ppm(os.path.join(s.dir, 'rot%d-%02d-%s.ppm' % (rotation, shot[0], what)))
		log('screenshot rot%d-%02d-%s.ppm' % (rotation, shot[0], what))

	def tap(x, y):
		session.touch(s, 'tap', x, y)

	try:
		with s:
			log('--- rotation %d: the output is %dx%d' % (rotation, W, H))
			band = (0, H - KB_H, W, KB_H)

			def keyboard_shown(img):
				foot = img.count_close(band, FOOT_BG)
				# wvkbd's greys: its background, its keys
				dark = sum(1 for p in img.pixels(band) if max(p) < 60)
				return [] if foot == 0 and dark >= W * KB_H * 8 // 10 else [
					'the keyboard\'s band shows %d of foot\'s and %d dark pixels'
					% (foot, dark)]

			s.poll(lambda: [w['app_id'] for w in windows(s)] == ['foot'],
			       'the autostarted picowl-terminal (foot) maps', timeout=30)
			one = tiles(W, H, 1)[0]
			img = s.wait_for(lambda img: keyboard_shown(img) + (
				[] if session.panel_shown(img, (BAR_H, 0, W - 3 * BAR_H, BAR_H)) else
				['no panel']) + ([] if session.mostly(img, inside(one), FOOT_BG, 0.5)
						 else ['no terminal in the tile']),
				'the panel, the terminal and the keyboard', timeout=30)
			save(img, 'session')
			first = windows(s)[0]['id']

			# The launcher button, then foot's row.
			tap(BAR_H // 2, BAR_H // 2)
			img = s.wait_until(lambda img: session.panel_shown(img, (0, BAR_H, W, ROW_H)),
					   'the launcher list below the bar')
			save(img, 'launcher')
			tap(W // 2, BAR_H + ROW_H // 2)
			s.poll(lambda: len(windows(s)) == 2, 'a tap on foot\'s row starts foot',
			       timeout=30)
			launched = windows(s)[1]['id']
			s.poll(lambda: 'focused' in windows(s)[1]['flags'], 'the new foot is focused')
			two = tiles(W, H, 2)
			img = s.wait_for(lambda img: ([] if session.mostly(img, inside(two[1]), FOOT_BG,
									    0.5) else ['no foot in tile 2'])
					 + ([] if focused_border(img, two[1]) else
					    ['tile 2\'s border is not the focused one'])
					 + ([] if len(ink_lines(img, inside(two[1]))) == 1 else
					    ['no prompt alone in tile 2'])
					 + keyboard_shown(img),
					 'foot in tile 2 with its prompt, focused, the keyboard shown',
					 timeout=30)
			save(img, 'foot-and-keyboard')
			check(len(foot_pids(s)) == 2, 'not two foot processes: %s' % foot_pids(s))
			log('launcher: foot started into tile 2 %s' % (two[1],))

			# echo hi, Return, on wvkbd.
			for key in 'echo hi\n':
				tap(*key_centre(W, H, key))
			img = s.wait_for(lambda img: printed_hi(img, inside(two[1])),
					 'foot printed hi under `echo hi`', timeout=20)
			save(img, 'echo-hi')
			typed = img
			check(len(ink_lines(img, inside(two[0]))) == 1,
			      'the other terminal got text: %s' % ink_lines(img, inside(two[0])))
			check(not keyboard_shown(img), 'after typing: %s' % keyboard_shown(img))
			x = os.path.join(s.home, 'x')
			check(not os.path.exists(x), '%s exists before it was typed' % x)
			for key in 'touch x\n':
				tap(*key_centre(W, H, key))
			s.poll(lambda: os.path.exists(x), '`touch x` typed on wvkbd makes HOME/x')
			log('typed on wvkbd: "hi" printed under `echo hi`; `touch x` made %s' % x)

			# The window list: a tap on the title; the autostarted terminal's row.
			tap(W // 3, BAR_H // 2)
			img = s.wait_until(lambda img: session.panel_shown(
				img, (0, BAR_H, W, 2 * ROW_H)), 'the window list, two rows')
			save(img, 'window-list')
			tap(W // 2, BAR_H + ROW_H // 2)
			s.poll(lambda: [w['id'] for w in windows(s) if 'focused' in w['flags']]
			       == [first], 'a tap on row 1 focuses the autostarted terminal')
			img = s.wait_until(lambda img: focused_border(img, two[0])
					   and not session.panel_shown(img, (0, BAR_H, W, ROW_H)),
					   'the list closed, tile 1 focused')
			save(img, 'switched')
			log('window list: switched to the autostarted terminal')

			# Back to the launched foot by the list, then its close button.
			tap(W // 3, BAR_H // 2)
			s.wait_until(lambda img: session.panel_shown(img, (0, BAR_H, W, 2 * ROW_H)),
				     'the window list again')
			tap(W // 2, BAR_H + ROW_H + ROW_H // 2)
			s.poll(lambda: [w['id'] for w in windows(s) if 'focused' in w['flags']]
			       == [launched], 'a tap on row 2 focuses the launched foot')
			s.wait_until(lambda img: focused_border(img, two[1])
				     and not session.panel_shown(img, (0, BAR_H, W, ROW_H)),
				     'the list closed, tile 2 focused')
			pids = foot_pids(s)
			tap(W - BAR_H // 2, BAR_H // 2)
			s.poll(lambda: [w['id'] for w in windows(s)] == [first],
			       'a tap on close closes the launched foot', timeout=10)
			s.poll(lambda: len(foot_pids(s)) == 1, 'the closed foot exits', timeout=10)
			img = s.wait_for(lambda img: ([] if session.mostly(img, inside(one), FOOT_BG, 0.8)
						      else ['the terminal does not fill the area'])
					 + ([] if focused_border(img, one) else ['it is not focused'])
					 + keyboard_shown(img), 'one terminal left, the keyboard shown')
			save(img, 'closed')
			log('close: foot %s exited (of %s); the terminal fills %s'
			    % (sorted(set(pids) - set(foot_pids(s))), pids, (one,)))

			# A known rendering: foot printing the same two lines into the same tile.
			text = '%s echo hi\nhi\n' % ('#' if os.geteuid() == 0 else '$')
			s.spawn([args.foot, '-e', 'sh', '-c', 'printf "\\033[?25l%s"; exec sleep 100000'
				 % text.replace('\n', '\\n')], 'foot-reference')
			ref = s.wait_until(lambda img: len(ink_lines(img, inside(two[1]))) == 2,
					   'the reference foot prints two lines in tile 2', timeout=30)
			save(ref, 'reference')
			box = inside(two[1])
			area = box[:3] + (ink_lines(typed, box)[1][1] - box[1],)
			check(typed.region_bytes(area) == ref.region_bytes(area),
			      'the typed lines are not foot\'s rendering of %r' % text)
			log('the typed session\'s first two lines are foot\'s rendering of %r' % text)
			s.check_alive()
	finally:
		os.environ.clear()
		os.environ.update(saved[0])
		os.chdir(saved[1])


def run():
	args = session.parse_args_with(lambda p: (p.add_argument('--source', required=True),
						  p.add_argument('--typist', default='')))
	harness.need(args.foot, 'foot', 'foot')
	harness.need(args.typist, 'wvkbd-mobintl', 'wvkbd')
	ini = os.path.join(args.source, 'config', 'session.ini')
	for rotation in (0, 90):
		one_session(args, ini, rotation)


if __name__ == '__main__':
	harness.main(run)
