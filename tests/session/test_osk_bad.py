#!/usr/bin/env python3
"""The on-screen keyboard's bad cases (issue 33, item 3; decision 4.55), each a session that
goes on:

- A [keyboard] command whose program is not installed: an info message naming the program,
  no error, no keyboard; `keyboard toggle` then says the same again and does nothing else; a
  client still gets its keys.
- A `keyboard` action with a bad argument, in [bindings] and in [gestures]: a message naming
  the file, the line and the key; the key keeps its default.
- The OSK dies (wvkbd killed): picowl says so, the tile grows back over its area; the next
  `keyboard toggle` starts it again (picowl never restarts it on its own) and it shows."""

import os
import re
import signal

import harness
import session
from harness import check, log

KB_H = 120
MAGENTA = (255, 0, 255)
YELLOW = (255, 255, 0)


def configured(state):
	c = [l.split() for l in open(state).read().splitlines() if l.startswith('configured')]
	return (int(c[-1][1]), int(c[-1][2])) if c else None


def spawn_following(s, client):
	"""vmclient drawing at each configure's size: its log says every size it is given."""
	state = os.path.join(s.dir, 'client.state')
	open(state, 'w').close()
	s.spawn([client, state, 'follow'], 'vmclient')
	s.poll(lambda: 'drawn' in open(state).read(), 'the client draws')
	return state


def write_config(s, text):
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write(text)
	return os.path.join(s.home, '.config', 'picowl', 'picowl.ini')


def missing_program_and_bad_actions(args, client):
	s = harness.Session(args, extra_args=['--test-hooks'])
	path = write_config(s, '[keyboard]\ncommand = wvkbd-not-installed -H 120\n'
			    '[bindings]\nLogo+o = keyboard toggle\nLogo+i = keyboard sideways\n'
			    '[gestures]\nbottom = keyboard\n')
	with s:
		err = s.picowl_stderr
		s.poll(lambda: 'wvkbd-not-installed is not installed' in err(),
		       'a message naming the missing program')
		line = [l for l in err().splitlines() if 'wvkbd-not-installed' in l][0]
		check('error' not in line.lower(), 'the missing OSK is reported as an error: %s' % line)
		log('missing program: %s' % line)
		for n, key, value in ((5, '[bindings] Logo+i', 'action "keyboard sideways"'),
				      (7, '[gestures] bottom', 'value "keyboard"')):
			want = 'picowl: %s:%d: %s: bad %s' % (path, n, key, value)
			got = [l for l in harness.log_lines(err()) if l.startswith(want)]
			check(got, 'no message "%s" in:\n%s' % (want, err()))
			log('bad action: %s' % got[0][len('picowl: ') + len(os.path.dirname(path)) + 1:])
		state = spawn_following(s, client)
		before = err().count('is not installed')
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.poll(lambda: err().count('is not installed') > before,
		       'keyboard toggle says why it shows nothing')
		check(configured(state) == (s.width - 4, s.height - 4),
		      'the tile changed without a keyboard: %s' % (configured(state),))
		session.ctl(s, 'inject', 'key', 'x')
		s.poll(lambda: 'keysym x 0' in open(state).read(), 'the client still gets keys')
		log('keyboard toggle without the program: "%s"; the client still types'
		    % err().splitlines()[-1][:90])
		s.check_alive()


def osk_dies(args, client):
	s = harness.Session(args, extra_args=['--test-hooks'])
	write_config(s, '[keyboard]\ncommand = wvkbd-mobintl -H %d -L 100\n'
		     '[bindings]\nLogo+o = keyboard toggle\n' % KB_H)
	with s:
		W, H = s.width, s.height
		err = s.picowl_stderr
		state = spawn_following(s, client)
		s.poll(lambda: configured(state) == (W - 4, H - KB_H - 4), 'the tile above wvkbd',
		       timeout=30)
		pid = int(re.search(r'started wvkbd-mobintl \(pid (\d+)\)', err()).group(1))
		os.kill(pid, signal.SIGKILL)
		s.poll(lambda: 'the on-screen keyboard (pid %d) exited' % pid in err(),
		       'picowl says the keyboard exited')
		s.poll(lambda: configured(state) == (W - 4, H - 4), 'the tile grows back')
		band = (0, H - KB_H, W, KB_H)
		s.wait_until(lambda img: img.count_close(band, MAGENTA) + img.count_close(band, YELLOW)
			     >= W * KB_H * 9 // 10, 'the client covers the dead keyboard\'s area')
		log('wvkbd (pid %d) killed: picowl says so, the tile is %dx%d' % ((pid,) + configured(state)))
		session.ctl(s, 'inject', 'key', 'logo+o')
		s.poll(lambda: 'no on-screen keyboard was running: started' in err(),
		       'keyboard toggle starts it again')
		s.poll(lambda: configured(state) == (W - 4, H - KB_H - 4), 'the new wvkbd shows',
		       timeout=30)
		check(err().count('started wvkbd-mobintl') == 2, 'wvkbd started %d times'
		      % err().count('started wvkbd-mobintl'))
		log('keyboard toggle after its death: started again, the tile %dx%d' % configured(state))
		s.check_alive()


def run():
	args = session.parse_args_with(lambda p: (p.add_argument('--client', required=True),
						  p.add_argument('--ticlient', default=''),
						  p.add_argument('--typist', default='')))
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	missing_program_and_bad_actions(args, client)
	harness.need(args.typist, 'wvkbd-mobintl', 'wvkbd')
	osk_dies(args, client)


if __name__ == '__main__':
	harness.main(run)
