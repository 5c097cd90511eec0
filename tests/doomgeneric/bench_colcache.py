"""Measures picowl's engine patch (clients/doomgeneric/engine-colcache.patch, the texture column
cache and the draw-loop locals) against the plain engine, and checks that it draws the same
frames (tests/doomgeneric/RESULTS.md, "Column cache 1024 and 2048 under picowl", holds its
figures; the test dg-real-colcache runs it without valgrind).

  python3 tests/doomgeneric/bench_colcache.py BUILD... [--game PATH]... [--picowl PATH]
	[--callgrind [--cache-sim]] [--runs N] [--size 240x320] [--iwad PATH] [--json FILE]
	[--keep DIR]

Each BUILD is a build directory set up with -Ddoomgeneric=PATH and its own
-Ddoomgeneric_colcache (0, 1024, 2048); its clients/doomgeneric/doomgeneric-picowl is played.
--game names a game binary instead (the test dg-real-colcache passes doomgeneric-picowl-plain
and doomgeneric-picowl of a build with the option set); the exit status is 1 when a frame or a
tic count differs from the first game's.
Every run starts picowl headless (--picowl, default the first build's compositor/picowl) in a
private XDG_RUNTIME_DIR and plays freedoom's `-timedemo demo1 -nosound -presentmode new
-dump-last-frame FILE` alone in it, the builds in turn, N times. Per run: the engine's "timed N
gametics in N realtics", and the last frame the game committed (the dump, compared byte for byte
with the first build's). With --callgrind the game runs under valgrind --tool=callgrind (one run
per build is enough: the counts are nearly deterministic), and the script prints the game's
instructions per game tic (one frame is drawn per tic in a timedemo) over its whole life and
those of R_RenderPlayerView (the 3D view) and R_GetColumn with what they call, and of
R_DrawColumn and R_DrawSpan alone. Only R_RenderPlayerView's and its parts' counts are
deterministic; the game's total includes its start, the pixel conversion and the Wayland wait.
--cache-sim adds callgrind's cache model with the PXA255's L1 geometry (CACHE_SIM) and prints
data reads (Dr) and read misses (D1mr, DLmr) the same way.
Python 3 standard library, valgrind for --callgrind.
"""

import argparse
import filecmp
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TIMED = re.compile(r'timed (\d+) gametics in (\d+) realtics \(([0-9.]+) fps\)')
FUNCS = ['R_RenderPlayerView', 'R_GetColumn', 'R_DrawColumn', 'R_DrawSpan']
INCLUSIVE = ('R_RenderPlayerView', 'R_GetColumn')	# with what they call; the others alone
IWAD = '/usr/share/games/doom/freedoom1.wad'
# --cache-sim: the PXA255's L1 caches (32 KiB, 32-way, 32-byte lines; it has no L2, and
# callgrind wants one: a 256 KiB one here, so DLmr is not the device's)
CACHE_SIM = ['--cache-sim=yes', '--I1=32768,32,32', '--D1=32768,32,32', '--LL=262144,8,32']


def colcache_of(build):
	"""The build's -Ddoomgeneric_colcache, from meson's introspection."""
	path = os.path.join(build, 'meson-info', 'intro-buildoptions.json')
	with open(path) as f:
		for opt in json.load(f):
			if opt['name'] == 'doomgeneric_colcache':
				return opt['value']
	return 0


def wait_for(cond, what, timeout):
	deadline = time.monotonic() + timeout
	while not cond():
		if time.monotonic() > deadline:
			raise RuntimeError('timed out: %s' % what)
		time.sleep(0.05)


