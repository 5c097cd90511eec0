"""Sound of the real engine with picowl's ALSA module (clients/doomgeneric/dg_sound.c), under
picowl headless 240x320: ALSA's default device is its `file` plugin, writing the raw stream
(S16LE stereo at the rate the module reports) to a file in front of a `null` slave, through an
ALSA configuration of the test's own (ALSA_CONFIG_PATH).

Phases (--phase):
  sound          freedoom's -timedemo demo1 three times: -audio-mode thread (the default),
                 -audio-mode tick and -nosound. Thread and tick write non-silent audio about
                 as long as the run; the pistol's DSPISTOL and the pickup's DSITEMUP (read
                 from the IWAD's own lumps, resampled to the device's rate as the mixer does)
                 are found in the stream by normalized cross-correlation (dg-find-sample),
                 DSITEMUP exactly, at the gain of the player's volume and centre separation,
                 and the pistol reversed in time is not. -nosound opens nothing and
                 writes nothing. The game's voluntary context switches over each run (wait4's
                 rusage: every thread) are logged; tick stays within 1.5x of -nosound.
  sound-rate     the same checks of one run in tick mode at -audio-rate 44100 with
                 -audio-period 1024 -audio-periods 2: the sounds resampled otherwise
  sound-missing  a device that does not exist (-audio-device nosuch): one line on stderr, no
                 message of alsa-lib's own, and the timedemo completes silent.
Python 3 standard library only.
"""

import os
import re
import struct
import subprocess
import time

import harness
from harness import check, log

HERE = os.path.dirname(os.path.abspath(__file__))

TIMEDEMO_TIMEOUT = 150
TIMED = re.compile(r'timed (\d+) gametics in (\d+) realtics \(([0-9.]+) fps\)')
OPENED = re.compile(r"picowl-dg: sound: ALSA '[^']*' at (\d+) Hz, period (\d+) frames, "
		    r'buffer (\d+), (\w+) mode')
BEST = re.compile(r'best ([0-9.]+) at (\d+) gain ([0-9.-]+) energy ([0-9.]+)')
TEMPLATE_S = 0.04  # the first 40 ms of a sound
# (lump, least correlation): the pistol (22050 Hz in freedoom) is often cut after a few tics by
# the next shot (the chaingun plays it too) and overlaps other sounds; the item pickup (11025 Hz,
# so resampled) plays alone, exactly as the mixer computes it
SOUNDS = (('DSPISTOL', 0.85), ('DSITEMUP', 0.99))
# the player's own sounds: centred at the default sfx volume 8 (the engine's 64): left + right
# is the template times 64 * (126 + 128) / 128 / 256
PLAYER_GAIN = 64 * 254 / 128 / 256
CONTROL_MAX = 0.75  # the pistol reversed in time: not in the stream

ASOUNDRC = '''pcm.!default {
	type file
	slave.pcm { type null }
	file "%s"
	format "raw"
}
'''


def parse_args():
	def extra(p):
		p.add_argument('--phase', required=True, choices=['sound', 'sound-rate', 'sound-missing'])
		p.add_argument('--game', required=True)
		p.add_argument('--find-sample', required=True)
	return harness.parse_args(extra)


def wad_lump(path, name):
	"""The bytes of lump `name` of a WAD file."""
	with open(path, 'rb') as f:
		blob = f.read()
	magic, count, table = struct.unpack_from('<4sii', blob, 0)
	check(magic in (b'IWAD', b'PWAD'), '%s is not a WAD' % path)
	for i in range(count):
		pos, size, raw = struct.unpack_from('<ii8s', blob, table + 16 * i)
		if raw.rstrip(b'\0').decode('ascii', 'replace').upper() == name:
			return blob[pos:pos + size]
	raise harness.TestFailure('no lump %s in %s' % (name, path))


def dmx_sound(lump):
	"""(rate, unsigned 8-bit samples) of a DMX sound lump, the padding left out as dg_mix does."""
	fmt, rate, count = struct.unpack_from('<HHI', lump, 0)
	check(fmt == 3 and count <= len(lump) - 8, 'not a DMX sound lump')
	pcm = lump[8:8 + count]
	if count > 32:
		pcm = pcm[16:-16]
	return rate, pcm


def resample(pcm, rate, out_rate, frames):
	"""The first `frames` frames of pcm at out_rate as dg_mix steps it: 32.32 fixed point,
	zero-order hold; signed, scaled by 256."""
	step = (rate << 32) // out_rate
	out = []
	pos = 0
	while len(out) < frames and (pos >> 32) < len(pcm):
		out.append((pcm[pos >> 32] - 128) * 256)
		pos += step
	return out


