"""The real doomgeneric engine with picowl's platform layer (doomgeneric-picowl, built with
-Ddoomgeneric=PATH) under picowl headless, RGB565: freedoom's `-timedemo demo1` completes and
its fps is read (the engine's "timed N gametics in N realtics (F fps)"), and a screenshot taken
after the last frame equals, pixel for pixel in RGB565, the buffer the layer presented last as
the game dumped it (-dump-last-frame: the engine's last frame as the layer scaled it).

One phase a run (--phase), each with its own present options:
  tile-portrait         240x320, the game in tile 2 below weston-simple-shm (238x158)
  tile-portrait-fifo    the same with -presentmode fifo: paced by wp_fifo_v1 and
                        wp_commit_timer_v1, no frame callbacks (decision 4.97)
  fullscreen-portrait   240x320, -fullscreen (the frame sampled down to 240x150)
  tile-landscape        320x240, the game in tile 2 right of weston-simple-shm (158x238)
  fullscreen-landscape  320x240, -fullscreen (the frame at factor 1, centred)
  tile-rotate90         240x320 --rotate 90 (320x240 logical), in tile 2
  fullscreen-rotate90   240x320 --rotate 90, -fullscreen: the buffer drawn turned to the
                        display (-buffer-transform auto, wl_output transform 270)
  fullscreen-rotate90-unturned  the same with -buffer-transform off: picowl rotates it
  damage-rotate90       -playdemo demo1 fullscreen at 240x320 --rotate 90 with -damage rows,
                        under --damage auto (the default) and rows: per commit, auto moves at
                        most 1.1 times the bytes the game damaged (its rows are display
                        columns there), rows more (the counters and -dgstats); auto holds for
                        the game's buffer turned and not (-buffer-transform off)
  covered               -playdemo demo1 in a tile, then the same with a fullscreen client over
                        it (no frame callbacks): the game keeps its tic rate, within 10 %,
                        in each present mode (fifo: picowl releases the held commits of a
                        covered window at its refresh ticks)
Python 3 standard library only.
"""

import os
import re
import signal
import sys
import time

import harness
from harness import check, log

HERE = os.path.dirname(os.path.abspath(__file__))

# name: (--size, --rotate, fullscreen, the game's present options, the buffer transform of its
# last configure)
PHASES = {
	'tile-portrait': ('240x320', 0, False, [], 0),
	'tile-portrait-fifo': ('240x320', 0, False, ['-presentmode', 'fifo'], 0),
	'fullscreen-portrait': ('240x320', 0, True,
				['-present-direct', '-presentmode', 'new', '-damage', 'rows'], 0),
	'tile-landscape': ('320x240', 0, False, ['-present-direct', '-presentmode', 'new'], 0),
	'fullscreen-landscape': ('320x240', 0, True, [], 0),
	'tile-rotate90': ('240x320', 90, False, ['-damage', 'rows'], 0),
	'fullscreen-rotate90': ('240x320', 90, True, ['-presentmode', 'new', '-damage', 'rows'], 3),
	'fullscreen-rotate90-unturned': ('240x320', 90, True,
					 ['-present-direct', '-damage', 'rows', '-buffer-transform', 'off'],
					 0),
}
TRANSFORM = re.compile(r'picowl-dg: buffer .*, transform (\d)$', re.M)

# demo1 is about 1,500 tics: some 26 s when the frames are paced at 60 Hz (-presentmode old)
TIMEDEMO_TIMEOUT = 120
TIMED = re.compile(r'timed (\d+) gametics in (\d+) realtics \(([0-9.]+) fps\)')
# In a sanitized build (.ci/run's second phase) the engine, third-party code, reports undefined
# behaviour of its own (shifts of negative values, its visplanes' padding columns): the game
# goes on past those, and fails the test only for a report in picowl's files.
GAME_ENV = {'UBSAN_OPTIONS': 'halt_on_error=0:print_stacktrace=0'}
OUR_FILES = ('clients/doomgeneric/', 'clients/common/')


def parse_args():
	def extra(p):
		p.add_argument('--phase', required=True,
			       choices=sorted(PHASES) + ['covered', 'damage-rotate90'])
		p.add_argument('--game', required=True)
		p.add_argument('--load', default='')
	return harness.parse_args(extra)


