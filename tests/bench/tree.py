"""Instructions of one frame of a deep subsurface chain (issue 18): section `tree` of run.py.

usage: tests/bench/run.py --build build-bench --sections tree --splice   # about 5 minutes

picowl runs under callgrind as in run.py's callgrind section (--dump-after=wl_client_destroy).
The client is tests/robust/tree: a toplevel with a chain of DEPTH synchronized subsurfaces with
8x8 buffers, each at 1,1 from its parent, in a 240x320 tile (picowl without a client memory
budget). Per frame it either commits every level again (new damage) from the leaf up and then
the root with a frame callback (`all`), or only the root (`root`: nothing of the chain changes,
the frame still walks it). Instructions per
frame = (I(F2) - I(F1)) / (F2 - F1) over two runs of F1 and F2 frames: the setup of the chain,
the same in both, cancels. Linear means the 2,000-level figure within 4x of the 1,000-level one
(2x is exact proportion): a claim of run.py's table.
"""

import os
import re
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEPTHS = [1000, 2000]
KINDS = ['all', 'root']
FRAMES = (4, 12)
TITLE = '## Deep subsurface chains (callgrind, instructions per frame)'


def run_client(tree, comp, depth, kind, frames):
	cmd = [tree, 'chain', str(depth), 'buffers', 'frames', str(frames)]
	if kind == 'root':
		cmd.append('root')
	r = subprocess.run(cmd, env=comp.client_env(), input='go\n', stdout=subprocess.PIPE,
			   stderr=subprocess.STDOUT, text=True, timeout=1200)
	if r.returncode != 0 or ('churn frames %d ' % frames) not in r.stdout:
		raise RuntimeError('tree chain %d %s on picowl failed (%d): %s'
				   % (depth, kind, r.returncode, r.stdout))


def section(a, results, log, compositor):
	"""Fills results['tree'][kind][depth]; `compositor` is run.py's Compositor class."""
	tree = os.path.join(a.build, 'tests', 'robust', 'tree')
	depths = getattr(a, 'tree_depths', DEPTHS)
	out = results.setdefault('tree', {})
	# no client memory budget: under the default, a chain this deep gets no_memory
	ini = os.path.join(a.work, 'tree.ini')
	with open(ini, 'w') as f:
		f.write('[limits]\nclient_memory = 0\n')
	c = compositor('picowl', 'picowl', '240x320', a.work, a.build, callgrind=True,
		       extra=['--config', ini])
	c.start()
	try:
		run_client(tree, c, 10, 'all', 2)
		time.sleep(0.5)
		c.dump()	# start-up and the first client: dropped
		for kind in KINDS:
			for depth in depths:
				counts = []
				for n in FRAMES:
					run_client(tree, c, depth, kind, n)
					time.sleep(0.5)
					counts.append(c.dump())
				slope = (counts[1] - counts[0]) / (FRAMES[1] - FRAMES[0])
				out.setdefault(kind, {})[str(depth)] = {
					'f1': FRAMES[0], 'f2': FRAMES[1], 'i1': counts[0], 'i2': counts[1],
					'per_frame': slope}
				log('tree %-4s %6d levels %12.0f instructions/frame' % (kind, depth, slope))
	finally:
		c.stop()


def fmt(v):
	return '%.2fM' % (v / 1e6) if v >= 1e6 else '%.1fk' % (v / 1e3)


def report(results, checks):
	t = results.get('tree')
	if not t:
		return []
	L = [TITLE + '\n']
	L.append('A toplevel with a chain of synchronized subsurfaces, 8x8 buffers, each at 1,1 from '
		 'its parent (tests/robust/tree). `all`: each frame commits every level again, leaf '
		 'first, then the root; `root`: only the root commits, the frame walks the chain. '
		 'Slope between %d and %d frames; linear is the larger depth within 4x of the smaller '
		 '(2x is proportion).\n' % FRAMES)
	depths = sorted({int(d) for k in t.values() for d in k}, key=int)
	L.append('| frame | ' + ' | '.join('%d levels' % d for d in depths) + ' | ratio | linear |')
	L.append('|---|' + '---:|' * (len(depths) + 1) + '---|')
	for kind in KINDS:
		if kind not in t:
			continue
		row = [t[kind][str(d)]['per_frame'] for d in depths]
		ratio = row[-1] / row[0] if row[0] else float('inf')
		L.append('| %s | %s | %.2f | %s |' % (kind, ' | '.join(fmt(v) for v in row), ratio,
						       'yes' if ratio <= 4.0 else '**no**'))
		checks.append(('one `%s` frame of a %d-level subsurface chain within 4x of a %d-level '
			       'one: %.2fx' % (kind, depths[-1], depths[0], ratio), ratio <= 4.0))
	L.append('')
	return L
