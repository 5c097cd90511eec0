#!/usr/bin/env python3
"""Drag and drop between two tiles (issue 16): a test client in tile 1 starts a drag at a touch
down, with a red 16x16 icon centred on the point and a source offering text/plain, copy and
move; the touch moves into tile 2, where the other client accepts text/plain preferring move;
the icon is on the screen where the touch is; at the touch up the target reads the data and
finishes, the source hears dnd_drop_performed and dnd_finished, and both were told "move". A
drag released over the tiles' border (no surface) and one released over the source itself (it
accepts nothing) are cancelled, and the target hears nothing of them."""

import os

import harness
import session
from harness import check, log

TEXT = 'dragged from one tile into the other'
BLUE, GREEN, RED = (0, 0, 255), (0, 255, 0), (255, 0, 0)
MOVE = 2


def lines(path):
	return open(path).read().splitlines()


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'dndclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		W, H = s.width, s.height
		t1, t2 = harness.tile_boxes(2, W, H)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)
		src = os.path.join(s.dir, 'source.state')
		dst = os.path.join(s.dir, 'target.state')
		for path in (src, dst):
			open(path, 'w').close()
		s.spawn([client, 'source', src], 'dnd-source')
		s.poll(lambda: 'drawn' in lines(src), 'the source draws')
		s.spawn([client, 'target', dst], 'dnd-target')
		s.poll(lambda: 'drawn' in lines(dst), 'the target draws')
		s.wait_for(lambda img: harness.solid_problems(img, c1, BLUE, 'source')
			   + harness.solid_problems(img, c2, GREEN, 'target'),
			   'the source in tile 1, the target in tile 2')

		# the drag: down in tile 1, into tile 2, up there
		(sx, sy), (tx, ty) = session.centre(c1), session.centre(c2)
		session.touch(s, 'down', sx, sy)
		s.poll(lambda: 'started' in lines(src), 'the source starts a drag')
		session.touch(s, 'motion', tx, ty)
		s.poll(lambda: any(l.startswith('enter') for l in lines(dst)), 'the target hears enter')
		s.poll(lambda: 'offer_action %d' % MOVE in lines(dst), 'the target is offered move')
		got = lines(dst)
		check('offer text/plain' in got and 'source_actions 3' in got,
		      'the offer has the source\'s mime type and actions: %s' % got)
		icon = (tx - 8, ty - 8, 16, 16)
		s.wait_until(lambda img: img.all_close(icon, RED), 'the icon is drawn at the touch point')
		log('during the drag the red icon covers %s' % (icon,))
		session.touch(s, 'motion', tx + 10, ty + 10)
		moved = (tx + 2, ty + 2, 16, 16)
		s.wait_until(lambda img: img.all_close(moved, RED) and img.count_close(icon, GREEN) > 0,
			     'the icon follows the touch point')
		session.touch(s, 'up', tx + 10, ty + 10)
		s.poll(lambda: 'data ' + TEXT in lines(dst), 'the target reads the data')
		s.poll(lambda: 'dnd_finished' in lines(src), 'the source hears dnd_finished')
		got = lines(src)
		check('dnd_drop_performed' in got and got.index('dnd_drop_performed') <
		      got.index('dnd_finished'), 'the source hears dnd_drop_performed first: %s' % got)
		check('target text/plain' in got and 'action %d' % MOVE in got,
		      'the source hears the target and the move action: %s' % got)
		check('cancelled' not in got, 'a dropped drag was cancelled: %s' % got)
		check('drop' in lines(dst), 'no drop event: %s' % lines(dst))
		s.wait_until(lambda img: img.all_close(moved, GREEN), 'the icon is gone after the drop')
		log('dropped: the target read %r, the source heard dnd_finished' % TEXT)

		# released over the border between the tiles: nothing is under it
		before = len(lines(dst))
		session.touch(s, 'down', sx, sy)
		s.poll(lambda: lines(src).count('started') == 2, 'the second drag starts')
		session.touch(s, 'motion', t2[0], t2[1] + t2[3] // 2)
		session.touch(s, 'up', t2[0], t2[1] + t2[3] // 2)
		s.poll(lambda: lines(src).count('cancelled') == 1, 'a drag over nothing is cancelled')
		# released over its own source, which accepts nothing
		session.touch(s, 'down', sx, sy)
		s.poll(lambda: lines(src).count('started') == 3, 'the third drag starts')
		session.touch(s, 'motion', sx + 5, sy + 5)
		session.touch(s, 'up', sx + 5, sy + 5)
		s.poll(lambda: lines(src).count('cancelled') == 2, 'a drag nobody accepts is cancelled')
		check(lines(dst)[before:] == [], 'the target heard of drags never over it: %s'
		      % lines(dst)[before:])
		check(lines(src).count('dnd_finished') == 1, 'a cancelled drag finished')
		log('released over the border, then over the source: both cancelled')
		s.check_alive('after the drags')


if __name__ == '__main__':
	harness.main(run)
