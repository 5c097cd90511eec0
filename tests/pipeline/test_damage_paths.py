"""Each damage mode and present path: a client shows colour A, then draws colour B over its
whole buffer but damages only a small box. The screen must show B exactly where picowl's damage
mode says it repaints (the box, the box's display rows for a direct present, or everything) and
A everywhere else: rows outside keep their old pixels, rows inside match what was composited.

--case damage:present:placement:rotation, e.g. rows:shadow:tiled:0 or rows:flip:fullscreen:90.
A fullscreen client whose buffer covers the output goes by direct present: the counters dump
must say so.
"""

import os
import re
import signal

import harness
from harness import check, log

A = (0xff, 0x00, 0x00)
B = (0x00, 0x00, 0xff)
BOX = (37, 52, 21, 9)  # in buffer coordinates: x, y, w, h


def rotate_box(box, rotation, w, h):
	"""A box in a w x h logical frame, rotated clockwise onto the display (picowl's rule)."""
	x, y, bw, bh = box
	if rotation == 90:
		return (h - y - bh, x, bh, bw)
	if rotation == 180:
		return (w - x - bw, h - y - bh, bw, bh)
	if rotation == 270:
		return (y, w - x - bw, bh, bw)
	return box


def unrotate_box(box, rotation, dw, dh):
	"""The inverse: a display box back to logical coordinates (display is dw x dh)."""
	back = {0: 0, 90: 270, 180: 180, 270: 90}[rotation]
	return rotate_box(box, back, dw, dh)


def buffer_to_surface(box, transform, scale, sw, sh):
	"""A damage box of the buffer in surface coordinates (wl_surface.set_buffer_transform)."""
	wt, ht = sw * scale, sh * scale  # the transformed buffer, in buffer pixels
	x, y, w, h = box
	x1, y1, x2, y2 = x, y, x + w, y + h
	if transform == 1:
		x1, y1, x2, y2 = wt - y2, x1, wt - y1, x2
	elif transform == 2:
		x1, y1, x2, y2 = wt - x2, ht - y2, wt - x1, ht - y1
	elif transform == 3:
		x1, y1, x2, y2 = y1, ht - x2, y2, ht - x1
	return (x1 // scale, y1 // scale, -(-x2 // scale) - x1 // scale,
		-(-y2 // scale) - y1 // scale)


def expected_b(damage, rotation, lw, lh, content, box, direct):
	"""The logical box that must show B; everything else in content shows A. Rows mode moves
	whole rows to the display but composites only the damage: the rows of a composited frame
	keep their old pixels outside the box (they were composited before and did not change), a
	direct present moves the client's whole rows. auto moves the small box as a rectangle."""
	cx, cy, cw, ch = content
	logical = (cx + box[0], cy + box[1], box[2], box[3])
	if damage == 'full':
		return content
	# auto: the box moves as a rectangle, fewer pixels than its rows
	if damage in ('rects', 'auto') or (damage == 'rows' and not direct):
		return logical
	dw, dh = (lh, lw) if rotation % 180 else (lw, lh)
	x, y, w, h = rotate_box(logical, rotation, lw, lh)
	band = unrotate_box((0, y, dw, h), rotation, dw, dh)
	# The band, clipped to what the client covers.
	bx0, by0 = max(band[0], cx), max(band[1], cy)
	bx1, by1 = min(band[0] + band[2], cx + cw), min(band[1] + band[3], cy + ch)
	return (bx0, by0, bx1 - bx0, by1 - by0)


def run(args):
	damage, present, placement, rotation = args.case.split(':')
	rotation = int(rotation)
	dw, dh = 240, 320
	lw, lh = (dh, dw) if rotation % 180 else (dw, dh)
	counters = None
	extra = ['--damage', damage, '--present', present, '--rotate', str(rotation)]
	session = harness.Session(args, size='%dx%d' % (dw, dh), fmt=args.format,
				  extra_args=extra)
	counters = os.path.join(session.dir, 'counters.txt')
	session.extra_args += ['--counters', counters]
	with session as s:
		s.width, s.height = lw, lh  # grim shows the logical, rotated picture
		cmd = [args.paint, '--color', '%02x%02x%02x' % A, '--then', '%02x%02x%02x' % B,
		       '--box', '%d,%d,%d,%d' % BOX, '--format', args.client_format,
		       '--transform', str(args.transform), '--scale', str(args.scale)]
		if placement == 'fullscreen':
			cmd.append('--fullscreen')
		if args.then_argb:
			cmd.append('--then-argb')
		c = s.spawn(cmd, 'paint')
		harness.poll(lambda: b'painted' in open(c.out_path, "rb").read() or c.proc.poll() is not None,
			     'the client painted its last frame', timeout=30)
		check(c.proc.poll() is None, 'paint exited: %s' % open(c.err_path, "rb").read())
		size = open(c.out_path).read().split()[1]
		content = ((0, 0, lw, lh) if placement == 'fullscreen'
			   else harness.content_box((0, 0, lw, lh)))
		check(size == '%dx%d' % (content[2], content[3]),
		      'client got %s, expected its content box %s' % (size, content))
		img = s.screenshot('final.ppm')
		surface_box = buffer_to_surface(BOX, args.transform, args.scale, content[2], content[3])
		if args.then_argb:
			# B only in the box, drawn by the client itself: every path must show it so.
			want = (content[0] + surface_box[0], content[1] + surface_box[1],
				surface_box[2], surface_box[3])
		else:
			want = expected_b(damage, rotation, lw, lh, content, surface_box,
					  placement == 'fullscreen')
		log('B expected in %s of content %s' % (want, content))
		wx, wy, ww, wh = want
		bad = 0
		first = None
		cx, cy, cw, ch = content
		for y in range(cy, cy + ch):
			for x in range(cx, cx + cw):
				inside = wx <= x < wx + ww and wy <= y < wy + wh
				p = img.px(x, y)
				if not harness.rgb_close(p, B if inside else A):
					bad += 1
					first = first or (x, y, p, 'B' if inside else 'A')
		check(bad == 0, '%d pixels wrong; first at %s' % (bad, first))
		os.kill(s.pid, signal.SIGUSR1)
		harness.poll(lambda: os.path.exists(counters) and 'paths:' in open(counters).read(),
			     'the counters dump', timeout=10)
		text = open(counters).read()
		m = re.search(r'paths: composite (\d+), direct (\d+)', text)
		check(m, 'no paths line in the counters:\n' + text)
		direct = int(m.group(2))
		log('counters: composite %s, direct %s' % (m.group(1), m.group(2)))
		if placement == 'fullscreen':
			check(direct >= 1, 'a fullscreen client covering the output was never presented '
			      'directly:\n' + text)
		else:
			check(direct == 0, 'a tiled client was presented directly:\n' + text)


def extra(p):
	p.add_argument('--paint', required=True)
	p.add_argument('--case', required=True)
	p.add_argument('--client-format', default='xrgb8888')
	p.add_argument('--transform', type=int, default=0)
	p.add_argument('--scale', type=int, default=1)
	p.add_argument('--then-argb', action='store_true',
		       help='the last frame in ARGB8888 (composited, after direct presents of the '
		       'first), with B only inside the box')


if __name__ == '__main__':
	args = harness.parse_args(extra)
	harness.main(lambda: run(args))