def read_dump(path):
	"""(width, height, [(r5, g6, b5)] row by row) of a -dump-last-frame file."""
	with open(path, 'rb') as f:
		blob = f.read()
	end = blob.index(b'\n')
	magic, w, h, fmt = blob[:end].decode().split()
	check(magic == 'picowl-dg-frame', 'not a frame dump: %r' % blob[:end])
	w, h = int(w), int(h)
	data = blob[end + 1:]
	bpp = 2 if fmt == 'rgb565' else 4
	check(len(data) == w * h * bpp, 'frame dump of %d bytes for %dx%d %s'
	      % (len(data), w, h, fmt))
	px = []
	for i in range(0, len(data), bpp):
		v = int.from_bytes(data[i:i + bpp], sys.byteorder)
		if bpp == 2:
			px.append((v >> 11, (v >> 5) & 63, v & 31))
		else:
			px.append((v >> 19 & 31, v >> 10 & 63, v >> 3 & 31))
	return w, h, px


def frame_problems(img, box, dump):
	"""Where the screenshot's box differs from the dumped buffer (RGB565 bits), at most 5."""
	w, h, want = dump
	x0, y0, bw, bh = box
	if (bw, bh) != (w, h):
		return ['the dump is %dx%d, the box %s' % (w, h, box)]
	problems = []
	differ = 0
	for y in range(h):
		row = img.data[((y0 + y) * img.width + x0) * 3:((y0 + y) * img.width + x0 + w) * 3]
		for x in range(w):
			got = (row[3 * x] >> 3, row[3 * x + 1] >> 2, row[3 * x + 2] >> 3)
			if got != want[y * w + x]:
				differ += 1
				if len(problems) < 5:
					problems.append('pixel (%d,%d) of the box is %s in RGB565, the dump %s'
							% (x, y, got, want[y * w + x]))
	if differ:
		problems.append('%d of %d pixels differ' % (differ, w * h))
	return problems


def run(args):
	size, rotation, fullscreen, options, transform = PHASES[args.phase]
	game = harness.need(args.game, 'doomgeneric-picowl', '(configure with -Ddoomgeneric=PATH)')
	iwad = harness.need(args.iwad, 'freedoom1.wad', 'freedoom')
	w, h = (int(v) for v in size.split('x'))
	lw, lh = (h, w) if rotation % 180 else (w, h)
	extra = ['--rotate', str(rotation)] if rotation else []
	with harness.Session(args, size=size, fmt='rgb565', extra_args=extra) as s:
		s.width, s.height = lw, lh	# grim's screenshots are of the logical output
		if fullscreen:
			box = (0, 0, lw, lh)
			options = options + ['-fullscreen']
		else:
			shm = harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
			tiles = harness.tile_boxes(2, lw, lh)
			s.spawn([shm], 'weston-simple-shm')
			# alone it has the whole output, scaled to fit (4.50); tile 1 once the game maps
			alone = harness.content_box(harness.tile_boxes(1, lw, lh)[0])
			s.wait_for(lambda img: harness.shm_problems(img, alone),
				   'weston-simple-shm shows in its tile', timeout=30)
			box = harness.content_box(tiles[1])
		dump = os.path.join(s.dir, 'last-frame.dump')
		cmd = [game, '-iwad', iwad, '-timedemo', 'demo1', '-nogui', '-nosound', '-dgstats',
		       '-dump-last-frame', dump] + options
		t0 = time.monotonic()
		g = s.spawn(cmd, 'doomgeneric-picowl', env=dict(GAME_ENV, PICOWL_DG_DEBUG='1'))
		harness.poll(lambda: os.path.exists(dump) or not g.alive(), 'the timedemo ends',
			     timeout=TIMEDEMO_TIMEOUT, interval=0.1)
		took = time.monotonic() - t0
		err = g.stderr()
		check(os.path.exists(dump), 'the game exited (status %s) without its frame dump:\n%s'
		      % (g.proc.returncode, err[-3000:]))
		m = TIMED.search(err)
		check(m, 'no "timed N gametics in N realtics" from the engine:\n%s' % err[-3000:])
		gametics, realtics, fps = int(m.group(1)), int(m.group(2)), float(m.group(3))
		check(gametics > 1000 and realtics > 0, 'the timedemo: %s' % m.group(0))
		log('%s: timed %d gametics in %d realtics: %.1f fps (%.1f s from start to dump; %s)'
		    % (args.phase, gametics, realtics, fps, took, ' '.join(options) or 'defaults'))
		for line in err.splitlines():
			if line.startswith('picowl-dg:'):
				log(line)
		turns = TRANSFORM.findall(err)
		check(turns and int(turns[-1]) == transform, 'the game drew its last buffers with '
		      'transform %s, not %d' % (turns[-1] if turns else 'none', transform))
		ours = [line for line in err.splitlines() if any(f in line for f in OUR_FILES)
			and ('runtime error' in line or 'Sanitizer' in line)]
		check(not ours, 'sanitizer reports in the platform layer:\n%s' % '\n'.join(ours[:10]))
		frame = read_dump(dump)
		img = s.wait_for(lambda img: frame_problems(img, box, frame),
				 'the screen shows the game\'s last frame in %s' % (box,), timeout=10)
		colours = len(set(frame[2]))
		check(colours > 30, 'the last frame has %d colours: not a picture of the game' % colours)
		if not fullscreen:
			check(not harness.shm_problems(img, harness.content_box(tiles[0])),
			      'weston-simple-shm lost its tile: %s'
			      % harness.shm_problems(img, harness.content_box(tiles[0])))
		s.check_alive('after the timedemo')
		log('the screen\'s %dx%d box at %d,%d equals the game\'s last frame (%d colours), '
		    'pixel for pixel in RGB565' % (box[2], box[3], box[0], box[1], colours))

