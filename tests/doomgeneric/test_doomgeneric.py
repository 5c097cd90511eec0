"""picowl's doomgeneric platform layer (clients/doomgeneric) driven by the stand-in engine.

One phase a run (--phase):
  pixels, pixels-small-xrgb8888, pixels-direct-new, fullscreen:
      under picowl headless, the stand-in's known frame appears in the tile pixel for pixel
      (a grim screenshot; RGB565 compared on the bits RGB565 keeps, XRGB8888 exactly)
  damage-rows, damage-rows-new:
      with -damage rows the client's damage_buffer requests (its WAYLAND_DEBUG=1 log) cover
      exactly the buffer rows that show frame rows that changed
  keys:          wl_keyboard keys from a fake compositor reach DG_GetKey as doom key codes
  keys-picowl:   keys injected into picowl (--test-hooks, picowl_control_v1.inject_key) do too
  damage-full:   with -damage full every commit after the first damages the frame's box only
  never-blocks:  the stand-in finishes its ticks under a compositor that never releases a
                 buffer nor sends a frame callback (a covered window), in both present modes
  format-fallback: without RGB565 on offer the client uses XRGB8888, and the frame is exact
  makefile:      the Makefile builds a doomgeneric-shaped checkout, replacing its platform file
Python 3 standard library only.
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

import harness
from harness import TestFailure, check, log

HERE = os.path.dirname(os.path.abspath(__file__))

WL_SHM_FORMAT_XRGB8888 = 1
WL_SHM_FORMAT_RGB565 = 0x36314752


def parse_args():
	def extra(p):
		p.add_argument('--phase', required=True)
		p.add_argument('--standin', required=True)
		p.add_argument('--standin-small', required=True)
		p.add_argument('--fake', required=True)
		p.add_argument('--inject', required=True)
		p.add_argument('--makefile-dir', required=True)
		p.add_argument('--standin-dir', required=True)
	return harness.parse_args(extra)


# ---------------------------------------------------------------------------------------------
# What the stand-in draws and where the platform layer puts it (see standin.c, dg_pixels.h)

def pattern(x, y, n):
	return ((5 * x + 16 * n) & 255, (3 * y + 8 * n) & 255, (4 * (x ^ y) + 4 * n) & 255)


def fit(fw, fh, bw, bh):
	"""(dx, dy, dw, dh) of a fw x fh frame in a bw x bh buffer."""
	if fw <= bw and fh <= bh:
		k = min(bw // fw, bh // fh)
		dw, dh = fw * k, fh * k
	elif bw * fh <= bh * fw:
		dw, dh = bw, fh * bw // fw
	else:
		dw, dh = fw * bh // fh, bh
	dw, dh = max(dw, 1), max(dh, 1)
	return ((bw - dw) // 2, (bh - dh) // 2, dw, dh)


def expected_image(fw, fh, bw, bh, n):
	"""The buffer the layer should show for pattern frame n: RGB bytes, bw x bh."""
	dx, dy, dw, dh = fit(fw, fh, bw, bh)
	cols = [x * fw // dw for x in range(dw)]
	out = bytearray(bw * bh * 3)
	for by in range(dh):
		sy = by * fh // dh
		row = b''.join(bytes(pattern(sx, sy, n)) for sx in cols)
		start = ((dy + by) * bw + dx) * 3
		out[start:start + dw * 3] = row
	return harness.Image(bw, bh, bytes(out))


def keep565(p):
	return (p[0] >> 3, p[1] >> 2, p[2] >> 3)


def compare(img, box, want, exact):
	"""Problems (at most 5) where img's box differs from the image want (box-sized)."""
	x0, y0, w, h = box
	problems = []
	for y in range(h):
		for x in range(w):
			got = img.px(x0 + x, y0 + y)
			exp = want.px(x, y)
			same = got == exp if exact else keep565(got) == keep565(exp)
			if not same:
				problems.append('pixel (%d,%d) of the tile is %s, expected %s'
						% (x, y, got, exp))
				if len(problems) >= 5:
					return problems
	return problems


# ---------------------------------------------------------------------------------------------
# WAYLAND_DEBUG=1 protocol log of the client

