#!/usr/bin/env python3
"""bench-smoke: picowl-load runs against picowl headless for about a second in each damage
pattern (and once at a fixed rate, once in RGB565, once fullscreen), exits 0 and reports the
frames it drew. picowl must stay up and exit 0 on SIGTERM. This only exercises the load client
in CI; the benchmarks themselves are tests/bench/run.py, which CI does not run.

usage: smoke.py --picowl PATH --load PATH
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CASES = [
	['--damage', 'full'],
	['--damage', 'rows:16'],
	['--damage', 'rect:32x32'],
	['--damage', 'none'],
	['--damage', 'rows:16', '--format', 'rgb565'],
	['--damage', 'rect:32x32', '--rate', '28'],
	['--damage', 'full', '--fullscreen'],
]

# A second at 60 Hz is 60 frames; a loaded CI machine may deliver far fewer.
MIN_FRAMES = 5


def fail(msg):
	print('FAIL: %s' % msg, flush=True)
	sys.exit(1)


def main():
	p = argparse.ArgumentParser()
	p.add_argument('--picowl', required=True)
	p.add_argument('--load', required=True)
	args = p.parse_args()

	tmp = tempfile.mkdtemp(prefix='picowl-bench-smoke-')
	os.chmod(tmp, 0o700)
	env = {k: v for k, v in os.environ.items() if k not in ('WAYLAND_DISPLAY', 'DISPLAY')}
	env['XDG_RUNTIME_DIR'] = tmp
	socket = 'picowl-smoke-%d' % os.getpid()
	err_path = os.path.join(tmp, 'picowl.stderr')
	cmd = [args.picowl, '--backend', 'headless', '--size', '240x320', '--format', 'rgb565',
	       '--refresh', '60', '--socket', socket]
	print('start: %s' % ' '.join(cmd), flush=True)
	picowl = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL,
				  stdout=subprocess.DEVNULL, stderr=open(err_path, 'wb'))
	ok = False
	try:
		deadline = time.monotonic() + 10
		while not os.path.exists(os.path.join(tmp, socket)):
			if picowl.poll() is not None or time.monotonic() > deadline:
				fail('picowl did not start')
			time.sleep(0.02)
		env['WAYLAND_DISPLAY'] = socket
		for case in CASES:
			c = [args.load, '--seconds', '1'] + case
			r = subprocess.run(c, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
					   stderr=subprocess.STDOUT, timeout=30)
			out = r.stdout.decode(errors='replace')
			print('%s\n%s' % (' '.join(c), out.strip()), flush=True)
			if r.returncode != 0:
				fail('picowl-load %s exited with status %d' % (' '.join(case), r.returncode))
			m = re.search(r'picowl-load: frames (\d+) time ([0-9.]+) s', out)
			if not m:
				fail('picowl-load %s printed no frame count' % ' '.join(case))
			frames, secs = int(m.group(1)), float(m.group(2))
			if frames < MIN_FRAMES or not 0.5 < secs < 5:
				fail('picowl-load %s drew %d frames in %.3f s' % (' '.join(case), frames, secs))
			if picowl.poll() is not None:
				fail('picowl exited during %s' % ' '.join(case))
		ok = True
	finally:
		if picowl.poll() is None:
			picowl.send_signal(signal.SIGTERM)
			try:
				picowl.wait(timeout=10)
			except subprocess.TimeoutExpired:
				picowl.kill()
				picowl.wait()
				ok = False
				print('FAIL: picowl did not exit within 10 s of SIGTERM')
		with open(err_path, errors='replace') as f:
			err = f.read()
		if not ok:
			print('--- picowl stderr:\n%s' % err[-4000:])
		shutil.rmtree(tmp, ignore_errors=True)
	if picowl.returncode != 0:
		fail('picowl exited with status %s' % picowl.returncode)
	print('PASS', flush=True)


main()
