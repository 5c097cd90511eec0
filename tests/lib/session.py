"""Shared by the session tests: options, the panel's colours, tile geometry, picowl-ctl, test
clients and touches."""

import contextlib
import os
import subprocess

import harness
from harness import check

# picowl-panel's default background, as it shows through RGB565.
PANEL_BG = (0x20, 0x30, 0x40)


def parse_args():
	return parse_args_with(None)


def parse_args_with(more):
	"""parse_args with the options `more(parser)` adds."""
	def extra(p):
		p.add_argument('--ctl', required=True)
		p.add_argument('--panel', required=True)
		if more:
			more(p)
	args = harness.parse_args(extra)
	# picowl's children find picowl-panel and picowl-ctl by name, as on a device.
	dirs = [os.path.dirname(os.path.abspath(args.panel)), os.path.dirname(os.path.abspath(args.ctl))]
	os.environ['PATH'] = ':'.join(dirs + [os.environ.get('PATH', '/usr/bin:/bin')])
	return args


def parse_typist_args(name, package):
	"""The virtual keyboard tests' options: --client (vmclient) and --typist, the program
	`name` of the Debian package `package`. Returns the options, the client and the typist."""
	def add(p):
		p.add_argument('--client', required=True)
		p.add_argument('--typist', default='')
	args = parse_args_with(add)
	client = harness.need(args.client, 'vmclient', '(built by meson)')
	return args, client, harness.need(args.typist, name, package)


def ctl(session, *argv, check_status=True):
	"""Runs picowl-ctl against the session; returns its stdout."""
	r = subprocess.run([session.args.ctl] + list(argv), env=session.client_env(),
			   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
			   timeout=20)
	if check_status:
		check(r.returncode == 0, 'picowl-ctl %s: status %d: %s'
		      % (' '.join(argv), r.returncode, r.stderr.decode(errors='replace').strip()))
	return r.stdout.decode(errors='replace')


def windows(session):
	"""picowl-ctl windows: each window's id, flags (focused, hidden...), app_id and title."""
	rows = [l.split('\t') for l in ctl(session, 'windows').splitlines() if l]
	return [{'id': r[0], 'flags': r[1], 'app_id': r[2], 'title': r[3] if len(r) > 3 else ''}
		for r in rows]


def touch(session, what, x, y):
	"""One touch event (down, motion, up, tap) at x, y through picowl-ctl's test hook."""
	ctl(session, 'inject', 'touch', what, str(x), str(y))


def centre(box):
	"""The centre (x, y) of a box (x, y, w, h)."""
	return box[0] + box[2] // 2, box[1] + box[3] // 2


def spawn_drawn(session, client, name='vmclient', state_name='client.state', env=None):
	"""Starts a test client that takes a state file (CLIENT STATE_FILE: vmclient), with the file
	empty in the session's directory, and waits until it says "drawn". Returns the file's path."""
	state = os.path.join(session.dir, state_name)
	open(state, 'w').close()
	session.spawn([client, state], name, env=env)
	session.poll(lambda: 'drawn' in open(state).read(), 'the client draws')
	return state


@contextlib.contextmanager
def socket_open_to_all(session):
	"""Lets every user reach the session's socket within the block, for the checks run as
	another user (nobody)."""
	os.chmod(session.dir, 0o711)
	os.chmod(session.runtime, 0o711)
	os.chmod(os.path.join(session.runtime, session.socket), 0o777)
	try:
		yield
	finally:
		os.chmod(session.dir, 0o700)
		os.chmod(session.runtime, 0o700)


def tiles_in(area, n):
	"""The layout's boxes (x, y, w, h) of n <= 2 tiles in area, portrait stacking."""
	x, y, w, h = area
	if n == 1:
		return [area]
	if h >= w:
		h1 = h // 2
		return [(x, y, w, h1), (x, y + h1, w, h - h1)]
	w1 = w // 2
	return [(x, y, w1, h), (x + w1, y, w - w1, h)]


def mostly(img, box, rgb, share=0.8):
	x, y, w, h = box
	return img.count_close(box, rgb) >= share * w * h


def panel_shown(img, box):
	"""The panel's background fills most of box (its text is small)."""
	return mostly(img, box, PANEL_BG, 0.6)


def write_foot_config(session, bg=harness.FOOT_BG):
	"""foot's own config in the session's XDG_CONFIG_HOME: what an autostarted foot reads."""
	d = os.path.join(session.home, '.config', 'foot')
	os.makedirs(d, exist_ok=True)
	with open(os.path.join(d, 'foot.ini'), 'w') as f:
		f.write('[main]\nfont=monospace:size=6\nshell=/bin/sh\n\n'
			'[colors]\nbackground=%s\nforeground=%s\nalpha=1.0\n\n[cursor]\nblink=no\n'
			% (bg, bg))


GTK_EDGE = (206, 199, 198)  # Adwaita's button border, as it shows through RGB565


def _gtk_edge_runs(img, box):
	"""For each column of box, its longest run of GTK_EDGE pixels: {x: (length, y_end)}."""
	x0, y0, w, h = box
	runs = {}
	for x in range(x0, x0 + w):
		run, best = 0, (0, 0)
		for y in range(y0, y0 + h):
			run = run + 1 if harness.rgb_close(img.px(x, y), GTK_EDGE, tol=10) else 0
			best = max(best, (run, y))
		runs[x] = best
	return runs


def gtk_buttons(img, box):
	"""The centres (x, y), left to right, of the GTK (Adwaita) buttons in box, from their edges
	(GTK draws each button's left and right edges as columns of one grey): columns with a run
	of 15 or more GTK_EDGE pixels, neighbours merged, taken in pairs."""
	runs = _gtk_edge_runs(img, box)
	edges = []
	for x in sorted(runs):
		length, y_end = runs[x]
		if length < 15:
			continue
		if edges and x - edges[-1][0] <= 2:
			continue
		edges.append((x, length, y_end))
	found = []
	for i in range(0, len(edges) - 1, 2):
		(xl, length, y_end), (xr, _, _) = edges[i], edges[i + 1]
		found.append(((xl + xr) // 2, y_end - length // 2))
	return found
