#!/usr/bin/env python3
"""keyboard-shortcuts-inhibit (4.92): a window with an inhibitor, focused, gets the keys of
picowl's [bindings] (Logo+k, focus prev, reaches it and the focus stays), but the escape binding
(focus next, Logo+j by default) still runs: the focus moves off it, its inhibitor goes inactive
and Logo+k is picowl's again; focused again, the inhibitor is active again. Run twice over, the
escape also revokes the inhibitor of a window that keeps the focus (the only window)."""

import harness
import session
from harness import check, log

LOGO, KEY_J, KEY_K = 125, 36, 37


def lines(path):
	return open(path).read().splitlines()


def keys(path):
	return [(int(f[1]), int(f[2])) for f in (l.split() for l in lines(path))
		if len(f) == 3 and f[0] == 'key']


def focused(s):
	return [w['app_id'] for w in session.windows(s) if 'focused' in w['flags']]


def spawn(s, client, name, *extra):
	state = s.dir + '/' + name + '.state'
	open(state, 'w').close()
	s.spawn([client, state, '--app-id', name] + list(extra), name)
	s.poll(lambda: 'ready' in lines(state), '%s is ready' % name)
	return state


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'gameclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		plain = spawn(s, client, 'plain')
		game = spawn(s, client, 'game', '--inhibit')
		s.poll(lambda: focused(s) == ['game'], 'the new window has the focus')
		s.poll(lambda: 'active' in lines(game), 'the focused inhibitor is active')
		log('game focused, its inhibitor: %s' % ' '.join(l for l in lines(game)
								  if l in ('active', 'inactive')))

		# A binding inhibited: Logo+k reaches the client, and picowl runs no focus prev.
		before = len(keys(game))
		session.ctl(s, 'inject', 'key', 'logo+k')
		s.poll(lambda: len(keys(game)) >= before + 4, 'Logo+k reaches the game')
		got = keys(game)[before:]
		check(got == [(LOGO, 1), (KEY_K, 1), (KEY_K, 0), (LOGO, 0)],
		      'the game got %s for Logo+k' % got)
		check(focused(s) == ['game'], 'Logo+k moved the focus: %s' % focused(s))
		log('Logo+k inhibited: the game got %s, the focus stayed' % got)

		# The escape wins: Logo+j runs focus next, the game gets no j.
		session.ctl(s, 'inject', 'key', 'logo+j')
		s.poll(lambda: focused(s) == ['plain'], 'Logo+j (the escape) moves the focus')
		s.poll(lambda: lines(game).count('inactive') == 1, 'the inhibitor goes inactive')
		check((KEY_J, 1) not in keys(game), 'the game got the escape key j')
		log('Logo+j escaped: focus on %s, the inhibitor inactive' % focused(s))

		# Off the game, Logo+k is picowl's again (focus prev takes the focus back to it).
		before = len(keys(plain))
		session.ctl(s, 'inject', 'key', 'logo+k')
		s.poll(lambda: focused(s) == ['game'], 'Logo+k is a binding again off the game')
		check((KEY_K, 1) not in keys(plain)[before:], 'the plain window got k')
		s.poll(lambda: lines(game).count('active') == 2, 'focused again, the inhibitor is active')
		log('Logo+k ran focus prev; the game focused again, its inhibitor active again')

		# One window alone: the escape cannot move the focus, so it revokes the inhibitor.
		session.ctl(s, 'window', 'close', [w['id'] for w in session.windows(s)
						    if w['app_id'] == 'plain'][0])
		s.poll(lambda: [w['app_id'] for w in session.windows(s)] == ['game'], 'plain closes')
		session.ctl(s, 'inject', 'key', 'logo+j')
		s.poll(lambda: lines(game).count('inactive') == 2, 'the escape revokes the inhibitor')
		before = len(keys(game))
		session.ctl(s, 'inject', 'key', 'logo+k')
		session.ctl(s, 'windows')  # a round trip after the key
		check((KEY_K, 1) not in keys(game)[before:], 'revoked, the game still got Logo+k')
		log('alone, the escape revoked the inhibitor: Logo+k is a binding again')
		s.check_alive('after the shortcuts')


if __name__ == '__main__':
	harness.main(run)
