"""Measures the real doomgeneric engine under picowl headless (not a test;
tests/doomgeneric/RESULTS.md holds its figures and says how they were taken).

  python3 tests/doomgeneric/bench_real.py --build build [--rounds 3] [--json runs.json]

The build must be set up with -Ddoomgeneric=PATH (doomgeneric-picowl and the engine's
libdg-engine.a). Freedoom's `-timedemo demo1` is played once per configuration per round; every
round plays every configuration, in an order rotated by one from the round before, so slow drift
of a shared machine spreads over all of them. The configurations (seed 002's tables):

  layout      windowed (tile 2, next to an idle picowl-load --damage none --rate 10 in tile 1)
              and fullscreen (-fullscreen), each portrait 240x320 and landscape 320x240
  variant     thread   the defaults: thread audio, -presentmode old (paced by picowl's frame
                       callbacks at --refresh Hz)
              nosound  -nosound
              tick     -audio-mode tick
              tick+p   -audio-mode tick -present-direct -presentmode new -damage rows
  headless    the same engine and sound module linked with dg_headless.c (no display: the frame
              is dropped) for thread, nosound and tick: the engine's own cost

Sound goes to ALSA's `file` plugin in front of a `null` slave (an ALSA_CONFIG_PATH of the
script's own, as test_sound.py), so the audio is mixed and written.

Per run: the engine's fps ("timed N gametics in N realtics (F fps)"), the -dgstats lines
(frames, DG_DrawFrame, the game's CPU a frame, commits, rows damaged), the game's voluntary and
involuntary context switches and CPU time over its whole life, every thread (wait4's rusage),
the seconds of audio written, picowl's CPU time over the game's run (/proc/PID/task/*/schedstat,
from just before the game starts to just after it exits) and picowl's counters for the game's
run (picowl-ctl counters --reset before, SIGUSR1 after; --counters FILE): ms per frame, bytes
moved per commit, fixed cost per commit, picowl's context switches per frame. It prints a
Markdown table of the means (min and max over the rounds where they matter) and, with --json,
writes every run. It runs rounds x 19 timedemos and stops: about 5 to 6 minutes a round at 60 Hz
(each -presentmode old run is paced at 60 frames a second, about 27 s).
Python 3 standard library only.
"""

import argparse
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

HERE = os.path.dirname(os.path.abspath(__file__))
# Run by hand, outside meson (whose tests get PYTHONPATH=tests/lib): the harness from there.
sys.path.insert(0, os.path.join(HERE, '..', 'lib'))
import harness  # noqa: E402

LAYOUTS = [
	('windowed portrait', '240x320', False),
	('windowed landscape', '320x240', False),
	('fullscreen portrait', '240x320', True),
	('fullscreen landscape', '320x240', True),
]
VARIANTS = [
	('thread', 'default (thread audio)', []),
	('nosound', '-nosound', ['-nosound']),
	('tick', '-audio-mode tick', ['-audio-mode', 'tick']),
	('tick+p', '-audio-mode tick -present-direct -presentmode new -damage rows',
	 ['-audio-mode', 'tick', '-present-direct', '-presentmode', 'new', '-damage', 'rows']),
]
HEADLESS_VARIANTS = ('thread', 'nosound', 'tick')
TIMEDEMO_TIMEOUT = 150
# the engine ends a timedemo with I_Error("timed ..."): exit status 255 (-1), or 0 through -dgstats
GAME_STATUS = (0, 255)

ASOUNDRC = '''pcm.!default {
	type file
	slave.pcm { type null }
	file "%s"
	format "raw"
}
'''

TIMED = re.compile(r'timed (\d+) gametics in (\d+) realtics \(([0-9.]+) fps\)')
DGSTATS = re.compile(r'picowl-dg: (\d+) frames in ([0-9.]+) ms: ([0-9.]+) fps; DG_DrawFrame mean '
		     r'(\d+) us, median (\d+) us, p95 (\d+) us, max (\d+) us; waited ([0-9.]+) ms; '
		     r'CPU (\d+) us a frame')
COMMITS = re.compile(r'picowl-dg: (\d+) commits, (\d+) unchanged, (\d+) deferred, (\d+) covered; '
		     r'([0-9.]+) rows damaged a commit')
