#!/usr/bin/env python3
"""Bad input for the pointer a finger emulates (issue 32): ten fingers at once (and an eleventh),
a touch that leaves the output, a touch cancel in the middle of a long press and of a drag, a
client that disconnects during a drag, a client that destroys its surface under the finger.
After each: no button left pressed (every press has its release), picowl alive, and the other
clients unaffected (a tap still clicks the pointer client, a touch still reaches the wl_touch
client)."""

import os
import signal
import time

import harness
import session
from harness import check, log

BTN_LEFT, BTN_RIGHT = 272, 273
GREEN, RED, BLUE = (0x20, 0x80, 0x20), (0x80, 0x20, 0x20), (0x20, 0x20, 0x80)


def lines(path):
	return open(path).read().splitlines()


def balanced(path, what):
	"""Every button press in `path` has its release, in order."""
	held = {}
	for l in lines(path):
		if l.startswith('button '):
			_, code, state = l.split()
			held[code] = held.get(code, 0) + (1 if state == '1' else -1)
			check(held[code] in (0, 1), '%s: %s pressed twice or released unpressed: %s'
			      % (what, code, lines(path)))
	check(all(v == 0 for v in held.values()), '%s: a button stays pressed: %s'
	      % (what, lines(path)))


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'ptrclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		t1, t2 = harness.tile_boxes(2, s.width, s.height)
		c1, c2 = harness.content_box(t1), harness.content_box(t2)

		def state(name):
			path = os.path.join(s.dir, name + '.state')
			open(path, 'w').close()
			return path

		def touch(what, x, y, tid=0):
			session.ctl(s, 'inject', 'touch', what, str(x), str(y), str(tid))

		def cancel():
			session.ctl(s, 'inject', 'touch', 'cancel')

		def since(path, mark):
			return lines(path)[mark:]

		ptr, tch = state('pointer'), state('touch')
		a = s.spawn([client, 'pointer', ptr], 'ptr-pointer')
		s.poll(lambda: 'drawn' in lines(ptr), 'the pointer client draws')
		s.spawn([client, 'touch', tch], 'ptr-touch')
		s.poll(lambda: 'drawn' in lines(tch), 'the touch client draws')
		s.wait_until(lambda img: session.mostly(img, c1, GREEN) and session.mostly(img, c2, RED),
			     'both clients in their tiles')
		px, py = c1[0] + 50, c1[1] + 50
		tx, ty = c2[0] + 50, c2[1] + 50

		def others_fine(when, ptr_box=c1, ptr_path=None, tch_box=c2):
			"""A tap clicks the pointer client, a touch reaches the touch client."""
			ptr_path = ptr_path or ptr
			mark, tmark = len(lines(ptr_path)), len(lines(tch))
			x, y = ptr_box[0] + 30, ptr_box[1] + 30
			touch('down', x, y)
			touch('up', x, y)
			s.poll(lambda: 'button %d 0' % BTN_LEFT in since(ptr_path, mark),
			       'a tap clicks the pointer client %s' % when)
			touch('down', tch_box[0] + 50, tch_box[1] + 50)
			touch('up', tch_box[0] + 50, tch_box[1] + 50)
			s.poll(lambda: 'touch_up' in since(tch, tmark),
			       'a touch reaches the touch client %s' % when)
			balanced(ptr_path, when)
			s.check_alive(when)

		# ten fingers at once, five on each client, and an eleventh
		mark, tmark = len(lines(ptr)), len(lines(tch))
		for i in range(10):
			box = c1 if i % 2 == 0 else c2
			touch('down', box[0] + 10 + 15 * i, box[1] + 40, i)
		touch('down', c1[0] + 5, c1[1] + 5, 10)
		for i in range(10):
			box = c1 if i % 2 == 0 else c2
			touch('motion', box[0] + 20 + 15 * i, box[1] + 60, i)
		for i in range(11):
			touch('up', 0, 0, i)
		time.sleep(0.7)
		downs = sum(1 for l in since(tch, mark) if l.startswith('touch_down'))
		ups = sum(1 for l in since(tch, mark) if l.startswith('touch_up'))
		check(downs == ups == 5, 'ten fingers: the touch client got %d downs, %d ups'
		      % (downs, ups))
		balanced(ptr, 'ten fingers')
		log('ten fingers (and an eleventh): touch client %d downs and ups, pointer client %s'
		    % (downs, since(ptr, mark)))
		others_fine('after ten fingers')

		# a touch that leaves the output: the pointer stops at its edge, the release comes
		mark = len(lines(ptr))
		touch('down', px, py)
		touch('motion', px - 80, py - 30)
		touch('motion', -100, -200)
		touch('up', -100, -200)
		# a left button's drag, or, when the injections came slower than the long press
		# (under the sanitizers on a loaded machine), the right button's click: released
		s.poll(lambda: any(l in since(ptr, mark) for l in
				   ('button %d 0' % BTN_LEFT, 'button %d 0' % BTN_RIGHT)),
		       'the drag off the output ends')
		moves = [l.split() for l in since(ptr, mark) if l.startswith('motion')]
		check(all(float(m[1]) >= -c1[0] and float(m[2]) >= -c1[1] for m in moves),
		      'a motion beyond the output: %s' % moves)
		log('a touch off the output: %s' % since(ptr, mark))
		others_fine('after a touch off the output')

		# a cancel in the middle of a long press: nothing, not even later
		mark = len(lines(ptr))
		touch('down', px, py)
		time.sleep(0.2)
		cancel()
		time.sleep(0.8)
		got = [l for l in since(ptr, mark) if l.startswith('button')]
		check(not got, 'a cancelled long press gave %s' % got)
		others_fine('after a cancelled long press')

		# a cancel in the middle of a drag: the button is released
		mark = len(lines(ptr))
		touch('down', px, py)
		touch('motion', px + 30, py)
		s.poll(lambda: 'button %d 1' % BTN_LEFT in since(ptr, mark), 'the drag presses')
		cancel()
		s.poll(lambda: 'button %d 0' % BTN_LEFT in since(ptr, mark), 'the cancel releases')
		touch('motion', px + 60, py)
		touch('up', px + 60, py)
		time.sleep(0.2)
		check(not any(l.startswith('motion 110') for l in since(ptr, mark)),
		      'the cancelled drag went on: %s' % since(ptr, mark))
		log('a cancelled drag: %s' % since(ptr, mark))
		others_fine('after a cancelled drag')

		# a client that disconnects during a drag; a new one in its tile gets a clean click
		touch('down', px, py)
		touch('motion', px + 30, py + 10)
		s.poll(lambda: 'button %d 1' % BTN_LEFT in lines(ptr), 'the drag presses')
		a.kill(signal.SIGKILL)
		time.sleep(0.3)
		touch('motion', px + 40, py + 20)
		touch('up', px + 40, py + 20)
		s.check_alive('after a client went during a drag')
		ptr2 = state('pointer2')
		s.spawn([client, 'pointer', ptr2], 'ptr-pointer2')
		s.poll(lambda: 'drawn' in lines(ptr2), 'a new pointer client draws')
		s.wait_until(lambda img: session.mostly(img, c2, GREEN) and session.mostly(img, c1, RED),
			     'the touch client in tile 1, the new one in tile 2')
		others_fine('after a client disconnected during a drag', c2, ptr2, c1)
		got = lines(ptr2)
		check(got.count('button %d 0' % BTN_LEFT) == got.count('button %d 1' % BTN_LEFT) == 1,
		      'the new client got %s' % got)

		# a client that destroys its surface under the finger
		van = state('vanish')
		s.spawn([client, 'vanish', van], 'ptr-vanish')
		s.poll(lambda: 'drawn' in lines(van), 'the vanishing client draws')
		img = s.wait_until(lambda img: img.count_close((0, 0, s.width, s.height), BLUE) > 1000,
				   'the vanishing client shows')
		box = next((x, y) for y in range(0, s.height, 4) for x in range(0, s.width, 4)
			   if harness.rgb_close(img.px(x, y), BLUE))
		vx, vy = box[0] + 20, box[1] + 20
		touch('down', vx, vy)
		touch('motion', vx + 30, vy + 10)
		s.poll(lambda: 'vanished' in lines(van), 'the client destroys its surface mid-drag')
		touch('motion', vx + 40, vy + 20)
		touch('motion', vx + 50, vy + 30)
		touch('up', vx + 50, vy + 30)
		time.sleep(0.3)
		s.check_alive('after a surface went under the finger')
		log('a surface destroyed under the finger: %s' % lines(van))
		s.wait_until(lambda img: img.count_close((0, 0, s.width, s.height), BLUE) == 0,
			     'the destroyed surface is gone')
		img = s.screenshot()
		gbox = next((x, y) for y in range(0, s.height, 4) for x in range(0, s.width, 4)
			    if harness.rgb_close(img.px(x, y), GREEN))
		mark = len(lines(ptr2))
		touch('down', gbox[0] + 20, gbox[1] + 20)
		touch('up', gbox[0] + 20, gbox[1] + 20)
		s.poll(lambda: 'button %d 0' % BTN_LEFT in since(ptr2, mark),
		       'a tap clicks the pointer client after the vanish')
		balanced(ptr2, 'after the vanish')
		rbox = next((x, y) for y in range(0, s.height, 4) for x in range(0, s.width, 4)
			    if harness.rgb_close(img.px(x, y), RED))
		tmark = len(lines(tch))
		touch('down', rbox[0] + 20, rbox[1] + 20)
		touch('up', rbox[0] + 20, rbox[1] + 20)
		s.poll(lambda: 'touch_up' in since(tch, tmark), 'the touch client after the vanish')
		s.check_alive('at the end')


if __name__ == '__main__':
	harness.main(run)
