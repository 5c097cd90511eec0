#!/usr/bin/env python3
"""Writes the hand-made part of the seed corpus: inputs that fuzz-dispatch decodes into whole
sessions (a mapped toplevel, a layer surface, a selection, a popup, ...), so fuzzing starts
deep instead of at the registry. It speaks the harness's input encoding (fuzz_requests.c) and
learns the requests from the protocol XML and the globals from the harness itself.

  make_seeds.py FUZZER OUTDIR

The fuzzer's own finds were added by: fuzz-dispatch -merge=1 tests/fuzz/corpus NEWDIR
"""

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SPECIAL = [0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 2, 16, 256]
COMMON = ['text/plain', 'xdg_wm_base', 'wl_compositor', 'robust', 'x']


def pkgdata(pkg):
	return subprocess.check_output(['pkg-config', '--variable=pkgdatadir', pkg],
				       text=True).strip()


def load_requests():
	files = [os.path.join(pkgdata('wayland-scanner'), 'wayland.xml')]
	wp = pkgdata('wayland-protocols')
	for rel in ['stable/xdg-shell/xdg-shell.xml', 'stable/viewporter/viewporter.xml',
		    'stable/presentation-time/presentation-time.xml',
		    'unstable/xdg-decoration/xdg-decoration-unstable-v1.xml',
		    'unstable/xdg-output/xdg-output-unstable-v1.xml']:
		files.append(os.path.join(wp, rel))
	pdir = os.path.join(HERE, '..', '..', 'protocol')
	files += [os.path.join(pdir, f) for f in sorted(os.listdir(pdir)) if f.endswith('.xml')]
	ifaces = {}
	for f in files:
		for iface in ET.parse(f).getroot().iter('interface'):
			reqs = []
			for r in iface.iter('request'):
				args = [(a.get('type'), a.get('interface')) for a in r.iter('arg')]
				reqs.append((r.get('name'), args))
			ifaces[iface.get('name')] = reqs
	return ifaces


class Seed:
	def __init__(self, globals_, ifaces):
		self.globals = globals_
		self.ifaces = ifaces
		self.out = bytearray()
		# the harness's object list: display, registry, then every new id in order
		self.objects = ['wl_display', 'wl_registry']

	def int(self, v):
		v &= 0xffffffff
		if v in SPECIAL:
			self.out.append(SPECIAL.index(v))
		elif v < 256:
			self.out += bytes([128, v])
		else:
			self.out += bytes([192]) + v.to_bytes(4, 'big')

	def string(self, s):
		if s is None:
			self.out.append(0)
		elif s in COMMON:
			# sel % 8 in 1..3 picks COMMON[sel % 5]
			sel = next(x for x in range(256) if 1 <= x % 8 <= 3 and x % 5 == COMMON.index(s))
			self.out.append(sel)
		else:
			b = s.encode()
			self.out += bytes([4, len(b)]) + b

	def obj(self, ref, iface):
		if ref is None:
			self.out.append(245)
			return
		same = [i for i, name in enumerate(self.objects) if name == iface]
		self.out += bytes([0, same.index(ref)])

	def bind(self, name, version=None):
		names = [g[0] for g in self.globals]
		g = names.index(name)
		offered = self.globals[g][1]
		version = min(version or offered, offered)
		self.out += bytes([12, g, version - 1])
		self.objects.append(name)
		return len(self.objects) - 1

	def dispatch(self):
		self.out.append(14)

	def req(self, ref, name, *args):
		iface = self.objects[ref]
		reqs = self.ifaces[iface]
		opcode = [r[0] for r in reqs].index(name)
		self.out += bytes([0, ref, opcode])
		args = list(args)
		made = None
		for type_, arg_iface in reqs[opcode][1]:
			if type_ == 'new_id':
				self.objects.append(arg_iface)
				made = len(self.objects) - 1
			elif type_ == 'fd':
				pass
			elif type_ == 'object':
				self.obj(args.pop(0), arg_iface)
			elif type_ == 'string':
				self.string(args.pop(0))
			elif type_ == 'array':
				b = args.pop(0)
				self.out += bytes([len(b)]) + b
			else:
				self.int(args.pop(0))
		assert not args, (iface, name, args)
		return made


def buffer(s, shm, w, h, bpp=4, fmt=1):
	pool = s.req(shm, 'create_pool', max(65536, w * h * bpp))
	return s.req(pool, 'create_buffer', 0, w, h, w * bpp, fmt)


def toplevel(s, comp, wm, shm, w=16, h=16):
	surf = s.req(comp, 'create_surface')
	xs = s.req(wm, 'get_xdg_surface', surf)
	top = s.req(xs, 'get_toplevel')
	s.req(top, 'set_title', 'robust')
	s.req(surf, 'commit')
	s.dispatch()
	buf = buffer(s, shm, w, h)
	s.req(surf, 'attach', buf, 0, 0)
	s.req(surf, 'damage_buffer', 0, 0, w, h)
	s.req(surf, 'commit')
	s.dispatch()
	return surf, xs, top, buf


def core(s):
	return s.bind('wl_compositor'), s.bind('xdg_wm_base'), s.bind('wl_shm')


def seed_toplevel(s):
	comp, wm, shm = core(s)
	surf, xs, top, buf = toplevel(s, comp, wm, shm)
	s.req(surf, 'frame')
	s.req(top, 'set_fullscreen', None)
	s.req(surf, 'commit')
	s.dispatch()
	s.req(top, 'unset_fullscreen')
	s.req(surf, 'attach', None, 0, 0)
	s.req(surf, 'commit')


