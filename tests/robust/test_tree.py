#!/usr/bin/env python3
"""Deep subsurface trees (tests/robust/tree.c) next to a good client that draws one frame per
frame callback: picowl handles a tree of any depth without recursion and in time linear in the
tree (doc/DESIGN.md 4.37).

--case chain-2000: a chain of 2,000 synchronized subsurfaces with buffers, committed from the
  leaf up and then the root, is set up (to the round trip) in under 2 s, while the good client
  gets its frame callbacks at the refresh (60 Hz): from the setup's start to a second after its
  end, at least 90 % of the refresh's frames, none more than 250 ms apart (a sanity bound for
  the ASan build on a loaded machine). Then, measured and printed, not checked: every level is
  committed again for each of the chain's frames for 2 s (a client sending 6,000 requests a
  frame), and the chain is destroyed from the leaf up.
--case chain-100000: 100,000 levels without buffers, committed from the leaf up, then the root,
  then destroyed from the leaf up: picowl stays up, the chain's client ends alive or with a
  protocol error, and the good client goes on getting frame callbacks.

Both run with the client memory budget and the subsurface cap off ([limits] client_memory = 0,
client_subsurfaces = 0): under the defaults a chain this deep meets them (no_memory) long before
the depths that matter here.
"""

import os
import re
import signal
import subprocess

import harness
from harness import check, log

REFRESH = 60.0
CASES = {
	# depth, chain options, setup limit (ms), least share of the refresh's frames, largest gap
	'chain-2000': (2000, ['buffers', 'idle', '1', 'churn', '2', 'destroy'], 2000, 0.9, 250),
	'chain-100000': (100000, ['idle', '1', 'destroy'], None, None, None),
}


def add_args(p):
	p.add_argument('--case', required=True, choices=sorted(CASES))
	p.add_argument('--tree', required=True)
	p.add_argument('--robust', default='')


def frame_times(client):
	return [int(m.group(1)) for m in re.finditer(r'^frame (\d+)$', client.stdout(), re.M)]


def run():
	args = harness.parse_args(add_args)
	tree = harness.need(args.tree, 'tree test client', '(built by meson)')
	depth, options, setup_limit, least_share, largest_gap = CASES[args.case]
	s = harness.Session(args)
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[limits]\nclient_memory = 0\nclient_subsurfaces = 0\n')
	with s:
		good = s.spawn([tree, 'good', '600'], 'tree-good')
		s.poll(lambda: len(frame_times(good)) >= 10 or not good.alive(),
		       'the good client draws', timeout=20)
		check(good.alive(), 'the good client ended: %s %s' % (good.stdout(), good.stderr()))
		bad = s.spawn([tree, 'chain', str(depth)] + options, 'tree-chain',
			      stdin=subprocess.PIPE)
		s.poll(lambda: 'mapped' in bad.stdout() or not bad.alive(),
		       'the chain client maps its toplevel', timeout=20)
		check(bad.alive(), 'the chain client ended before its chain: %s %s'
		      % (bad.stdout(), bad.stderr()))
		bad.proc.stdin.write(b'go\n')
		bad.proc.stdin.close()
		code = bad.wait(300)
		out = bad.stdout()
		log(out.strip())
		s.check_alive('after the chain of %d' % depth)
		check(code in (0, 2), 'the chain client neither ended alive nor got a protocol error '
		      '(status %d):\n%s%s' % (code, out, bad.stderr()))

		# the good client goes on after the chain's client went
		n = len(frame_times(good))
		s.poll(lambda: len(frame_times(good)) >= n + 10 or not good.alive(),
		       'the good client draws after the chain went', timeout=20)
		check(good.alive(), 'the good client ended: %s' % good.stderr())
		times = frame_times(good)

		stamp = {}
		for key, pattern in (('setup', r'^setup \d+ start (\d+) end (\d+)$'),
				     ('idle', r'^idle end ()(\d+)$'),
				     ('churn', r'^churn frames \d+ start (\d+) end (\d+)$'),
				     ('destroyed', r'^destroyed end ()(\d+)$')):
			x = re.search(pattern, out, re.M)
			if x:
				stamp[key] = int(x.group(2))
				if x.group(1):
					stamp[key + '_start'] = int(x.group(1))
		if setup_limit is not None:
			check(code == 0, 'the chain client did not end alive (status %d)' % code)
			check('setup' in stamp and 'idle' in stamp, 'the chain client printed no times')
		if 'setup' in stamp:
			took = stamp['setup'] - stamp['setup_start']
			log('setup of %d levels: %d ms' % (depth, took))
			if setup_limit is not None:
				check(took < setup_limit, 'setting up %d levels took %d ms (limit %d)'
				      % (depth, took, setup_limit))
		if 'churn' in stamp:
			c = re.search(r'^churn frames (\d+)', out, re.M)
			log('then the chain drew %s frames in %d ms, every level committed in each'
			    % (c.group(1), stamp['churn'] - stamp['churn_start']))
		if 'destroyed' in stamp:
			log('then it was destroyed from the leaf up in %d ms'
			    % (stamp['destroyed'] - max(v for k, v in stamp.items() if k != 'destroyed'
							 and not k.endswith('_start'))))

		def rate(t0, t1, what):
			inside = [t for t in times if t0 <= t <= t1]
			gaps = [b - a for a, b in zip([t0] + inside, inside + [t1])]
			span = max(t1 - t0, 1)
			share = len(inside) / (span / 1000.0 * REFRESH)
			log('the good client %s: %d frame callbacks in %d ms (%.1f per second, %.0f %% of '
			    'the refresh), the longest gap %d ms' % (what, len(inside), span,
								     len(inside) * 1000.0 / span,
								     share * 100, max(gaps)))
			return share, max(gaps)

		t0 = stamp.get('setup_start', times[0])
		if 'idle' in stamp:
			share, gap = rate(t0, stamp['idle'], 'during the setup and the second after')
			if least_share is not None:
				check(share >= least_share, 'the good client got %.0f %% of the refresh\'s '
				      'frame callbacks (at least %.0f %%)' % (share * 100, least_share * 100))
				check(gap <= largest_gap, 'the good client waited %d ms for a frame callback '
				      '(at most %d)' % (gap, largest_gap))
		if 'churn' in stamp:
			rate(stamp['churn_start'], stamp['churn'], 'while the chain drew')
		ends = [v for k, v in stamp.items() if not k.endswith('_start')]
		rate(t0, max(ends) if ends else times[-1], 'from the setup to the end')
		os.killpg(good.proc.pid, signal.SIGTERM)
		good.wait(10)


if __name__ == '__main__':
	harness.main(run)
