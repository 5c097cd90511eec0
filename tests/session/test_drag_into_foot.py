#!/usr/bin/env python3
"""Drag and drop into a real client (issue 16): our test client in tile 1 drags a shell command
as text/plain, with a touch, into foot in tile 2, which runs /bin/sh; foot accepts the drop and
pastes the text into its terminal, so the shell runs the command and the file it names appears.
The source hears dnd_drop_performed and dnd_finished."""

import os

import harness
import session
from harness import check, log


def lines(path):
	return open(path).read().splitlines()


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'dndclient', '(built by meson)')
	harness.need(args.foot, 'foot', 'foot')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		W, H = s.width, s.height
		t1, t2 = harness.tile_boxes(2, W, H)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)
		src = os.path.join(s.dir, 'source.state')
		marker = os.path.join(s.dir, 'dropped-into-foot')
		open(src, 'w').close()
		s.spawn([client, 'source', src, 'touch %s\n' % marker], 'dnd-source')
		s.poll(lambda: 'drawn' in lines(src), 'the source draws')
		foot = harness.foot_cmd(s)
		foot = foot[:foot.index('sh')] + ['sh']
		s.spawn(foot, 'foot')
		foot_bg = harness.parse_rgb(harness.FOOT_BG)
		s.wait_until(lambda img: img.count_close(c2, foot_bg) > c2[2] * c2[3] // 2,
			     'foot in tile 2')

		(sx, sy), (tx, ty) = session.centre(c1), session.centre(c2)
		session.touch(s, 'down', sx, sy)
		s.poll(lambda: 'started' in lines(src), 'the source starts a drag')
		session.touch(s, 'motion', tx, ty)
		s.poll(lambda: 'target text/plain' in lines(src), 'foot accepts text/plain')
		session.touch(s, 'up', tx, ty)
		s.poll(lambda: 'dnd_finished' in lines(src) or 'cancelled' in lines(src),
		       'the drag ends')
		got = lines(src)
		check('dnd_drop_performed' in got and 'dnd_finished' in got,
		      'the drop into foot did not finish: %s' % got)
		s.poll(lambda: os.path.exists(marker), 'the shell in foot runs the dropped command')
		log('foot took the drop: its shell ran %r' % ('touch ' + marker))
		s.check_alive('after the drag into foot')


if __name__ == '__main__':
	harness.main(run)