def callgrind_counts(out):
	"""({event: total}, {function: {event: count}}) of a callgrind output file: inclusive for
	INCLUSIVE, self for the other FUNCS. The events are Ir, and with --cache-sim Dr, D1mr and
	the others."""
	totals = {}
	counts = {}
	for inclusive in ('yes', 'no'):
		text = subprocess.run(['callgrind_annotate', '--inclusive=' + inclusive, '--auto=no',
				       '--threshold=100', out], capture_output=True, text=True, check=True,
				      cwd=os.path.dirname(os.path.abspath(out))).stdout
		events = re.search(r'^Events shown:\s+(.*)$', text, re.M).group(1).split()
		for line in text.splitlines():
			m = re.match(r'\s*((?:(?:[0-9,]+|\.)\s+(?:\(\s*[0-9.]+%\)\s+)?)+)(.*)$', line)
			if not m:
				continue
			nums = [0 if n == '.' else int(n.replace(',', '')) for n in
				re.findall(r'([0-9,]+|\.)(?:\s+\(\s*[0-9.]+%\))?', m.group(1))]
			if len(nums) != len(events):
				continue
			rest = m.group(2).strip()
			if rest == 'PROGRAM TOTALS':
				totals = dict(zip(events, nums))
				continue
			f = re.match(r'\S+:([A-Za-z_]\w*)(\s+\[.*\])?$', rest)
			if not f or f.group(1) not in FUNCS:
				continue
			# the first line of a function: callgrind_annotate may list one twice, under two
			# spellings of its file's path
			if (inclusive == ('yes' if f.group(1) in INCLUSIVE else 'no')
			    and f.group(1) not in counts):
				counts[f.group(1)] = dict(zip(events, nums))
	return totals, counts


def run(variant, args, workdir, tag):
	label, game, colcache = variant
	runtime = tempfile.mkdtemp(prefix='xdg-', dir=workdir)
	os.chmod(runtime, 0o700)
	socket = 'picowl-cc-%d' % os.getpid()
	env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
	env.pop('WAYLAND_DISPLAY', None)
	perr = open(os.path.join(workdir, tag + '.picowl.stderr'), 'w+')
	picowl = subprocess.Popen([args.picowl, '--backend', 'headless', '--size', args.size,
				   '--socket', socket], env=env, stdin=subprocess.DEVNULL,
				  stdout=subprocess.DEVNULL, stderr=perr)
	game_proc = None
	try:
		wait_for(lambda: os.path.exists(os.path.join(runtime, socket))
			 and 'picowl: running on' in open(perr.name).read(), 'picowl starts', 10)
		dump = os.path.join(workdir, tag + '.dump')
		cmd = [game, '-iwad', args.iwad, '-timedemo', 'demo1', '-nogui', '-nosound',
		       '-presentmode', 'new', '-dump-last-frame', dump]
		cg_out = None
		if args.callgrind:
			cg_out = os.path.join(workdir, tag + '.callgrind')
			cmd = ['valgrind', '--tool=callgrind', '--callgrind-out-file=' + cg_out] + (
				CACHE_SIM if args.cache_sim else []) + cmd
		gerr = open(os.path.join(workdir, tag + '.game.stderr'), 'w+')
		game_proc = subprocess.Popen(cmd, env=dict(env, WAYLAND_DISPLAY=socket),
					     stdin=subprocess.DEVNULL, stdout=gerr, stderr=subprocess.STDOUT)
		t0 = time.monotonic()
		# the platform layer writes the dump at exit, then waits in pause()
		wait_for(lambda: (os.path.exists(dump) and os.path.getsize(dump) > 0)
			 or game_proc.poll() is not None, 'the timedemo ends', args.timeout)
		took = time.monotonic() - t0
		time.sleep(0.5)	# the dump is written in one go; let it finish
		game_proc.send_signal(signal.SIGTERM)	# callgrind writes its counts on SIGTERM
		game_proc.wait(timeout=120)
		text = open(gerr.name, errors='replace').read()
		m = TIMED.search(text)
		if not m or not os.path.exists(dump):
			raise RuntimeError('%s: no timedemo result or no dump:\n%s' % (tag, text[-2000:]))
		result = {'game': label, 'colcache': colcache, 'gametics': int(m.group(1)),
			  'realtics': int(m.group(2)), 'fps': float(m.group(3)), 'seconds': took,
			  'dump': dump}
		if cg_out:
			if not os.path.exists(cg_out):
				matches = [p for p in os.listdir(workdir) if p.startswith(tag + '.callgrind')]
				cg_out = os.path.join(workdir, sorted(matches)[0])
			result['totals'], result['counts'] = callgrind_counts(cg_out)
		return result
	finally:
		if game_proc and game_proc.poll() is None:
			game_proc.kill()
			game_proc.wait()
		picowl.terminate()
		try:
			picowl.wait(timeout=10)
		except subprocess.TimeoutExpired:
			picowl.kill()
			picowl.wait()
		shutil.rmtree(runtime, ignore_errors=True)


