#!/usr/bin/env python3
"""wlr-randr (Debian's, a zwlr_output_manager_v1 client) lists picowl's output, its one mode
current and preferred, enabled, at 0,0, scale 1; `--transform 90` turns it and the tiles follow:
two foot tiles stacked in the 240x320 portrait output are side by side on grim's (upright)
320x240 screenshot after it. `--transform flipped`, `--off` and another mode are
refused (wlr-randr fails, picowl says why) and change nothing. A rotation by picowl itself (the
`rotate 90` binding) is what wlr-randr reads next. The headless backend's modes (its
configured size and five more) change the output's size: the tiles follow (see modes()). kanshi (when installed) applies a profile's
`transform 180` as it starts. Neither manager is offered to another user's client. Before picowl had the output manager
wlr-randr exited with "compositor doesn't support wlr-output-management-unstable-v1" (issue 17).
"""

import os
import subprocess

import harness
import session
from harness import check, log

MANAGERS = ('zwlr_output_manager_v1', 'zwlr_gamma_control_manager_v1')


def randr(s, *argv):
	r = subprocess.run([s.args.randr] + list(argv), env=s.client_env(), stdin=subprocess.DEVNULL,
			   capture_output=True, text=True, timeout=20)
	return r.returncode, r.stdout + r.stderr


def listing(s):
	code, out = randr(s)
	check(code == 0, 'wlr-randr failed (status %d): %s' % (code, out))
	return out


def tiled(img, width, height, bgs):
	"""Problems with two foot tiles of colours bgs in a width x height output."""
	p = []
	for tile, bg in zip(harness.tile_boxes(2, width, height), bgs):
		x, y, w, h = harness.content_box(tile)
		# below foot's prompt line
		p += harness.solid_problems(img, (x, y + 12, w, h - 12), harness.parse_rgb(bg), bg)
		p += harness.ring_problems(img, tile, forbid=[harness.parse_rgb(b) for b in bgs])
	return p


def private_to_own_user(s):
	"""Turning the screen is the user's: another user's client is not offered the managers."""
	if os.getuid() != 0:
		log('not root: the check as another user is left out')
		return
	nobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups']
	os.chmod(s.dir, 0o711)
	os.chmod(s.runtime, 0o711)
	os.chmod(os.path.join(s.runtime, s.socket), 0o777)
	try:
		listed = {}
		for who, cmd in (('own', ['wayland-info']), ('other', nobody + ['wayland-info'])):
			r = subprocess.run(cmd, env=s.client_env(), stdin=subprocess.DEVNULL,
					   capture_output=True, text=True, timeout=20)
			check(r.returncode == 0, '%s: status %d: %s' % (' '.join(cmd), r.returncode,
									r.stderr))
			listed[who] = [m in r.stdout for m in MANAGERS]
	finally:
		os.chmod(s.dir, 0o700)
		os.chmod(s.runtime, 0o700)
	check(all(listed['own']), '%s not all offered to picowl\'s own user' % (MANAGERS,))
	check(not any(listed['other']), '%s offered to another user\'s client: %s'
	      % (MANAGERS, listed['other']))
	log('%s: offered to picowl\'s user, not to nobody' % ', '.join(MANAGERS))


def current(out):
	"""The mode wlr-randr marks current, as 'WxH'."""
	for line in out.splitlines():
		if 'current' in line and ' px' in line:
			return line.split()[0]
	return None


def sized(s, width, height, bgs):
	"""The two tiles in a width x height output (the harness checks grim's size too)."""
	s.width, s.height = width, height
	return lambda img: tiled(img, width, height, bgs)


def modes(s, name, bgs):
	"""The headless backend's modes: --mode 320x240 resizes the output, the two foot tiles
	follow (side by side), a custom mode equal to a listed one is that mode, one that is not
	is refused and changes nothing; mode and transform in one configuration; back to 240x320."""
	out = listing(s)
	for want in ('320x240 px', '640x480 px', '800x600 px'):
		check(want in out, 'wlr-randr does not list the headless mode %s:\n%s' % (want, out))
	code, out = randr(s, '--output', name, '--mode', '320x240')
	check(code == 0, 'wlr-randr --mode 320x240 failed (status %d): %s' % (code, out))
	check(current(listing(s)) == '320x240', 'wlr-randr does not read mode 320x240 back')
	s.wait_for(sized(s, 320, 240, bgs), 'the two tiles side by side in the 320x240 mode',
		   timeout=10)
	check('picowl: headless: now 320x240' in s.picowl_stderr(), 'picowl did not say the mode')
	for bad in (['--custom-mode', '321x240'], ['--custom-mode', '320x240@75Hz']):
		code, why = randr(s, '--output', name, *bad)
		check(code != 0, 'wlr-randr %s succeeded: %s' % (' '.join(bad), why))
	check('no custom modes' in s.picowl_stderr(), 'picowl did not say why:\n'
	      + s.picowl_stderr())
	check(current(listing(s)) == '320x240', 'a refused custom mode changed the mode')
	code, out = randr(s, '--output', name, '--custom-mode', '640x480')
	check(code == 0, 'wlr-randr --custom-mode 640x480 (a listed mode) failed: %s' % out)
	s.wait_for(sized(s, 640, 480, bgs), 'the tiles in 640x480', timeout=10)
	code, out = randr(s, '--output', name, '--mode', '320x240', '--transform', '90')
	check(code == 0, 'wlr-randr --mode 320x240 --transform 90 failed: %s' % out)
	s.wait_for(sized(s, 240, 320, bgs), 'the tiles stacked in 320x240 turned 90', timeout=10)
	out = listing(s)
	check(current(out) == '320x240' and 'Transform: 90' in out, 'not read back:\n' + out)
	code, out = randr(s, '--output', name, '--mode', '240x320', '--transform', 'normal')
	check(code == 0, 'wlr-randr --mode 240x320 failed: %s' % out)
	s.wait_for(sized(s, 240, 320, bgs), 'the two tiles stacked in 240x320 again', timeout=10)
	log('modes: 320x240, 640x480 (custom), 320x240 turned 90, 240x320: the tiles followed')


