"""
Section `arm` of run.py: picowl's instructions on the handheld's CPU. The armel build (Debian's
ARMv5TE soft-float, cross/armel.ini) runs under qemu-arm (Debian's qemu-user 7.2) with
armcount.c, picowl's own TCG plugin, which counts every guest instruction executed. The load
client and the game are native x86 programs: Wayland over the unix socket, the shm buffers'
fds too, work across the emulation, and only picowl's own instructions are counted.

- Load patterns: picowl headless 240x320 RGB565, one client (picowl-load, XRGB8888 or RGB565
  buffers) tiled alone. The plugin notes the total at every epoll_wait and ppoll; once picowl
  sleeps, the last note is its count so far. Per frame: the slope between a run of N1 and one of N2
  frames (connecting, the first frame and the disconnect cancel, as in the callgrind section),
  in `rounds` fresh picowls, which must agree. The split by object and symbol is the same slope
  taken over the plugin's per-block counts.
- Doom in a tile: the native doomgeneric-picowl -timedemo demo1 under the ARM picowl, next to
  an idle picowl-load: picowl's instructions from before the game connects to after it left,
  per commit the game made (its -dgstats), and the median of picowl's wakeups in the run.
- Spans: present_bench --count built for armel, under the plugin: pw_pixels_blit of a whole
  frame against the armel C library's memcpy of the same bytes, counted between getppid()
  marks.
"""

import bisect
import collections
import datetime
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = '240x320'
PATTERNS = ['full', 'rows:16', 'rect:32x32', 'none']
CLIENTS = ['xrgb8888', 'rgb565']
CROSS = 'arm-linux-gnueabi-'
# cross/armel.ini's target flags with the release build's -O3, as the device image is built
ARM_CFLAGS = ['-std=c11', '-O3', '-march=armv5te', '-mtune=xscale', '-mfloat-abi=soft',
	      '-D_POSIX_C_SOURCE=200809L', '-D_DEFAULT_SOURCE']
IWAD = '/usr/share/games/doom/freedoom1.wad'
# getppid on ARM EABI: present_bench's marks
NR_GETPPID = 64
# the targets
LIMIT_NONE = 20000
LIMIT_ROWS = 40000
LIMIT_COPY = 1.2
LIMIT_ROTATE = 3.0
# the game's buffer turned to the display: picowl copies 320 rows of 168 pixels, not 168 of 320
LIMIT_TURNED = 1.3


def build_plugin(work, source):
	out = os.path.join(work, 'armcount.so')
	cc = os.environ.get('CC', 'cc')
	subprocess.run([cc, '-std=c11', '-O2', '-Wall', '-Wextra', '-shared', '-fPIC',
			'-fvisibility=hidden', os.path.join(source, 'tests', 'bench', 'armcount.c'),
			'-o', out, '-lpthread'], check=True)
	return out


def armel_build(a):
	"""(sysroot, armel build dir): --arm-build and --arm-sysroot, or tests/pxa's steps in
	--arm-cache (sysroot/ and armel/, shared with the pxa suite's cache)."""
	if a.arm_build:
		if not a.arm_sysroot:
			raise RuntimeError('--arm-build needs --arm-sysroot')
		subprocess.run(['ninja', '-C', a.arm_build, 'compositor/picowl'], check=True,
			       stdout=subprocess.DEVNULL)
		return os.path.abspath(a.arm_sysroot), os.path.abspath(a.arm_build)
	# run by hand (run.py), outside meson: tests/pxa's build steps and tests/lib's cpio
	sys.path.insert(0, os.path.join(a.source, 'tests', 'pxa'))
	sys.path.insert(0, os.path.join(a.source, 'tests', 'lib'))
	import pxabuild
	args = type('Args', (), {'cache': os.path.abspath(a.arm_cache), 'source': a.source,
				 'doomgeneric': ''})()
	os.makedirs(args.cache, exist_ok=True)
	try:
		sysroot = pxabuild.build_sysroot(args)
		pxabuild.build_armel(args, sysroot)
	except SystemExit as e:
		raise RuntimeError('armel build failed (%s)' % e)
	return sysroot, os.path.join(args.cache, 'armel')


