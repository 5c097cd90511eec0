#!/usr/bin/env python3
"""The touch-first panel (decisions 4.52, 4.53), by injected taps only: a tap on the launcher
button lists the programs of a private XDG_DATA_DIRS (Debian's foot.desktop among test ones,
[launcher] pinning foot first), a tap on foot's row starts foot into a tile; with three windows in
monocle the window list (a tap on the title) names all three, the hidden ones too, and a tap
switches to a hidden one; the close button closes foot, and a client that ignores close gets
"Kill?" after a few seconds, whose Kill row ends it. picowl and the other clients go on."""

import os
import shutil
import subprocess

import harness
import session
from harness import check, log

BAR_H = 16  # picowl's default [panel] height
ROW_H = 28


windows = session.windows


def tap(s, x, y):
	session.touch(s, 'tap', x, y)


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	harness.need(args.foot, 'foot', 'foot')
	s = harness.Session(args, extra_args=['--test-hooks'])
	session.write_foot_config(s)
	apps = os.path.join(s.dir, 'data', 'applications')
	os.makedirs(apps)
	shutil.copy('/usr/share/applications/foot.desktop', apps)
	with open(os.path.join(apps, 'secret.desktop'), 'w') as f:
		f.write('[Desktop Entry]\nType=Application\nName=Secret\nExec=false\nNoDisplay=true\n')
	with open(os.path.join(apps, 'term.desktop'), 'w') as f:
		f.write('[Desktop Entry]\nType=Application\nName=Sleeper\nTerminal=true\n'
			'Exec=sleep 100000\n')
	config = os.path.join(s.home, '.config', 'picowl', 'picowl.ini')
	with open(config, 'w') as f:
		f.write('[launcher]\npin = foot.desktop term.desktop\n')
	env = {'XDG_DATA_DIRS': os.path.join(s.dir, 'data'), 'PICOWL_CONFIG': config,
	       'XDG_DATA_HOME': os.path.join(s.dir, 'none')}
	with s:
		W = s.width
		panel = s.spawn([args.panel], 'picowl-panel', env=s.client_env(env))
		s.wait_until(lambda img: session.panel_shown(img, (30, 0, 100, BAR_H)), 'the panel')

		# Launcher: the button, then foot's row (pinned: the first).
		tap(s, 12, BAR_H // 2)
		s.wait_until(lambda img: session.panel_shown(img, (0, BAR_H, W, 100)),
			     'the launcher below the bar')
		tap(s, W // 2, BAR_H + ROW_H // 2)
		s.poll(lambda: any(w['app_id'] == 'foot' for w in windows(s)),
		       'a tap on the foot row starts foot', timeout=30)
		foot_bg = harness.parse_rgb(harness.FOOT_BG)
		s.wait_until(lambda img: img.count_close((0, 60, W, 100), foot_bg) > W * 50,
			     'foot shown in a tile', timeout=30)
		log('launcher: a tap on the foot row started foot: %s' % windows(s))

		# The launcher binding action opens it too; row 2, Terminal=true, runs in foot.
		session.ctl(s, 'action', 'launcher')
		s.wait_until(lambda img: session.panel_shown(img, (0, BAR_H, W, BAR_H + 2 * ROW_H)),
			     'the launcher action opens the launcher')
		tap(s, W // 2, BAR_H + ROW_H + ROW_H // 2)
		s.poll(lambda: [w['app_id'] for w in windows(s)] == ['foot', 'foot'],
		       'the Terminal=true entry runs in foot', timeout=30)
		sleeper = [l for l in subprocess.run(['pgrep', '-a', '-f', 'sleep 100000'],
						     stdout=subprocess.PIPE).stdout.decode().splitlines()]
		check(sleeper, 'no "sleep 100000" runs in the terminal')
		log('launcher action, then the Terminal=true row: a second foot running %s' % sleeper)

		# The keyboard button: "keyboard toggle" runs, or picowl says it has no such action.
		known = subprocess.run([args.ctl, 'action', 'keyboard', 'toggle'],
				       env=s.client_env()).returncode == 0
		tap(s, W - 36, BAR_H // 2)
		if not known:
			s.poll(lambda: 'cannot run "keyboard toggle"' in panel.stderr(),
			       'the panel reports that picowl lacks keyboard toggle')
		s.check_alive('after the keyboard button')
		log('keyboard button: %s' % ('keyboard toggle ran' if known else
					      'picowl has no keyboard toggle yet, reported'))

		# Window list: two foots and a vmclient in monocle, two of them hidden.
		for n in range(1):
			s.spawn([args.client, os.path.join(s.dir, 'c%d.state' % n)], 'vmclient%d' % n)
		s.poll(lambda: len(windows(s)) == 3, 'three windows', timeout=30)
		session.ctl(s, 'action', 'layout', 'next')
		s.poll(lambda: sum('hidden' in w['flags'] for w in windows(s)) == 2,
		       'monocle hides two windows')
		hidden = [i for i, w in enumerate(windows(s)) if 'hidden' in w['flags']]
		tap(s, 60, BAR_H // 2)
		s.wait_until(lambda img: session.panel_shown(img, (0, BAR_H, W, BAR_H + 3 * ROW_H)),
			     'the window list, three rows')
		target = hidden[0]
		tap(s, W // 2, BAR_H + target * ROW_H + ROW_H // 2)
		s.poll(lambda: 'focused' in windows(s)[target]['flags']
		       and 'hidden' not in windows(s)[target]['flags'],
		       'a tap on a hidden window\'s row shows it')
		log('window list: row %d tapped, now %s' % (target, windows(s)[target]))
		check(session.ctl(s, 'action', 'no such action', check_status=False) == '',
		      'run_action of an unknown action answered something on stdout')
		s.check_alive('after run_action of an unknown action')

		# Close: foot goes at once.
		foot = [w for w in windows(s) if w['app_id'] == 'foot'][0]
		session.ctl(s, 'window', 'activate', foot['id'])
		s.poll(lambda: 'focused' in [w for w in windows(s) if w['id'] == foot['id']][0]['flags'],
		       'foot focused')
		tap(s, W - 12, BAR_H // 2)
		s.poll(lambda: not any(w['id'] == foot['id'] for w in windows(s)),
		       'a tap on close closed foot', timeout=10)
		log('close: foot closed')

		# A client that never closes: Kill? after a few seconds, then Kill. Its title is
		# "stubborn": the close button is tapped once the panel shows that title, as a
		# person taps what they see (the panel's list may follow the compositor by a frame).
		title_box = (40, 0, W - 48, BAR_H)
		before = s.screenshot().region_bytes(title_box)
		stubborn = s.spawn([args.client, os.path.join(s.dir, 'st.state'), 'stubborn'],
				   'stubborn')
		s.poll(lambda: len(windows(s)) == 3,
		       'the stubborn client maps', timeout=30)
		mine = windows(s)[-1]
		session.ctl(s, 'window', 'activate', mine['id'])
		s.poll(lambda: 'focused' in windows(s)[-1]['flags'], 'stubborn focused')
		s.wait_until(lambda img: img.region_bytes(title_box) != before,
			     'the panel shows the stubborn client\'s title')
		tap(s, W - 12, BAR_H // 2)
		s.wait_until(lambda img: session.panel_shown(img, (0, BAR_H, W, BAR_H + 3 * ROW_H)),
			     'the kill confirmation', timeout=15)
		check(stubborn.alive(), 'the stubborn client went on close')
		tap(s, W // 2, BAR_H + ROW_H + ROW_H // 2)
		s.poll(lambda: not stubborn.alive(), 'Kill ends the stubborn client', timeout=10)
		s.poll(lambda: len(windows(s)) == 2, 'two windows left')
		log('kill: the client ignoring close was killed; %s' % windows(s))

		# The kill binding action ends the focused client at once.
		term = [w for w in windows(s) if w['app_id'] == 'foot'][0]
		session.ctl(s, 'window', 'activate', term['id'])
		s.poll(lambda: any(w['id'] == term['id'] and 'focused' in w['flags']
				   for w in windows(s)), 'the terminal focused')
		session.ctl(s, 'action', 'kill')
		s.poll(lambda: [w['app_id'] for w in windows(s)] == ['-'], 'the kill action ends foot')
		s.check_alive('after the kills')
		check(panel.alive(), 'the panel died')


harness.main(run)
