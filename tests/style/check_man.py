"""The man pages of config/ (decision 4.63), in two checks.

render: each page renders without a warning, through man (`man --warnings=w -l`, the terminal
  as a reader sees it) and groff (`groff -ww -z -man`, the PostScript device, which knows the
  fonts), and its .TH names the project's version (meson.build's, given with --version).

complete: the pages say all that the programs know, each asked rather than its source read
(but for the variables):
  picowl(1)         every section of the config file in CONFIGURATION; every option of
                    `picowl --help`, as a .TP item with its argument (the word after it in
                    --help), each range (A..B) --help gives and its default when --help gives
                    one word for it; the default bindings; every variable picowl's code reads
                    or sets (getenv, setenv) in ENVIRONMENT
  picowl-ctl(1)     every command of `picowl-ctl --help`, each literal word of its usage (a
                    subcommand, an option) a word of an item of that command
  picowl-panel(1)   every option of picowl-panel's usage, the [launcher] keys it reads (from
                    its own message about an unknown one), the variables it reads
  picowl.ini(5)     every section, every key in its section's items with the ranges and the
                    listed words of its parser's bad-value message, every binding action
                    (tests/unit/config_names prints what the parser knows), the default
                    bindings, the [launcher] keys, and for each key the default that
                    config/picowl.ini gives it (test_config checks those are the defaults)
  config/picowl.ini every section and key, and the default bindings
  and each page's required sections (EXIT STATUS, SEE ALSO...), and that config/meson.build
  installs every page of config/. In reverse, an item for an option, a picowl-ctl command or a
  key that the program does not know (stale, renamed) is reported too.

Before the real pages each checks itself on planted copies: a page with an undefined macro, a
wrong version; the real pages less one option, one key, one action, one command's word, one
default, one range, one variable, plus a page not installed and stale items; each must be
reported by name, and nothing else beyond what the real pages have.
Usage: check_man.py render ROOT --version V
       check_man.py complete ROOT --picowl P --ctl C --panel P --names N
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

PAGES = ['picowl.1', 'picowl-ctl.1', 'picowl-panel.1', 'picowl.ini.5']
REQUIRED = {
	'picowl.1': ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'OPTIONS', 'DEFAULT BINDINGS',
		     'ENVIRONMENT', 'SIGNALS', 'FILES', 'EXIT STATUS', 'SEE ALSO'],
	'picowl-ctl.1': ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'COMMANDS', 'ENVIRONMENT',
			 'EXIT STATUS', 'SEE ALSO'],
	'picowl-panel.1': ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'OPTIONS', 'ENVIRONMENT', 'FILES',
			   'EXIT STATUS', 'SEE ALSO'],
	'picowl.ini.5': ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'ERRORS', 'DEFAULT BINDINGS',
			 'SEE ALSO'],
}
# Whose getenv and setenv calls each page's ENVIRONMENT covers.
ENV_SOURCES = {
	'picowl.1': ['compositor', 'backends'],
	'picowl-ctl.1': ['clients/picowl-ctl', 'clients/common'],
	'picowl-panel.1': ['clients/picowl-panel', 'clients/common'],
}
WORD_SPLIT = r'[\s\[\]|,()=]+'


# roff, as far as the pages use it

def unescape(text):
	text = re.sub(r'\\f(\[[^\]]*\]|\(..|.)', '', text)
	text = text.replace('\\-', '-').replace('\\&', '').replace('\\e', '\\')
	text = re.sub(r'\\\((em|en)', '-', text)
	return re.sub(r'\\\(..', '?', text)


def macro_args(rest):
	return [a[1:-1] if a.startswith('"') else a for a in re.findall(r'"[^"]*"|\S+', rest)]


def roff_text(line):
	"""The text one line of a page shows, fonts dropped; '' for a request without text."""
	if not line.startswith('.'):
		return unescape(line)
	m = re.match(r'\.(B|I|SM|SB)\s+(.*)', line)
	if m:
		return unescape(' '.join(macro_args(m.group(2))))
	m = re.match(r'\.(BI|BR|IB|IR|RB|RI)\s+(.*)', line)
	if m:  # the alternating fonts join their arguments without a space
		return unescape(''.join(macro_args(m.group(2))))
	return ''


def sections(page):
	"""{heading: [lines]} of a page's source, and the headings in order."""
	out, order, cur = {}, [], None
	for line in page.split('\n'):
		m = re.match(r'\.SH\s+"?([^"]*)"?\s*$', line)
		if m:
			cur = m.group(1).strip()
			order.append(cur)
			out[cur] = []
		elif cur is not None:
			out[cur].append(line)
	return out, order


