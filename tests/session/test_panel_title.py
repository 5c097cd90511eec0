#!/usr/bin/env python3
"""The panel's UTF-8 title (decision 4.53): foot titled "Grüße 日本語 notes and more" shows on the
bar as Grüße (the ü's dots where the font puts them), a box for each CJK character, cut with an
ellipsis before the clock, and a gap of background between the title and the clock: the title
never runs into it. Read from the screenshot's pixels of the bar (240 px wide, 16 high: the
launcher button, the title from x 26, the clock ending before the keyboard button at 192)."""

import harness
import session
from harness import check, log

TITLE = 'Gr\u00fc\u00dfe \u65e5\u672c\u8a9e notes and more'
FG = (255, 255, 255)
TY = 1  # (16 - 13) // 2: the glyphs' top row
X0 = 26  # the title's first cell, after the 24 px launcher button and 2 px
CLOCK_X = 192 - 2 - 5 * 8  # "HH:MM" right-aligned before the keyboard button


def white(img, x, y):
	return harness.rgb_close(img.px(x, y), FG)


def run():
	args = session.parse_args()
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		s.spawn([args.panel], 'picowl-panel', env=s.client_env({'LC_ALL': 'C.UTF-8'}))
		foot = harness.foot_cmd(s)
		cmd = foot[:-len(harness.FOOT_IDLE)] + ['--title', TITLE] + harness.FOOT_IDLE
		s.spawn(cmd, 'foot')
		s.poll(lambda: TITLE in session.ctl(s, 'tiles'), 'foot titled', timeout=30)

		def drawn(img):
			return white(img, X0 + 2 * 8 + 2, TY + 1)

		img = s.wait_until(drawn, 'the title on the bar')
		# ü: the font's dots at columns 2 and 5 of its cell, rows 1 and 2
		u = X0 + 2 * 8
		check(white(img, u + 2, TY + 1) and white(img, u + 5, TY + 1)
		      and not white(img, u + 3, TY + 1), 'the ü of Grüße is not drawn as the font has it')
		# 日 (cell 6): a box, its top edge a line across the cell
		b = X0 + 6 * 8
		check(all(white(img, x, TY + 2) for x in range(b + 1, b + 7)),
		      'no box for the CJK character at x %d' % b)
		# 15 cells fit before the clock: 14 characters and the ellipsis (dots at 1, 3, 5)
		e = X0 + 14 * 8
		check([white(img, e + c, TY + 10) for c in range(7)]
		      == [False, True, False, True, False, True, False],
		      'no ellipsis in the last cell at x %d' % e)
		gap = [x for x in range(e + 8, CLOCK_X) for y in range(16) if white(img, x, y)]
		check(not gap, 'the title runs into the clock: white at x %s' % sorted(set(gap)))
		check(any(white(img, x, y) for x in range(CLOCK_X, CLOCK_X + 40) for y in range(16)),
		      'no clock at x %d' % CLOCK_X)
		log('title: Grüße, boxes for the CJK, an ellipsis at x %d, the clock at x %d apart'
		    % (e, CLOCK_X))
		s.check_alive()


harness.main(run)
