"""What picowl spends per input event: section `input` of run.py (decisions 4.104, 4.105).

usage: tests/bench/run.py --build build-bench --sections input --splice   # about 10 seconds

tests/bench/input_bench.c runs the server in-process (headless 240x320, `cursor = never`: no
frame drawn, the event's dispatch alone) under callgrind with --instr-atstart=no, and feeds it
through pw_seat_devices_events as libinput's events go, one event per turn of the loop (the event,
the clients flushed, the loop dispatched without waiting), to one real client in its own process
(not counted): a mouse's motion to vmclient with a wl_pointer (`pointer`, the reference), a pen's
hover motion to vmclient with a tablet seat (`pen`: zwp_tablet_tool_v2 motion and frame), the same
pen over vmclient without one (`pen-as-pointer`: the pointer stands in, 4.105), a swipe's update
to gameclient --gestures (`swipe`, 4.104) and a finger's motion and frame to vmclient's wl_touch
(`touch`). Per kind, instructions per event = (I(N2) - I(N1)) / (N2 - N1), each I a window of
events between callgrind's client requests; input_bench checks that the client logged every event
of each window. input_bench links picowl's malloc (4.14) as picowl does. All libraries count
(libwayland-server's marshalling, libc's syscall wrappers), not the kernel. No claim: the ratios
to `pointer` are information.
"""

import os
import re
import subprocess

TITLE = '## Input events (callgrind, instructions per event)'
EVENTS = (20, 120)
KINDS = ('pointer', 'pen', 'pen-as-pointer', 'swipe', 'touch')
OBJECTS = ('libwayland-server', 'libc')  # picowl: the rest
WHAT = {
	'pointer': 'a mouse\'s motion: wl_pointer motion and frame',
	'pen': 'a pen\'s hover motion: zwp_tablet_tool_v2 motion and frame (4.105)',
	'pen-as-pointer': 'the pen over a client without a tablet seat: wl_pointer motion and frame '
	'(4.105)',
	'swipe': 'a swipe\'s update: zwp_pointer_gesture_swipe_v1 update (4.104)',
	'touch': 'a finger\'s motion and frame: wl_touch motion and frame',
}


def programs(build):
	return [os.path.join(build, 'tests', 'bench', 'input_bench'),
		os.path.join(build, 'tests', 'server', 'server-vmclient'),
		os.path.join(build, 'tests', 'server', 'gameclient')]


def section(a, results, log, by_library):
	"""Fills results['input'][kind]; `by_library` is run.py's split of a dump by object."""
	exe = programs(a.build)
	for p in exe:
		if not os.access(p, os.X_OK):
			raise RuntimeError('%s is not built (ninja -C %s)' % (p, a.build))
	work = os.path.join(a.work, 'input')
	os.makedirs(work, exist_ok=True)
	out_file = os.path.join(work, 'cg.out')
	cmd = ['valgrind', '--tool=callgrind', '--instr-atstart=no',
	       '--callgrind-out-file=' + out_file, '--dump-instr=no', '--collect-jumps=no',
	       '--compress-strings=no', '--compress-pos=no', '--vgdb=no'] + exe + \
	      [str(n) for n in EVENTS] + list(KINDS)
	with open(os.path.join(work, 'log'), 'wb') as log_file:
		p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=log_file, timeout=600)
	windows = re.findall(r'(?m)^window (\S+) (\d+) (\d+)$', p.stdout.decode())
	if p.returncode != 0:
		raise RuntimeError('input_bench exited %d (%s); log in %s'
				   % (p.returncode, windows, work))
	dumps = {}
	for name in os.listdir(work):
		if not re.match(r'cg\.out\.\d+$', name):
			continue
		path = os.path.join(work, name)
		desc = total = None
		with open(path) as f:
			for line in f:
				mark = 'desc: Trigger: Client Request: '
				if line.startswith(mark):
					desc = line[len(mark):].strip()
				elif line.startswith('totals:'):
					total = int(line.split()[1])
		if desc:
			dumps[desc] = (total, path)
	out = results.setdefault('input', {})
	for kind in KINDS:
		(i1, p1), (i2, p2) = (dumps['%s %d' % (kind, n)] for n in EVENTS)
		lines = [int(w[2]) for w in windows if w[0] == kind]
		s1, s2 = by_library([p1]), by_library([p2])
		split = {}
		for obj in sorted(set(s1) | set(s2)):
			name = 'picowl' if obj == 'input_bench' else obj
			split[name] = split.get(name, 0) + \
				(s2.get(obj, 0) - s1.get(obj, 0)) / (EVENTS[1] - EVENTS[0])
		out[kind] = {'n1': EVENTS[0], 'n2': EVENTS[1], 'i1': i1, 'i2': i2,
			     'per_event': (i2 - i1) / (EVENTS[1] - EVENTS[0]),
			     'client_lines': lines, 'by_object': split}
		log('input %-15s %8.0f instructions/event (client lines %s)'
		    % (kind, out[kind]['per_event'], lines))


def report(results, checks):
	t = results.get('input')
	if not t or 'pointer' not in t:
		return []
	ref = t['pointer']['per_event']
	L = [TITLE + '\n']
	L.append('The server in-process (tests/bench/input_bench.c), headless 240x320 with `cursor = '
		 'never` (no frame drawn: the dispatch alone), fed through the devices\' callbacks as '
		 'libinput\'s events go, one event per turn of the loop, to one real client in its '
		 'own process (not counted); slope between %d and %d events, every one of them logged '
		 'by the client. libwayland-server: the marshalling and sending; libc: the system '
		 'calls\' user side; picowl: the rest (its code, its malloc (4.14), the pixman region '
		 'tests it makes) (tests/bench/input.py).\n' % EVENTS)
	L.append('| event | instructions | / pointer | picowl | libwayland-server | libc |')
	L.append('|---|---:|---:|---:|---:|---:|')
	for kind in KINDS:
		r = t.get(kind)
		if not r:
			continue
		s = r.get('by_object', {})
		libs = [s.get(o, 0) for o in OBJECTS]
		L.append('| %s: %s | %.0f | %.2f | %.0f | %s |' % (
			kind, WHAT[kind], r['per_event'], r['per_event'] / ref if ref else 0,
			r['per_event'] - sum(libs), ' | '.join('%.0f' % v for v in libs)))
	L.append('')
	return L
