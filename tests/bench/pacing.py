"""Doom paced by fifo barriers and commit times against Doom paced by frame callbacks (issue 37,
decision 4.97): section `pacing` of run.py.

usage: tests/bench/run.py --build build-bench --sections pacing --splice   # about 2 minutes
(the build configured with -Ddoomgeneric=PATH, freedoom installed)

doomgeneric-picowl plays `-playdemo demo1` (freedoom1, real time: 35 tics a second) for PLAY_S
in a tile of picowl headless, RGB565 240x320 at 60 Hz, once with -presentmode old (the
callback mode: each commit asks for a frame callback and the next waits for it) and once with
-presentmode fifo (no callbacks: wp_fifo_v1 barriers and wp_commit_timer_v1 times at the tic
rate). Each mode runs twice in fresh picowls: natively, for the counts (frames picowl presented,
from its counters; the game's commits, from -dgstats; the voluntary context switches of the game
and of picowl, /proc: each a wakeup), and under callgrind, for picowl's instructions while the
game was connected (its start-up and connection included, alike in both modes). Every figure is
divided by the frames presented in the same run: counts, not wall time.
"""

import os
import re
import signal
import subprocess
import tempfile
import time

TITLE = '## Doom paced by fifo and commit timing against frame callbacks'
PLAY_S = 10.0
MODES = ('old', 'fifo')
IWAD = '/usr/share/games/doom/freedoom1.wad'
FRAMES = re.compile(r'picowl counters: (\d+) frames, (\d+) commits shown')
COMMITS = re.compile(r'picowl-dg: (\d+) commits')
TICS = re.compile(r'picowl-dg: (\d+) game tics')


def vol(pid):
	"""Voluntary context switches of a process, its threads summed (each a wakeup)."""
	total = 0
	for task in os.listdir('/proc/%d/task' % pid):
		with open('/proc/%d/task/%s/status' % (pid, task)) as f:
			for line in f:
				if line.startswith('voluntary_ctxt_switches:'):
					total += int(line.split()[1])
	return total


