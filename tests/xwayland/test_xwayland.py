#!/usr/bin/env python3
"""X11 programs (issue 36): picowl listens on an X display and starts Debian's Xwayland for the
first X client; xterm maps as a tile, takes keys and a tap, and Xwayland stops when no X client
is left for [xwayland] idle_timeout. One case a run (--case):

xterm          `picowl-ctl spawn xterm` maps as a tile (xterm's white in the tile box); keys typed
               with picowl-ctl inject run a command in it; a tap on a second xterm moves the
               keyboard there; picowl-ctl's close reaches it through WM_DELETE_WINDOW
on-demand     no Xwayland, no xcb library and no wakeup before the first X client; one after,
               gone (by pid, /proc) within the idle timeout after the last leaves, and no
               wakeup then; the session's RSS before, with one xterm and after, picowl's
               back within 1 MiB; the next X client starts a new one
killed         Xwayland SIGKILLed under an xterm: picowl lives, the tile goes, the next X client
               starts a new Xwayland
override-redirect  an override-redirect window (a menu) at 30,40: shown there over the tile,
               and no tile of its own; -late: override-redirect set after its creation
hints-min-above-max, hints-zero, hints-huge  WM_NORMAL_HINTS with min 300x300 above max
               100x100, 0x0, or 100000x100000: the window fills its tile's width (scaled to
               fit, at most 1024x1024 big), picowl lives
fullscreen     xterm -fullscreen covers the output (_NET_WM_STATE_FULLSCREEN before the map),
               is _NET_ACTIVE_WINDOW; the fullscreen action makes it a tile and clears the state
ltris          ltris (SDL 1.2, Debian's) maps as a tile, draws scaled to fit, and a key moves its menu
clipboard      an X client's CLIPBOARD read by wl-paste, wl-copy's text pasted by an X client;
               the same for PRIMARY with --primary
panel-close    picowl-panel's close button, tapped over an xterm, ends it (WM_DELETE_WINDOW)
xterm-clipboard  a word double-clicked in xterm (selectToClipboard) read by wl-paste; wl-copy's
               text pasted into xterm by Shift+Insert runs as a command
long-title     an X client titled with 1 MB (WM_NAME): its start shown, picowl lives
destroy-while-map  200 windows each destroyed right after its map, then one that stays: picowl
               lives and shows the one (green)
transient-loop two windows each WM_TRANSIENT_FOR of the other: one a tile, the other a dialog
               over it, picowl lives
x-dialog       zenity (GTK3, GDK_BACKEND=x11) attached to an xterm by --attach (WM_TRANSIENT_FOR):
               it floats centred over the xterm's tile (its buttons found on the screenshot),
               takes no tile, and a tap on Yes makes it exit 0
many-windows   10,000 windows mapped: picowl lists them all, or Xwayland ends itself in the
               burst and the next X client starts a new one; picowl lives
display-taken  the display number picowl would take is held by another server (its lock file and
               abstract socket): picowl takes the next
"""

import os
import signal
import socket
import subprocess
import time

import harness
import session
from harness import check, log

IDLE = 2  # [xwayland] idle_timeout of these sessions, seconds
WHITE = (255, 255, 255)
KEYSYMS = {'/': 'slash', '-': 'minus', '_': 'underscore', '.': 'period', ' ': 'space'}


def xwayland_pids():
	"""The pids of the Xwayland processes whose parent is `ppid`."""
	return [int(p) for p in os.listdir('/proc') if p.isdigit() and _comm(p) == 'Xwayland']


def _comm(pid):
	try:
		with open('/proc/%s/comm' % pid) as f:
			return f.read().strip()
	except OSError:
		return ''


def _ppid(pid):
	try:
		with open('/proc/%d/stat' % pid) as f:
			return int(f.read().rsplit(')', 1)[1].split()[1])
	except OSError:
		return -1


def ours(s):
	return [p for p in xwayland_pids() if _ppid(p) == s.pid]


def type_text(s, text):
	for ch in text:
		session.ctl(s, 'inject', 'key', KEYSYMS.get(ch, ch))


def windows(s):
	return [line.split('\t') for line in session.ctl(s, 'windows').splitlines() if line.strip()]


def spawn_xterm(s, *more):
	pid = int(session.ctl(s, 'spawn', 'xterm', '-bg', 'white', '-fg', 'black', *more))
	harness.poll(lambda: any(w[2:3] == ['XTerm'] for w in windows(s)), 'xterm is a window')
	return pid


