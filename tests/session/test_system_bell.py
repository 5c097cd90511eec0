#!/usr/bin/env python3
"""The visual bell (xdg-system-bell; decision 4.96). With bell_time = 1500 a shellclient window's
focused border (#4c7899) shows inverted (#b38766) after the client rings 1,000 times, then comes
back; a client ringing on and on (a thousand rings at every poll) still leaves the border in its
own colour between two flashes (rings during a flash and a second after it are dropped), and
picowl and the client go on. With bell_time = 0 the rings flash nothing."""

import os
import signal

import harness
import session
from harness import check, log

FOCUSED = (0x4c, 0x78, 0x99)
FLASH = (0xb3, 0x87, 0x66)


def border(img):
	return harness.border_pixels((0, 0, img.width, img.height))


def all_border(img, rgb):
	pixels = border(img)
	return sum(1 for x, y in pixels if harness.rgb_close(img.px(x, y), rgb)) == len(pixels)


def rings(state):
	return [l for l in open(state).read().splitlines() if l.startswith('ring ')]


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'shellclient', '(built by meson)')
	s = harness.Session(args, extra_args=['--test-hooks'])
	config = os.path.join(s.home, '.config', 'picowl', 'picowl.ini')
	with open(config, 'w') as f:
		f.write('[layout]\nbell_time = 1500\n')
	with s:
		state = os.path.join(s.dir, 'bell.state')
		open(state, 'w').close()
		c = s.spawn([client, state, 'bell'], 'shellclient-bell')
		s.poll(lambda: 'mapped' in open(state).read(), 'shellclient maps', timeout=10)
		s.wait_until(lambda img: all_border(img, FOCUSED), 'the focused border')
		os.kill(c.pid, signal.SIGUSR1)
		img = s.wait_until(lambda img: all_border(img, FLASH), 'the border flashes')
		img.save_ppm(os.path.join(s.dir, 'flash.ppm'))
		check(len(rings(state)) == 1, 'the client did not ring: %s' % rings(state))
		s.wait_until(lambda img: all_border(img, FOCUSED), 'the flash ends', timeout=10)
		log('1,000 rings: one flash of the border, then its colour again')

		def ring_and_look(img):
			os.kill(c.pid, signal.SIGUSR1)
			return all_border(img, FOCUSED)
		# ringing all along: the quiet second after each flash shows the border's own colour
		for _ in range(3):
			s.wait_until(lambda img: not ring_and_look(img), 'a flash while ringing', timeout=10)
			s.wait_until(ring_and_look, 'the border between flashes while ringing', timeout=10)
		log('ringing on and on (%s): flashes with the border\'s own colour between them'
		    % rings(state)[-1])
		check(c.alive(), 'the ringing client died')
		with open(config, 'w') as f:
			f.write('[layout]\nbell_time = 0\n')
		session.ctl(s, 'reload')
		n = len(rings(state))
		os.kill(c.pid, signal.SIGUSR1)
		s.poll(lambda: len(rings(state)) > n, 'the client rings again')
		check(all_border(s.screenshot(), FOCUSED), 'bell_time = 0 still flashes')
		log('bell_time = 0: no flash')
		s.check_alive('after the bells')


harness.main(run)