HEADLESS_FRAMES = re.compile(r'picowl-dg-headless: (\d+) frames in ([0-9.]+) ms')
SOUND = re.compile(r'picowl-dg: sound: (\d+) frames written \(([0-9.]+) s\), (\d+) underruns')


def num(pattern, text, group=1, default=None):
	m = re.search(pattern, text, re.M)
	return float(m.group(group)) if m else default


def parse_counters(text):
	"""The figures of the last report in a counters file."""
	i = text.rfind('picowl counters:')
	text = text[i:] if i >= 0 else ''
	stage = r'^picowl per frame\s+(\d+)\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)'
	return {
		'pw_frames': num(r'picowl counters: (\d+) frames', text),
		'pw_ms_median': num(stage, text, 3),
		'pw_ms_p95': num(stage, text, 4),
		'pw_ms_mean': num(r'picowl per frame: ([0-9.]+) ms mean', text),
		'pw_fixed_ms': num(r'([0-9.]+) ms fixed per commit', text),
		'pw_ns_per_byte': num(r'\+ ([0-9.]+) ns per byte', text),
		'pw_bytes_per_commit': num(r'(\d+) bytes per commit', text),
		'pw_rows_per_frame': num(r'([0-9.]+) rows per frame', text),
		'pw_direct': num(r'paths: composite \d+, direct (\d+)', text),
		'pw_composite': num(r'paths: composite (\d+)', text),
		'pw_vcsw_per_frame': num(r'context switches per frame: ([0-9.]+) voluntary', text),
		'pw_ivcsw_per_frame': num(r'voluntary, ([0-9.]+) involuntary', text),
	}


def sched_ns(pid):
	"""CPU time of every thread of pid in ns (/proc/PID/task/*/schedstat, first field)."""
	total = 0
	try:
		for tid in os.listdir('/proc/%d/task' % pid):
			try:
				with open('/proc/%d/task/%s/schedstat' % (pid, tid)) as f:
					total += int(f.read().split()[0])
			except (OSError, ValueError, IndexError):
				pass
	except OSError:
		pass
	return total


def wait_rusage(proc, timeout):
	"""(exit status, rusage) of a Popen child, killed past the timeout."""
	deadline = time.monotonic() + timeout
	while True:
		pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
		if pid == proc.pid:
			proc.returncode = os.waitstatus_to_exitcode(status)
			return proc.returncode, ru
		if time.monotonic() > deadline:
			os.killpg(proc.pid, signal.SIGKILL)
			pid, status, ru = os.wait4(proc.pid, 0)
			proc.returncode = os.waitstatus_to_exitcode(status)
			raise harness.TestFailure('the game did not end within %d s' % timeout)
		time.sleep(0.02)


def sound_conf(workdir, raw, variant):
	conf = os.path.join(workdir, 'asound.conf')
	with open(conf, 'w') as f:
		f.write('# no device\n' if variant == 'nosound' else ASOUNDRC % raw)
	return conf


def game_figures(r, err, ru, frames_re):
	m = TIMED.search(err)
	harness.check(m, '%s: no "timed N gametics" from the engine:\n%s' % (r['config'], err[-2000:]))
	r['gametics'], r['realtics'], r['fps'] = int(m.group(1)), int(m.group(2)), float(m.group(3))
	r['nvcsw'], r['nivcsw'] = ru.ru_nvcsw, ru.ru_nivcsw
	r['game_cpu_s'] = ru.ru_utime + ru.ru_stime
	r['game_sys_s'] = ru.ru_stime
	f = frames_re.search(err)
	r['frames'] = int(f.group(1)) if f else None
	if frames_re is DGSTATS and f:
		r['draw_mean_us'] = int(f.group(4))
		r['waited_ms'] = float(f.group(8))
		r['game_cpu_us_frame'] = int(f.group(9))
	c = COMMITS.search(err)
	if c:
		r['commits'], r['covered'] = int(c.group(1)), int(c.group(4))
		r['rows_per_commit'] = float(c.group(5))
	s = SOUND.search(err)
	r['audio_s'] = float(s.group(2)) if s else 0.0
	r['underruns'] = int(s.group(3)) if s else 0
	r['vcsw_per_frame'] = r['nvcsw'] / r['frames'] if r['frames'] else None