def start(args, extra=None):
	s = harness.Session(args, extra_args=['--test-hooks'] + (extra or []))
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[xwayland]\nidle_timeout = %d\n' % IDLE)
		if args.case == 'panel-close':
			f.write('[panel]\ncommand = %s\n' % args.panel)
	return s


def case_xterm(s):
	W, H = s.width, s.height
	check(not ours(s), 'no Xwayland before the first X client')
	spawn_xterm(s, '-e', 'sh')
	box = (20, 40, W - 40, H - 60)
	s.wait_until(lambda i: session.mostly(i, box, WHITE), "xterm's white fills the tile")
	log('xterm maps as a tile')
	target = os.path.join(s.dir, 'typed')
	type_text(s, 'touch ' + target)
	session.ctl(s, 'inject', 'key', 'Return')
	harness.poll(lambda: os.path.exists(target), 'the command typed into xterm ran')
	log('keys reach xterm: it ran "touch %s"' % target)
	spawn_xterm(s, '-e', 'sh')
	# The new one has the focus (a window started goes on top of the focus order).
	harness.poll(lambda: [w[1] for w in windows(s)] == ['-', 'focused'],
		     'two xterms, the second focused')
	# Portrait, two tiles: the first on top. Tap it; the keys go there.
	session.touch(s, 'tap', W // 2, H // 4)
	harness.poll(lambda: [w[1] for w in windows(s)][0] == 'focused', 'the tapped xterm is focused')
	second = os.path.join(s.dir, 'tapped')
	type_text(s, 'touch ' + second)
	session.ctl(s, 'inject', 'key', 'Return')
	harness.poll(lambda: os.path.exists(second), 'the tapped xterm took the keys')
	log('a tap moves the keyboard to the xterm tapped')
	wid = windows(s)[1][0]
	session.ctl(s, 'window', 'close', wid)
	harness.poll(lambda: len(windows(s)) == 1, 'close (WM_DELETE_WINDOW) ended the xterm')
	log('picowl-ctl window close reaches xterm')


def maps_xcb(s):
	with open('/proc/%d/maps' % s.pid) as f:
		return 'libxcb' in f.read()


def idle_wakeups(s):
	"""picowl's wakeups over 2 s of an idle session (no client drawing, no input)."""
	time.sleep(0.5)
	before = harness.voluntary_switches(s.pid)
	time.sleep(2)
	return harness.voluntary_switches(s.pid) - before


def case_on_demand(s):
	check(not ours(s), 'no Xwayland before the first X client')
	check(not maps_xcb(s), 'picowl maps the xcb libraries before the first X client')
	w = idle_wakeups(s)
	check(w == 0, 'picowl woke %d times in 2 s listening on the X display' % w)
	log('before the first X client: no Xwayland, no xcb library mapped, no wakeup in 2 s')
	before = harness.status_kib(s.pid, 'VmRSS')
	pid = spawn_xterm(s)
	first = ours(s)
	check(len(first) == 1, 'one Xwayland for the first X client: %s' % first)
	check(maps_xcb(s), 'the window manager (picowl-xwm.so, libxcb) loaded for the first client')
	s.wait_until(lambda i: session.mostly(i, (20, 60, s.width - 40, s.height - 100), WHITE),
		     "xterm's white in its tile")
	during = {name: harness.status_kib(p, 'VmRSS')
		  for name, p in (('picowl', s.pid), ('Xwayland', first[0]), ('xterm', pid))}
	os.kill(pid, signal.SIGTERM)
	harness.poll(lambda: not os.path.exists('/proc/%d' % first[0]),
		     'Xwayland %d gone after the idle timeout' % first[0], timeout=IDLE + 10)
	after = harness.status_kib(s.pid, 'VmRSS')
	log('Xwayland %d started by xterm, gone after the last X client left' % first[0])
	log('RSS: picowl %d kB before the first X client; with one xterm picowl %d, Xwayland %d, '
	    'xterm %d kB (%d in all); picowl %d kB once Xwayland stopped (%+d: the module stays '
	    'loaded, 4.70), the %d kB of Xwayland and xterm back'
	    % (before, during['picowl'], during['Xwayland'], during['xterm'], sum(during.values()),
	       after, after - before, during['Xwayland'] + during['xterm']))
	if not harness.sanitized(s.pid):
		check(after <= before + 1024, 'picowl kept %d kB more once Xwayland stopped (bound: '
		      'the module and 1 MiB)' % (after - before))
	w = idle_wakeups(s)
	check(w == 0, 'picowl woke %d times in 2 s with Xwayland stopped' % w)
	log('Xwayland stopped: no wakeup in 2 s')
	spawn_xterm(s)
	again = ours(s)
	check(len(again) == 1 and again != first, 'a new Xwayland for the next X client: %s' % again)
	log('the next X client started Xwayland %d' % again[0])


def case_killed(s):
	spawn_xterm(s)
	first = ours(s)
	os.kill(first[0], signal.SIGKILL)
	harness.poll(lambda: not windows(s), 'the X tile goes with Xwayland')
	s.check_alive('after Xwayland was killed')
	spawn_xterm(s)
	again = ours(s)
	check(again and again != first, 'a new Xwayland after the killed one: %s' % again)
	log('picowl lived Xwayland %d killed; the next xterm started %d' % (first[0], again[0]))


def display_env(s):
	out = os.path.join(s.dir, 'display')
	session.ctl(s, 'spawn', 'sh', '-c', 'echo "$DISPLAY" > %s' % out)
	harness.poll(lambda: os.path.exists(out) and open(out).read().endswith('\n'), 'DISPLAY written')
	return open(out).read().strip()


def free_display():
	n = 0
	while os.path.exists('/tmp/.X%d-lock' % n):
		n += 1
	return n


def case_display_taken(args):
	# Another server's display: its lock naming a live process (us) and its abstract socket.
	n = free_display()
	lock = '/tmp/.X%d-lock' % n
	fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
	os.write(fd, b'%10d\n' % os.getpid())
	os.close(fd)
	held = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
	try:
		held.bind('\0/tmp/.X11-unix/X%d' % n)
		held.listen(1)
		with start(args) as s:
			display = display_env(s)
			check(display and display != ':%d' % n, 'DISPLAY %r avoids the taken :%d' % (display, n))
			spawn_xterm(s)
			log(':%d taken by another server: picowl took %s and xterm maps there' % (n, display))
	finally:
		held.close()
		os.unlink(lock)


def x_client(s, *argv):
	env = {'DISPLAY': display_env(s)}
	c = s.spawn([s.args.xclient] + list(argv), name='xclient', env=env)
	harness.poll(lambda: 'ready' in c.stdout() or c.proc.poll() is not None, 'xclient ready',
		     timeout=60)
	check('ready' in c.stdout(), 'xclient %s failed' % ' '.join(argv))
	return c


def case_override_redirect(s):
	x_client(s, 'or-late' if s.args.case.endswith('late') else 'or', '30', '40', '60', '50')
	W, H = s.width, s.height

	def shown(img):
		return (session.mostly(img, (34, 44, 52, 42), (255, 0, 0))
			and session.mostly(img, (20, 120, W - 40, H - 140), WHITE))

	s.wait_until(shown, 'the override-redirect window red at 30,40 over the white tile')
	check(len(windows(s)) == 1, 'the menu is no tile: %s' % windows(s))
	log('an override-redirect window shows at its X position, above its tile, as no tile')


HINTS = {'hints-min-above-max': ('300', '300', '100', '100'), 'hints-zero': ('0', '0', '0', '0'),
	 'hints-huge': ('100000', '100000', '100000', '100000')}


def case_hints(s):
	sizes = HINTS[s.args.case]
	x_client(s, 'hints', *sizes)
	W, H = s.width, s.height
	# Square minima above the tile's width are obeyed up to 1024 and scaled to fit (4.71):
	# the window's white fills the tile's width, at least its top 220 rows.
	s.wait_until(lambda i: session.mostly(i, (20, 20, W - 40, 200), WHITE),
		     'the window with min %sx%s max %sx%s fills its tile' % sizes)
	s.check_alive('after size hints %s' % ' '.join(sizes))
	log('size hints min %sx%s max %sx%s: the window tiles, picowl lives' % sizes)


def xprop(s, display, *argv):
	r = subprocess.run(['xprop'] + list(argv), env=s.client_env({'DISPLAY': display}),
			   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=20)
	return r.stdout.decode(errors='replace')


def case_fullscreen(s):
	W, H = s.width, s.height
	display = display_env(s)
	spawn_xterm(s, '-fullscreen')
	whole = (0, 0, W, H)
	# The bottom rows and right columns: xterm's white there, a tile's border is not.
	s.wait_until(lambda i: i.all_close((0, H - 2, W, 2), WHITE) and
		     i.all_close((W - 2, 0, 2, H), WHITE) and session.mostly(i, whole, WHITE),
		     'xterm -fullscreen covers the output, no border')
	check('fullscreen' in windows(s)[0][1], 'picowl-ctl windows: %s' % windows(s))
	active = xprop(s, display, '-root', '_NET_ACTIVE_WINDOW').split()[-1]
	check(active.startswith('0x'), '_NET_ACTIVE_WINDOW names the xterm: %s' % active)
	state = xprop(s, display, '-id', active, '_NET_WM_STATE')
	check('_NET_WM_STATE_FULLSCREEN' in state, 'its _NET_WM_STATE: %s' % state.strip())
	log('xterm -fullscreen: the whole output, _NET_ACTIVE_WINDOW %s, fullscreen state' % active)
	session.ctl(s, 'action', 'fullscreen')
	s.wait_until(lambda i: not i.all_close((0, H - 1, W, 1), WHITE), 'a tile again, with its border')
	harness.poll(lambda: '_NET_WM_STATE_FULLSCREEN' not in
		     xprop(s, display, '-id', active, '_NET_WM_STATE'), 'the state cleared for X')
	log('the fullscreen action ends it: a tile, _NET_WM_STATE cleared')


def case_ltris(s):
	# SDL 1.2 (no Wayland driver): a fixed 640x480 window, its minimum; picowl gives it that
	# size and scales it to fit the tile (4.50, 4.71): 236 wide, 177 high at the content's top.
	W = s.width
	session.ctl(s, 'spawn', '/usr/games/ltris')
	harness.poll(lambda: any(w[2:3] == ['ltris'] for w in windows(s)), 'ltris is a window')
	game = (2, 2, W - 4, 170)
	img = s.wait_until(lambda i: harness.distinct_colours(i, game) > 50,
			   'ltris draws its menu, scaled into the tile')
	log('ltris (SDL 1.2) maps as a tile and draws: %d colours'
	    % harness.distinct_colours(img, game))
	before = img.region_bytes(game)
	session.ctl(s, 'inject', 'key', 'Down')
	s.wait_until(lambda i: i.region_bytes(game) != before, 'ltris answers a key (its menu moves)')
	log('ltris takes keys: Down moves its menu')


def bridge(s, display, primary):
	"""One selection both ways: CLIPBOARD with wl-copy/wl-paste, or PRIMARY with --primary."""
	name, flag = ('PRIMARY', ['--primary']) if primary else ('CLIPBOARD', [])
	c = x_client(s, 'copy', 'copied in X', name)

	def wl_paste():
		return subprocess.run(['wl-paste', '--no-newline'] + flag, env=s.client_env(),
				      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=20).stdout

	# picowl learns of the new owner from XFixes, after the client's own reply.
	harness.poll(lambda: wl_paste() == b'copied in X', 'wl-paste reads the X %s' % name)
	log("an X client's %s arrives through wl-paste %s" % (name, ' '.join(flag)))
	s.spawn(['wl-copy', '--foreground'] + flag + ['copied in Wayland'], name='wl-copy')

	def pasted():
		r = subprocess.run([s.args.xclient, 'paste', name],
				   env=s.client_env({'DISPLAY': display}), stdout=subprocess.PIPE,
				   stderr=subprocess.DEVNULL, timeout=20)
		return r.stdout

	harness.poll(lambda: pasted() == b'copied in Wayland', "wl-copy's text pasted in X")
	log("wl-copy %s's text arrives as the X %s" % (' '.join(flag), name))
	c.proc.kill()


def case_clipboard(s):
	display = display_env(s)
	bridge(s, display, False)
	bridge(s, display, True)


def case_xterm_clipboard(s):
	"""As a person copies: a double click on a word in xterm (selectToClipboard: the selection
	is the CLIPBOARD), wl-paste reads it; wl-copy's command line, Shift+Insert in xterm, pastes
	it and it runs."""
	W, H = s.width, s.height
	spawn_xterm(s, '-xrm', 'XTerm*selectToClipboard: true', '-e', 'sh', '-c',
		    'echo wordtocopy; exec sh')
	black = (0, 0, 0)

	def word(img):
		"""The first text row's dark pixels: (x0, x1, y) of the word's extent, or None."""
		for y in range(4, H // 4):
			xs = [x for x in range(4, W - 4) if harness.rgb_close(img.px(x, y), black, tol=60)]
			if len(xs) >= 8:
				return xs[0], xs[-1], y
		return None

	img = s.wait_until(lambda i: session.mostly(i, (20, 60, W - 40, H - 100), WHITE)
			   and word(i), "xterm shows the word")
	x0, x1, y = word(img)
	x, y = (x0 + x1) // 2, y + 2
	session.ctl(s, 'inject', 'pointer', 'motion', str(x), str(y))
	session.ctl(s, 'inject', 'pointer', 'click')
	session.ctl(s, 'inject', 'pointer', 'click')

	def wl_paste():
		return subprocess.run(['wl-paste', '--no-newline'], env=s.client_env(),
				      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=20).stdout

	harness.poll(lambda: wl_paste() == b'wordtocopy', 'wl-paste reads the word double-clicked '
		     'in xterm')
	log('a double click at %d,%d selects "wordtocopy" in xterm; wl-paste reads it' % (x, y))
	target = os.path.join(s.dir, 'pasted')
	# The line ends in its newline: xterm asks the owner for the text and goes on, so a Return
	# typed after Shift+Insert may reach the shell before the paste does.
	command = 'touch %s\n' % target
	s.spawn(['wl-copy', '--foreground', command], name='wl-copy')
	harness.poll(lambda: wl_paste() == command.encode(), 'wl-copy owns the clipboard')
	session.ctl(s, 'inject', 'key', 'shift+Insert')
	harness.poll(lambda: os.path.exists(target), "wl-copy's command pasted into xterm ran")
	log("wl-copy's text pasted into xterm by Shift+Insert: the command ran")


BAR_H = 16  # picowl's default [panel] height


def case_panel_close(s):
	"""The panel's close button, tapped, reaches xterm as WM_DELETE_WINDOW: xterm ends."""
	W, H = s.width, s.height
	before = s.screenshot().region_bytes((40, 0, W - 88, BAR_H))
	pid = spawn_xterm(s, '-e', 'sh')
	s.wait_until(lambda i: session.panel_shown(i, (0, 0, W, BAR_H))
		     and session.mostly(i, (20, 60, W - 40, H - 100), WHITE)
		     and i.region_bytes((40, 0, W - 88, BAR_H)) != before,
		     "the panel over xterm's tile, showing its title")
	session.touch(s, 'tap', W - 12, BAR_H // 2)
	harness.poll(lambda: not windows(s), "the panel's close ended the xterm", timeout=10)
	def ended():
		try:
			with open('/proc/%d/stat' % pid) as f:
				return f.read().rsplit(')', 1)[1].split()[0] in 'ZX'
		except OSError:
			return True

	harness.poll(ended, 'the xterm process exited', timeout=10)
	s.check_alive("after the panel's close of an X window")
	log("a tap on the panel's close: xterm got WM_DELETE_WINDOW and ended")


def case_long_title(s):
	x_client(s, 'title', '1000000')
	# picowl keeps 1 KiB of it (4.71); picowl-ctl shows the start of a title.
	harness.poll(lambda: any(len(w) > 3 and w[3].startswith('a' * 100) for w in windows(s)),
		     'the long title arrives')
	s.check_alive('after a 1 MB title')
	log('a 1 MB title: shown, picowl lives')


def case_destroy_while_map(s):
	x_client(s, 'destroy-while-map', '200')
	W, H = s.width, s.height
	s.wait_until(lambda i: session.mostly(i, (20, 20, W - 40, H - 40), (0, 255, 0)),
		     'the window that stays fills the output')
	check(len(windows(s)) == 1, 'one window left: %s' % windows(s))
	s.check_alive('after 200 windows destroyed while mapping')
	log('200 windows destroyed while mapping: picowl lives, the one that stays is shown')


def case_transient_loop(s):
	x_client(s, 'transient-loop')
	# The first mapped is a tile, the other its dialog (4.51), centred over it: no loop.
	W, H = s.width, s.height
	white, black = (255, 255, 255), (0, 0, 0)

	def both(img):
		corner, centre = img.px(20, 20), img.px(W // 2, H // 2)
		return {tuple(corner), tuple(centre)} == {white, black}

	s.wait_until(both, 'a tile of one window and the other floating over its centre')
	check(len(windows(s)) == 1, 'one tile: %s' % windows(s))
	s.check_alive('after a WM_TRANSIENT_FOR loop')
	log('a WM_TRANSIENT_FOR loop: one window a tile, the other a dialog over it; picowl lives')


X_DIALOG_ENV = {'GDK_BACKEND': 'x11', 'NO_AT_BRIDGE': '1', 'GTK_THEME': 'Adwaita',
		'GSETTINGS_BACKEND': 'memory'}


def case_x_dialog(s):
	"""zenity (GTK3 on X11) attached to an xterm by --attach, which sets WM_TRANSIENT_FOR."""
	W, H = s.width, s.height
	display = display_env(s)
	spawn_xterm(s, '-T', 'parentwin', '-e', 'sh')
	s.wait_until(lambda i: session.mostly(i, (20, 40, W - 40, H - 60), WHITE),
		     "xterm's white fills the tile")
	out = subprocess.run(['xwininfo', '-name', 'parentwin'],
			     env=s.client_env({'DISPLAY': display}), stdout=subprocess.PIPE,
			     stderr=subprocess.STDOUT, timeout=20).stdout.decode(errors='replace')
	wid = [w for w in out.split() if w.startswith('0x')]
	check(wid, 'xwininfo found no window "parentwin":\n%s' % out)
	z = s.spawn(['zenity', '--question', '--attach=' + wid[0], '--text', 'Go on?'], 'zenity',
		    env=dict(X_DIALOG_ENV, DISPLAY=display))
	content = harness.content_box((0, 0, W, H))
	img = s.wait_until(lambda i: len(session.gtk_buttons(i, content)) == 2,
			   'the X dialog shows two buttons', timeout=40)
	time.sleep(0.5)  # drawn whole
	img = s.screenshot(save='x-dialog.ppm')
	found = session.gtk_buttons(img, content)
	check(len(found) == 2, "zenity's buttons: %s" % found)
	middle = (found[0][0] + found[1][0]) // 2
	check(abs(middle - W // 2) <= 24, 'the dialog is not centred over the tile: its buttons '
	      'at %s' % found)
	check(session.mostly(img, (4, H - 24, W - 8, 16), WHITE, 0.5) or
	      session.mostly(img, (4, 24, W - 8, 16), WHITE, 0.5),
	      "xterm's white is nowhere beside the dialog: it took the tile")
	check([w[2] for w in windows(s)] == ['XTerm'], 'the dialog took a tile: %s' % windows(s))
	log('an X dialog (zenity --attach, WM_TRANSIENT_FOR) floats centred over its xterm, '
	    'buttons at %s, and takes no tile' % found)
	session.touch(s, 'tap', *found[1])
	s.poll(lambda: not z.alive(), 'zenity exits after a tap on Yes', timeout=10)
	status = z.wait(5)
	check(status == 0, 'zenity exited %s after a tap on Yes, not 0' % status)
	log('a tap on its Yes button: zenity exits 0')


def case_many_windows(s):
	c = x_client(s, 'many', '10000')
	first = ours(s)
	# Debian 12's Xwayland ends itself in the burst (its libwayland-client cannot queue the
	# buffers' descriptors: DESIGN 6); picowl must live and start the next one.
	harness.poll(lambda: len(windows(s)) == 10000 or c.proc.poll() is not None,
		     '10,000 windows listed, or Xwayland gone', timeout=90)
	s.check_alive('after 10,000 windows')
	n = len(windows(s))
	if c.proc.poll() is not None:
		harness.poll(lambda: not windows(s), 'the X tiles go with Xwayland')
		spawn_xterm(s)
		check(ours(s) and ours(s) != first, 'a new Xwayland after the burst: %s' % ours(s))
		log('10,000 X windows: Xwayland ended itself; picowl lives, the next X client maps')
	else:
		log('10,000 X windows: %d listed, picowl lives' % n)


def run():
	def more(p):
		p.add_argument('--case', required=True)
		p.add_argument('--xclient', required=True)
	args = session.parse_args_with(more)
	harness.need('/usr/bin/Xwayland', 'Xwayland', 'xwayland')
	harness.need('/usr/bin/xterm', 'xterm', 'xterm')
	if args.case == 'display-taken':
		case_display_taken(args)
		return
	cases = {**{name: case_hints for name in HINTS},
		 'xterm': case_xterm, 'on-demand': case_on_demand, 'killed': case_killed,
		 'long-title': case_long_title, 'clipboard': case_clipboard, 'ltris': case_ltris,
		 'fullscreen': case_fullscreen, 'override-redirect': case_override_redirect,
		 'override-redirect-late': case_override_redirect,
		 'destroy-while-map': case_destroy_while_map, 'transient-loop': case_transient_loop,
		 'many-windows': case_many_windows, 'x-dialog': case_x_dialog,
		 'xterm-clipboard': case_xterm_clipboard, 'panel-close': case_panel_close}
	with start(args) as s:
		cases[args.case](s)


if __name__ == '__main__':
	harness.main(run)
