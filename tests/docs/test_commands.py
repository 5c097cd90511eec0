#!/usr/bin/env python3
"""The README's commands, run as a reader would run them, and the paths the documents name.

Usage: test_commands.py --source DIR --build DIR --ctl PICOWL_CTL

Every command of the README (each line of a ```sh block, or of any other fence or indented block
but ```ini and ```text, backslash continuations joined) is either RUN here, on picowl headless
in a private runtime directory (`build/` stands for this build), or LISTED with the reason it
cannot run on the CI machine. A command that is neither fails the test: whoever adds one to the
README says here how it runs or why it cannot. The test command must be .ci/run's, exactly.

Then every repository path named in a command of doc/*.md and tests/README.md (and anywhere in
the README) must exist: a build product (.ko, .so, .o) needs its folder only, and ninja's
targets are not paths. Last, picowl.ini(5) must describe every key of config/picowl.ini (the
keys are documented there only).
"""

import argparse
import glob
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time

TEST_COMMAND = ('meson setup build --wipe 2>/dev/null || meson setup build; '
		'meson test -C build --print-errorlogs')

# The README's commands that cannot run here, each with the reason.
LISTED = {
	'apt-get update && apt-get install -y meson ninja-build pkg-config gcc libwayland-dev '
	'wayland-protocols libpixman-1-dev libxkbcommon-dev libinput-dev libdrm-dev libudev-dev '
	'libseat-dev libpng-dev foot fonts-dejavu-core grim && meson setup build && ninja -C build && '
	'XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp} build/compositor/picowl --backend headless -- foot':
		'needs root and the network on a fresh machine (.ci/run installs the same packages '
		'and more); its last part, picowl with foot, runs below as the desktop and headless '
		'commands do',
	'picowl --backend fbdev --device /dev/fb0 --rotate 90 -- foot':
		'needs a device: /dev/fb0 and a VT, as root (doc/devices.md; the vm suite runs '
		'fbdev on a real kernel under qemu)',
	'PYTHONPATH=tests/lib python3 tests/pxa/pxa.py --source . --cache ../pxa-cache '
	'--boards z2,spitz':
		'builds a kernel and boots qemu-system-arm for minutes: the pxa suite runs it '
		'(meson test -C build --suite pxa)',
	TEST_COMMAND:
		'runs every suite, this one included: .ci/run runs it, and this test checks '
		'that it is .ci/run\'s TEST_COMMAND',
	'meson setup build -Ddoomgeneric=$(realpath ../shared/third_party/doomgeneric)':
		'reconfigures the build the tests run from; .ci/run runs it before the test command',
	'meson test -C build --suite docs':
		'this suite: run here, it would run itself',
}

# The README's commands this test runs (each its own function below).
RUN = {
	'meson install -C build': 'install',
	'build/compositor/picowl --backend wayland -- foot': 'nested',
	'build/compositor/picowl --backend headless --socket picowl-1 &': 'headless',
	'WAYLAND_DISPLAY=picowl-1 weston-simple-shm &': 'headless',
	'WAYLAND_DISPLAY=picowl-1 foot &': 'headless',
	'WAYLAND_DISPLAY=picowl-1 grim screenshot.png': 'headless',
}

TOP = ('compositor', 'backends', 'clients', 'tests', 'config', 'tools', 'cross', 'doc',
       'protocol', '.ci')
BUILT = ('.ko', '.so', '.o', '.a')

failures = []


def fail(msg):
	failures.append(msg)
	print('FAIL: ' + msg, flush=True)


def log(msg):
	print(msg, flush=True)


def blocks(text):
	"""(kind, [lines]) of every code block: fenced with its language, or indented ('')."""
	out = []
	lines = text.split('\n')
	i = 0
	prev_blank = True
	while i < len(lines):
		line = lines[i]
		m = re.match(r'^```(\w*)\s*$', line)
		if m:
			j = i + 1
			while j < len(lines) and not lines[j].startswith('```'):
				j += 1
			out.append((m.group(1), lines[i + 1:j]))
			i = j + 1
			prev_blank = False
			continue
		if prev_blank and line.startswith('    ') and line.strip():
			j = i
			while j < len(lines) and (lines[j].startswith('    ') or not lines[j].strip()):
				j += 1
			out.append(('', [l[4:] for l in lines[i:j]]))
			i = j
			prev_blank = True
			continue
		prev_blank = not line.strip()
		i += 1
	return out


