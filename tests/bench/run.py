#!/usr/bin/env python3
"""picowl against weston and sway: the benchmarks of issue 3. See tests/bench/README.md.

usage: tests/bench/run.py [--build DIR] [--out FILE.md] [--sections LIST] [--rounds N] [--quick]

Runs everything headless, with the compositors in private runtime directories, and writes a
Markdown report (default tests/bench/RESULTS.md) plus the raw figures as JSON next to it.
Python 3 standard library only. Needs weston, sway, valgrind, chocolate-doom and freedoom
(Debian 12 packages) and a C compiler for present_bench.c and floor.c.
"""

import argparse
import datetime
import glob
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import arm
import features
import input as input_events
import pacing
import scale
import syscalls
import tree

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
PATTERNS = ['full', 'rows:16', 'rect:32x32', 'none']
SIZES = ['240x320', '640x480']
PEERS = ['weston', 'sway']
REFRESH = 60
DOOM = '/usr/games/chocolate-doom'
IWAD = '/usr/share/games/doom/freedoom1.wad'
NOBODY = 65534


def log(msg):
	print('[%7.1f] %s' % (time.monotonic() - T0, msg), flush=True)


T0 = time.monotonic()


# ---------------------------------------------------------------------------------------------
# What /proc says about a process (all its threads)

def proc_counters(pid):
	"""{'run_ns', 'ticks', 'vol', 'invol'} summed over the process's threads."""
	c = {'run_ns': 0, 'ticks': 0, 'vol': 0, 'invol': 0}
	try:
		with open('/proc/%d/stat' % pid) as f:
			fields = f.read().rsplit(')', 1)[1].split()
		# fields[0] is field 3 (state): utime and stime are fields 14 and 15
		c['ticks'] = int(fields[11]) + int(fields[12])
	except (FileNotFoundError, ProcessLookupError):
		return c
	for task in glob.glob('/proc/%d/task/*' % pid):
		try:
			with open(task + '/schedstat') as f:
				c['run_ns'] += int(f.read().split()[0])
			with open(task + '/status') as f:
				for line in f:
					if line.startswith('voluntary_ctxt_switches:'):
						c['vol'] += int(line.split()[1])
					elif line.startswith('nonvoluntary_ctxt_switches:'):
						c['invol'] += int(line.split()[1])
		except (FileNotFoundError, ProcessLookupError):
			pass
	return c


def delta(a, b):
	return {k: b[k] - a[k] for k in a}


# ---------------------------------------------------------------------------------------------
# The compositors

class Compositor:
	"""One compositor in its own runtime directory. kind: picowl, weston or sway."""

	def __init__(self, name, kind, size, work, build, fmt='xrgb8888', callgrind=False,
		     extra=(), client_extra=()):
		self.name = name
		self.kind = kind
		self.extra = list(extra)	# more compositor options
		self.client_extra = list(client_extra)	# more picowl-load options
		self.size = size
		self.width, self.height = (int(v) for v in size.split('x'))
		self.fmt = fmt
		self.build = build
		self.callgrind = callgrind
		self.wrap = []	# a command to run the compositor under (syscalls.py: strace)
		self.dir = tempfile.mkdtemp(prefix='%s-%s-' % (name, size), dir=work)
		self.runtime = os.path.join(self.dir, 'run')
		os.mkdir(self.runtime, 0o700)
		self.proc = None
		self.socket = None
		self.dumps = 0
		# sway refuses to run as root: run it as nobody, in a directory nobody owns
		self.as_nobody = kind == 'sway' and os.getuid() == 0
		if self.as_nobody:
			os.chmod(self.dir, 0o755)
			os.chown(self.runtime, NOBODY, NOBODY)

	def command(self):
		if self.kind == 'picowl':
			self.socket = 'picowl-bench'
			return [os.path.join(self.build, 'compositor', 'picowl'), '--backend', 'headless',
				'--size', self.size, '--format', self.fmt, '--refresh', str(REFRESH),
				'--socket', self.socket] + self.extra
		if self.kind == 'weston':
			self.socket = 'weston-bench'
			ini = os.path.join(self.dir, 'weston.ini')
			with open(ini, 'w') as f:
				# no panel, no animations, no idle blanking: the client alone on the output
				f.write('[core]\nidle-time=0\n[shell]\npanel-position=none\n'
					'background-color=0xff203040\nlocking=false\nanimation=none\n'
					'startup-animation=none\nclose-animation=none\n')
			return ['weston', '--config=' + ini, '--backend=headless-backend.so',
				'--use-pixman', '--width=%d' % self.width, '--height=%d' % self.height,
				'--socket=' + self.socket]
		if self.kind == 'sway':
			cfg = os.path.join(self.dir, 'sway.config')
			with open(cfg, 'w') as f:
				f.write('output HEADLESS-1 mode %s\n' % self.size)
				f.write('default_border pixel 2\nxwayland disable\n')
			os.chmod(cfg, 0o644)
			cmd = ['sway', '-c', cfg]
			if self.as_nobody:
				cmd = ['setpriv', '--reuid=%d' % NOBODY, '--regid=%d' % NOBODY,
				       '--clear-groups'] + cmd
			return cmd
		raise ValueError(self.kind)

	def env(self):
		env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'), 'XDG_RUNTIME_DIR': self.runtime,
		       'HOME': self.dir, 'LC_ALL': 'C.UTF-8'}
		if self.kind == 'sway':
			env.update({'WLR_BACKENDS': 'headless', 'WLR_RENDERER': 'pixman',
				    'WLR_LIBINPUT_NO_DEVICES': '1', 'WLR_HEADLESS_OUTPUTS': '1'})
		return env

	def start(self):
		cmd = self.command()
		if self.callgrind:
			vg = ['valgrind', '--tool=callgrind', '--callgrind-out-file=%s/cg.out'
			      % self.runtime, '--dump-after=wl_client_destroy', '--vgdb=no',
			      '--dump-instr=no', '--collect-jumps=no',
			      '--compress-strings=no', '--compress-pos=no']
			if self.as_nobody:
				# setpriv first, so that valgrind (and the callgrind files) run as nobody
				cmd = cmd[:4] + vg + cmd[4:]
			else:
				cmd = vg + cmd
		if self.wrap:
			# after setpriv, as valgrind: the tracer runs as nobody too
			cmd = cmd[:4] + self.wrap + cmd[4:] if self.as_nobody else self.wrap + cmd
		self.log = open(os.path.join(self.dir, 'log'), 'wb')
		self.proc = subprocess.Popen(cmd, env=self.env(), cwd=self.dir, stdin=subprocess.DEVNULL,
					     stdout=self.log, stderr=subprocess.STDOUT)
		deadline = time.monotonic() + (120 if self.callgrind else 20)
		while True:
			if self.proc.poll() is not None:
				raise RuntimeError('%s exited (status %s) at start; log in %s'
						   % (self.name, self.proc.returncode, self.dir))
			if self.socket is None:
				found = [p for p in glob.glob(os.path.join(self.runtime, 'wayland-*'))
					 if not p.endswith('.lock')]
				if found:
					self.socket = os.path.basename(found[0])
			if self.socket and os.path.exists(os.path.join(self.runtime, self.socket)):
				break
			if time.monotonic() > deadline:
				raise RuntimeError('%s: no socket after start; log in %s'
						   % (self.name, self.dir))
			time.sleep(0.05)
		# weston starts its shell client after the socket appears
		time.sleep(3.0 if self.callgrind else 1.0)
		return self

	@property
	def pid(self):
		return self.proc.pid

	def client_env(self, extra=None):
		env = dict(os.environ)
		for k in ('DISPLAY', 'WAYLAND_SOCKET', 'SWAYSOCK'):
			env.pop(k, None)
		env.update({'XDG_RUNTIME_DIR': self.runtime, 'WAYLAND_DISPLAY': self.socket})
		if extra:
			env.update(extra)
		return env

	def dump(self):
		"""callgrind: instructions since the previous call.

		callgrind dumps its counts whenever libwayland-server's wl_client_destroy returns (a
		client disconnected): the same point in every compositor, and no vgdb needed. This sums
		the dumps written since the previous call and waits for at least one."""
		total = 0
		deadline = time.monotonic() + 60
		while True:
			path = '%s/cg.out.%d' % (self.runtime, self.dumps + 1)
			value = None
			try:
				with open(path) as f:
					for line in f:
						if line.startswith('totals:'):
							value = int(line.split()[1])
			except FileNotFoundError:
				pass
			if value is not None:
				total += value
				self.dumps += 1
				continue
			if total and not os.path.exists(path):
				return total
			if time.monotonic() > deadline:
				raise RuntimeError('%s: callgrind dump %s did not appear' % (self.name, path))
			time.sleep(0.1)

	def wrapped(self):
		"""The processes the wrapper (strace) started: the compositor."""
		try:
			with open('/proc/%d/task/%d/children' % (self.proc.pid, self.proc.pid)) as f:
				return [int(v) for v in f.read().split()]
		except OSError:
			return []

	def stop(self):
		if self.proc and self.proc.poll() is None:
			# SIGTERM to strace detaches it and leaves the compositor running: end the
			# compositor, and strace ends with it
			targets = (self.wrapped() if self.wrap else []) or [self.proc.pid]
			for sig in (signal.SIGTERM, signal.SIGKILL):
				for pid in targets:
					try:
						os.kill(pid, sig)
					except ProcessLookupError:
						pass
				try:
					self.proc.wait(timeout=30)
					break
				except subprocess.TimeoutExpired:
					targets = targets + [self.proc.pid]
		self.log.close()


