#!/usr/bin/env python3
"""Built-in blanking (issue 17): with [power] idle_timeout = 3, the headless display goes off
after 3 s without input, and then picowl wakes up zero times in 5 s although weston-simple-shm
animates on frame callbacks (it is throttled, as a covered window is). picowl-ctl power status
says off; a tap turns the display on and reaches no client, the next tap does. A key that wakes
the display reaches no client either, pointer motion does not wake it, and grim waits for the
display to be on; KEY_POWER toggles by
the default binding; picowl-ctl power off|on|toggle do what they say."""

import glob
import os
import subprocess
import time

import harness
import session
from harness import check, log

IDLE_TIMEOUT = 3
QUIET_SECONDS = 5.0


def context_switches(pid):
	total = 0
	for path in glob.glob('/proc/%d/task/*/status' % pid):
		with open(path) as f:
			for line in f:
				if line.startswith(('voluntary_ctxt_switches:',
						    'nonvoluntary_ctxt_switches:')):
					total += int(line.split()[1])
	return total


def lines(path, prefix):
	return [l for l in open(path).read().splitlines() if l.startswith(prefix)]


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	shm = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	s = harness.Session(args, extra_args=['--test-hooks'])
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[power]\nidle_timeout = %d\n' % IDLE_TIMEOUT)
	with s:
		def offs():
			return s.picowl_stderr().count('picowl: headless: display off')

		def ons():
			return s.picowl_stderr().count('picowl: headless: display on')

		def power(*how):
			return session.ctl(s, 'power', *how).strip()

		state = session.spawn_drawn(s, client)
		s.spawn([shm], 'weston-simple-shm')
		tile = harness.content_box(harness.tile_boxes(2, s.width, s.height)[0])
		x, y = tile[0] + tile[2] // 2, tile[1] + tile[3] // 2

		s.poll(lambda: offs() == 1, 'the display goes off after %d s' % IDLE_TIMEOUT,
		       timeout=IDLE_TIMEOUT + 15)
		time.sleep(1.0)
		before = context_switches(s.pid)
		time.sleep(QUIET_SECONDS)
		woke = context_switches(s.pid) - before
		s.check_alive('while blank')
		log('blank: picowl woke up %d time(s) in %g s with weston-simple-shm running'
		    % (woke, QUIET_SECONDS))
		check(woke == 0, 'picowl woke up %d times in %g s while the display was off'
		      % (woke, QUIET_SECONDS))
		check(power('status') == 'off', 'picowl-ctl power status does not say off')

		session.ctl(s, 'inject', 'touch', 'tap', str(x), str(y))
		s.poll(lambda: ons() == 1, 'a tap turns the display on', timeout=5)
		check(power('status') == 'on', 'picowl-ctl power status does not say on after the tap')
		time.sleep(0.5)
		check(not lines(state, 'touch'), 'the tap that woke the display reached the client: %s'
		      % lines(state, 'touch'))
		session.ctl(s, 'inject', 'touch', 'tap', str(x), str(y))
		s.poll(lambda: lines(state, 'touch down'), 'the next tap reaches the client', timeout=5)
		log('the waking tap went nowhere, the next one to the client')

		session.ctl(s, 'inject', 'key', 'a')
		s.poll(lambda: len(lines(state, 'key 30 ')) == 2, 'key a reaches the client', timeout=5)
		check(power('off') == 'off' and offs() == 2, 'picowl-ctl power off')
		session.ctl(s, 'inject', 'pointer', 'motion', str(x), str(y + 10))
		time.sleep(0.5)
		check(power('status') == 'off' and ons() == 1, 'pointer motion woke the display')
		grim = subprocess.Popen([args.grim, '-t', 'ppm', os.path.join(s.dir, 'dark.ppm')],
					env=s.client_env(), stdin=subprocess.DEVNULL,
					stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
		time.sleep(1.0)
		check(grim.poll() is None, 'grim did not wait for the display to be on')
		session.ctl(s, 'inject', 'key', 'a')
		s.poll(lambda: ons() == 2, 'a key turns the display on', timeout=5)
		check(grim.wait(timeout=10) == 0, 'grim failed once the display was on')
		log('grim waited while the display was off and took its shot once it was on')
		time.sleep(0.5)
		check(len(lines(state, 'key 30 ')) == 2, 'the key that woke the display reached the '
		      'client: %s' % lines(state, 'key 30 '))

		session.ctl(s, 'inject', 'key', 'KEY_POWER')
		s.poll(lambda: offs() == 3, 'KEY_POWER turns the display off', timeout=5)
		check(power('status') == 'off', 'status after KEY_POWER')
		session.ctl(s, 'inject', 'key', 'KEY_POWER')
		s.poll(lambda: ons() == 3, 'KEY_POWER turns it on again', timeout=5)
		time.sleep(0.5)
		check(not lines(state, 'key 116 '), 'KEY_POWER reached the client')

		check(power('toggle') == 'off' and offs() == 4, 'picowl-ctl power toggle (off)')
		check(power('toggle') == 'on' and ons() == 4, 'picowl-ctl power toggle (on)')
		check(power('on') == 'on' and ons() == 4, 'picowl-ctl power on while on')
		r = subprocess.run([args.ctl, 'power', 'sideways'], env=s.client_env(),
				   capture_output=True, text=True, timeout=20)
		check(r.returncode == 2, 'picowl-ctl power sideways: status %d' % r.returncode)
		# Drawn again: the display on shows the clients (a screenshot needs a repaint).
		s.screenshot()
		s.check_alive('at the end')


if __name__ == '__main__':
	harness.main(run)
