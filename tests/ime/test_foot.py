#!/usr/bin/env python3
"""foot's text-input-v3 with our own input method (issue 16): foot enables text input when it
has the keyboard focus; the text imclient commits is typed into foot's shell, and a Return
injected from the keyboard runs it: the file the command names appears."""

import os

import harness
import session
from harness import check, log


def lines(path):
	return open(path).read().splitlines()


def run():
	args = session.parse_args_with(lambda p: (p.add_argument('--ticlient', required=True),
						  p.add_argument('--imclient', required=True)))
	imclient = harness.need(args.imclient, 'imclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		im_log = os.path.join(s.dir, 'im.state')
		open(im_log, 'w').close()
		made = os.path.join(s.dir, 'typed-by-the-input-method')
		cmd = harness.foot_cmd(s)
		# foot's own shell instead of the idle command: what is typed runs
		s.spawn(cmd[:cmd.index('--log-level') + 2] + ['/bin/sh'], 'foot')
		s.poll(lambda: 'foot' in session.ctl(s, 'tiles'), 'foot maps')
		s.spawn([imclient, im_log, 'touch %s' % made], 'imclient')
		s.poll(lambda: 'activate' in lines(im_log), 'foot enables text input', timeout=20)
		s.poll(lambda: any(l.startswith('committed') for l in lines(im_log)),
		       'the input method commits')
		log('input method: %s' % ' | '.join(lines(im_log)))
		session.ctl(s, 'inject', 'key', 'return')
		s.poll(lambda: os.path.exists(made), 'the committed command runs in foot', timeout=10)
		s.check_alive('after foot')


if __name__ == '__main__':
	harness.main(run)