# name: (kind, output format, compositor options, picowl-load options)
VARIANTS = {
	'picowl': ('picowl', 'xrgb8888', [], []),
	'picowl-565': ('picowl', 'rgb565', [], []),
	# picowl's other damage mode, and its direct present (a fullscreen opaque client)
	'picowl-rects': ('picowl', 'xrgb8888', ['--damage', 'rects'], []),
	'picowl-direct': ('picowl', 'rgb565', [], ['--fullscreen']),
	'weston': ('weston', 'xrgb8888', [], []),
	'sway': ('sway', 'xrgb8888', [], []),
}


def make_compositors(size, work, build, callgrind=False, names=None):
	return [Compositor(n, VARIANTS[n][0], size, work, build, fmt=VARIANTS[n][1],
			   callgrind=callgrind, extra=VARIANTS[n][2], client_extra=VARIANTS[n][3])
		for n in names]


# ---------------------------------------------------------------------------------------------
# The load client

def load_cmd(build, comp, extra):
	cmd = [os.path.join(build, 'clients', 'picowl-load', 'picowl-load'), '--size', comp.size]
	if comp.kind == 'weston':
		cmd.append('--fullscreen')	# desktop-shell does not tile: fill the output
	return cmd + comp.client_extra + extra


def read_window(p, pid, prefix, hold, deadline):
	"""Reads the output of `p` (a client printing "PREFIX: start" and "PREFIX: frames") until
	it ends or the deadline passes: the counters of `pid` at "start" and, with hold, at
	"frames", when `p` is told to end (SIGTERM). Returns (before, after, lines)."""
	before = after = None
	out = []
	for line in p.stdout:
		out.append(line)
		if line.startswith(prefix + ': start') and before is None:
			before = proc_counters(pid)
		if hold and line.startswith(prefix + ': frames'):
			after = proc_counters(pid)
			p.send_signal(signal.SIGTERM)
		if time.monotonic() > deadline:
			break
	return before, after, out


def run_load(build, comp, extra, timeout=120, hold=False):
	"""Runs picowl-load to its end; the compositor's counters from "start" to the exit, or
	with hold, from "start" to the report after the last frame callback (the client then waits
	for SIGTERM, so its disconnect falls outside the window)."""
	cmd = load_cmd(build, comp, extra + (['--hold'] if hold else []))
	p = subprocess.Popen(cmd, env=comp.client_env(), stdin=subprocess.DEVNULL,
			     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
	deadline = time.monotonic() + timeout
	before, after, out = read_window(p, comp.pid, 'picowl-load', hold, deadline)
	try:
		p.wait(timeout=max(1, deadline - time.monotonic()))
	except subprocess.TimeoutExpired:
		p.kill()
		p.wait()
		raise RuntimeError('picowl-load on %s timed out: %s' % (comp.name, ''.join(out)))
	if after is None:
		after = proc_counters(comp.pid)
	text = ''.join(out)
	m = re.search(r'frames (\d+) time ([0-9.]+) s', text)
	if p.returncode != 0 or not m or before is None:
		raise RuntimeError('picowl-load on %s failed (%s): %s' % (comp.name, p.returncode, text))
	return {'frames': int(m.group(1)), 'secs': float(m.group(2)), 'd': delta(before, after)}


# ---------------------------------------------------------------------------------------------
# The floor: one wakeup, one recv, one send per frame (floor.c), no Wayland

def build_floor(a):
	"""floor.c, built here with the flags of a debugoptimized build (as present_bench)."""
	exe = os.path.join(a.work, 'floor')
	if not os.path.exists(exe):
		cc = os.environ.get('CC', 'cc')
		subprocess.run([cc, '-std=c11', '-O2', '-g', '-D_POSIX_C_SOURCE=200809L',
				'-D_DEFAULT_SOURCE', os.path.join(HERE, 'floor.c'), '-o', exe], check=True)
	return exe


def run_floor(a, cpus=None, timeout=120):
	"""floor at the output's refresh rate, measured like a compositor: its counters from
	/proc/PID (the parent alone, not its peer) between its "start" and its report after the
	last frame, when it waits for SIGTERM (as the client's --hold). cpus: None (placed by the
	scheduler, as the compositors and their clients), 'same' or 'apart' (pinned)."""
	cmd = [build_floor(a), '--rate', str(REFRESH), '--warmup', '20', '--frames', str(a.frames),
	       '--hold'] + (['--cpus', cpus] if cpus else [])
	p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
			     stderr=subprocess.STDOUT, text=True)
	deadline = time.monotonic() + timeout
	before, after, out = read_window(p, p.pid, 'floor', True, deadline)
	if time.monotonic() > deadline:
		p.kill()
	p.wait()
	text = ''.join(out)
	m = re.search(r'frames (\d+) time ([0-9.]+) s cpu_ns (\d+) per_frame_us \S+ misses (\d+)',
		      text)
	if p.returncode != 0 or not m or before is None or after is None:
		raise RuntimeError('floor failed (%s): %s' % (p.returncode, text))
	frames = int(m.group(1))
	d = delta(before, after)
	return {'frames': frames, 'fps': frames / float(m.group(2)),
		'ns_per_frame': d['run_ns'] / frames, 'self_ns_per_frame': int(m.group(3)) / frames,
		'vol_per_frame': d['vol'] / frames, 'misses': int(m.group(4))}


