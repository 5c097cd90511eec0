"""chocolate-doom fullscreen goes by direct present: its frames are not composited (the
counters say direct), and the screen shows the same picture at every rotation. Doom is stopped
(SIGSTOP) on its title screen, so each run shows the same frame; the logical screenshots at 0
and 180 degrees (240x320), and at 90 and 270 (320x240), must be identical pixel for pixel."""

import os
import re
import signal

import harness
from harness import check, log

DOOM_ENV = {'SDL_VIDEODRIVER': 'wayland', 'SDL_AUDIODRIVER': 'dummy',
	    'LIBGL_ALWAYS_SOFTWARE': '1'}


def title_shot(args, rotation):
	lw, lh = (320, 240) if rotation % 180 else (240, 320)
	session = harness.Session(args, size='240x320', fmt='rgb565',
				  extra_args=['--rotate', str(rotation)])
	counters = os.path.join(session.dir, 'counters.txt')
	session.extra_args += ['--counters', counters]
	with session as s:
		s.width, s.height = lw, lh
		doom = s.spawn([args.doom, '-iwad', args.iwad, '-nosound', '-nomusic', '-nogui',
				'-fullscreen'], 'chocolate-doom', env=DOOM_ENV)

		def title(img):
			# The title picture: many colours over the whole output, and it stays put.
			return len(img.colours((0, 0, lw, lh))) > 40
		s.wait_until(title, 'doom shows its title', timeout=120)
		# Two equal shots in a row: doom has finished drawing the title.
		previous = None
		for _ in range(50):
			img = s.screenshot()
			if previous is not None and img.data == previous.data:
				break
			previous = img
		os.kill(doom.proc.pid, signal.SIGSTOP)
		shot = s.screenshot('title-%d.ppm' % rotation)
		os.kill(s.pid, signal.SIGUSR1)
		harness.poll(lambda: os.path.exists(counters) and 'paths:' in open(counters).read(),
			     'the counters dump', timeout=10)
		text = open(counters).read()
		m = re.search(r'paths: composite (\d+), direct (\d+)', text)
		check(m and int(m.group(2)) > 0, 'doom fullscreen was never presented directly:\n'
		      + text)
		log('rotation %d: composite %s, direct %s' % (rotation, m.group(1), m.group(2)))
		os.kill(doom.proc.pid, signal.SIGCONT)
		return shot


def run(args):
	harness.need(args.doom, 'chocolate-doom', 'chocolate-doom')
	for a, b in ((0, 180), (90, 270)):
		one, other = title_shot(args, a), title_shot(args, b)
		diff = sum(1 for i in range(0, len(one.data), 3) if one.data[i:i + 3] != other.data[i:i + 3])
		check(diff == 0, 'the title at %d and at %d degrees differ in %d pixels' % (a, b, diff))
		log('rotations %d and %d show the same %dx%d picture' % (a, b, one.width, one.height))


if __name__ == '__main__':
	args = harness.parse_args()
	harness.main(lambda: run(args))