def commands(block_lines):
	"""The block's commands: continuations joined, comments and blank lines left out."""
	cmds, cur = [], ''
	for line in block_lines:
		s = line.strip()
		if not cur and (not s or s.startswith('#')):
			continue
		if s.endswith('\\'):
			cur += s[:-1].strip() + ' '
			continue
		cmds.append((cur + s).strip())
		cur = ''
	if cur:
		cmds.append(cur.strip())
	return cmds


def readme_commands(text):
	out = []
	for kind, lines in blocks(text):
		if kind in ('ini', 'text'):
			continue
		out += commands(lines)
	return out


class Env:
	"""A private runtime directory, home and working directory for the commands."""

	def __init__(self, args):
		self.args = args
		self.dir = tempfile.mkdtemp(prefix='picowl-docs-cmd-')
		os.chmod(self.dir, 0o700)
		self.run = os.path.join(self.dir, 'run')
		self.home = os.path.join(self.dir, 'home')
		self.cwd = os.path.join(self.dir, 'cwd')
		for d in (self.run, self.home, self.cwd):
			os.mkdir(d, 0o700)
		os.makedirs(os.path.join(self.home, '.config', 'picowl'))
		open(os.path.join(self.home, '.config', 'picowl', 'picowl.ini'), 'w').close()
		self.procs = []

	def env(self, display=None):
		e = {k: v for k, v in os.environ.items()
		     if k not in ('DISPLAY', 'WAYLAND_DISPLAY', 'WAYLAND_SOCKET', 'XDG_CONFIG_HOME')}
		e.update(XDG_RUNTIME_DIR=self.run, HOME=self.home, LC_ALL='C.UTF-8',
			 XDG_CONFIG_HOME=os.path.join(self.home, '.config'))
		if display:
			e['WAYLAND_DISPLAY'] = display
		return e

	def command(self, cmd):
		"""The README's command with `build` made this build."""
		return re.sub(r'(?<![\w/.-])build(?=/|\s|$)', self.args.build, cmd)

	def start(self, cmd, display=None, out=None):
		p = subprocess.Popen(['bash', '-c', self.command(cmd)], cwd=self.cwd,
				     env=self.env(display), stdin=subprocess.DEVNULL,
				     stdout=out or subprocess.DEVNULL, stderr=subprocess.STDOUT)
		self.procs.append(p)
		return p

	def wait_socket(self, name, proc, what):
		deadline = time.monotonic() + 20
		while not os.path.exists(os.path.join(self.run, name)):
			if proc.poll() is not None or time.monotonic() > deadline:
				raise RuntimeError('%s: no socket %s' % (what, name))
			time.sleep(0.05)

	def tiles(self, display):
		r = subprocess.run([self.args.ctl, 'tiles'], env=self.env(display),
				   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=20)
		return [l for l in r.stdout.decode(errors='replace').split('\n') if l.strip()]

	def wait_tiles(self, display, n, what):
		deadline = time.monotonic() + 30
		while len(self.tiles(display)) < n:
			if time.monotonic() > deadline:
				raise RuntimeError('%s: %d tiles, not %d' % (what, len(self.tiles(display)), n))
			time.sleep(0.2)

	def close(self):
		for p in reversed(self.procs):
			if p.poll() is None:
				p.send_signal(signal.SIGTERM)
				try:
					p.wait(timeout=10)
				except subprocess.TimeoutExpired:
					p.kill()
					p.wait()
		subprocess.run(['rm', '-rf', self.dir])


def png_size(path):
	with open(path, 'rb') as f:
		head = f.read(24)
	if head[:8] != b'\x89PNG\r\n\x1a\n':
		return None
	return int.from_bytes(head[16:20], 'big'), int.from_bytes(head[20:24], 'big')


