#!/usr/bin/env python3
"""picowl-ctl spawn: --tile 2 puts the new client's window in tile 2 between two running
ones; children get WAYLAND_DISPLAY and XDG_RUNTIME_DIR and no fds of picowl's; a child that
exits is reaped (no zombie)."""

import os
import sys

import harness
import session
from harness import check, log

COLOURS = {'a': 'ff00ff', 'b': '00ff00', 'c': 'ffff00'}


def process_state(pid):
	"""'gone', or the state letter from /proc/PID/stat ('Z': a zombie)."""
	try:
		with open('/proc/%d/stat' % pid) as f:
			return f.read().rsplit(')', 1)[1].split()[0]
	except (FileNotFoundError, ProcessLookupError):
		return 'gone'


def run():
	args = session.parse_args()
	harness.need(args.foot, 'foot', 'foot')
	with harness.Session(args) as s:
		W, H = s.width, s.height
		rgb = {k: harness.parse_rgb(v) for k, v in COLOURS.items()}
		session.ctl(s, 'spawn', *harness.foot_cmd(s, COLOURS['a']))
		s.wait_until(lambda i: session.mostly(i, (10, 10, W - 20, H - 20), rgb['a']),
			     'foot a fills the output')
		session.ctl(s, 'spawn', *harness.foot_cmd(s, COLOURS['b']))
		s.wait_until(lambda i: session.mostly(i, (10, H // 2 + 10, W - 20, H // 2 - 20), rgb['b']),
			     'foot b in tile 2')
		pid = int(session.ctl(s, 'spawn', '--tile', '2', *harness.foot_cmd(s, COLOURS['c'])))
		log('spawned foot c with --tile 2: pid %d' % pid)
		# Portrait, three tiles: the master on top, the stack (tiles 2 and 3) side by side below.
		boxes = {'a': (10, 10, W - 20, H // 2 - 20), 'c': (10, H // 2 + 10, W // 2 - 20, H // 2 - 20),
			 'b': (W // 2 + 10, H // 2 + 10, W // 2 - 20, H // 2 - 20)}

		def problems(img):
			return ['foot %s not in %s' % (k, b) for k, b in boxes.items()
				if not session.mostly(img, b, rgb[k])]

		img = s.wait_for(problems, 'foot c in tile 2, between a and b')
		img.save_ppm(s.dir + '/spawn-tile.ppm')
		tiles = session.ctl(s, 'tiles')
		check(len(tiles.strip().splitlines()) == 3, 'three tiles expected:\n' + tiles)
		log('tile 1 a, tile 2 c (spawned with --tile 2), tile 3 b')

		# Environment and descriptors of a child.
		out = os.path.join(s.dir, 'child')
		# Python opens no descriptor of its own at start-up: any fd above 2 is inherited.
		probe = ('import os\n'
			 'def is_open(fd):\n'
			 '    try:\n'
			 '        os.fstat(fd)\n'
			 '        return True\n'
			 '    except OSError:\n'
			 '        return False\n'
			 'fds = [fd for fd in range(1024) if is_open(fd)]\n'
			 'open(%r, "w").write(" ".join(map(str, fds)))\n'
			 'open(%r, "w").write("\\n".join("%%s=%%s" %% kv for kv in os.environ.items()))\n'
			 'raise SystemExit(3)\n' % (out + '.fd', out + '.env'))
		pid = int(session.ctl(s, 'spawn', sys.executable, '-c', probe))
		harness.poll(lambda: process_state(pid) == 'gone',
			     'the exited child %d is reaped (state %s)' % (pid, process_state(pid)), timeout=10)
		env = dict(line.split('=', 1) for line in open(out + '.env').read().splitlines()
			   if '=' in line)
		check(env.get('WAYLAND_DISPLAY') == s.socket, 'child WAYLAND_DISPLAY=%r' % env.get('WAYLAND_DISPLAY'))
		check(env.get('XDG_RUNTIME_DIR') == s.runtime, 'child XDG_RUNTIME_DIR=%r' % env.get('XDG_RUNTIME_DIR'))
		fds = sorted(int(x) for x in open(out + '.fd').read().split())
		check(fds == [0, 1, 2], 'the child inherited descriptors %s' % fds)
		log('child: WAYLAND_DISPLAY and XDG_RUNTIME_DIR set, fds %s, reaped after exit' % fds)

		# No zombie among picowl's children at all.
		zombies = [p for p in os.listdir('/proc') if p.isdigit()
			   and process_state(int(p)) == 'Z' and _ppid(int(p)) == s.pid]
		check(not zombies, 'zombie children of picowl: %s' % zombies)
		s.check_alive()


def _ppid(pid):
	try:
		with open('/proc/%d/stat' % pid) as f:
			return int(f.read().rsplit(')', 1)[1].split()[1])
	except (FileNotFoundError, ProcessLookupError, ValueError):
		return -1


harness.main(run)
