#!/usr/bin/env python3
"""
Night light's cost (decisions 4.85, 4.86): picowl's software gamma in instructions, x86 and ARM.

1. Spans: tests/bench/gamma_bench.c, the tint of a whole 240x320 frame against the copy it
   rides on, in one run: memcpy of the frame (the shadow path's copy, RGB565 and XRGB8888) and
   pw_pixels_blit of an XRGB8888 client's frame into RGB565 (what composition does per pixel).
   x86: callgrind's --toggle-collect, glibc's vector memcpy (GLIBC_TUNABLES as run.py's
   present section: valgrind counts each byte of `rep movsb`); ARM: the armel build (-O3,
   ARMv5TE) under qemu-arm with armcount.c's getppid marks.
2. Frames: picowl headless 240x320 RGB565 under callgrind, picowl-load XRGB8888 tiled (and
   fullscreen: direct present), rows:16 and full, the slope between N1 and N2 frames (run.py's
   callgrind section): with no ramp, with gammastep's ramp set, and with no ramp in --base-build
   (picowl before night light): the frame with no ramp must not cost more.

usage: gamma.py --build BUILD [--base-build BUILD] [--splice]
  --splice writes the section "## Night light" into RESULTS.md (replaced, or added at its end)
  and its key "gamma" into RESULTS.json; --render makes the section again from RESULTS.json.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import run  # noqa: E402

PURE = os.path.join(SOURCE, 'compositor', 'pure')
SRCS = [os.path.join(PURE, f) for f in ('gamma.c', 'pixels.c', 'pixels_rotate.c',
					 'pixels_rotate_arm.c', 'format.c')]
FLAGS = ['-std=c11', '-D_POSIX_C_SOURCE=200809L', '-D_DEFAULT_SOURCE', '-I' + PURE,
	 '-I/usr/include/pixman-1', os.path.join(HERE, 'gamma_bench.c')]
ARM_FLAGS = ['-O3', '-march=armv5te', '-mtune=xscale', '-mfloat-abi=soft',
	     '-ffunction-sections', '-Wl,--gc-sections']
SIZE = (240, 320)
LIMIT = 1.5


def log(msg):
	print(msg, flush=True)


def spans(work):
	x86 = os.path.join(work, 'gamma_bench')
	arm = os.path.join(work, 'gamma_bench-armel')
	subprocess.run(['cc', '-O2', '-g'] + FLAGS + SRCS + ['-lpixman-1', '-o', x86], check=True)
	subprocess.run(['arm-linux-gnueabi-gcc'] + ARM_FLAGS + FLAGS + SRCS + ['-o', arm],
		       check=True)
	plugin = os.path.join(work, 'armcount.so')
	subprocess.run(['cc', '-std=c11', '-O2', '-shared', '-fPIC', '-fvisibility=hidden',
			os.path.join(HERE, 'armcount.c'), '-o', plugin, '-lpthread'], check=True)
	qemu = ['qemu-arm', '-L', '/usr/arm-linux-gnueabi']
	for exe, pre in ((x86, []), (arm, qemu)):
		r = subprocess.run(pre + [exe, '--check'], capture_output=True, text=True)
		if r.returncode != 0:
			raise RuntimeError('gamma_bench --check: %s' % r.stdout)
	names = subprocess.run([x86, '--list'], check=True, capture_output=True,
			       text=True).stdout.split()[1::2]
	out = {}
	reps = 4
	env = dict(os.environ, GLIBC_TUNABLES='glibc.cpu.x86_rep_movsb_threshold=1000000000')
	for n, name in enumerate(names):
		cg = os.path.join(work, 'cg.%d' % n)
		subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + cg,
				'--toggle-collect=count_gammas', '--toggle-collect=count_copies', x86,
				'--count', str(reps), '--case', str(n)], check=True, env=env,
			       capture_output=True)
		text = subprocess.run(['callgrind_annotate', '--inclusive=yes', cg], check=True,
				      capture_output=True, text=True).stdout
		got = {}
		for fn in ('count_gammas', 'count_copies'):
			m = re.search(r'^\s*([\d,]+) .*:%s ' % fn, text, re.M)
			got[fn] = int(m.group(1).replace(',', '')) / reps
		marks = os.path.join(work, 'marks.%d' % n)
		if os.path.exists(marks):
			os.remove(marks)
		subprocess.run(qemu + ['-plugin', '%s,marks=%s,nr=64' % (plugin, marks), arm,
				       '--count', '2', '--case', str(n)], check=True,
			       capture_output=True)
		with open(marks) as f:
			notes = [int(line.split()[2]) for line in f if line.startswith('64 ')]
		rec = {'x86': {'gamma': got['count_gammas'], 'copy': got['count_copies']},
		       'arm': {'gamma': (notes[1] - notes[0]) / 2, 'copy': (notes[2] - notes[1]) / 2}}
		out[name] = rec
		for k in ('x86', 'arm'):
			log('%s %-30s gamma %10.0f copy %10.0f: %.2fx' % (
				k, name, rec[k]['gamma'], rec[k]['copy'], rec[k]['gamma'] / rec[k]['copy']))
	return out


def start_ramp(c):
	p = subprocess.Popen(['gammastep', '-m', 'wayland', '-O', '3000'], env=c.client_env(),
			     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
			     stderr=subprocess.DEVNULL)
	time.sleep(5)  # picowl runs under callgrind
	return p


def frames(a, work):
	out = {}
	runs = [('no ramp', a.build, False), ('ramp', a.build, True)]
	if a.base_build:
		runs.insert(0, ('no ramp, before', a.base_build, False))
	for label, build, ramp in runs:
		for where, extra in (('tile', []), ('fullscreen', ['--fullscreen'])):
			c = run.Compositor('picowl-565', 'picowl', '%dx%d' % SIZE, work, build,
					   fmt='rgb565', callgrind=True, client_extra=extra)
			c.start()
			light = None
			try:
				if ramp:
					light = start_ramp(c)
				# the first map (and the ramp's first whole frame): dropped
				run.run_load(build, c, ['--frames', '10'], timeout=300)
				time.sleep(0.5)
				c.dump()
				for pat in ('rows:16', 'full'):
					counts = []
					for n in (a.n1, a.n2):
						run.run_load(build, c, ['--damage', pat, '--frames', str(n)],
							     timeout=300)
						time.sleep(0.5)
						counts.append(c.dump())
					slope = (counts[1] - counts[0]) / (a.n2 - a.n1)
					out.setdefault(where, {}).setdefault(pat, {})[label] = slope
					log('frame %-10s %-8s %-16s %10.0f instructions' % (where, pat, label,
											   slope))
				if light and light.poll() is not None:
					raise RuntimeError('gammastep exited early')
			finally:
				if light:
					light.terminate()
					light.wait()
				c.stop()
	return out


def report(res):
	L = ['## Night light (software gamma, tests/bench/gamma.py)', '']
	L.append('Run %s, load average %.2f at the end (instruction counts: other load does not '
		 'change them).' % (res.get('date', '?'), res.get('load', 0)))
	L.append('')
	L.append('Spans: a whole 240x320 frame tinted in place (`pw_gamma_span` a row, as '
		 '`pw_gamma_apply` does) against the copy it rides on, counted in the same run; x86 '
		 'by callgrind (glibc\'s vector memcpy), ARM by the armel build (-O3, ARMv5TE) under '
		 'qemu-arm with armcount.c.')
	L.append('')
	L.append('| frame | the copy | x86 gamma | x86 copy | x86 ratio | ARM gamma | ARM copy | '
		 'ARM ratio |')
	L.append('|---|---|---:|---:|---:|---:|---:|---:|')
	what = {'rgb565-vs-memcpy': ('RGB565', 'memcpy of the frame'),
		'xrgb8888-vs-memcpy': ('XRGB8888', 'memcpy of the frame'),
		'rgb565-vs-blit-from-xrgb8888': ('RGB565', 'pw_pixels_blit from XRGB8888')}
	for name, rec in res['spans'].items():
		x, r = rec['x86'], rec['arm']
		L.append('| %s | %s | %s | %s | %.2f | %s | %s | %.2f |' % (
			what[name][0], what[name][1], run_fmt(x['gamma']), run_fmt(x['copy']),
			x['gamma'] / x['copy'], run_fmt(r['gamma']), run_fmt(r['copy']),
			r['gamma'] / r['copy']))
	L.append('')
	L.append('Frames: picowl headless 240x320 RGB565 under callgrind, picowl-load XRGB8888, '
		 'instructions a frame (slope between %d and %d frames): with no ramp, with '
		 'gammastep -O 3000\'s ramp set, and with no ramp before night light (%s).'
		 % (res['n1'], res['n2'], res.get('base', 'not run')))
	L.append('')
	labels = [lab for lab in ('no ramp, before', 'no ramp', 'ramp')
		  if any(lab in p for w in res['frames'].values() for p in w.values())]
	L.append('| client | damage | ' + ' | '.join(labels) + ' | ramp / no ramp |')
	L.append('|---|---|' + '---:|' * len(labels) + '---:|')
	for where, pats in res['frames'].items():
		for pat, v in pats.items():
			L.append('| %s | %s | %s | %.2f |' % (
				where, pat, ' | '.join(run_fmt(v[lab]) for lab in labels),
				v['ramp'] / v['no ramp']))
	L.append('')
	L.append('| claim | holds |')
	L.append('|---|---|')
	for name, rec in res['spans'].items():
		for k, arch in (('x86', 'x86'), ('arm', 'ARM')):
			ratio = rec[k]['gamma'] / rec[k]['copy']
			L.append('| %s tint on %s: %.2f x %s (limit %.1f) | %s |' % (
				what[name][0], arch, ratio, what[name][1], LIMIT,
				'yes' if ratio <= LIMIT else '**NO**'))
	for where, pats in res['frames'].items():
		for pat, v in pats.items():
			if 'no ramp, before' in v:
				d = v['no ramp'] / v['no ramp, before']
				L.append('| no ramp, %s %s: %.4f x the frame before night light '
					 '(limit 1.005) | %s |' % (where, pat, d,
								 'yes' if d <= 1.005 else '**NO**'))
	L.append('')
	return '\n'.join(L)


def run_fmt(v):
	return '{:,.0f}'.format(v)


def splice(text, res):
	path = os.path.join(HERE, 'RESULTS.md')
	with open(path) as f:
		md = f.read()
	head = '## Night light'
	if head in md:
		start = md.index(head)
		end = md.find('\n## ', start + 1)
		md = md[:start] + text + (md[end + 1:] if end >= 0 else '')
	else:
		md = md.rstrip('\n') + '\n\n' + text
	with open(path, 'w') as f:
		f.write(md)
	jpath = os.path.join(HERE, 'RESULTS.json')
	with open(jpath) as f:
		data = json.load(f)
	data['gamma'] = res
	with open(jpath, 'w') as f:
		json.dump(data, f, indent=1)


def main():
	p = argparse.ArgumentParser()
	p.add_argument('--build', required=True)
	p.add_argument('--base-build', help='a build of picowl before night light')
	p.add_argument('--base-label', help='what --base-build is (a commit)')
	p.add_argument('--n1', type=int, default=10)
	p.add_argument('--n2', type=int, default=40)
	p.add_argument('--splice', action='store_true')
	p.add_argument('--render', action='store_true')
	a = p.parse_args()
	if a.render:
		with open(os.path.join(HERE, 'RESULTS.json')) as f:
			res = json.load(f)['gamma']
		splice(report(res), res)
		return
	a.build = os.path.abspath(a.build)
	a.base_build = a.base_build and os.path.abspath(a.base_build)
	for tool in ('valgrind', 'qemu-arm', 'arm-linux-gnueabi-gcc', 'gammastep'):
		if not shutil.which(tool):
			sys.exit('%s not found' % tool)
	work = tempfile.mkdtemp(prefix='gamma-bench-')
	try:
		res = {'n1': a.n1, 'n2': a.n2, 'spans': spans(work), 'frames': frames(a, work),
		       'date': time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()),
		       'load': os.getloadavg()[0]}
		if a.base_build:
			res['base'] = a.base_label or a.base_build
		text = report(res)
		print(text)
		if a.splice:
			splice(text, res)
	finally:
		shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
	main()
