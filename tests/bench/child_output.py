#!/usr/bin/env python3
"""What a child's line costs picowl (decision 4.60): picowl headless under strace (picowl's own
calls only: no -f) while its "--" child writes N lines 20 ms apart, once into picowl's log
through the pipe and once to /dev/null (the cost of not reading it); the difference per line,
by system call. The loop's wakeups are its ppoll/epoll_wait returns. A count, not a time.

Usage: child_output.py PICOWL [N]
"""

import collections
import os
import subprocess
import sys
import tempfile


def calls(picowl, n, to_log):
	script = ('sleep 0.5; %sfor i in $(seq %d); do echo "line $i of the child"; sleep 0.02; '
		  'done; sleep 0.3' % ('' if to_log else 'exec >/dev/null 2>&1; ', n))
	with tempfile.TemporaryDirectory(prefix='picowl-child-bench-') as d:
		os.chmod(d, 0o700)
		trace = os.path.join(d, 'trace')
		env = dict(os.environ, XDG_RUNTIME_DIR=d, HOME=d)
		env.pop('WAYLAND_DISPLAY', None)
		r = subprocess.run(['strace', '-qq', '-o', trace, picowl, '--backend', 'headless',
				    '--exit-with-command', '--', 'sh', '-c', script], env=env,
				   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
				   stderr=subprocess.PIPE, timeout=120)
		lines = r.stderr.decode(errors='replace').count('line ')
		counts = collections.Counter()
		with open(trace, errors='replace') as f:
			for line in f:
				name = line.split('(', 1)[0]
				if name and not line.startswith(('+++', '---', '<...')):
					counts[name] += 1
	return counts, lines


def main():
	picowl = sys.argv[1]
	n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
	logged, seen = calls(picowl, n, True)
	quiet, _ = calls(picowl, n, False)
	print('%d lines written, %d in the log' % (n, seen))
	total = 0
	for name in sorted(set(logged) | set(quiet)):
		d = logged[name] - quiet[name]
		if abs(d) >= n // 10:
			print('  %-14s %+6d  %+.2f a line' % (name, d, d / n))
			total += d
	print('  all            %+6d  %+.2f a line' % (total, total / n))
	wake = sum(logged[k] - quiet[k] for k in ('ppoll', 'epoll_wait', 'epoll_pwait'))
	print('  wakeups        %+6d  %+.2f a line' % (wake, wake / n))


main()