# ---------------------------------------------------------------------------------------------
# Sections

def section_cpu(a, results):
	"""CPU time per frame, natively, interleaved: every pattern on every compositor per round,
	and once per round the floor (at a pattern that moves from round to round)."""
	out = results.setdefault('cpu', {})
	floor = results.setdefault('floor', {})
	for size in SIZES:
		comps = [c.start() for c in make_compositors(size, a.work, a.build, names=a.names)]
		try:
			for c in comps:	# first map, first configure: not measured
				run_load(a.build, c, ['--frames', '20'])
			for r in range(a.rounds):
				for i, pat in enumerate(PATTERNS):
					if i == r % len(PATTERNS):
						try:
							rec = dict(run_floor(a), round=r)
						except (RuntimeError, OSError, subprocess.SubprocessError) as e:
							# information only: the compositors' runs go on
							log('cpu %s floor failed: %s' % (size, e))
							results.setdefault('errors', []).append('floor: %s' % e)
						else:
							floor.setdefault(size, []).append(rec)
							log('cpu %s floor                 %8.1f us/frame %5.1f fps '
							    '(self %.1f us, %d late)' % (
								    size, rec['ns_per_frame'] / 1e3, rec['fps'],
								    rec['self_ns_per_frame'] / 1e3, rec['misses']))
					k = (r + i) % len(comps)
					for c in comps[k:] + comps[:k]:
						res = run_load(a.build, c, ['--damage', pat, '--warmup', '20',
									    '--frames', str(a.frames)], hold=True)
						d = res['d']
						rec = {'round': r, 'frames': res['frames'],
						       'fps': res['frames'] / res['secs'],
						       'ns_per_frame': d['run_ns'] / res['frames'],
						       'ticks': d['ticks'],
						       'vol_per_frame': d['vol'] / res['frames']}
						out.setdefault(size, {}).setdefault(pat, {}).setdefault(
							c.name, []).append(rec)
						log('cpu %s %-10s %-10s %8.1f us/frame %5.1f fps' %
						    (size, pat, c.name, rec['ns_per_frame'] / 1e3, rec['fps']))
			# information: what the placement of the two costs, each pinned once per size
			for cpus in ('same', 'apart'):
				try:
					rec = run_floor(a, cpus)
				except (RuntimeError, OSError, subprocess.SubprocessError) as e:
					log('cpu %s floor --cpus %s failed: %s' % (size, cpus, e))
				else:
					results.setdefault('floor_pinned', {}).setdefault(
						size, {})[cpus] = rec
					log('cpu %s floor %-5s           %8.1f us/frame' %
					    (size, cpus, rec['ns_per_frame'] / 1e3))
		finally:
			for c in comps:
				c.stop()


def by_library(paths):
	"""Instructions per shared object (picowl, libwayland-server, libc, ...) in callgrind
	dumps, from callgrind_annotate's per-function totals."""
	out = {}
	for path in paths:
		try:
			text = subprocess.run(['callgrind_annotate', '--threshold=100', '--auto=no',
					       '--inclusive=no', path],
					      capture_output=True, text=True, timeout=120).stdout
		except (OSError, subprocess.SubprocessError):
			return {}
		# the per-function table: after its header line and its rule, up to a blank line
		table = text.split('file:function', 1)[-1].split('\n', 2)[-1].split('\n\n', 1)[0]
		for line in table.splitlines():
			m = re.match(r'\s*([\d,]+) \([^)]*\)\s+.*\[(.*)\]\s*$', line)
			if m:
				lib = os.path.basename(m.group(2)).split('.so')[0]
				out[lib] = out.get(lib, 0) + int(m.group(1).replace(',', ''))
	return out


SPLIT_FRAMES = 600


