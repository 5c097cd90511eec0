#!/usr/bin/env python3
"""ext-data-control v1 (decision 4.88) against Debian's wl-clipboard, which speaks wlr data
control: extclipclient (ours; no Debian 12 client speaks ext) reads what wl-copy and wl-copy -p
set, sets both selections that wl-paste and wl-paste -p read, hears its sources cancelled when
wl-copy replaces them, and sees wl-copy --clear empty the clipboard. No window is mapped."""

import subprocess

import harness
import session
from harness import check, log


def lines(path, kind):
	return [l.split(' ', 1)[1] if ' ' in l else '' for l in open(path).read().splitlines()
		if l.split(' ', 1)[0] == kind]


def run():
	def add(p):
		p.add_argument('--client', required=True)
	args = session.parse_args_with(add)
	client = harness.need(args.client, 'extclipclient', '(built by meson)')
	wl_copy = harness.need('/usr/bin/wl-copy', 'wl-copy', 'wl-clipboard')
	wl_paste = harness.need('/usr/bin/wl-paste', 'wl-paste', 'wl-clipboard')
	with harness.Session(args) as s:
		def paste(*flags):
			r = subprocess.run([wl_paste, '-n'] + list(flags), env=s.client_env(),
					   stdin=subprocess.DEVNULL, capture_output=True, text=True,
					   timeout=20)
			check(r.returncode == 0, 'wl-paste %s: status %d: %s'
			      % (' '.join(flags), r.returncode, r.stderr.strip()))
			return r.stdout

		def copy(*argv):
			# wl-copy forks to serve the selection: --foreground keeps it in the session's care
			return s.spawn([wl_copy, '--foreground'] + list(argv), 'wl-copy')

		watch = s.dir + '/watch.state'
		open(watch, 'w').close()
		s.spawn([client, 'watch', watch], 'extclip-watch')
		s.poll(lambda: 'none' in lines(watch, 'selection') and 'none' in lines(watch, 'primary'),
		       'the watcher is told there is no selection yet')

		copy('from wl-copy')
		s.poll(lambda: 'from wl-copy' in lines(watch, 'selection'),
		       'the ext watcher reads what wl-copy set')
		copy('-p', 'primary from wl-copy')
		s.poll(lambda: 'primary from wl-copy' in lines(watch, 'primary'),
		       'the ext watcher reads what wl-copy -p set')
		log('wl-copy and wl-copy -p reach the ext-data-control watcher')

		state = s.dir + '/copy.state'
		open(state, 'w').close()
		c = s.spawn([client, 'copy', 'from ext', state], 'extclip-copy')
		s.poll(lambda: 'copied' in open(state).read(), 'extclipclient sets both selections')
		check(paste() == 'from ext', 'wl-paste gave %r' % paste())
		check(paste('-p') == 'primary from ext', 'wl-paste -p gave %r' % paste('-p'))
		s.poll(lambda: 'from ext' in lines(watch, 'selection')
		       and 'primary from ext' in lines(watch, 'primary'),
		       'the watcher reads the ext source too')
		log('extclipclient\'s selections reach wl-paste, wl-paste -p and the ext watcher')

		copy('again')
		copy('-p', 'again')
		s.poll(lambda: len(lines(state, 'cancelled')) == 2, 'both ext sources are cancelled')
		check(c.wait(10) == 0, 'extclipclient copy did not exit after its sources went')
		c = s.spawn([wl_copy, '--clear'], 'wl-copy-clear')
		check(c.wait(10) == 0, 'wl-copy --clear failed')
		s.poll(lambda: lines(watch, 'selection')[-1] == 'none',
		       'the watcher hears the clipboard cleared')
		check(session.ctl(s, 'windows').strip() == '', 'a window was mapped')
		log('wl-copy replaces the ext sources (cancelled) and --clear empties the clipboard')
		s.check_alive('after the clipboard')


harness.main(run)
