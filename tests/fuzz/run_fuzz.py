#!/usr/bin/env python3
"""fuzz-dispatch for a bounded time over the committed seed corpus; new inputs go to a scratch
directory, never into the source tree. A crash, a sanitizer report, a leak or a server that
stops answering fails the test; libFuzzer leaves the input that did it in the scratch directory
and the log names it.

  run_fuzz.py FUZZER CORPUS [SECONDS]

FUZZ_SECONDS sets the time (default 60), FUZZ_SEED libFuzzer's seed: 1 by default, so that a
run takes the same path on any machine as far as it gets; 0 picks a new one each run.
"""

import os
import shutil
import subprocess
import sys
import tempfile


def main():
	fuzzer, corpus = sys.argv[1], sys.argv[2]
	seconds = int(sys.argv[3]) if len(sys.argv) > 3 else int(os.environ.get('FUZZ_SECONDS', '60'))
	scratch = tempfile.mkdtemp(prefix='picowl-fuzz-')
	work = os.path.join(scratch, 'corpus')
	os.mkdir(work)
	seed = int(os.environ.get('FUZZ_SEED', '1'))
	cmd = [fuzzer, '-seed=%d' % seed, '-max_total_time=%d' % seconds, '-runs=5000000',
	       '-timeout=20', '-rss_limit_mb=2048', '-max_len=2048', '-print_final_stats=1',
	       '-artifact_prefix=%s/' % scratch, work, corpus]
	print('run: %s' % ' '.join(cmd), flush=True)
	env = dict(os.environ)
	env['TMPDIR'] = scratch
	env.setdefault('ASAN_OPTIONS', 'detect_leaks=1')
	env.setdefault('UBSAN_OPTIONS', 'print_stacktrace=1:halt_on_error=1')
	status = subprocess.call(cmd, env=env, cwd=scratch)
	if status != 0:
		print('fuzz-dispatch failed (status %d); inputs and artifacts kept in %s'
		      % (status, scratch), flush=True)
		sys.exit(1)
	shutil.rmtree(scratch, ignore_errors=True)
	print('PASS', flush=True)


main()
