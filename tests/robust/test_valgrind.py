#!/usr/bin/env python3
"""picowl under valgrind memcheck: two clients drawing (weston-simple-shm and robust's commit
loop), connections coming and going, grim screenshots, then SIGTERM. valgrind exits 1 on any
invalid access, use of uninitialised memory or definite leak, and the harness fails on a
non-zero exit. --suppressions: valgrind.supp (see its comments; system libraries only).
"""

import os
import stat
import subprocess
import time

import harness
from harness import check, log

HERE = os.path.dirname(os.path.abspath(__file__))


def add_args(p):
	p.add_argument('--robust', required=True)
	p.add_argument('--valgrind', default='')


class ValgrindSession(harness.Session):
	"""Keeps picowl's stderr (valgrind's report) for after the session directory is gone."""

	report = ''

	def stop(self):
		try:
			super().stop()
		finally:
			if self.proc is not None:
				self.report = self.picowl_stderr()


def run():
	args = harness.parse_args(add_args)
	valgrind = harness.need(args.valgrind, 'valgrind', 'valgrind')
	shm_path = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	robust = harness.need(args.robust, 'robust test client', '(built by meson)')
	picowl = harness.need(args.picowl, 'picowl', '(built by meson)')

	# The harness starts args.picowl with its arguments: a wrapper puts valgrind in front.
	s = ValgrindSession(args, name='picowl under valgrind')
	wrapper = os.path.join(s.dir, 'picowl-valgrind')
	with open(wrapper, 'w') as f:
		f.write('#!/bin/sh\nexec %s --error-exitcode=1 --leak-check=full '
			'--errors-for-leak-kinds=definite --show-leak-kinds=definite '
			'--suppressions=%s %s "$@"\n'
			% (valgrind, os.path.join(HERE, 'valgrind.supp'), picowl))
	os.chmod(wrapper, stat.S_IRWXU)
	s.picowl_path = wrapper

	with s:
		one = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		t1 = harness.content_box(harness.tile_boxes(2, s.width, s.height)[0])
		good = s.spawn([shm_path], 'simple-shm')
		s.wait_for(lambda img: harness.shm_problems(img, one), 'simple-shm fills the output',
			   timeout=60)
		conn = s.spawn([robust, 'soak-connect'], 'connect', stdin=subprocess.PIPE)
		commit = s.spawn([robust, 'soak-commit'], 'commit', stdin=subprocess.PIPE)
		s.poll(lambda: 'ready' in conn.stdout() and 'ready' in commit.stdout(),
		       'the robust clients are ready', timeout=60)
		s.wait_for(lambda img: harness.shm_problems(img, t1), 'simple-shm in tile 1',
			   timeout=60)
		for client, count in ((conn, 200), (commit, 2000)):
			client.proc.stdin.write(b'%d\n' % count)
			client.proc.stdin.flush()
			s.poll(lambda: 'done' in client.stdout() or not client.alive(),
			       '%s finishes' % client.name, timeout=60, interval=0.1)
			check(client.alive(), '%s failed: %s' % (client.name, client.stdout()))
		time.sleep(3)	# a few seconds of both clients drawing
		first = s.screenshot()
		s.wait_for(lambda img: [] if img.region_bytes(t1) != first.region_bytes(t1)
			   else ['simple-shm did not change'], 'simple-shm animates', timeout=30)
		check(good.alive(), 'simple-shm died: %s' % good.stderr())
		commit.proc.stdin.close()
		conn.proc.stdin.close()
		s.check_alive('before SIGTERM')
	# Session's exit sent SIGTERM and required status 0: valgrind found nothing.
	summary = [line for line in s.report.splitlines()
		   if 'ERROR SUMMARY' in line or 'definitely lost' in line]
	check(summary, 'valgrind printed no summary: did it run?\n%s' % s.report)
	log('\n'.join(summary))


harness.main(run)
