#!/usr/bin/env python3
"""picowl-ctl as the session's command channel (issue 34, decision 4.62), one case a test (--case):

actions   every [bindings] action through `picowl-ctl action`, each with its effect read back
          (tiles/windows/outputs --json, screenshots, processes, the panel's and picowl's logs),
          spawn as one word split like the ini's exec and as several words
quit      `action quit` ends picowl with status 0
keys      every evdev key name [bindings] takes (KEY_PROG3...) and keysym names, injected
bad-tile  focus 5 with two tiles: exit 1 and a message; focus unchanged
no-focus  close, fullscreen, kill, swap, tile N with no window: exit 1 and a message
unknown-action  an action picowl does not know: exit 1 and the parser's message
spawn-fails  a program that cannot be run: exit 1 and the reason (needs pw_spawn to report a
          failed exec, the logs helper's change of compositor/system/spawn.c)
bad-args  usage errors: exit 2
no-picowl no compositor: exit 1 and a message
reload-errors  the config's errors printed as file:line: [section] key: what, exit 1; at most 64
"""

import json
import os
import re
import shlex
import shutil
import subprocess

import harness
import session
from harness import check, log

COLOURS = {'a': 'ff00ff', 'b': '00ff00', 'c': 'ffff00'}


def run_ctl(s, *argv, env=None):
	"""picowl-ctl's (status, stdout, stderr)."""
	r = subprocess.run([s.args.ctl] + list(argv), env=env or s.client_env(),
			   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
			   timeout=20)
	return r.returncode, r.stdout.decode(errors='replace'), r.stderr.decode(errors='replace')


def expect(s, status, argv, message=None, env=None):
	"""Runs picowl-ctl ARGV; checks its status and that stderr holds `message`."""
	got, out, err = run_ctl(s, *argv, env=env)
	check(got == status, 'picowl-ctl %s: status %d, expected %d; stderr: %s'
	      % (' '.join(argv), got, status, err.strip()))
	if message:
		check(message in err, 'picowl-ctl %s: stderr lacks %r: %s'
		      % (' '.join(argv), message, err.strip()))
	if status != 0:
		check(err.strip(), 'picowl-ctl %s: status %d without a message' % (' '.join(argv), got))
	log('picowl-ctl %s: status %d%s' % (' '.join(argv), got,
					      ': ' + err.strip().splitlines()[-1] if err.strip() else ''))
	return out


def action(s, *words):
	return expect(s, 0, ('action',) + words)


def jctl(s, *argv):
	"""picowl-ctl ARGV --json, parsed."""
	out = session.ctl(s, *(argv + ('--json',)))
	try:
		return json.loads(out)
	except ValueError as e:
		raise harness.TestFailure('picowl-ctl %s --json: not JSON (%s):\n%s' % (' '.join(argv), e, out))


def focused_tile(s):
	tiles = [t['tile'] for t in jctl(s, 'tiles') if t['focused']]
	return tiles[0] if tiles else None


def window_ids(s):
	return [w['id'] for w in jctl(s, 'windows')]


def process_gone(pid):
	try:
		with open('/proc/%d/stat' % pid) as f:
			return f.read().rsplit(')', 1)[1].split()[0] == 'Z'
	except (FileNotFoundError, ProcessLookupError):
		return True


def children_named(ppid, name):
	found = []
	for p in os.listdir('/proc'):
		try:
			with open('/proc/%s/stat' % p) as f:
				stat = f.read()
			with open('/proc/%s/cmdline' % p, 'rb') as f:
				cmd = f.read().split(b'\0')[0].decode(errors='replace')
		except (OSError, ValueError):
			continue
		if int(stat.rsplit(')', 1)[1].split()[1]) == ppid and os.path.basename(cmd) == name:
			found.append(int(p))
	return found


def write_config(s, text):
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write(text)