def wait_rusage(client, timeout):
	"""Waits for the client with wait4; (exit status, rusage)."""
	deadline = time.monotonic() + timeout
	while True:
		pid, status, ru = os.wait4(client.pid, os.WNOHANG)
		if pid == client.pid:
			client.proc.returncode = os.waitstatus_to_exitcode(status)
			return client.proc.returncode, ru
		if time.monotonic() > deadline:
			client.kill()
			os.wait4(client.pid, 0)
			raise harness.TestFailure('%s did not end within %d s:\n%s'
						  % (client.name, timeout, client.stderr()[-3000:]))
		time.sleep(0.05)


def timedemo(s, game, iwad, name, options, raw=None):
	"""Runs -timedemo demo1 with ALSA's default device writing to raw (if given)."""
	conf = os.path.join(s.dir, name + '.asoundrc')
	with open(conf, 'w') as f:
		f.write(ASOUNDRC % raw if raw else '# no device\n')
	cmd = [game, '-iwad', iwad, '-timedemo', 'demo1', '-nogui', '-dgstats'] + options
	t0 = time.monotonic()
	g = s.spawn(cmd, name, env={'ALSA_CONFIG_PATH': conf})
	status, ru = wait_rusage(g, TIMEDEMO_TIMEOUT)
	took = time.monotonic() - t0
	out, err = g.stdout(), g.stderr()
	m = TIMED.search(err)
	check(m, '%s: no "timed N gametics" from the engine (status %s):\n%s'
	      % (name, status, err[-3000:]))
	gametics, realtics, fps = int(m.group(1)), int(m.group(2)), float(m.group(3))
	check(gametics > 1000, '%s: the timedemo: %s' % (name, m.group(0)))
	r = {'name': name, 'out': out, 'err': err, 'took': took, 'fps': fps,
	     'gametics': gametics, 'nvcsw': ru.ru_nvcsw, 'nivcsw': ru.ru_nivcsw,
	     'cpu': ru.ru_utime + ru.ru_stime, 'opened': OPENED.search(out)}
	frames = re.search(r'picowl-dg: (\d+) frames', err)
	r['frames'] = int(frames.group(1)) if frames else 0
	log('%s: %s; %.1f s; %d voluntary context switches (%.2f a frame), %d involuntary; '
	    'CPU %.2f s' % (name, m.group(0), took, r['nvcsw'],
			    r['nvcsw'] / max(r['frames'], 1), r['nivcsw'], r['cpu']))
	return r