class ArmPicowl:
	"""The armel picowl under qemu-arm with the plugin, headless 240x320 RGB565."""

	def __init__(self, a, plugin, sysroot, armel, work, size=SIZE, extra=()):
		self.dir = tempfile.mkdtemp(prefix='arm-', dir=work)
		self.runtime = os.path.join(self.dir, 'run')
		os.mkdir(self.runtime, 0o700)
		self.marks = os.path.join(self.dir, 'marks')
		self.ctl = os.path.join(self.dir, 'ctl')
		os.mkfifo(self.ctl)
		self.socket = 'picowl-arm'
		self.binary = os.path.join(armel, 'compositor', 'picowl')
		cmd = ['qemu-arm', '-L', sysroot, '-plugin',
		       '%s,marks=%s,ctl=%s' % (plugin, self.marks, self.ctl), self.binary,
		       '--backend', 'headless', '--size', size, '--format', 'rgb565', '--refresh',
		       '60', '--socket', self.socket] + list(extra)
		env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'XDG_RUNTIME_DIR': self.runtime,
		       'HOME': self.dir, 'LC_ALL': 'C.UTF-8'}
		self.log = open(os.path.join(self.dir, 'log'), 'wb')
		self.proc = subprocess.Popen(cmd, env=env, cwd=self.dir, stdin=subprocess.DEVNULL,
					     stdout=self.log, stderr=subprocess.STDOUT)
		deadline = time.monotonic() + 60
		while not os.path.exists(os.path.join(self.runtime, self.socket)):
			if self.proc.poll() is not None or time.monotonic() > deadline:
				raise RuntimeError('picowl under qemu-arm did not start; log in %s'
						   % self.dir)
			time.sleep(0.1)
		self.idle()

	def client_env(self):
		env = dict(os.environ)
		for k in ('DISPLAY', 'WAYLAND_SOCKET', 'SWAYSOCK'):
			env.pop(k, None)
		env.update({'XDG_RUNTIME_DIR': self.runtime, 'WAYLAND_DISPLAY': self.socket})
		return env

	def notes(self):
		with open(self.marks) as f:
			return [line.split() for line in f.read().splitlines() if line]

	def idle(self, timeout=120):
		"""picowl's total once it sleeps: the last note stays the same for a second."""
		deadline = time.monotonic() + timeout
		last = None
		stable = 0
		while True:
			time.sleep(0.25)
			notes = self.notes()
			cur = (len(notes), notes[-1][2] if notes else None)
			stable = stable + 1 if cur == last and notes else 0
			if stable >= 4:
				return int(cur[1])
			last = cur
			if self.proc.poll() is not None or time.monotonic() > deadline:
				raise RuntimeError('picowl under qemu-arm: no idle point; log in %s'
						   % self.dir)

	def blocks(self):
		"""The plugin's per-block counts so far: {(object, offset, symbol): instructions}."""
		path = os.path.join(self.dir, 'hist.%d' % time.monotonic_ns())
		with open(self.ctl, 'w') as f:
			f.write('hist %s\n' % path)
		deadline = time.monotonic() + 60
		while True:
			try:
				with open(path) as f:
					text = f.read()
				if text.endswith('end\n'):
					break
			except FileNotFoundError:
				pass
			if time.monotonic() > deadline:
				raise RuntimeError('armcount: no histogram')
			time.sleep(0.1)
		os.remove(path)
		out = collections.Counter()
		for line in text.splitlines()[:-1]:
			n, obj, off, sym = line.split(' ', 3)
			out[(obj, int(off, 16), sym)] += int(n)
		return out

	def stop(self):
		if self.proc.poll() is None:
			self.proc.terminate()
			try:
				self.proc.wait(timeout=30)
			except subprocess.TimeoutExpired:
				self.proc.kill()
				self.proc.wait()
		self.log.close()


class Symbols:
	"""Names for the blocks of a shared object from its dynamic symbols with their sizes: a
	block inside none of them (a library's internal function) is "(internal)"."""

	def __init__(self):
		self.cache = {}

	def name(self, path, offset):
		if path not in self.cache:
			syms = []
			try:
				out = subprocess.run([CROSS + 'nm', '-D', '-S', '--defined-only', path],
						     capture_output=True, text=True).stdout
			except OSError:
				out = ''
			for line in out.splitlines():
				p = line.split()
				if len(p) == 4 and p[2] in 'TtWi':
					syms.append((int(p[0], 16), int(p[1], 16), p[3].split('@')[0]))
			syms.sort()
			self.cache[path] = ([s[0] for s in syms], syms)
		addrs, syms = self.cache[path]
		i = bisect.bisect_right(addrs, offset) - 1
		if i >= 0 and offset < syms[i][0] + syms[i][1]:
			return syms[i][2]
		return '(internal)'


