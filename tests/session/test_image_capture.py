#!/usr/bin/env python3
"""Screen and window capture (ext-image-copy-capture v1, decision 4.89) with capclient, a
recorder of ours (no Debian 12 client speaks it): beside foot and vmclient, it lists both
windows with their app_id, title and an identifier each; its capture of the output (XRGB8888,
converted from the output's RGB565) equals grim's shot pixel for pixel; its capture of
vmclient's window, in the output's own format, is vmclient's known pixels (magenta, a yellow
top-left quarter), not the screen's (no border, no other window). A second frame of each waits
for a change: vmclient's cyan square (SIGUSR1) completes both, the output's damage holds every
pixel that changed and is a small part of the screen, and the window's shows the square. With
--rotate 90 the output frames come in the display's orientation with wl_output's transform, 270
(turned back by picowl's rule they are grim's shot), and the window frames as the client drew."""

import os
import signal

import harness
import session
from harness import check, log

MAGENTA, YELLOW, CYAN, GREEN = (255, 0, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0)
PATCH = 32
RGB565, XRGB8888 = 0x36314752, 1


def lines(path, word):
	return [l.split() for l in open(path).read().splitlines() if l.startswith(word + ' ')]


def load(path):
	with open(path, 'rb') as f:
		return harness.Image.from_ppm(f.read())


def rects(text):
	return [] if text == '-' else [tuple(int(v) for v in r.split(',')) for r in text.split(';')]


def vm_expected(w, h, step, x, y):
	"""vmclient's pixel at x, y of its w x h buffer after `step` SIGUSR1s (tests/vm/vmclient.c)."""
	if step >= 1:
		sx, sy = w * 4 // 8 - PATCH // 2, h * 4 // 8 - PATCH // 2
		if sx <= x < sx + PATCH and sy <= y < sy + PATCH:
			return CYAN
		if x >= w * 7 // 8 and y >= h * 7 // 8:
			return GREEN
	return YELLOW if x < w // 4 and y < h // 4 else MAGENTA


def logical(img, rotation):
	"""An output frame (the display's pixels) turned back to the logical output: at --rotate 90
	logical pixel (x, y) of the W x H output is display pixel (H - 1 - y, x) (pixels.h)."""
	if rotation == 0:
		return img
	check(rotation == 90, 'rotation %d is not handled here' % rotation)
	w, h = img.height, img.width
	data = bytearray(w * h * 3)
	for y in range(h):
		for x in range(w):
			i = (y * w + x) * 3
			data[i:i + 3] = bytes(img.px(h - 1 - y, x))
	return harness.Image(w, h, bytes(data))


def check_window(img, w, h, step, name):
	check((img.width, img.height) == (w, h), '%s: %dx%d, not vmclient\'s buffer %dx%d'
	      % (name, img.width, img.height, w, h))
	wrong = [(x, y) for y in range(h) for x in range(w)
		 if img.px(x, y) != vm_expected(w, h, step, x, y)]
	check(not wrong, '%s: %d pixels not vmclient\'s, the first at %s: %s, not %s'
	      % (name, len(wrong), wrong[:1], wrong and img.px(*wrong[0]),
		 wrong and vm_expected(w, h, step, *wrong[0])))


