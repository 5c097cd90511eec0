"""Harness for picowl's real-client tests.

Starts picowl headless in a private XDG_RUNTIME_DIR with its own socket, runs clients against
it, takes screenshots with grim (binary PPM, parsed here) and checks on exit that picowl neither
crashed nor printed a sanitizer report. Python 3 standard library only.

A test script looks like:

    with harness.Session(args) as s:          # args from harness.parse_args()
        shm = s.spawn([args.simple_shm], 'shm')
        s.wait_for(lambda img: harness.shm_problems(img, box), 'simple-shm shows')
        ...
    # leaving the block stops everything and raises TestFailure if picowl misbehaved

A failed check raises TestFailure; harness.main(fn) turns it into exit status 1 (never 77:
a missing program is a failure, because .ci/run installs every one of them).
"""

import argparse
import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

# What a sanitizer prints when it finds something (ASan, LSan, UBSan, TSan, MSan).
SANITIZER_MARKS = (
	'ERROR: AddressSanitizer',
	'ERROR: LeakSanitizer',
	'WARNING: AddressSanitizer',
	'SUMMARY: AddressSanitizer',
	'SUMMARY: UndefinedBehaviorSanitizer',
	'runtime error:',
	'WARNING: ThreadSanitizer',
	'WARNING: MemorySanitizer',
)

# RGB565 keeps 5 or 6 bits of each channel; a colour that went through it can be off by 7.
TOLERANCE = 8


class TestFailure(Exception):
	pass


# the time in front of each line of picowl's log ("[   12.345] picowl: ...", decision 4.60)
LOG_TIME = re.compile(r'^\[ *\d+\.\d{3}\] ')


def log_lines(text):
	"""The lines of picowl's log `text` without the time in front of each."""
	return [LOG_TIME.sub('', line) for line in text.splitlines()]


def status_kib(pid, field):
	"""A kB field of /proc/PID/status (VmRSS, VmHWM, VmSize...)."""
	with open('/proc/%d/status' % pid) as f:
		for line in f:
			if line.startswith(field + ':'):
				return int(line.split()[1])
	raise TestFailure('no %s for pid %d' % (field, pid))


def reset_peak(pid):
	"""VmHWM counts from now on (clear_refs 5)."""
	with open('/proc/%d/clear_refs' % pid, 'w') as f:
		f.write('5')


def sanitized(pid):
	"""Whether the process maps a sanitizer's runtime (ASan keeps its own heap: RSS bounds are
	for the plain build)."""
	with open('/proc/%d/maps' % pid) as f:
		return any('asan' in line or 'sanitizer' in line for line in f)


def check(cond, msg):
	if not cond:
		raise TestFailure(msg)


def log(msg):
	print(msg, flush=True)


# ---------------------------------------------------------------------------------------------
# Command line shared by the test scripts

def parse_args(extra=None):
	"""--picowl PATH plus one option per real client; an empty path means "not found"."""
	p = argparse.ArgumentParser()
	p.add_argument('--picowl', required=True)
	p.add_argument('--grim', default='')
	p.add_argument('--simple-shm', default='')
	p.add_argument('--foot', default='')
	p.add_argument('--doom', default='')
	p.add_argument('--iwad', default='')
	p.add_argument('--readme', default='')
	p.add_argument('--size', default='240x320')
	p.add_argument('--format', default='rgb565')
	if extra:
		extra(p)
	return p.parse_args()


def need(path, what, package):
	"""Fails (does not skip) when a program the test needs is missing."""
	check(path and os.path.exists(path),
	      '%s not found: install the Debian package %s (.ci/run does)' % (what, package))
	return os.path.abspath(path)


def main(fn):
	"""Runs fn(); exit 0 if it returns, 1 on TestFailure or any other exception."""
	try:
		fn()
	except TestFailure as e:
		log('FAIL: %s' % e)
		sys.exit(1)
	except Exception:
		traceback.print_exc()
		log('FAIL: unexpected exception')
		sys.exit(1)
	log('PASS')
	sys.exit(0)


def poll(cond, what, timeout=20.0, interval=0.05):
	"""Polls cond() until it is true; fails after timeout seconds."""
	deadline = time.monotonic() + timeout
	while not cond():
		if time.monotonic() > deadline:
			raise TestFailure('timed out after %g s waiting until %s' % (timeout, what))
		time.sleep(interval)