TICS = re.compile(r'picowl-dg: (\d+) game tics in ([0-9.]+) ms: ([0-9.]+) tics a second')
COVERED = re.compile(r'(\d+) covered;')
# How long each run plays the demo: some 240 tics at the game's 35 a second. The level's
# opening screen wipe, about a second without tics, is in every run's window alike.
PLAY_S = 8.0


def covered_problems(img):
	"""picowl-load's first frame, a grey-blue checkerboard of 16x16 squares, over the game's
	tile and its border at the top-left corner."""
	problems = []
	for x, y in ((0, 0), (8, 8), (20, 4)):
		r, g, b = img.px(x, y)
		if not (abs(r - g) <= 4 and 0x18 <= b - r <= 0x28):
			problems.append('pixel (%d,%d) is %s, not picowl-load\'s checkerboard'
					% (x, y, (r, g, b)))
	return problems


def play(s, game, iwad, options, cover):
	"""(tics a second, frames drawn while covered) of one run of -playdemo for PLAY_S."""
	cmd = [game, '-iwad', iwad, '-playdemo', 'demo1', '-nogui', '-nosound', '-dgstats'] + options
	g = s.spawn(cmd, 'doomgeneric-picowl', env=dict(GAME_ENV, PICOWL_DG_DEBUG='1'))
	harness.poll(lambda: 'picowl-dg: buffer' in g.stderr() or not g.alive(),
		     'the game is configured', timeout=30, interval=0.05)
	cover_client = None
	if cover:
		cover_client = s.spawn(cover, 'picowl-load')
		s.wait_for(covered_problems, 'the fullscreen client covers the output', timeout=30)
	time.sleep(PLAY_S)
	check(g.alive(), 'the game ended early:\n%s' % g.stderr()[-2000:])
	os.kill(g.proc.pid, signal.SIGTERM)
	status = g.wait(30)
	if cover_client:
		cover_client.proc.terminate()
		cover_client.wait(10)
	err = g.stderr()
	check(status == 0, 'the game exited with %s after SIGTERM:\n%s' % (status, err[-2000:]))
	m = TICS.search(err)
	check(m, 'no "game tics" line from -dgstats:\n%s' % err[-2000:])
	c = COVERED.search(err)
	return float(m.group(3)), int(c.group(1)) if c else 0


def run_covered(args):
	game = harness.need(args.game, 'doomgeneric-picowl', '(configure with -Ddoomgeneric=PATH)')
	iwad = harness.need(args.iwad, 'freedoom1.wad', 'freedoom')
	load = harness.need(args.load, 'picowl-load', '(the build\'s clients/picowl-load)')
	cover = [load, '--fullscreen', '--damage', 'none', '--rate', '10']
	with harness.Session(args, size='240x320', fmt='rgb565',
			     extra_args=['--test-hooks']) as s:
		for mode in ('old', 'new', 'fifo'):
			options = ['-presentmode', mode]
			shown, covered_shown = play(s, game, iwad, options, None)
			hidden, covered_hidden = play(s, game, iwad, options, cover)
			log('-presentmode %s: %.2f tics a second shown, %.2f covered (%d frames drawn '
			    'while covered)' % (mode, shown, hidden, covered_hidden))
			check(shown > 25, '-presentmode %s: %.2f tics a second shown; the game runs at 35'
			      ' (less its opening wipe)' % (mode, shown))
			check(abs(hidden - shown) <= 0.1 * shown, '-presentmode %s: %.2f tics a second '
			      'covered against %.2f shown: more than 10 %% apart' % (mode, hidden, shown))
			if mode == 'old':
				check(covered_hidden > 0 and covered_shown == 0,
				      'old mode counted %d frames covered while shown, %d while covered'
				      % (covered_shown, covered_hidden))

