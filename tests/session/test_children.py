#!/usr/bin/env python3
"""The programs picowl starts (decisions 4.56, 4.60, 4.61), one case a run (--case):

  term-ignored   a child that ignores SIGTERM, and the child it started, are gone (by pid)
                 once picowl has exited after SIGTERM: SIGKILL after the grace period
  env            a child prints its environment: XDG_SESSION_TYPE=wayland and
                 XDG_CURRENT_DESKTOP=picowl, though picowl got tty and GNOME
  exit-command   picowl runs on after its "--" command exits (the default); with
                 --exit-with-command it exits with the command's status
  output         a child's stdout and stderr in picowl's log, each line "[time] sh[PID]: ...",
                 a line of 3,000 bytes in pieces of 1,024 with nothing lost, a last line
                 without a newline too
  flood          a child writing without end: picowl answers picowl-ctl meanwhile, logs at most
                 its budget a second, says how many lines it dropped, and leaves the rest
                 unread (under a quarter of a CPU)
  spawn-fails    a "--" command that cannot be run: exit 1 with exec's reason; picowl-ctl
                 spawn of one: picowl says so and runs on
  featherpad     Debian's featherpad (Qt 5), started by picowl with nothing set by hand (no
                 QT_QPA_PLATFORM), maps as a tile: picowl-ctl tiles names it, its pixels show
"""

import os
import re
import signal
import subprocess
import tempfile
import time

import harness
import session
from harness import check, log


def parse():
	def more(p):
		p.add_argument('--case', required=True)
		p.add_argument('--featherpad', default='')
	return session.parse_args_with(more)


def state(pid):
	"""'gone', or the state letter in /proc/PID/stat ('Z': a zombie)."""
	try:
		with open('/proc/%d/stat' % pid) as f:
			return f.read().rsplit(')', 1)[1].split()[0]
	except (FileNotFoundError, ProcessLookupError):
		return 'gone'


def said(s, pattern):
	"""The first match of `pattern` among picowl's log lines (without their time), or None."""
	for line in harness.log_lines(s.picowl_stderr()):
		m = re.search(pattern, line)
		if m:
			return m
	return None


def case_term_ignored(args):
	script = 'trap "" TERM; sleep 100 & echo "sleeper $!"; wait'
	s = harness.Session(args, extra_args=['--', 'sh', '-c', script])
	with s:
		s.poll(lambda: said(s, r'^sh\[(\d+)\]: sleeper (\d+)$'), 'the child says its pids')
		m = said(s, r'^sh\[(\d+)\]: sleeper (\d+)$')
		shell, sleeper = int(m.group(1)), int(m.group(2))
		os.kill(shell, signal.SIGTERM)
		time.sleep(0.2)
		check(state(shell) not in ('gone', 'Z') and state(sleeper) not in ('gone', 'Z'),
		      'the child did not ignore SIGTERM: %s %s' % (state(shell), state(sleeper)))
		log('sh (pid %d) and its sleep (pid %d) ignore SIGTERM' % (shell, sleeper))
		t0 = time.monotonic()
	took = time.monotonic() - t0
	check(state(shell) == 'gone' and state(sleeper) == 'gone',
	      'after picowl exited: sh %s, sleep %s' % (state(shell), state(sleeper)))
	log('picowl exited 0 in %.1f s after SIGTERM; both pids gone' % took)


def case_env(args):
	os.environ.update(XDG_SESSION_TYPE='tty', XDG_CURRENT_DESKTOP='GNOME')
	s = harness.Session(args, extra_args=['--', 'sh', '-c', 'env; echo env-done; sleep 100'])
	with s:
		s.poll(lambda: said(s, r': env-done$'), 'the child prints its environment')
		env = {}
		for line in harness.log_lines(s.picowl_stderr()):
			m = re.match(r'^sh\[\d+\]: (\w+)=(.*)$', line)
			if m:
				env[m.group(1)] = m.group(2)
		got = (env.get('XDG_SESSION_TYPE'), env.get('XDG_CURRENT_DESKTOP'))
		check(got == ('wayland', 'picowl'), 'the child has XDG_SESSION_TYPE, '
		      'XDG_CURRENT_DESKTOP %s' % (got,))
		check(env.get('WAYLAND_DISPLAY') == s.socket, 'WAYLAND_DISPLAY %r'
		      % env.get('WAYLAND_DISPLAY'))
		log('the child: XDG_SESSION_TYPE=%s XDG_CURRENT_DESKTOP=%s (picowl got tty, GNOME)' % got)


