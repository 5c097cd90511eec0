#!/usr/bin/env python3
"""The cursor picowl draws (4.91), read from the screenshot's pixels. With [input] cursor =
always, a pointer moved by the test hooks over a window shows the arrow at its hotspot; the
client names crosshair (cursor-shape-v1) at its enter and the crosshair is drawn there instead,
black outlined in white over the client's green; a shape the built-in set lacks (wait) is the
arrow. With the default (auto), the same injected pointer, no mouse, draws nothing: a handheld
without a mouse shows no cursor."""

import os

import harness
import session
from harness import check, log

BLACK, WHITE, GREEN = (0, 0, 0), (255, 255, 255), (0, 192, 0)


def near(rgb, want):
	return all(abs(a - b) <= 8 for a, b in zip(rgb, want))


def spawn(s, client, name, *extra):
	state = os.path.join(s.dir, name + '.state')
	open(state, 'w').close()
	s.spawn([client, state, '--app-id', name] + list(extra), name)
	s.poll(lambda: 'ready' in open(state).read().split('\n'), '%s is ready' % name)
	return state


def arrow_at(img, x, y):
	"""The built-in arrow with its hotspot at x,y: its black outline and white inside."""
	return (near(img.px(x, y), BLACK) and near(img.px(x, y + 9), BLACK)
		and near(img.px(x + 1, y + 2), WHITE) and near(img.px(x + 2, y + 8), WHITE)
		and near(img.px(x + 12, y + 2), GREEN))


def crosshair_at(img, x, y):
	"""The built-in crosshair centred on x,y: black lines 6 pixels each way, white beside."""
	return (all(near(img.px(x + d, y), BLACK) for d in range(-6, 7))
		and all(near(img.px(x, y + d), BLACK) for d in range(-6, 7))
		and near(img.px(x + 3, y - 1), WHITE) and near(img.px(x - 1, y + 3), WHITE)
		and near(img.px(x + 3, y + 3), GREEN))


def run_case(args, client, mode):
	s = harness.Session(args, extra_args=['--test-hooks'])
	if mode:
		with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
			f.write('[input]\ncursor = %s\n' % mode)
	with s:
		state = spawn(s, client, 'shaped', '--shape', '8')
		x, y = 100, 150
		session.ctl(s, 'inject', 'pointer', 'motion', str(x), str(y))
		s.poll(lambda: 'shape 8' in open(state).read(), 'the client names crosshair at its enter')
		if mode == 'always':
			img = s.wait_until(lambda im: crosshair_at(im, x, y), 'the crosshair at %d,%d' % (x, y))
			img.save_ppm(os.path.join(s.dir, 'crosshair.ppm'))
			log('crosshair drawn at %d,%d: %s black, %s white beside, %s off the lines'
			    % (x, y, img.px(x, y), img.px(x + 3, y - 1), img.px(x + 3, y + 3)))
			# Moved, the old place is the client's again.
			session.ctl(s, 'inject', 'pointer', 'motion', str(x + 40), str(y + 40))
			img = s.wait_until(lambda im: crosshair_at(im, x + 40, y + 40)
					   and near(im.px(x, y), GREEN), 'the crosshair moves')
			log('moved to %d,%d; %d,%d is green again' % (x + 40, y + 40, x, y))
			# A window that names wait, which picowl does not draw: the arrow.
			state2 = spawn(s, client, 'waiting', '--shape', '6')
			windows = session.windows(s)
			check(len(windows) == 2, 'two windows: %s' % windows)
			wx, wy = 60, 250  # the second tile, below the master
			session.ctl(s, 'inject', 'pointer', 'motion', str(wx), str(wy))
			s.poll(lambda: 'shape 6' in open(state2).read(), 'the second client names wait')
			img = s.wait_until(lambda im: arrow_at(im, wx, wy), 'the arrow at %d,%d' % (wx, wy))
			img.save_ppm(os.path.join(s.dir, 'arrow.ppm'))
			log('wait is drawn as the arrow at %d,%d' % (wx, wy))
		else:
			img = s.screenshot('auto.ppm')
			check(near(img.px(x, y), GREEN) and near(img.px(x + 3, y), GREEN)
			      and near(img.px(x, y + 3), GREEN),
			      'a cursor is drawn without a mouse: %s' % (img.px(x, y),))
			log('auto, no mouse: no cursor at %d,%d (%s)' % (x, y, img.px(x, y)))
		s.check_alive('after the cursor')


def run():
	def more(p):
		p.add_argument('--client', required=True)
		p.add_argument('--case', choices=['always', 'auto'], required=True)
	args = session.parse_args_with(more)
	client = harness.need(args.client, 'gameclient', '(built by meson)')
	run_case(args, client, 'always' if args.case == 'always' else None)


if __name__ == '__main__':
	harness.main(run)
