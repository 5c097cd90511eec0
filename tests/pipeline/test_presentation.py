"""wp_presentation tells what the backend knows, no more (doc/devices.md's table).

headless: the time is the tick of the refresh grid the frame ended on; no VSYNC, no hardware
flags, seq 0 (there is no retrace counter), the refresh of --refresh, sync_output for the one
wl_output the client bound, before presented.

nested: picowl (--backend wayland, --refresh 60) in a window of picowl headless at 50 Hz.
What the host said of each frame is passed on: its flags (none), its seq (0), its refresh
(20 ms, not the nested 60 Hz) and its grid's ticks.

--version 2: the headless case with wp_presentation bound at version 2 (4.94), which picowl
offers: the same answers, the output's refresh being known."""

import os

import harness
from harness import check, log

FRAMES = 12


def feedbacks(client, version=1):
	lines = client.stdout().split('\n')
	check(lines and lines[0] == 'clock 1', 'wp_presentation.clock_id is not CLOCK_MONOTONIC (1): %r'
	      % lines[:1])
	check(len(lines) > 1 and lines[1] == 'version %d' % version,
	      'wp_presentation bound as %r, want version %d' % (lines[1:2], version))
	out = []
	for line in lines[2:]:
		if not line:
			continue
		check(line.startswith('presented '), 'a feedback was not presented: %r' % line)
		f = [int(v) for v in line.split()[1:]]
		out.append({'t': f[0] * 1000000000 + f[1], 'refresh': f[2], 'seq': f[3], 'flags': f[4],
			    'sync': f[5], 'commit': f[6], 'recv': f[7]})
	return out


def check_feedbacks(fbs, refresh_ns, what):
	check(len(fbs) == FRAMES, '%s: %d feedbacks presented, want %d' % (what, len(fbs), FRAMES))
	for i, f in enumerate(fbs):
		check(f['flags'] == 0, '%s: frame %d claims flags 0x%x; nothing scans it out at a '
		      'retrace: want 0' % (what, i, f['flags']))
		check(f['seq'] == 0, '%s: frame %d has seq %d; there is no retrace counter: want 0'
		      % (what, i, f['seq']))
		check(f['refresh'] == refresh_ns, '%s: frame %d refresh %d ns, want %d'
		      % (what, i, f['refresh'], refresh_ns))
		check(f['sync'] == 1, '%s: frame %d had %d sync_output events for its wl_output, want 1'
		      % (what, i, f['sync']))
		check(f['commit'] <= f['t'] <= f['recv'], '%s: frame %d shown at %d, outside its commit '
		      '%d and the event %d' % (what, i, f['t'], f['commit'], f['recv']))
	# Ticks of one grid: successive times differ by whole refresh periods.
	for a, b in zip(fbs, fbs[1:]):
		d = b['t'] - a['t']
		periods = round(d / refresh_ns)
		check(periods >= 1 and abs(d - periods * refresh_ns) < 1000000,
		      '%s: times %d and %d are not on one %d ns grid' % (what, a['t'], b['t'], refresh_ns))
	lat = sorted(f['t'] - f['commit'] for f in fbs)
	log('%s: %d frames, flags 0, seq 0, refresh %d ns; commit -> presented median %.3f ms'
	    % (what, len(fbs), refresh_ns, lat[len(lat) // 2] / 1e6))


def run_headless(args):
	with harness.Session(args, extra_args=['--refresh', '60']) as s:
		c = s.spawn([args.present, str(FRAMES), str(args.version)], 'present')
		check(c.wait(30) == 0, 'the client failed: %s' % c.stderr())
		check_feedbacks(feedbacks(c, args.version), 1000000000000 // 60000,
				'headless, version %d' % args.version)


def run_nested(args):
	with harness.Session(args, extra_args=['--refresh', '50']) as s:
		sock = 'picowl-nested-%d' % os.getpid()
		n = s.spawn([s.picowl_path, '--backend', 'wayland', '--size', '240x320', '--refresh',
			     '60', '--socket', sock], 'nested')
		harness.poll(lambda: 'picowl: running on' in n.stderr() or not n.alive(),
			     'the nested picowl runs', timeout=20)
		check(n.alive(), 'the nested picowl died:\n%s' % n.stderr())
		check('as the host\'s wp_presentation says' in n.stderr(),
		      'the nested picowl does not say it passes the host\'s presentation on:\n%s'
		      % n.stderr())
		c = s.spawn([args.present, str(FRAMES)], 'present', env={'WAYLAND_DISPLAY': sock})
		check(c.wait(30) == 0, 'the client failed: %s' % c.stderr())
		check_feedbacks(feedbacks(c), 1000000000000 // 50000, 'nested')


def extra(p):
	p.add_argument('--present', required=True)
	p.add_argument('--backend', choices=('headless', 'wayland'), required=True)
	p.add_argument('--version', type=int, default=1)


if __name__ == '__main__':
	args = harness.parse_args(extra)
	harness.main(lambda: run_headless(args) if args.backend == 'headless' else run_nested(args))