def run_install(args, cmds):
	"""meson install into a DESTDIR: every program, the module, the man pages, the config."""
	(cmd,) = cmds
	with tempfile.TemporaryDirectory(prefix='picowl-docs-install-') as dest:
		argv = shlex.split(cmd.replace(' build', ' ' + args.build)) + ['--destdir', dest,
									   '--no-rebuild', '--quiet']
		r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
		if r.returncode != 0:
			fail('%s: status %d: %s' % (' '.join(argv), r.returncode, r.stdout.decode()[-2000:]))
			return
		want = ['bin/picowl', 'bin/picowl-ctl', 'bin/picowl-panel', 'lib/picowl/picowl-input.so',
			'man1/picowl.1', 'man1/picowl-ctl.1', 'man1/picowl-panel.1', 'man5/picowl.ini.5',
			'xdg/picowl/picowl.ini', 'wayland-sessions/picowl.desktop', 'init.d/picowl',
			'bin/picowl-terminal', 'doc/picowl/picowl.ini',
			'systemd/system/picowl@.service', 'libexec/picowl/picowl-session']
		found = [os.path.relpath(os.path.join(d, f), dest)
			 for d, _, fs in os.walk(dest) for f in fs]
		missing = [w for w in want if not any(f.endswith(w) for f in found)]
		if missing:
			fail('meson install put no %s in place' % ', '.join(missing))
		else:
			log('ran: %s (into a DESTDIR): %d files, %s among them' % (cmd, len(found),
										  ', '.join(want)))


def run_nested(args, cmds):
	"""picowl in a window of a desktop compositor: here a headless picowl is the desktop."""
	(cmd,) = cmds
	e = Env(args)
	try:
		host = e.start('build/compositor/picowl --backend headless --socket docs-host --size 480x640')
		e.wait_socket('docs-host', host, 'the host picowl')
		nested = e.start(cmd, display='docs-host')
		e.wait_socket('wayland-0', nested, cmd)
		e.wait_tiles('docs-host', 1, 'the host (picowl\'s window)')
		e.wait_tiles('wayland-0', 1, cmd + ' (foot in it)')
		if nested.poll() is not None:
			fail('%s: ended with %d' % (cmd, nested.returncode))
		else:
			log('ran: %s: a window of the host, foot in its tile' % cmd)
	except RuntimeError as err:
		fail(str(err))
	finally:
		e.close()


def run_headless(args, cmds):
	"""The README's four lines, in order, with the waits a reader makes between them."""
	e = Env(args)
	try:
		for cmd in cmds:
			if cmd.endswith('&'):
				p = e.start(cmd[:-1].strip())
				if '--socket picowl-1' in cmd:
					e.wait_socket('picowl-1', p, cmd)
				continue
			e.wait_tiles('picowl-1', 2, 'weston-simple-shm and foot')
			r = subprocess.run(['bash', '-c', e.command(cmd)], cwd=e.cwd, env=e.env(),
					   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30)
			if r.returncode != 0:
				fail('%s: status %d: %s' % (cmd, r.returncode, r.stdout.decode()))
				return
		shot = os.path.join(e.cwd, 'screenshot.png')
		size = png_size(shot) if os.path.exists(shot) else None
		if size != (240, 320):
			fail('grim screenshot.png: %s, not a 240x320 PNG' % (size,))
		else:
			log('ran: the headless lines: two tiles, screenshot.png 240x320')
	except RuntimeError as err:
		fail(str(err))
	finally:
		e.close()


def repo_paths(cmd):
	"""The repository paths a command names (ninja's targets are build products, not paths)."""
	try:
		words = shlex.split(cmd, comments=True)
	except ValueError:
		words = cmd.split()
	paths = []
	ninja = False
	for w in words:
		if w in ('ninja', 'ninja-build'):
			ninja = True
		for m in re.finditer(r'(?<![\w./$<-])((?:%s)/[\w./+-]*)' % '|'.join(re.escape(t) for t in TOP), w):
			if ninja:
				continue
			paths.append(m.group(1).rstrip('.,:;)'))
	return paths