def add(p):
	p.add_argument('--randr', default='')
	p.add_argument('--kanshi', default='')


def run():
	args = session.parse_args_with(add)
	harness.need(args.foot, 'foot', 'foot')
	harness.need(args.randr, 'wlr-randr', 'wlr-randr')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		with open(s.home + '/.config/picowl/picowl.ini', 'w') as f:
			f.write('[bindings]\nLogo+r = rotate 90\n')
		session.ctl(s, 'reload')
		bgs = ['204060', '604020']
		# one after the other: the first to map is tile 1
		s.spawn(harness.foot_cmd(s, bgs[0]), 'foot')
		x, y, w, h = harness.content_box(harness.tile_boxes(1, s.width, s.height)[0])
		s.wait_for(lambda img: harness.solid_problems(img, (x, y + 12, w, h - 12),
							      harness.parse_rgb(bgs[0]), bgs[0]),
			   'the first foot fills the output', timeout=30)
		s.spawn(harness.foot_cmd(s, bgs[1]), 'foot')
		s.wait_for(lambda img: tiled(img, s.width, s.height, bgs),
			   'two foot tiles stacked', timeout=30)

		out = listing(s)
		log(out.rstrip())
		for want in ('Enabled: yes', '240x320 px', 'preferred', 'current', 'Position: 0,0',
			     'Transform: normal', 'Scale: 1.0'):
			check(want in out, 'wlr-randr does not say %r:\n%s' % (want, out))
		name = out.split()[0]

		for bad in (['--transform', 'flipped'], ['--off'], ['--custom-mode', '100x100'],
			    ['--scale', '2']):
			code, why = randr(s, '--output', name, *bad)
			check(code != 0, 'wlr-randr %s succeeded: %s' % (' '.join(bad), why))
			log('wlr-randr %s: refused (%s)' % (' '.join(bad), why.strip()))
		check('picowl: output configuration failed' in s.picowl_stderr(),
		      'picowl did not say why it refused:\n' + s.picowl_stderr())
		check('Transform: normal' in listing(s), 'a refused configuration changed the output')
		modes(s, name, bgs)

		code, out = randr(s, '--output', name, '--transform', '90')
		check(code == 0, 'wlr-randr --transform 90 failed (status %d): %s' % (code, out))
		check('Transform: 90' in listing(s), 'wlr-randr does not read transform 90 back')
		# grim undoes the transform: the logical picture, upright and landscape
		s.width, s.height = s.height, s.width
		img = s.wait_for(lambda img: tiled(img, s.width, s.height, bgs),
				 'the two tiles side by side in 320x240', timeout=10)
		img.save_ppm(s.dir + '/turned.ppm')
		log('after --transform 90: the tiles %s' % (harness.tile_boxes(2, s.width, s.height),))

		# picowl turns itself (the binding): the next wlr-randr reads that
		randr(s, '--output', name, '--transform', 'normal')
		s.poll(lambda: 'Transform: normal' in listing(s), 'transform normal again')
		session.ctl(s, 'inject', 'key', 'logo+r')
		s.poll(lambda: 'Transform: 270' in listing(s),
		       'wlr-randr reads the binding\'s rotate 90 (transform 270)')
		# kanshi applies its profile's transform when it starts (when it is installed)
		if args.kanshi:
			conf = s.dir + '/kanshi.conf'
			with open(conf, 'w') as f:
				f.write('profile {\n\toutput %s transform 180\n}\n' % name)
			k = s.spawn([args.kanshi, '-c', conf], 'kanshi')
			s.poll(lambda: 'Transform: 180' in listing(s), 'kanshi\'s profile: transform 180')
			s.poll(lambda: 'applied' in k.stdout() + k.stderr(), 'kanshi says it applied')
			log('kanshi: %s' % (k.stdout() + k.stderr()).strip().splitlines()[-1])
		else:
			log('kanshi is not installed: its profile is not tried')
		private_to_own_user(s)
		s.check_alive('after wlr-randr and kanshi')


harness.main(run)
