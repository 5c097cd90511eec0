#!/usr/bin/env python3
"""Descriptors (doc/robustness.md, doc/decisions.md 4.39). The clients speak the wire
protocol themselves (wl_display.sync carrying 28 descriptors each, which libwayland keeps queued):

  --scenario pin: picowl under `prlimit --nofile=1024:4096` runs at 4,096 and its children at
    1,024; a client pinning 1,008 descriptors gets no_memory and goes, picowl's descriptors
    return to their count, a good client connecting afterwards gets its wl_keyboard and keymap,
    picowl-ctl works; 84 descriptors pass the default share of 128 but not client_fds = 64; a config reload while picowl has no descriptor left (connections
    flooded until accept fails) applies nothing, picowl logs a few lines (not a line per try)
    and sleeps meanwhile, and once the connections go a new one works; again with an odd count
    (the last accept works, libwayland's copy of the socket fails); then a reload applies.
  --scenario flood: at the machine's limit, 30 clients pin descriptors and reconnect for 10 s:
    each is dropped at its share, picowl logs less than 100 KB, picowl-ctl works throughout,
    and a good client gets its keyboard once they go.
  --scenario sandbox: as pin's flood, through a security context's socket (shellclient, 4.95):
    picowl out of descriptors sleeps and logs a counted line, and once the connections go a
    sandboxed client gets its keyboard.
"""

import array
import os
import resource
import socket
import struct
import subprocess
import sys
import time

import harness
from harness import check, log

SYNCS, FDS_PER_SYNC = 36, 28  # the 1,008 descriptors
NO_MEMORY = 2  # wl_display.error code


def fd_count(pid):
	return len(os.listdir('/proc/%d/fd' % pid))


def settled_fd_count(pid):
	"""picowl's descriptors once its start is over: the seat compiles the keymap (a memfd) after
	the first frame, so a count taken before it would miss that one for good."""
	def keymap():
		for f in os.listdir('/proc/%d/fd' % pid):
			try:
				if os.readlink('/proc/%d/fd/%s' % (pid, f)).startswith('/memfd:picowl-keymap'):
					return True
			except OSError:
				pass
		return False
	harness.poll(keymap, 'picowl compiles its keymap', timeout=10)
	return fd_count(pid)


def nofile(pid):
	with open('/proc/%d/limits' % pid) as f:
		for line in f:
			if line.startswith('Max open files'):
				soft, hard = line.split()[3:5]
				return int(soft), int(hard)
	raise harness.TestFailure('no "Max open files" in /proc/%d/limits' % pid)


def cpu_seconds(pid):
	with open('/proc/%d/stat' % pid) as f:
		fields = f.read().rsplit(')', 1)[1].split()
	return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def wl_string(s):
	b = s.encode() + b'\0'
	return struct.pack('<I', len(b)) + b + b'\0' * (-len(b) % 4)


def message(obj, opcode, payload=b''):
	return struct.pack('<II', obj, ((8 + len(payload)) << 16) | opcode) + payload


class Wire:
	"""One connection speaking the protocol by hand: requests out, events (and fds) in."""

	def __init__(self, path):
		self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
		self.sock.connect(path)
		self.buf = b''
		self.fds = []
		self.next_id = 2

	def new_id(self):
		self.next_id += 1
		return self.next_id - 1

	def send(self, data, fds=()):
		anc = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array('i', fds))] if fds else []
		self.sock.sendmsg([data], anc)

	def read_events(self, timeout):
		"""Reads what comes within timeout; yields (object, opcode, payload); stops at EOF."""
		self.sock.settimeout(timeout)
		try:
			data, anc, _, _ = self.sock.recvmsg(65536, socket.CMSG_SPACE(28 * 4))
		except socket.timeout:
			return None
		except (ConnectionResetError, BrokenPipeError):
			data, anc = b'', []
		for level, kind, cdata in anc:
			if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
				self.fds += array.array('i', cdata[:len(cdata) - len(cdata) % 4]).tolist()
		self.buf += data
		events = []
		while len(self.buf) >= 8:
			obj, word = struct.unpack('<II', self.buf[:8])
			size = word >> 16
			if len(self.buf) < size:
				break
			events.append((obj, word & 0xffff, self.buf[8:size]))
			self.buf = self.buf[size:]
		return events if data else events + [None]

	def close(self):
		self.sock.close()
		for fd in self.fds:
			os.close(fd)
		self.fds = []