def run_picowl(args, layout, variant):
	"""One timedemo under a fresh picowl; a dict of its figures."""
	lname, size, fullscreen = layout
	vname, _, vopts = variant
	r = {'config': '%s / %s' % (lname, vname), 'layout': lname, 'variant': vname}
	fd, counters = tempfile.mkstemp(prefix='picowl-dg-counters-')
	os.close(fd)
	ns = argparse.Namespace(picowl=args.picowl, grim='', size=size, format='rgb565')
	extra = ['--counters', counters, '--refresh', str(args.refresh)]
	try:
		with harness.Session(ns, extra_args=extra) as s:
			ctl_env = s.client_env()
			if not fullscreen:
				s.spawn([args.load, '--damage', 'none', '--rate', '10'], 'picowl-load')

				def mapped():
					t = subprocess.run([args.ctl, 'tiles'], env=ctl_env, capture_output=True,
							   text=True, timeout=10)
					return 'picowl-load' in t.stdout
				harness.poll(mapped, 'picowl-load is in its tile', timeout=20, interval=0.1)
			raw = os.path.join(s.dir, 'audio.raw')
			conf = sound_conf(s.dir, raw, vname)
			opts = vopts + (['-fullscreen'] if fullscreen else [])
			cmd = [args.game, '-iwad', args.iwad, '-timedemo', 'demo1', '-nogui',
			       '-dgstats'] + opts
			subprocess.run([args.ctl, 'counters', '--reset'], env=ctl_env, check=True,
				       capture_output=True, timeout=10)
			pw0 = sched_ns(s.pid)
			t0 = time.monotonic()
			g = s.spawn(cmd, 'doomgeneric-picowl', env={'ALSA_CONFIG_PATH': conf})
			status, ru = wait_rusage(g.proc, TIMEDEMO_TIMEOUT)
			r['wall_s'] = time.monotonic() - t0
			r['picowl_cpu_s'] = (sched_ns(s.pid) - pw0) / 1e9
			size_before = os.path.getsize(counters)
			os.kill(s.pid, signal.SIGUSR1)
			harness.poll(lambda: os.path.getsize(counters) > size_before
				     and 'context switches per frame' in open(counters).read()[size_before:],
				     'picowl dumps its counters', timeout=10)
			time.sleep(0.05)
			with open(counters) as f:
				text = f.read()[size_before:]
			err = g.stderr()
			harness.check(status in GAME_STATUS, '%s: the game exited with %s:\n%s'
				      % (r['config'], status, err[-2000:]))
			game_figures(r, err, ru, DGSTATS)
			r['audio_bytes'] = os.path.getsize(raw) if os.path.exists(raw) else 0
			r.update(parse_counters(text))
	finally:
		os.unlink(counters)
	r['picowl_share'] = r['picowl_cpu_s'] / (r['picowl_cpu_s'] + r['game_cpu_s'])
	return r


def run_headless(args, variant):
	vname, _, vopts = variant
	r = {'config': 'headless / %s' % vname, 'layout': 'headless', 'variant': vname}
	with tempfile.TemporaryDirectory(prefix='picowl-dg-headless-') as d:
		raw = os.path.join(d, 'audio.raw')
		conf = sound_conf(d, raw, vname)
		env = dict(os.environ, ALSA_CONFIG_PATH=conf)
		env.pop('WAYLAND_DISPLAY', None)
		cmd = [args.headless, '-iwad', args.iwad, '-timedemo', 'demo1', '-nogui',
		       '-dgstats'] + vopts
		t0 = time.monotonic()
		with open(os.path.join(d, 'stderr'), 'wb') as ferr:
			p = subprocess.Popen(cmd, env=env, cwd=d, stdin=subprocess.DEVNULL,
					     stdout=subprocess.DEVNULL, stderr=ferr, start_new_session=True)
			status, ru = wait_rusage(p, TIMEDEMO_TIMEOUT)
		r['wall_s'] = time.monotonic() - t0
		with open(os.path.join(d, 'stderr'), errors='replace') as f:
			err = f.read()
		harness.check(status in GAME_STATUS, '%s: exited with %s:\n%s'
			      % (r['config'], status, err[-2000:]))
		game_figures(r, err, ru, HEADLESS_FRAMES)
		r['audio_bytes'] = os.path.getsize(raw) if os.path.exists(raw) else 0
	r['game_cpu_us_frame'] = r['game_cpu_s'] * 1e6 / r['frames'] if r['frames'] else None
	return r


