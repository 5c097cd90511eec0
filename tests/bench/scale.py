"""Instructions of a frame of a client scaled to fit against the same client unscaled at the same
damage (issue 33, item 5, decision 4.50): section `scale` of run.py.

usage: tests/bench/run.py --build build-bench --sections scale --splice   # about 2 minutes

picowl (RGB565 and XRGB8888 outputs, 240x320) runs under callgrind as in run.py's callgrind
section. The client is picowl-load in its tile (236x316): unscaled, it draws at its tile's size
and damages 16 full-width rows (`rows:16`); scaled, it draws 472x632 whatever it is told
(`--oversize`), shown at half size by pw_scale_blit, and damages 32 rows, the same 16 output rows. Instructions
per frame = (I(N2) - I(N1)) / (N2 - N1). The claim: scaled at most 3x unscaled.
"""

import time

TITLE = '## Scale to fit (callgrind, instructions per frame)'
FRAMES = (60, 180)
LIMIT = 3.0
CASES = {
	'unscaled': ['--damage', 'rows:16'],
	'scaled': ['--oversize', '--size', '472x632', '--damage', 'rows:32'],
}
FORMATS = {'picowl': 'xrgb8888', 'picowl-565': 'rgb565'}


def section(a, results, log, compositor, run_load):
	"""Fills results['scale'][name][case]; `compositor` and `run_load` are run.py's."""
	out = results.setdefault('scale', {})
	for name, fmt in FORMATS.items():
		c = compositor(name, 'picowl', '240x320', a.work, a.build, fmt=fmt, callgrind=True)
		c.start()
		try:
			run_load(a.build, c, ['--frames', '10'], timeout=300)
			time.sleep(0.5)
			c.dump()	# start-up and the first map: dropped
			for case, extra in CASES.items():
				counts = []
				for n in FRAMES:
					run_load(a.build, c, extra + ['--frames', str(n)], timeout=300)
					time.sleep(0.5)
					counts.append(c.dump())
				slope = (counts[1] - counts[0]) / (FRAMES[1] - FRAMES[0])
				out.setdefault(name, {})[case] = {
					'n1': FRAMES[0], 'n2': FRAMES[1], 'i1': counts[0], 'i2': counts[1],
					'per_frame': slope}
				log('scale %-10s %-8s %10.0f instructions/frame' % (name, case, slope))
		finally:
			c.stop()


def report(results, checks):
	t = results.get('scale')
	if not t:
		return []
	L = [TITLE + '\n']
	L.append('picowl-load in a 236x316 tile: unscaled at its tile size damaging 16 rows, scaled '
		 'drawing 472x632 (shown at half size, nearest: pw_scale_blit) damaging 32 rows, the same '
		 '16 output rows. Slope between %d and %d frames; the limit is %.0fx.\n'
		 % (FRAMES[0], FRAMES[1], LIMIT))
	L.append('| output | unscaled | scaled | ratio |')
	L.append('|---|---:|---:|---:|')
	for name in FORMATS:
		if name not in t or len(t[name]) < 2:
			continue
		u, s = t[name]['unscaled']['per_frame'], t[name]['scaled']['per_frame']
		ratio = s / u if u else float('inf')
		L.append('| %s | %.0f | %.0f | %.2f |' % (name, u, s, ratio))
		checks.append(('%s: a client scaled to fit within %.0fx of unscaled at the same damage: '
			       '%.2fx' % (name, LIMIT, ratio), ratio <= LIMIT))
	L.append('')
	return L