def display_error(events):
	for e in events:
		if e and e[0] == 1 and e[1] == 0:
			return struct.unpack('<II', e[2][:8])[1]
	return None


def pin(path, syncs=SYNCS):
	"""Sends `syncs` wl_display.sync with 28 descriptors each, then one without; returns (the
	error code or None, whether picowl closed the connection) once closed or answered."""
	w = Wire(path)
	null = os.open('/dev/null', os.O_RDONLY)
	events, closed, answered = [], False, False
	try:
		for _ in range(syncs):
			w.send(message(1, 0, struct.pack('<I', w.new_id())), [null] * FDS_PER_SYNC)
		last = w.new_id()
		w.send(message(1, 0, struct.pack('<I', last)))
	except OSError:
		last = None  # dropped already (EPIPE), or too many descriptors in flight (ETOOMANYREFS)
	os.close(null)
	deadline = time.monotonic() + 10
	while not closed and not answered and time.monotonic() < deadline:
		got = w.read_events(1.0) or []
		closed = None in got
		events += [e for e in got if e]
		answered = any(e[0] == last and e[1] == 0 for e in events)
	w.close()
	return display_error(events), closed


def keyboard(path):
	"""A good client: wl_seat, get_keyboard; returns the keymap's first bytes (or fails)."""
	w = Wire(path)
	registry = w.new_id()
	w.send(message(1, 1, struct.pack('<I', registry)))
	done = w.new_id()
	w.send(message(1, 0, struct.pack('<I', done)))
	seat_name, events = None, []
	deadline = time.monotonic() + 10
	while time.monotonic() < deadline and not any(e and e[0] == done for e in events):
		events += w.read_events(1.0) or []
		check(None not in events, 'the good client was disconnected during the roundtrip')
	for e in events:
		if e and e[0] == registry and e[1] == 0:
			name = struct.unpack('<I', e[2][:4])[0]
			n = struct.unpack('<I', e[2][4:8])[0]
			if e[2][8:8 + n - 1] == b'wl_seat':
				seat_name = name
	check(seat_name is not None, 'no wl_seat global')
	seat, kb = w.new_id(), w.new_id()
	w.send(message(registry, 0, struct.pack('<I', seat_name) + wl_string('wl_seat')
		       + struct.pack('<II', 5, seat)))
	w.send(message(seat, 1, struct.pack('<I', kb)))
	events = []
	deadline = time.monotonic() + 10
	while time.monotonic() < deadline and not any(e and e[0] == kb and e[1] == 0
						      for e in events):
		got = w.read_events(1.0) or []
		events += got
		check(None not in got, 'the good client was disconnected after get_keyboard '
		      '(error %s)' % display_error([e for e in events if e]))
	keymap = [e for e in events if e and e[0] == kb and e[1] == 0]
	check(keymap, 'no wl_keyboard.keymap within 10 s')
	check(w.fds, 'the keymap event came without its descriptor')
	size = struct.unpack('<II', keymap[0][2][:8])[1]
	head = os.pread(w.fds[-1], 64, 0)
	w.close()
	check(size > 1000 and head.startswith(b'xkb_keymap'), 'the keymap (%d bytes) starts %r'
	      % (size, head[:20]))
	return size


