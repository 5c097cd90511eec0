#!/usr/bin/env python3
"""The clipboard people use (issue 16): wl-clipboard 2.1 under picowl headless with no window
mapped. wl-copy, wl-paste, `wl-paste --watch CMD` and the primary selection (wl-copy -p,
wl-paste -p) work through wlr data control and map nothing (picowl-ctl tiles stays empty;
without data control wl-copy maps a window and `wl-paste --watch` refuses). Then with a
wl_data_device and zwp_primary_selection_v1 client of ours (clipclient.c): wl-copy and
wl-copy -p reach the focused client, and its copy and primary selection reach wl-paste, the
watcher and wl-paste -p."""

import os
import subprocess

import harness
import session
from harness import check, log

WL_COPY = '/usr/bin/wl-copy'
WL_PASTE = '/usr/bin/wl-paste'


def paste(s, *flags):
	r = subprocess.run([WL_PASTE, '--no-newline'] + list(flags), env=s.client_env(),
			   stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=10)
	return r.returncode, r.stdout


def copy(s, text, *flags):
	# wl-copy forks to serve the selection: --foreground keeps it in the session's care
	return s.spawn([WL_COPY, '--foreground'] + list(flags) + [text], 'wl-copy')


def no_tiles(s, when):
	tiles = session.ctl(s, 'tiles')
	check(tiles.strip() == '', '%s: the tile list changed:\n%s' % (when, tiles))


def lines(path):
	return open(path).read().splitlines() if os.path.exists(path) else []


def interfaces(s, as_nobody):
	"""The interfaces wayland-info lists, run as picowl's user or as nobody."""
	cmd = ['wayland-info']
	if as_nobody:
		cmd = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] + cmd
	r = subprocess.run(cmd, env=s.client_env(), stdin=subprocess.DEVNULL, capture_output=True,
			   text=True, timeout=20)
	check(r.returncode == 0, '%s: status %d: %s' % (' '.join(cmd), r.returncode, r.stderr))
	return {l.split("'")[1] for l in r.stdout.splitlines() if l.startswith('interface:')}


def private_to_own_user(s):
	"""Data control reads every client's clipboard: another user's client is not offered it."""
	if os.getuid() != 0:
		log('not root: the check as another user is left out')
		return
	# let nobody reach the socket for this check alone
	with session.socket_open_to_all(s):
		own, other = interfaces(s, False), interfaces(s, True)
	for name in ('zwlr_data_control_manager_v1', 'zwp_primary_selection_device_manager_v1'):
		check(name in own, '%s is not offered to picowl\'s own user' % name)
	check('zwp_primary_selection_device_manager_v1' in other,
	      'the primary selection is not offered to another user')
	check('zwlr_data_control_manager_v1' not in other,
	      'wlr data control is offered to another user\'s client')
	log('data control: offered to picowl\'s user, not to nobody (the primary selection to both)')


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'clipclient', '(built by meson)')
	harness.need(WL_COPY, 'wl-copy', '(package wl-clipboard)')
	with harness.Session(args) as s:
		s.poll(lambda: 'running on WAYLAND_DISPLAY' in s.picowl_stderr(), 'picowl runs')
		private_to_own_user(s)
		watched = os.path.join(s.dir, 'watched')
		# each change runs the command with the new contents on its stdin
		watch = s.spawn([WL_PASTE, '--watch', 'sh', '-c',
				 'printf "[%%s]\\n" "$(cat)" >> %s' % watched], 'wl-paste-watch')

		copy(s, 'hello clipboard')
		s.poll(lambda: paste(s) == (0, 'hello clipboard'), 'wl-paste gives what wl-copy copied',
		       timeout=10)
		s.poll(lambda: '[hello clipboard]' in lines(watched), 'wl-paste --watch sees the copy',
		       timeout=10)
		check(watch.alive(), 'wl-paste --watch exited: ' + watch.stderr())
		no_tiles(s, 'wl-copy and wl-paste')
		log('wl-copy, wl-paste and wl-paste --watch: no window')

		copy(s, 'hello primary', '--primary')
		s.poll(lambda: paste(s, '--primary') == (0, 'hello primary'),
		       'wl-paste -p gives what wl-copy -p copied', timeout=10)
		check(paste(s) == (0, 'hello clipboard'), 'the primary copy replaced the clipboard')
		no_tiles(s, 'wl-copy -p and wl-paste -p')
		log('wl-copy -p and wl-paste -p: their own selection, no window')

		# a wl_data_device client: takes the focus as it maps and is offered the clipboard
		pasted = os.path.join(s.dir, 'paster')
		s.spawn([client, 'paste', pasted], 'clipclient-paste')
		s.poll(lambda: 'pasted hello clipboard' in lines(pasted),
		       'the focused client is offered the clipboard', timeout=10)
		s.poll(lambda: 'primary hello primary' in lines(pasted),
		       'the focused client is offered the primary selection', timeout=10)
		copy(s, 'second copy')
		s.poll(lambda: 'pasted second copy' in lines(pasted),
		       'a wl-copy reaches the focused client', timeout=10)
		log('wl-copy: pasted into the focused wl_data_device client')

		copied = os.path.join(s.dir, 'copier')
		s.spawn([client, 'copy', 'from a window', copied], 'clipclient-copy')
		s.poll(lambda: 'copied' in lines(copied), 'the client sets the selection', timeout=10)
		s.poll(lambda: paste(s) == (0, 'from a window'), 'wl-paste gives the client\'s copy',
		       timeout=10)
		s.poll(lambda: '[from a window]' in lines(watched), 'wl-paste --watch sees it',
		       timeout=10)
		check(any(l.startswith('sent text/plain') for l in lines(copied)),
		      'the client was never asked for its text: %s' % lines(copied))
		s.poll(lambda: paste(s, '--primary') == (0, 'primary from a window'),
		       'wl-paste -p gives the client\'s primary selection', timeout=10)
		log('a copy from a wl_data_device client: wl-paste and the watcher get it; its '
		    'primary selection reaches wl-paste -p')
		tiles = [l for l in session.ctl(s, 'tiles').splitlines() if l.strip()]
		check(len(tiles) == 2, 'two clipclients, but the tiles are:\n' + '\n'.join(tiles))

		subprocess.run([WL_COPY, '--clear'], env=s.client_env(), timeout=10, check=True)
		s.poll(lambda: paste(s)[0] != 0, 'wl-copy --clear empties the clipboard', timeout=10)
		s.poll(lambda: 'cancelled' in lines(copied), 'the client\'s source is cancelled',
		       timeout=10)
		s.poll(lambda: 'empty' in lines(copied), 'the focused client hears it go', timeout=10)
		log('wl-copy --clear: the client\'s source cancelled, and the client (focused) told')
		s.check_alive('after the clipboard')


if __name__ == '__main__':
	harness.main(run)