def object_name(path):
	return os.path.basename(path).split('.so')[0] if path != '?' else 'other'


def split(blocks, binary, syms):
	"""{object: instructions}, {symbol: instructions} of picowl's own code and the libraries'
	exported functions, for a difference of two block counts."""
	objects = collections.Counter()
	functions = collections.Counter()
	for (obj, off, sym), n in blocks.items():
		name = 'picowl' if os.path.realpath(obj) == os.path.realpath(binary) else \
			object_name(obj)
		objects[name] += n
		if name == 'picowl':
			functions[sym if sym != '-' else '(plt)'] += n
		elif obj != '?':
			functions['%s:%s' % (name, syms.name(obj, off))] += n
	return objects, functions


def run_client(p, build, extra, timeout=300):
	cmd = [os.path.join(build, 'clients', 'picowl-load', 'picowl-load'), '--size', SIZE] + extra
	r = subprocess.run(cmd, env=p.client_env(), stdin=subprocess.DEVNULL, capture_output=True,
			   text=True, timeout=timeout)
	if r.returncode != 0 or 'frames' not in r.stdout:
		raise RuntimeError('picowl-load %s: %s %s' % (' '.join(extra), r.stdout, r.stderr))


# How the client paces its frames: by a timerfd at 20 Hz on the 60 Hz output (each commit finds
# picowl asleep and the vblank timer wakes it once more: the same steps every frame, so the
# count is exact), or by frame callbacks as in the callgrind section (whether a commit and the
# vblank share a wakeup depends on the timing, which moves the count by a few instructions).
PACINGS = {'20 Hz': ['--rate', '20'], 'callbacks': []}


def patterns(a, results, env, rnd):
	"""One fresh picowl per client format and pacing: every pattern's slope, and its split."""
	for pacing, pace in PACINGS.items():
		out = results.setdefault('patterns', {}).setdefault(pacing, {})
		for fmt in CLIENTS:
			p = ArmPicowl(a, env['plugin'], env['sysroot'], env['armel'], a.work)
			try:
				client = ['--format', fmt]
				run_client(p, a.build, client + ['--frames', '10'])	# the first map
				before = p.idle()
				for pat in PATTERNS:
					counts, hists = [], []
					for n in (a.n1, a.n2):
						h0 = p.blocks()
						first = len(p.notes())
						run_client(p, a.build, client + pace + [
							'--damage', pat, '--frames', str(n)])
						after = p.idle()
						hists.append(p.blocks() - h0)
						counts.append(after - before)
						before = after
					slope = (counts[1] - counts[0]) / (a.n2 - a.n1)
					# the N2 run's wakeups: one a frame, and most of them alike
					notes = [int(x[2]) for x in p.notes()[first - 1:]]
					wakes = collections.Counter(
						notes[i + 1] - notes[i] for i in range(len(notes) - 1))
					mode, times = wakes.most_common(1)[0]
					rec = out.setdefault(fmt, {}).setdefault(pat, {'rounds': []})
					rec['rounds'].append({'n1': a.n1, 'n2': a.n2, 'i1': counts[0],
							      'i2': counts[1], 'per_frame': slope,
							      'wakeup_mode': mode, 'mode_times': times,
							      'wakeups': sum(wakes.values())})
					if rnd == 0:
						per = collections.Counter(hists[1])
						per.subtract(hists[0])
						objects, functions = split(per, p.binary, env['syms'])
						d = a.n2 - a.n1
						rec['objects'] = {k: v / d for k, v in objects.items() if v}
						rec['functions'] = {k: v / d
								    for k, v in functions.most_common(12)}
					env['log']('arm %s %-10s client %-8s %-9s round %d: %.2f '
						   'instructions/frame; %d of %d wakeups %d' % (
							   SIZE, pat, fmt, pacing, rnd + 1, slope, times,
							   sum(wakes.values()), mode))
			finally:
				p.stop()


# (key, the game's -damage, [layout] border_width): with the default border of 2 the tile's client
# area starts at an even x, so that its RGB565 rows are word-aligned in both images as in the
# buffer; a border of 1 puts them two bytes off a word on the display.
DOOM_RUNS = [('full', 'full', 2), ('rows', 'rows', 2), ('full, border_width 1', 'full', 1)]


