#!/usr/bin/env python3
"""Bad .desktop files for the panel's launcher (decision 4.52), one case a test (--case): each
gives a message naming the file (and the line where there is one) and never a crash; the good
files beside it are still listed. The launcher's list is what `picowl-panel --list-apps` prints
(the reading the launcher does, one NAME<TAB>ARGV line a program). The case `many` opens the
launcher of a live panel on 5,000 files while weston-simple-shm draws every frame: the panel
reads them over many turns of its loop, and the client keeps one commit a frame of picowl's,
counted by picowl's counters (frames, not seconds)."""

import json
import os
import subprocess

import harness
import session
from harness import check, log

GOOD = '[Desktop Entry]\nType=Application\nName=Good\nExec=good-prog --flag\n'


def list_apps(args, data, env_more=None):
	env = dict(os.environ, XDG_DATA_DIRS=data, XDG_DATA_HOME='/nonexistent',
		   PICOWL_CONFIG=os.path.join(data, 'picowl.ini'), LC_ALL='C.UTF-8')
	env.update(env_more or {})
	r = subprocess.run([args.panel, '--list-apps'], env=env, stdout=subprocess.PIPE,
			   stderr=subprocess.PIPE, timeout=60)
	check(r.returncode == 0, 'picowl-panel --list-apps: status %d' % r.returncode)
	rows = [l.split('\t') for l in r.stdout.decode().splitlines()]
	return rows, r.stderr.decode(errors='replace')


def write(data, name, content):
	d = os.path.join(data, 'applications')
	os.makedirs(d, exist_ok=True)
	mode = 'wb' if isinstance(content, bytes) else 'w'
	with open(os.path.join(d, name), mode) as f:
		f.write(content)
	return os.path.join(d, name)


def with_good(args, data, bad_name):
	write(data, 'good.desktop', GOOD)
	rows, err = list_apps(args, data)
	log('stderr: %s' % err.strip()[:300])
	check(['Good', 'good-prog', '--flag'] in rows, 'the good file beside %s: %s' % (bad_name, rows))
	return rows, err


def case_broken(args, data):
	paths = [write(data, 'nogroup.desktop', 'Name=x\nExec=y\n'),
		 write(data, 'badlines.desktop', '[Desktop Entry]\nType=Application\nName=Lines\n'
		       'Exec=lines\nthis is no key\n[broken\n'),
		 write(data, 'noexec.desktop', '[Desktop Entry]\nType=Application\nName=NoExec\n'),
		 write(data, 'empty.desktop', '')]
	rows, err = with_good(args, data, 'broken files')
	check(paths[0] + ':1:' in err, 'no message names nogroup.desktop:1')
	check(paths[1] + ':5:' in err, 'no message names badlines.desktop:5')
	check(paths[2] in err and 'no Exec' in err, 'no message says noexec.desktop has no Exec')
	check(paths[3] in err, 'no message names the empty file')
	check(['Lines', 'lines'] in rows, 'a file with a bad line is still listed')
	check(not any(r[0] == 'NoExec' for r in rows), 'a file without Exec is listed')


def case_binary(args, data):
	path = write(data, 'binary.desktop', bytes(range(256)) * 8)
	latin = write(data, 'latin1.desktop', b'[Desktop Entry]\nName=Gr\xfc\xdfe\nExec=x\n')
	rows, err = with_good(args, data, 'binary files')
	check(path in err and 'not a text file' in err, 'no message names the binary file')
	check(latin in err and 'UTF-8' in err, 'no message names the file not in UTF-8')
	check(len(rows) == 1, 'binary files listed: %s' % rows)


def case_huge(args, data):
	path = write(data, 'huge.desktop', GOOD.replace('Good', 'Huge') + '#' * (1 << 20) + '\n')
	rows, err = with_good(args, data, 'a huge file')
	check(path in err and 'larger than' in err, 'no message names the huge file')
	check(not any(r[0] == 'Huge' for r in rows), 'the huge file is listed')


def case_long_exec(args, data):
	path = write(data, 'long.desktop', '[Desktop Entry]\nType=Application\nName=Long\n'
		     'Exec=prog %s\n' % ('a' * 10240))
	rows, err = with_good(args, data, 'a 10 kB Exec')
	check(path in err and 'longer than a spawn request' in err,
	      'no message names the file of the 10 kB Exec')
	check(not any(r[0] == 'Long' for r in rows), 'the entry of the 10 kB Exec is listed')


