#!/usr/bin/env python3
"""picowl's log as a daemon's (decision 4.60), one case a run (--case):

  levels         -q shows errors only, the default warnings and info too, -v debug too;
                 --log-level warning drops info; [log] level in the file does what the option
                 does, and -v overrides it
  log-file       --log FILE: every line there with its time ("[   12.345] picowl: ..."), none
                 on stderr, a second run appended; [log] file in the ini the same
  log-file-bad   --log in a missing folder: exit 2, one message naming the file, no socket
  long-line      a bad value of 1,000 characters and a bad binding of 1,000: each message
                 whole, with its end, in the log
  counters-exit  no counter table at exit by default; with --counters-at-exit, and with
                 [pipeline] counters_at_exit = true, one
  missing-config -c naming a missing file: exit 1, the file named; no file where the default
                 is looked up: picowl starts
  broken-header  "[panel" without its bracket: file:line, and the keys it took, named
"""

import os
import re
import subprocess
import tempfile

import harness
from harness import check, log

TIME = re.compile(r'^\[ *\d+\.\d{3}\] ')


def parse():
	return harness.parse_args(lambda p: p.add_argument('--case', required=True))


def run_picowl(picowl, d, argv, config=None, command=('true',), timeout=20):
	"""picowl headless in the private folder `d` until its command exits (--exit-with-command);
	returns (status, stdout, stderr)."""
	env = dict(os.environ, XDG_RUNTIME_DIR=d, HOME=d, XDG_CONFIG_HOME=os.path.join(d, 'config'))
	env.pop('WAYLAND_DISPLAY', None)
	cmd = [picowl, '--backend', 'headless', '--socket', 'log-test'] + argv
	if config is not None:
		path = os.path.join(d, 'picowl.ini')
		with open(path, 'w') as f:
			f.write(config)
		cmd += ['-c', path]
	if command:
		cmd += ['--exit-with-command', '--'] + list(command)
	r = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
			   stderr=subprocess.PIPE, timeout=timeout)
	err = r.stderr.decode(errors='replace')
	marks = [m for m in harness.SANITIZER_MARKS if m in err]
	check(not marks, 'picowl printed a sanitizer report (%s):\n%s' % (', '.join(marks), err))
	return r.returncode, r.stdout.decode(errors='replace'), err


BAD_KEY = '[layout]\ngaps = lots\n'
ERROR_LINE = 'picowl.ini:2: [layout] gaps: bad value "lots"'


def case_levels(picowl, d):
	# an error (the config's), a warning (the counters' file cannot be opened at exit), info
	# ("running on") and debug (the command's exit)
	bad = ['--counters', os.path.join(d, 'no-such-folder', 'c.txt'), '--counters-at-exit']

	def said(argv, config=BAD_KEY):
		status, _, err = run_picowl(picowl, d, argv + bad, config)
		check(status == 0, 'picowl %s: status %d:\n%s' % (' '.join(argv), status, err))
		return err
	runs = {
		'-q': said(['-q']),
		'default': said([]),
		'-v': said(['-v']),
		'--log-level warning': said(['--log-level', 'warning']),
		'[log] level = error': said([], BAD_KEY + '[log]\nlevel = error\n'),
		'[log] level = error, -v': said(['-v'], BAD_KEY + '[log]\nlevel = error\n'),
	}
	# what each must show: error, warning, info, debug
	want = {'-q': (True, False, False, False), 'default': (True, True, True, False),
		'-v': (True, True, True, True), '--log-level warning': (True, True, False, False),
		'[log] level = error': (True, False, False, False),
		'[log] level = error, -v': (True, True, True, True)}
	for name, err in runs.items():
		got = (ERROR_LINE in err, 'picowl: cannot open the counters file' in err,
		       'picowl: running on WAYLAND_DISPLAY=log-test' in err,
		       re.search(r'picowl: pid \d+ exited: status 0', err) is not None)
		check(got == want[name], '%s: error, warning, info, debug shown %s, want %s:\n%s'
		      % (name, got, want[name], err))
		# the counter table, a report, goes to stderr when its file cannot be opened
		logged = err.split('picowl counters:')[0]
		lines = harness.log_lines(logged)
		check(all(TIME.match(l) for l in logged.splitlines()) and
		      all(l.startswith('picowl: ') or re.match(r'\w+\[\d+\]: ', l) for l in lines),
		      '%s: a line without its time or "picowl: ":\n%s' % (name, err))
		log('%s: %d lines, error/warning/info/debug %s' % (name, len(lines), got))
	# -q is errors alone: nothing but the error line
	only = harness.log_lines(runs['-q'].split('picowl counters:')[0])
	check(len(only) == 1 and only[0].endswith(ERROR_LINE + ' (expected pixels, 0..1000)'),
	      '-q shows more than the error:\n' + runs['-q'])