def case_exit_command(args):
	# The default: picowl runs on.
	s = harness.Session(args, extra_args=['-v', '--', 'sh', '-c', 'exit 7'])
	with s:
		s.poll(lambda: said(s, r'picowl: pid \d+ exited: status 7'), 'the command exits')
		time.sleep(0.5)
		s.check_alive('after its command exited, without --exit-with-command')
		log('without --exit-with-command: the command exited 7, picowl runs on')
	# Asked: picowl exits with the command's status.
	with tempfile.TemporaryDirectory(prefix='picowl-exit-') as d:
		os.chmod(d, 0o700)
		env = dict(os.environ, XDG_RUNTIME_DIR=d, HOME=d)
		env.pop('WAYLAND_DISPLAY', None)
		r = subprocess.run([args.picowl, '--backend', 'headless', '--exit-with-command', '--',
				    'sh', '-c', 'sleep 0.5; exit 7'], env=env, stdin=subprocess.DEVNULL,
				   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
		err = r.stderr.decode(errors='replace')
		check(r.returncode == 7 and 'exited with status 7: exiting' in err,
		      '--exit-with-command: status %d:\n%s' % (r.returncode, err))
		log('--exit-with-command: picowl exited 7 with its command')


def case_output(args):
	script = ('echo to-stdout; echo to-stderr >&2; head -c 3000 /dev/zero | tr "\\0" y; echo; '
		  'printf "no newline"; sleep 100')
	s = harness.Session(args, extra_args=['--', 'sh', '-c', script])
	with s:
		s.poll(lambda: said(s, r'^sh\[\d+\]: to-stderr$'), 'the child\'s stderr in the log')
		s.poll(lambda: said(s, r'^sh\[\d+\]: y+$'), 'the long line in the log')
		time.sleep(0.3)  # "no newline" after it, written out when picowl ends
		pid = int(said(s, r'^sh\[(\d+)\]: to-stdout$').group(1))
		check(os.path.getsize(s.picowl_out) == 0, 'picowl\'s stdout got the child\'s')
		# the last line, without its newline, comes when picowl ends
		s.stop()
		lines = s.picowl_stderr().splitlines()
		s.proc = None
	mine = [l for l in lines if '[%d]: ' % pid in l]
	check(all(re.match(r'^\[ *\d+\.\d{3}\] sh\[%d\]: ' % pid, l) for l in mine)
	      and len(mine) >= 3 and mine[-1].endswith(': no newline'),
	      'the child\'s lines:\n%s' % '\n'.join(lines))
	# a line of 3,000 bytes: in pieces of 1,024, none lost
	ys = [l.split(': ', 1)[1] for l in mine[2:-1]]
	check(''.join(ys) == 'y' * 3000 and all(len(y) <= 1024 for y in ys),
	      'the 3,000-byte line came as pieces of %s' % [len(y) for y in ys])
	log('the child\'s lines: %s ... %s; 3,000 bytes in pieces of %s'
	    % (' | '.join(mine[:2]), mine[-1], [len(y) for y in ys]))


def cpu_seconds(pid):
	"""User and system CPU time of `pid` so far."""
	with open('/proc/%d/stat' % pid) as f:
		fields = f.read().rsplit(')', 1)[1].split()
	return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def case_flood(args):
	s = harness.Session(args, extra_args=['--', 'sh', '-c', 'yes "flood flood flood flood"'])
	with s:
		s.poll(lambda: said(s, r'^sh\[\d+\]: flood'), 'the flood starts')
		t0, cpu0 = time.monotonic(), cpu_seconds(s.pid)
		for _ in range(10):
			session.ctl(s, 'tiles')
		time.sleep(2)
		s.poll(lambda: said(s, r'line\(s\) of its output dropped'), 'the dropped lines counted',
		       timeout=10)
		elapsed, cpu = time.monotonic() - t0, cpu_seconds(s.pid) - cpu0
		size = os.path.getsize(s.picowl_err)
		m = said(s, r'^picowl: sh\[\d+\]: (\d+) line\(s\) of its output dropped')
		check(m and int(m.group(1)) > 0, 'no drops: %s' % (m and m.group(0)))
		check(size < 16384 * (elapsed + 3), '%d bytes of log in %.1f s' % (size, elapsed))
		# picowl leaves the pipe unread over the budget: a flood costs it little CPU
		check(cpu < 0.25 * elapsed, 'picowl used %.2f s of CPU in %.1f s of flood'
		      % (cpu, elapsed))
		log('a flood: 10 picowl-ctl tiles answered; %d bytes of log and %.2f s of picowl\'s CPU '
		    'in %.1f s; "%s"' % (size, cpu, elapsed, m.group(0)))


def case_spawn_fails(args):
	with tempfile.TemporaryDirectory(prefix='picowl-spawn-') as d:
		os.chmod(d, 0o700)
		env = dict(os.environ, XDG_RUNTIME_DIR=d, HOME=d)
		env.pop('WAYLAND_DISPLAY', None)
		r = subprocess.run([args.picowl, '--backend', 'headless', '--', '/nonexistent/program'],
				   env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
				   stderr=subprocess.PIPE, timeout=30)
		err = r.stderr.decode(errors='replace')
		check(r.returncode == 1 and 'cannot start /nonexistent/program: No such file or '
		      'directory' in err, '-- /nonexistent/program: status %d:\n%s' % (r.returncode, err))
		log('-- /nonexistent/program: exit 1, "%s"' % harness.log_lines(err)[-1])
	s = harness.Session(args)
	with s:
		session.ctl(s, 'spawn', '/nonexistent/program', check_status=False)
		s.poll(lambda: said(s, r'cannot start /nonexistent/program: No such file'),
		       'picowl says the spawn failed')
		s.check_alive('after a spawn that failed')
		log('picowl-ctl spawn /nonexistent/program: picowl says why and runs on')


def case_featherpad(args):
	featherpad = harness.need(args.featherpad, 'featherpad', 'featherpad qtwayland5')
	for name in ('QT_QPA_PLATFORM', 'QT_WAYLAND_DISABLE_WINDOWDECORATION', 'GDK_BACKEND',
		     'XDG_SESSION_TYPE', 'XDG_CURRENT_DESKTOP', 'DISPLAY'):
		os.environ.pop(name, None)
	s = harness.Session(args, extra_args=['--', featherpad])
	with s:
		def tiles():
			return session.ctl(s, 'tiles')
		s.poll(lambda: 'featherpad' in tiles().lower(), 'featherpad maps as a tile', timeout=60)
		W, H = s.width, s.height

		def problems(img):
			# a window of its own: most of the tile is not the black background
			lit = sum(1 for p in img.pixels((4, 4, W - 8, H - 8)) if sum(p) > 120)
			share = lit / ((W - 8) * (H - 8))
			return [] if share > 0.5 else ['%.0f %% of the tile drawn' % (share * 100)]
		img = s.wait_for(problems, 'featherpad draws its window', timeout=60)
		img.save_ppm(os.path.join(s.dir, 'featherpad.ppm'))
		colours = len(set(img.pixels((4, 4, W - 8, H - 8))))
		check(colours > 4, 'featherpad\'s tile has %d colours: not a window' % colours)
		log('featherpad: tiles "%s", %d colours in its tile' % (tiles().strip(), colours))
		check(not said(s, r'(?i)could not connect to display|xcb'), 'featherpad looked for X11')


CASES = {'term-ignored': case_term_ignored, 'env': case_env, 'exit-command': case_exit_command,
	 'output': case_output, 'flood': case_flood, 'spawn-fails': case_spawn_fails,
	 'featherpad': case_featherpad}


def run():
	args = parse()
	CASES[args.case](args)


harness.main(run)
