"""System calls per frame, picowl against weston and sway (run.py --sections syscalls).

Each compositor runs under `strace -f -ttt -o FILE` (its threads too), with picowl-load drawing
a pattern: --warmup frames, then --frames counted ones, then --hold, so that the window closes
before the client disconnects. The window is the client's "start" and "frames" lines, taken
on this machine's clock as the lines arrive; the count is every system call the compositor's
threads entered with a strace timestamp inside it, divided by the frames the client counted.
A count, not a time: it does not depend on the machine's load (strace slows the compositor,
which changes no count while the client stays paced by frame callbacks). vDSO calls
(clock_gettime) are no system calls and are not seen.
"""

import collections
import os
import signal
import subprocess
import time

PATTERNS = ['full', 'rows:16', 'rect:32x32', 'none']
NAMES = ['picowl', 'weston', 'sway']
WARMUP = 30


def strace_prefix(path):
	return ['strace', '-f', '-ttt', '-qq', '-o', path]


def count(path, t0, t1):
	"""System calls entered in [t0, t1] in strace's log, by name."""
	calls = collections.Counter()
	with open(path, errors='replace') as f:
		for line in f:
			parts = line.split(None, 2)
			if len(parts) < 3 or parts[2].startswith(('<...', '+++', '---')):
				continue
			try:
				t = float(parts[1])
			except ValueError:
				continue
			if t0 <= t <= t1:
				calls[parts[2].split('(', 1)[0]] += 1
	return calls


def one(a, comp, pattern, frames, load_cmd, log):
	"""(system calls per frame, the most frequent ones) of comp under pattern."""
	path = os.path.join(comp.runtime, 'strace.log')
	comp.wrap = strace_prefix(path)
	comp.start()
	try:
		cmd = load_cmd(a.build, comp, ['--damage', pattern, '--warmup', str(WARMUP),
						 '--frames', str(frames), '--hold'])
		p = subprocess.Popen(cmd, env=comp.client_env(), stdin=subprocess.DEVNULL,
				     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
		t0 = t1 = None
		out = []
		deadline = time.monotonic() + 120
		for line in p.stdout:
			out.append(line)
			if line.startswith('picowl-load: start') and t0 is None:
				t0 = time.time()
			if line.startswith('picowl-load: frames'):
				t1 = time.time()
				p.send_signal(signal.SIGTERM)
			if time.monotonic() > deadline:
				p.kill()
				break
		p.wait(30)
		if t0 is None or t1 is None:
			raise RuntimeError('syscalls: picowl-load on %s: %s' % (comp.name, ''.join(out)))
	finally:
		comp.stop()
	calls = count(path, t0, t1)
	total = sum(calls.values())
	top = ', '.join('%s %.2f' % (n, c / frames) for n, c in calls.most_common(6))
	log('syscalls %s %s %s: %.2f a frame (%s)' % (comp.name, comp.size, pattern, total / frames,
						    top))
	return {'per_frame': total / frames, 'top': top, 'frames': frames}


def section(a, results, log, make_compositors, load_cmd):
	frames = 60 if a.quick else 200
	res = results.setdefault('syscalls', {})
	for size in a.syscall_sizes.split(','):
		for pattern in PATTERNS:
			row = res.setdefault(size, {}).setdefault(pattern, {})
			for comp in make_compositors(size, a.work, a.build, names=NAMES):
				row[comp.name] = one(a, comp, pattern, frames, load_cmd, log)


def report(results, checks):
	sc = results.get('syscalls')
	if not sc:
		return []
	L = ['## System calls per frame (strace, in the window of the counted frames)\n',
	     'Every system call of the compositor\'s threads between picowl-load\'s "start" (after '
	     '%d frames) and its report after the last counted frame, divided by the frames; the '
	     'load client paced by frame callbacks. The most frequent calls a frame in brackets.\n'
	     % WARMUP,
	     '| size | damage | picowl | weston | sway | picowl / better peer |',
	     '|---|---|---:|---:|---:|---:|']
	for size in sorted(sc):
		for pattern in PATTERNS:
			row = sc[size].get(pattern)
			if not row or any(n not in row for n in NAMES):
				continue
			best = min(row['weston']['per_frame'], row['sway']['per_frame'])
			ratio = row['picowl']['per_frame'] / best if best else float('inf')
			L.append('| %s | %s | %.2f | %.2f | %.2f | %.3f |' % (
				size, pattern, row['picowl']['per_frame'], row['weston']['per_frame'],
				row['sway']['per_frame'], ratio))
			checks.append(('system calls/frame %s %s: picowl %.2f, %.3f of the better peer '
				       '(limit 0.5)' % (size, pattern, row['picowl']['per_frame'], ratio),
				       ratio <= 0.5))
	L.append('')
	L.append('The calls, a frame:\n')
	for size in sorted(sc):
		for pattern in PATTERNS:
			for n in NAMES:
				r = sc[size].get(pattern, {}).get(n)
				if r:
					L.append('- %s %s %s: %s' % (size, pattern, n, r['top']))
	L.append('')
	return L
