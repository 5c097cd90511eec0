#!/usr/bin/env python3
"""A dialog of one client over another client's window (xdg-foreign v2; decision 4.96).
shellclient export shows a green window and exports it; a second shellclient imports the handle
and makes its red 100x60 window a child of it (set_parent_of): picowl-ctl tiles lists one tile,
and the screenshot shows the red dialog centred over the green tile. The exporting client killed:
the importer is sent destroyed and its window becomes the one tile. Again with a new pair, the
importer destroying its zxdg_imported_v2: its window is a tile beside the exporter's."""

import os
import signal

import harness
import session
from harness import check, log

GREEN = (0x20, 0xa0, 0x40)
RED = (0xc0, 0x30, 0x30)


def lines(path):
	return open(path).read().splitlines()


def red_box(img):
	xs, ys = [], []
	for y in range(img.height):
		for x in range(img.width):
			if harness.rgb_close(img.px(x, y), RED):
				xs.append(x)
				ys.append(y)
	if not xs:
		return None
	return (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def tiles(s):
	return [l for l in session.ctl(s, 'tiles').splitlines() if l.strip()]


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--client', required=True))
	client = harness.need(args.client, 'shellclient', '(built by meson)')
	with harness.Session(args, extra_args=['--test-hooks']) as s:
		exp_state = os.path.join(s.dir, 'export.state')
		imp_state = os.path.join(s.dir, 'import.state')
		open(exp_state, 'w').close()
		open(imp_state, 'w').close()
		exporter = s.spawn([client, exp_state, 'export'], 'shellclient-export')
		s.poll(lambda: any(l.startswith('handle ') for l in lines(exp_state)), 'the handle')
		handle = [l.split()[1] for l in lines(exp_state) if l.startswith('handle ')][0]
		s.spawn([client, imp_state, 'import', handle], 'shellclient-import')
		s.poll(lambda: 'mapped' in lines(imp_state), 'the importer maps', timeout=10)
		check('destroyed' not in lines(imp_state), 'the import was destroyed at once')
		s.poll(lambda: len(tiles(s)) == 1, 'one tile: the dialog floats')
		img = s.wait_until(lambda i: (red_box(i) or (0, 0, 0, 0))[2:] == (100, 60),
				   'the red 100x60 dialog', timeout=10)
		img.save_ppm(os.path.join(s.dir, 'foreign.ppm'))
		box = red_box(img)
		cx, cy = box[0] + box[2] / 2 - img.width / 2, box[1] + box[3] / 2 - img.height / 2
		check(abs(cx) <= 1 and abs(cy) <= 1, 'the dialog %s is off the centre' % (box,))
		x, y = box[0] - 10, box[1] + 10
		check(harness.rgb_close(img.px(x, y), GREEN), 'the exporter\'s green is not around it')
		log('the imported dialog at %s over the exporter\'s tile' % (box,))
		exporter.kill(signal.SIGKILL)
		s.poll(lambda: 'destroyed' in lines(imp_state), 'the import is sent destroyed')
		s.poll(lambda: len(tiles(s)) == 1 and len(session.windows(s)) == 1,
		       'the importer alone, a tile')
		log('the exporter killed: destroyed sent, the importer\'s window the one tile (%s)'
		    % tiles(s))
		# the import destroyed by the importer: the relationship goes with it
		exp2 = os.path.join(s.dir, 'export2.state')
		imp2 = os.path.join(s.dir, 'import2.state')
		open(exp2, 'w').close()
		open(imp2, 'w').close()
		s.spawn([client, exp2, 'export'], 'shellclient-export2')
		s.poll(lambda: any(l.startswith('handle ') for l in lines(exp2)), 'the second handle')
		handle = [l.split()[1] for l in lines(exp2) if l.startswith('handle ')][0]
		importer = s.spawn([client, imp2, 'import', handle], 'shellclient-import2')
		s.poll(lambda: 'mapped' in lines(imp2), 'the second importer maps', timeout=10)
		s.poll(lambda: len(tiles(s)) == 2, 'two tiles: the first importer, the new exporter')
		os.kill(importer.pid, signal.SIGUSR1)
		s.poll(lambda: 'import destroyed' in lines(imp2), 'the importer destroys its import')
		s.poll(lambda: len(tiles(s)) == 3, 'the second importer\'s window is a tile')
		log('the import destroyed: three tiles (%s)' % tiles(s))
		s.check_alive('after xdg-foreign')


harness.main(run)