def ctl(s, args, *cmd):
	r = subprocess.run([args.ctl] + list(cmd), env=s.client_env(), stdout=subprocess.PIPE,
			   stderr=subprocess.PIPE, timeout=10)
	check(r.returncode == 0, 'picowl-ctl %s failed (%d): %s' % (' '.join(cmd), r.returncode,
								  r.stderr.decode(errors='replace')))
	return r.stdout.decode(errors='replace')


def log_bytes(s):
	return os.path.getsize(s.picowl_err)


def scenario_pin(args):
	s = harness.Session(args)
	wrapper = os.path.join(s.dir, 'picowl-prlimit')
	with open(wrapper, 'w') as f:
		f.write('#!/bin/sh\nexec prlimit --nofile=1024:4096 %s "$@"\n' % s.picowl_path)
	os.chmod(wrapper, 0o755)
	s.picowl_path = wrapper
	with s:
		run_pin(s, args)


def run_pin(s, args):
	path = os.path.join(s.runtime, s.socket)
	check(nofile(s.pid) == (4096, 4096), 'picowl runs with nofile %s, not raised to 4096'
	      % (nofile(s.pid),))
	out = os.path.join(s.dir, 'child-limit')
	ctl(s, args, 'spawn', 'sh', '-c', 'ulimit -n > %s' % out)
	harness.poll(lambda: os.path.exists(out) and open(out).read().strip(),
		     'the spawned child writes its limit', timeout=10)
	child = open(out).read().strip()
	check(child == '1024', 'a child of picowl runs with nofile %s, not the 1024 picowl had'
	      % child)
	log('picowl runs at nofile 4096:4096, its children at 1024')

	before = settled_fd_count(s.pid)
	code, closed = pin(path)
	check(closed and code == NO_MEMORY, 'the pinning client was not dropped with no_memory '
	      '(error %s, closed %s)' % (code, closed))
	harness.poll(lambda: fd_count(s.pid) <= before, 'picowl closes the pinned descriptors')
	log('a client sending %d descriptors got no_memory and went; picowl back at %d fds'
	    % (SYNCS * FDS_PER_SYNC, fd_count(s.pid)))
	size = keyboard(path)
	log('a good client connecting afterwards got wl_keyboard and its keymap (%d bytes)' % size)
	ctl(s, args, 'tiles')

	# [limits] client_fds: 84 descriptors pass the default share of 128, not a share of 64.
	code, closed = pin(path, 3)
	check(not closed and code is None, 'a client leaving 84 descriptors was dropped (error %s)'
	      % code)
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('[limits]\nclient_fds = 64\n')
	ctl(s, args, 'reload')
	code, closed = pin(path, 3)
	check(closed and code == NO_MEMORY, 'with client_fds = 64 a client leaving 84 descriptors '
	      'was not dropped (error %s, closed %s)' % (code, closed))
	log('84 descriptors: kept at the default share, dropped with client_fds = 64')
	with open(os.path.join(s.home, '.config', 'picowl', 'picowl.ini'), 'w') as f:
		f.write('')
	ctl(s, args, 'reload')

	# No descriptor left: connections until accept fails. Each client costs two (libwayland's
	# event loop copies its socket), so what fails last depends on how many picowl holds at
	# rest, which its globals change: an even count of free ones first, so that accept fails,
	# then an odd one, so that the last accept succeeds and the copy fails. A client holding
	# one descriptor (three in all) turns one into the other.
	def free_is_even():
		return (4096 - settled_fd_count(s.pid)) % 2 == 0

	def hold():
		null = os.open('/dev/null', os.O_RDONLY)
		holder = Wire(path)
		holder.send(message(1, 0, struct.pack('<I', holder.new_id())), [null])
		os.close(null)
		harness.poll(lambda: fd_count(s.pid) == before + 3, 'picowl holds the held descriptor')
		return holder

	holder = None if free_is_even() else hold()
	mark = exhaust(s, args, path, before + (3 if holder else 0), reload=True)
	if holder:
		holder.close()
		harness.poll(lambda: fd_count(s.pid) <= before, 'the holder\'s descriptors go')
	holder = hold() if free_is_even() else None
	exhaust(s, args, path, before + (3 if holder else 0), reload=False)
	if holder:
		holder.close()
	check('reloaded' in ctl(s, args, 'reload') + open(s.picowl_err).read()[mark:],
	      'a reload after the flood did not apply')
	log('a reload after the floods applied')


