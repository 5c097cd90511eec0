"""wp_fifo_v1 and wp_commit_timer_v1 hold commits (decision 4.97), read through wp_presentation.

fifo: three commits sent at once, each waiting for the barrier of the one before. Unheld, the
first two would be replaced before a frame and discarded; held, each is presented, each at a
later refresh than the one before.

timestamp: a commit for a time 200 ms ahead, then one without a time. The second may not
overtake the first: it is presented no sooner than the time asked (order, not a duration)."""

import harness
from harness import check, log


def results(client):
	lines = [l for l in client.stdout().split('\n') if l]
	target = None
	if lines and lines[0].startswith('target '):
		target = int(lines.pop(0).split()[1])
	out = []
	for line in lines:
		check(line.startswith('presented ') or line == 'discarded',
		      'a feedback was not answered: %r' % line)
		out.append(int(line.split()[1]) if line.startswith('presented ') else None)
	return target, out


def run_fifo(s, args):
	c = s.spawn([args.pacing, 'fifo'], 'pacing-fifo')
	check(c.wait(30) == 0, 'the fifo client failed: %s %s' % (c.stdout(), c.stderr()))
	_, times = results(c)
	check(len(times) == 3, 'want 3 feedbacks, got %r' % times)
	check(all(t is not None for t in times), 'a commit behind a fifo barrier was discarded: %r'
	      % times)
	check(times[0] < times[1] < times[2], 'commits held by barriers were not presented in '
	      'successive frames: %r' % times)
	log('fifo: 3 commits sent at once, presented at 3 successive refreshes')


def run_timestamp(s, args):
	c = s.spawn([args.pacing, 'timestamp'], 'pacing-timestamp')
	check(c.wait(30) == 0, 'the timestamp client failed: %s %s' % (c.stdout(), c.stderr()))
	target, times = results(c)
	check(target is not None and len(times) == 2, 'want a target and 2 feedbacks: %r'
	      % c.stdout())
	check(times[1] is not None, 'the commit after the timed one was discarded')
	check(times[0] is None or times[0] >= target, 'the timed commit was presented at %s, '
	      'before its time %d' % (times[0], target))
	check(times[1] >= target, 'the commit after the timed one overtook it: presented at %d, '
	      'before the time %d' % (times[1], target))
	log('timestamp: the timed commit %s, the next presented at or after the time'
	    % ('presented' if times[0] else 'replaced by the next'))


def run(args):
	with harness.Session(args, extra_args=['--refresh', '60']) as s:
		run_fifo(s, args)
		run_timestamp(s, args)


if __name__ == '__main__':
	args = harness.parse_args(lambda p: p.add_argument('--pacing', required=True))
	harness.main(lambda: run(args))