def build_headless(args, workdir):
	"""Links dg_headless.c with the build's engine library and sound module objects."""
	b = os.path.join(args.build, 'clients', 'doomgeneric')
	objs = [os.path.join(b, 'doomgeneric-picowl.p', n + '.c.o')
		for n in ('dg_sound', 'dg_mix', 'dg_options')]
	lib = os.path.join(b, 'libdg-engine.a')
	for p in objs + [lib]:
		harness.need(p, p, '(configure with -Ddoomgeneric=PATH and run ninja)')
	engine_dir = os.path.join(args.doomgeneric, 'doomgeneric')
	out = os.path.join(workdir, 'dg-headless')
	cmd = [args.cc, '-O2', '-I', engine_dir, '-DDOOMGENERIC_RESX=320', '-DDOOMGENERIC_RESY=200',
	       '-o', out, os.path.join(HERE, 'dg_headless.c')] + objs + [lib, '-lasound', '-lpthread',
								    '-lm']
	print('build: %s' % ' '.join(cmd), flush=True)
	subprocess.run(cmd, check=True)
	return out


def loadavg():
	with open('/proc/loadavg') as f:
		return ' '.join(f.read().split()[:3])


def mean(rs, key):
	vals = [r[key] for r in rs if r.get(key) is not None]
	return statistics.mean(vals) if vals else float('nan')


def spread(rs, key):
	vals = [r[key] for r in rs if r.get(key) is not None]
	return (min(vals), max(vals)) if vals else (float('nan'), float('nan'))