def case_field_codes(args, data):
	path = write(data, 'codes.desktop', '[Desktop Entry]\nType=Application\nName=Codes\n'
		     'Icon=icon-name\nExec=prog %f %F %u %U %d %D %n %N %v %m --file=%f '
		     '"a \\\\"q\\\\" b" 100%% %c %k %i\n')
	bad = write(data, 'badcode.desktop', '[Desktop Entry]\nType=Application\nName=Bad\n'
		    'Exec=prog %z\n')
	term = write(data, 'term.desktop', '[Desktop Entry]\nType=Application\nName=Term\n'
		     'Terminal=true\nExec=top\n')
	with open(os.path.join(data, 'picowl.ini'), 'w') as f:
		f.write('[launcher]\nterminal = xterm -e\npin = term.desktop\n'
			'add = Added: echo "x y"\nhide = good.desktop\nfoo = 1\n')
	write(data, 'good.desktop', GOOD)
	# a file id earlier in XDG_DATA_DIRS hides the later ones, Hidden=true ones too
	write(data, 'gone.desktop', '[Desktop Entry]\nType=Application\nName=Gone\nExec=x\n'
	      'Hidden=true\n')
	write(data, 'tryexec.desktop', '[Desktop Entry]\nType=Application\nName=NoTry\nExec=x\n'
	      'TryExec=/nonexistent/program\n')
	later = data + '-later'
	write(later, 'codes.desktop', '[Desktop Entry]\nType=Application\nName=Shadowed\nExec=x\n')
	write(later, 'gone.desktop', '[Desktop Entry]\nType=Application\nName=Gone2\nExec=x\n')
	write(later, 'later.desktop', '[Desktop Entry]\nType=Application\nName=Later\nExec=x\n')
	rows, err = list_apps(args, data, {'XDG_DATA_DIRS': data + ':' + later})
	subprocess.run(['rm', '-rf', later])
	log('rows: %s' % rows)
	names = [r[0] for r in rows]
	check('Later' in names and 'Shadowed' not in names,
	      'the earlier codes.desktop does not hide the later one: %s' % names)
	check('Gone' not in names and 'Gone2' not in names, 'Hidden=true did not hide its id')
	check('NoTry' not in names, 'an entry whose TryExec is missing is listed')
	check(rows[0] == ['Term', 'xterm', '-e', 'top'], 'the pinned terminal entry: %s' % rows[0])
	check(['Codes', 'prog', '--file=', 'a "q" b', '100%', 'Codes', path, '--icon',
	       'icon-name'] in rows, 'the field codes expanded: %s' % rows)
	check(['Added', 'echo', 'x y'] in rows, '[launcher] add is missing')
	check(not any(r[0] == 'Good' for r in rows), '[launcher] hide did not hide good.desktop')
	check(bad in err and '%z' in err, 'no message names the unknown field code\'s file')
	check('Bad' not in names, 'the entry with an unknown field code is listed')
	check('picowl.ini:6: [launcher] foo' in err, 'no message names the ini line of foo')


def frames_commits(s):
	report = json.loads(session.ctl(s, 'counters', '--json'))
	return report['summary']['frames'], report['summary']['commits']


def case_many(args, data):
	harness.need(args.simple_shm, 'weston-simple-shm', 'weston')
	for i in range(5000):
		write(data, 'app%04d.desktop' % i, '[Desktop Entry]\nType=Application\n'
		      'Name=App %d\nExec=prog%d\nComment=%s\n' % (i, i, 'x' * 200))
	s = harness.Session(args, extra_args=['--test-hooks'])
	with s:
		env = s.client_env({'XDG_DATA_DIRS': data, 'XDG_DATA_HOME': '/nonexistent',
				    'PICOWL_CONFIG': ''})
		panel = s.spawn([args.panel], 'picowl-panel', env=env)
		s.spawn([args.simple_shm], 'simple-shm')
		s.wait_until(lambda img: session.panel_shown(img, (30, 0, 100, 16)), 'the panel')
		s.poll(lambda: frames_commits(s)[0] > 30, 'simple-shm drawing')
		session.ctl(s, 'counters', '--reset')
		session.touch(s, 'tap', 12, 8)
		s.poll(lambda: 'the launcher read' in panel.stderr(), 'the launcher read 5,000 files',
		       timeout=120)
		frames, commits = frames_commits(s)
		line = [l for l in panel.stderr().splitlines() if 'the launcher read' in l][0]
		log(line)
		turns = int(line.split(' in ')[1].split()[0])
		log('while the panel read: picowl showed %d frames, %d commits' % (frames, commits))
		check('5000 programs' in line, 'not every file listed: %s' % line)
		check(turns >= 5000 // 16, 'the files were read in %d turns: not a few at a time' % turns)
		# simple-shm commits once a frame; the panel a few times: the client kept its rate
		check(frames >= 1 and commits >= frames * 8 // 10,
		      '%d commits in %d frames: simple-shm was held up' % (commits, frames))
		check(panel.alive(), 'the panel died reading 5,000 files')
		s.check_alive('after the panel read 5,000 files')


CASES = {'broken': case_broken, 'binary': case_binary, 'huge': case_huge,
	 'long-exec': case_long_exec, 'field-codes': case_field_codes, 'many': case_many}


def run():
	args = session.parse_args_with(lambda p: p.add_argument('--case', required=True,
								 choices=sorted(CASES)))
	import tempfile
	data = tempfile.mkdtemp(prefix='picowl-desktop-')
	CASES[args.case](args, data)
	subprocess.run(['rm', '-rf', data])


harness.main(run)