REQ = re.compile(r'-> (\w+)[@#](\d+)\.(\w+)\((.*)\)\s*$')


def requests(text):
	for line in text.splitlines():
		m = REQ.search(line)
		if m:
			yield m.group(1), m.group(3), m.group(4)


def commits_with_damage(text):
	"""[(list of damage_buffer rects, buffer size)] for every wl_surface.commit after an attach."""
	out = []
	damage = []
	attached = False
	sizes = []
	for iface, req, args in requests(text):
		if iface == 'wl_shm_pool' and req == 'create_buffer':
			vals = [v.strip() for v in args.split(',')]
			sizes.append((int(vals[2]), int(vals[3]), int(vals[5])))
		elif iface == 'wl_surface' and req == 'attach':
			attached = True
		elif iface == 'wl_surface' and req == 'damage_buffer':
			damage.append(tuple(int(v) for v in args.split(',')))
		elif iface == 'wl_surface' and req == 'commit':
			if attached:
				out.append(damage)
			damage = []
			attached = False
	return out, sizes


def band_rows(n, fh):
	y0 = (29 * n) % (fh - 3)
	return set(range(y0, y0 + 1 + n % 3))


def buffer_rows(frame_rows, fh, dy, dh):
	return set(dy + by for by in range(dh) if by * fh // dh in frame_rows)


def rows_of(rects, dx, dw, what):
	rows = set()
	for x, y, w, h in rects:
		check((x, w) == (dx, dw), '%s: damage_buffer(%d, %d, %d, %d) is not the frame\'s '
		      'columns %d..%d' % (what, x, y, w, h, dx, dx + dw - 1))
		span = set(range(y, y + h))
		check(not (rows & span), '%s: damage rects overlap' % what)
		rows |= span
	return rows


# ---------------------------------------------------------------------------------------------
# Phases

def run_pixels(args, standin, fw, fh, size, fmt, client_args, fullscreen=False):
	with harness.Session(args, size=size, fmt=fmt) as s:
		tile = (0, 0, s.width, s.height) if fullscreen else \
			harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		hold = 3
		s.spawn([standin, '-scene', 'pattern', '-hold', str(hold)] + client_args, 'standin',
			env={'PICOWL_DG_DEBUG': '1'})
		want = expected_image(fw, fh, tile[2], tile[3], hold)
		exact = fmt == 'xrgb8888' and '-pixelformat' in client_args
		s.wait_for(lambda img: compare(img, tile, want, exact),
			   'the stand-in frame %d fills %s' % (hold, (tile,)), timeout=30)
		log('tile %s matches pattern frame %d (%dx%d frame, %s)'
		    % (tile, hold, fw, fh, 'exact' if exact else 'RGB565 bits'))


def run_damage(args, client_args):
	ticks = 40
	fw, fh = 320, 200
	with harness.Session(args) as s:
		c = s.spawn([args.standin, '-scene', 'bands', '-damage', 'rows', '-ticks', str(ticks)]
			    + client_args, 'standin', env={'WAYLAND_DEBUG': '1'})
		status = c.wait(60)
		check(status == 0, 'the stand-in exited with %s' % status)
		commits, sizes = commits_with_damage(c.stderr())
	check(sizes, 'no wl_shm_pool.create_buffer in the client log')
	bw, bh, fmt = sizes[0]
	check(fmt == WL_SHM_FORMAT_RGB565, 'buffer format %#x, not RGB565 (picowl offers it)' % fmt)
	check(all(sz[:2] == (bw, bh) for sz in sizes), 'buffers of several sizes: %s' % sizes)
	dx, dy, dw, dh = fit(fw, fh, bw, bh)
	check(commits and commits[0] == [(0, 0, bw, bh)],
	      'the first commit damages %s, not the whole buffer' % (commits[:1],))
	want = [buffer_rows(band_rows(n, fh), fh, dy, dh) for n in range(1, ticks)]
	want = [w for w in want if w]
	got = [rows_of(d, dx, dw, 'commit %d' % (i + 1)) for i, d in enumerate(commits[1:])]
	check(all(got), 'a commit without damage: %s' % commits)
	if '-presentmode' in client_args and 'new' in client_args:
		# frames may be merged while a frame callback is outstanding: each commit damages the
		# union of the changes of the frames since the last one, in order
		i = 0
		for n, rows in enumerate(got):
			acc = set()
			while acc != rows and i < len(want) and acc | want[i] <= rows:
				acc |= want[i]
				i += 1
			check(acc == rows, 'commit %d damages rows %s, not the next frames\' changes %s'
			      % (n + 1, sorted(rows), [sorted(w) for w in want[i:i + 2]]))
		check(i == len(want), 'only %d of %d changed frames were committed' % (i, len(want)))
	else:
		check(len(got) == len(want), '%d commits after the first, %d frames changed shown rows'
		      % (len(got), len(want)))
		for n, (g, w) in enumerate(zip(got, want)):
			check(g == w, 'commit %d damages rows %s, the frame changed rows %s'
			      % (n + 1, sorted(g), sorted(w)))
	log('%d commits; each damages exactly the rows that changed (buffer %dx%d, frame at %d,%d '
	    'as %dx%d)' % (len(commits), bw, bh, dx, dy, dw, dh))


def phase_damage_full(args):
	"""-damage full damages the frame's box in every commit after the first, not the border."""
	ticks = 20
	fw, fh = 320, 200
	with harness.Session(args) as s:
		c = s.spawn([args.standin, '-scene', 'bands', '-damage', 'full', '-ticks', str(ticks)],
			    'standin', env={'WAYLAND_DEBUG': '1'})
		status = c.wait(60)
		check(status == 0, 'the stand-in exited with %s' % status)
		commits, sizes = commits_with_damage(c.stderr())
	check(sizes and len(commits) >= ticks // 2, '%d commits, %d buffers' % (len(commits),
										 len(sizes)))
	bw, bh, _ = sizes[0]
	dx, dy, dw, dh = fit(fw, fh, bw, bh)
	check((dw, dh) != (bw, bh), 'the frame fills the buffer %dx%d: no border to leave out'
	      % (bw, bh))
	check(commits[0] == [(0, 0, bw, bh)], 'the first commit damages %s, not the whole buffer'
	      % (commits[:1],))
	for i, d in enumerate(commits[1:]):
		check(d == [(dx, dy, dw, dh)], 'commit %d damages %s, not the frame\'s box %s'
		      % (i + 1, d, (dx, dy, dw, dh)))
	log('%d commits; the first damages the buffer %dx%d, the others the frame at %d,%d as %dx%d'
	    % (len(commits), bw, bh, dx, dy, dw, dh))


