#!/usr/bin/env python3
"""Per-client memory budgets (compositor/core/budget.h), next to an animating weston-simple-shm:

- a client making surfaces, regions of many rectangles (set as their opaque and input regions)
  and data sources in a loop gets no_memory at [limits] client_memory; with --rss picowl's peak
  RSS (VmHWM, reset before the hog) stays under its RSS before + the limit + 1 MiB;
- a client whose 8 role-less surfaces each show a 2048x2048 buffer of one sparse 16 MiB pool and
  then destroy it (picowl keeps a shown buffer's pixels) stays within the same bound (issue 35:
  it took picowl to 152 MB before the kept pixels were charged, 4.64);
- so do a client whose toplevels each set a 4,000-byte title and app id, and one whose text
  inputs each commit 4,000 bytes of surrounding text, in a loop: each gets no_memory (issue 38:
  the strings are charged to their client);
- simple-shm keeps animating (its frame callbacks keep coming) through and after it;
- 500 clients at once, each mapping a toplevel, then all gone: with --rss picowl's RSS returns
  to within 1 MiB of where it was (it gives the freed memory back, malloc_trim);
- a reload (SIGHUP) to a limit of 256 KiB applies to a client already connected with 200
  surfaces: its next surfaces get it no_memory;
- with --rss, in a second picowl without a limit: what 5,000 surfaces, regions, data sources,
  toplevels, subsurfaces (of one parent) and virtual pointers each cost in RSS is at most what
  budget.c charges for one (COSTS), so that the
  charges keep bounding picowl's memory when its objects grow.

The RSS bounds are for the plain build: AddressSanitizer keeps its own heap and shadow.
"""

import os
import signal
import subprocess
import time

import harness
from harness import check, log

LIMIT_KIB = 1024
CLIENTS = 500
SLACK_KIB = 1024
# budget.c's charges: wl_surface; wl_region; wl_data_source; wl_surface + xdg_surface +
# xdg_toplevel; wl_surface + wl_subsurface
COSTS = {'surface': 1536, 'region': 320, 'source': 384, 'toplevel': 1536 + 512 + 1024,
	 'subsurface': 1536 + 512, 'virtual-pointer': 1536}
COUNT = 5000


def settled(pid):
	"""RSS once picowl is done with the clients that went (its trim included)."""
	last = None
	for _ in range(40):
		time.sleep(0.25)
		now = harness.status_kib(pid, 'VmRSS')
		if now == last:
			return now
		last = now
	return last


def add_args(p):
	p.add_argument('--robust', required=True)
	p.add_argument('--memory', required=True)
	p.add_argument('--rss', action='store_true', help='check the RSS bounds (plain build)')


def run_client(s, argv, name, timeout):
	c = s.spawn(argv, name)
	c.wait(timeout)
	log('%s: %s' % (name, c.stdout().strip()))
	check(c.proc.returncode == 0, '%s exited with %s: %s %s' % (name, c.proc.returncode,
	      c.stdout(), c.stderr()))
	s.check_alive('after ' + name)


def animates(s, box, what):
	first = s.screenshot()
	s.wait_for(lambda img: [] if img.region_bytes(box) != first.region_bytes(box)
		   else ['simple-shm did not change'], 'simple-shm animates ' + what)


def costs(args, memory):
	s = harness.Session(args)
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[limits]\nclient_memory = 0\nclient_subsurfaces = 0\n')
	with s:
		for kind, charge in COSTS.items():
			rss0 = settled(s.pid)
			c = s.spawn([memory, 'count', kind, str(COUNT)], 'count-' + kind,
				    stdin=subprocess.PIPE)
			s.poll(lambda: 'made' in c.stdout() or not c.alive(), '%d %s made' % (COUNT, kind),
			       timeout=60, interval=0.1)
			rss1 = settled(s.pid)
			c.proc.stdin.close()
			c.wait(20)
			each = (rss1 - rss0) * 1024 // COUNT
			log('%d %s: RSS %d -> %d KiB, %d bytes each, charged %d' % (COUNT, kind, rss0, rss1,
			    each, charge))
			check(c.proc.returncode == 0, 'count %s: %s %s' % (kind, c.stdout(), c.stderr()))
			check(each <= charge, 'a %s costs picowl %d bytes, budget.c charges %d'
			      % (kind, each, charge))