def report(runs, rounds):
	by = {}
	for r in runs:
		by.setdefault((r['layout'], r['variant']), []).append(r)
	for lname, _, _ in LAYOUTS:
		if not any(k[0] == lname for k in by):
			continue
		print('\n%s (%d rounds, means; fps min-max)\n' % (lname, rounds))
		print('| options | fps | game CPU ms/frame | voluntary cs | vcs/frame | vs -nosound '
		      '| audio s | picowl ms/frame (median) | bytes/commit | fixed ms/commit '
		      '| picowl cs/frame | picowl CPU s | picowl share |')
		print('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
		nos = by.get((lname, 'nosound'), [])
		for vname, label, _ in VARIANTS:
			rs = by.get((lname, vname), [])
			if not rs:
				continue
			lo, hi = spread(rs, 'fps')
			ratio = mean(rs, 'nvcsw') / mean(nos, 'nvcsw') if nos else float('nan')
			print('| %s | %.1f (%.1f-%.1f) | %.3f | %.0f | %.2f | %.2fx | %.1f | %.3f | %.0f '
			      '| %.3f | %.2f | %.3f | %.1f %% |'
			      % (label, mean(rs, 'fps'), lo, hi, mean(rs, 'game_cpu_us_frame') / 1000,
				 mean(rs, 'nvcsw'), mean(rs, 'vcsw_per_frame'), ratio,
				 mean(rs, 'audio_s'), mean(rs, 'pw_ms_median'),
				 mean(rs, 'pw_bytes_per_commit'), mean(rs, 'pw_fixed_ms'),
				 mean(rs, 'pw_vcsw_per_frame'), mean(rs, 'picowl_cpu_s'),
				 100 * mean(rs, 'picowl_share')))
	hs = [v for v in HEADLESS_VARIANTS if ('headless', v) in by]
	if hs:
		print('\nheadless engine, no display (%d rounds, means; fps min-max)\n' % rounds)
		print('| options | fps | game CPU ms/frame | voluntary cs | vcs/frame | audio s |')
		print('|---|---|---|---|---|---|')
		for vname, label, _ in VARIANTS:
			rs = by.get(('headless', vname), [])
			if rs:
				lo, hi = spread(rs, 'fps')
				print('| %s | %.1f (%.1f-%.1f) | %.3f | %.0f | %.2f | %.1f |'
				      % (label, mean(rs, 'fps'), lo, hi, mean(rs, 'game_cpu_us_frame') / 1000,
					 mean(rs, 'nvcsw'), mean(rs, 'vcsw_per_frame'), mean(rs, 'audio_s')))


def main():
	p = argparse.ArgumentParser(
		description='The real doomgeneric under picowl headless: seed 002\'s tables '
		'(see the module docstring and tests/doomgeneric/RESULTS.md).')
	p.add_argument('--build', default='build',
		       help='a meson build set up with -Ddoomgeneric=PATH (default: build)')
	p.add_argument('--doomgeneric', default='',
		       help='the doomgeneric checkout (default: the build\'s -Ddoomgeneric)')
	p.add_argument('--iwad', default='/usr/share/games/doom/freedoom1.wad')
	p.add_argument('--rounds', type=int, default=3, help='interleaved rounds (default 3)')
	p.add_argument('--refresh', default='60', help='picowl --refresh HZ (default 60)')
	p.add_argument('--only', default='',
		       help='comma-separated layouts to run (windowed-portrait, windowed-landscape, '
		       'fullscreen-portrait, fullscreen-landscape, headless); default all')
	p.add_argument('--variants', default='',
		       help='comma-separated variants (thread, nosound, tick, tick+p); default all')
	p.add_argument('--json', default='', help='write every run\'s figures to this file')
	p.add_argument('--cc', default='cc')
	p.add_argument('--verbose', action='store_true', help='the harness\'s log of each run')
	args = p.parse_args()
	if not args.verbose:
		harness.log = lambda msg: None
	b = os.path.abspath(args.build)
	args.build = b
	args.picowl = harness.need(os.path.join(b, 'compositor', 'picowl'), 'picowl', 'ninja')
	args.game = harness.need(os.path.join(b, 'clients', 'doomgeneric', 'doomgeneric-picowl'),
				 'doomgeneric-picowl', '(configure with -Ddoomgeneric=PATH)')
	args.load = harness.need(os.path.join(b, 'clients', 'picowl-load', 'picowl-load'),
				 'picowl-load', 'ninja')
	args.ctl = harness.need(os.path.join(b, 'clients', 'picowl-ctl', 'picowl-ctl'),
				'picowl-ctl', 'ninja')
	args.iwad = harness.need(args.iwad, 'freedoom1.wad', 'freedoom')
	if not args.doomgeneric:
		with open(os.path.join(b, 'meson-info', 'intro-buildoptions.json')) as f:
			opts = {o['name']: o['value'] for o in json.load(f)}
		args.doomgeneric = opts.get('doomgeneric', '')
	harness.check(args.rounds >= 1, '--rounds must be 1 or more')
	only = set(args.only.split(',')) if args.only else None
	variants = set(args.variants.split(',')) if args.variants else None
	configs = []
	for layout in LAYOUTS:
		if only and layout[0].replace(' ', '-') not in only:
			continue
		for v in VARIANTS:
			if not variants or v[0] in variants:
				configs.append(('picowl', layout, v))
	if not only or 'headless' in only:
		for v in VARIANTS:
			if v[0] in HEADLESS_VARIANTS and (not variants or v[0] in variants):
				configs.append(('headless', None, v))
	harness.check(configs, 'no configuration selected')
	workdir = tempfile.mkdtemp(prefix='picowl-bench-real-')
	try:
		if any(c[0] == 'headless' for c in configs):
			args.headless = build_headless(args, workdir)
		print('%d configurations x %d rounds; load average %s' % (len(configs), args.rounds,
									    loadavg()), flush=True)
		runs = []
		t_start = time.monotonic()
		for rnd in range(args.rounds):
			k = rnd % len(configs)
			order = configs[k:] + configs[:k]
			for kind, layout, v in order:
				la = loadavg()
				if kind == 'headless':
					r = run_headless(args, v)
				else:
					r = run_picowl(args, layout, v)
				r['round'] = rnd + 1
				r['loadavg_before'] = la
				runs.append(r)
				print('round %d: %-36s %7.1f fps, %5d vcs (%.2f a frame), game CPU %.2f s, '
				      'picowl CPU %.2f s; load %s'
				      % (rnd + 1, r['config'], r['fps'], r['nvcsw'], r['vcsw_per_frame'] or 0,
					 r['game_cpu_s'], r.get('picowl_cpu_s', 0.0), la), flush=True)
		print('\n%d runs in %.0f s; load average at the end %s'
		      % (len(runs), time.monotonic() - t_start, loadavg()))
		report(runs, args.rounds)
		if args.json:
			with open(args.json, 'w') as f:
				json.dump(runs, f, indent=1)
	finally:
		shutil.rmtree(workdir, ignore_errors=True)


if __name__ == '__main__':
	try:
		main()
	except harness.TestFailure as e:
		print('FAIL: %s' % e, flush=True)
		sys.exit(1)