class Fake:
	"""The fake compositor in a private runtime directory."""

	def __init__(self, args, opts):
		self.dir = tempfile.mkdtemp(prefix='picowl-dg-')
		os.chmod(self.dir, 0o700)
		self.socket = 'fake-%d' % os.getpid()
		self.out = os.path.join(self.dir, 'fake.out')
		self.proc = subprocess.Popen([args.fake, '--socket', self.socket] + opts,
					     env=dict(os.environ, XDG_RUNTIME_DIR=self.dir),
					     stdout=open(self.out, 'wb'), stderr=subprocess.STDOUT)
		harness.poll(lambda: os.path.exists(os.path.join(self.dir, self.socket)),
			     'the fake compositor listens', timeout=10)

	def env(self, extra=None):
		env = dict(os.environ, XDG_RUNTIME_DIR=self.dir, WAYLAND_DISPLAY=self.socket)
		env.pop('WAYLAND_SOCKET', None)
		env.update(extra or {})
		return env

	def run(self, cmd, timeout, extra=None):
		"""(status or None if still running after timeout, stdout, stderr)."""
		p = subprocess.Popen(cmd, env=self.env(extra), stdout=subprocess.PIPE,
				     stderr=subprocess.PIPE, start_new_session=True)
		try:
			out, err = p.communicate(timeout=timeout)
			return p.returncode, out.decode(errors='replace'), err.decode(errors='replace')
		except subprocess.TimeoutExpired:
			os.killpg(p.pid, signal.SIGKILL)
			out, err = p.communicate()
			return None, out.decode(errors='replace'), err.decode(errors='replace')

	def stop(self):
		if self.proc.poll() is None:
			self.proc.send_signal(signal.SIGTERM)
		try:
			status = self.proc.wait(timeout=10)
		except subprocess.TimeoutExpired:
			self.proc.kill()
			raise TestFailure('the fake compositor did not exit')
		with open(self.out, errors='replace') as f:
			text = f.read()
		shutil.rmtree(self.dir, ignore_errors=True)
		check(status == 0, 'the fake compositor exited with %s:\n%s' % (status, text))
		return text