ROWS_DAMAGED = re.compile(r'picowl-dg: (\d+) commits, .*?; ([0-9.]+) rows damaged a commit')
BUFFER = re.compile(r'picowl-dg: buffer \d+x\d+ \w+, frame \d+x\d+ at -?\d+,-?\d+ as (\d+)x(\d+)')


def damage_run(args, game, iwad, mode, turn='auto'):
	"""(bytes picowl moved per commit, bytes the game damaged per commit) of PLAY_S of
	-playdemo at --rotate 90, fullscreen, -damage rows, -buffer-transform `turn`, picowl under
	--damage `mode`."""
	s = harness.Session(args, size='240x320', fmt='rgb565',
			    extra_args=['--rotate', '90', '--damage', mode])
	counters = os.path.join(s.dir, 'counters.txt')
	s.extra_args += ['--counters', counters]
	with s:
		cmd = [game, '-iwad', iwad, '-playdemo', 'demo1', '-nogui', '-nosound', '-dgstats',
		       '-fullscreen', '-damage', 'rows', '-buffer-transform', turn]
		g = s.spawn(cmd, 'doomgeneric-picowl', env=dict(GAME_ENV, PICOWL_DG_DEBUG='1'))
		harness.poll(lambda: 'picowl-dg: buffer' in g.stderr() or not g.alive(),
			     'the game is configured', timeout=30, interval=0.05)
		time.sleep(PLAY_S)
		check(g.alive(), 'the game ended early:\n%s' % g.stderr()[-2000:])
		os.kill(g.proc.pid, signal.SIGTERM)
		check(g.wait(30) == 0, 'the game exited badly:\n%s' % g.stderr()[-2000:])
		os.kill(s.pid, signal.SIGUSR1)
		harness.poll(lambda: os.path.exists(counters) and 'bytes per commit' in open(counters).read(),
			     'the counters dump', timeout=10)
		text = open(counters).read()
		err = g.stderr()
	m = re.search(r'(\d+) frames, (\d+) commits shown', text)
	check(m and int(m.group(1)) < 1024, 'more frames than the counters keep:\n' + text)
	moved = float(re.search(r'([\d.]+) bytes per commit', text).group(1))
	r, b = ROWS_DAMAGED.search(err), BUFFER.findall(err)
	check(r and b, 'no -dgstats damage or buffer line:\n' + err[-2000:])
	# The game's rows are window rows of the frame's width (its last configure, the
	# fullscreen one), 2 bytes a pixel on the display.
	damaged = float(r.group(2)) * int(b[-1][0]) * 2
	log('--damage %s, -buffer-transform %s: picowl moved %.0f bytes a commit, the game '
	    'damaged %.0f (%s rows of %s)' % (mode, turn, moved, damaged, r.group(2), b[-1][0]))
	return moved, damaged


def run_damage(args):
	game = harness.need(args.game, 'doomgeneric-picowl', '(configure with -Ddoomgeneric=PATH)')
	iwad = harness.need(args.iwad, 'freedoom1.wad', 'freedoom')
	auto, auto_damaged = damage_run(args, game, iwad, 'auto')
	rows, rows_damaged = damage_run(args, game, iwad, 'rows')
	unturned, unturned_damaged = damage_run(args, game, iwad, 'auto', 'off')
	check(auto <= 1.1 * auto_damaged, 'auto moved %.2f times the damaged bytes (limit 1.1)'
	      % (auto / auto_damaged))
	check(unturned <= 1.1 * unturned_damaged, 'auto moved %.2f times the damaged bytes of a '
	      'buffer picowl rotates (limit 1.1)' % (unturned / unturned_damaged))
	check(rows > 1.2 * rows_damaged, 'rows moved only %.2f times the damaged bytes: the case '
	      'does not tell the modes apart' % (rows / rows_damaged))
	log('auto: %.3f times the damaged bytes a commit; rows: %.3f' % (auto / auto_damaged,
									  rows / rows_damaged))


if __name__ == '__main__':
	args = parse_args()
	phases = {'covered': run_covered, 'damage-rotate90': run_damage}
	harness.main(lambda: phases.get(args.phase, run)(args))