def exhaust(s, args, path, before, reload):
	"""Connects until picowl has no descriptor left; picowl must sleep and log little."""
	conns = []
	limit = 4096

	def connect():
		"""Connects until the backlog is full (picowl accepts them meanwhile)."""
		while True:
			c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
			c.setblocking(False)
			try:
				c.connect(path)
				conns.append(c)
			except BlockingIOError:
				c.close()
				return
	deadline = time.monotonic() + 30
	while fd_count(s.pid) < limit - 1:
		check(time.monotonic() < deadline, 'picowl did not run out of descriptors in 30 s '
		      '(%d open, %d connections)' % (fd_count(s.pid), len(conns)))
		connect()
		time.sleep(0.005)
	time.sleep(0.2)
	connect()  # more, waiting in the backlog
	mark = log_bytes(s)
	log('%d connections made; picowl has %d descriptors open' % (len(conns), fd_count(s.pid)))
	cpu = cpu_seconds(s.pid)
	if reload:
		os.kill(s.pid, 1)  # SIGHUP: reload
	time.sleep(3)
	cpu = cpu_seconds(s.pid) - cpu
	text = open(s.picowl_err, errors='replace').read()[mark:]
	log('picowl used %.2f s of CPU in 3 s with accept failing; it logged %d bytes:\n%s'
	    % (cpu, len(text), text[-600:]))
	if reload:
		check('not read; nothing applied' in text and 'reloaded' not in text,
		      'a reload without descriptors did not keep the config')
	what = 'accept a connection' if reload else 'create a client'
	check('picowl: cannot %s: Too many open files' % what in text
	      and 'more like it in 1.' in text, 'no counted line "cannot %s"' % what)
	check(len(text) < 4000, 'picowl logged %d bytes in 3 s of failing accepts' % len(text))
	check(cpu < 1.0, 'picowl spun: %.2f s of CPU in 3 s while accept failed' % cpu)
	s.check_alive('with accept failing')
	for c in conns:
		c.close()
	harness.poll(lambda: fd_count(s.pid) <= before, 'the flooded connections go')
	size = keyboard(path)
	log('after the flood: a new client got its keymap (%d bytes)' % size)
	return mark


def scenario_sandbox(args):
	"""Connections through a security context's socket until accept fails."""
	s = harness.Session(args)
	wrapper = os.path.join(s.dir, 'picowl-prlimit')
	with open(wrapper, 'w') as f:
		f.write('#!/bin/sh\nexec prlimit --nofile=1024:4096 %s "$@"\n' % s.picowl_path)
	os.chmod(wrapper, 0o755)
	s.picowl_path = wrapper
	with s:
		path = os.path.join(s.dir, 'sandbox.sock')
		state = os.path.join(s.dir, 'sandbox.state')
		open(state, 'w').close()
		s.spawn([args.client, state, 'sandbox', path], 'shellclient-sandbox')
		harness.poll(lambda: 'listening' in open(state).read(), 'the context listens')
		before = settled_fd_count(s.pid)
		mark = log_bytes(s)
		conns = []
		deadline = time.monotonic() + 30
		while fd_count(s.pid) < 4095:
			check(time.monotonic() < deadline, 'picowl did not run out of descriptors in 30 s')
			c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
			c.setblocking(False)
			try:
				c.connect(path)
				conns.append(c)
			except BlockingIOError:
				c.close()
				time.sleep(0.005)
		for _ in range(4):  # more, waiting in the backlog
			c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
			c.setblocking(False)
			try:
				c.connect(path)
				conns.append(c)
			except BlockingIOError:
				c.close()
		time.sleep(0.2)
		cpu = cpu_seconds(s.pid)
		time.sleep(3)
		cpu = cpu_seconds(s.pid) - cpu
		text = open(s.picowl_err, errors='replace').read()[mark:]
		log('%d sandboxed connections; picowl used %.2f s of CPU in 3 s, logged %d bytes:\n%s'
		    % (len(conns), cpu, len(text), text[-400:]))
		check(cpu < 1.0, 'picowl spun: %.2f s of CPU in 3 s while accept failed' % cpu)
		check('security context: cannot' in text and 'Too many open files' in text,
		      'no counted line "security context: cannot ..."')
		check(len(text) < 4000, 'picowl logged %d bytes in 3 s of failing accepts' % len(text))
		s.check_alive('with accept failing')
		for c in conns:
			c.close()
		harness.poll(lambda: fd_count(s.pid) <= before, 'the flooded connections go')
		size = keyboard(path)
		log('after the flood: a sandboxed client got its keymap (%d bytes)' % size)