def run():
	def more(p):
		p.add_argument('--client', required=True)
		p.add_argument('--vmclient', required=True)
		p.add_argument('--rotate', type=int, default=0)
	args = session.parse_args_with(more)
	capclient = harness.need(args.client, 'capclient', '(built by meson)')
	vmclient = harness.need(args.vmclient, 'vmclient', '(built by meson)')
	rotation = args.rotate
	s = harness.Session(args, size='240x320',
			    extra_args=['--rotate', str(rotation)] if rotation else [])
	if rotation % 180:
		s.width, s.height = 320, 240
	dw, dh = (s.height, s.width) if rotation % 180 else (s.width, s.height)
	with s:
		# foot first: vmclient keeps its first size, its half tile's, and is drawn 1:1
		s.spawn(harness.foot_cmd(s), 'foot')
		s.poll(lambda: len(session.windows(s)) == 1, 'foot is shown')
		vm_state = session.spawn_drawn(s, vmclient, 'vmclient', 'vm.state')
		s.poll(lambda: len(session.windows(s)) == 2, 'foot and vmclient are shown')
		# the screen settles (foot's first frames): two shots in a row alike
		shots = [s.screenshot()]
		for _ in range(50):
			shots.append(s.screenshot())
			if shots[-1].data == shots[-2].data:
				break
		check(shots[-1].data == shots[-2].data, 'the screen never settles')
		before = shots[-1]
		vw, vh = (int(v) for v in lines(vm_state, 'drawn')[-1][1:3])

		state = os.path.join(s.dir, 'cap.state')
		open(state, 'w').close()
		cap = s.spawn([capclient, state, s.dir, 'vmclient'], 'capclient')
		s.poll(lambda: 'waiting' in open(state).read() or 'error' in open(state).read(),
		       'capclient captures a first frame of each')
		check('error' not in open(state).read(), 'capclient: %s' % open(state).read())

		listed = lines(state, 'toplevel')
		log('listed: %s' % listed)
		check(len(listed) == 2, '%d windows listed, not foot and vmclient' % len(listed))
		check(sorted(t[2] for t in listed) == ['-', 'foot'], 'app_ids %s, not foot and none'
		      % [t[2] for t in listed])
		check('vmclient' in [t[3] for t in listed], 'no window titled vmclient')
		idents = [t[1] for t in listed]
		check(len(set(idents)) == 2 and '-' not in idents, 'identifiers %s' % idents)

		frames = {(f[1], int(f[2])): f for f in lines(state, 'frame')}
		out1 = frames[('output', 1)]
		transform = {0: 0, 90: 3}[rotation]  # what wl_output advertises: 270 for --rotate 90
		check(int(out1[5]) == XRGB8888 and int(out1[6]) == transform,
		      'output frame 1: format %s transform %s' % (out1[5], out1[6]))
		check(rects(out1[7]) == [(0, 0, dw, dh)],
		      'the first output frame\'s damage %s, not the whole output' % out1[7])
		img1 = load(os.path.join(s.dir, 'output1.ppm'))
		check((img1.width, img1.height) == (dw, dh), 'output frame 1 is %dx%d, not %dx%d'
		      % (img1.width, img1.height, dw, dh))
		check(logical(img1, rotation).data == before.data,
		      'the output capture differs from grim\'s shot')
		log('output frame 1: %dx%d, transform %d, equal to grim\'s shot pixel for pixel'
		    % (img1.width, img1.height, transform))

		top1 = frames[('toplevel', 1)]
		check(int(top1[5]) == RGB565, 'the window was captured in %s, not the output\'s '
		      'RGB565' % top1[5])
		check(rects(top1[7]) == [(0, 0, vw, vh)], 'the first window frame\'s damage %s'
		      % top1[7])
		check_window(load(os.path.join(s.dir, 'toplevel1.ppm')), vw, vh, 0, 'window frame 1')
		log('window frame 1: %dx%d RGB565, vmclient\'s own pixels' % (vw, vh))

		check(cap.proc.poll() is None and 'frame output 2' not in open(state).read(),
		      'a second frame came without a change on screen')
		os.kill(s.clients[1].proc.pid, signal.SIGUSR1)
		s.poll(lambda: 'finished' in open(state).read() or 'error' in open(state).read(),
		       'the second frames come after vmclient\'s change')
		check('error' not in open(state).read(), 'capclient: %s' % open(state).read())
		frames = {(f[1], int(f[2])): f for f in lines(state, 'frame')}

		img2 = load(os.path.join(s.dir, 'output2.ppm'))
		after = s.screenshot()
		check(logical(img2, rotation).data == after.data,
		      'the second output capture differs from grim\'s shot')
		damage = rects(frames[('output', 2)][7])
		changed = [(x, y) for y in range(dh) for x in range(dw)
			   if img1.px(x, y) != img2.px(x, y)]
		outside = [p for p in changed if not any(x <= p[0] < x + w and y <= p[1] < y + h
							 for x, y, w, h in damage)]
		area = sum(w * h for _, _, w, h in damage)
		log('output frame 2: %d pixels changed, damage %s (%d pixels)'
		    % (len(changed), damage, area))
		check(len(changed) >= PATCH * PATCH // 2, 'only %d pixels changed on screen'
		      % len(changed))
		check(not outside, '%d changed pixels outside the damage, the first %s'
		      % (len(outside), outside[:1]))
		check(area <= s.width * s.height // 4, 'the damage %s is not the change\'s' % damage)

		top2 = frames[('toplevel', 2)]
		check(rects(top2[7]), 'the second window frame has no damage')
		check_window(load(os.path.join(s.dir, 'toplevel2.ppm')), vw, vh, 1, 'window frame 2')
		log('window frame 2: the cyan square, damage %s' % top2[7])
		check(cap.wait(10) == 0, 'capclient exited %s' % cap.proc.returncode)

		# A frame with no session left takes image copy off the frames and window commits
		# (4.89): a second recorder's first frames and its wait for a change bring both back.
		s.screenshot()
		open(state, 'w').close()
		cap = s.spawn([capclient, state, s.dir, 'vmclient'], 'capclient-again')
		s.poll(lambda: 'waiting' in open(state).read() or 'error' in open(state).read(),
		       'a second capclient captures a first frame of each')
		os.kill(s.clients[1].proc.pid, signal.SIGUSR1)
		s.poll(lambda: 'finished' in open(state).read() or 'error' in open(state).read(),
		       'the second capclient\'s second frames come after vmclient\'s change')
		check('error' not in open(state).read(), 'capclient again: %s' % open(state).read())
		check(cap.wait(10) == 0, 'the second capclient exited %s' % cap.proc.returncode)
		log('a second capclient after the first had gone: both frames of each')


if __name__ == '__main__':
	harness.main(run)