def seed_subsurface_viewport(s):
	comp, wm, shm = core(s)
	sub = s.bind('wl_subcompositor')
	vp = s.bind('wp_viewporter')
	pres = s.bind('wp_presentation')
	surf, xs, top, buf = toplevel(s, comp, wm, shm)
	child = s.req(comp, 'create_surface')
	ss = s.req(sub, 'get_subsurface', child, surf)
	s.req(ss, 'set_position', 4, 4)
	s.req(ss, 'set_desync')
	s.req(child, 'attach', buffer(s, shm, 8, 8), 0, 0)
	view = s.req(vp, 'get_viewport', child)
	s.req(view, 'set_source', 0, 0, 8 * 256, 8 * 256)
	s.req(view, 'set_destination', 16, 16)
	s.req(pres, 'feedback', child)
	s.req(child, 'commit')
	s.req(surf, 'commit')
	s.dispatch()


def seed_popup(s):
	comp, wm, shm = core(s)
	surf, xs, top, buf = toplevel(s, comp, wm, shm)
	pos = s.req(wm, 'create_positioner')
	s.req(pos, 'set_size', 8, 8)
	s.req(pos, 'set_anchor_rect', 0, 0, 4, 4)
	s.req(pos, 'set_anchor', 1)
	s.req(pos, 'set_gravity', 4)
	s.req(pos, 'set_constraint_adjustment', 255)
	psurf = s.req(comp, 'create_surface')
	pxs = s.req(wm, 'get_xdg_surface', psurf)
	popup = s.req(pxs, 'get_popup', xs, pos)
	s.req(psurf, 'commit')
	s.dispatch()
	s.req(psurf, 'attach', buffer(s, shm, 8, 8), 0, 0)
	s.req(psurf, 'commit')
	s.dispatch()
	s.req(popup, 'reposition', pos, 7)


def seed_layer(s):
	comp, wm, shm = core(s)
	layer = s.bind('zwlr_layer_shell_v1')
	surf = s.req(comp, 'create_surface')
	ls = s.req(layer, 'get_layer_surface', surf, None, 2, 'robust')
	s.req(ls, 'set_size', 0, 16)
	s.req(ls, 'set_anchor', 13)
	s.req(ls, 'set_exclusive_zone', 16)
	s.req(ls, 'set_keyboard_interactivity', 1)
	s.req(surf, 'commit')
	s.dispatch()
	s.req(surf, 'attach', buffer(s, shm, 16, 16), 0, 0)
	s.req(surf, 'commit')
	s.dispatch()
	toplevel(s, comp, wm, shm)
	s.req(ls, 'set_layer', 3)
	s.req(surf, 'commit')


def seed_data_device(s):
	comp, wm, shm = core(s)
	seat = s.bind('wl_seat')
	ddm = s.bind('wl_data_device_manager')
	toplevel(s, comp, wm, shm)
	kbd = s.req(seat, 'get_keyboard')
	ptr = s.req(seat, 'get_pointer')
	s.req(seat, 'get_touch')
	dev = s.req(ddm, 'get_data_device', seat)
	src = s.req(ddm, 'create_data_source')
	s.req(src, 'offer', 'text/plain')
	s.req(dev, 'set_selection', src, 1)
	s.dispatch()
	s.req(ptr, 'set_cursor', 0, None, 0, 0)
	s.req(kbd, 'release')


def seed_outputs(s):
	out = s.bind('wl_output')
	xo = s.bind('zxdg_output_manager_v1')
	s.req(xo, 'get_xdg_output', out)
	shm = s.bind('wl_shm')
	sc = s.bind('zwlr_screencopy_manager_v1')
	frame = s.req(sc, 'capture_output', 0, out)
	s.dispatch()
	# picowl's default output: 240x320 RGB565
	s.req(frame, 'copy', buffer(s, shm, 240, 320, 2, 0x36314752))
	s.dispatch()
	frame = s.req(sc, 'capture_output_region', 1, out, 10, 10, 20, 20)
	s.dispatch()


def seed_decoration(s):
	comp, wm, shm = core(s)
	deco = s.bind('zxdg_decoration_manager_v1')
	surf = s.req(comp, 'create_surface')
	xs = s.req(wm, 'get_xdg_surface', surf)
	top = s.req(xs, 'get_toplevel')
	d = s.req(deco, 'get_toplevel_decoration', top)
	s.req(d, 'set_mode', 1)
	s.req(surf, 'commit')
	s.dispatch()
	s.req(d, 'unset_mode')
	s.req(d, 'destroy')


def seed_private(s):
	ctl = s.bind('picowl_control_v1')
	cnt = s.bind('picowl_counters_v1')
	s.req(ctl, 'focus_tile', 1)
	s.req(ctl, 'show_panel')
	s.req(cnt, 'reset')
	s.req(cnt, 'dump', 1)
	s.dispatch()


SEEDS = [seed_toplevel, seed_subsurface_viewport, seed_popup, seed_layer, seed_data_device,
	 seed_outputs, seed_decoration, seed_private]


def main():
	fuzzer, outdir = os.path.abspath(sys.argv[1]), sys.argv[2]
	err = subprocess.run([fuzzer, '-runs=0'], capture_output=True, text=True,
			     cwd='/tmp').stderr
	line = next(l for l in err.splitlines() if l.startswith('fuzz-dispatch: globals:'))
	globals_ = [(g.split('/')[0], int(g.split('/')[1])) for g in line.split()[2:]]
	ifaces = load_requests()
	os.makedirs(outdir, exist_ok=True)
	for fn in SEEDS:
		s = Seed(globals_, ifaces)
		fn(s)
		path = os.path.join(outdir, fn.__name__.replace('_', '-'))
		with open(path, 'wb') as f:
			f.write(bytes(s.out))
		print('%s: %d bytes' % (path, len(s.out)))


main()