def run():
	os.environ.setdefault('ASAN_OPTIONS', 'abort_on_error=0:detect_leaks=1:quarantine_size_mb=0')
	args = harness.parse_args(add_args)
	shm_path = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	memory = harness.need(args.memory, 'memory test client', '(built by meson)')

	s = harness.Session(args)
	ini = os.path.join(s.home, '.config', 'picowl', 'picowl.ini')
	with open(ini, 'w') as f:
		f.write('[limits]\nclient_memory = %dK\n' % LIMIT_KIB)
	with s:
		one = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		good = s.spawn([shm_path], 'good-simple-shm')
		s.wait_for(lambda img: harness.shm_problems(img, one), 'simple-shm fills the output')
		# warm-up: the heap and the small blocks picowl keeps anyway
		run_client(s, [memory, 'clients', '20'], 'warm-up', 60)

		rss0 = settled(s.pid)
		harness.reset_peak(s.pid)
		run_client(s, [memory, 'hog'], 'hog', 120)
		peak = harness.status_kib(s.pid, 'VmHWM')
		rss1 = settled(s.pid)
		log('hog with client_memory = %d KiB: RSS %d KiB before, peak %d KiB (%+d), %d KiB '
		    'after (%+d)' % (LIMIT_KIB, rss0, peak, peak - rss0, rss1, rss1 - rss0))
		animates(s, one, 'after the hog')
		if args.rss:
			check(peak <= rss0 + LIMIT_KIB + SLACK_KIB, 'picowl peaked at %d KiB, over %d + '
			      '%d + %d KiB' % (peak, rss0, LIMIT_KIB, SLACK_KIB))

		harness.reset_peak(s.pid)
		run_client(s, [memory, 'kept', '8'], 'kept', 60)
		peak = harness.status_kib(s.pid, 'VmHWM')
		log('kept pixels of 8 destroyed 2048x2048 buffers: RSS %d KiB before, peak %d KiB '
		    '(%+d)' % (rss1, peak, peak - rss1))
		animates(s, one, 'after the kept pixels')
		if args.rss:
			check(peak <= rss1 + LIMIT_KIB + SLACK_KIB, 'kept pixels: picowl peaked at %d '
			      'KiB, over %d + %d + %d KiB' % (peak, rss1, LIMIT_KIB, SLACK_KIB))
		rss1 = settled(s.pid)

		for mode in ('titles', 'surrounding'):
			harness.reset_peak(s.pid)
			run_client(s, [memory, mode], mode, 120)
			peak = harness.status_kib(s.pid, 'VmHWM')
			log('%s with client_memory = %d KiB: RSS %d KiB before, peak %d KiB (%+d)'
			    % (mode, LIMIT_KIB, rss1, peak, peak - rss1))
			if args.rss:
				check(peak <= rss1 + LIMIT_KIB + SLACK_KIB, '%s: picowl peaked at %d KiB, '
				      'over %d + %d + %d KiB' % (mode, peak, rss1, LIMIT_KIB, SLACK_KIB))
			rss1 = settled(s.pid)
		animates(s, one, 'after the long strings')

		start = time.monotonic()
		c = s.spawn([memory, 'clients', str(CLIENTS)], 'clients')
		# simple-shm is drawn while they come (a tile of its own among 500)
		c.wait(120)
		log('clients: %s (%.1f s)' % (c.stdout().strip(), time.monotonic() - start))
		check(c.proc.returncode == 0, '%d clients: %s %s' % (CLIENTS, c.stdout(), c.stderr()))
		peak2 = harness.status_kib(s.pid, 'VmHWM')
		rss2 = settled(s.pid)
		log('%d clients came and went: RSS %d KiB before, peak %d KiB, %d KiB after (%+d)'
		    % (CLIENTS, rss1, peak2, rss2, rss2 - rss1))
		s.wait_for(lambda img: harness.shm_problems(img, one), 'simple-shm fills the output '
			   'again')
		animates(s, one, 'after the clients')
		check(good.alive(), 'simple-shm died: %s' % good.stderr())
		if args.rss:
			check(rss2 - rss1 <= SLACK_KIB, 'picowl RSS %d KiB after %d clients, %d KiB '
			      'before: more than %d KiB kept' % (rss2, CLIENTS, rss1, SLACK_KIB))
			log('bounds: peak under RSS + limit + %d KiB, RSS back within %d KiB; both held'
			    % (SLACK_KIB, SLACK_KIB))

		c = s.spawn([memory, 'count', 'surface', '200'], 'count-reload', stdin=subprocess.PIPE)
		s.poll(lambda: 'made' in c.stdout() or not c.alive(), '200 surfaces made', timeout=30)
		check(c.alive(), 'the client of 200 surfaces: %s %s' % (c.stdout(), c.stderr()))
		with open(ini, 'w') as f:
			f.write('[limits]\nclient_memory = 256K\n')
		os.kill(s.pid, signal.SIGHUP)
		s.poll(lambda: 'reloaded' in s.picowl_stderr(), 'picowl reloads', timeout=10)
		c.proc.stdin.write(b'10\n')
		c.proc.stdin.flush()
		c.wait(20)
		log('count-reload: %s' % ' | '.join(c.stdout().strip().splitlines()))
		check('no_memory' in c.stdout(), 'after a reload to 256K the client of 200 surfaces '
		      'made more: %s' % c.stdout())
		s.check_alive('after the reload')
	if args.rss:
		costs(args, memory)


harness.main(run)
