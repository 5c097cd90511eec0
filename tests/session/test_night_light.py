#!/usr/bin/env python3
"""Night light on a display without a gamma table (issue 37, decision 4.85): Debian's wlsunset
and gammastep tint grim's screenshot of the headless output, which picowl applies itself, on
every drawing path: a foot tile (composed), foot fullscreen (direct present, the counters say
so) and the output turned by 90 degrees (the rotated scene). foot's magenta keeps its red and
loses blue under a warm ramp; killed with SIGKILL (no chance to reset its ramp), each night
light takes its ramp with it and the screenshot is magenta again. Before this picowl sent every
control `failed` ("gamma control of output 1 failed", gammastep "Zero outputs support gamma
adjustment").
"""

import json
import os
import signal

import harness
import session
from harness import check, log

MAGENTA = harness.parse_rgb(harness.FOOT_BG)


def night_lights(args):
	return {
		'wlsunset': [args.wlsunset, '-t', '2500', '-T', '2501'],
		'gammastep': [args.gammastep, '-m', 'wayland', '-O', '3000'],
	}


def foot_box(s):
	"""A box inside foot's background, below its prompt line, wherever foot is."""
	return (s.width // 4, s.height // 2, s.width // 2, s.height // 4)


def tinted(s, box):
	"""Problems unless every pixel of box is magenta tinted warm: red kept, blue well down."""
	def problems(img):
		bad = [p for p in img.pixels(box) if not (p[0] >= 240 and p[1] <= 8 and p[2] <= 160)]
		return ['%d of %d pixels not tinted, e.g. %s' % (len(bad), box[2] * box[3], bad[0])] \
			if bad else []
	return problems


def plain(s, box):
	def problems(img):
		return harness.solid_problems(img, box, MAGENTA, 'foot untinted')
	return problems


def paths(s):
	data = json.loads(session.ctl(s, 'counters', '--json'))
	return [f['path'] for f in data['frames']]


def tint_and_back(s, args, name, where, settled=None):
	"""Runs night light `name`, waits for the tint, kills it, waits for magenta. Returns the
	paths of the frames drawn meanwhile (a frame is listed once the next one is on screen:
	the tint's by the time the tint has gone)."""
	box = foot_box(s)
	s.wait_for(plain(s, settled or box), 'foot is magenta %s' % where)
	session.ctl(s, 'counters', '--reset')
	light = s.spawn(night_lights(args)[name], name)
	s.wait_for(tinted(s, box), '%s tints foot %s' % (name, where))
	check(light.alive(), '%s exited: %s' % (name, light.stderr()))
	os.killpg(light.pid, signal.SIGKILL)
	light.wait(10)
	s.wait_for(plain(s, box), 'the ramp went with %s %s' % (name, where))
	drawn = paths(s)
	log('%s tints foot %s (frames drawn: %s), and the tint goes with it'
	    % (name, where, ', '.join(sorted(set(drawn)))))
	return drawn


def run():
	def more(p):
		p.add_argument('--wlsunset', default='')
		p.add_argument('--gammastep', default='')
	args = session.parse_args_with(more)
	args.wlsunset = harness.need(args.wlsunset, 'wlsunset', 'wlsunset')
	args.gammastep = harness.need(args.gammastep, 'gammastep', 'gammastep')
	harness.need(args.foot, 'foot', 'foot')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		s.spawn(harness.foot_cmd(s), 'foot')
		for name in ('wlsunset', 'gammastep'):
			tint_and_back(s, args, name, 'in its tile')
		session.ctl(s, 'action', 'fullscreen')
		for name in ('gammastep', 'wlsunset'):
			# foot over the whole output first: its resize is composed
			drawn = tint_and_back(s, args, name, 'fullscreen', (0, 0, s.width, s.height))
			check('direct' in drawn and 'composite' not in drawn,
			      'foot fullscreen was not presented directly: %s' % drawn)
		session.ctl(s, 'action', 'fullscreen')
		session.ctl(s, 'action', 'rotate', '90')
		s.width, s.height = s.height, s.width
		tint_and_back(s, args, 'wlsunset', 'turned by 90 degrees')
		s.check_alive('at the end')


harness.main(run)
