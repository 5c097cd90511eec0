#!/usr/bin/env python3
"""Idle protocols (issue 17): Debian's swayidle, `swayidle -w timeout 2 'echo idle >> LOG'
resume 'echo resume >> LOG'`, against headless picowl with [power] idle_timeout = 4 and
dim_timeout = 2. Its command runs about 2 s after it connects, the display dims and goes off
at 4 s, and then picowl wakes up zero times in 5 s with swayidle connected; the key that wakes the display (reaching no client) runs
the resume command. A window of ours with an idle inhibitor (inhibitclient), shown, holds
swayidle's timeout, the dimming and the blanking for 5 s; covered by a fullscreen window, behind
another window in monocle, or under the lock screen it holds neither; shown again, or once the
fullscreen window goes, the focus comes back or the session is unlocked, it holds them again;
when it exits swayidle's timeout runs once more. Last, doc/session.md's recipe (swaylock on idle),
its timeout shortened, locks the session."""

import os
import re
import shlex
import time

import harness
import session
from harness import check, log

IDLE_TIMEOUT = 4  # picowl's own blanking, seconds
DIM_TIMEOUT = 2  # and dimming before it
SWAYIDLE_TIMEOUT = 2
HOLD = 5.0  # longer than both timeouts
QUIET_SECONDS = 5.0
INHIBITCLIENT_GREEN = (0, 0xc0, 0)


def readme_recipe(path):
	"""doc/session.md's swayidle command line, split as sh would."""
	m = re.search(r'^ +(swayidle -w timeout \d+ .*)$', open(path).read(), re.M)
	check(m, 'doc/session.md has no line "swayidle -w timeout N ..."')
	return shlex.split(m.group(1))


def context_switches(pid):
	total = 0
	for task in os.listdir('/proc/%d/task' % pid):
		with open('/proc/%d/task/%s/status' % (pid, task)) as f:
			for line in f:
				if line.startswith(('voluntary_ctxt_switches:',
						    'nonvoluntary_ctxt_switches:')):
					total += int(line.split()[1])
	return total