def check_paths(source, name, cmds):
	bad = []
	for cmd in cmds:
		for p in repo_paths(cmd):
			full = os.path.join(source, p)
			if os.path.exists(full) or glob.glob(full):
				continue
			if p.endswith(BUILT) and os.path.isdir(os.path.dirname(full)):
				continue
			bad.append('%s: `%s` names %s, which does not exist' % (name, cmd, p))
	for b in bad:
		fail(b)
	return len(bad)


def check_keys(source):
	"""picowl.ini(5) has a section for each of config/picowl.ini's and names each of its keys."""
	ini = open(os.path.join(source, 'config', 'picowl.ini')).read()
	man = open(os.path.join(source, 'config', 'picowl.ini.5')).read().replace('\\-', '-')
	section, keys = None, []
	for line in ini.split('\n'):
		m = re.match(r'^\[(\w+)\]', line)
		if m:
			section = m.group(1)
			if '.SH [%s]' % section not in man:
				fail('picowl.ini(5) has no section [%s]' % section)
			continue
		m = re.match(r'^(\w+)\s*=', line)
		if m and section not in ('bindings', 'autostart'):
			keys.append(m.group(1))
	man_keys = set()
	for line in man.split('\n'):
		if line.startswith(('.B ', '.BR ')):
			man_keys.update(re.findall(r'[a-z_]+', line.split(' ', 1)[1]))
	missing = [k for k in keys if k not in man_keys]
	if missing:
		fail('picowl.ini(5) does not describe %s (keys of config/picowl.ini)' % ', '.join(missing))
	else:
		log('picowl.ini(5) describes all %d keys of config/picowl.ini' % len(keys))


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument('--source', required=True)
	ap.add_argument('--build', required=True)
	ap.add_argument('--ctl', required=True)
	ap.add_argument('--only-paths', action='store_true', help='check the paths only')
	args = ap.parse_args()
	args.build = os.path.abspath(args.build)

	readme = open(os.path.join(args.source, 'README')).read()
	cmds = readme_commands(readme)
	log('the README has %d commands' % len(cmds))

	ci = open(os.path.join(args.source, '.ci', 'run')).read()
	m = re.search(r"^TEST_COMMAND='(.*)'$", ci, re.M)
	if not m or m.group(1) != TEST_COMMAND:
		fail('.ci/run\'s TEST_COMMAND is not the one this test knows: %s' % (m and m.group(1)))
	if TEST_COMMAND not in cmds:
		fail('the README does not give the test command exactly: %s' % TEST_COMMAND)

	unknown = [c for c in cmds if c not in LISTED and c not in RUN]
	for c in unknown:
		fail('the README\'s command is neither run nor listed by tests/docs/test_commands.py: %s'
		     % c)
	gone = [c for c in list(LISTED) + list(RUN) if c not in cmds]
	for c in gone:
		fail('tests/docs/test_commands.py knows a command the README no longer has: %s' % c)
	for c in cmds:
		if c in LISTED:
			log('not run: %s\n    (%s)' % (c, LISTED[c]))

	n = check_paths(args.source, 'README', cmds) + check_paths(
		args.source, 'README (text)', [readme.replace('`', ' ')])
	docs = sorted(glob.glob(os.path.join(args.source, 'doc', '*.md'))) + [
		os.path.join(args.source, 'tests', 'README.md')]
	total = 0
	for d in docs:
		dcmds = [c for kind, lines in blocks(open(d).read()) if kind not in ('ini', 'text')
			 for c in commands(lines)]
		total += len(dcmds)
		n += check_paths(args.source, os.path.relpath(d, args.source), dcmds)
	log('%d commands of %d documents (doc/*.md, tests/README.md): %s' % (total, len(docs),
							  'every path they name exists' if not n else
							  '%d paths missing' % n))

	check_keys(args.source)

	if not args.only_paths:
		for kind in ('install', 'nested', 'headless'):
			group = [c for c in cmds if RUN.get(c) == kind]
			if group:
				globals()['run_' + kind](args, group)

	if failures:
		print('%d failures' % len(failures))
		sys.exit(1)
	print('PASS')


if __name__ == '__main__':
	main()
