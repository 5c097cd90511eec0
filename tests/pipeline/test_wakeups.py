"""The seed's case: a client that draws slower than the refresh (28 fps on 60 Hz) costs picowl
one wakeup (voluntary context switch) per client frame at most, counted from /proc."""

import time

import harness
from harness import check, log

RATE = 28
FRAMES = 84
WINDOW = 2.0


def run(args):
	with harness.Session(args, extra_args=['--refresh', '60']) as s:
		c = s.spawn([args.load, '--rate', str(RATE), '--damage', 'rows:16', '--warmup', '14',
			     '--frames', str(FRAMES)], 'load')
		harness.poll(lambda: 'start' in c.stdout() or c.proc.poll() is not None,
			     'the load client warmed up', timeout=30)
		# A window well inside the run, away from the client's start and exit.
		time.sleep(0.3)
		t0, before = time.monotonic(), harness.voluntary_switches(s.pid)
		time.sleep(WINDOW)
		t1, after = time.monotonic(), harness.voluntary_switches(s.pid)
		harness.poll(lambda: 'frames' in c.stdout().split('start', 1)[-1]
			     or c.proc.poll() is not None, 'the load client finished', timeout=30)
		out = c.stdout()
		log(out.strip())
		check('frames %d' % FRAMES in out, 'the load client did not draw its frames')
		frames = RATE * (t1 - t0)
		wakeups = after - before
		log('picowl: %d voluntary context switches in %.2f s, %.1f client frames: %.2f per frame'
		    % (wakeups, t1 - t0, frames, wakeups / frames))
		# One per frame, plus one for a frame that straddles the window's edge.
		check(wakeups <= frames + 1.5, 'more than one wakeup per client frame')


def extra(p):
	p.add_argument('--load', required=True)


if __name__ == '__main__':
	args = harness.parse_args(extra)
	harness.main(lambda: run(args))
