#!/usr/bin/env python3
"""Built-in touch calibration (issue 32, item 4), driven as a user would: `picowl-ctl calibrate`
shows five targets one after another above everything (a screenshot: black, a white cross with a
red centre at each target, the client under it hidden); the taps are injected where a screen
distorted by a known matrix D, under a matrix C already configured, would report them. The
matrix written to the config file must be D's inverse, so every target's tap lands within 1 px of
it, and the file's other lines stay. A key, the timeout with too few taps and five taps at one
point each give their message and leave the file and the matrix as they were; no tap of the
routine reaches the client, and taps reach it again afterwards. At --rotate 90 the same. With no
config file to write, the ini line is printed. A second request while one runs is refused, the
routine of a picowl-ctl killed still ends by a key, and picowl ends cleanly in the middle of one."""

import os
import subprocess
import time

import harness
import session
from harness import check, log

TARGETS = [(0.125, 0.125), (0.875, 0.125), (0.875, 0.875), (0.125, 0.875), (0.5, 0.5)]
# A resistive panel's distortion: scaled, sheared, offset (display 0..1 coordinates).
D = [0.9, 0.05, 0.04, -0.03, 1.1, -0.06]
# The calibration already in the file, which the devices apply before picowl sees a touch.
C = [1.02, 0.0, -0.01, 0.0, 0.98, 0.01]
WHITE, RED, BLACK = (255, 255, 255), (255, 0, 0), (0, 0, 0)


def apply(m, x, y):
	return m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]


def invert(m):
	det = m[0] * m[4] - m[1] * m[3]
	a, b, d, e = m[4] / det, -m[1] / det, -m[3] / det, m[0] / det
	return [a, b, -(a * m[2] + b * m[5]), d, e, -(d * m[2] + e * m[5])]


class Screen:
	"""Output (logical) coordinates against 0..1 across the unrotated display (output.c)."""

	def __init__(self, s, rotation):
		self.rotation = rotation
		self.w, self.h = s.width, s.height  # logical, as grim sees it
		self.dw, self.dh = (self.h, self.w) if rotation in (90, 270) else (self.w, self.h)

	def to_output(self, x01, y01):
		px, py = x01 * self.dw, y01 * self.dh
		return {0: (px, py), 90: (py, self.dw - px), 180: (self.dw - px, self.dh - py),
			270: (self.dh - py, px)}[self.rotation]

	def to_display(self, x, y):
		if self.rotation == 90:
			px, py = self.dw - y, x
		elif self.rotation == 180:
			px, py = self.dw - x, self.dh - y
		elif self.rotation == 270:
			px, py = y, self.dh - x
		else:
			px, py = x, y
		return px / self.dw, py / self.dh

	def target(self, i):
		return int(TARGETS[i][0] * self.w), int(TARGETS[i][1] * self.h)

	def reported(self, i, prior, distortion=D):
		"""Where the tap on target i reaches picowl: distorted, then the prior matrix."""
		tx, ty = self.target(i)
		x01, y01 = self.to_display(tx + 0.5, ty + 0.5)
		x01, y01 = apply(prior, *apply(distortion, x01, y01))
		return self.to_output(x01, y01)


def config_path(s):
	return os.path.join(s.home, '.config', 'picowl', 'picowl.ini')