def items(lines):
	"""[(tag text, body text)] of the .TP items among `lines`."""
	found, i = [], 0
	while i < len(lines):
		if lines[i].startswith('.TP') and i + 1 < len(lines):
			tag = roff_text(lines[i + 1])
			body, j = [], i + 2
			while j < len(lines) and not re.match(r'\.(TP|SH|SS|PP|P|LP)\b', lines[j]):
				body.append(roff_text(lines[j]))
				j += 1
			found.append((tag, ' '.join(' '.join(body).split())))
			i = j
		else:
			i += 1
	return found


def words(text):
	"""The words of `text`, split at blanks, brackets, | , = and without a closing . : ;"""
	return [w.rstrip('.:;') for w in re.split(WORD_SPLIT, text) if w.rstrip('.:;')]


def flat(lines):
	return ' '.join(' '.join(roff_text(l) for l in lines).split())


# render

def render_check(root, version):
	found = []
	man, groff = shutil.which('man'), shutil.which('groff')
	if not man or not groff:
		return [('config', 'man and groff are needed (Debian: man-db groff-base)')]
	env = dict(os.environ, MANWIDTH='80', LC_ALL='C.UTF-8', MANPAGER='cat', PAGER='cat',
		   MAN_DISABLE_SECCOMP='1')
	for name in sorted(os.listdir(os.path.join(root, 'config'))):
		if not re.search(r'\.[1-8]$', name):
			continue
		path = os.path.join(root, 'config', name)
		for cmd in ([man, '--warnings=w', '-l', path], [groff, '-ww', '-z', '-t', '-man', path]):
			r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
					   stdin=subprocess.DEVNULL)
			for line in r.stderr.decode(errors='replace').splitlines():
				found.append((name, '%s: %s' % (os.path.basename(cmd[0]), line)))
			if r.returncode != 0:
				found.append((name, '%s exited %d' % (os.path.basename(cmd[0]), r.returncode)))
		with open(path) as f:
			th = next((l for l in f if l.startswith('.TH')), '')
		args = macro_args(th[3:])
		if len(args) < 4 or args[3] != 'picowl %s' % version:
			found.append((name, '.TH says %r, not "picowl %s" (meson.build\'s version)'
				      % (args[3] if len(args) > 3 else '', version)))
	return found


# complete: what the programs say

def run(argv, env=None):
	r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
			   stdin=subprocess.DEVNULL, env=env, timeout=30)
	return r.returncode, r.stdout.decode(errors='replace'), r.stderr.decode(errors='replace')


def help_items(text):
	"""[(synopsis, rest)] of a --help: the lines that start with two spaces, the synopsis cut
	at two spaces, continuation lines (more indented) added to the item before."""
	out = []
	for line in text.split('\n'):
		m = re.match(r'^  (\S.*?)(?:\s{2,}(.*))?$', line)
		if m:
			out.append([m.group(1), m.group(2) or ''])
		elif out and re.match(r'^\s{3,}\S', line):
			part = line.strip()
			if part.startswith('|'):
				syn, rest = (re.split(r'\s{2,}', part, maxsplit=1) + [''])[:2]
				out[-1][0] += ' ' + syn
				out[-1][1] += ' ' + rest
			else:
				out[-1][1] += ' ' + part
	return [(s, ' '.join(r.split())) for s, r in out]