def run():
	def more(p):
		p.add_argument('--inhibitor', required=True)
		p.add_argument('--swayidle', default='')
		p.add_argument('--locker', default='')
	args = session.parse_args_with(more)
	inhibitor = harness.need(args.inhibitor, 'inhibitclient', '(built by meson)')
	swayidle = harness.need(args.swayidle, 'swayidle', 'swayidle')
	locker = harness.need(args.locker, 'lockclient', '(built by meson)')
	s = harness.Session(args, extra_args=['--test-hooks'])
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[power]\nidle_timeout = %d\ndim_timeout = %d\n' % (IDLE_TIMEOUT, DIM_TIMEOUT))
	with s:
		log_path = os.path.join(s.dir, 'swayidle.log')
		open(log_path, 'w').close()

		def count(word):
			return open(log_path).read().split().count(word)

		def offs():
			return s.picowl_stderr().count('picowl: headless: display off')

		def ons():
			return s.picowl_stderr().count('picowl: headless: display on')

		def key(name):
			session.ctl(s, 'inject', 'key', name)

		def window(name, *flags):
			state = os.path.join(s.dir, name + '.state')
			open(state, 'w').close()
			c = s.spawn([inhibitor, state] + list(flags), name)
			word = 'plain' if '--no-inhibit' in flags else 'inhibiting'
			s.poll(lambda: word in open(state).read().split(), '%s maps' % name)
			return c

		def idles(n, what):
			start = time.monotonic()
			s.poll(lambda: count('idle') == n, what, timeout=SWAYIDLE_TIMEOUT + 10)
			return time.monotonic() - start

		def wake(n):
			key('a')
			s.poll(lambda: ons() == n and count('resume') == n,
			       'a key turns the display on and swayidle runs its resume command')

		def held(n_idle, n_off, what):
			time.sleep(HOLD)
			check(count('idle') == n_idle, '%s: swayidle\'s timeout ran (%d times)'
			      % (what, count('idle')))
			check(offs() == n_off, '%s: the display went off' % what)
			status = session.ctl(s, 'power', 'status').strip()
			check(status == 'on', '%s: the display is %s' % (what, status))
			log('%s: no swayidle timeout, no dimming, no blanking in %g s' % (what, HOLD))

		s.spawn([swayidle, '-w', 'timeout', str(SWAYIDLE_TIMEOUT),
			 'echo idle >> %s' % log_path, 'resume', 'echo resume >> %s' % log_path],
			'swayidle')
		took = idles(1, 'swayidle runs its timeout command')
		check(count('resume') == 0, 'swayidle ran its resume command without input')
		log('swayidle: its timeout command ran %.1f s after the test started it' % took)
		s.poll(lambda: session.ctl(s, 'power', 'status').strip() == 'dimmed',
		       'the display dims before it goes off', timeout=IDLE_TIMEOUT + 10)
		s.poll(lambda: offs() == 1, 'the display goes off', timeout=IDLE_TIMEOUT + 10)
		time.sleep(1.0)
		before = context_switches(s.pid)
		time.sleep(QUIET_SECONDS)
		woke = context_switches(s.pid) - before
		log('blank, swayidle idle: picowl woke up %d time(s) in %g s' % (woke, QUIET_SECONDS))
		check(woke == 0, 'picowl woke up %d times in %g s while blank with swayidle connected'
		      % (woke, QUIET_SECONDS))
		wake(1)
		log('the key that woke the display ran swayidle\'s resume command')

		a = window('inhibiting')
		held(1, 1, 'a shown window with an idle inhibitor')

		cover = window('fullscreen', '--fullscreen', '--no-inhibit')
		took = idles(2, 'the timeout runs with the inhibiting window covered by a fullscreen one')
		log('covered by a fullscreen window: swayidle\'s timeout ran %.1f s after it mapped'
		    % took)
		s.poll(lambda: offs() == 2, 'the display goes off with the inhibitor covered',
		       timeout=IDLE_TIMEOUT + 10)
		cover.kill()
		cover.wait(5)
		wake(2)
		held(2, 2, 'the fullscreen window gone, the inhibitor shown again')

		window('other', '--no-inhibit')
		held(2, 2, 'two tiles, the inhibitor in one')
		key('logo+m')
		took = idles(3, 'the timeout runs with the inhibiting window behind the other in monocle')
		log('monocle, the other window shown: swayidle\'s timeout ran %.1f s after Logo+m'
		    % took)
		s.poll(lambda: offs() == 3, 'the display goes off in monocle', timeout=IDLE_TIMEOUT + 10)
		wake(3)
		key('logo+j')
		s.poll(lambda: any('focused' in l and 'inhibitclient' in l
				   for l in session.ctl(s, 'tiles').splitlines()),
		       'Logo+j focuses the inhibiting window')
		held(3, 3, 'monocle, the inhibiting window shown')

		lock_state = os.path.join(s.dir, 'lock.state')
		open(lock_state, 'w').close()
		s.spawn([locker, lock_state], 'lockclient')
		s.poll(lambda: 'locked' in open(lock_state).read().split(), 'the session locks')
		idles(4, 'the timeout runs while the session is locked')
		s.poll(lambda: offs() == 4, 'the display goes off while locked', timeout=IDLE_TIMEOUT + 10)
		wake(4)
		key('u')
		s.poll(lambda: 'unlocked' in open(lock_state).read().split(), 'the locker unlocks')
		held(4, 4, 'unlocked, the inhibitor shown again')
		log('locked, the inhibitor held nothing')

		a.kill()
		a.wait(5)
		took = idles(5, 'the timeout runs once the inhibiting window is gone')
		log('the inhibiting window gone: swayidle\'s timeout ran %.1f s later' % took)
		s.poll(lambda: offs() == 5, 'the display goes off', timeout=IDLE_TIMEOUT + 10)
		wake(5)

		# doc/session.md's recipe, its timeout shortened: swaylock locks the session on idle.
		recipe = readme_recipe(args.readme)
		log('the README\'s recipe: %s' % ' '.join(recipe))
		recipe[recipe.index('timeout') + 1] = str(SWAYIDLE_TIMEOUT)
		s.spawn(recipe, 'swayidle-readme')
		s.poll(lambda: offs() == 6, 'the display goes off', timeout=IDLE_TIMEOUT + 10)
		key('a')
		s.poll(lambda: ons() == 6, 'a key turns the display on')
		img = s.screenshot()
		whole = (0, 0, s.width, s.height)
		check(img.count_close(whole, INHIBITCLIENT_GREEN) == 0 and
		      session.mostly(img, whole, (0, 0, 0), 0.99),
		      'the session is not locked: the windows show (swaylock -c 000000 is black)')
		log('the README\'s recipe: swaylock locked the session on idle')
		s.check_alive('at the end')


if __name__ == '__main__':
	harness.main(run)