def start(s):
	"""picowl-ctl calibrate in the background, once picowl says the routine runs."""
	before = s.picowl_stderr().count('calibration: tap the')
	p = subprocess.Popen([s.args.ctl, 'calibrate'] + start.extra, env=s.client_env(),
			     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
	s.poll(lambda: s.picowl_stderr().count('calibration: tap the') > before,
	       'picowl starts the routine')
	return p


start.extra = []


def result(p):
	out, err = p.communicate(timeout=30)
	return p.returncode, out.decode(errors='replace').strip()


def tap(s, x, y):
	session.ctl(s, 'inject', 'touch', 'tap', '%.3f' % x, '%.3f' % y)


def touches(state):
	return [l for l in open(state).read().splitlines() if l.startswith('touch')]


def cross_shown(s, img, i):
	x, y = s.screen.target(i)
	problems = []
	if not harness.rgb_close(img.px(x, y), RED):
		problems.append('the centre of target %d at %d,%d is %s' % (i, x, y, img.px(x, y)))
	for px, py in ((x - 8, y), (x + 8, y), (x, y - 8), (x, y + 8)):
		if 0 <= px < img.width and 0 <= py < img.height and \
				not harness.rgb_close(img.px(px, py), WHITE):
			problems.append('the cross of target %d at %d,%d is %s' % (i, px, py,
										 img.px(px, py)))
	box = (0, 0, img.width, img.height)
	black = img.count_close(box, BLACK)
	if black < 0.98 * img.width * img.height:
		problems.append('only %d pixels are black: the client shows through' % black)
	return problems


def refused(s, state, how, want, taps):
	"""A run that must change nothing: the message, the file and the touches of the client."""
	text = open(config_path(s)).read()
	seen = len(touches(state))
	p = start(s)
	for x, y in taps:
		tap(s, x, y)
	if how == 'key':
		session.ctl(s, 'inject', 'key', 'Escape')
	rc, out = result(p)
	log('%s: status %d, "%s"' % (how, rc, out))
	check(rc == 1, '%s: picowl-ctl calibrate exited %d, not 1' % (how, rc))
	check(want in out and 'unchanged' in out, '%s: the message "%s" does not say "%s"'
	      % (how, out, want))
	check(open(config_path(s)).read() == text, '%s: the config file changed' % how)
	check(len(touches(state)) == seen, '%s: the routine\'s taps reached the client: %s'
	      % (how, touches(state)[seen:]))
	s.poll(lambda: cross_shown(s, s.screenshot(), 0) != [], 'the targets go away')


def calibrate(s, state, prior):
	"""A whole run; returns the matrix written."""
	seen = len(touches(state))
	p = start(s)
	for i in range(len(TARGETS)):
		img = s.wait_until(lambda img: not cross_shown(s, img, i), 'target %d is shown' % i,
				   timeout=10)
		if i == 0:
			img.save_ppm(os.path.join(s.dir, 'calibrate-target0.ppm'))
		tap(s, *s.screen.reported(i, prior))
	rc, out = result(p)
	log('calibrated: status %d, "%s"' % (rc, out))
	check(rc == 0, 'picowl-ctl calibrate exited %d: %s' % (rc, out))
	check(len(touches(state)) == seen, 'the routine\'s taps reached the client: %s'
	      % touches(state)[seen:])
	lines = [l for l in open(config_path(s)).read().splitlines()
		 if l.startswith('calibration')]
	check(len(lines) == 1, 'the config file has %d calibration lines' % len(lines))
	m = [float(v) for v in lines[0].split('=')[1].split()]
	check(('%s' % lines[0].split('=')[1].strip()) in out, 'the message does not give the matrix')
	want = invert(D)
	check(all(abs(a - b) < 1e-4 for a, b in zip(m, want)),
	      'the matrix written %s is not the distortion\'s inverse %s' % (m, want))
	worst = 0.0
	for i in range(len(TARGETS)):
		# The panel's own position of a tap on target i, then the new matrix: output pixels.
		tx, ty = s.screen.target(i)
		x01, y01 = s.screen.to_display(tx + 0.5, ty + 0.5)
		x, y = s.screen.to_output(*apply(m, *apply(D, x01, y01)))
		worst = max(worst, abs(x - tx - 0.5), abs(y - ty - 0.5))
	log('the farthest tap lands %.4f px from its target' % worst)
	check(worst < 1.0, 'a tap lands %.3f px from its target' % worst)
	return m


def client_gets_taps(s, state):
	seen = len(touches(state))
	tile = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
	tap(s, tile[0] + tile[2] // 2, tile[1] + tile[3] // 2)
	s.poll(lambda: len(touches(state)) >= seen + 2, 'a tap after the routine reaches the client')


def run_session(args, rotation):
	s = harness.Session(args, extra_args=['--test-hooks', '--rotate', str(rotation)])
	if rotation in (90, 270):
		s.width, s.height = s.height, s.width
	prior = C if rotation == 0 else [1, 0, 0, 0, 1, 0]
	head = '; my handheld\n[input]\n; the panel\ncalibration = %s\n\n[panel]\nheight = 12\n' \
		% ' '.join('%g' % v for v in prior)
	with open(config_path(s), 'w') as f:
		f.write(head)
	with s:
		s.screen = Screen(s, rotation)
		state = os.path.join(s.dir, 'client.state')
		open(state, 'w').close()
		s.spawn([args.client, state], 'vmclient')
		s.poll(lambda: 'drawn' in open(state).read(), 'the client draws')
		if rotation == 0:
			refused(s, state, 'key', 'cancelled by a key', [])
			start.extra = ['--timeout', '1500']
			refused(s, state, 'timeout', 'too few taps (2 of 5)',
				[s.screen.reported(0, prior), s.screen.reported(1, prior)])
			start.extra = []
			x, y = s.screen.reported(4, prior)
			refused(s, state, 'one point', 'all at one point',
				[(x + i * 0.2, y) for i in range(5)])
			busy_and_gone(s, state)
		m = calibrate(s, state, prior)
		text = open(config_path(s)).read()
		check(text.startswith('; my handheld\n[input]\n; the panel\ncalibration = ') and
		      text.endswith('\n\n[panel]\nheight = 12\n'), 'the rest of the file changed:\n'
		      + text)
		client_gets_taps(s, state)
		# What was written is what a reload reads: no error, the same matrix.
		out = session.ctl(s, 'reload')
		check('0' in out or out == '', 'reload after the calibration: %s' % out)
		s.check_alive('after the calibration')
		log('rotation %d: matrix %s' % (rotation, ' '.join('%.6g' % v for v in m)))


def busy_and_gone(s, state):
	"""A second request while one runs is refused; the asker killed, the routine still ends."""
	text = open(config_path(s)).read()
	p = start(s)
	r = subprocess.run([s.args.ctl, 'calibrate'], env=s.client_env(), stdin=subprocess.DEVNULL,
			   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
	out = r.stdout.decode(errors='replace')
	check(r.returncode == 1 and 'runs already' in out,
	      'a second calibrate: status %d, "%s"' % (r.returncode, out.strip()))
	p.kill()
	p.wait()
	tap(s, *s.screen.reported(0, C))
	s.check_alive('after the asker went away')
	before = s.picowl_stderr().count('cancelled by a key')
	session.ctl(s, 'inject', 'key', 'Escape')
	s.poll(lambda: s.picowl_stderr().count('cancelled by a key') > before,
	       'a key ends the routine of a picowl-ctl that is gone')
	check(open(config_path(s)).read() == text, 'the abandoned run changed the config file')


def run_without_file(args):
	# No -c (a missing -c file stops picowl) and no file where one is looked up: -v says so.
	s = harness.Session(args, extra_args=['--test-hooks', '-v'])
	os.unlink(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'))
	with s:
		check('picowl: config: none (the defaults)' in s.picowl_stderr(),
		      'picowl found a config file:\n' + s.picowl_stderr())
		s.screen = Screen(s, 0)
		p = start(s)
		for i in range(len(TARGETS)):
			tap(s, *s.screen.reported(i, [1, 0, 0, 0, 1, 0]))
		rc, out = result(p)
		log('without a file: status %d, "%s"' % (rc, out))
		check(rc == 0, 'without a file picowl-ctl calibrate exited %d' % rc)
		check('\ncalibration = ' in out, 'without a file the ini line is not printed: %s'
		      % out)
		# picowl ends while a routine runs: the harness checks its exit and its sanitizers.
		p = start(s)
		tap(s, 10, 10)
	rc, out = result(p)
	check(rc == 1, 'picowl-ctl calibrate exited %d when picowl ended' % rc)


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	args.client = harness.need(args.client, 'vmclient', '(built by meson)')
	harness.need(args.grim, 'grim', 'grim')
	run_session(args, 0)
	run_session(args, 90)
	run_without_file(args)


if __name__ == '__main__':
	harness.main(run)