def gather(args):
	facts = {}
	status, out, err = run([args.picowl, '--help'])
	if status != 0:
		raise SystemExit('picowl --help exited %d: %s' % (status, err))
	facts['picowl_help'] = out
	status, out, err = run([args.ctl, '--help'])
	if status != 0:
		raise SystemExit('picowl-ctl --help exited %d: %s' % (status, err))
	facts['ctl_help'] = out
	# the panel's usage is what it prints for an argument it does not take
	status, out, err = run([args.panel, '--no-such-option'])
	facts['panel_help'] = err
	with tempfile.TemporaryDirectory(prefix='picowl-man-') as tmp:
		ini = os.path.join(tmp, 'picowl.ini')
		with open(ini, 'w') as f:
			f.write('[launcher]\nno_such_key = 1\n')
		env = dict(os.environ, PICOWL_CONFIG=ini, XDG_DATA_HOME=tmp, XDG_DATA_DIRS=tmp)
		status, out, err = run([args.panel, '--list-apps'], env)
	m = re.search(r'no_such_key: unknown key \(expected ([^)]*)\)', err)
	if not m:
		raise SystemExit('picowl-panel did not name its [launcher] keys: %r' % err)
	facts['launcher_keys'] = re.split(r',\s*|\s+or\s+', m.group(1))
	status, out, err = run([args.names])
	if status != 0:
		raise SystemExit('%s exited %d: %s' % (args.names, status, err))
	names = {'section': [], 'key': [], 'values': [], 'list': [], 'action': [], 'binding': []}
	for line in out.splitlines():
		kind, _, rest = line.partition(' ')
		names[kind].append(rest)
	facts['names'] = names
	return facts


def env_names(root, tops):
	found = set()
	for top in tops:
		for dirpath, dirs, files in os.walk(os.path.join(root, top)):
			for f in files:
				if f.endswith('.c'):
					with open(os.path.join(dirpath, f), errors='replace') as fh:
						found.update(re.findall(r'\b(?:getenv|setenv|unsetenv)\("([A-Z_0-9]+)"',
									fh.read()))
	return found


RANGE = r'(-?[\d.]+[KMG]?)\.\.(-?[\d.]+[KMG]?)'
ENUM = r'^[\w-]+(?:, [\w-]+)* or [\w-]+$'


def values_missing(expected, text):
	"""What of `expected` (a parser's "pixels, 0..1000" or "tile or monocle") `text` lacks:
	each range, as A..B or A to B, and each word of a list of words."""
	missing = []
	for lo, hi in re.findall(RANGE, expected):
		if not re.search(r'(?<![\w.])%s(\.\.| to )%s(?!\w|\.\d)' % (re.escape(lo), re.escape(hi)),
				 text):
			missing.append('%s..%s' % (lo, hi))
	if re.match(ENUM, expected):
		missing += [w for w in re.split(r', | or ', expected) if w not in words(text)]
	return missing


def value_in(value, text):
	return re.search(r'(?<![\w#.-])' + re.escape(value) + r'(?![\w-]|\.\d)', text) is not None


def check_picowl(page, help_text, bindings, config_sections, found):
	secs, _ = sections(page)
	text = flat(secs.get('CONFIGURATION', []))
	for sec in config_sections:
		if '[%s]' % sec not in text:
			found.append(('picowl.1', 'CONFIGURATION does not name the section [%s]' % sec))
	opts = items(secs.get('OPTIONS', []))
	known = set()
	for syn, rest in help_items(help_text):
		known.update(re.findall(r'(?<![\w-])(--?[a-z][a-z0-9-]*)', syn))
	for tag, _ in opts:
		for w in words(tag):
			if w.startswith('-') and w not in known:
				found.append(('picowl.1', 'OPTIONS documents %s, which picowl --help does not '
					      'list' % w))
	for syn, rest in help_items(help_text):
		toks = syn.replace(',', ' ').split()
		names = [t for t in toks if re.match(r'^--?[a-z][a-z0-9-]*$', t)]
		if not names:
			continue
		after = toks[toks.index(names[-1]) + 1:]
		meta = after[0] if after and re.match(r'^[A-Z]', after[0]) else None
		item = next(((t, b) for t, b in opts if any(n in words(t) for n in names)), None)
		if not item:
			found.append(('picowl.1', 'no OPTIONS item for %s (picowl --help: "%s")'
				      % (', '.join(names), syn)))
			continue
		tag, body = item
		tw = tag.replace(',', ' ').split()
		if meta and not any(tw[i + 1:i + 2] == [meta] for i, w in enumerate(tw) if w in names):
			found.append(('picowl.1', 'the item of %s is "%s", not with the argument %s'
				      % (names[-1], tag, meta)))
		for miss in values_missing(rest, body):
			found.append(('picowl.1', 'the item of %s does not give %s (picowl --help: "%s")'
				      % (names[-1], miss, rest)))
		m = re.search(r'\(default:? ([^ )]+)\)', rest)
		if m and not value_in(m.group(1), body):
			found.append(('picowl.1', 'the item of %s does not give its default %s'
				      % (names[-1], m.group(1))))
	text = flat(secs.get('DEFAULT BINDINGS', []))
	for b in bindings:
		if ' '.join(b.split()) not in text:
			found.append(('picowl.1', 'DEFAULT BINDINGS lacks "%s"' % b))


