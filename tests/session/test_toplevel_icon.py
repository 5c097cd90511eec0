#!/usr/bin/env python3
"""Windows' icons in the panel's window list (xdg-toplevel-icon; decision 4.96). shellclient
gives one window a 48x48 magenta buffer beside a 16x16 cyan one, another the icon name of a
yellow 24x24 PNG put in the test's own hicolor theme, a third no icon. A tap on the panel's
title opens the window list: the first row starts with a 24x24 magenta square (picowl kept the
48, not the 16), the second with the yellow one, the third with none (its text where the icons
are). picowl-ctl (picowl_control_v1 version 6) still lists the three windows. The launcher's
row of a .desktop file whose Icon is that name starts with the yellow square too, the row of one
naming an icon the theme lacks with none."""

import os
import struct
import zlib

import harness
import session
from harness import check, log

BAR_H = 16  # picowl's default [panel] height
ROW_H = 28
ICON = 24
ICON_X = 6  # draw.c: 2 * PAD + 2
MAGENTA = (0xe0, 0x20, 0xe0)
CYAN = (0x20, 0xe0, 0xe0)
YELLOW = (0xf0, 0xe0, 0x10)


def write_png(path, size, rgb):
	"""A size x size opaque PNG of one colour (zlib alone, no imaging library)."""
	def chunk(kind, data):
		body = kind + data
		return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body))
	row = b'\0' + bytes(rgb) * size
	png = (b'\x89PNG\r\n\x1a\n' +
	       chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 2, 0, 0, 0)) +
	       chunk(b'IDAT', zlib.compress(row * size)) + chunk(b'IEND', b''))
	os.makedirs(os.path.dirname(path), exist_ok=True)
	with open(path, 'wb') as f:
		f.write(png)


def icon_box(row):
	return (ICON_X, BAR_H + row * ROW_H + (ROW_H - ICON) // 2, ICON, ICON)


def start(s, client, *argv):
	state = os.path.join(s.dir, '-'.join(argv) + '.state')
	open(state, 'w').close()
	s.spawn([client, state] + list(argv), 'shellclient-' + argv[0])
	s.poll(lambda: 'mapped' in open(state).read(), 'shellclient %s maps' % argv[0], timeout=10)


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'shellclient', '(built by meson)')
	s = harness.Session(args, extra_args=['--test-hooks'])
	data = os.path.join(s.dir, 'data')
	write_png(os.path.join(data, 'icons', 'hicolor', '24x24', 'apps', 'picowl-test-icon.png'),
		  24, YELLOW)
	apps = os.path.join(data, 'applications')
	os.makedirs(apps)
	for name, icon in (('a-iconic', 'picowl-test-icon'), ('b-plain', 'picowl-no-such-icon')):
		with open(os.path.join(apps, name + '.desktop'), 'w') as f:
			f.write('[Desktop Entry]\nType=Application\nName=%s\nExec=true\nIcon=%s\n'
				% (name, icon))
	env = {'XDG_DATA_DIRS': data, 'XDG_DATA_HOME': os.path.join(s.dir, 'none')}
	with s:
		W = s.width
		panel = s.spawn([args.panel], 'picowl-panel', env=s.client_env(env))
		s.wait_until(lambda img: session.panel_shown(img, (30, 0, 100, BAR_H)), 'the panel')
		start(s, client, 'icon')
		start(s, client, 'icon-name', 'picowl-test-icon')
		start(s, client, 'export')  # a window without an icon
		s.poll(lambda: len(session.windows(s)) == 3, 'picowl-ctl (version 6) lists 3 windows')
		session.touch(s, 'tap', 60, BAR_H // 2)
		img = s.wait_until(lambda i: session.panel_shown(i, (40, BAR_H, W - 40, 3 * ROW_H)),
				   'the window list, three rows')
		img = s.wait_until(lambda i: i.all_close(icon_box(0), MAGENTA),
				   'the first row\'s icon: the 48x48 magenta buffer, scaled', timeout=10)
		img.save_ppm(os.path.join(s.dir, 'window-list.ppm'))
		check(img.count_close(icon_box(0), CYAN) == 0, 'the 16x16 cyan buffer was chosen')
		check(img.all_close(icon_box(1), YELLOW),
		      'the second row has no yellow icon from the theme: %s' % (img.colours(icon_box(1)),))
		third = icon_box(2)
		check(img.count_close(third, MAGENTA) + img.count_close(third, YELLOW) == 0,
		      'the window without an icon shows one')
		log('window list: magenta (buffer), yellow (name, hicolor PNG) and no icon, 24x24 each')
		session.touch(s, 'tap', 60, BAR_H // 2)  # the window list closes
		session.touch(s, 'tap', 12, BAR_H // 2)  # the launcher opens
		img = s.wait_until(lambda i: i.all_close(icon_box(0), YELLOW),
				   'the launcher\'s first row: the Icon from the theme', timeout=10)
		check(img.count_close(icon_box(1), YELLOW) == 0,
		      'the row of an icon the theme lacks shows one')
		log('launcher: the .desktop file\'s Icon from the hicolor theme, none for a missing one')
		s.check_alive('after the icons')
		check(panel.alive(), 'the panel died')


harness.main(run)
