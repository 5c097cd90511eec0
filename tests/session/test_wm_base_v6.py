#!/usr/bin/env python3
"""xdg_wm_base version 6 (issue 33, item 7), seen by stateclient, which logs its configures: in
two tiles each gets configure_bounds equal to its tile and wm_capabilities once, saying
fullscreen only; in monocle the hidden one is suspended and the shown one not, and the hidden
one, which draws at every frame callback while shown, costs picowl no wakeups (voluntary context
switches from /proc, as tests/pipeline counts them) while hidden; Logo+j shows it and it loses
`suspended` and draws again; under a fullscreen client it is suspended too."""

import os
import time

import harness
import session
from harness import check, log

FULLSCREEN_CAP = 3  # xdg_toplevel.wm_capabilities.fullscreen


def lines(path, word):
	return [l.split() for l in open(path).read().splitlines() if l.startswith(word + ' ')]


def last_configure(path):
	"""The last configure line: {size, bounds, caps (events, mask), states (a set)}."""
	c = lines(path, 'configure')
	if not c:
		return None
	f = c[-1]
	states = set() if f[10] == '-' else set(f[10].split(','))
	return {'size': (int(f[1]), int(f[2])), 'bounds': (int(f[4]), int(f[5])),
		'caps': (int(f[7]), int(f[8])), 'states': states}


def frames(path):
	f = lines(path, 'frames')
	return int(f[-1][1]) if f else 0


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'stateclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		W, H = s.width, s.height
		t1, t2 = harness.tile_boxes(2, W, H)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)
		a = session.spawn_drawn(s, client, 'animated', 'animated.state')
		b = os.path.join(s.dir, 'still.state')
		open(b, 'w').close()
		s.spawn([client, b, '--still'], 'still')
		s.poll(lambda: 'drawn' in open(b).read(), 'the still client draws')

		def tiled():
			ca, cb = last_configure(a), last_configure(b)
			return (ca['size'] == c1[2:] and cb['size'] == c2[2:]
				and not ca['states'] & {'suspended'} and not cb['states'] & {'suspended'})

		s.poll(tiled, 'the two clients configured to %s and %s' % (c1[2:], c2[2:]))
		for path, box in ((a, c1), (b, c2)):
			c = last_configure(path)
			check(c['bounds'] == box[2:], '%s: configure_bounds %s, not the tile %s'
			      % (os.path.basename(path), c['bounds'], box[2:]))
			check(c['caps'] == (1, 1 << FULLSCREEN_CAP), '%s: wm_capabilities (events, mask) '
			      '%s, not once with fullscreen alone' % (os.path.basename(path), c['caps']))
		log('tiled: bounds %s and %s, the tiles; wm_capabilities once, fullscreen only'
		    % (c1[2:], c2[2:]))
		# shown, the animated client costs picowl wakeups: the count below can fail
		f0, w0, t0 = frames(a), harness.voluntary_switches(s.pid), time.monotonic()
		time.sleep(1.0)
		shown_frames, shown_wakeups = frames(a) - f0, harness.voluntary_switches(s.pid) - w0
		log('shown: %d frames, picowl %d wakeups in %.1f s'
		    % (shown_frames, shown_wakeups, time.monotonic() - t0))
		check(shown_frames >= 10 and shown_wakeups >= 10,
		      'the animated client does not animate: %d frames, %d wakeups'
		      % (shown_frames, shown_wakeups))

		session.ctl(s, 'inject', 'key', 'logo+m')

		def hidden(path, shown):
			return lambda: ('suspended' in last_configure(path)['states']
					and 'suspended' not in last_configure(shown)['states'])

		s.poll(lambda: hidden(a, b)() or hidden(b, a)(), 'one client suspended in monocle')
		if hidden(b, a)():
			session.ctl(s, 'inject', 'key', 'logo+j')
		s.poll(hidden(a, b), 'monocle shows the still client, the animated one suspended')
		time.sleep(0.5)
		f0, w0, t0 = frames(a), harness.voluntary_switches(s.pid), time.monotonic()
		time.sleep(2.0)
		hidden_frames, hidden_wakeups = frames(a) - f0, harness.voluntary_switches(s.pid) - w0
		log('hidden by monocle: %d frames, picowl %d wakeups in %.1f s'
		    % (hidden_frames, hidden_wakeups, time.monotonic() - t0))
		check(hidden_frames == 0, 'the suspended client drew %d frames' % hidden_frames)
		check(hidden_wakeups <= 1, 'picowl woke %d times for a hidden client' % hidden_wakeups)

		session.ctl(s, 'inject', 'key', 'logo+j')
		s.poll(hidden(b, a), 'Logo+j: the animated client shown, no longer suspended')
		f0 = frames(a)
		s.poll(lambda: frames(a) >= f0 + 20, 'the animated client draws again')
		log('Logo+j: the animated client is not suspended and draws; the still one is')

		session.ctl(s, 'inject', 'key', 'logo+m')
		s.poll(tiled, 'Logo+m: tiled again, neither suspended')
		session.ctl(s, 'inject', 'key', 'logo+f')
		# each client writes its own state file: the other's suspended configure can be read
		# before the shown one has written its fullscreen one, so both are waited for
		def fullscreen_over(shown, other):
			return lambda: (hidden(other, shown)()
					and 'fullscreen' in last_configure(shown)['states'])

		s.poll(lambda: fullscreen_over(a, b)() or fullscreen_over(b, a)(),
		       'Logo+f: the shown client fullscreen, the other suspended')
		session.ctl(s, 'inject', 'key', 'logo+f')
		s.poll(tiled, 'Logo+f again: tiled, neither suspended')
		log('under a fullscreen client: suspended; withdrawn when it leaves fullscreen')
		check(lines(a, 'configure')[-1][7] == '1' and lines(b, 'configure')[-1][7] == '1',
		      'wm_capabilities sent more than once')
		s.check_alive()


harness.main(run)
