#!/usr/bin/env python3
"""wayvnc 0.5 (Debian) with input on picowl's default RGB565 output (issue 37, decision 4.87),
and with --rotate (a 320x240 display turned to the portrait output, session-wayvnc-rotated):
a VNC client of ours (RFB 3.8, no authentication, the raw encoding) gets a picture equal to
grim's of the same moment, allowing nothing but RGB565's rounding (both reduced to 5-6-5 bits
are the same); with two vmclients tiled, a click sent over VNC reaches the one under it at the
right surface coordinates (the tile's content origin taken off the output point), as BTN_LEFT
pressed and released, and gives it the keyboard focus as a mouse's click does; a wheel click up
arrives as one detent (axis 0, -15), and a KeyEvent of keysym `a` reaches the focused client
alone as the keysym a. Before issue 37 wayvnc said
"Virtual Pointer protocol not supported by compositor", and with --disable-input it dropped
each connection after the handshake (screencopy offered RGB565 alone).

Debian 12's vncsnapshot (1.2a) speaks RFB 3.3 alone, which wayvnc 0.5's neatvnc refuses
("Unsupported version") on any compositor: the picture is taken by the client below, and the
refusal is checked, so that the day vncsnapshot can talk to wayvnc this test says so. With
--viewer (session-wayvnc-viewer, 4.101) a real viewer stands in for it, Debian's xtightvncviewer
in Xvfb driven with xdotool (tests/lib/xviewer.py): the same checks, the picture being its
window's as xwd reads it, equal to grim's at 8 bits."""

import os
import socket
import struct
import subprocess
import time

import harness
import session
import xviewer
from harness import check, log

KEYSYM_A = 0x61
BTN_LEFT = 272


def free_port():
	with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
		s.bind(('127.0.0.1', 0))
		return s.getsockname()[1]


class Rfb:
	"""The least of an RFB 3.8 client: the handshake with security type None, a 32-bit
	true-colour pixel format, raw framebuffer updates, PointerEvent and KeyEvent."""

	def __init__(self, port):
		self.sock = socket.create_connection(('127.0.0.1', port), timeout=10)
		version = self.recv(12)
		check(version == b'RFB 003.008\n', 'the server speaks %r' % version)
		self.sock.sendall(b'RFB 003.008\n')
		n = self.recv(1)[0]
		if n == 0:
			reason = self.recv(struct.unpack('>I', self.recv(4))[0])
			check(False, 'the server refused: %r' % reason)
		types = self.recv(n)
		check(1 in types, 'no security type None among %s' % list(types))
		self.sock.sendall(b'\x01')
		result = struct.unpack('>I', self.recv(4))[0]
		check(result == 0, 'security result %d' % result)
		self.sock.sendall(b'\x01')	# ClientInit: shared
		self.width, self.height = struct.unpack('>HH', self.recv(4))
		self.recv(16)	# the server's pixel format
		self.name = self.recv(struct.unpack('>I', self.recv(4))[0])
		# SetPixelFormat: 32 bpp, depth 24, little-endian, true colour, 8 bits a channel
		self.sock.sendall(struct.pack('>B3xBBBBHHHBBB3x', 0, 32, 24, 0, 1, 255, 255, 255,
					      16, 8, 0))
		self.sock.sendall(struct.pack('>BxHi', 2, 1, 0))	# SetEncodings: raw

	def recv(self, n):
		data = b''
		while len(data) < n:
			part = self.sock.recv(n - len(data))
			check(part, 'the VNC server closed the connection')
			data += part
		return data

	def picture(self, until=None):
		"""The whole framebuffer, as a harness.Image."""
		self.sock.sendall(struct.pack('>BBHHHH', 3, 0, 0, 0, self.width, self.height))
		rgb = bytearray(self.width * self.height * 3)
		covered = 0
		while covered < self.width * self.height:
			kind = self.recv(1)[0]
			check(kind == 0, 'server message %d, not a framebuffer update' % kind)
			self.recv(1)
			for _ in range(struct.unpack('>H', self.recv(2))[0]):
				x, y, w, h, enc = struct.unpack('>HHHHi', self.recv(12))
				check(enc == 0, 'encoding %d, not raw' % enc)
				data = self.recv(w * h * 4)
				for row in range(h):
					for col in range(w):
						b, g, r = data[(row * w + col) * 4:(row * w + col) * 4 + 3]
						i = ((y + row) * self.width + x + col) * 3
						rgb[i:i + 3] = bytes((r, g, b))
				covered += w * h
		return harness.Image(self.width, self.height, bytes(rgb))

	def pointer(self, x, y, buttons=0):
		self.sock.sendall(struct.pack('>BBHH', 5, buttons, x, y))

	def key(self, keysym, down):
		self.sock.sendall(struct.pack('>BBxxI', 4, 1 if down else 0, keysym))

	def close(self):
		self.sock.close()


