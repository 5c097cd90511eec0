"""A VNC viewer of Debian driven as a person drives it (decision 4.101): in an Xvfb of its own
(24-bit TrueColor, no window manager), the picture read from the X screen with xwd where the
viewer's window lies, the pointer moved, clicked and the keys typed with xdotool (XTest), so that
what reaches the VNC server is what the viewer itself sends. Same interface as test_wayvnc's own
RFB client: width, height, name, picture(), pointer(x, y, buttons), key(keysym, down), close()."""

import os
import signal
import struct
import subprocess
import time

import harness
from harness import check, log

# Lossless, as one who wants the exact picture asks: Tight without its JPEG (the viewer would
# pick JPEG on its own for areas that look photographic).
VIEWER_ARGS = {
	'xtightvncviewer': ['-nojpeg'],
}
# Not at the screen's corner: the picture is found where X says the window is.
AT = (37, 53)
SCREEN = '640x480x24'


def xwd_image(blob, box):
	"""The box (x, y, w, h) of an xwd dump (ZPixmap, 32 bits a pixel) as a harness.Image."""
	h = struct.unpack('>25I', blob[:100])
	size, version, form, depth, width, height = h[:6]
	order, bpp, stride, masks, ncolours = h[7], h[11], h[12], h[14:17], h[19]
	check(version == 7 and form == 2 and bpp == 32 and depth == 24,
	      'xwd: version %d, format %d, %d bits a pixel, depth %d: not the 24-bit ZPixmap asked'
	      % (version, form, bpp, depth))
	x0, y0, w, h = box
	check(x0 >= 0 and y0 >= 0 and x0 + w <= width and y0 + h <= height,
	      'the window %s lies outside the %dx%d screen' % (box, width, height))
	shifts = [(m & -m).bit_length() - 1 for m in masks]
	word = '<I' if order == 0 else '>I'
	pixels = blob[size + ncolours * 12:]
	rgb = bytearray(w * h * 3)
	for y in range(h):
		row = (y0 + y) * stride + x0 * 4
		for x in range(w):
			v = struct.unpack_from(word, pixels, row + x * 4)[0]
			rgb[(y * w + x) * 3:(y * w + x) * 3 + 3] = bytes(
				(v & m) >> s for m, s in zip(masks, shifts))
	return harness.Image(w, h, bytes(rgb))


class Viewer:
	def __init__(self, s, viewer, port):
		self.s = s
		self.viewer = harness.need(viewer, os.path.basename(viewer),
					   'xtightvncviewer')
		for tool, package in (('Xvfb', 'xvfb'), ('xdotool', 'xdotool'), ('xwd', 'x11-apps')):
			harness.need('/usr/bin/' + tool, tool, package)
		self.xvfb = s.spawn(['/usr/bin/Xvfb', '-displayfd', '1', '-nolisten', 'tcp', '-noreset',
				     '-screen', '0', SCREEN], 'Xvfb')
		s.poll(lambda: self.xvfb.stdout().endswith('\n') or not self.xvfb.alive(),
		       'Xvfb says its display')
		check(self.xvfb.alive(), 'Xvfb exited: %s' % self.xvfb.stderr())
		self.env = {'DISPLAY': ':' + self.xvfb.stdout().strip()}
		# the X pointer away from where the window comes: no cursor over the picture
		self.xdotool('mousemove', '0', '0')
		args = VIEWER_ARGS.get(os.path.basename(viewer), [])
		self.proc = s.spawn([self.viewer] + args + ['-geometry', '+%d+%d' % AT,
							    '127.0.0.1::%d' % port],
				    os.path.basename(viewer), env=self.env)

		def window():
			check(self.proc.alive(), '%s exited: %s' % (viewer, self.proc.stderr()))
			r = self.run(['xdotool', 'search', '--onlyvisible', '--name', 'WayVNC'])
			return r.stdout.split()
		s.poll(window, 'the viewer\'s window shows')
		self.window = window()[0]
		geometry = dict(line.split('=') for line in self.xdotool(
			'getwindowgeometry', '--shell', self.window).split())
		self.x, self.y, self.width, self.height = (
			int(geometry[k]) for k in ('X', 'Y', 'WIDTH', 'HEIGHT'))
		self.name = self.xdotool('getwindowname', self.window).strip().encode()
		log('%s: window %s, %dx%d at %d,%d on %s' % (os.path.basename(viewer), self.window,
							     self.width, self.height, self.x, self.y,
							     self.env['DISPLAY']))
		check((self.x, self.y) == AT, 'the window is at %d,%d, not where asked' % (self.x,
											   self.y))
		self.buttons = 0
		self.focused = False

	def run(self, cmd):
		r = subprocess.run(cmd, env=self.s.client_env(self.env), stdin=subprocess.DEVNULL,
				   capture_output=True, timeout=30)
		return subprocess.CompletedProcess(r.args, r.returncode,
						   r.stdout.decode(errors='replace'),
						   r.stderr.decode(errors='replace'))

	def xdotool(self, *args):
		r = self.run(['xdotool'] + list(args))
		check(r.returncode == 0, 'xdotool %s: status %d, %s' % (' '.join(args), r.returncode,
									 r.stderr.strip()))
		return r.stdout

	def shot(self):
		r = subprocess.run(['xwd', '-root', '-silent'], env=self.s.client_env(self.env),
				   stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
		check(r.returncode == 0, 'xwd: status %d, %s' % (r.returncode, r.stderr))
		return xwd_image(r.stdout, (self.x, self.y, self.width, self.height))

	def picture(self, until=None):
		"""The window's picture once it shows until (its first updates come a moment after
		it maps); after 10 s the last one, whatever it shows."""
		deadline = time.monotonic() + 10
		img, shots = self.shot(), 1
		while until is not None and img.data != until.data and time.monotonic() < deadline:
			time.sleep(0.2)
			img, shots = self.shot(), shots + 1
		log('xwd shots of the viewer\'s window taken: %d' % shots)
		return img

	def pointer(self, x, y, buttons=0):
		self.xdotool('mousemove', str(self.x + x), str(self.y + y))
		for bit in range(8):
			if (buttons ^ self.buttons) & (1 << bit):
				self.xdotool('mousedown' if buttons & (1 << bit) else 'mouseup', str(bit + 1))
		self.buttons = buttons

	def key(self, keysym, down):
		check(0x20 < keysym < 0x7f, 'keysym 0x%x: only Latin letters here' % keysym)
		if not self.focused:
			# no window manager to give the window the keyboard focus on a click, as a
			# person's desktop does
			self.xdotool('windowfocus', '--sync', self.window)
			self.focused = True
		self.xdotool('keydown' if down else 'keyup', chr(keysym))

	def close(self):
		for c in (self.proc, self.xvfb):
			c.kill(signal.SIGTERM)
			c.wait(5)