def play(a, c, mode, log):
	"""One run of the game in compositor c: its figures."""
	game = os.path.join(a.build, 'clients', 'doomgeneric', 'doomgeneric-picowl')
	cmd = [game, '-iwad', IWAD, '-playdemo', 'demo1', '-nogui', '-nosound', '-dgstats',
	       '-presentmode', mode]
	err = tempfile.TemporaryFile(mode='w+')
	g = subprocess.Popen(cmd, env=c.client_env({'PICOWL_DG_DEBUG': '1'}), cwd=c.dir,
			     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
	deadline = time.monotonic() + 120
	while time.monotonic() < deadline and g.poll() is None:
		err.seek(0)
		if 'picowl-dg: buffer' in err.read():
			break
		time.sleep(0.05)
	pw0 = vol(c.pid)
	time.sleep(PLAY_S)
	if g.poll() is not None:
		raise RuntimeError('pacing: the game ended early (%s)' % g.returncode)
	game_vol, pw1 = vol(g.pid), vol(c.pid)
	g.send_signal(signal.SIGTERM)
	g.wait(60)
	err.seek(0)
	text = err.read()
	commits, tics = COMMITS.search(text), TICS.search(text)
	if not commits or not tics:
		raise RuntimeError('pacing: no -dgstats from the game:\n' + text[-1500:])
	return {'commits': int(commits.group(1)), 'tics': int(tics.group(1)), 'game_vol': game_vol,
		'picowl_vol': pw1 - pw0}


def frames_presented(c):
	"""picowl's counters, dumped when it ends: the frames it presented."""
	with open(os.path.join(c.dir, 'counters.txt')) as f:
		m = FRAMES.search(f.read())
	if not m:
		raise RuntimeError('pacing: no counters from picowl in %s' % c.dir)
	return int(m.group(1))


def section(a, results, log, compositor):
	"""Fills results['pacing'][mode]; `compositor` is run.py's Compositor."""
	out = results.setdefault('pacing', {})
	for mode in MODES:
		row = {}
		for cg in (False, True):
			c = compositor('picowl-565', 'picowl', '240x320', a.work, a.build, fmt='rgb565',
				       callgrind=cg)
			c.extra = ['--counters', os.path.join(c.dir, 'counters.txt'), '--counters-at-exit']
			c.start()
			try:
				if cg:
					# the start-up's dump: the first client's disconnect
					idle = subprocess.run(
						[os.path.join(a.build, 'clients', 'picowl-load', 'picowl-load'),
						 '--frames', '1'], env=c.client_env(), timeout=300,
						stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
					if idle.returncode != 0:
						raise RuntimeError('pacing: picowl-load failed')
					c.dump()
				res = play(a, c, mode, log)
				if cg:
					res['instructions'] = c.dump()
			finally:
				c.stop()
			res['frames'] = frames_presented(c)
			if cg:
				row['callgrind'] = res
			else:
				row.update(res)
		out[mode] = row
		f = row['frames']
		log('pacing %-5s %d frames presented, %d commits, %.2f game and %.2f picowl wakeups '
		    'a frame; %.0f picowl instructions a frame (callgrind run: %d frames)'
		    % (mode, f, row['commits'], row['game_vol'] / f, row['picowl_vol'] / f,
		       row['callgrind']['instructions'] / row['callgrind']['frames'],
		       row['callgrind']['frames']))


def report(results, checks):
	t = results.get('pacing')
	if not t or any(m not in t for m in MODES):
		return []
	L = [TITLE + '\n']
	L.append('doomgeneric-picowl `-playdemo demo1` for %.0f s in a tile of picowl headless '
		 '(RGB565 240x320, 60 Hz), -presentmode old (frame callbacks) and fifo (wp_fifo_v1 '
		 'and wp_commit_timer_v1 at the tic rate). Per frame picowl presented, in the same '
		 'run; instructions from a second run under callgrind (picowl only, the game\'s '
		 'whole connection).\n' % PLAY_S)
	L.append('| mode | game tics | frames presented | commits | commits a frame | game wakeups '
		 'a frame | picowl wakeups a frame | picowl instructions a frame |')
	L.append('|---|---:|---:|---:|---:|---:|---:|---:|')
	per = {}
	for mode in MODES:
		r = t[mode]
		f = r['frames']
		cg = r['callgrind']
		per[mode] = {'commits': r['commits'] / f, 'game': r['game_vol'] / f,
			     'picowl': r['picowl_vol'] / f, 'ins': cg['instructions'] / cg['frames']}
		p = per[mode]
		L.append('| %s | %d | %d | %d | %.2f | %.2f | %.2f | %.0f |'
			 % ('callbacks (old)' if mode == 'old' else 'fifo', r['tics'], f, r['commits'],
			    p['commits'], p['game'], p['picowl'], p['ins']))
	L.append('\nOver the %.0f s of the demo (the callgrind run\'s instructions scaled to the '
		 'native run\'s frames):\n' % PLAY_S)
	L.append('| mode | frames presented | game wakeups | picowl wakeups | picowl instructions |')
	L.append('|---|---:|---:|---:|---:|')
	for mode in MODES:
		r = t[mode]
		L.append('| %s | %d | %d | %d | %.1f M |'
			 % ('callbacks (old)' if mode == 'old' else 'fifo', r['frames'], r['game_vol'],
			    r['picowl_vol'], per[mode]['ins'] * r['frames'] / 1e6))
	o, q = per['old'], per['fifo']
	L.append('\nfifo against callbacks, a frame: game wakeups %.2fx, picowl wakeups %.2fx, '
		 'picowl instructions %.2fx; over the demo: frames %.2fx, game wakeups %.2fx, picowl '
		 'wakeups %.2fx, picowl instructions %.2fx.\n'
		 % (q['game'] / o['game'], q['picowl'] / o['picowl'], q['ins'] / o['ins'],
		    t['fifo']['frames'] / t['old']['frames'],
		    t['fifo']['game_vol'] / t['old']['game_vol'],
		    t['fifo']['picowl_vol'] / t['old']['picowl_vol'],
		    q['ins'] * t['fifo']['frames'] / (o['ins'] * t['old']['frames'])))
	checks.append(('Doom in fifo mode wakes no more often a frame than with frame callbacks: '
		       'game %.2f against %.2f' % (q['game'], o['game']), q['game'] <= o['game'] * 1.05))
	return L