# ---------------------------------------------------------------------------------------------
# Screenshots

def rgb_close(a, b, tol=TOLERANCE):
	return all(abs(x - y) <= tol for x, y in zip(a, b))


def parse_rgb(hexstr):
	v = int(hexstr, 16)
	return ((v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff)


class Image:
	"""An RGB image: width, height and 3 bytes per pixel, rows top to bottom."""

	def __init__(self, width, height, data):
		self.width = width
		self.height = height
		self.data = data

	@classmethod
	def from_ppm(cls, blob):
		"""Parses a binary PPM (P6) with maxval 255 (or any maxval < 256, scaled to 255)."""
		fields = []
		pos = 0
		while len(fields) < 4:
			while pos < len(blob) and blob[pos:pos + 1].isspace():
				pos += 1
			if blob[pos:pos + 1] == b'#':
				while pos < len(blob) and blob[pos:pos + 1] != b'\n':
					pos += 1
				continue
			start = pos
			while pos < len(blob) and not blob[pos:pos + 1].isspace():
				pos += 1
			check(pos > start, 'truncated PPM header')
			fields.append(blob[start:pos])
		check(fields[0] == b'P6', 'not a binary PPM: magic %r' % fields[0])
		width, height, maxval = (int(f) for f in fields[1:])
		check(0 < maxval < 256, 'PPM maxval %d not supported' % maxval)
		pos += 1	# the single whitespace after maxval
		data = blob[pos:pos + width * height * 3]
		check(len(data) == width * height * 3,
		      'PPM data too short: %d of %d bytes' % (len(data), width * height * 3))
		if maxval != 255:
			data = bytes((v * 255 + maxval // 2) // maxval for v in data)
		return cls(width, height, data)

	def px(self, x, y):
		i = (y * self.width + x) * 3
		return tuple(self.data[i:i + 3])

	def pixels(self, box):
		"""Every pixel of box (x, y, w, h), row by row."""
		x0, y0, w, h = box
		for y in range(y0, y0 + h):
			row = self.data[(y * self.width + x0) * 3:(y * self.width + x0 + w) * 3]
			for i in range(0, len(row), 3):
				yield tuple(row[i:i + 3])

	def region_bytes(self, box):
		x0, y0, w, h = box
		return b''.join(self.data[(y * self.width + x0) * 3:(y * self.width + x0 + w) * 3]
				for y in range(y0, y0 + h))

	def colours(self, box):
		return collections.Counter(self.pixels(box))

	def count_close(self, box, rgb, tol=TOLERANCE):
		return sum(1 for p in self.pixels(box) if rgb_close(p, rgb, tol))

	def all_close(self, box, rgb, tol=TOLERANCE):
		return all(rgb_close(p, rgb, tol) for p in self.pixels(box))

	def first_not_close(self, box, rgb, tol=TOLERANCE):
		"""(x, y, pixel) of the first pixel of box not close to rgb, or None."""
		x0, y0, w, h = box
		for y in range(y0, y0 + h):
			for x in range(x0, x0 + w):
				p = self.px(x, y)
				if not rgb_close(p, rgb, tol):
					return (x, y, p)
		return None

	def first_close(self, box, rgb, tol=TOLERANCE):
		"""(x, y, pixel) of the first pixel of box close to rgb, or None."""
		x0, y0, w, h = box
		for y in range(y0, y0 + h):
			for x in range(x0, x0 + w):
				p = self.px(x, y)
				if rgb_close(p, rgb, tol):
					return (x, y, p)
		return None

	def save_ppm(self, path):
		with open(path, 'wb') as f:
			f.write(b'P6\n%d %d\n255\n' % (self.width, self.height))
			f.write(self.data)


# ---------------------------------------------------------------------------------------------
# Layout (what picowl promises; see doc/session.md "Tiling")

def tile_boxes(n, width, height):
	"""Tile boxes (x, y, w, h) for 1 or 2 toplevels: portrait stacks, landscape side by side."""
	if n == 1:
		return [(0, 0, width, height)]
	if n == 2:
		if height >= width:
			h1 = height // 2
			return [(0, 0, width, h1), (0, h1, width, height - h1)]
		w1 = width // 2
		return [(0, 0, w1, height), (w1, 0, width - w1, height)]
	raise ValueError('only 1 or 2 tiles are described here')


# picowl's default border_width ([layout] in picowl.ini(5))
BORDER = 2


def content_box(tile, border=BORDER):
	"""A tile's client area: inside its border."""
	x, y, w, h = tile
	return (x + border, y + border, w - 2 * border, h - 2 * border)


def border_pixels(tile, border=BORDER):
	"""The ring of the border inside the tile box, as a list of (x, y)."""
	x, y, w, h = tile
	ring = []
	for k in range(border):
		ring += [(x + i, y + k) for i in range(w)] + [(x + i, y + h - 1 - k) for i in range(w)]
		ring += [(x + k, y + j) for j in range(border, h - border)]
		ring += [(x + w - 1 - k, y + j) for j in range(border, h - border)]
	return ring


# ---------------------------------------------------------------------------------------------
# A picowl session

class Client:
	def __init__(self, name, proc, out_path, err_path):
		self.name = name
		self.proc = proc
		self.out_path = out_path
		self.err_path = err_path

	@property
	def pid(self):
		return self.proc.pid

	def alive(self):
		return self.proc.poll() is None

	def stdout(self):
		with open(self.out_path, 'r', errors='replace') as f:
			return f.read()

	def stderr(self):
		with open(self.err_path, 'r', errors='replace') as f:
			return f.read()

	def wait(self, timeout):
		"""Exit status, or raises TestFailure if it runs past the timeout."""
		try:
			return self.proc.wait(timeout=timeout)
		except subprocess.TimeoutExpired:
			raise TestFailure('%s did not exit within %g s' % (self.name, timeout))

	def kill(self, sig=signal.SIGKILL):
		if self.alive():
			try:
				os.kill(self.proc.pid, sig)
			except ProcessLookupError:
				pass


class Session:
	"""picowl plus its clients, in a private runtime directory."""

	def __init__(self, args, size=None, fmt=None, extra_args=(), name='picowl'):
		self.args = args
		self.picowl_path = need(args.picowl, 'picowl', '(build it: ninja -C build)')
		self.size = size or args.size
		self.fmt = fmt or args.format
		self.width, self.height = (int(v) for v in self.size.split('x'))
		self.extra_args = list(extra_args)
		self.dir = tempfile.mkdtemp(prefix='picowl-it-')
		os.chmod(self.dir, 0o700)
		self.runtime = os.path.join(self.dir, 'run')
		os.mkdir(self.runtime, 0o700)
		self.home = os.path.join(self.dir, 'home')
		os.mkdir(self.home, 0o700)
		# An empty config of our own: picowl's defaults, whatever /etc/xdg/picowl holds.
		os.makedirs(os.path.join(self.home, '.config', 'picowl'))
		open(os.path.join(self.home, '.config', 'picowl', 'picowl.ini'), 'w').close()
		self.socket = 'picowl-test-%d' % os.getpid()
		self.clients = []
		self.proc = None
		self.status = None
		self.shots = 0
		self.failed = False
		self.name = name

	# The environment every client gets: nothing from a desktop the tests may run inside.
	def client_env(self, extra=None):
		env = {k: v for k, v in os.environ.items()
		       if k not in ('DISPLAY', 'WAYLAND_SOCKET', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME',
				    'XDG_CACHE_HOME', 'XDG_STATE_HOME', 'SWAYSOCK')}
		env['XDG_RUNTIME_DIR'] = self.runtime
		env['WAYLAND_DISPLAY'] = self.socket
		env['HOME'] = self.home
		env['XDG_CONFIG_HOME'] = os.path.join(self.home, '.config')
		env['LC_ALL'] = 'C.UTF-8'
		if extra:
			env.update(extra)
		return env

	def __enter__(self):
		self.start()
		return self

	def __exit__(self, exc_type, exc, tb):
		if exc_type is not None:
			self.failed = True
		try:
			self.stop()
		except TestFailure:
			if exc_type is None:
				self.dump_logs()
				raise
			# an earlier failure is the one to report; stop()'s complaint is in the log too
		if self.failed or exc_type is not None:
			self.dump_logs()
		elif os.environ.get('PICOWL_TEST_KEEP'):
			log('--- PICOWL_TEST_KEEP: logs and screenshots kept in %s' % self.dir)
		else:
			shutil.rmtree(self.dir, ignore_errors=True)
		return False

	def start(self):
		cmd = [self.picowl_path, '--backend', 'headless', '--size', self.size,
		       '--format', self.fmt, '--socket', self.socket] + self.extra_args
		log('start: %s' % ' '.join(cmd))
		self.picowl_out = os.path.join(self.dir, 'picowl.stdout')
		self.picowl_err = os.path.join(self.dir, 'picowl.stderr')
		env = self.client_env()
		del env['WAYLAND_DISPLAY']
		env.setdefault('ASAN_OPTIONS', 'abort_on_error=0:detect_leaks=1')
		env.setdefault('UBSAN_OPTIONS', 'print_stacktrace=1')
		with open(self.picowl_out, 'wb') as out, open(self.picowl_err, 'wb') as err:
			self.proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL,
						     stdout=out, stderr=err)
		path = os.path.join(self.runtime, self.socket)
		deadline = time.monotonic() + 10
		# The socket file exists from bind(), a moment before listen(): picowl says it runs
		# once it listens (and its signal handlers are in place).
		while not (os.path.exists(path) and 'picowl: running on' in self.picowl_stderr()):
			if self.proc.poll() is not None:
				raise TestFailure('picowl exited with status %s before it said it runs:\n%s'
						  % (self.proc.returncode, self.picowl_stderr()))
			check(time.monotonic() < deadline, 'picowl did not say it runs on socket %s in 10 s'
			      % path)
			time.sleep(0.02)
		log('picowl pid %d, socket %s' % (self.proc.pid, path))

	@property
	def pid(self):
		return self.proc.pid

	def picowl_stderr(self):
		with open(self.picowl_err, 'r', errors='replace') as f:
			return f.read()

	def alive(self):
		return self.proc is not None and self.proc.poll() is None

	def check_alive(self, when=''):
		if not self.alive():
			raise TestFailure('picowl died%s: status %s\n%s'
					  % (' ' + when if when else '', self.proc.returncode,
					     self.picowl_stderr()))

	def spawn(self, cmd, name=None, env=None, stdin=subprocess.DEVNULL):
		"""Starts a client; its stdout and stderr go to files in the session directory."""
		name = name or os.path.basename(cmd[0])
		n = len(self.clients)
		out = os.path.join(self.dir, '%02d-%s.stdout' % (n, name))
		err = os.path.join(self.dir, '%02d-%s.stderr' % (n, name))
		log('spawn %s: %s' % (name, ' '.join(cmd)))
		with open(out, 'wb') as fout, open(err, 'wb') as ferr:
			proc = subprocess.Popen(cmd, env=self.client_env(env), cwd=self.home,
						stdin=stdin, stdout=fout, stderr=ferr,
						start_new_session=True)
		c = Client(name, proc, out, err)
		self.clients.append(c)
		return c

	def screenshot(self, save=None):
		"""A grim screenshot of the whole output as an Image."""
		grim = need(self.args.grim, 'grim', 'grim')
		self.check_alive('before a screenshot')
		r = subprocess.run([grim, '-t', 'ppm', '-'], env=self.client_env(),
				   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
				   stderr=subprocess.PIPE, timeout=30)
		check(r.returncode == 0, 'grim failed (status %d): %s'
		      % (r.returncode, r.stderr.decode(errors='replace').strip()))
		img = Image.from_ppm(r.stdout)
		check((img.width, img.height) == (self.width, self.height),
		      'screenshot is %dx%d, the output %dx%d' % (img.width, img.height,
							      self.width, self.height))
		self.shots += 1
		self.last_shot = img
		if save:
			img.save_ppm(os.path.join(self.dir, save))
		return img

	def wait_until(self, cond, what, timeout=20.0, interval=0.1):
		"""Polls screenshots until cond(img) is true; returns that image or fails after timeout."""
		deadline = time.monotonic() + timeout
		while True:
			img = self.screenshot()
			if cond(img):
				return img
			if time.monotonic() > deadline:
				self.screenshot_failed(img, what)
				raise TestFailure('timed out after %g s waiting until %s' % (timeout, what))
			time.sleep(interval)

	def wait_for(self, problems, what, timeout=20.0, interval=0.1):
		"""Polls screenshots until problems(img) returns an empty list; returns that image.
		On timeout fails with the problems of the last screenshot."""
		deadline = time.monotonic() + timeout
		while True:
			img = self.screenshot()
			found = problems(img)
			if not found:
				return img
			if time.monotonic() > deadline:
				self.screenshot_failed(img, what)
				raise TestFailure('timed out after %g s waiting until %s; last screenshot:\n  %s'
						  % (timeout, what, '\n  '.join(found)))
			time.sleep(interval)

	def screenshot_failed(self, img, what):
		name = 'failed-%s.ppm' % ''.join(c if c.isalnum() else '-' for c in what)[:40]
		img.save_ppm(os.path.join(self.dir, name))
		log('screenshot saved: %s' % os.path.join(self.dir, name))

	def poll(self, cond, what, timeout=20.0, interval=0.05):
		poll(cond, what, timeout, interval)

	def stop(self):
		"""Ends the clients, then picowl with SIGTERM; fails if picowl crashed or complained."""
		for c in self.clients:
			if c.alive():
				try:
					os.killpg(c.proc.pid, signal.SIGTERM)
				except ProcessLookupError:
					pass
		for c in self.clients:
			try:
				c.proc.wait(timeout=5)
			except subprocess.TimeoutExpired:
				try:
					os.killpg(c.proc.pid, signal.SIGKILL)
				except ProcessLookupError:
					pass
				c.proc.wait()
		if self.proc is None:
			return
		crashed_before = self.proc.poll() is not None
		if not crashed_before:
			self.proc.send_signal(signal.SIGTERM)
			try:
				self.proc.wait(timeout=10)
			except subprocess.TimeoutExpired:
				self.proc.kill()
				self.proc.wait()
				raise TestFailure('picowl did not exit within 10 s of SIGTERM')
		self.status = self.proc.returncode
		err = self.picowl_stderr()
		marks = [m for m in SANITIZER_MARKS if m in err]
		check(not marks, 'picowl printed a sanitizer report (%s):\n%s' % (', '.join(marks), err))
		check(not crashed_before, 'picowl had exited before the test ended: status %s\n%s'
		      % (self.status, err))
		check(self.status == 0, 'picowl exited with status %s after SIGTERM\n%s'
		      % (self.status, err))
		log('picowl exited 0')

	def dump_logs(self):
		log('--- logs kept in %s' % self.dir)
		files = [(self.name + ' stderr', self.picowl_err)] if self.proc else []
		for c in self.clients:
			files += [(c.name + ' stdout', c.out_path), (c.name + ' stderr', c.err_path)]
		for title, path in files:
			try:
				with open(path, 'r', errors='replace') as f:
					text = f.read()
			except OSError:
				continue
			if text.strip():
				lines = text.splitlines()[-40:]
				log('--- %s (last %d lines)' % (title, len(lines)))
				log('\n'.join(lines))


# ---------------------------------------------------------------------------------------------
# Real clients

# foot's background in the tests: a colour no other client here draws, exact in RGB565.
FOOT_BG = 'ff00ff'
# Hide the cursor, print nothing, stay open: foot then shows only its background.
FOOT_IDLE = ['sh', '-c', 'printf "\\033[?25l"; exec sleep 100000']


def foot_cmd(session, bg=FOOT_BG):
	foot = need(session.args.foot, 'foot', 'foot')
	conf = os.path.join(session.dir, 'foot-%s.ini' % bg)
	with open(conf, 'w') as f:
		f.write('[main]\nfont=monospace:size=6\n\n'
			'[colors]\nbackground=%s\nforeground=ffffff\nalpha=1.0\n\n'
			'[cursor]\nblink=no\n' % bg)
	return [foot, '--config', conf, '--log-level', 'warning'] + FOOT_IDLE


def distinct_colours(img, box):
	return len(img.colours(box))


# weston-simple-shm draws a 250x250 XRGB8888 buffer: white 20-pixel padding on every side
# (its buffers start memset to 0xff), its animated pattern inside.
SHM_SIZE = 250
SHM_PAD = 20
WHITE = (255, 255, 255)


def spawn_good_shm(s, shm_path):
	"""weston-simple-shm alone, filling the output: the well-behaved client the hostile tests
	keep drawn. Returns it, the content box it fills alone, and the content boxes of the two
	tiles it shares with the next client (it in the first)."""
	alone = content_box(tile_boxes(1, s.width, s.height)[0])
	t1, t2 = tile_boxes(2, s.width, s.height)
	good = s.spawn([shm_path], 'good-simple-shm')
	s.wait_for(lambda img: shm_problems(img, alone), 'the good simple-shm fills the output')
	return good, alone, content_box(t1), content_box(t2)


def fit_scale(box_w, box_h, w, h):
	"""picowl's scale to fit (pure/scale.c, 16.16, 65536 is 1) of a w x h window in a box."""
	if w <= box_w and h <= box_h:
		return 65536
	return max(min(box_w * 65536 // w, box_h * 65536 // h), 16)


def shm_problems(img, box, name='weston-simple-shm', forbid=()):
	"""What is wrong with box (a content box whose top-left is simple-shm's buffer origin).
	simple-shm draws 250x250 whatever it is told: a smaller box shows it scaled to fit (4.50),
	each pixel the buffer pixel under its centre (nearest)."""
	x0, y0, w, h = box
	s = fit_scale(w, h, SHM_SIZE, SHM_SIZE)
	vw, vh = SHM_SIZE * s >> 16, SHM_SIZE * s >> 16

	def source(v):
		return (v + 0.5) * 65536 / s

	problems = []
	bad = None
	for by in range(vh):
		sy = source(by)
		for bx in range(vw):
			sx = source(bx)
			# within a source pixel of the pattern's edge nearest may take either side
			if SHM_PAD - 1 <= sx < SHM_SIZE - SHM_PAD + 1 and \
					SHM_PAD - 1 <= sy < SHM_SIZE - SHM_PAD + 1:
				continue
			p = img.px(x0 + bx, y0 + by)
			if not rgb_close(p, WHITE):
				bad = (x0 + bx, y0 + by, p)
				break
		if bad:
			break
	if bad:
		problems.append('%s padding pixel (%d,%d) is %s, not white' % ((name,) + bad))
	pad, end = (SHM_PAD * s >> 16) + 1, ((SHM_SIZE - SHM_PAD) * s >> 16) - 1
	inner = (x0 + pad, y0 + pad, end - pad, end - pad)
	n = distinct_colours(img, inner)
	if n < 32:
		problems.append('%s pattern area %s has only %d colours' % (name, inner, n))
	for rgb in forbid:
		hit = img.first_close(inner, rgb)
		if hit:
			problems.append('%s pattern area has a pixel (%d,%d) %s of another client'
					% ((name,) + hit))
	return problems


def ring_problems(img, tile, forbid=()):
	"""A tile's border must be one colour, and none of the clients' colours."""
	ring = border_pixels(tile)
	counts = collections.Counter(img.px(x, y) for x, y in ring)
	problems = []
	if len(counts) != 1:
		major = counts.most_common(1)[0][0]
		odd = [(x, y, img.px(x, y)) for x, y in ring if img.px(x, y) != major][:3]
		problems.append('border of tile %s is not one colour (%d colours; mostly %s; e.g. %s)'
				% (tile, len(counts), major,
				   ', '.join('(%d,%d)=%s' % o for o in odd)))
	for rgb in forbid:
		hit = next(((x, y) for x, y in ring if rgb_close(img.px(x, y), rgb)), None)
		if hit:
			problems.append('border of tile %s has a client colour %s at %s' % (tile, rgb, hit))
	return problems


def solid_problems(img, box, rgb, name):
	bad = img.first_not_close(box, rgb)
	if bad:
		return ['%s area %s is not all %s: pixel (%d,%d) is %s' % ((name, box, rgb) + bad)]
	return []


def voluntary_switches(pid):
	"""The voluntary context switches of every thread of `pid`: its wakeups, from /proc."""
	total = 0
	for task in os.listdir('/proc/%d/task' % pid):
		with open('/proc/%d/task/%s/status' % (pid, task)) as f:
			for line in f:
				if line.startswith('voluntary_ctxt_switches'):
					total += int(line.split()[1])
	return total
