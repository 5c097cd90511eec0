"""Measures the platform layer's options under picowl headless (not a test; see doc/doom.md).

  python3 tests/doomgeneric/bench_options.py --picowl build/compositor/picowl \
      --standin build/tests/doomgeneric/dg-standin-320x200 [--rounds 2] [--work 18]

For each layout (windowed portrait tile, fullscreen landscape) and each option set it runs the
stand-in (-scene doom -fast: 84 % of the rows change every frame, a static status bar) for
--ticks frames, --rounds times interleaved, and prints the client's figures (-dgstats) and
picowl's counters (--counters) as one table row per option set: means over the rounds.
"""

import argparse
import os
import re
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# Run by hand, outside meson (whose tests get PYTHONPATH=tests/lib): the harness from there.
sys.path.insert(0, os.path.join(HERE, '..', 'lib'))
import harness  # noqa: E402

VARIANTS = [
	('default', []),
	('-damage rows', ['-damage', 'rows']),
	('-present-direct', ['-present-direct']),
	('-presentmode new', ['-presentmode', 'new']),
	('all three', ['-damage', 'rows', '-present-direct', '-presentmode', 'new']),
]
LAYOUTS = [
	('windowed 240x320', '240x320', []),
	('fullscreen 320x240', '320x240', ['-fullscreen']),
]


def num(pattern, text, default=0.0):
	m = re.search(pattern, text)
	return float(m.group(1)) if m else default


def run(args, size, layout_args, opts):
	ns = argparse.Namespace(picowl=args.picowl, grim='', size=size, format='rgb565')
	fd, counters = tempfile.mkstemp(prefix='picowl-dg-counters-')
	os.close(fd)
	with harness.Session(ns, extra_args=['--counters', counters, '--counters-at-exit']) as s:
		c = s.spawn([args.standin, '-scene', 'doom', '-fast', '-ticks', str(args.ticks),
			     '-work', str(args.work), '-dgstats'] + layout_args + opts, 'standin')
		harness.check(c.wait(300) == 0, 'the stand-in failed:\n' + c.stderr())
		client = c.stderr()
	with open(counters) as f:
		picowl = f.read()  # the counters dump at exit
	os.unlink(counters)
	return {
		'fps': num(r'([\d.]+) fps', client),
		'draw': num(r'DG_DrawFrame mean (\d+) us', client),
		'cpu': num(r'CPU (\d+) us a frame', client),
		'commits': num(r'(\d+) commits', client),
		'rows': num(r'([\d.]+) rows damaged a commit', client),
		'pw_ms': num(r'picowl per frame\s+\d+\s+[\d.]+\s+([\d.]+)', picowl),
		'bytes': num(r'(\d+) bytes per commit', picowl),
		'cs': num(r'context switches per frame: ([\d.]+) voluntary', picowl),
	}


def main():
	p = argparse.ArgumentParser()
	p.add_argument('--picowl', required=True)
	p.add_argument('--standin', required=True)
	p.add_argument('--rounds', type=int, default=2)
	p.add_argument('--ticks', type=int, default=300)
	p.add_argument('--work', type=int, default=18)
	args = p.parse_args()
	args.picowl = os.path.abspath(args.picowl)
	args.standin = os.path.abspath(args.standin)
	for lname, size, largs in LAYOUTS:
		results = {name: [] for name, _ in VARIANTS}
		for r in range(args.rounds):
			order = VARIANTS if r % 2 == 0 else list(reversed(VARIANTS))
			for name, opts in order:
				results[name].append(run(args, size, largs, opts))
		print('\n%s, -work %d, %d frames, %d rounds' % (lname, args.work, args.ticks,
							       args.rounds))
		print('| options | fps | DG_DrawFrame us | client CPU us/frame | commits '
		      '| rows damaged/commit | picowl ms/frame (median) | bytes moved/commit '
		      '| picowl cs/frame |')
		print('|---|---|---|---|---|---|---|---|---|')
		for name, _ in VARIANTS:
			rs = results[name]
			m = {k: statistics.mean(x[k] for x in rs) for k in rs[0]}
			print('| %s | %.1f | %.0f | %.0f | %.0f | %.1f | %.3f | %.0f | %.2f |'
			      % (name, m['fps'], m['draw'], m['cpu'], m['commits'], m['rows'],
				 m['pw_ms'], m['bytes'], m['cs']))


main()
