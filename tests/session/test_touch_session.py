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


windows = session.windows


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


def unless(ok, problem):
	return [] if ok else [problem]


class Run:
	"""One rotation's session: the output's logical size, taps, saved screenshots."""

	def __init__(self, s, rotation, W, H):
		self.s, self.rotation, self.W, self.H = s, rotation, W, H
		self.shots = 0
		self.two = tiles(W, H, 2)
		self.one = tiles(W, H, 1)[0]

	def tap(self, x, y):
		session.touch(self.s, 'tap', x, y)

	def type(self, text):
		for key in text:
			self.tap(*key_centre(self.W, self.H, key))

	def save(self, img, what):
		self.shots += 1
		name = 'rot%d-%02d-%s.ppm' % (self.rotation, self.shots, what)
		img.save_ppm(os.path.join(self.s.dir, name))
		log('screenshot %s' % name)

	def keyboard_shown(self, img):
		band = (0, self.H - KB_H, self.W, KB_H)
		foot = img.count_close(band, FOOT_BG)
		# wvkbd's greys: its background, its keys
		dark = sum(1 for p in img.pixels(band) if max(p) < 60)
		return unless(foot == 0 and dark >= self.W * KB_H * 8 // 10,
			      'the keyboard\'s band shows %d of foot\'s and %d dark pixels'
			      % (foot, dark))

	def list_shown(self, rows):
		return lambda img: session.panel_shown(img, (0, BAR_H, self.W, rows * ROW_H))

	def focused(self):
		return [w['id'] for w in windows(self.s) if 'focused' in w['flags']]


def start(r):
	"""The installed session: the panel, the autostarted terminal, the keyboard."""
	s, W = r.s, r.W
	s.poll(lambda: [w['app_id'] for w in windows(s)] == ['foot'],
	       'the autostarted picowl-terminal (foot) maps', timeout=30)
	img = s.wait_for(lambda img: r.keyboard_shown(img)
			 + unless(session.panel_shown(img, (BAR_H, 0, W - 3 * BAR_H, BAR_H)),
				  'no panel')
			 + unless(session.mostly(img, inside(r.one), FOOT_BG, 0.5),
				  'no terminal in the tile'),
			 'the panel, the terminal and the keyboard', timeout=30)
	r.save(img, 'session')
	return windows(s)[0]['id']