def check_ctl(page, help_text, found):
	tags = [t for t, _ in items(page.split('\n'))]
	secs, _ = sections(page)
	commands = {words(syn)[0] for syn, _ in help_items(help_text) if words(syn)}
	for tag, _ in items(secs.get('COMMANDS', [])):
		if words(tag)[:1] and words(tag)[0] not in commands:
			found.append(('picowl-ctl.1', 'COMMANDS documents %s, which picowl-ctl --help does '
				      'not list' % words(tag)[0]))
	for syn, _ in help_items(help_text):
		toks = words(syn)
		if not toks or toks[0].startswith('('):
			continue
		command = toks[0]
		mine = [w for t in tags if words(t)[:1] == [command] for w in words(t)]
		if not mine:
			found.append(('picowl-ctl.1', 'no item for the command %s (picowl-ctl --help: "%s")'
				      % (command, syn)))
			continue
		for w in toks:
			if re.match(r'^-{0,2}[a-z][a-z0-9-]*$', w) and w not in mine:
				found.append(('picowl-ctl.1', 'the items of %s lack the word %s (picowl-ctl '
					      '--help: "%s")' % (command, w, syn)))


def check_panel(page, usage, launcher_keys, found):
	secs, _ = sections(page)
	tags = [w for t, _ in items(secs.get('OPTIONS', [])) for w in words(t)]
	known = set(re.findall(r'(?<![\w-])(--[a-z][a-z0-9-]*)', usage))
	for opt in sorted(known):
		if opt not in tags:
			found.append(('picowl-panel.1', 'no OPTIONS item for %s (its usage)' % opt))
	for w in tags:
		if w.startswith('-') and w not in known:
			found.append(('picowl-panel.1', 'OPTIONS documents %s, which its usage does not '
				      'list' % w))
	text = words(flat(page.split('\n')))
	for k in launcher_keys:
		if k not in text:
			found.append(('picowl-panel.1', 'the [launcher] key %s is not named' % k))


def check_ini5(page, ini, names, launcher_keys, found):
	secs, _ = sections(page)
	keys = {}
	for k in names['key']:
		sec, key = k.split()
		keys.setdefault(sec, []).append(key)
	for l in names['list']:
		sec, *key = l.split()
		keys.setdefault(sec, []).extend(key)
	keys.setdefault('launcher', []).extend(launcher_keys)
	defaults = ini_values(ini)
	expected = {}
	for v in names['values']:
		where, _, what = v.partition(': ')
		expected[tuple(where.split())] = what
	for sec in names['section']:
		if '[%s]' % sec not in secs:
			found.append(('picowl.ini.5', 'no section .SH [%s]' % sec))
			continue
		its = items(secs['[%s]' % sec])
		if sec not in ('bindings', 'buttons'):
			for tag, _ in its:
				for w in words(tag):
					if w not in keys.get(sec, []):
						found.append(('picowl.ini.5', '[%s] documents the key %s, which the '
							      'parser does not know' % (sec, w)))
		for key in keys.get(sec, []):
			mine = [(t, b) for t, b in its if key in words(t)]
			if not mine:
				found.append(('picowl.ini.5', '[%s] has no item for the key %s' % (sec, key)))
				continue
			for miss in values_missing(expected.get((sec, key), ''),
						   ' '.join(t + ' ' + b for t, b in mine)):
				found.append(('picowl.ini.5', '[%s] %s: its item does not give %s (the parser '
					      'takes %s)' % (sec, key, miss, expected[(sec, key)])))
			value = defaults.get((sec, key), ('', True))[0]
			if value and not any(value_in(value, t + ' ' + b) for t, b in mine):
				found.append(('picowl.ini.5', '[%s] %s: its item does not give its default %s '
					      '(config/picowl.ini)' % (sec, key, value)))
	tags = ' '.join(t for t, _ in items(secs.get('[bindings]', [])))
	for action in names['action']:
		verb, *rest = action.split()
		pattern = re.escape(verb) + ''.join(r'\s+(?:[\w-]+\|)*' + re.escape(w) for w in rest)
		if not re.search(r'(?<![\w-])' + pattern + r'(?![\w-])', tags):
			found.append(('picowl.ini.5', '[bindings] has no item for the action "%s"' % action))
	text = flat(secs.get('DEFAULT BINDINGS', []))
	for b in names['binding']:
		if ' '.join(b.split()) not in text:
			found.append(('picowl.ini.5', 'DEFAULT BINDINGS lacks "%s"' % b))


