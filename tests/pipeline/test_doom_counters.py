"""A counters dump of chocolate-doom's timedemo in a tile, next to an idle terminal, gives the
seed's figures directly: picowl's time per frame, the copy time, bytes per commit, the copy
rate in MB/s, the fixed cost per commit (or why it cannot be fitted) and the context switches
per frame. picowl copies from its shadow to the display (--present shadow), as on the h2200."""

import os
import re
import signal
import time

import harness
from harness import check, log

DOOM_ENV = {'SDL_VIDEODRIVER': 'wayland', 'SDL_AUDIODRIVER': 'dummy',
	    'LIBGL_ALWAYS_SOFTWARE': '1'}


def number(text, pattern, what):
	m = re.search(pattern, text)
	check(m, 'the dump has no %s:\n%s' % (what, text))
	return float(m.group(1))


def last_dump(counters, offset):
	with open(counters) as f:
		f.seek(offset)
		return f.read()


def empty_frames(pid, counters):
	"""The frames without damage ("none") in a dump asked for now with SIGUSR1."""
	size = os.path.getsize(counters) if os.path.exists(counters) else 0
	os.kill(pid, signal.SIGUSR1)
	for _ in range(50):
		if os.path.exists(counters) and os.path.getsize(counters) > size:
			text = last_dump(counters, size)
			m = re.search(r'paths: composite \d+, direct \d+, none (\d+)', text)
			if m and 'context switches' in text:
				return int(m.group(1))
		time.sleep(0.02)
	return 0


def run(args):
	harness.need(args.doom, 'chocolate-doom', 'chocolate-doom')
	session = harness.Session(args, size='240x320', fmt='rgb565',
				  extra_args=['--present', 'shadow'])
	counters = os.path.join(session.dir, 'counters.txt')
	session.extra_args += ['--counters', counters]
	with session as s:
		# The terminal commits without damage (as on a focus change) before doom starts:
		# those frames give the fixed cost when doom's frames are all of one size.
		s.spawn([args.picowl_load, '--damage', 'none', '--rate', '10'], 'idle')
		harness.poll(lambda: empty_frames(s.pid, counters) >= 5,
			     'five frames without damage in the counters', timeout=30, interval=0.3)
		doom = s.spawn([args.doom, '-iwad', args.iwad, '-nosound', '-nomusic', '-nogui',
				'-window', '-timedemo', 'demo1'], 'chocolate-doom', env=DOOM_ENV)
		harness.poll(lambda: doom.proc.poll() is not None, 'the timedemo ends', timeout=300)
		check('timed' in doom.stdout() + doom.stderr(), 'the timedemo did not complete')
		before = os.path.getsize(counters)
		os.kill(s.pid, signal.SIGUSR1)
		harness.poll(lambda: 'context switches' in last_dump(counters, before),
			     'the counters dump', timeout=10)
		text = last_dump(counters, before)
		log(text)
		per_frame = number(text, r'picowl per frame\s+\d+\s+[\d.]+\s+([\d.]+)',
				   "picowl's time per frame")
		copy = number(text, r'present \(copy\)\s+\d+\s+[\d.]+\s+([\d.]+)', 'copy time')
		per_commit = number(text, r'([\d.]+) bytes per commit', 'bytes per commit')
		rate = number(text, r'copy: [\d.]+ ms in all, ([\d.]+) MB/s', 'copy rate')
		vcsw = number(text, r'context switches per frame: ([\d.]+) voluntary',
			      'context switches per frame')
		fixed = number(text, r'([\d.]+) ms fixed per commit', 'fixed cost per commit')
		log('seed figures: picowl %.3f ms/frame (median), copy %.3f ms, %d bytes/commit, '
		    '%.1f MB/s, fixed %.3f ms/commit, %.2f switches/frame'
		    % (per_frame, copy, per_commit, rate, fixed, vcsw))
		check(per_frame > 0 and copy > 0 and per_commit > 0 and rate > 0 and vcsw > 0,
		      'a figure is zero: per frame %s ms, copy %s ms, %s bytes per commit, %s MB/s, '
		      '%s switches per frame' % (per_frame, copy, per_commit, rate, vcsw))
		# SDL commits several times a frame, so a commit moves at most a tile of rows.
		check(per_commit <= 240 * 161 * 2, 'bytes per commit %s is more than a tile' % per_commit)


def extra(p):
	p.add_argument('--picowl-load', required=True)


if __name__ == '__main__':
	args = harness.parse_args(extra)
	harness.main(lambda: run(args))
