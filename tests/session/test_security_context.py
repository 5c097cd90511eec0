#!/usr/bin/env python3
"""A sandboxed client sees only the public globals (security-context; decision 4.95).
shellclient sandbox makes a security context listening on a socket of the test's; Debian's
wayland-info through that socket lists every global wayland-info lists on picowl's own socket
but the private ones and the security context manager (none of those is listed), and foot
started through it maps a window. Once the shellclient that holds the context's close_fd goes,
a connection to the socket is refused."""

import os
import re
import signal
import subprocess

import harness
import session
from harness import check, log



def private_globals(readme):
	"""The private globals as hostile-private-globals-other-uid lists them (every new private
	global is added there), and the security context manager."""
	source = os.path.join(os.path.dirname(readme), 'tests', 'robust', 'cases_hostile.c')
	text = open(source).read()
	table = text[text.index('private_globals[] = {'):]
	table = table[:table.index('};')]
	return set(re.findall(r'&([a-z0-9_]+)_interface', table)) | {'wp_security_context_manager_v1'}


def interfaces(s, info, display):
	r = subprocess.run([info], env=s.client_env({'WAYLAND_DISPLAY': display}),
			   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
			   timeout=20)
	return r.returncode, set(re.findall(r"interface: '([a-z0-9_]+)'", r.stdout.decode()))


def run():
	def extra(p):
		p.add_argument('--client', required=True)
		p.add_argument('--info', default='/usr/bin/wayland-info')
	args = session.parse_args_with(extra)
	client = harness.need(args.client, 'shellclient', '(built by meson)')
	info = harness.need(args.info, 'wayland-info', 'wayland-utils')
	foot = harness.need(args.foot, 'foot', 'foot')
	readme = harness.need(args.readme, 'the README', '(the source tree)')
	PRIVATE = private_globals(readme)
	check(len(PRIVATE) >= 12, 'cases_hostile.c lists %d private globals' % len(PRIVATE))
	with harness.Session(args) as s:
		status, own = interfaces(s, info, s.socket)
		check(status == 0 and PRIVATE <= own,
		      'wayland-info on picowl\'s socket misses %s' % sorted(PRIVATE - own))
		path = os.path.join(s.dir, 'sandbox.sock')
		state = os.path.join(s.dir, 'sandbox.state')
		open(state, 'w').close()
		holder = s.spawn([client, state, 'sandbox', path], 'shellclient-sandbox')
		s.poll(lambda: 'listening' in open(state).read(), 'the context listens', timeout=10)
		status, boxed = interfaces(s, info, path)
		check(status == 0, 'wayland-info through the sandbox\'s socket: status %d' % status)
		check(not (boxed & PRIVATE), 'a sandboxed client sees %s' % sorted(boxed & PRIVATE))
		check(boxed == own - PRIVATE, 'the sandboxed client\'s globals differ from the public '
		      'ones: %s' % sorted(boxed ^ (own - PRIVATE)))
		log('wayland-info: %d interfaces on picowl\'s socket, %d through the sandbox\'s, none '
		    'private' % (len(own), len(boxed)))
		s.spawn(harness.foot_cmd(s), 'foot-sandboxed', env={'WAYLAND_DISPLAY': path})
		s.poll(lambda: any(w['app_id'] == 'foot' for w in session.windows(s)),
		       'foot through the sandbox\'s socket maps', timeout=30)
		log('foot, sandboxed: %s' % session.windows(s))
		holder.kill(signal.SIGKILL)
		s.poll(lambda: interfaces(s, info, path)[0] != 0,
		       'the socket refuses once the context\'s close_fd hung up')
		log('the holder of close_fd gone: wayland-info through the socket fails')
		s.check_alive('after the sandbox')


harness.main(run)