# evdev code -> the doom key the layer must give (doc/doom.md table)
KEYS = [
	(103, 0xad, 'Up'), (108, 0xaf, 'Down'), (105, 0xac, 'Left'), (106, 0xae, 'Right'),
	(29, 0xa3, 'Control_L'), (57, 0xa2, 'space'), (42, 0xb6, 'Shift_L'), (30, 0x61, 'a'),
	(21, 0x79, 'y'), (28, 13, 'Return'), (1, 27, 'Escape'), (15, 9, 'Tab'),
	(148, 0xa3, 'XF86Launch1'), (149, 0xa2, 'XF86Launch2'), (202, 0xb6, 'XF86Launch3'),
	(203, 27, 'XF86Launch4'), (167, 9, 'XF86AudioRecord'), (115, 0xa1, 'XF86AudioRaiseVolume'),
	(114, 0xa0, 'XF86AudioLowerVolume'), (125, None, 'Super_L'),
]


def phase_keys(args):
	codes = [k[0] for k in KEYS]
	fake = Fake(args, ['--keys', ','.join(str(c) for c in codes)])
	status, out, err = fake.run([args.standin, '-ticks', '120'], 30)
	fake.stop()
	check(status == 0, 'the stand-in exited with %s:\n%s' % (status, err))
	got = re.findall(r'standin: key (down|up) 0x([0-9a-f]{2})', out)
	want = []
	for code, key, name in KEYS:
		if key is not None:
			want += [('down', '%02x' % key), ('up', '%02x' % key)]
	check(got == want, 'DG_GetKey gave %s, expected %s' % (got, want))
	log('%d keys reached DG_GetKey as doom key codes' % len(want))
	# leave releases a held key
	fake = Fake(args, ['--keys', '106', '--leave-after-keys'])
	status, out, err = fake.run([args.standin, '-ticks', '60'], 30)
	fake.stop()
	got = re.findall(r'standin: key (down|up) 0x([0-9a-f]{2})', out)
	check(got == [('down', 'ae'), ('up', 'ae'), ('down', 'ae'), ('up', 'ae')],
	      'Right, Right held then focus left: DG_GetKey gave %s' % got)
	log('wl_keyboard.leave releases the key held')


def phase_keys_picowl(args):
	keys = [k for k in KEYS if k[1] is not None]
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		tile = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		c = s.spawn([args.standin, '-scene', 'pattern', '-hold', '1'], 'standin')
		want_img = expected_image(320, 200, tile[2], tile[3], 1)
		s.wait_for(lambda img: compare(img, tile, want_img, False), 'the stand-in shows',
			   timeout=30)
		r = subprocess.run([args.inject] + [str(k[0]) for k in keys], env=s.client_env(),
				   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30)
		check(r.returncode == 0, 'dg-inject failed: %s' % r.stdout.decode(errors='replace'))
		want = []
		for code, key, name in keys:
			want += [('down', '%02x' % key), ('up', '%02x' % key)]
		got = []

		def all_keys():
			got[:] = re.findall(r'standin: key (down|up) 0x([0-9a-f]{2})', c.stdout())
			return len(got) >= len(want)
		try:
			s.poll(all_keys, 'the stand-in printed %d key events' % len(want), timeout=10)
		except TestFailure:
			pass
		check(got == want, 'DG_GetKey gave %s, expected %s' % (got, want))
	log('%d keys injected into picowl reached DG_GetKey as doom key codes' % len(want))


