#!/usr/bin/env python3
"""Text input v3 and input method v2 with clients of our own (issue 16): ticlient (a text input
that enables itself when entered) and imclient (an input method committing a preedit then a
text, with a popup and a keyboard grab). The committed text reaches the text input with the
serial of its commits; the popup shows under the cursor rectangle and is told where it is; the
grab takes the real keyboard's keys from the focused client; disabling deactivates the method
and hides its popup; a second input method is unavailable."""

import os
import signal

import harness
import session
from harness import check, log

CURSOR = (20, 30, 2, 16)  # ticlient.c
POPUP = (40, 20)  # imclient.c
BLUE = (0, 0, 0xff)


def lines(path):
	return open(path).read().splitlines()


def blue_box(img):
	"""The bounding box (x, y, w, h) of the popup's blue, or None."""
	pts = [(x, y) for y in range(img.height) for x in range(img.width)
	       if harness.rgb_close(img.px(x, y), BLUE)]
	if not pts:
		return None
	xs, ys = [p[0] for p in pts], [p[1] for p in pts]
	return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def run():
	args = session.parse_args_with(lambda p: (p.add_argument('--ticlient', required=True),
						  p.add_argument('--imclient', required=True)))
	ticlient = harness.need(args.ticlient, 'ticlient', '(built by meson)')
	imclient = harness.need(args.imclient, 'imclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		ti_log = os.path.join(s.dir, 'ti.state')
		im_log = os.path.join(s.dir, 'im.state')
		im2_log = os.path.join(s.dir, 'im2.state')
		for p in (ti_log, im_log, im2_log):
			open(p, 'w').close()
		ti = s.spawn([ticlient, ti_log], 'ticlient')
		s.poll(lambda: 'enabled' in lines(ti_log), 'the text input is entered and enabled')
		s.spawn([imclient, im_log, 'hello', 'popup', 'grab'], 'imclient')
		s.poll(lambda: 'commit hello' in lines(ti_log), 'the committed text reaches the client')
		got = lines(ti_log)
		log('text input: %s' % ' | '.join(got))
		i = got.index('preedit pre 0 3')
		check(got[i + 1] == 'done 1', 'the preedit comes with done 1 (one commit): %s' % got)
		j = got.index('commit hello')
		check(got[j + 1] == 'done 1', 'the commit comes with done 1: %s' % got)
		im = lines(im_log)
		check('activate' in im and 'content 0 0' in im and 'surrounding  0 0' in im,
		      'the method is activated with the text input state: %s' % im)

		# The popup: below the cursor rectangle of the tile's client, told the rectangle.
		cx, cy = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])[:2]
		want = (cx + CURSOR[0], cy + CURSOR[1] + CURSOR[3], POPUP[0], POPUP[1])
		s.wait_until(lambda img: blue_box(img) == want,
			     'the popup shows at %s' % (want,), timeout=10)
		s.poll(lambda: 'rectangle 0 -16 2 16' in lines(im_log),
		       'the popup is told the cursor rectangle above it')

		# The keyboard grab: the key goes to the method, not to the focused client.
		session.ctl(s, 'inject', 'key', 'a')
		s.poll(lambda: 'grab key 30 0' in lines(im_log), 'the grab gets the key')
		check(not any(l.startswith('key ') for l in lines(ti_log)),
		      'the focused client got a grabbed key: %s' % lines(ti_log))

		# A second input method on the seat is unavailable.
		s.spawn([imclient, im2_log, 'other'], 'imclient2')
		s.poll(lambda: 'unavailable' in lines(im2_log), 'a second method is unavailable')

		# Disabled: the method is deactivated and its popup hides.
		ti.kill(signal.SIGUSR1)
		s.poll(lambda: 'deactivate' in lines(im_log), 'the method is deactivated')
		s.wait_until(lambda img: blue_box(img) is None, 'the popup hides', timeout=10)
		check('activate' not in lines(im2_log), 'the unavailable method was activated')
		s.check_alive('after the input method')


if __name__ == '__main__':
	harness.main(run)
