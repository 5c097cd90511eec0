#!/usr/bin/env python3
"""Config files that are not files: a directory, a FIFO with no writer, /dev/zero and a 5 MB
file. picowl starts within a second with one message naming the file and what it is, and
--strict exits 2; a reload that meets one of them never blocks the session and keeps the
bindings in effect (it does not fall back to the defaults)."""

import os
import subprocess
import tempfile
import time

import harness
import session
from harness import check, log

GOOD = '[power]\nidle_timeout = 0\n[bindings]\nLogo+z = power off\n'


def make(kind, path):
	"""Puts a `kind` where the config file is expected."""
	if os.path.lexists(path):
		if os.path.isdir(path) and not os.path.islink(path):
			os.rmdir(path)
		else:
			os.unlink(path)
	if kind == 'directory':
		os.mkdir(path)
	elif kind == 'fifo':
		os.mkfifo(path)
	elif kind == 'dev-zero':
		os.symlink('/dev/zero', path)
	elif kind == 'big':
		with open(path, 'w') as f:
			f.write('[layout]\n' + '# padding padding padding padding\n' * (5 * 1024 * 1024 // 34))
	else:
		with open(path, 'w') as f:
			f.write(GOOD)


WHAT = {'directory': 'a directory', 'fifo': 'a FIFO', 'dev-zero': 'a character device',
	'big': 'more than the 1048576'}


def start_alone(picowl, d, conf, strict):
	"""Runs picowl -c conf until it says it runs (or exits); returns (status or None, stderr,
	seconds to the socket)."""
	env = dict(os.environ, XDG_RUNTIME_DIR=d)
	err_path = os.path.join(d, 'err')
	sock = os.path.join(d, 'cf-test')
	with open(err_path, 'wb') as err:
		t0 = time.monotonic()
		p = subprocess.Popen([picowl, '--backend', 'headless', '-c', conf, '--socket', 'cf-test']
				     + (['--strict'] if strict else []), env=env, stdin=subprocess.DEVNULL,
				     stdout=subprocess.DEVNULL, stderr=err)
		status = None
		while time.monotonic() - t0 < 10:
			status = p.poll()
			text = open(err_path, errors='replace').read()
			if status is not None or 'picowl: running on' in text:
				break
			time.sleep(0.01)
		took = time.monotonic() - t0
		if status is None:
			p.terminate()
			p.wait(10)
	return status, open(err_path, errors='replace').read(), took


def run():
	args = session.parse_args()
	picowl = harness.need(args.picowl, 'picowl', '(build it)')
	with tempfile.TemporaryDirectory(prefix='picowl-cf-') as d:
		os.chmod(d, 0o700)
		conf = os.path.join(d, 'picowl.ini')
		for kind, what in WHAT.items():
			make(kind, conf)
			status, err, took = start_alone(picowl, d, conf, False)
			check(status is None and 'picowl: running on' in err,
			      '%s as the config: picowl did not run (status %s):\n%s' % (kind, status, err))
			check(took < 1.0, '%s as the config: %.2f s to start' % (kind, took))
			mine = [l for l in err.splitlines() if conf in l]
			check(len(mine) == 1 and what in mine[0],
			      '%s as the config: not one clear message naming it:\n%s' % (kind, err))
			check(len(err) < 4096, '%s as the config: %d bytes of stderr' % (kind, len(err)))
			status, err, _ = start_alone(picowl, d, conf, True)
			check(status == 2, '%s with --strict: status %s, not 2:\n%s' % (kind, status, err))
			log('%s: runs in %.2f s with one message (%s); --strict exits 2' % (kind, took, mine[0]))

	s = harness.Session(args, extra_args=['--test-hooks'])
	conf = os.path.join(s.home, '.config', 'picowl', 'picowl.ini')
	make('good', conf)
	with s:
		def power(*how):
			return session.ctl(s, 'power', *how).strip()

		for kind in WHAT:
			make(kind, conf)
			t0 = time.monotonic()
			r = subprocess.run([args.ctl, 'reload'], env=s.client_env(), stdin=subprocess.DEVNULL,
					   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
			took = time.monotonic() - t0
			check(r.returncode == 1 and b'not applied' in r.stderr,
			      'reload with %s: status %d, %r' % (kind, r.returncode, r.stderr))
			check(took < 2.0, 'reload with %s took %.2f s' % (kind, took))
			s.check_alive('after a reload with %s' % kind)
			check('reload: %s not read; nothing applied' % conf in s.picowl_stderr(),
			      'no message for the reload with %s' % kind)
			# The binding of the file read at the start is still in effect.
			check(power('status') == 'on', 'the display is not on')
			session.ctl(s, 'inject', 'key', 'Logo+z')
			s.poll(lambda: power('status') == 'off', 'Logo+z (the file\'s binding) turns it off '
			       'after the reload with %s' % kind)
			power('on')
			log('reload with %s: refused in %.2f s, Logo+z still bound' % (kind, took))
		make('good', conf)
		session.ctl(s, 'reload')
		log('the good file reloads again')


harness.main(run)