def scenario_flood(args):
	with harness.Session(args) as s:
		path = os.path.join(s.runtime, s.socket)
		soft, hard = nofile(s.pid)
		check(soft == hard, 'picowl did not raise its soft limit %d to %d' % (soft, hard))
		before = settled_fd_count(s.pid)
		mark = log_bytes(s)
		start = time.monotonic()
		pinners = [subprocess.Popen([sys.executable, os.path.abspath(__file__), '--pin-loop',
					     path, '10'], stdout=subprocess.PIPE)
			   for _ in range(30)]
		calls = 0
		while any(p.poll() is None for p in pinners):
			ctl(s, args, 'tiles')
			calls += 1
			time.sleep(0.2)
		results = [p.communicate()[0].decode().split() for p in pinners]
		elapsed = time.monotonic() - start
		drops = sum(int(r[0]) for r in results if r)
		kept = sum(int(r[1]) for r in results if r)
		logged = log_bytes(s) - mark
		log('30 clients pinning descriptors for %.1f s at nofile %d: dropped %d times with '
		    'no_memory (%d not), picowl logged %d bytes, picowl-ctl answered %d times'
		    % (elapsed, soft, drops, kept, logged, calls))
		check(all(p.returncode == 0 for p in pinners), 'a pinning client failed')
		check(drops >= 30 and kept == 0, 'not every pinning connection was dropped')
		check(logged < 100000, 'picowl logged %d bytes' % logged)
		harness.poll(lambda: fd_count(s.pid) <= before, 'the pinned descriptors go')
		size = keyboard(path)
		log('a good client afterwards got its keymap (%d bytes)' % size)


def pin_loop(path, seconds):
	"""Child process: pin, get dropped, reconnect, until `seconds` pass; prints the counts."""
	deadline = time.monotonic() + float(seconds)
	dropped = kept = 0
	while time.monotonic() < deadline:
		code, closed = pin(path, 40)
		if closed and code == NO_MEMORY:
			dropped += 1
		elif closed:
			dropped += 1  # libwayland's own buffer overflowed first (a share of 1,024)
		else:
			kept += 1
	print(dropped, kept)


def add_args(p):
	p.add_argument('--scenario', required=True, choices=['pin', 'flood', 'sandbox'])
	p.add_argument('--client', default='')
	p.add_argument('--ctl', required=True)
	p.add_argument('--robust', default='')


def run():
	args = harness.parse_args(add_args)
	# this process holds thousands of connections; the clients it starts pin descriptors
	soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
	resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
	if args.scenario == 'pin':
		scenario_pin(args)
	elif args.scenario == 'sandbox':
		scenario_sandbox(args)
	else:
		scenario_flood(args)


if __name__ == '__main__':
	if len(sys.argv) == 4 and sys.argv[1] == '--pin-loop':
		pin_loop(sys.argv[2], sys.argv[3])
	else:
		harness.main(run)