def phase_never_blocks(args):
	fake = Fake(args, ['--hold'])
	t0 = time.monotonic()
	status, out, err = fake.run([args.standin, '-fast', '-ticks', '300', '-presentmode', 'new',
				     '-dgstats'], 30, {'WAYLAND_DEBUG': '1'})
	took = time.monotonic() - t0
	check(status == 0, '-presentmode new: the stand-in did not finish 300 ticks under a '
	      'compositor that holds every buffer (status %s):\n%s' % (status, err[-2000:]))
	check('standin: done 300 frames' in out, 'no "done" line:\n%s' % out)
	_, sizes = commits_with_damage(err)
	check(len(sizes) <= 4, '%d buffers created, the bound is 4' % len(sizes))
	fake.stop()
	log('-presentmode new: 300 ticks in %.2f s with %d buffers held' % (took, len(sizes)))
	# frame callbacks but no releases: the pool grows to its bound, then frames wait in it
	fake = Fake(args, ['--no-release'])
	status, out, err = fake.run([args.standin, '-ticks', '60', '-presentmode', 'new'], 30,
				    {'WAYLAND_DEBUG': '1'})
	fake.stop()
	check(status == 0, '-presentmode new: the stand-in did not finish 60 ticks under a '
	      'compositor that releases nothing (status %s):\n%s' % (status, err[-2000:]))
	commits, sizes = commits_with_damage(err)
	check(len(sizes) == 4 and len(commits) == 4,
	      '%d buffers created and %d commits; expected the bound, 4, of each'
	      % (len(sizes), len(commits)))
	log('-presentmode new: 60 ticks with no buffer ever released; 4 buffers, 4 commits')
	# -presentmode old waits for the frame callback that never comes only DG_COVERED_MS once,
	# then counts the window as covered and goes on without presenting
	fake = Fake(args, ['--hold'])
	t0 = time.monotonic()
	status, out, err = fake.run([args.standin, '-fast', '-ticks', '300', '-dgstats'], 30,
				    {'WAYLAND_DEBUG': '1'})
	took = time.monotonic() - t0
	fake.stop()
	check(status == 0, '-presentmode old: the stand-in did not finish 300 ticks under a '
	      'compositor that never sends a frame callback (status %s):\n%s' % (status, err[-2000:]))
	commits, _ = commits_with_damage(err)
	m = re.search(r'(\d+) covered', err)
	check(m and int(m.group(1)) >= 290, 'the frames drawn while covered are not counted:\n%s'
	      % err[-1500:])
	check(len(commits) == 1, '%d commits while covered; expected the first frame only'
	      % len(commits))
	log('-presentmode old: 300 ticks in %.2f s while covered, %s frames not presented, 1 commit'
	    % (took, m.group(1)))


def phase_format_fallback(args):
	tmp = tempfile.mkdtemp(prefix='picowl-dg-dump-')
	try:
		dump = os.path.join(tmp, 'last.ppm')
		fake = Fake(args, ['--no-rgb565', '--size', '238x158', '--dump', dump])
		status, out, err = fake.run([args.standin, '-hold', '2', '-ticks', '5'], 30,
					    {'WAYLAND_DEBUG': '1'})
		fake.stop()
		check(status == 0, 'the stand-in exited with %s:\n%s' % (status, err[-2000:]))
		_, sizes = commits_with_damage(err)
		check(sizes and all(s[2] == WL_SHM_FORMAT_XRGB8888 for s in sizes),
		      'buffers %s: expected XRGB8888' % (sizes,))
		with open(dump, 'rb') as f:
			img = harness.Image.from_ppm(f.read())
		want = expected_image(320, 200, 238, 158, 2)
		problems = compare(img, (0, 0, 238, 158), want, True)
		check(not problems, 'the last buffer differs:\n  ' + '\n  '.join(problems))
		log('without RGB565 on offer: XRGB8888 buffers, the frame exact')
		# and with RGB565 on offer, RGB565 buffers
		fake = Fake(args, ['--size', '238x158'])
		status, out, err = fake.run([args.standin, '-hold', '2', '-ticks', '3'], 30,
					    {'WAYLAND_DEBUG': '1'})
		fake.stop()
		_, sizes = commits_with_damage(err)
		check(status == 0 and sizes and all(s[2] == WL_SHM_FORMAT_RGB565 for s in sizes),
		      'with RGB565 offered: buffers %s (status %s)' % (sizes, status))
		log('with RGB565 on offer: RGB565 buffers')
	finally:
		shutil.rmtree(tmp, ignore_errors=True)