def ini_values(ini):
	"""{(section, key): (value, commented)} of config/picowl.ini's key lines: a line
	'; key = ...' counts as a commented one, with no value; an uncommented line wins."""
	out, sec = {}, None
	for line in ini.split('\n'):
		m = re.match(r'^\[(\w+)\]', line)
		if m:
			sec = m.group(1)
			continue
		m = re.match(r'^([;#]\s*)?(\w+)\s*=\s*(.*?)\s*$', line)
		if m and sec and out.get((sec, m.group(2)), ('', True))[1]:
			commented = m.group(1) is not None
			out[(sec, m.group(2))] = ('' if commented else m.group(3), commented)
	return out


def check_ini(ini, names, launcher_keys, found):
	values = ini_values(ini)
	for sec in names['section']:
		if not re.search(r'^\[%s\]' % sec, ini, re.M):
			found.append(('picowl.ini', 'no section [%s]' % sec))
	for k in names['key']:
		sec, key = k.split()
		if values.get((sec, key), ('', True))[1]:
			found.append(('picowl.ini', 'no line "%s =" in [%s]' % (key, sec)))
	for l in names['list']:
		sec, *key = l.split()
		for key in key:
			if (sec, key) not in values:
				found.append(('picowl.ini', 'no line (a comment will do) "%s =" in [%s]'
					      % (key, sec)))
	for key in launcher_keys:
		if ('launcher', key) not in values:
			found.append(('picowl.ini', 'no line (a comment will do) "%s =" in [launcher]' % key))
	lines = {' '.join(l.split()) for l in ini.split('\n')}
	for b in names['binding']:
		if ' '.join(b.split()) not in lines:
			found.append(('picowl.ini', 'the default binding "%s" is not written out' % b))


def complete_check(root, facts):
	found = []
	pages = {}
	for name in PAGES:
		path = os.path.join(root, 'config', name)
		if not os.path.exists(path):
			found.append((name, 'no such page in config/'))
			pages[name] = ''
			continue
		with open(path) as f:
			pages[name] = f.read()
		_, order = sections(pages[name])
		for sec in REQUIRED[name]:
			if sec not in order:
				found.append((name, 'no section %s' % sec))
	with open(os.path.join(root, 'config', 'meson.build')) as f:
		build = f.read()
	for name in sorted(os.listdir(os.path.join(root, 'config'))):
		if re.search(r'\.[1-8]$', name) and "'%s'" % name not in build:
			found.append((name, 'not installed by config/meson.build (install_man)'))
	for name, tops in ENV_SOURCES.items():
		secs, _ = sections(pages[name])
		env = words(flat(secs.get('ENVIRONMENT', [])))
		for var in sorted(env_names(root, tops)):
			if var not in env:
				found.append((name, 'ENVIRONMENT does not name %s (read or set in %s)'
					      % (var, ', '.join(tops))))
	with open(os.path.join(root, 'config', 'picowl.ini')) as f:
		ini = f.read()
	names = facts['names']
	check_picowl(pages['picowl.1'], facts['picowl_help'], names['binding'], names['section'],
		     found)
	check_ctl(pages['picowl-ctl.1'], facts['ctl_help'], found)
	check_panel(pages['picowl-panel.1'], facts['panel_help'], facts['launcher_keys'], found)
	check_ini5(pages['picowl.ini.5'], ini, names, facts['launcher_keys'], found)
	check_ini(ini, names, facts['launcher_keys'], found)
	return found


# self-tests: planted copies of the tree

def copy_tree(root, tmp):
	for top in ('config',) + tuple({t for ts in ENV_SOURCES.values() for t in ts}):
		src = os.path.join(root, top)
		if os.path.isdir(src):
			shutil.copytree(src, os.path.join(tmp, top), ignore=shutil.ignore_patterns('*.o'))


