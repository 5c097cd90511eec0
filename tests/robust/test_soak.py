#!/usr/bin/env python3
"""Soak: 10,000 connections (connect, round trip, disconnect) and 100,000 commits of one
toplevel, next to an animating weston-simple-shm. picowl's RSS (VmRSS) and open fds are taken
after a warm-up (the same loops, shorter) and after the soak; the fds must end equal and the
RSS within RSS_BOUND_KIB of where it was. Both are printed.
"""

import os
import subprocess
import time

import harness
from harness import check, log

CONNECTIONS = 10000
COMMITS = 100000
RSS_BOUND_KIB = 512


def rss_kib(pid):
	with open('/proc/%d/status' % pid) as f:
		for line in f:
			if line.startswith('VmRSS:'):
				return int(line.split()[1])
	raise harness.TestFailure('no VmRSS for pid %d' % pid)


def fd_count(pid):
	return len(os.listdir('/proc/%d/fd' % pid))


def add_args(p):
	p.add_argument('--robust', required=True)


def run_loop(s, client, count, timeout):
	before = client.stdout().count('done')
	client.proc.stdin.write(b'%d\n' % count)
	client.proc.stdin.flush()
	s.poll(lambda: client.stdout().count('done') > before or not client.alive(),
	       '%s finishes %d' % (client.name, count), timeout=timeout, interval=0.1)
	check(client.alive(), '%s failed (status %s): %s %s' % (client.name, client.proc.returncode,
	      client.stdout(), client.stderr()))
	log('%s: %s' % (client.name, client.stdout().strip().splitlines()[-1]))
	s.check_alive('after %s' % client.name)


def settled(s):
	"""RSS and fds once the disconnections are processed: a few quiet readings in a row."""
	last = None
	for _ in range(20):
		time.sleep(0.25)
		now = (rss_kib(s.pid), fd_count(s.pid))
		if now == last:
			return now
		last = now
	return last


def run():
	# In the sanitizer build ASan holds freed memory in a quarantine of up to 256 MiB, which
	# the RSS bound would measure; without it freed memory is reused as in the plain build.
	os.environ.setdefault('ASAN_OPTIONS', 'abort_on_error=0:detect_leaks=1:quarantine_size_mb=0')
	args = harness.parse_args(add_args)
	shm_path = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	robust = harness.need(args.robust, 'robust test client', '(built by meson)')

	with harness.Session(args) as s:
		one = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		t1 = harness.content_box(harness.tile_boxes(2, s.width, s.height)[0])
		good = s.spawn([shm_path], 'good-simple-shm')
		s.wait_for(lambda img: harness.shm_problems(img, one), 'simple-shm fills the output')
		conn = s.spawn([robust, 'soak-connect'], 'soak-connect', stdin=subprocess.PIPE)
		commit = s.spawn([robust, 'soak-commit'], 'soak-commit', stdin=subprocess.PIPE)
		s.poll(lambda: 'ready' in conn.stdout() and 'ready' in commit.stdout(),
		       'the soak clients are ready', timeout=20)
		s.wait_for(lambda img: harness.shm_problems(img, t1), 'simple-shm in tile 1')

		run_loop(s, conn, 500, 60)
		run_loop(s, commit, 5000, 60)
		rss0, fds0 = settled(s)
		log('after warm-up: RSS %d KiB, %d open fds' % (rss0, fds0))

		start = time.monotonic()
		run_loop(s, conn, CONNECTIONS, 120)
		run_loop(s, commit, COMMITS, 120)
		rss1, fds1 = settled(s)
		log('after %d connections and %d commits (%.1f s): RSS %d KiB (%+d KiB), %d open fds '
		    '(%+d)' % (CONNECTIONS, COMMITS, time.monotonic() - start, rss1, rss1 - rss0,
			       fds1, fds1 - fds0))
		check(fds1 == fds0, 'picowl has %d open fds, %d before the soak' % (fds1, fds0))
		check(rss1 - rss0 <= RSS_BOUND_KIB, 'picowl RSS grew by %d KiB, more than %d KiB'
		      % (rss1 - rss0, RSS_BOUND_KIB))

		first = s.screenshot()
		s.wait_for(lambda img: [] if img.region_bytes(t1) != first.region_bytes(t1)
			   else ['simple-shm did not change'], 'simple-shm still animates')
		check(good.alive(), 'simple-shm died: %s' % good.stderr())
		log('bounds: open fds equal, RSS within +%d KiB; both held' % RSS_BOUND_KIB)


harness.main(run)