def stream_problems(r, raw, find_sample, iwad, workdir):
	"""Checks a thread or tick run's stream; returns a list of problems."""
	m = r['opened']
	if not m:
		return ['%s: no "picowl-dg: sound: ALSA ..." line:\n%s%s'
			% (r['name'], r['out'][-2000:], r['err'][-2000:])]
	rate = int(m.group(1))
	if not os.path.exists(raw):
		return ['%s: the file plugin wrote no %s' % (r['name'], raw)]
	size = os.path.getsize(raw)
	seconds = size / 4 / rate
	log('%s: %d bytes, %.1f s of S16 stereo at %d Hz (period %s, buffer %s, %s mode)'
	    % (r['name'], size, seconds, rate, m.group(2), m.group(3), m.group(4)))
	problems = []
	# as long as the run, give or take the buffer and the clock guard's second
	if not (0.5 * r['took'] - 1 < seconds < r['took'] + 3):
		problems.append('%s: %.1f s of audio in a %.1f s run' % (r['name'], seconds, r['took']))
	with open(raw, 'rb') as f:
		data = f.read()
	samples = struct.unpack('<%dh' % (len(data) // 2), data[:len(data) // 2 * 2])
	loud = sum(1 for v in samples if abs(v) > 1000)
	peak = max((abs(v) for v in samples), default=0)
	log('%s: peak %d, %d samples above 1000 (%.1f %%)'
	    % (r['name'], peak, loud, 100.0 * loud / max(len(samples), 1)))
	if loud < rate // 10:
		problems.append('%s: the stream is (nearly) silent: peak %d, %d samples above 1000'
				% (r['name'], peak, loud))
	for lump, least in SOUNDS + (('DSPISTOL reversed', None),):
		src_rate, pcm = dmx_sound(wad_lump(iwad, lump.split()[0]))
		tpl = resample(pcm, src_rate, rate, int(rate * TEMPLATE_S))
		if least is None:
			tpl.reverse()
		tpl_path = os.path.join(workdir, '%s-%s.s16' % (r['name'], lump.replace(' ', '-')))
		with open(tpl_path, 'wb') as f:
			f.write(struct.pack('<%dh' % len(tpl), *tpl))
		res = subprocess.run([find_sample, raw, tpl_path], capture_output=True, text=True,
				     timeout=300)
		b = BEST.search(res.stdout)
		if res.returncode != 0 or not b:
			problems.append('dg-find-sample failed (%d): %s%s'
					% (res.returncode, res.stdout, res.stderr))
			continue
		ncc, at, gain = float(b.group(1)), int(b.group(2)), float(b.group(3))
		log('%s: %s (%d samples at %d Hz; its first %d frames at %d Hz): best at %.2f s, '
		    'normalized cross-correlation %.4f, gain %.4f (left + right)'
		    % (r['name'], lump, len(pcm), src_rate, len(tpl), rate, at / rate, ncc, gain))
		if least is None:
			if ncc > CONTROL_MAX:
				problems.append('%s: the control %s correlates %.4f > %.2f: the search '
						'finds anything' % (r['name'], lump, ncc, CONTROL_MAX))
		elif ncc < least:
			problems.append('%s: %s not in the stream: best correlation %.4f < %.2f'
					% (r['name'], lump, ncc, least))
		elif least >= 0.99 and abs(gain - PLAYER_GAIN) > 0.02 * PLAYER_GAIN:
			problems.append('%s: %s at gain %.4f, not the player\'s %.4f'
					% (r['name'], lump, gain, PLAYER_GAIN))
	return problems


def run_sound(args, s, game, iwad):
	find_sample = harness.need(args.find_sample, 'dg-find-sample', '(ninja builds it)')
	raws = {n: os.path.join(s.dir, n + '.raw') for n in ('thread', 'tick', 'nosound')}
	runs = {
		'thread': timedemo(s, game, iwad, 'thread', [], raws['thread']),
		'tick': timedemo(s, game, iwad, 'tick', ['-audio-mode', 'tick'], raws['tick']),
		'nosound': timedemo(s, game, iwad, 'nosound', ['-nosound'], raws['nosound']),
	}
	problems = []
	for n in ('thread', 'tick'):
		problems += stream_problems(runs[n], raws[n], find_sample, iwad, s.dir)
	r = runs['nosound']
	if os.path.exists(raws['nosound']) and os.path.getsize(raws['nosound']) > 0:
		problems.append('-nosound wrote %d bytes' % os.path.getsize(raws['nosound']))
	if r['opened'] or 'no sound' in r['err']:
		problems.append('-nosound tried the device:\n%s%s' % (r['out'][-1000:], r['err'][-1000:]))
	log('voluntary context switches: thread %d, tick %d, -nosound %d (tick/-nosound %.2f)'
	    % (runs['thread']['nvcsw'], runs['tick']['nvcsw'], r['nvcsw'],
	       runs['tick']['nvcsw'] / max(r['nvcsw'], 1)))
	if runs['tick']['nvcsw'] > 1.5 * r['nvcsw'] + 20:
		problems.append('tick mode: %d voluntary context switches, more than 1.5x -nosound\'s %d'
				% (runs['tick']['nvcsw'], r['nvcsw']))
	check(not problems, '\n'.join(problems))


def run_rate(args, s, game, iwad):
	find_sample = harness.need(args.find_sample, 'dg-find-sample', '(ninja builds it)')
	raw = os.path.join(s.dir, 'rate.raw')
	r = timedemo(s, game, iwad, 'rate', ['-audio-mode', 'tick', '-audio-rate', '44100',
					     '-audio-period', '1024', '-audio-periods', '2'], raw)
	check(r['opened'] and r['opened'].group(1) == '44100' and r['opened'].group(2) == '1024'
	      and r['opened'].group(3) == '2048', 'not 44100 Hz, 1024 x 2 frames: %s'
	      % (r['opened'].group(0) if r['opened'] else r['out'][-1000:]))
	problems = stream_problems(r, raw, find_sample, iwad, s.dir)
	check(not problems, '\n'.join(problems))


def run_missing(s, game, iwad):
	r = timedemo(s, game, iwad, 'missing', ['-audio-device', 'nosuch', '-presentmode', 'new'],
		     os.path.join(s.dir, 'missing.raw'))
	lines = [ln for ln in r['err'].splitlines() if 'sound' in ln.lower() or 'alsa' in ln.lower()]
	log('stderr about sound: %s' % lines)
	check(len(lines) == 1 and lines[0].startswith('picowl-dg: no sound: '),
	      'a missing device should give one "picowl-dg: no sound" line, not:\n%s'
	      % '\n'.join(lines))
	check(not r['opened'], 'the module claims it opened a missing device')


def run(args):
	game = harness.need(args.game, 'doomgeneric-picowl', '(configure with -Ddoomgeneric=PATH)')
	iwad = harness.need(args.iwad, 'freedoom1.wad', 'freedoom')
	with harness.Session(args, size='240x320', fmt='rgb565') as s:
		if args.phase == 'sound':
			run_sound(args, s, game, iwad)
		elif args.phase == 'sound-rate':
			run_rate(args, s, game, iwad)
		else:
			run_missing(s, game, iwad)
		s.check_alive('after the timedemos')


if __name__ == '__main__':
	args = parse_args()
	harness.main(lambda: run(args))