def edit(tmp, rel, old, new, count=1):
	path = os.path.join(tmp, rel)
	with open(path) as f:
		text = f.read()
	if old not in text:
		raise SystemExit('self-test: "%s" is not in %s: update the planted cases' % (old, rel))
	with open(path, 'w') as f:
		f.write(text.replace(old, new, count))


def drop_item(tmp, rel, tag_start):
	"""Removes the .TP item whose tag line starts with `tag_start`."""
	path = os.path.join(tmp, rel)
	with open(path) as f:
		lines = f.read().split('\n')
	for i, line in enumerate(lines):
		if line == '.TP' and i + 1 < len(lines) and lines[i + 1].startswith(tag_start):
			j = i + 2
			while j < len(lines) and not lines[j].startswith('.'):
				j += 1
			del lines[i:j]
			with open(path, 'w') as f:
				f.write('\n'.join(lines))
			return
	raise SystemExit('self-test: no item "%s" in %s: update the planted cases' % (tag_start, rel))


def set_tag(tmp, rel, first_word, tag):
	"""Replaces the tag line of the first .TP item whose tag's first word is `first_word`."""
	path = os.path.join(tmp, rel)
	with open(path) as f:
		lines = f.read().split('\n')
	for i, line in enumerate(lines[:-1]):
		if line == '.TP' and words(roff_text(lines[i + 1]))[:1] == [first_word]:
			lines[i + 1] = tag
			with open(path, 'w') as f:
				f.write('\n'.join(lines))
			return
	raise SystemExit('self-test: no item "%s" in %s: update the planted cases' % (first_word, rel))


def self_test(root, kind, plant, expected, check, real):
	"""Plants faults in a copy of the tree; what is reported beyond the real tree's `real` must
	be what was planted."""
	with tempfile.TemporaryDirectory(prefix='picowl-man-') as tmp:
		copy_tree(root, tmp)
		plant(tmp)
		found = [f for f in check(tmp) if f not in real]
	print('self-test (%s): %d reported beyond the real pages\' problems:' % (kind, len(found)))
	for page, msg in found:
		print('  %s: %s' % (page, msg))
	mistakes = 0
	for page, what in expected:
		if not any(p == page and re.search(what, m) for p, m in found):
			print('self-test FAILED: not reported: %s: %s' % (page, what))
			mistakes += 1
	for page, msg in found:
		if not any(p == page and re.search(what, msg) for p, what in expected):
			print('self-test FAILED: reported but not planted: %s: %s' % (page, msg))
			mistakes += 1
	if not mistakes:
		print('self-test passed: each planted fault was reported by name, nothing else')
	return mistakes


def plant_render(tmp):
	with open(os.path.join(tmp, 'config', 'broken.1'), 'w') as f:
		f.write('.TH BROKEN 1 "" "picowl 0.0" "User Commands"\n.SH NAME\nbroken \\- x\n'
			'.XX undefined\n\\fQfont\n')


RENDER_EXPECTED = [
	('broken.1', r"macro 'XX' not defined"),
	('broken.1', r"font 'Q'"),
	('broken.1', r'\.TH says .picowl 0\.0.'),
]


