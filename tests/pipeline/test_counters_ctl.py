"""The counters a user can read: picowl-ctl counters (text and --json), --reset, plot FILE.svg,
the dump on SIGUSR1 into --counters FILE and the one at exit."""

import json
import os
import shutil
import signal
import subprocess
import tempfile

import harness
from harness import check, log


def ctl(s, args, *words):
	r = subprocess.run([args.ctl] + list(words), env=s.client_env(), capture_output=True,
			   timeout=30)
	check(r.returncode == 0, 'picowl-ctl %s failed: %s' % (' '.join(words), r.stderr.decode()))
	return r.stdout.decode()


def run(args):
	session = harness.Session(args)
	# Outside the session's directory, which goes when the session ends.
	keep = tempfile.mkdtemp(prefix='picowl-counters-')
	counters = os.path.join(keep, 'counters.txt')
	session.extra_args += ['--counters', counters, '--counters-at-exit']
	with session as s:
		load = s.spawn([args.load, '--damage', 'rows:16', '--frames', '60'], 'load')
		harness.poll(lambda: load.proc.poll() is not None, 'the load client ran', timeout=30)
		text = ctl(s, args, 'counters')
		log(text)
		for stage in ('commit->repaint', 'render', 'present (copy)', 'present->on screen',
			      'commit->on screen', 'touch->on screen'):
			check(stage in text, 'no %s line in picowl-ctl counters' % stage)
		check('picowl-load' in text, 'the per-surface table does not name the client')
		data = json.loads(ctl(s, args, 'counters', '--json'))
		check(data['summary']['frames'] >= 60, 'JSON summary: %s' % data['summary'])
		check(len(data['frames']) == data['summary']['frames'], 'frames missing in JSON')
		f = data['frames'][-1]
		check(f['t_repaint'] <= f['t_render'] <= f['t_submit'] <= f['t_done'],
		      'stage timestamps out of order: %s' % f)
		svg = os.path.join(s.dir, 'plot.svg')
		ctl(s, args, 'plot', svg)
		body = open(svg).read()
		check(body.startswith('<?xml') and body.count('<polyline') == 4 and
		      body.rstrip().endswith('</svg>'), 'plot.svg is not the expected SVG')
		ctl(s, args, 'counters', '--reset')
		check('picowl counters: 0 frames' in ctl(s, args, 'counters'), 'reset kept frames')
		os.kill(s.pid, signal.SIGUSR1)
		harness.poll(lambda: os.path.exists(counters) and 'picowl counters' in
			     open(counters).read(), 'the SIGUSR1 dump', timeout=10)
	dumps = open(counters).read().count('picowl counters:')
	shutil.rmtree(keep, ignore_errors=True)
	check(dumps == 2, 'expected the SIGUSR1 dump and the exit dump in %s, found %d'
	      % (counters, dumps))


def run_small_rings(args):
	"""--counter-frames 16: the report keeps the last 16 frames and 32 commits of 60."""
	session = harness.Session(args)
	session.extra_args += ['--counter-frames', '16']
	with session as s:
		load = s.spawn([args.load, '--damage', 'rows:16', '--frames', '60'], 'load')
		harness.poll(lambda: load.proc.poll() is not None, 'the load client ran', timeout=30)
		text = ctl(s, args, 'counters')
		check('(the last 16 frames and 32 commits are kept)' in text,
		      'the report does not give the rings of --counter-frames 16:\n' + text)
		data = json.loads(ctl(s, args, 'counters', '--json'))
		check(1 <= len(data['frames']) <= 16, '%d frames in the JSON of rings of 16'
		      % len(data['frames']))
		log('--counter-frames 16: %d frames in the report after 60 commits'
		    % len(data['frames']))


def extra(p):
	p.add_argument('--ctl', required=True)
	p.add_argument('--load', required=True)


if __name__ == '__main__':
	args = harness.parse_args(extra)
	harness.main(lambda: (run(args), run_small_rings(args)))
