"""What the frame path's features of issue 37 cost when they are used: section `features` of
run.py (decisions 4.91, 4.93).

usage: tests/bench/run.py --build build-bench --sections features --splice   # under a minute

picowl (XRGB8888 output, 240x320) runs under callgrind as in run.py's callgrind section, with
--test-hooks and a config of `[input] cursor = always`, picowl-load tiled alone. Per damage
pattern, instructions per frame = (I(N2) - I(N1)) / (N2 - N1) of: the client as in the callgrind
section (`plain`, no cursor shown); the same with the cursor drawn (`cursor`: the pointer moved
by `picowl-ctl inject pointer motion` to the middle of the output, in every pattern's damage, so
that each frame paints the arrow again); the client through wp_alpha_modifier_v1 at one half
(`alpha`, picowl-load --alpha 0.5: composited OVER a solid mask instead of copied). Without the
cursor shown and without a modifier a frame takes the plain path: the figure of the callgrind
section. No claim: the costs are information.
"""

import os
import subprocess
import time

TITLE = '## The features of issue 37 on the frame path (callgrind, instructions per frame)'
FRAMES = (10, 70)
PATTERNS = ('full', 'rows:16', 'rect:32x32', 'none')
CASES = ('plain', 'alpha', 'cursor')  # the cursor last: once moved, it stays shown


def section(a, results, log, compositor, run_load):
	"""Fills results['features'][pattern][case]; `compositor` and `run_load` are run.py's."""
	out = results.setdefault('features', {})
	c = compositor('picowl', 'picowl', '240x320', a.work, a.build, callgrind=True,
		       extra=['--test-hooks'])
	ini = os.path.join(c.dir, 'picowl.ini')
	with open(ini, 'w') as f:
		f.write('[input]\ncursor = always\n')
	c.extra += ['--config', ini]
	c.start()
	try:
		run_load(a.build, c, ['--frames', '10'], timeout=300)
		time.sleep(0.5)
		c.dump()	# start-up and the first map: dropped
		for case in CASES:
			if case == 'cursor':
				ctl = os.path.join(a.build, 'clients', 'picowl-ctl', 'picowl-ctl')
				w, h = (int(v) for v in c.size.split('x'))
				subprocess.run([ctl, 'inject', 'pointer', 'motion', str(w // 2), str(h // 2)],
					       env=c.client_env(), check=True, timeout=60,
					       stdout=subprocess.DEVNULL)
				time.sleep(0.5)
				c.dump()	# the motion and its frame: dropped
			extra = ['--alpha', '0.5'] if case == 'alpha' else []
			for pat in PATTERNS:
				counts = []
				for n in FRAMES:
					run_load(a.build, c, extra + ['--damage', pat, '--frames', str(n)],
						 timeout=300)
					time.sleep(0.5)
					counts.append(c.dump())
				slope = (counts[1] - counts[0]) / (FRAMES[1] - FRAMES[0])
				out.setdefault(pat, {})[case] = {
					'n1': FRAMES[0], 'n2': FRAMES[1], 'i1': counts[0], 'i2': counts[1],
					'per_frame': slope}
				log('features %-10s %-6s %10.0f instructions/frame' % (pat, case, slope))
	finally:
		c.stop()


def report(results, checks):
	t = results.get('features')
	if not t:
		return []
	L = [TITLE + '\n']
	L.append('picowl 240x320 XRGB8888 with `cursor = always`, picowl-load tiled alone; slope '
		 'between %d and %d frames. plain: no cursor shown, no modifier (the callgrind '
		 'section\'s frame); cursor: the arrow drawn at the middle of the output, inside every '
		 'pattern\'s damage; alpha: the client at one half through wp_alpha_modifier_v1 '
		 '(tests/bench/features.py).\n' % FRAMES)
	L.append('| damage | plain | cursor | cursor / plain | alpha 0.5 | alpha / plain |')
	L.append('|---|---:|---:|---:|---:|---:|')
	for pat in PATTERNS:
		r = t.get(pat, {})
		if len(r) < len(CASES):
			continue
		p, al, cu = (r[k]['per_frame'] for k in CASES)
		L.append('| %s | %.0f | %.0f | %.2f | %.0f | %.2f |'
			 % (pat, p, cu, cu / p if p else 0, al, al / p if p else 0))
	L.append('')
	return L
