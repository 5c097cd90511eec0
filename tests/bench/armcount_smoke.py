#!/usr/bin/env python3
"""
armcount-smoke: tests/bench/armcount.c (the qemu-arm plugin of run.py's section arm) builds,
loads into Debian's qemu-arm 7.2 and counts exactly:
- a loop in ARM assembly of a known length: 1 + 2 N + 2 instructions up to its getppid mark
  and 3 more to its exit, for N = 1,000 and 100,000;
- present_bench --count built for armel: a full-frame RGB565 blit and memcpy counted twice give
  the same counts, and the counts grow with the frame (240x320 against 480x640: four times
  the bytes, between 3.5 and 4.5 times the instructions);
- gamma_bench --check built for armel: the night light's ARM loop gives what its tables give.

usage: armcount_smoke.py --source DIR --work DIR
Needs gcc, gcc-arm-linux-gnueabi (its libc6-armel-cross runs present_bench) and qemu-user.
"""

import argparse
import os
import shutil
import subprocess
import sys

LOOP = '''	.global _start
_start:
	ldr r4, =LOOPS
1:	subs r4, r4, #1
	bne 1b
	mov r7, #64	@ getppid: the mark
	svc #0
	mov r0, #0
	mov r7, #1	@ exit
	svc #0
'''
CROSS = 'arm-linux-gnueabi-'
failures = []


def check(ok, what):
	print('%s: %s' % ('ok' if ok else 'FAIL', what), flush=True)
	if not ok:
		failures.append(what)


def notes(path):
	with open(path) as f:
		return [line.split() for line in f.read().splitlines()]


def counted(plugin, work, name, argv, nr=64):
	marks = os.path.join(work, name + '.marks')
	if os.path.exists(marks):
		os.remove(marks)
	r = subprocess.run(['qemu-arm', '-L', '/usr/arm-linux-gnueabi', '-plugin',
			    '%s,marks=%s,nr=%d' % (plugin, marks, nr)] + argv,
			   capture_output=True, text=True, timeout=120)
	if r.returncode != 0:
		print(r.stdout + r.stderr)
	return r, notes(marks) if os.path.exists(marks) else []


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument('--source', required=True)
	ap.add_argument('--work', required=True)
	a = ap.parse_args()
	for tool, package in (('qemu-arm', 'qemu-user'), (CROSS + 'gcc', 'gcc-arm-linux-gnueabi'),
			      ('cc', 'gcc')):
		if not shutil.which(tool):
			print('FAIL: %s not found: install the Debian package %s' % (tool, package))
			return 1
	os.makedirs(a.work, exist_ok=True)
	bench = os.path.join(a.source, 'tests', 'bench')
	plugin = os.path.join(a.work, 'armcount.so')
	subprocess.run(['cc', '-std=c11', '-O2', '-Wall', '-Wextra', '-Werror', '-shared', '-fPIC',
			'-fvisibility=hidden', os.path.join(bench, 'armcount.c'), '-o', plugin,
			'-lpthread'], check=True)

	src = os.path.join(a.work, 'loop.S')
	with open(src, 'w') as f:
		f.write(LOOP)
	for loops in (1000, 100000):
		exe = os.path.join(a.work, 'loop%d' % loops)
		subprocess.run([CROSS + 'gcc', '-nostdlib', '-static', '-Wa,--defsym,LOOPS=%d' % loops,
				src, '-o', exe], check=True)
		r, got = counted(plugin, a.work, 'loop%d' % loops, [exe])
		want = [['64', '0', str(2 * loops + 3)], ['exit', '0', str(2 * loops + 6)]]
		check(r.returncode == 0 and got == want,
		      'loop of %d: marks %s, expected %s' % (loops, got, want))

	pure = os.path.join(a.source, 'compositor', 'pure')
	exe = os.path.join(a.work, 'present_bench-armel')
	srcs = sorted(os.path.join(pure, n) for n in os.listdir(pure)
		      if n.startswith('pixels') and n.endswith('.c'))
	subprocess.run([CROSS + 'gcc', '-std=c11', '-O3', '-march=armv5te', '-mtune=xscale',
			'-mfloat-abi=soft', '-D_POSIX_C_SOURCE=200809L', '-D_DEFAULT_SOURCE',
			'-I' + pure, '-I/usr/include/pixman-1', os.path.join(bench, 'present_bench.c')]
		       + srcs + [os.path.join(pure, 'format.c'), '-o', exe], check=True)
	counts = {}
	for size in ('240x320', '240x320', '480x640'):
		r, got = counted(plugin, a.work, 'present', [exe, '--count', '2', '--case', '0',
							     '--size', size])
		marks = [int(n[2]) for n in got if n[0] == '64']
		check(r.returncode == 0 and len(marks) == 3,
		      'present_bench --count %s: three marks (%s)' % (size, got))
		if len(marks) == 3:
			counts.setdefault(size, []).append((marks[1] - marks[0], marks[2] - marks[1]))
	small, big = counts.get('240x320', []), counts.get('480x640', [])
	check(len(small) == 2 and small[0] == small[1],
	      'a 240x320 RGB565 blit and memcpy counted twice: %s' % small)
	if small and big:
		ratio = big[0][0] / small[0][0]
		check(3.5 <= ratio <= 4.5, 'four times the bytes, %.2f times the blit\'s '
		      'instructions (%d, %d)' % (ratio, small[0][0], big[0][0]))

	# the night light's ARM assembly (4.86) against its tables, every start and length
	exe = os.path.join(a.work, 'gamma_bench-armel')
	subprocess.run([CROSS + 'gcc', '-std=c11', '-O3', '-march=armv5te', '-mtune=xscale',
			'-mfloat-abi=soft', '-ffunction-sections', '-Wl,--gc-sections',
			'-D_POSIX_C_SOURCE=200809L', '-D_DEFAULT_SOURCE', '-I' + pure,
			'-I/usr/include/pixman-1', os.path.join(bench, 'gamma_bench.c'),
			os.path.join(pure, 'gamma.c'), os.path.join(pure, 'format.c')] + srcs
		       + ['-o', exe], check=True)
	r = subprocess.run(['qemu-arm', '-L', '/usr/arm-linux-gnueabi', exe, '--check'],
			   capture_output=True, text=True, timeout=60)
	check(r.returncode == 0, 'gamma_bench --check under qemu-arm: %s' % r.stdout.strip())
	print('%d failed' % len(failures))
	return 1 if failures else 0


if __name__ == '__main__':
	sys.exit(main())
