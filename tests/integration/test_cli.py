#!/usr/bin/env python3
"""picowl's command line from the outside: --help, --version, bad arguments, the command after
`--` (started once the socket is up, with WAYLAND_DISPLAY set), the default socket name, and a
clean exit on SIGTERM and SIGINT."""

import os
import re
import signal
import subprocess
import tempfile
import time

import harness
from harness import check, log

OPTIONS = ['--backend', '--size', '--format', '--refresh', '--socket', '--help', '--version']

BAD = [
	(['--size', '12'], '--size'),
	(['--size', '0x320'], '--size'),
	(['--size', '240x'], '--size'),
	(['--format', 'rgb888'], '--format'),
	(['--refresh', 'fast'], '--refresh'),
	(['--refresh', '0'], '--refresh'),
	(['--backend', 'nosuchbackend'], '--backend'),
	(['--no-such-option'], '--no-such-option'),
	(['--size'], '--size'),
	(['--log-level', 'loud'], '--log-level'),
	(['--log'], '--log'),
]


def run_picowl(picowl, argv, env=None, timeout=10):
	return subprocess.run([picowl] + argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
			      stderr=subprocess.PIPE, timeout=timeout, env=env)


def run():
	args = harness.parse_args()
	picowl = harness.need(args.picowl, 'picowl', '(build it)')

	with tempfile.TemporaryDirectory(prefix='picowl-cli-') as runtime:
		os.chmod(runtime, 0o700)
		env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
		env.pop('WAYLAND_DISPLAY', None)

		r = run_picowl(picowl, ['--help'], env)
		text = r.stdout.decode(errors='replace')
		check(r.returncode == 0, '--help exited %d' % r.returncode)
		missing = [o for o in OPTIONS if o not in text]
		check(not missing, '--help does not mention %s:\n%s' % (', '.join(missing), text))
		log('--help lists every option')
		# picowl(1) (--readme names it) documents every option --help lists.
		listed = sorted(set(re.findall(r'(?<![\w-])(--[a-z][a-z0-9-]*)', text)))
		if args.readme:
			with open(args.readme) as f:
				readme = f.read().replace('\\-', '-')  # roff's \- is a -
			undocumented = [o for o in listed if o not in readme]
			check(not undocumented, '%s does not document %s'
			      % (args.readme, ', '.join(undocumented)))
			log('%s documents all %d options of --help' % (args.readme, len(listed)))

		r = run_picowl(picowl, ['--version'], env)
		text = r.stdout.decode(errors='replace').strip()
		check(r.returncode == 0 and 'picowl' in text, '--version: status %d, %r'
		      % (r.returncode, text))
		log('--version: %s' % text)

		for argv, name in BAD:
			r = run_picowl(picowl, argv, env)
			err = r.stderr.decode(errors='replace').strip()
			check(r.returncode == 2, 'picowl %s exited %d, not 2 (stderr: %r)'
			      % (' '.join(argv), r.returncode, err))
			lines = err.splitlines()
			# one line naming the option (a "Try --help" hint may follow), not the usage
			check(lines and name in lines[0], 'picowl %s: the message %r does not name %s'
			      ' on its first line' % (' '.join(argv), err, name))
			check(len(lines) <= 2, 'picowl %s: a %d-line message, not a one-line one: %r'
			      % (' '.join(argv), len(lines), err))
			check(not os.listdir(runtime), 'picowl %s left %s behind'
			      % (' '.join(argv), os.listdir(runtime)))
			log('picowl %s -> 2: %s' % (' '.join(argv), err))

	# The command after --: started once the socket is up, WAYLAND_DISPLAY names it.
	probe = ('if [ -S "$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY" ]; then echo "up $WAYLAND_DISPLAY"; '
		 'else echo "down $WAYLAND_DISPLAY"; fi > "$HOME/probe.tmp" && '
		 'mv "$HOME/probe.tmp" "$HOME/probe"')
	with harness.Session(args, extra_args=['--', 'sh', '-c', probe]) as s:
		path = os.path.join(s.home, 'probe')
		s.poll(lambda: os.path.exists(path), 'the command after -- runs', timeout=10)
		with open(path) as f:
			said = f.read().strip()
		check(said == 'up ' + s.socket, 'the command after -- saw %r, not "up %s"'
		      % (said, s.socket))
		log('the command after -- started with the socket up: %s' % said)
		# it has exited by now; picowl goes on
		time.sleep(0.2)
		s.check_alive('after its command exited')
	# leaving the block sent SIGTERM and checked exit status 0

	# SIGINT, and the default socket name: the first free wayland-N.
	with tempfile.TemporaryDirectory(prefix='picowl-cli-') as runtime:
		os.chmod(runtime, 0o700)
		env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
		env.pop('WAYLAND_DISPLAY', None)
		procs = []
		try:
			for n in range(2):
				p = subprocess.Popen([picowl, '--backend', 'headless'], env=env, stdin=subprocess.DEVNULL,
						     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
				procs.append(p)
				sock = os.path.join(runtime, 'wayland-%d' % n)
				harness.poll(lambda: os.path.exists(sock) or p.poll() is not None,
					     'picowl creates wayland-%d' % n, timeout=10)
				if p.poll() is not None:
					raise harness.TestFailure('picowl without --socket exited %s: %s' % (
						p.returncode, p.stderr.read().decode(errors='replace')))
				log('picowl without --socket #%d listens on wayland-%d' % (n + 1, n))
			for p, sig in zip(procs, (signal.SIGINT, signal.SIGTERM)):
				p.send_signal(sig)
				code = p.wait(timeout=10)
				err = p.stderr.read().decode(errors='replace')
				check(code == 0, 'picowl exited %d on %s: %s' % (code, sig.name, err))
				marks = [m for m in harness.SANITIZER_MARKS if m in err]
				check(not marks, 'sanitizer report: %s' % err)
				log('picowl exits 0 on %s' % sig.name)
			check(not any(os.path.exists(os.path.join(runtime, 'wayland-%d' % n))
				      for n in range(2)), 'sockets left behind: %s' % os.listdir(runtime))
		finally:
			for p in procs:
				if p.poll() is None:
					p.kill()
					p.wait()


harness.main(run)