def plant_complete(tmp):
	drop_item(tmp, 'config/picowl.1', '.BI \\-\\-kms')
	# issue 34's picowl.1 had no [limits]
	path = os.path.join(tmp, 'config', 'picowl.1')
	with open(path) as f:
		text = f.read()
	at = text.index('.SH CONFIGURATION')
	with open(path, 'w') as f:
		f.write(text[:at] + text[at:].replace('[limits]', 'limits', 1))
	edit(tmp, 'config/picowl.1', '.SH OPTIONS\n', '.SH OPTIONS\n.TP\n.B \\-\\-gone\nGone.\n')
	edit(tmp, 'config/picowl.ini.5', '.SH [layout]\n', '.SH [layout]\n.TP\n.B stale_key\nGone.\n')
	edit(tmp, 'config/picowl-ctl.1', '.SH COMMANDS\n', '.SH COMMANDS\n.TP\n.B gone\nGone.\n')
	edit(tmp, 'config/picowl.1', '.BI \\-\\-format " FORMAT"', '.BI \\-\\-format " FMT"')
	edit(tmp, 'config/picowl.1', 'Logo+Shift+q = quit', 'Logo+Shift+q = exit')
	drop_item(tmp, 'config/picowl.ini.5', '.B client_fds')
	drop_item(tmp, 'config/picowl.ini.5', '.BI "vt "')
	edit(tmp, 'config/picowl.ini', '\ndistance = 40\n', '\ndistance = 41\n')
	edit(tmp, 'config/picowl.ini.5', '.B pin\n', '.B pins\n')
	edit(tmp, 'config/picowl.ini.5', 'a long press, 1..200', 'a long press, 1..100')
	edit(tmp, 'config/picowl.ini.5', 'or monocle (one tile', 'or mono (one tile')
	# issue 34's spawn, whose .BR glued "[--tileN]command[args...]"
	set_tag(tmp, 'config/picowl-ctl.1', 'spawn',
		'.BR spawn " [" \\-\\-tile \\fIN\\fR] \\fIcommand\\fR [\\fIargs\\fR...]')
	drop_item(tmp, 'config/picowl-panel.1', '.BI \\-\\-highlight')
	edit(tmp, 'config/picowl.ini', 'gaps = 0\n', '')
	with open(os.path.join(tmp, 'compositor', 'planted.c'), 'w') as f:
		f.write('const char *\nplanted(void)\n{\n\treturn getenv("PICOWL_PLANTED");\n}\n')
	with open(os.path.join(tmp, 'config', 'planted.1'), 'w') as f:
		f.write('.TH PLANTED 1\n.SH NAME\nplanted \\- not installed\n')


COMPLETE_EXPECTED = [
	('picowl.1', r'no OPTIONS item for --kms'),
	('picowl.1', r'CONFIGURATION does not name the section \[limits\]'),
	('picowl.1', r'OPTIONS documents --gone'),
	('picowl.ini.5', r'\[layout\] documents the key stale_key'),
	('picowl-ctl.1', r'COMMANDS documents gone'),
	('picowl.1', r'--format.*not with the argument FORMAT'),
	('picowl.1', r'DEFAULT BINDINGS lacks "Logo\+Shift\+q = quit"'),
	('picowl.1', r'ENVIRONMENT does not name PICOWL_PLANTED'),
	('picowl.ini.5', r'\[limits\] has no item for the key client_fds'),
	('picowl.ini.5', r'the action "vt"'),
	('picowl.ini.5', r'\[gestures\] distance: .*default 41'),
	('picowl.ini.5', r'\[launcher\] has no item for the key pin'),
	('picowl.ini.5', r'\[launcher\] documents the key pins'),
	('picowl.ini.5', r'\[touch\] long_press_radius: its item does not give 1\.\.200'),
	('picowl.ini.5', r'\[layout\] layout: its item does not give monocle'),
	('picowl-ctl.1', r'items of spawn lack the word --tile'),
	('picowl-panel.1', r'no OPTIONS item for --highlight'),
	('picowl.ini', r'no line "gaps =" in \[layout\]'),
	('planted.1', r'not installed by config/meson.build'),
]


def report(found, what):
	for page, msg in found:
		print('%s: %s' % (page, msg))
	print('%s: %d problems' % (what, len(found)))


def main():
	ap = argparse.ArgumentParser()
	ap.add_argument('mode', choices=['render', 'complete'])
	ap.add_argument('root')
	ap.add_argument('--version')
	ap.add_argument('--picowl')
	ap.add_argument('--ctl')
	ap.add_argument('--panel')
	ap.add_argument('--names')
	args = ap.parse_args()
	root = os.path.abspath(args.root)
	if args.mode == 'render':
		check = lambda r: render_check(r, args.version)
		plant, expected = plant_render, RENDER_EXPECTED
	else:
		facts = gather(args)
		check = lambda r: complete_check(r, facts)
		plant, expected = plant_complete, COMPLETE_EXPECTED
	found = check(root)
	mistakes = self_test(root, args.mode, plant, expected, check, found)
	print()
	report(found, 'config/\'s man pages (%s)' % args.mode)
	if mistakes:
		print('the self-test failed: the check cannot be trusted')
	return 1 if found or mistakes else 0


if __name__ == '__main__':
	sys.exit(main())
