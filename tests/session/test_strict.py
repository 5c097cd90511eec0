#!/usr/bin/env python3
"""A config with an unknown key, a bad value and a bad binding: picowl names file, line and key
for each and starts with the defaults; with --strict it refuses to start (status 2)."""

import os
import subprocess
import tempfile

import harness
import session
from harness import check, log

BAD = '''[layout]
gaps = 2
no_such_key = 1
[panel]
timeout = soon
[bindings]
Logo+nosuchkey = close
'''


def run():
	args = session.parse_args()
	picowl = harness.need(args.picowl, 'picowl', '(build it)')
	with tempfile.TemporaryDirectory(prefix='picowl-strict-') as d:
		os.chmod(d, 0o700)
		conf = os.path.join(d, 'bad.ini')
		with open(conf, 'w') as f:
			f.write(BAD)
		env = dict(os.environ, XDG_RUNTIME_DIR=d)
		r = subprocess.run([picowl, '--backend', 'headless', '--strict', '-c', conf, '--socket', 'strict-test'],
				   env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
				   stderr=subprocess.PIPE, timeout=10)
		err = r.stderr.decode(errors='replace')
		check(r.returncode == 2, '--strict with a bad config exited %d, not 2:\n%s' % (r.returncode, err))
		for where in ('bad.ini:3: [layout] no_such_key', 'bad.ini:5: [panel] timeout',
			      'bad.ini:7: [bindings] Logo+nosuchkey'):
			check(where in err, 'no message naming %r:\n%s' % (where, err))
		check(not os.path.exists(os.path.join(d, 'strict-test')), '--strict created a socket')
		log('--strict: status 2, three messages naming file:line: [section] key')

	s = harness.Session(args)
	conf = os.path.join(s.dir, 'bad.ini')
	with open(conf, 'w') as f:
		f.write(BAD)
	s.extra_args += ['-c', conf]
	with s:
		err = s.picowl_stderr()
		check('bad.ini:5: [panel] timeout: bad value "soon"' in err, 'no message:\n' + err)
		s.check_alive('with a bad config and no --strict')
		log('without --strict picowl runs, with the defaults for the bad keys')


harness.main(run)