def doom(a, results, env, rnd):
	"""The native game in the lower tile of the ARM picowl, an idle client in the upper one."""
	game = os.path.join(a.build, 'clients', 'doomgeneric', 'doomgeneric-picowl')
	if not os.path.exists(game) or not os.path.exists(IWAD):
		results.setdefault('doom', {})['missing'] = '%s or %s' % (game, IWAD)
		return
	for key, damage, border in DOOM_RUNS:
		conf = os.path.join(a.work, 'border-%d.ini' % border)
		with open(conf, 'w') as f:
			f.write('[layout]\nborder_width = %d\n' % border)
		p = ArmPicowl(a, env['plugin'], env['sysroot'], env['armel'], a.work,
			      extra=['--config', conf])
		idle = None
		try:
			idle = subprocess.Popen([os.path.join(a.build, 'clients', 'picowl-load',
							      'picowl-load'), '--damage', 'none', '--rate',
						 '0.01'], env=p.client_env(), stdin=subprocess.DEVNULL,
						stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
			before = p.idle()
			first = len(p.notes())
			home = os.path.join(p.dir, 'doom-home')
			os.makedirs(home, exist_ok=True)
			r = subprocess.run([game, '-iwad', IWAD, '-timedemo', 'demo1', '-nogui',
					    '-nosound', '-dgstats', '-damage', damage],
					   env=dict(p.client_env(), HOME=home), cwd=home,
					   stdin=subprocess.DEVNULL, capture_output=True, text=True,
					   timeout=600)
			text = r.stdout + r.stderr
			m = re.search(r'picowl-dg: (\d+) commits', text)
			t = re.search(r'timed (\d+) gametics in (\d+) realtics', text)
			if not m:
				raise RuntimeError('doomgeneric-picowl (%d): %s' % (r.returncode,
										  text[-600:]))
			after = p.idle()
			notes = p.notes()[first - 1:]
			wakes = [int(notes[i + 1][2]) - int(notes[i][2]) for i in range(len(notes) - 1)]
			commits = int(m.group(1))
			rec = {'commits': commits, 'instructions': after - before,
			       'per_commit': (after - before) / commits, 'wakeups': len(wakes),
			       'median_wakeup': statistics.median(wakes) if wakes else 0,
			       'gametics': int(t.group(1)) if t else None,
			       'rows_line': re.search(r'picowl-dg: \d+ commits[^\n]*', text).group(0)}
			results.setdefault('doom', {}).setdefault(key, []).append(rec)
			env['log']('arm doom tile %s round %d: %d commits, %.0f instructions a '
				   'commit, median wakeup %.0f' % (key, rnd + 1, commits,
								   rec['per_commit'], rec['median_wakeup']))
		finally:
			if idle:
				idle.terminate()
				idle.wait()
			p.stop()


# Doom fullscreen at factor 1 (its 320x200 frame in a 320x240 window): on a landscape display,
# and on a portrait one turned by --rotate 90, with the game's buffer turned to the display
# (-buffer-transform auto, picowl copies its rows) and not (off, picowl rotates them).
TURNED = [('landscape', '320x240', [], 'auto'), ('rotate 90, turned', '240x320',
	  ['--rotate', '90'], 'auto'), ('rotate 90, not turned', '240x320', ['--rotate', '90'],
	  'off')]


def turned(a, results, env, rnd):
	"""The native game fullscreen under the ARM picowl: instructions per commit."""
	game = os.path.join(a.build, 'clients', 'doomgeneric', 'doomgeneric-picowl')
	if not os.path.exists(game) or not os.path.exists(IWAD):
		results.setdefault('turned', {})['missing'] = '%s or %s' % (game, IWAD)
		return
	for name, size, extra, turn in TURNED:
		p = ArmPicowl(a, env['plugin'], env['sysroot'], env['armel'], a.work, size, extra)
		try:
			before = p.idle()
			h0 = p.blocks() if rnd == 0 else None
			home = os.path.join(p.dir, 'doom-home')
			os.makedirs(home, exist_ok=True)
			r = subprocess.run([game, '-iwad', IWAD, '-timedemo', 'demo1', '-nogui',
					    '-nosound', '-dgstats', '-fullscreen', '-damage', 'rows',
					    '-buffer-transform', turn],
					   env=dict(p.client_env(), HOME=home, PICOWL_DG_DEBUG='1'),
					   cwd=home, stdin=subprocess.DEVNULL, capture_output=True,
					   text=True, timeout=600)
			text = r.stdout + r.stderr
			m = re.search(r'picowl-dg: (\d+) commits', text)
			t = re.findall(r'picowl-dg: buffer .*, transform (\d)$', text, re.M)
			if not m or not t:
				raise RuntimeError('doomgeneric-picowl (%d): %s' % (r.returncode,
										  text[-600:]))
			after = p.idle()
			commits = int(m.group(1))
			rec = {'commits': commits, 'per_commit': (after - before) / commits,
			       'transform': int(t[-1]), 'size': size, 'extra': ' '.join(extra),
			       'turn': turn}
			if h0 is not None:
				per = p.blocks()
				per.subtract(h0)
				_, functions = split(per, p.binary, env['syms'])
				rec['functions'] = {k: v / commits for k, v in functions.most_common(8)}
			results.setdefault('turned', {}).setdefault(name, []).append(rec)
			env['log']('arm doom fullscreen %s round %d: %d commits, %.0f instructions a '
				   'commit (buffer transform %d)' % (name, rnd + 1, commits,
								     rec['per_commit'], rec['transform']))
		finally:
			p.stop()


def spans(a, results, env, rnd):
	"""present_bench --count for armel under the plugin: every case at 240x320."""
	exe = os.path.join(a.work, 'present_bench-armel')
	pure = os.path.join(a.source, 'compositor', 'pure')
	if not os.path.exists(exe):
		srcs = sorted(glob.glob(os.path.join(pure, 'pixels*.c'))) + [
			os.path.join(pure, 'format.c')]
		subprocess.run([CROSS + 'gcc'] + ARM_CFLAGS + [
			'-I' + pure, '-I' + os.path.join(env['sysroot'], 'usr', 'include', 'pixman-1'),
			os.path.join(HERE, 'present_bench.c')] + srcs + ['-o', exe], check=True)
	qemu = ['qemu-arm', '-L', env['sysroot']]
	cases = subprocess.run(qemu + [exe, '--list'], check=True, capture_output=True,
			       text=True).stdout.split('\n')
	out = results.setdefault('spans', {})
	w, h = (int(v) for v in SIZE.split('x'))
	reps = 2
	for line in cases:
		if not line.strip():
			continue
		n, name, _, rot = line.split()
		marks = os.path.join(a.work, 'spans.marks')
		if os.path.exists(marks):
			os.remove(marks)
		r = subprocess.run(qemu + ['-plugin', '%s,marks=%s,nr=%d' % (env['plugin'], marks,
									     NR_GETPPID),
					   exe, '--count', str(reps), '--case', n, '--size', SIZE],
				   check=True, capture_output=True, text=True)
		with open(marks) as f:
			notes = [int(l.split()[2]) for l in f.read().splitlines()
				 if l.startswith('%d ' % NR_GETPPID)]
		if len(notes) != 3 or 'count ' not in r.stdout:
			raise RuntimeError('present_bench --count %s: %s' % (n, r.stdout))
		blit = (notes[1] - notes[0]) / reps
		copy = (notes[2] - notes[1]) / reps
		nbytes = int(re.search(r'memcpy_bytes (\d+)', r.stdout).group(1))
		key = '%s rot %s' % (name, rot)
		rec = out.setdefault(key, {'src': name.split('->')[0], 'dst': name.split('->')[1],
					   'rotation': int(rot), 'memcpy_bytes': nbytes, 'rounds': []})
		rec['rounds'].append({'blit': blit, 'memcpy': copy})
		env['log']('arm span %-28s %10.0f instructions (%.2f a pixel), memcpy %.0f: %.3fx'
			   % (key, blit, blit / (w * h), copy, blit / copy))


# Scale to fit (4.50): the client in its tile at rows:16, then drawing 472x632 whatever it is told
# (shown at half size) damaging 32 rows, the same 16 output rows; XRGB8888 buffers, 20 Hz.
SCALED = {'unscaled': ['--damage', 'rows:16'],
	  'scaled': ['--oversize', '--size', '472x632', '--damage', 'rows:32']}


def scaled(a, results, env, rnd):
	"""A client scaled to fit against the same client unscaled, on the ARM picowl."""
	out = results.setdefault('scaled', {})
	p = ArmPicowl(a, env['plugin'], env['sysroot'], env['armel'], a.work)
	try:
		run_client(p, a.build, ['--frames', '10'])
		before = p.idle()
		for case, extra in SCALED.items():
			counts = []
			for n in (a.n1, a.n2):
				run_client(p, a.build, extra + ['--rate', '20', '--frames', str(n)])
				after = p.idle()
				counts.append(after - before)
				before = after
			slope = (counts[1] - counts[0]) / (a.n2 - a.n1)
			out.setdefault(case, {'rounds': []})['rounds'].append(
				{'n1': a.n1, 'n2': a.n2, 'i1': counts[0], 'i2': counts[1],
				 'per_frame': slope})
			env['log']('arm %s scale %-8s round %d: %.2f instructions/frame'
				   % (SIZE, case, rnd + 1, slope))
	finally:
		p.stop()


def section(a, results, log):
	out = results.setdefault('arm', {})
	sysroot, armel = armel_build(a)
	env = {'plugin': build_plugin(a.work, a.source), 'sysroot': sysroot, 'armel': armel,
	       'syms': Symbols(), 'log': log}
	qv = subprocess.run(['qemu-arm', '--version'], capture_output=True, text=True).stdout
	out['meta'] = {'date': datetime.datetime.now().astimezone().isoformat(timespec='seconds'),
		       'qemu': qv.splitlines()[0] if qv else '?', 'armel': armel,
		       'gcc': subprocess.run([CROSS + 'gcc', '-dumpfullversion'], capture_output=True,
					     text=True).stdout.strip(), 'rounds': a.arm_rounds,
		       'n1': a.n1, 'n2': a.n2, 'picowl': results['versions'].get('picowl', '?')}
	parts = {'spans': spans, 'patterns': patterns, 'doom': doom, 'turned': turned,
		 'scaled': scaled}
	for rnd in range(a.arm_rounds):
		for name in a.arm_parts.split(','):
			parts[name](a, out, env, rnd)


# ---------------------------------------------------------------------------------------------
# The report

def fmt(v):
	return 'n/a' if v is None else '{:,.0f}'.format(v)


def same(values, places=0):
	"""The rounds' values as the table shows them, and whether they agree exactly."""
	shown = ['{:,.{p}f}'.format(v, p=places) for v in values]
	return ' / '.join(shown), len(set(values)) == 1


def report(results, versions):
	arm = results.get('arm')
	if not arm:
		return []
	m = arm.get('meta', {})
	L = ['## ARM instructions (qemu-arm with tests/bench/armcount.c, armel build)\n']
	L.append('picowl built for Debian armel (ARMv5TE, soft float, `-O3 -mtune=xscale`, gcc %s) '
		 'runs under %s with picowl\'s own TCG plugin, which counts every guest instruction '
		 'picowl executes, libraries included (libwayland-server, libc, pixman), not the '
		 'kernel\'s; the clients are native x86 programs on the same socket. Measured %s, '
		 'picowl %s; %d fresh runs, each figure of every run shown (`a / b`).\n'
		 % (m.get('gcc', '?'), m.get('qemu', '?'), m.get('date', '?'),
		    m.get('picowl', versions.get('picowl', '?')), m.get('rounds', 0)))
	checks = []
	pt = arm.get('patterns', {})
	if pt:
		L.append('### Instructions per frame, 240x320 RGB565 output (slope between %d and %d '
			 'frames)\n' % (m.get('n1', 0), m.get('n2', 0)))
		L.append('| client buffers | damage | a frame at 20 Hz (each run) | runs agree | '
			 'wakeups of the %d-frame run with that count | slope at 20 Hz | slope paced by '
			 'frame callbacks | picowl | libwayland-server | libc | libpixman-1 | other | '
			 'where they go (20 Hz, first run) |' % m.get('n2', 0))
		L.append('|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---|')
		libs = ['picowl', 'libwayland-server', 'libc', 'libpixman-1']
		for fmt_ in CLIENTS:
			for pat in PATTERNS:
				rate = pt.get('20 Hz', {}).get(fmt_, {}).get(pat)
				cb = pt.get('callbacks', {}).get(fmt_, {}).get(pat)
				if not rate:
					continue
				modes = [r['wakeup_mode'] for r in rate['rounds']]
				shown, agree = same(modes)
				share = ' / '.join('%d of %d' % (r['mode_times'], r['wakeups'])
						   for r in rate['rounds'])
				slopes = [r['per_frame'] for r in rate['rounds']]
				cbv = [r['per_frame'] for r in cb['rounds']] if cb else []
				ob = rate.get('objects', {})
				other = sum(v for k, v in ob.items() if k not in libs)
				top = ', '.join('%s %s' % (k, fmt(v)) for k, v in sorted(
					rate.get('functions', {}).items(), key=lambda kv: -kv[1])[:5])
				L.append('| %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
					fmt_, pat, shown, 'yes' if agree else 'no', share,
					same(slopes)[0], same(cbv)[0] if cbv else 'n/a',
					' | '.join(fmt(ob.get(k)) for k in libs) + ' | ' + fmt(other), top))
				worst = max(modes + slopes + cbv)
				if pat == 'none':
					checks.append(('fixed cost of a commit without damage, %s client: %s '
						       '(limit %s)' % (fmt_, fmt(worst), fmt(LIMIT_NONE)),
						       worst <= LIMIT_NONE))
				if pat == 'rows:16':
					checks.append(('rows:16, %s client: %s (limit %s)'
						       % (fmt_, fmt(worst), fmt(LIMIT_ROWS)),
						       worst <= LIMIT_ROWS))
		L.append('')
		L.append('A frame at 20 Hz: the client draws on a timerfd, so every commit finds picowl '
			 'asleep and picowl wakes once a frame, for the commit, which it draws at once '
			 '(the vblank is past): the same steps every frame. The column gives the count '
			 'of picowl\'s most common wakeup in the %d-frame run (between two of the '
			 'plugin\'s notes at its waits) and how many of the run\'s wakeups had exactly '
			 'that count; the rest are the connection, the first frame, the disconnect and '
			 'the odd frame split over two wakeups. The slopes (between %d and %d frames, '
			 'as in the callgrind section) take in everything and move by a few '
			 'instructions a frame from run to run: whether a frame of the client paced '
			 'by frame callbacks shares its wakeup with the vblank, or one run draws a '
			 'frame more at its start or end, depends on the timing. The split and the '
			 'functions are the slope over the plugin\'s per-block counts (picowl\'s own '
			 'functions by name, `(plt)` its calls into the libraries, a library\'s by '
			 'its exported names, `(internal)` for the rest). The claims take the largest '
			 'figure of the row.\n' % (m.get('n2', 0), m.get('n1', 0), m.get('n2', 0)))
	dm = arm.get('doom', {})
	if dm.get('missing'):
		L.append('Doom in a tile: not run (%s missing).\n' % dm['missing'])
	elif dm.get('full') or dm.get('rows'):
		L.append('### Doom in a tile (native doomgeneric-picowl -timedemo demo1, RGB565 '
			 'buffers, the lower tile; an idle picowl-load in the upper one)\n')
		L.append('| -damage | commits (each run) | picowl\'s instructions per commit (each '
			 'run) | median of picowl\'s wakeups in the run |')
		L.append('|---|---:|---:|---:|')
		for key, _, _ in DOOM_RUNS:
			runs = dm.get(key, [])
			if runs:
				L.append('| %s | %s | %s | %s |' % (
					key, ' / '.join(str(r['commits']) for r in runs),
					' / '.join(fmt(r['per_commit']) for r in runs),
					' / '.join(fmt(r['median_wakeup']) for r in runs)))
		L.append('\nPer commit: all of picowl\'s instructions from before the game connected to '
			 'after it left, over the commits the game reports (-dgstats); the game '
			 'commits one frame per frame callback, which frames it shows depends on the '
			 'timing, so these are means over one run, not exact per-frame figures. With '
			 'the default 2-pixel border the tile\'s client area starts at x = 2, on a word '
			 'as in the buffer, and its rows are copied by whole words; with `border_width = '
			 '1` it starts at x = 1, so that each RGB565 row starts two bytes off a word on '
			 'the display: the C library\'s memcpy then shifts every word (about 3.3 '
			 'instructions a word, where the aligned copy takes 0.6).\n')
	tu = arm.get('turned', {})
	if tu.get('missing'):
		L.append('Doom fullscreen, turned: not run (%s missing).\n' % tu['missing'])
	elif tu:
		L.append('### Doom fullscreen, rotated and turned (native doomgeneric-picowl -timedemo '
			 'demo1 -fullscreen -damage rows, RGB565, its 320x200 frame at factor 1)\n')
		L.append('| display | picowl | -buffer-transform | the game\'s buffer transform | '
			 'commits | picowl\'s instructions per commit (each run) | x landscape | '
			 'where they go (first run) |')
		L.append('|---|---|---|---:|---:|---:|---:|---|')
		base = max(r['per_commit'] for r in tu.get('landscape', [])) if tu.get(
			'landscape') else None
		for name, size, extra, turn in TURNED:
			runs = tu.get(name, [])
			if not runs:
				continue
			worst = max(r['per_commit'] for r in runs)
			top = ', '.join('%s %s' % (k, fmt(v)) for k, v in sorted(
				runs[0].get('functions', {}).items(), key=lambda kv: -kv[1])[:4])
			ratio = worst / base if base else None
			L.append('| %s | %s | %s | %d | %s | %s | %s | %s |' % (
				size, ' '.join(extra) or '-', turn, runs[0]['transform'],
				' / '.join(str(r['commits']) for r in runs),
				' / '.join(fmt(r['per_commit']) for r in runs),
				'%.2f' % ratio if ratio else 'n/a', top))
			if name == 'rotate 90, turned' and ratio:
				checks.append(('Doom fullscreen at --rotate 90, its buffer turned: %.2f x '
					       'the landscape display\'s instructions a commit (limit %.1f)'
					       % (ratio, LIMIT_TURNED), ratio <= LIMIT_TURNED and
					       all(r['transform'] == 3 for r in runs)))
		L.append('\nThe same game and frame three ways: on a 320x240 display, and on a 240x320 '
			 'one turned by `--rotate 90`, where the game draws its buffer turned to the '
			 'display (its default, wl_surface.set_buffer_transform 270 = picowl\'s '
			 'output transform), so that picowl copies its damaged display columns as they '
			 'are, or does not (`-buffer-transform off`), so that picowl rotates them. Per '
			 'commit: all of picowl\'s instructions from before the game connected to after '
			 'it left, over the commits the game reports.\n')
	sp = arm.get('spans', {})
	if sp:
		L.append('### pixels.c\'s spans on ARM (present_bench --count, a whole 240x320 frame '
			 'through pw_pixels_blit, against the armel C library\'s memcpy)\n')
		L.append('| source -> output | rotation | instructions (each run) | per pixel | '
			 'memcpy instructions | memcpy bytes | ratio |')
		L.append('|---|---:|---:|---:|---:|---:|---:|')
		for key, rec in sp.items():
			blits = [r['blit'] for r in rec['rounds']]
			copy = rec['rounds'][0]['memcpy']
			ratio = max(blits) / copy
			L.append('| %s -> %s | %d | %s | %.2f | %s | %d | %.2f |' % (
				rec['src'], rec['dst'], rec['rotation'], same(blits)[0],
				blits[0] / 76800, fmt(copy), rec['memcpy_bytes'], ratio))
			if rec['dst'] == 'rgb565' and rec['src'] == 'rgb565' and rec['rotation'] == 0:
				checks.append(('full-frame RGB565 copy: %.3f x the ARM memcpy (limit %.1f)'
					       % (ratio, LIMIT_COPY), ratio <= LIMIT_COPY))
			elif rec['dst'] == 'rgb565' and rec['rotation']:
				checks.append(('rotated %d %s->rgb565 on ARM: %.2f x memcpy (limit %.0f)'
					       % (rec['rotation'], rec['src'], ratio, LIMIT_ROTATE),
					       ratio <= LIMIT_ROTATE))
		L.append('\nThe memcpy moves the frame\'s bytes for RGB565 -> RGB565 and the source\'s '
			 'for XRGB8888 (as the x86 section).\n')
	sc = arm.get('scaled', {})
	if 'unscaled' in sc and 'scaled' in sc:
		u = [r['per_frame'] for r in sc['unscaled']['rounds']]
		v = [r['per_frame'] for r in sc['scaled']['rounds']]
		ratio = max(v) / min(u) if min(u) else float('inf')
		L.append('### Scale to fit (4.50), 240x320 RGB565, XRGB8888 buffers at 20 Hz\n')
		L.append('The client at rows:16 in its tile, then drawing 472x632 whatever it is told '
			 '(shown at half size) damaging 32 rows, the same 16 output rows.\n')
		L.append('| unscaled | scaled | ratio |')
		L.append('|---:|---:|---:|')
		L.append('| %s | %s | %.2f |' % (' / '.join('%.0f' % x for x in u),
						' / '.join('%.0f' % x for x in v), ratio))
		L.append('')
		checks.append(('a client scaled to fit on ARM within 3x of unscaled at the same '
			       'damage: %.2fx' % ratio, ratio <= 3.0))
	if checks:
		L.append('### The issue\'s ARM targets\n')
		L.append('| claim | holds |')
		L.append('|---|---|')
		for text, ok in checks:
			L.append('| %s | %s |' % (text, 'yes' if ok else '**NO**'))
		L.append('')
	return L