def two_foots(s, rgb):
	"""foot a in tile 1, started with spawn and one word (split as the ini's exec does), foot b in
	tile 2 with spawn and its argv as words. Returns their pids."""
	W, H = s.width, s.height
	pid_a = int(session.ctl(s, 'spawn', shlex.join(harness.foot_cmd(s, COLOURS['a']))))
	s.wait_until(lambda i: session.mostly(i, (10, 10, W - 20, H - 20), rgb['a']),
		     'foot a, spawned as one word, fills the output')
	pid_b = int(session.ctl(s, 'spawn', *harness.foot_cmd(s, COLOURS['b'])))
	s.wait_until(lambda i: session.mostly(i, (10, H // 2 + 10, W - 20, H // 2 - 20), rgb['b']),
		     'foot b in tile 2')
	log('spawn: one word split into foot\'s argv (pid %d), several words as given (pid %d)'
	    % (pid_a, pid_b))
	return pid_a, pid_b


def case_actions(args):
	harness.need(args.foot, 'foot', 'foot')
	typist = harness.need(args.typist, 'wvkbd-mobintl', 'wvkbd')
	rgb = {k: harness.parse_rgb(v) for k, v in COLOURS.items()}
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		W, H = s.width, s.height
		write_config(s, '[keyboard]\ncommand = %s\n' % typist)
		expect(s, 0, ['reload'])
		panel = s.spawn([args.panel], 'picowl-panel')
		s.wait_until(lambda img: session.panel_shown(img, (30, 0, 100, 16)), 'the panel')
		pid_a, pid_b = two_foots(s, rgb)
		ids = window_ids(s)
		check(len(ids) == 2 and len(jctl(s, 'tiles')) == 2, 'two tiles and windows expected')

		# focus
		expect(s, 0, ['focus', '1'])
		check(focused_tile(s) == 1, 'focus 1: tile %s focused' % focused_tile(s))
		action(s, 'focus', 'next')
		check(focused_tile(s) == 2, 'focus next: tile %s focused' % focused_tile(s))
		action(s, 'focus', 'prev')
		check(focused_tile(s) == 1, 'focus prev: tile %s focused' % focused_tile(s))
		action(s, 'focus', 'tile', '2')
		check(focused_tile(s) == 2, 'focus tile 2: tile %s focused' % focused_tile(s))

		# swap and tile N: the order of the windows
		top = (W // 2 - 10, 20, 20, 20)
		bottom = (W // 2 - 10, H - 40, 20, 20)
		action(s, 'swap')
		check(window_ids(s) == ids[::-1], 'swap: windows %s, expected %s' % (window_ids(s), ids[::-1]))
		s.wait_until(lambda i: session.mostly(i, top, rgb['b']), 'swap: foot b on top')
		action(s, 'tile', '2')
		check(window_ids(s) == ids, 'tile 2: windows %s, expected %s' % (window_ids(s), ids))
		s.wait_until(lambda i: session.mostly(i, top, rgb['a']), 'tile 2: foot a on top again')

		# master grow and shrink move the line between the tiles
		probe = (W // 2 - 5, H // 2 + 12, 10, 8)
		action(s, 'master', 'grow', '150')
		s.wait_until(lambda i: session.mostly(i, probe, rgb['a']), 'master grow: tile 1 taller')
		action(s, 'master', 'shrink', '150')
		s.wait_until(lambda i: session.mostly(i, probe, rgb['b']), 'master shrink: tile 1 back')

		# layouts: monocle hides the unfocused window
		def hidden():
			return [w['id'] for w in jctl(s, 'windows') if w['hidden']]
		action(s, 'layout', 'monocle')
		check(hidden() == [ids[0]], 'layout monocle: hidden %s, expected [%d]' % (hidden(), ids[0]))
		s.wait_until(lambda i: session.mostly(i, top, rgb['b']), 'monocle: foot b over the output')
		action(s, 'layout', 'tile')
		check(hidden() == [], 'layout tile: hidden %s' % hidden())
		action(s, 'layout', 'next')
		check(len(hidden()) == 1, 'layout next from tile: not monocle')
		action(s, 'layout', 'next')
		check(hidden() == [], 'layout next from monocle: not tile')
		s.wait_until(lambda i: session.mostly(i, top, rgb['a']), 'tiled again: foot a on top')

		# fullscreen, and the panel over it
		action(s, 'fullscreen')
		check([t['fullscreen'] for t in jctl(s, 'tiles')] == [False, True], 'fullscreen: %s'
		      % jctl(s, 'tiles'))
		s.wait_until(lambda i: session.mostly(i, top, rgb['b']) and
			     not session.panel_shown(i, (30, 0, 100, 16)), 'foot b fullscreen')
		action(s, 'panel')
		s.wait_until(lambda i: session.panel_shown(i, (30, 0, 100, 16)), 'panel: shown over it')
		action(s, 'fullscreen')
		check(not any(t['fullscreen'] for t in jctl(s, 'tiles')), 'fullscreen again: still on')

		# rotate: the output turns (outputs --json)
		def output():
			outs = jctl(s, 'outputs')
			check(len(outs) == 1, 'outputs: %s' % outs)
			return outs[0]
		o = output()
		check((o['width'], o['height'], o['rotation'], o['backend'], o['format'], o['scale'])
		      == (W, H, 0, 'headless', args.format, 1), 'outputs: %s' % o)
		action(s, 'rotate', '90')
		o = output()
		check((o['width'], o['height'], o['rotation']) == (H, W, 90), 'rotate 90: %s' % o)
		action(s, 'rotate')
		check(output()['rotation'] == 180, 'rotate: %s' % output())
		action(s, 'rotate', '180')
		check(output()['rotation'] == 0, 'rotate 180 from 180: %s' % output())
		session.ctl(s, 'outputs')  # and as text
		inputs = jctl(s, 'inputs')
		check([i['name'] for i in inputs] == ['picowl-ctl inject'], 'inputs: %s' % inputs)

		# power
		action(s, 'power', 'off')
		check(session.ctl(s, 'power', 'status').strip() == 'off', 'power off: not off')
		action(s, 'power', 'toggle')
		check(session.ctl(s, 'power', 'status').strip() == 'on', 'power toggle: not on')
		action(s, 'power', 'on')

		# the on-screen keyboard: [keyboard] command started, hidden, shown
		action(s, 'keyboard', 'show')
		s.poll(lambda: children_named(s.pid, os.path.basename(typist)), 'keyboard show starts %s'
		       % typist)
		bottom_row = (10, H - 12, W - 20, 8)
		s.wait_until(lambda i: not session.mostly(i, bottom_row, rgb['b'], 0.5),
			     'keyboard show: the keyboard over the bottom')
		action(s, 'keyboard', 'hide')
		s.wait_until(lambda i: session.mostly(i, bottom_row, rgb['b']), 'keyboard hide: foot b again')
		action(s, 'keyboard', 'toggle')
		s.wait_until(lambda i: not session.mostly(i, bottom_row, rgb['b'], 0.5), 'keyboard toggle')
		action(s, 'keyboard', 'hide')

		# the panel's launcher; picowl's counters, reload and the calibration routine
		action(s, 'launcher')
		try:
			s.poll(lambda: 'the launcher read' in panel.stderr(), 'launcher: the panel opens it')
		except harness.TestFailure:
			log('the panel: %s' % process_state(panel))
			raise
		action(s, 'launcher')
		action(s, 'counters')
		s.poll(lambda: 'picowl counters' in s.picowl_stderr(), 'counters: the table in the log')
		before = s.picowl_stderr().count('reloaded')
		action(s, 'reload')
		s.poll(lambda: s.picowl_stderr().count('reloaded') > before, 'reload: picowl reloaded')
		action(s, 'calibrate')
		out = expect(s, 1, ['calibrate', '--timeout', '1000'])
		check('runs already' in out or 'busy' in out, 'calibrate: the routine did not run: %s' % out)
		session.ctl(s, 'inject', 'key', 'esc')
		expect(s, 1, ['action', 'vt', '2'], 'no VT')
		action(s, 'none')

		# close and kill end real clients; spawn starts one
		expect(s, 0, ['focus', '2'])
		action(s, 'close')
		s.poll(lambda: process_gone(pid_b), 'close: foot b exits')
		s.poll(lambda: len(jctl(s, 'tiles')) == 1, 'close: one tile left')
		action(s, 'kill')
		s.poll(lambda: process_gone(pid_a), 'kill: foot a is killed')
		s.poll(lambda: len(jctl(s, 'tiles')) == 0, 'kill: no tile left')
		action(s, 'spawn', shlex.join(harness.foot_cmd(s, COLOURS['c'])))
		s.wait_until(lambda i: session.mostly(i, (10, 30, W - 20, H - 60), rgb['c']),
			     'action spawn: foot c shows')
		s.check_alive()


def case_quit(args):
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		action(s, 'quit')
		try:
			status = s.proc.wait(timeout=10)
		except subprocess.TimeoutExpired:
			raise harness.TestFailure('action quit: picowl still runs after 10 s')
		err = s.picowl_stderr()
		check(status == 0, 'action quit: picowl exited with status %d\n%s' % (status, err))
		marks = [m for m in harness.SANITIZER_MARKS if m in err]
		check(not marks, 'picowl printed a sanitizer report: %s\n%s' % (marks, err))
		log('action quit: picowl exited 0')
		s.proc = None  # ended: nothing for the harness to stop
		expect(s, 1, ['tiles'], 'WAYLAND_DISPLAY')


def evdev_names(source):
	"""The evdev key names config_words.c maps to keysyms."""
	text = open(os.path.join(source, 'compositor', 'pure', 'config_words.c')).read()
	return re.findall(r'\{"(KEY_\w+)", "\w+"\}', text)


def case_keys(args):
	names = evdev_names(args.source)
	check('KEY_PROG3' in names, 'config_words.c names no KEY_PROG3: %s' % names)
	# (binding, injected): the evdev names, then keysym names and combinations, none on the key
	# of an evdev name's; a keysym on the Shift level is bound with Shift, injected by name
	pairs = [(n, n) for n in names] + [
		('XF86Launch5', 'XF86Launch5'), ('Shift+exclam', 'exclam'), ('F5', 'F5'), ('q', 'q'),
		('Logo+Shift+KEY_PROG2', 'logo+shift+KEY_PROG2'), ('Alt+XF86Mail', 'alt+XF86Mail')]
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		marks = os.path.join(s.dir, 'marks')
		os.mkdir(marks)
		write_config(s, '[bindings]\n' + ''.join(
			'%s = spawn touch %s/%d\n' % (b, marks, i) for i, (b, _) in enumerate(pairs)))
		expect(s, 0, ['reload'])
		for i, (_, name) in enumerate(pairs):
			expect(s, 0, ['inject', 'key', name])
			s.poll(lambda: os.path.exists(os.path.join(marks, str(i))),
			       'inject key %s runs its binding' % name)
		check(sorted(os.listdir(marks), key=int) == [str(i) for i in range(len(pairs))],
		      'other bindings ran: %s' % sorted(os.listdir(marks)))
		log('%d key names injected, each ran its own binding: %s'
		    % (len(pairs), ' '.join(n for _, n in pairs)))
		expect(s, 2, ['inject', 'key', 'KEY_NOSUCH'], 'unknown key')
		s.check_alive()


def case_bad_tile(args):
	harness.need(args.foot, 'foot', 'foot')
	rgb = {k: harness.parse_rgb(v) for k, v in COLOURS.items()}
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		two_foots(s, rgb)
		expect(s, 0, ['focus', '1'])
		expect(s, 1, ['focus', '5'], 'no tile 5')
		expect(s, 1, ['focus', '3'], 'no tile 3')
		expect(s, 1, ['action', 'focus', 'tile', '5'], 'no tile 5')
		expect(s, 1, ['action', 'tile', '5'], 'no tile 5')
		expect(s, 1, ['window', 'close', '999'], 'no window 999')
		check(focused_tile(s) == 1, 'a bad tile moved the focus to %s' % focused_tile(s))
		check(len(jctl(s, 'tiles')) == 2, 'a bad tile changed the tiles')
		s.check_alive()


def case_no_focus(args):
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		for a in (['close'], ['fullscreen'], ['kill'], ['swap'], ['tile', '1']):
			expect(s, 1, ['action'] + a, 'no window has the focus' if a != ['tile', '1'] else 'no tile 1')
		expect(s, 1, ['focus', '1'], 'no tile 1')
		s.check_alive()


def case_unknown_action(args):
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		expect(s, 1, ['action', 'frobnicate'], 'bad action "frobnicate" (expected focus')
		expect(s, 1, ['action', 'layout', 'sideways'], 'bad action')
		expect(s, 1, ['action', 'rotate', '45'], 'bad action')
		expect(s, 1, ['action', 'focus', 'tile', 'x'], 'bad action')
		expect(s, 1, ['action', 'spawn', "'unbalanced"], 'bad action')
		s.check_alive()


def case_spawn_fails(args):
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		expect(s, 1, ['spawn', '/nonexistent/program'], 'No such file or directory')
		expect(s, 1, ['spawn', '/nonexistent/program --flag'], 'No such file or directory')
		expect(s, 1, ['action', 'spawn', '/nonexistent/program'], 'No such file or directory')
		expect(s, 1, ['spawn', '/etc/passwd'], 'Permission denied')
		expect(s, 2, ['spawn', "'unbalanced"], 'unbalanced quote')
		expect(s, 2, ['spawn', ''])
		s.check_alive()


def case_bad_args(args):
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		for argv in ([], ['frobnicate'], ['focus'], ['focus', 'x'], ['focus', '0'],
			     ['focus', '1', '2'], ['tiles', '--xml'], ['windows', 'x'], ['outputs', '-j'],
			     ['inputs', '--json', 'x'], ['spawn'], ['spawn', '--tile', '0', 'foot'],
			     ['spawn', '--tile', 'x', 'foot'], ['window', 'close', 'abc'],
			     ['window', 'shut', '1'], ['power', 'dim'], ['inject', 'key'],
			     ['inject', 'touch', 'down', '1'], ['reload', 'now'], ['panel', 'x'],
			     ['action'], ['calibrate', '--timeout', 'x']):
			expect(s, 2, argv)
		s.check_alive()
	expect(s, 0, ['--version'])
	check(run_ctl(s, '--version')[1].startswith('picowl-ctl 0.'), 'picowl-ctl --version: %s'
	      % run_ctl(s, '--version')[1])


def case_no_picowl(args):
	s = harness.Session(args)
	env = s.client_env({'WAYLAND_DISPLAY': 'picowl-nonexistent-%d' % os.getpid()})
	for argv in (['tiles'], ['action', 'close'], ['spawn', 'true'], ['reload'], ['outputs'],
		     ['inputs', '--json'], ['counters']):
		expect(s, 1, argv, 'picowl-nonexistent', env=env)
	# a usage error is found before connecting: 2 with or without a picowl
	for argv in (['focus', 'x'], ['tiles', '--xml'], ['spawn'], ['action']):
		expect(s, 2, argv, env=env)
	shutil.rmtree(s.dir, ignore_errors=True)


def case_reload_errors(args):
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		path = os.path.join(s.home, '.config', 'picowl', 'picowl.ini')
		write_config(s, '[bindings]\nLogo+x = frobnicate\n[panel]\nheight = abc\n')
		out = expect(s, 1, ['reload'], path + ':2: [bindings] Logo+x: bad action "frobnicate"')
		_, _, err = run_ctl(s, 'reload')
		check(path + ':4: [panel] height: bad value "abc"' in err, 'the second error: %s' % err)
		check('2 error(s)' in err, 'no count: %s' % err)
		check(out == '', 'reload printed on stdout: %s' % out)
		# a thousand bad lines: 64 printed, the rest counted; picowl keeps up
		write_config(s, '[panel]\n' + 'height = x\n' * 1000)
		_, _, err = run_ctl(s, 'reload')
		lines = [l for l in err.splitlines() if ': [panel] height: bad value' in l]
		check(len(lines) == 64, '%d error lines printed of 1000' % len(lines))
		check('and 936 more' in err and '1000 error(s)' in err, 'the rest not counted: %s'
		      % err.splitlines()[-2:])
		write_config(s, '[panel]\nheight = 20\n')
		status, out, err = run_ctl(s, 'reload')
		check(status == 0 and err == '', 'a good config: status %d, %s' % (status, err))
		log('reload: each error printed as file:line: [section] key: what; status 1; a good file 0')
		s.check_alive()


CASES = {
	'actions': case_actions,
	'quit': case_quit,
	'keys': case_keys,
	'bad-tile': case_bad_tile,
	'no-focus': case_no_focus,
	'unknown-action': case_unknown_action,
	'spawn-fails': case_spawn_fails,
	'bad-args': case_bad_args,
	'no-picowl': case_no_picowl,
	'reload-errors': case_reload_errors,
}


def process_state(client):
	"""Alive or not, and where it waits (for a failure's log)."""
	if not client.alive():
		return 'exited %s' % client.proc.poll()
	out = []
	for name in ('wchan', 'stat'):
		try:
			with open('/proc/%d/%s' % (client.pid, name)) as f:
				out.append('%s: %s' % (name, f.read().strip()))
		except OSError as e:
			out.append('%s: %s' % (name, e))
	return 'alive; ' + '; '.join(out)


def run():
	def more(p):
		p.add_argument('--case', required=True, choices=sorted(CASES))
		p.add_argument('--typist', default='')
		p.add_argument('--source', default='')
	args = session.parse_args_with(more)
	CASES[args.case](args)


harness.main(run)