def main():
	ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
	ap.add_argument('builds', nargs='*')
	ap.add_argument('--game', action='append', default=[])
	ap.add_argument('--picowl')
	ap.add_argument('--iwad', default=IWAD)
	ap.add_argument('--size', default='240x320')
	ap.add_argument('--runs', type=int, default=1)
	ap.add_argument('--callgrind', action='store_true')
	ap.add_argument('--cache-sim', action='store_true',
			help='with --callgrind: simulate the PXA255\'s L1 caches too (CACHE_SIM), and '
			'print data reads and their D1 misses')
	ap.add_argument('--timeout', type=float, default=None)
	ap.add_argument('--json')
	ap.add_argument('--keep', help='keep the dumps and logs in this folder')
	args = ap.parse_args()
	variants = [(b, os.path.join(b, 'clients', 'doomgeneric', 'doomgeneric-picowl'),
		     colcache_of(b)) for b in args.builds]
	variants += [(os.path.basename(g), g, None) for g in args.game]
	if len(variants) < 1 or not (args.picowl or args.builds):
		ap.error('name a BUILD or --game and --picowl')
	args.picowl = args.picowl or os.path.join(args.builds[0], 'compositor', 'picowl')
	if args.timeout is None:
		args.timeout = 3600 if args.callgrind else 300
	workdir = args.keep or tempfile.mkdtemp(prefix='bench-colcache-')
	os.makedirs(workdir, exist_ok=True)
	results = []
	identical = True
	try:
		for r in range(args.runs):
			for i, variant in enumerate(variants):
				tag = 'r%d-b%d' % (r, i)
				res = run(variant, args, workdir, tag)
				ref = results[0]['dump'] if results else res['dump']
				res['same_frame'] = filecmp.cmp(ref, res['dump'], shallow=False)
				res['same_gametics'] = (res['gametics'] == results[0]['gametics']
							if results else True)
				identical = identical and res['same_frame'] and res['same_gametics']
				results.append(res)
				name = res['game'] + ('' if res['colcache'] is None
						      else ' (colcache %d)' % res['colcache'])
				line = ('%s: timed %d gametics in %d realtics (%.1f fps), '
					'last frame %s' % (name, res['gametics'],
							   res['realtics'], res['fps'],
							   'identical' if res['same_frame'] else 'DIFFERS'))
				if 'totals' in res:
					g = res['gametics']
					for e in [e for e in ('Ir', 'Dr', 'D1mr', 'DLmr') if e in res['totals']]:
						line += '\n  %s per tic: total %.0f, %s' % (
							e, res['totals'][e] / g, ', '.join(
								'%s %.0f' % (f, res['counts'].get(f, {}).get(e, 0) / g)
								for f in FUNCS))
				print(line, flush=True)
	finally:
		if args.json:
			with open(args.json, 'w') as f:
				json.dump(results, f, indent=1)
		if not args.keep:
			shutil.rmtree(workdir, ignore_errors=True)
	print('frames and gametics identical across builds: %s' % ('yes' if identical else 'NO'))
	return 0 if identical else 1


if __name__ == '__main__':
	sys.exit(main())