def case_log_file(picowl, d):
	path = os.path.join(d, 'picowl.log')
	for n in (1, 2):
		status, out, err = run_picowl(picowl, d, ['--log', path], BAD_KEY,
					      command=('sh', '-c', 'echo from the child'))
		check(status == 0 and err == '' and out == '',
		      'run %d with --log: status %d, stdout %r, stderr %r' % (n, status, out, err))
	text = open(path).read()
	lines = text.splitlines()
	check(all(TIME.match(l) for l in lines), 'a line without its time:\n' + text)
	check(text.count('picowl: running on WAYLAND_DISPLAY=log-test') == 2 and
	      text.count(ERROR_LINE) == 2, 'not both runs, with the config error, in the file:\n' + text)
	check(len(re.findall(r'\] sh\[\d+\]: from the child$', text, re.M)) == 2,
	      'the child\'s line is not in the file:\n' + text)
	times = [float(TIME.match(l).group(0).strip('[] ')) for l in lines]
	check(times == sorted(times), 'the times go backwards:\n' + text)
	log('--log: %d lines over two runs, each timed, e.g. %s' % (len(lines), lines[0]))
	# the same from the file's [log] file
	other = os.path.join(d, 'other.log')
	status, _, err = run_picowl(picowl, d, [], BAD_KEY + '[log]\nfile = %s\n' % other)
	check(status == 0 and err == '' and ERROR_LINE in open(other).read(),
	      '[log] file: status %d, stderr %r' % (status, err))
	log('[log] file = %s: the same' % other)


def case_log_file_bad(picowl, d):
	path = os.path.join(d, 'no-such-folder', 'picowl.log')
	status, _, err = run_picowl(picowl, d, ['--log', path], command=None)
	lines = harness.log_lines(err)
	check(status == 2 and path in lines[0] and 'No such file or directory' in lines[0],
	      '--log %s: status %d, %r' % (path, status, err))
	check(not os.path.exists(os.path.join(d, 'log-test')), 'the socket was made')
	log('--log %s: exit 2, "%s"' % (path, lines[0]))


def case_long_line(picowl, d):
	value = ''.join(chr(ord('a') + i % 26) for i in range(1000))
	config = '[output]\nbackend = %s\n[bindings]\nLogo+b = %s\n' % (value, value)
	status, _, err = run_picowl(picowl, d, [], config)
	check(status == 0, 'status %d:\n%s' % (status, err[-2000:]))
	lines = harness.log_lines(err)
	backend = [l for l in lines if '[output] backend: bad value' in l]
	binding = [l for l in lines if '[bindings] Logo+b: bad action' in l]
	check(len(backend) == 1 and ('"%s" (expected headless' % value) in backend[0] and
	      backend[0].endswith('or auto)'), 'the backend line is not whole:\n%s' % backend)
	check(len(binding) == 1 and ('"%s" (expected focus' % value) in binding[0] and
	      binding[0].endswith('keyboard show|hide|toggle or none)'),
	      'the binding line is not whole:\n%s' % binding)
	log('a 1,000-character bad value: lines of %d and %d characters, whole'
	    % (len(backend[0]), len(binding[0])))


def case_counters_exit(picowl, d):
	runs = {'default': ([], None), '--counters-at-exit': (['--counters-at-exit'], None),
		'[pipeline] counters_at_exit = true': ([], '[pipeline]\ncounters_at_exit = true\n')}
	for name, (argv, config) in runs.items():
		status, _, err = run_picowl(picowl, d, argv, config)
		n = err.count('picowl counters:')
		want = 0 if name == 'default' else 1
		check(status == 0 and n == want, '%s: status %d, %d counter tables, want %d:\n%s'
		      % (name, status, n, want, err))
		log('%s: %d counter table(s) at exit, %d lines in all' % (name, n, len(err.splitlines())))


def case_missing_config(picowl, d):
	missing = os.path.join(d, 'nonexistent.ini')
	env = dict(os.environ, XDG_RUNTIME_DIR=d, HOME=d, XDG_CONFIG_HOME=os.path.join(d, 'none'))
	r = subprocess.run([picowl, '--backend', 'headless', '--socket', 'log-test', '-c', missing],
			   env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
			   stderr=subprocess.PIPE, timeout=20)
	err = r.stderr.decode(errors='replace')
	check(r.returncode == 1 and missing in err and 'No such file or directory' in err,
	      '-c %s: status %d, %r' % (missing, r.returncode, err))
	check(not os.path.exists(os.path.join(d, 'log-test')), 'the socket was made')
	log('-c %s: exit 1: %s' % (missing, ' | '.join(harness.log_lines(err))))
	# no -c, and no file where it is looked up: the defaults, as before
	status, _, err = run_picowl(picowl, d, [])
	check(status == 0 and 'running on' in err, 'no config file at all: status %d:\n%s'
	      % (status, err))
	log('no -c and no file: runs with the defaults')


def case_broken_header(picowl, d):
	config = ('[output]\nrotation = 0\n[panel\ncommand = foo\nheight = 20\n\nposition = top\n'
		  '; a comment\nautohide = true\n[layout]\ngaps = 1\n')
	status, _, err = run_picowl(picowl, d, [], config)
	want = ('picowl: %s:3: bad section header "[panel": the 4 keys up to line 9 skipped'
		% os.path.join(d, 'picowl.ini'))
	check(status == 0 and want in harness.log_lines(err), 'status %d, no line %r in:\n%s'
	      % (status, want, err))
	log(want)


CASES = {'levels': case_levels, 'log-file': case_log_file, 'log-file-bad': case_log_file_bad,
	 'long-line': case_long_line, 'counters-exit': case_counters_exit,
	 'missing-config': case_missing_config, 'broken-header': case_broken_header}


def run():
	args = parse()
	picowl = harness.need(args.picowl, 'picowl', '(build it)')
	with tempfile.TemporaryDirectory(prefix='picowl-log-') as d:
		os.chmod(d, 0o700)
		CASES[args.case](picowl, d)


harness.main(run)
