#!/usr/bin/env python3
"""The README's picture: picowl headless at 240x320 RGB565, the session of the README's example
(picowl-panel on top, weston-simple-shm in tile 1, foot in tile 2), shot by grim into a PNG.

Usage: screenshot.py --picowl P --panel P --ctl P --grim P --simple-shm P --foot P --out FILE.png

Stands alone (no test library), so that it runs as the README's reader would run picowl. It
checks that the shot shows the session (the panel's colour along the top, both tiles drawn)
and writes FILE.png; doc/session.png is one it made, committed by hand (tests/README.md).
"""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PANEL_BG = (0x20, 0x30, 0x40)  # picowl-panel's background through RGB565
WIDTH, HEIGHT = 240, 320

CONFIG = """[panel]
command = picowl-panel
position = top
height = 16

[autostart]
exec = tile:1 weston-simple-shm
exec = tile:2 foot -o font=monospace:size=7 sh -c "uname -sm; echo; ls /; echo; exec sh"
"""


def fail(msg):
	print('FAIL: ' + msg, flush=True)
	sys.exit(1)


def ppm(blob):
	"""(width, height, rgb bytes) of a binary PPM with maxval 255."""
	fields, pos = [], 0
	while len(fields) < 4:
		while blob[pos:pos + 1].isspace():
			pos += 1
		start = pos
		while not blob[pos:pos + 1].isspace():
			pos += 1
		fields.append(blob[start:pos])
	return int(fields[1]), int(fields[2]), blob[pos + 1:]


def colours(img, box):
	w, _, data = img
	x0, y0, bw, bh = box
	return {data[(y * w + x) * 3:(y * w + x) * 3 + 3] for y in range(y0, y0 + bh)
		for x in range(x0, x0 + bw)}


def share(img, box, rgb, tol=8):
	w, _, data = img
	x0, y0, bw, bh = box
	n = 0
	for y in range(y0, y0 + bh):
		for x in range(x0, x0 + bw):
			p = data[(y * w + x) * 3:(y * w + x) * 3 + 3]
			n += all(abs(p[i] - rgb[i]) <= tol for i in range(3))
	return n / (bw * bh)


def main():
	p = argparse.ArgumentParser()
	for name in ('picowl', 'panel', 'ctl', 'grim', 'simple-shm', 'foot', 'out'):
		p.add_argument('--' + name, required=True)
	args = p.parse_args()
	for name in ('grim', 'simple_shm', 'foot'):
		if not getattr(args, name) or not os.path.exists(getattr(args, name)):
			fail('%s not found (Debian: grim, weston, foot)' % name.replace('_', '-'))

	tmp = tempfile.mkdtemp(prefix='picowl-docs-')
	os.chmod(tmp, 0o700)
	run, home = os.path.join(tmp, 'run'), os.path.join(tmp, 'home')
	os.mkdir(run, 0o700)
	os.makedirs(os.path.join(home, '.config', 'picowl'))
	with open(os.path.join(home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write(CONFIG)
	socket = 'picowl-docs-%d' % os.getpid()
	dirs = {os.path.dirname(os.path.abspath(x)) for x in
		(args.panel, args.ctl, args.simple_shm, args.foot)}
	env = {k: v for k, v in os.environ.items()
	       if k not in ('DISPLAY', 'WAYLAND_DISPLAY', 'WAYLAND_SOCKET', 'XDG_CONFIG_HOME')}
	env.update(XDG_RUNTIME_DIR=run, HOME=home, XDG_CONFIG_HOME=os.path.join(home, '.config'),
		   LC_ALL='C.UTF-8', PS1='$ ',
		   PATH=':'.join(sorted(dirs) + [os.environ.get('PATH', '/usr/bin:/bin')]))
	log = open(os.path.join(tmp, 'picowl.log'), 'w+')
	proc = subprocess.Popen([args.picowl, '--backend', 'headless', '--socket', socket, '--size', '%dx%d' % (WIDTH, HEIGHT),
				 '--format', 'rgb565'], env=env, stdin=subprocess.DEVNULL,
				stdout=log, stderr=subprocess.STDOUT)
	try:
		deadline = time.monotonic() + 20
		while not os.path.exists(os.path.join(run, socket)):
			if proc.poll() is not None or time.monotonic() > deadline:
				fail('picowl did not listen')
			time.sleep(0.05)
		cenv = dict(env, WAYLAND_DISPLAY=socket)
		# Wait for the session: the panel along the top, both tiles drawn, foot's text there.
		deadline = time.monotonic() + 30
		while True:
			r = subprocess.run([args.grim, '-t', 'ppm', '-'], env=cenv, stdout=subprocess.PIPE,
					   stderr=subprocess.DEVNULL, timeout=20)
			img = ppm(r.stdout) if r.returncode == 0 else None
			ok = (img is not None and img[:2] == (WIDTH, HEIGHT)
			      and share(img, (0, 0, WIDTH, 16), PANEL_BG) > 0.5
			      and len(colours(img, (20, 40, 200, 100))) > 20
			      and len(colours(img, (10, 190, 220, 120))) > 1)
			if ok:
				break
			if proc.poll() is not None or time.monotonic() > deadline:
				log.seek(0)
				fail('the session did not show (panel, two tiles); picowl says:\n' + log.read())
			time.sleep(0.3)
		time.sleep(1.0)  # foot's output settles
		out = os.path.abspath(args.out)
		r = subprocess.run([args.grim, '-t', 'png', out], env=cenv, timeout=20)
		if r.returncode != 0 or not os.path.exists(out):
			fail('grim did not write %s' % out)
		with open(out, 'rb') as f:
			head = f.read(24)
		if head[:8] != b'\x89PNG\r\n\x1a\n' or \
		   (int.from_bytes(head[16:20], 'big'), int.from_bytes(head[20:24], 'big')) != (WIDTH, HEIGHT):
			fail('%s is not a %dx%d PNG' % (out, WIDTH, HEIGHT))
		print('wrote %s: picowl-panel, weston-simple-shm in tile 1, foot in tile 2' % out)
	finally:
		proc.send_signal(signal.SIGTERM)
		try:
			proc.wait(timeout=10)
		except subprocess.TimeoutExpired:
			proc.kill()
			proc.wait()
		shutil.rmtree(tmp, ignore_errors=True)
	print('PASS')


if __name__ == '__main__':
	main()
