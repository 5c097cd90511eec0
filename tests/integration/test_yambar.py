#!/usr/bin/env python3
"""yambar as the panel at the top of headless picowl, which has no pointer device (issue 16:
it crashed on a pointer enter at 0,0): it runs for more than 3 s, draws its background on the
screen, and gets no wl_pointer.enter at all (its WAYLAND_DEBUG log has every event)."""

import os
import re
import time

import harness
from harness import check, log

COLOUR = '2080c0'
HEIGHT = 24
CONFIG = '''bar:
  location: top
  height: %d
  background: %sff
  foreground: ffffffff
  font: DejaVu Sans:pixelsize=12
  right:
    - label:
        content:
          string: {text: "picowl"}
''' % (HEIGHT, COLOUR)


def run():
	args = harness.parse_args(lambda p: p.add_argument('--yambar', default=''))
	yambar = harness.need(args.yambar, 'yambar', 'yambar')
	rgb = harness.parse_rgb(COLOUR)
	with harness.Session(args) as s:
		config = os.path.join(s.dir, 'yambar.yml')
		with open(config, 'w') as f:
			f.write(CONFIG)
		bar = s.spawn([yambar, '-b', 'wayland', '-s', '-c', config], 'yambar',
			      env={'WAYLAND_DEBUG': 'client'})
		# the left half: the label is on the right
		box = (0, 0, s.width // 2, HEIGHT)
		s.wait_for(lambda img: harness.solid_problems(img, box, rgb, 'the bar'),
			   'yambar\'s bar at the top')
		below = s.screenshot().first_not_close((0, HEIGHT, s.width, s.height - HEIGHT), rgb)
		check(below is not None, 'the bar is taller than %d rows' % HEIGHT)
		time.sleep(3.5)
		check(bar.alive(), 'yambar exited after it drew:\n%s' % bar.stderr()[-3000:])
		img = s.screenshot()
		check(not harness.solid_problems(img, box, rgb, 'the bar'),
		      'the bar went: %s' % harness.solid_problems(img, box, rgb, 'the bar'))
		s.check_alive('with yambar')
		debug = bar.stderr()
		check('wl_pointer@' in debug, 'yambar took no wl_pointer: the log shows nothing')
		enters = re.findall(r'wl_pointer@\d+\.enter\(.*', debug)
		check(not enters, 'no pointer device, yet: %s' % enters[:1])
		log('yambar %s at the top, %d rows, alive after 3.5 s, no pointer enter'
		    % (COLOUR, HEIGHT))


if __name__ == '__main__':
	harness.main(run)