def phase_makefile(args):
	"""A checkout shaped like doomgeneric's: doomgeneric/Makefile with SRC_DOOM listing the
	engine's objects and a platform file (doomgeneric_xlib.o) that must not be built."""
	tmp = tempfile.mkdtemp(prefix='picowl-dg-make-')
	try:
		eng = os.path.join(tmp, 'doomgeneric', 'doomgeneric')
		os.makedirs(eng)
		for name in ('doomgeneric.h', 'doomkeys.h'):
			shutil.copy(os.path.join(args.standin_dir, name), eng)
		shutil.copy(os.path.join(args.standin_dir, 'standin.c'),
			    os.path.join(eng, 'doomgeneric.c'))
		with open(os.path.join(eng, 'm_argv.c'), 'w') as f:
			f.write('int engine_file_built = 1;\n')
		with open(os.path.join(eng, 'doomgeneric_xlib.c'), 'w') as f:
			f.write('#error "the platform file was not replaced"\n')
		with open(os.path.join(eng, 'Makefile'), 'w') as f:
			f.write('CFLAGS+=-O2\nSRC_DOOM = \tdoomgeneric.o \\\n\t\tm_argv.o \\\n'
				'\t\tdoomgeneric_xlib.o\nOBJS += $(addprefix $(OBJDIR)/, $(SRC_DOOM))\n')
		out = os.path.join(tmp, 'out')
		r = subprocess.run(['make', '-C', args.makefile_dir,
				    'DOOMGENERIC=' + os.path.join(tmp, 'doomgeneric'), 'O=' + out],
				   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
		text = r.stdout.decode(errors='replace')
		check(r.returncode == 0, 'make failed:\n%s' % text[-3000:])
		binary = os.path.join(out, 'doomgeneric-picowl')
		check(os.access(binary, os.X_OK), 'no %s' % binary)
		check('doomgeneric_xlib' not in text, 'the platform file was compiled:\n%s' % text)
		fake = Fake(args, [])
		status, sout, err = fake.run([binary, '-ticks', '5'], 30)
		fake.stop()
		check(status == 0 and 'standin: 320x200' in sout,
		      'the built game did not run (status %s):\n%s%s' % (status, sout, err))
		log('make DOOMGENERIC=... built and ran doomgeneric-picowl (320x200)')
	finally:
		shutil.rmtree(tmp, ignore_errors=True)


def main():
	args = parse_args()
	phase = args.phase
	if phase == 'pixels':
		run_pixels(args, args.standin, 320, 200, '240x320', 'rgb565', [])
	elif phase == 'pixels-small-xrgb8888':
		run_pixels(args, args.standin_small, 64, 40, '320x240', 'xrgb8888',
			   ['-pixelformat', 'xrgb8888'])
	elif phase == 'pixels-direct-new':
		run_pixels(args, args.standin, 320, 200, '320x240', 'rgb565',
			   ['-present-direct', '-presentmode', 'new', '-damage', 'rows'])
	elif phase == 'fullscreen':
		run_pixels(args, args.standin, 320, 200, '240x320', 'rgb565',
			   ['-fullscreen', '-present-direct'], fullscreen=True)
	elif phase == 'damage-rows':
		run_damage(args, ['-presentmode', 'old'])
	elif phase == 'damage-rows-new':
		run_damage(args, ['-presentmode', 'new', '-present-direct'])
	elif phase == 'damage-full':
		phase_damage_full(args)
	elif phase == 'keys':
		phase_keys(args)
	elif phase == 'keys-picowl':
		phase_keys_picowl(args)
	elif phase == 'never-blocks':
		phase_never_blocks(args)
	elif phase == 'format-fallback':
		phase_format_fallback(args)
	elif phase == 'makefile':
		phase_makefile(args)
	else:
		raise TestFailure('unknown phase %s' % phase)


harness.main(main)