def launch(r):
	"""The launcher button, then foot's row: foot in tile 2, focused, with its prompt."""
	s, tile = r.s, r.two[1]
	r.tap(BAR_H // 2, BAR_H // 2)
	r.save(s.wait_until(r.list_shown(1), 'the launcher list below the bar'), 'launcher')
	r.tap(r.W // 2, BAR_H + ROW_H // 2)
	s.poll(lambda: len(windows(s)) == 2, 'a tap on foot\'s row starts foot', timeout=30)
	launched = windows(s)[1]['id']
	s.poll(lambda: r.focused() == [launched], 'the new foot is focused')
	img = s.wait_for(lambda img: unless(session.mostly(img, inside(tile), FOOT_BG, 0.5),
					    'no foot in tile 2')
			 + unless(focused_border(img, tile), 'tile 2\'s border is not focused')
			 + unless(len(ink_lines(img, inside(tile))) == 1, 'no prompt in tile 2')
			 + r.keyboard_shown(img),
			 'foot in tile 2 with its prompt, focused, the keyboard shown', timeout=30)
	r.save(img, 'foot-and-keyboard')
	check(len(foot_pids(s)) == 2, 'not two foot processes: %s' % foot_pids(s))
	log('launcher: foot started into tile 2 %s' % (tile,))
	return launched


def typing(r):
	"""echo hi, then touch x, each with Return, on wvkbd. Returns the screenshot of the
	first."""
	s, box = r.s, inside(r.two[1])
	r.type('echo hi\n')
	img = s.wait_for(lambda img: printed_hi(img, box), 'foot printed hi under `echo hi`')
	r.save(img, 'echo-hi')
	other = ink_lines(img, inside(r.two[0]))
	check(len(other) == 1, 'the other terminal got text: %s' % other)
	check(not r.keyboard_shown(img), 'after typing: %s' % r.keyboard_shown(img))
	x = os.path.join(s.home, 'x')
	check(not os.path.exists(x), '%s exists before it was typed' % x)
	r.type('touch x\n')
	s.poll(lambda: os.path.exists(x), '`touch x` typed on wvkbd makes HOME/x')
	log('typed on wvkbd: "hi" printed under `echo hi`; `touch x` made %s' % x)
	return img


def switch(r, row, want, what):
	"""A tap on the title opens the window list; a tap on a row switches to its window."""
	s, tile = r.s, r.two[row]
	r.tap(r.W // 3, BAR_H // 2)
	img = s.wait_until(r.list_shown(2), 'the window list, two rows')
	r.tap(r.W // 2, BAR_H + row * ROW_H + ROW_H // 2)
	s.poll(lambda: r.focused() == [want], 'a tap on row %d focuses %s' % (row + 1, what))
	shown = s.wait_until(lambda img: focused_border(img, tile)
			     and not session.panel_shown(img, (0, BAR_H, r.W, ROW_H)),
			     'the list closed, tile %d focused' % (row + 1))
	log('window list: switched to %s' % what)
	return img, shown


def close(r, first):
	"""The close button: the focused foot goes, its process ends, the other fills the area."""
	s = r.s
	pids = foot_pids(s)
	r.tap(r.W - BAR_H // 2, BAR_H // 2)
	s.poll(lambda: [w['id'] for w in windows(s)] == [first],
	       'a tap on close closes the launched foot', timeout=10)
	s.poll(lambda: len(foot_pids(s)) == 1, 'the closed foot exits', timeout=10)
	img = s.wait_for(lambda img: unless(session.mostly(img, inside(r.one), FOOT_BG, 0.8),
					    'the terminal does not fill the area')
			 + unless(focused_border(img, r.one), 'it is not focused')
			 + r.keyboard_shown(img), 'one terminal left, the keyboard shown')
	r.save(img, 'closed')
	log('close: foot %s exited (of %s); the terminal fills %s'
	    % (sorted(set(pids) - set(foot_pids(s))), pids, (r.one,)))


def compare(r, foot, typed):
	"""A known rendering: foot printing the typed lines into the same tile, byte for byte."""
	s, box = r.s, inside(r.two[1])
	text = '%s echo hi\nhi\n' % ('#' if os.geteuid() == 0 else '$')
	s.spawn([foot, '-e', 'sh', '-c', 'printf "\\033[?25l%s"; exec sleep 100000'
		 % text.replace('\n', '\\n')], 'foot-reference')
	ref = s.wait_until(lambda img: len(ink_lines(img, box)) == 2,
			   'the reference foot prints two lines in tile 2', timeout=30)
	r.save(ref, 'reference')
	area = box[:3] + (ink_lines(typed, box)[1][1] - box[1],)
	check(typed.region_bytes(area) == ref.region_bytes(area),
	      'the typed lines are not foot\'s rendering of %r' % text)
	log('the typed lines are foot\'s rendering of %r' % text)


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
	# terminal, foot from the launcher): the launcher reads these programs, picowl-terminal
	# is found as in PREFIX/bin, and `touch x` runs in HOME, as after a login
	saved = (dict(os.environ), os.getcwd())
	os.environ['XDG_DATA_DIRS'] = os.path.join(s.dir, 'data')
	os.environ['PATH'] = os.path.join(args.source, 'config') + ':' + os.environ['PATH']
	os.chdir(s.home)
	try:
		with s:
			log('--- rotation %d: the output is %dx%d' % (rotation, W, H))
			r = Run(s, rotation, W, H)
			first = start(r)
			launched = launch(r)
			typed = typing(r)
			listed, shown = switch(r, 0, first, 'the autostarted terminal')
			r.save(listed, 'window-list')
			r.save(shown, 'switched')
			switch(r, 1, launched, 'the launched foot')
			close(r, first)
			compare(r, args.foot, typed)
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