def as565(img):
	return bytes(v >> (2 if i % 3 == 1 else 3) for i, v in enumerate(img.data))


def lines(path, kind):
	return [l.split()[1:] for l in open(path).read().splitlines()
		if l.split() and l.split()[0] == kind]


def vncsnapshot_refused(port, s):
	"""vncsnapshot offers RFB 3.3; neatvnc answers that version's failure reason."""
	with socket.create_connection(('127.0.0.1', port), timeout=10) as c:
		c.recv(12)
		c.sendall(b'RFB 003.003\n')
		time.sleep(0.2)
		answer = c.recv(200)
	r = subprocess.run(['vncsnapshot', '-quiet', '127.0.0.1::%d' % port,
			    os.path.join(s.dir, 'vncsnapshot.jpg')], stdin=subprocess.DEVNULL,
			   capture_output=True, text=True, timeout=30)
	log('vncsnapshot: status %d; neatvnc to RFB 3.3: %r' % (r.returncode, answer))
	check(r.returncode != 0 and b'Unsupported version' in answer,
	      'vncsnapshot now gets through to wayvnc (status %d): compare its picture here'
	      % r.returncode)


def run():
	def add(p):
		p.add_argument('--client', required=True)
		p.add_argument('--rotate', type=int, default=0)
		p.add_argument('--viewer', default='')
	args = session.parse_args_with(add)
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	wayvnc = harness.need('/usr/bin/wayvnc', 'wayvnc', 'wayvnc')
	harness.need('/usr/bin/vncsnapshot', 'vncsnapshot', 'vncsnapshot')
	# rotated: a landscape display turned to the same portrait output (4.87: wayvnc sends the
	# display's frame, undoing the transform it was told)
	rotated = {'size': '320x240', 'extra_args': ['--rotate', str(args.rotate)]}
	s = harness.Session(args, **(rotated if args.rotate else {}))
	if args.rotate:
		s.width, s.height = 240, 320	# the output as clients and grim see it
	with s:
		check(s.fmt == 'rgb565', 'the output is %s, not the default RGB565' % s.fmt)
		states = []
		for name in ('a', 'b'):
			states.append(os.path.join(s.dir, 'client-%s.state' % name))
			open(states[-1], 'w').close()
			s.spawn([client, states[-1], 'pointer'], 'vmclient-' + name)
			s.poll(lambda: 'drawn' in open(states[-1]).read(), 'vmclient %s draws' % name)
		tiles = [harness.content_box(t) for t in harness.tile_boxes(2, s.width, s.height)]
		# both drawn at their tile's size (vmclient follows its configures)
		s.poll(lambda: all(['%d' % t[2], '%d' % t[3]] in lines(st, 'drawn')
				   for st in states for t in tiles[:1]), 'both clients drawn as tiles')
		port = free_port()
		s.spawn([wayvnc, '127.0.0.1', str(port)], 'wayvnc')

		def listening():
			try:
				socket.create_connection(('127.0.0.1', port), timeout=1).close()
				return True
			except OSError:
				return False
		s.poll(listening, 'wayvnc listens on 127.0.0.1:%d' % port)
		if args.viewer:
			vnc = xviewer.Viewer(s, args.viewer, port)
		else:
			# Until wayvnc has its first frame of a turned output it reports the display's
			# own size (seen once under the sanitizers); a viewer would follow the resize,
			# this client connects again.
			deadline = time.monotonic() + 10
			vnc = Rfb(port)
			while ((vnc.width, vnc.height) != (s.width, s.height)
			       and time.monotonic() < deadline):
				vnc.close()
				time.sleep(0.1)
				vnc = Rfb(port)
		check((vnc.width, vnc.height) == (s.width, s.height),
		      'the VNC framebuffer is %dx%d' % (vnc.width, vnc.height))
		log('wayvnc: %dx%d, "%s"' % (vnc.width, vnc.height, vnc.name.decode()))

		# the same moment: the scene holds still, grim before and after the VNC picture
		before = s.screenshot(save='grim-before.ppm')
		remote = vnc.picture(until=before)
		after = s.screenshot(save='grim-after.ppm')
		remote.save_ppm(os.path.join(s.dir, 'vnc.ppm'))
		check(before.data == after.data, 'the screen changed while the VNC picture was taken')
		check(len(set(before.pixels((0, 0, s.width, s.height)))) >= 3,
		      'the screen shows fewer than three colours: nothing to compare')
		a, b = as565(before), as565(remote)
		diff = [i // 3 for i in range(len(a)) if a[i] != b[i]]
		check(not diff, '%d pixels of the VNC picture differ from grim\'s beyond RGB565\'s '
		      'rounding; the first at %s: grim %s, VNC %s'
		      % (len(diff), (diff[0] % s.width, diff[0] // s.width) if diff else None,
			 before.px(diff[0] % s.width, diff[0] // s.width) if diff else None,
			 remote.px(diff[0] % s.width, diff[0] // s.width) if diff else None))
		exact = sum(1 for i in range(len(a)) if before.data[i] == remote.data[i])
		log('the VNC picture equals grim\'s at 5-6-5 bits in all %d pixels (%d of %d '
		    'channels equal at 8 bits)' % (s.width * s.height, exact, len(a)))
		# a viewer's window: the picture a person sees, the same to the bit (4.101)
		check(not args.viewer or exact == len(a), 'the viewer\'s window differs from grim\'s '
		      'picture at 8 bits in %d of %d channels' % (len(a) - exact, len(a)))

		# which client each tile holds: the pointer tells
		vnc.pointer(*session.centre(tiles[0]))
		s.poll(lambda: any(lines(st, 'pointer') for st in states), 'the pointer enters a tile')
		first = next(st for st in states if lines(st, 'pointer'))
		second = next(st for st in states if st != first)

		def click(state, tile, x, y):
			# a motion first (the enter), then the press and release there
			ox, oy = tile[:2]
			vnc.pointer(x - 7, y - 9)
			vnc.pointer(x, y)
			s.poll(lambda: ['%.2f' % (x - ox), '%.2f' % (y - oy)] in lines(state, 'pointer'),
			       'the pointer reaches the client at %d,%d' % (x - ox, y - oy))
			vnc.pointer(x, y, 1)
			vnc.pointer(x, y, 0)
			s.poll(lambda: len(lines(state, 'button')) >= 2, 'the click reaches the client')
			check(lines(state, 'button') == [[str(BTN_LEFT), '1'], [str(BTN_LEFT), '0']],
			      'the client got the buttons %s' % lines(state, 'button'))
			events = [l.split() for l in open(state).read().splitlines()
				  if l.split() and l.split()[0] in ('pointer', 'button')]
			press = events.index(['button', str(BTN_LEFT), '1'])
			at = [e for e in events[:press] if e[0] == 'pointer'][-1][1:]
			check(at == ['%.2f' % (x - ox), '%.2f' % (y - oy)],
			      'the click came at %s, not %d,%d' % (at, x - ox, y - oy))
			log('VNC click at %d,%d: BTN_LEFT pressed and released at surface %s,%s (the '
			    'tile\'s content at %d,%d)' % (x, y, at[0], at[1], ox, oy))

		click(first, tiles[0], 100, 70)
		# the click focused the first tile's client: a click on the second moves the focus back
		enters = len(lines(second, 'enter'))
		s.poll(lambda: len(lines(first, 'enter')) >= 1, 'the first client has had the focus')
		click(second, tiles[1], 130, 230)
		s.poll(lambda: len(lines(second, 'enter')) > enters,
		       'the click gives the second tile\'s client the keyboard focus')
		log('the click on the second tile gave its client the keyboard focus, as a mouse\'s')

		# a wheel click up: wayvnc's axis_discrete, one detent of 15 units
		vnc.pointer(130, 230, 8)
		vnc.pointer(130, 230, 0)
		s.poll(lambda: lines(second, 'axis'), 'the scroll reaches the client')
		check(lines(second, 'axis') == [['0', '-15.00']], 'the client got the axis events %s'
		      % lines(second, 'axis'))
		log('VNC wheel up: the client got axis 0 -15 (one detent up)')

		vnc.key(KEYSYM_A, True)
		vnc.key(KEYSYM_A, False)
		s.poll(lambda: len(lines(second, 'keysym')) >= 2, 'the key reaches the client')
		check(lines(second, 'keysym')[:2] == [['a', '1'], ['a', '0']],
		      'the client got the keysyms %s' % lines(second, 'keysym'))
		check(not lines(first, 'keysym'), 'the unfocused client got keys too: %s'
		      % lines(first, 'keysym'))
		log('VNC KeyEvent a: the focused client got keysym a pressed and released, the other '
		    'none')
		vnc.close()
		vncsnapshot_refused(port, s)
		s.check_alive('after the VNC session')


harness.main(run)