def section_split(a, results):
	"""picowl's instructions per frame by shared object: callgrind with instrumentation
	switched on (callgrind_control) for one run of SPLIT_FRAMES frames after a warm-up client,
	so the client's connection and disconnection are spread over those frames."""
	out = results.setdefault('split', {})
	for size in SIZES:
		for pat in PATTERNS:
			c = Compositor('picowl', 'picowl', size, a.work, a.build)
			cmd = c.command()
			path = os.path.join(c.runtime, 'split.out')
			c.proc = subprocess.Popen(['valgrind', '--tool=callgrind', '--instr-atstart=no',
						   '--callgrind-out-file=' + path] + cmd, env=c.env(),
						  cwd=c.dir, stdin=subprocess.DEVNULL,
						  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
			c.log = open(os.devnull, 'wb')
			try:
				deadline = time.monotonic() + 120
				while not os.path.exists(os.path.join(c.runtime, c.socket)):
					if time.monotonic() > deadline or c.proc.poll() is not None:
						raise RuntimeError('split: picowl under callgrind did not start')
					time.sleep(0.1)
				run_load(a.build, c, ['--frames', '10'], timeout=300)
				subprocess.run(['callgrind_control', '-i', 'on', str(c.pid)],
					       capture_output=True, timeout=60, check=True)
				run_load(a.build, c, ['--damage', pat, '--frames', str(SPLIT_FRAMES)],
					 timeout=600)
				time.sleep(0.5)
				subprocess.run(['callgrind_control', '-i', 'off', str(c.pid)],
					       capture_output=True, timeout=60, check=True)
			finally:
				c.stop()
			libs = by_library([path])
			out.setdefault(size, {})[pat] = {k: v / SPLIT_FRAMES for k, v in libs.items()}
			log('split %s %-10s %s' % (size, pat, ', '.join(
				'%s %.0f' % (k, v / SPLIT_FRAMES) for k, v in sorted(libs.items()))))


def section_callgrind(a, results):
	"""Instructions per frame: slope between N1 and N2 frames, one compositor at a time."""
	out = results.setdefault('callgrind', {})
	n1, n2 = a.n1, a.n2
	for size in SIZES:
		for c in make_compositors(size, a.work, a.build, callgrind=True, names=a.cg_names):
			c.start()
			try:
				run_load(a.build, c, ['--frames', '10'], timeout=300)
				time.sleep(0.5)
				c.dump()	# start-up and the first map: dropped
				for pat in PATTERNS:
					counts = []
					for n in (n1, n2):
						res = run_load(a.build, c, ['--damage', pat, '--frames', str(n)],
							       timeout=300)
						time.sleep(0.5)	# let the disconnect be handled
						counts.append(c.dump())
					slope = (counts[1] - counts[0]) / (n2 - n1)
					out.setdefault(size, {}).setdefault(pat, {})[c.name] = {
						'n1': n1, 'n2': n2, 'i1': counts[0], 'i2': counts[1],
						'per_frame': slope}
					log('callgrind %s %-10s %-10s %10.0f instructions/frame'
					    % (size, pat, c.name, slope))
			finally:
				c.stop()


def section_wakeups(a, results):
	"""Context switches per client frame at 28 Hz on a 60 Hz output, and while idle."""
	out = results.setdefault('wakeups', {})
	comps = [c.start() for c in make_compositors('240x320', a.work, a.build, names=a.names)]
	idle_clients = []
	try:
		for c in comps:
			run_load(a.build, c, ['--frames', '10'])
		# Three interleaved runs, the median: the window's edges are read from the client's
		# output as it comes, so one run may take in a wakeup just outside it (84 frames: 1.01).
		runs = {}
		for r in range(3):
			for c in comps:
				res = run_load(a.build, c, ['--damage', 'rows:16', '--rate', '28',
							    '--warmup', '14', '--frames', '84'], hold=True)
				runs.setdefault(c.name, []).append((res['frames'], res['d']))
				log('wakeups %-10s %.2f voluntary, %.2f involuntary per frame at 28 Hz'
				    % (c.name, res['d']['vol'] / res['frames'],
				       res['d']['invol'] / res['frames']))
		for c in comps:
			vol = sorted(d['vol'] / f for f, d in runs[c.name])
			invol = sorted(d['invol'] / f for f, d in runs[c.name])
			out.setdefault('rate28', {})[c.name] = {
				'frames': runs[c.name][0][0], 'runs_vol': [d['vol'] for f, d in runs[c.name]],
				'vol_per_frame': vol[len(vol) // 2],
				'invol_per_frame': invol[len(invol) // 2]}
		# idle: a mapped client that draws nothing more (its timer is 100 s away)
		for c in comps:
			idle_clients.append(subprocess.Popen(
				load_cmd(a.build, c, ['--damage', 'none', '--rate', '0.01']),
				env=c.client_env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
				stderr=subprocess.DEVNULL))
		time.sleep(2.0)
		before = [proc_counters(c.pid) for c in comps]
		time.sleep(a.idle)
		after = [proc_counters(c.pid) for c in comps]
		for c, b0, b1 in zip(comps, before, after):
			d = delta(b0, b1)
			out.setdefault('idle', {})[c.name] = {'secs': a.idle, 'vol': d['vol'],
							     'invol': d['invol']}
			log('idle %-10s %d voluntary, %d involuntary in %g s'
			    % (c.name, d['vol'], d['invol'], a.idle))
	finally:
		for p in idle_clients:
			p.send_signal(signal.SIGTERM)
			p.wait()
		for c in comps:
			c.stop()


# present_bench --count: the calls callgrind counts in each region (count_blits, count_memcpys)
PRESENT_REPS = 4
# glibc's memcpy below its rep_movsb threshold: the vector loop (tests/bench/RESULTS.md says why)
MEMCPY_LOOP_ENV = {'GLIBC_TUNABLES': 'glibc.cpu.x86_rep_movsb_threshold=1000000000'}


def present_counts(a, exe, results):
	"""x86 instructions of every case of present_bench at both sizes (callgrind)."""
	cases = subprocess.run([exe, '--list'], check=True, stdout=subprocess.PIPE,
			       text=True).stdout.splitlines()
	out = results.setdefault('present_ir', [])
	for size in SIZES:
		for line in cases:
			n, name, _, rot = line.split()
			got = {}
			for key, region, env in (('blit', 'count_blits', None),
						 ('memcpy', 'count_memcpys', None),
						 ('memcpy_loop', 'count_memcpys', MEMCPY_LOOP_ENV)):
				r = subprocess.run(['valgrind', '--tool=callgrind',
						    '--callgrind-out-file=/dev/null',
						    '--toggle-collect=' + region, exe, '--count',
						    str(PRESENT_REPS), '--case', n, '--size', size],
						   check=True, stdout=subprocess.PIPE,
						   stderr=subprocess.PIPE, text=True,
						   env=dict(os.environ, **(env or {})))
				m = re.search(r'Collected : (\d+)', r.stderr)
				got[key] = int(m.group(1)) / PRESENT_REPS
			nbytes = int(re.search(r'memcpy_bytes (\d+)', r.stdout).group(1))
			src, dst = name.split('->')
			out.append({'src': src, 'dst': dst, 'rotation': int(rot), 'size': size,
				    'memcpy_bytes': nbytes, **got})
			log('present_ir %s %s rot %s: %.0f instructions, memcpy %.0f, its loop %.0f'
			    % (size, name, rot, got['blit'], got['memcpy'], got['memcpy_loop']))


def section_present(a, results):
	"""pw_pixels_blit against memcpy, built here with the flags of a debugoptimized build:
	time (interleaved trials) and x86 instructions (callgrind)."""
	exe = os.path.join(a.work, 'present_bench')
	cc = os.environ.get('CC', 'cc')
	pix = subprocess.run(['pkg-config', '--cflags', '--libs', 'pixman-1'], check=True,
			     stdout=subprocess.PIPE, text=True).stdout.split()
	pure = os.path.join(a.source, 'compositor', 'pure')
	cmd = [cc, '-std=c11', '-O2', '-g', '-D_POSIX_C_SOURCE=200809L', '-D_DEFAULT_SOURCE',
	       '-I' + pure, os.path.join(HERE, 'present_bench.c')] + sorted(
		       glob.glob(os.path.join(pure, 'pixels*.c'))) + [
		       os.path.join(pure, 'format.c'), '-o', exe] + pix
	subprocess.run(cmd, check=True)
	present_counts(a, exe, results)
	r = subprocess.run([exe, '--trials', '31'], check=True, stdout=subprocess.PIPE, text=True)
	out = results.setdefault('present', [])
	for line in r.stdout.splitlines():
		m = re.match(r'case (\S+)->(\S+) rot (\d+) (\S+) blit_us (\S+) memcpy_us (\S+) '
			     r'memcpy_bytes (\d+) ratio (\S+)', line)
		if m:
			out.append({'src': m.group(1), 'dst': m.group(2), 'rotation': int(m.group(3)),
				    'size': m.group(4), 'blit_us': float(m.group(5)),
				    'memcpy_us': float(m.group(6)), 'memcpy_bytes': int(m.group(7)),
				    'ratio': float(m.group(8))})
			log('present %s' % line)


DOOM_ENV = {'SDL_VIDEODRIVER': 'wayland', 'SDL_AUDIODRIVER': 'dummy', 'LIBGL_ALWAYS_SOFTWARE': '1'}


def doom_run(a, comp, mode, home):
	cmd = [DOOM, '-iwad', IWAD, '-nosound', '-nomusic', '-nogui', '-nograbmouse',
	       '-timedemo', 'demo1']
	cmd += ['-fullscreen'] if mode == 'fullscreen' else ['-window', '-geometry', '240x160']
	if comp is None:
		env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy', HOME=home)
	else:
		env = comp.client_env(dict(DOOM_ENV, HOME=home))
	r = subprocess.run(cmd, env=env, cwd=home, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
			   stderr=subprocess.STDOUT, text=True, timeout=600)
	m = re.search(r'timed (\d+) gametics in (\d+) realtics \(([0-9.]+) fps\)', r.stdout)
	if not m:
		log('doom under %s (%s) did not finish the timedemo (status %d): %s'
		    % (comp.name if comp else 'dummy', mode, r.returncode, r.stdout[-300:].strip()))
		return {'failed': r.returncode}
	return {'gametics': int(m.group(1)), 'realtics': int(m.group(2)), 'fps': float(m.group(3))}


def section_doom(a, results):
	"""chocolate-doom -timedemo demo1 in a tile (next to an idle client) and fullscreen."""
	out = results.setdefault('doom', {})
	home = os.path.join(a.work, 'doom-home')
	os.makedirs(home, exist_ok=True)
	comps = [c.start() for c in make_compositors('240x320', a.work, a.build, names=a.names)]
	idle = []
	try:
		for c in comps:	# the other tile: a client that drew once and sleeps
			if c.kind != 'weston':
				idle.append(subprocess.Popen(
					load_cmd(a.build, c, ['--damage', 'none', '--rate', '0.01']),
					env=c.client_env(), stdin=subprocess.DEVNULL,
					stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
		time.sleep(1.0)
		for r in range(a.doom_rounds):
			runs = [(c, 'tile') for c in comps] + [(c, 'fullscreen') for c in comps]
			runs.append((None, 'dummy'))
			if r % 2:
				runs.reverse()
			for c, mode in runs:
				res = doom_run(a, c, mode, home)
				name = c.name if c else 'sdl-dummy'
				if 'failed' in res:
					out.setdefault('failed', {}).setdefault(mode, {})[name] = res['failed']
					continue
				out.setdefault(mode, {}).setdefault(name, []).append(dict(res, round=r))
				log('doom %-10s %-10s %7.1f fps (%d gametics in %d realtics)'
				    % (mode, name, res['fps'], res['gametics'], res['realtics']))
	finally:
		for p in idle:
			p.send_signal(signal.SIGTERM)
			p.wait()
		for c in comps:
			c.stop()


def section_syscalls(a, results):
	"""System calls per frame under strace (syscalls.py)."""
	syscalls.section(a, results, log, make_compositors, load_cmd)


def section_tree(a, results):
	"""Instructions of one frame of a 1,000- and a 2,000-level subsurface chain (tree.py)."""
	tree.section(a, results, log, Compositor)


def section_features(a, results):
	"""The cursor drawn and an alpha modifier against the plain frame, callgrind (features.py)."""
	features.section(a, results, log, Compositor, run_load)


def section_input(a, results):
	"""picowl's instructions per input event, the server in-process, callgrind (input.py)."""
	input_events.section(a, results, log, by_library)


def section_scale(a, results):
	"""A client scaled to fit against the same client unscaled, callgrind (scale.py)."""
	scale.section(a, results, log, Compositor, run_load)


def section_pacing(a, results):
	"""Doom paced by fifo barriers and commit times against frame callbacks (pacing.py)."""
	pacing.section(a, results, log, Compositor)


def section_arm(a, results):
	"""picowl's instructions on ARM: the armel build under qemu-arm with armcount.c (arm.py)."""
	try:
		arm.section(a, results, log)
	except OSError as e:	# no qemu-arm or cross compiler: this section fails, the run goes on
		raise RuntimeError('section arm: %s' % e)


# ---------------------------------------------------------------------------------------------
# The report

def machine():
	model = '?'
	with open('/proc/cpuinfo') as f:
		for line in f:
			if line.startswith('model name'):
				model = line.split(':', 1)[1].strip()
				break
	with open('/proc/loadavg') as f:
		load = ' '.join(f.read().split()[:3])
	return {'nproc': os.cpu_count(), 'cpu': model, 'kernel': os.uname().release,
		'loadavg_at_end': load}


def versions(source):
	v = {}
	for name, cmd in (('weston', ['weston', '--version']), ('sway', ['sway', '--version']),
			  ('valgrind', ['valgrind', '--version'])):
		try:
			v[name] = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
						 text=True, timeout=10).stdout.strip()
		except (OSError, subprocess.TimeoutExpired):
			v[name] = 'not found'
	# a tree exported with git archive carries its commit in .commit
	try:
		with open(os.path.join(source, '.commit')) as f:
			v['picowl'] = 'commit ' + f.read().strip()
	except OSError:
		try:
			v['picowl'] = 'commit ' + subprocess.run(
				['git', '-C', source, 'describe', '--always', '--dirty'],
				stdout=subprocess.PIPE, text=True).stdout.strip()
		except OSError:
			v['picowl'] = '?'
	return v


def fmt_num(v, unit=''):
	if v is None:
		return 'n/a'
	if v >= 1e6:
		return '%.2fM%s' % (v / 1e6, unit)
	if v >= 1e4:
		return '%.1fk%s' % (v / 1e3, unit)
	return '%.1f%s' % (v, unit)


def verdict(ok):
	return 'yes' if ok else '**NO**'


def report(a, results, path):
	L = []
	m = results['machine']
	L.append('# picowl benchmark results\n')
	L.append('Generated by `tests/bench/run.py` (see README.md for what each figure means).\n')
	L.append('- date: %s' % results['date'])
	L.append('- machine: %s CPUs, %s, kernel %s; load average at the end %s'
		 % (m['nproc'], m['cpu'], m['kernel'], m['loadavg_at_end']))
	L.append('- **shared machine**: other jobs (other developers\' builds and tests) ran at the '
		 'same time; times are noisy, ratios come from one interleaved run, instruction '
		 'counts are not affected')
	L.append('- picowl %s; %s; %s; %s' % (results['versions']['picowl'],
						  results['versions']['weston'],
						  results['versions']['sway'],
						  results['versions']['valgrind']))
	L.append('- client: picowl-load, XRGB8888 buffers, paced by frame callbacks; output refresh '
		 '%d Hz; picowl = XRGB8888 output, picowl-565 = RGB565 output (conversion on the way), '
		 'picowl-rects = XRGB8888 output with `--damage rects`, picowl-direct = RGB565 output '
		 'with the client fullscreen (direct present, no composition); the claims compare '
		 '`picowl` (same output format as the peers) with the better peer' % REFRESH)
	L.append('- wall time of the run: %.0f s\n' % results['wall_secs'])

	checks = []
	cg = results.get('callgrind', {})
	if cg:
		L.append('## Instructions per frame (callgrind, slope between %d and %d frames)\n'
			 % (a.n1, a.n2))
		L.append('| size | damage | picowl | picowl-565 | picowl-rects | picowl-direct | weston | '
			 'sway | picowl / best peer | best picowl variant / best peer |')
		L.append('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|')
		for size in SIZES:
			for pat in PATTERNS:
				row = cg.get(size, {}).get(pat, {})
				get = lambda n: row[n]['per_frame'] if n in row else None
				peers = [get(p) for p in PEERS if get(p) is not None]
				best = min(peers) if peers else None
				ratio = get('picowl') / best if best and get('picowl') is not None else None
				ours = [get(n) for n in row if n.startswith('picowl') and get(n) is not None]
				best_ours = min(ours) / best if best and ours else None
				L.append('| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |' % (
					size, pat, fmt_num(get('picowl')), fmt_num(get('picowl-565')),
					fmt_num(get('picowl-rects')), fmt_num(get('picowl-direct')),
					fmt_num(get('weston')), fmt_num(get('sway')),
					'%.3f' % ratio if ratio is not None else 'n/a',
					'%.3f' % best_ours if best_ours is not None else 'n/a'))
				if ratio is not None:
					limit = 0.5 if pat == 'none' else 1 / 3
					checks.append(('instructions/frame %s %s: picowl %.3f of the best peer '
						       '(limit %.3f)' % (size, pat, ratio, limit),
						       ratio <= limit))
		L.append('')

	sp = results.get('split', {})
	split = [(size, pat, sp[size][pat]) for size in SIZES for pat in PATTERNS
		 if pat in sp.get(size, {})]
	if split:
		L.append('### Where picowl\'s instructions per frame go (by shared object; %d frames '
			 'with instrumentation on, the client\'s connection spread over them)\n'
			 % SPLIT_FRAMES)
		L.append('libwayland-server marshals every request and event; with it, libc counts the '
			 'malloc and free of its messages and strtol for their signatures (and picowl\'s '
			 'row copies, memcpy). A peer built on libwayland-server pays the same for the '
			 'same requests.\n')
		libs = ['picowl', 'libwayland-server', 'libc', 'libpixman-1', 'libffi']
		L.append('| size | damage | ' + ' | '.join(libs) + ' | other |')
		L.append('|---|---|' + '---:|' * (len(libs) + 1))
		for size, pat, per in split:
			other = sum(v for k, v in per.items() if k not in libs)
			L.append('| %s | %s | %s | %s |' % (size, pat, ' | '.join(
				fmt_num(per.get(k, 0)) for k in libs), fmt_num(other)))
		L.append('')

	cpu = results.get('cpu', {})
	if cpu:
		fl = results.get('floor', {})
		fl_all = [r['ns_per_frame'] / 1e3 for size in SIZES for r in fl.get(size, [])]
		pinned = results.get('floor_pinned', {})
		# the floor does not depend on the size: a size's own rounds, else all of them; the
		# lower of that and the run with the peer on the same CPU (the cheapest placement)
		free_size = lambda size: (statistics.median(r['ns_per_frame'] / 1e3 for r in fl[size])
					  if fl.get(size) else
					  statistics.median(fl_all) if fl_all else None)

		def fl_size(size):
			same = pinned.get(size, {}).get('same')
			vals = [v for v in (free_size(size), same and same['ns_per_frame'] / 1e3)
				if v is not None]
			return min(vals) if vals else None
		L.append('## CPU time per frame (µs, from /proc/PID/task/*/schedstat; median of %d '
			 'interleaved rounds of %d frames)\n' % (a.rounds, a.frames))
		L.append('| size | damage | picowl | picowl-565 | weston | sway | half the better peer '
			 '| picowl / best peer (median of per-round ratios) | client fps picowl / weston '
			 '/ sway |')
		L.append('|---|---|---:|---:|---:|---:|---:|---:|---|')
		for size in SIZES:
			for pat in PATTERNS:
				row = cpu.get(size, {}).get(pat, {})
				med = lambda n: (statistics.median(r['ns_per_frame'] for r in row[n]) / 1e3
						 if n in row else None)
				fps = lambda n: ('%.0f' % statistics.median(r['fps'] for r in row[n])
						 if n in row else 'n/a')
				ratios = []
				for r in range(a.rounds):
					try:
						pw = row['picowl'][r]['ns_per_frame']
						best = min(row[p][r]['ns_per_frame'] for p in PEERS)
						ratios.append(pw / best)
					except (KeyError, IndexError):
						pass
				ratio = statistics.median(ratios) if ratios else None
				peers = [med(p) for p in PEERS if med(p) is not None]
				half = min(peers) / 2 if peers else None
				floor = fl_size(size)
				below = half is not None and floor is not None and half < floor
				L.append('| %s | %s | %s | %s | %s | %s | %s%s | %s | %s / %s / %s |' % (
					size, pat, fmt_num(med('picowl')), fmt_num(med('picowl-565')),
					fmt_num(med('weston')), fmt_num(med('sway')), fmt_num(half),
					' (below the floor)' if below else '',
					'%.3f' % ratio if ratio is not None else 'n/a',
					fps('picowl'), fps('weston'), fps('sway')))
				if ratio is not None:
					text = ('CPU time/frame %s %s: picowl %.3f of the best peer (limit 0.5)'
						% (size, pat, ratio))
					if half is not None and floor is not None:
						text += ('; half the better peer, %.1f µs, is %s the floor, %.1f µs%s'
							 % (half, 'below' if below else 'above', floor,
							    ': no compositor waking once per frame can meet '
							    'this here' if below else ''))
					checks.append((text, ratio <= 0.5))
		L.append('')
		if fl_all:
			late = sum(r['misses'] for size in SIZES for r in fl.get(size, []))
			L.append('floor: one wakeup, one recv, one send per frame: %.1f µs (median of %d '
				 'runs of `floor.c`, one per round and size, interleaved with the '
				 'compositors; %.1f to %.1f; %s%s).' % (
					 statistics.median(fl_all), len(fl_all), min(fl_all), max(fl_all),
					 ', '.join('%s rounds %.1f' % (size, free_size(size))
						   for size in SIZES if fl.get(size)),
					 '; %d frames found the peer\'s message late' % late if late else '')
				 + '\n')
		if pinned:
			L.append('The floor pinned, one run per size: %s. Waking the peer on the other '
				 'CPU costs the waker more; how much depends on what that CPU was doing (an '
				 'idle virtual CPU is woken through the host).\n' % '; '.join(
					 '%s %s' % (size, ', '.join(
						 '%s CPU %.1f µs' % ('the same' if k == 'same' else 'the other',
								      v['ns_per_frame'] / 1e3)
						 for k, v in sorted(pinned[size].items(), reverse=True)))
					 for size in SIZES if size in pinned))
		if fl_all or pinned:
			L.append('The floor of a size, for the table above, is the lower of its rounds\' '
				 'median and its run on the same CPU. No compositor that wakes once per '
				 'frame can cost less on this machine; where half the better peer is below '
				 'it, the claim "at most half the better peer" cannot be met here by any '
				 'such compositor. The claims below are judged as before; the floor is '
				 'information.\n')

	pr = results.get('present', [])
	if pr:
		L.append('## Full-frame direct present: pw_pixels_blit against memcpy (one run, '
			 'interleaved, median of 31 trials)\n')
		L.append('| size | source -> output | rotation | blit µs | memcpy µs | memcpy bytes | '
			 'ratio |')
		L.append('|---|---|---:|---:|---:|---:|---:|')
		for p in pr:
			L.append('| %s | %s -> %s | %d | %.2f | %.2f | %d | %.2f |' % (
				p['size'], p['src'], p['dst'], p['rotation'], p['blit_us'], p['memcpy_us'],
				p['memcpy_bytes'], p['ratio']))
			if p['rotation'] == 0 and p['dst'] == 'rgb565':
				limit = 1.3 if p['src'] == 'rgb565' else 2.5
				checks.append(('direct present %s %s->rgb565: %.2f x memcpy (limit %.1f)'
					       % (p['size'], p['src'], p['ratio'], limit), p['ratio'] <= limit))
		L.append('')

	pi = results.get('present_ir', [])
	if pi:
		L.append('## Full-frame direct present: x86 instructions (callgrind, present_bench '
			 '--count %d)\n' % PRESENT_REPS)
		L.append('The instructions of one pw_pixels_blit of the whole frame (callgrind '
			 '`--toggle-collect=count_blits`, divided by the %d calls) against one memcpy of '
			 'the bytes the time table compares (the frame\'s for RGB565, the source\'s for '
			 'XRGB8888). glibc\'s memcpy takes `rep movsb` at these sizes on this CPU, and '
			 'valgrind counts each iteration of a rep-prefixed instruction, one byte, as an '
			 'instruction: against that any loop looks cheap. The ratio is therefore taken '
			 'against glibc\'s own vector loop, the one it runs below its rep_movsb threshold '
			 '(`GLIBC_TUNABLES=glibc.cpu.x86_rep_movsb_threshold=1000000000`; on this CPU the '
			 'AVX2 one, 32 bytes a load), which moves the same bytes in about a tenth of an '
			 'instruction each. Rotation 0 within one format calls that memcpy itself, so its '
			 'row counts the `rep movsb`; the claims are the rotations\'.\n' % PRESENT_REPS)
		L.append('| size | source -> output | rotation | instructions | per pixel | memcpy '
			 '(rep movsb) | memcpy (vector loop) | ratio to the loop |')
		L.append('|---|---|---:|---:|---:|---:|---:|---:|')
		for p in pi:
			w, h = (int(v) for v in p['size'].split('x'))
			ratio = p['blit'] / p['memcpy_loop']
			n = '{:,.0f}'.format
			L.append('| %s | %s -> %s | %d | %s | %.3f | %s | %s | %.2f |' % (
				p['size'], p['src'], p['dst'], p['rotation'], n(p['blit']),
				p['blit'] / (w * h), n(p['memcpy']), n(p['memcpy_loop']), ratio))
			if p['rotation'] and p['dst'] == 'rgb565':
				checks.append(('rotated present %s %s->rgb565 rot %d: %.2f x the x86 '
					       'instructions of the memcpy loop (limit 3)'
					       % (p['size'], p['src'], p['rotation'], ratio), ratio <= 3.0))
		L.append('')

	dm = results.get('doom', {})
	if dm:
		L.append('## chocolate-doom -timedemo demo1 (fps, freedoom1, 240x320 output; mean of '
			 '%d interleaved runs)\n' % a.doom_rounds)
		L.append('Each cell: the mean fps, the lowest to the highest run in brackets, and the '
			 'step of one realtic at that rate. The timedemo counts time in realtics of 1/35 s, '
			 'so a run\'s fps is 35 x gametics / realtics: one realtic more or less moves it '
			 'by about fps / realtics; a difference below a step or two is within the '
			 'resolution.\n')
		L.append('| mode | picowl | picowl-565 | weston | sway | SDL dummy |')
		L.append('|---|---:|---:|---:|---:|---:|')
		for mode in ('tile', 'fullscreen'):
			row = dict(dm.get(mode, {}))
			row.update(dm.get('dummy', {}))
			fps = lambda n: [r['fps'] for r in row[n]] if row.get(n) else None
			mean = lambda n: statistics.mean(fps(n)) if fps(n) else None
			# one realtic at the mean rate: F / R, R the mean realtics of the runs
			step = lambda n: (mean(n) / statistics.mean(r['realtics'] for r in row[n])
					  if fps(n) else None)
			cell = lambda n: ('%.1f [%.1f–%.1f] step %.1f' % (mean(n), min(fps(n)), max(fps(n)),
									  step(n)) if fps(n) else 'n/a')
			L.append('| %s | %s | %s | %s | %s | %s |' % (
				mode, cell('picowl'), cell('picowl-565'), cell('weston'), cell('sway'),
				cell('sdl-dummy')))
			if mean('picowl') is not None and mean('sway') is not None:
				diff = mean('picowl') - mean('sway')
				steps = diff / ((step('picowl') + step('sway')) / 2)
				checks.append(('doom %s: picowl %.1f fps, sway %.1f fps (%+.1f fps, %+.1f '
					       'realtic steps)' % (mode, mean('picowl'), mean('sway'), diff,
								   steps), mean('picowl') >= mean('sway')))
		for mode, names in sorted(dm.get('failed', {}).items()):
			for name, code in sorted(names.items()):
				L.append('\n%s %s: chocolate-doom did not finish (exit status %d).'
					 % (name, mode, code))
		L.append('\nTile: 240x160 (picowl and sway: the lower tile, an idle picowl-load in the '
			 'upper one; weston: a 240x160 window placed by desktop-shell).\n')

	wk = results.get('wakeups', {})
	if wk:
		L.append('## Wakeups (context switches from /proc/PID/task/*/status)\n')
		L.append('| compositor | voluntary per frame, client at 28 Hz on %d Hz (median of 3 '
			 'runs) | voluntary in each run | involuntary per frame | voluntary while idle '
			 '(%g s) | involuntary while idle |' % (REFRESH, a.idle))
		L.append('|---|---:|---|---:|---:|---:|')
		for name in ('picowl', 'picowl-565', 'weston', 'sway'):
			r = wk.get('rate28', {}).get(name)
			i = wk.get('idle', {}).get(name)
			if r is None:
				continue
			L.append('| %s | %.2f | %s of %d frames | %.2f | %s | %s |' % (
				name, r['vol_per_frame'],
				', '.join(str(v) for v in r.get('runs_vol', [r.get('vol')])), r['frames'],
				r['invol_per_frame'], i['vol'] if i else 'n/a', i['invol'] if i else 'n/a'))
		r = wk.get('rate28', {}).get('picowl')
		i = wk.get('idle', {}).get('picowl')
		if r:
			checks.append(('picowl wakeups per frame at 28 Hz: %.2f (limit 1)'
				       % r['vol_per_frame'], r['vol_per_frame'] <= 1.0))
		if i:
			checks.append(('picowl wakeups while idle: %d (limit 0)' % i['vol'],
				       i['vol'] == 0))
		L.append('')

	L += arm.report(results, results['versions'])
	L += syscalls.report(results, checks)
	L += tree.report(results, checks)
	L += scale.report(results, checks)
	L += features.report(results, checks)
	L += input_events.report(results, checks)
	L += pacing.report(results, checks)

	if checks:
		L.append('## What the issue asks for, checked against the figures above\n')
		L.append('| claim | holds |')
		L.append('|---|---|')
		for text, ok in checks:
			L.append('| %s | %s |' % (text, verdict(ok)))
		L.append('')
	with open(path, 'w') as f:
		f.write('\n'.join(L))


def splice(a, results):
	"""--splice: this run's sections replace their blocks (a "## " heading up to the next) in
	the existing report, or go before its claims table; the JSON keeps the other sections."""
	path_json = os.path.splitext(a.out)[0] + '.json'
	try:
		with open(path_json) as f:
			old = json.load(f)
	except (OSError, ValueError):
		old = {}
	meta = ('date', 'versions', 'args', 'wall_secs', 'machine')
	old.update({k: v for k, v in results.items() if k not in meta})
	with open(path_json, 'w') as f:
		json.dump(old, f, indent=1)
	fresh = os.path.join(a.work, 'fresh.md')
	report(a, results, fresh)

	def blocks(text):
		parts = re.split(r'(?m)^(?=## )', text)
		return parts[0], parts[1:]

	with open(fresh) as f:
		_, new = blocks(f.read())
	with open(a.out) as f:
		head, kept = blocks(f.read())
	key = lambda b: b.split('\n', 1)[0].split(' (')[0]
	claims = '## What the issue asks for'
	for b in new:
		if key(b).startswith(claims):
			continue
		b = b if b.endswith('\n\n') else b.rstrip('\n') + '\n\n'
		at = [i for i, k in enumerate(kept) if key(k) == key(b)]
		if at:
			kept[at[0]] = b
		else:
			end = [i for i, k in enumerate(kept) if key(k).startswith(claims)]
			kept.insert(end[0] if end else len(kept), b)
	with open(a.out, 'w') as f:
		f.write(head + ''.join(kept))


def main():
	global T0
	p = argparse.ArgumentParser()
	p.add_argument('--build', default=os.path.join(SOURCE, 'build-bench'),
		       help='meson build directory with picowl and picowl-load')
	p.add_argument('--source', default=SOURCE, help='source tree (for present_bench)')
	p.add_argument('--out', default=os.path.join(HERE, 'RESULTS.md'))
	p.add_argument('--sections', default='present,callgrind,split,cpu,wakeups,doom,arm,syscalls,tree,scale,pacing,features,input')
	p.add_argument('--compositors', default='picowl,picowl-565,weston,sway',
		       help='for cpu, wakeups and doom; any of ' + ','.join(VARIANTS))
	p.add_argument('--callgrind-compositors',
		       default='picowl,picowl-565,picowl-rects,picowl-direct,weston,sway')
	p.add_argument('--rounds', type=int, default=2)
	# 6 rounds: 3 to 3.5 minutes here (a round: 9 runs of 3 to 6 s, weston's 2 crash at once)
	p.add_argument('--doom-rounds', type=int, default=6)
	p.add_argument('--frames', type=int, default=120, help='frames per CPU-time run')
	p.add_argument('--n1', type=int, default=10)
	p.add_argument('--n2', type=int, default=70)
	p.add_argument('--idle', type=float, default=3.0)
	p.add_argument('--syscall-sizes', default='240x320,640x480',
		       help='section syscalls: the output sizes')
	p.add_argument('--arm-cache', help='section arm: the armel sysroot and build, made here as '
		       'tests/pxa makes them (default BUILD/tests/pxa/pxa-cache, the pxa suite\'s)')
	p.add_argument('--arm-build', help='section arm: an armel build directory to use instead')
	p.add_argument('--arm-sysroot', help='section arm: the sysroot of --arm-build')
	p.add_argument('--arm-rounds', type=int, default=2, help='section arm: fresh runs')
	p.add_argument('--arm-parts', default='spans,patterns,doom,turned,scaled', help='section arm: what runs')
	p.add_argument('--splice', action='store_true',
		       help='write only this run\'s sections into the existing --out and its JSON, '
		       'keeping the other sections\' text and figures')
	p.add_argument('--quick', action='store_true', help='one round, fewer frames')
	p.add_argument('--keep', action='store_true', help='keep the work directory')
	a = p.parse_args()
	if a.quick:
		a.rounds, a.doom_rounds, a.frames, a.n1, a.n2 = 1, 1, 40, 5, 25
	a.names = a.compositors.split(',')
	a.cg_names = a.callgrind_compositors.split(',')
	a.build = os.path.abspath(a.build)
	a.arm_cache = a.arm_cache or os.path.join(a.build, 'tests', 'pxa', 'pxa-cache')
	a.work = tempfile.mkdtemp(prefix='picowl-bench-')
	os.chmod(a.work, 0o755)
	T0 = time.monotonic()
	results = {'date': datetime.datetime.now().astimezone().isoformat(timespec='seconds'),
		   'versions': versions(a.source), 'args': vars(a)}
	status = 0
	try:
		for s in a.sections.split(','):
			fn = globals().get('section_' + s)
			if fn is None:
				sys.exit('unknown section %s' % s)
			log('section %s' % s)
			try:
				fn(a, results)
			except (RuntimeError, subprocess.SubprocessError) as e:
				log('section %s failed: %s' % (s, e))
				results.setdefault('errors', []).append('%s: %s' % (s, e))
				status = 1
	finally:
		results['wall_secs'] = time.monotonic() - T0
		results['machine'] = machine()
		if a.splice and os.path.exists(a.out):
			splice(a, results)
		else:
			with open(os.path.splitext(a.out)[0] + '.json', 'w') as f:
				json.dump(results, f, indent=1)
			report(a, results, a.out)
		log('wrote %s' % a.out)
		if a.keep:
			log('work directory kept: %s' % a.work)
		else:
			shutil.rmtree(a.work, ignore_errors=True)
	return status


if __name__ == '__main__':
	sys.exit(main())
