"""The include layers of tests/style/layers.txt hold: every `#include "..."` of the .c and .h
files under compositor/, backends/ and clients/ is resolved to a header (the including file's
folder first, then the one header of that name among the listed folders) and checked:

  higher-layer   a file includes a header of a higher layer
  same-layer     a file includes a header of another folder of its own layer (other than a
                 folder above it in the tree)
  pure           a file of a pure layer includes a Wayland header (<wayland-*.h>, any
                 *-protocol.h), a backend header or a backend library's system header
  cycle          two folders include each other, directly or round a longer cycle
  unlisted       a folder with C files is not in layers.txt (or a header is included from one)
  absent         a folder listed in layers.txt holds no C files (or does not exist)
  ambiguous      a header of that name exists in two listed folders
  unresolved     a quoted header found nowhere and not declared external for the folder

Before the real tree it checks itself: a temporary tree with one violation of each kind must
give exactly those violations, or the test fails. Needs no git checkout.
Usage: check_layers.py [ROOT [LAYERS]] (default: the project root and tests/style/layers.txt).
"""

import fnmatch
import os
import re
import sys
import tempfile

SCANNED = ('compositor', 'backends', 'clients')
SUFFIXES = ('.c', '.h')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


class LayerError(Exception):
	pass


class Layers:
	"""layers.txt: the layers bottom first, their folders, and the other directives."""

	def __init__(self, text, name='layers.txt'):
		self.name = name
		self.order = []  # layer names, bottom first
		self.folder_line = {}  # folder -> its line in layers.txt
		self.pure = set()
		self.folder_layer = {}  # folder -> layer index
		self.backend_layers = []
		self.backend_system = []
		self.external = {}  # folder -> set of header names
		for n, raw in enumerate(text.splitlines(), 1):
			line = raw.split('#', 1)[0].strip()
			if not line:
				continue
			head, sep, rest = line.partition(':')
			words = rest.split()
			where = '%s:%d' % (name, n)
			if not sep:
				raise LayerError('%s: expected NAME: FOLDER ..., got "%s"' % (where, raw))
			head = head.strip()
			if head == 'backend-layer':
				if not words:
					raise LayerError('%s: backend-layer takes layer names' % where)
				self.backend_layers += words
			elif head == 'backend-system':
				self.backend_system += words
			elif head.startswith('external '):
				folder = head[len('external '):].strip().rstrip('/')
				self.external.setdefault(folder, set()).update(words)
			else:
				pure = head.endswith('!')
				layer = head.rstrip('!')
				if not re.match(r'^[A-Za-z0-9_-]+$', layer) or layer in self.order:
					raise LayerError('%s: bad or repeated layer name "%s"' % (where, layer))
				if not words:
					raise LayerError('%s: layer %s has no folder' % (where, layer))
				self.order.append(layer)
				if pure:
					self.pure.add(layer)
				for folder in words:
					folder = folder.rstrip('/')
					if folder in self.folder_layer:
						raise LayerError('%s: folder %s is listed twice' % (where, folder))
					self.folder_layer[folder] = len(self.order) - 1
					self.folder_line[folder] = n
		if not self.order:
			raise LayerError('%s: no layer' % name)
		for layer in self.backend_layers:
			if layer not in self.order:
				raise LayerError('%s: backend-layer %s is not a layer' % (name, layer))

	def layer_name(self, folder):
		return self.order[self.folder_layer[folder]]

	def is_pure(self, folder):
		return folder in self.folder_layer and self.layer_name(folder) in self.pure

	def is_backend(self, folder):
		return folder in self.folder_layer and self.layer_name(folder) in self.backend_layers


def strip_comments(text):
	"""The text with comments blanked (newlines kept, so line numbers hold)."""
	out = []
	i, n = 0, len(text)
	while i < n:
		c = text[i]
		if text.startswith('/*', i):
			end = text.find('*/', i + 2)
			end = n if end < 0 else end + 2
			out.append(re.sub(r'[^\n]', ' ', text[i:end]))
			i = end
		elif text.startswith('//', i):
			end = text.find('\n', i)
			end = n if end < 0 else end
			out.append(' ' * (end - i))
			i = end
		elif c in '"\'':
			j = i + 1
			while j < n and text[j] != c and text[j] != '\n':
				j += 2 if text[j] == '\\' else 1
			out.append(text[i:j + 1])
			i = j + 1
		else:
			out.append(c)
			i += 1
	return ''.join(out)


def includes(path):
	"""(line, kind, name) of each #include of a file; kind is '"' or '<'."""
	with open(path, encoding='utf-8', errors='replace') as f:
		text = strip_comments(f.read())
	found = []
	for n, line in enumerate(text.splitlines(), 1):
		m = INCLUDE.match(line)
		if m:
			found.append((n, m.group(1), m.group(2).strip()))
	return found


def is_build_dir(dirpath, files):
	return 'build.ninja' in files or os.path.basename(dirpath) == 'meson-private'


def source_files(root):
	"""Every .c and .h file under the scanned folders, as paths from `root`."""
	found = []
	for top in SCANNED:
		for dirpath, dirs, files in os.walk(os.path.join(root, top)):
			dirs[:] = sorted(d for d in dirs if not d.startswith('.') and
					 not is_build_dir(os.path.join(dirpath, d),
							  os.listdir(os.path.join(dirpath, d))))
			for f in sorted(files):
				if f.endswith(SUFFIXES):
					found.append(os.path.relpath(os.path.join(dirpath, f), root))
	return found


def folder_of(relpath):
	return os.path.dirname(relpath).replace(os.sep, '/')


def is_wayland(name):
	base = name.rsplit('/', 1)[-1]
	return fnmatch.fnmatch(base, 'wayland-*.h') or base.endswith('-protocol.h')


def is_above(upper, lower):
	"""Whether folder `upper` is an ancestor of folder `lower` in the tree."""
	return lower.startswith(upper + '/')


class Checker:
	def __init__(self, root, layers):
		self.root = root
		self.layers = layers
		self.violations = []  # (file, line, rule, message)
		self.checked = 0
		self.edges = {}  # (from folder, to folder) -> first (file, line, header)
		self.files = source_files(root)
		self.by_name = {}  # header path from its folder -> [listed folders holding it]
		for f in self.files:
			folder = folder_of(f)
			if f.endswith('.h') and folder in layers.folder_layer:
				self.by_name.setdefault(os.path.basename(f), []).append(folder)

	def report(self, path, line, rule, message):
		self.violations.append((path, line, rule, message))

	def resolve(self, path, name):
		"""('header', folder, header path) | ('wayland',) | ('ambiguous', folders) |
		('missing',)"""
		own = os.path.normpath(os.path.join(os.path.dirname(path), name))
		if os.path.isfile(os.path.join(self.root, own)) and not own.startswith('..'):
			return ('header', folder_of(own), own.replace(os.sep, '/'))
		if is_wayland(name):
			return ('wayland',)
		if '/' in name:
			holders = [f for f in self.layers.folder_layer
				   if os.path.isfile(os.path.join(self.root, f, name))]
			if os.path.isfile(os.path.join(self.root, name)):
				holders.append('.')
		else:
			holders = self.by_name.get(name, [])
		holders = sorted(set(holders))
		if len(holders) == 1:
			header = os.path.normpath(os.path.join(holders[0], name)).replace(os.sep, '/')
			return ('header', folder_of(header), header)
		if len(holders) > 1:
			return ('ambiguous', holders)
		return ('missing',)

	def check_file(self, path):
		lay = self.layers
		folder = folder_of(path)
		listed = folder in lay.folder_layer
		pure = lay.is_pure(folder)
		for line, kind, name in includes(os.path.join(self.root, path)):
			self.checked += 1
			if kind == '<':
				if pure and is_wayland(name):
					self.report(path, line, 'pure', 'pure layer %s includes the Wayland '
						    'header <%s>' % (lay.layer_name(folder), name))
				elif pure and any(fnmatch.fnmatch(name, g) for g in lay.backend_system):
					self.report(path, line, 'pure', 'pure layer %s includes <%s>, a '
						    'backend library header' % (lay.layer_name(folder), name))
				continue
			r = self.resolve(path, name)
			if r[0] == 'wayland':
				if pure:
					self.report(path, line, 'pure', 'pure layer %s includes the Wayland '
						    'header "%s"' % (lay.layer_name(folder), name))
				continue
			if r[0] == 'ambiguous':
				self.report(path, line, 'ambiguous', '"%s" exists in %s: ambiguous' %
					    (name, ' and '.join(r[1])))
				continue
			if r[0] == 'missing':
				if name not in lay.external.get(folder, ()):
					self.report(path, line, 'unresolved', '"%s" is in no listed folder '
						    'and not declared "external %s:" in layers.txt' %
						    (name, folder))
				continue
			target, header = r[1], r[2]
			if target == folder:
				continue
			self.edges.setdefault((folder, target), (path, line, header))
			if target not in lay.folder_layer:
				self.report(path, line, 'unlisted', '"%s" is %s, in folder %s which '
					    'layers.txt does not list' % (name, header, target))
				continue
			if not listed:
				continue
			mine, theirs = lay.folder_layer[folder], lay.folder_layer[target]
			if pure and lay.is_backend(target):
				self.report(path, line, 'pure', 'pure layer %s includes %s, a header of '
					    'the backend layer %s' % (lay.order[mine], header,
								     lay.order[theirs]))
			elif theirs > mine:
				self.report(path, line, 'higher-layer', '%s (layer %s) includes %s of the '
					    'higher layer %s' % (folder, lay.order[mine], header,
								 lay.order[theirs]))
			elif theirs == mine and not is_above(target, folder):
				self.report(path, line, 'same-layer', '%s includes %s of %s, another '
					    'folder of its layer %s' % (folder, header, target,
									lay.order[mine]))

	def check_folders(self):
		"""Rule (d): every folder holding C files is listed, and every listed folder holds C
		files."""
		seen = set()
		for f in self.files:
			folder = folder_of(f)
			if folder not in self.layers.folder_layer and folder not in seen:
				seen.add(folder)
				self.report(f, 1, 'unlisted', 'folder %s holds C files but is not listed in '
					    'layers.txt' % folder)
		holding = set(folder_of(f) for f in self.files)
		for folder, line in sorted(self.layers.folder_line.items(), key=lambda x: x[1]):
			if folder not in holding:
				there = os.path.isdir(os.path.join(self.root, folder))
				self.report(self.layers.name, line, 'absent', 'layers.txt lists %s, which %s' %
					    (folder, 'holds no .c or .h file' if there else 'does not exist'))

	def check_cycles(self):
		"""Rule (c): strongly connected folders (Tarjan), each edge with an example."""
		graph = {}
		for a, b in self.edges:
			graph.setdefault(a, []).append(b)
			graph.setdefault(b, [])
		index, low, stack, on, comps = {}, {}, [], set(), []

		def visit(v):
			index[v] = low[v] = len(index)
			stack.append(v)
			on.add(v)
			for w in sorted(graph[v]):
				if w not in index:
					visit(w)
					low[v] = min(low[v], low[w])
				elif w in on:
					low[v] = min(low[v], index[w])
			if low[v] == index[v]:
				comp = []
				while True:
					w = stack.pop()
					on.discard(w)
					comp.append(w)
					if w == v:
						break
				if len(comp) > 1:
					comps.append(sorted(comp))

		for v in sorted(graph):
			if v not in index:
				visit(v)
		for comp in comps:
			members = set(comp)
			what = ('%s and %s include each other' % tuple(comp) if len(comp) == 2
				else 'folders %s include each other round a cycle' % ', '.join(comp))
			for (a, b), (path, line, header) in sorted(self.edges.items()):
				if a in members and b in members:
					self.report(path, line, 'cycle', '%s: %s -> %s (includes %s)' %
						    (what, a, b, header))

	def run(self):
		for f in self.files:
			self.check_file(f)
		self.check_folders()
		self.check_cycles()
		return self.violations


def format_violation(v):
	path, line, rule, message = v
	return '%s:%d: [%s] %s' % (path, line, rule, message)


# The self-test: a small tree with one violation of each kind, and the allowed includes next to
# them, which must not be reported.
SELF_LAYERS = """# the self-test's own layers
pure!: compositor/pure
backends: backends backends/drm backends/fb
core: compositor/core
shell: compositor/shell
clients: clients/a clients/b
# the next line (8): absent, a folder that is gone
gone: clients/gone
backend-layer: backends
backend-system: xf86drm*.h libinput.h
external clients/b: engine.h
"""

SELF_FILES = {
	'compositor/pure/pure.h': '#include <stdint.h>\n',
	'compositor/pure/pure.c': '#include "pure.h"\n#include <pixman.h>\n'
	'#include <wayland-server-core.h>\n'  # line 3: pure
	'#include "xdg-shell-protocol.h"\n'  # 4: pure
	'#include "fb.h"\n'  # 5: pure (a backend header)
	'#include <xf86drm.h>\n'  # 6: pure (a backend library)
	'/* #include "view.h" in a comment is no include */\n',
	'backends/backend.h': '#include "pure.h"\n',
	'backends/backend.c': '#include "backend.h"\n#include "kms.h"\n',  # 2: same-layer
	'backends/drm/kms.h': '#include <xf86drm.h>\n',
	'backends/fb/fb.h': '#include <stdint.h>\n',
	'backends/drm/drm.c': '#include "backend.h"\n#include "kms.h"\n#include "pure.h"\n',
	'compositor/core/server.h': '#include "pure.h"\n#include "backend.h"\n',
	'compositor/core/server.c': '#include "server.h"\n#include "xdg-shell-protocol.h"\n'
	'#include "view.h"\n',  # 3: higher-layer, and a core <-> shell cycle
	'compositor/core/dup.h': '\n',
	'compositor/shell/view.h': '#include "server.h"\n',
	'compositor/shell/view.c': '#include "view.h"\n#include "../core/server.h"\n'
	'#include "dup.h"\n'  # 3: ambiguous (compositor/core and clients/a)
	'#include "nosuch.h"\n',  # 4: unresolved
	'clients/a/a.h': '\n',
	'clients/a/dup.h': '\n',
	'clients/a/a.c': '#include "a.h"\n#include "b.h"\n#include "server.h"\n',  # 2: same-layer
	'clients/b/b.h': '\n',
	'clients/b/b.c': '#include "b.h"\n#include "a.h"\n#include "engine.h"\n',  # 2: same-layer
	'compositor/extra/extra.c': '#include "pure.h"\n',  # unlisted folder
}

SELF_EXPECTED = [
	('compositor/pure/pure.c', 3, 'pure'),
	('compositor/pure/pure.c', 4, 'pure'),
	('compositor/pure/pure.c', 5, 'pure'),
	('compositor/pure/pure.c', 6, 'pure'),
	('backends/backend.c', 2, 'same-layer'),
	('backends/backend.c', 2, 'cycle'),
	('backends/drm/drm.c', 1, 'cycle'),
	('compositor/core/server.c', 3, 'higher-layer'),
	('compositor/core/server.c', 3, 'cycle'),
	('compositor/shell/view.c', 2, 'cycle'),
	('compositor/shell/view.c', 3, 'ambiguous'),
	('compositor/shell/view.c', 4, 'unresolved'),
	('clients/a/a.c', 2, 'same-layer'),
	('clients/a/a.c', 2, 'cycle'),
	('clients/b/b.c', 2, 'same-layer'),
	('clients/b/b.c', 2, 'cycle'),
	('compositor/extra/extra.c', 1, 'unlisted'),
	('layers.txt', 8, 'absent'),
]


def self_test():
	"""Runs the checker on the deliberate tree; returns the number of mistakes it made."""
	with tempfile.TemporaryDirectory(prefix='picowl-layers-') as root:
		for rel, text in SELF_FILES.items():
			path = os.path.join(root, rel)
			os.makedirs(os.path.dirname(path), exist_ok=True)
			with open(path, 'w') as f:
				f.write(text)
		found = Checker(root, Layers(SELF_LAYERS, 'layers.txt')).run()
	print('self-test: a deliberate tree of %d files, %d violations found:' %
	      (len(SELF_FILES), len(found)))
	for v in found:
		print('  ' + format_violation(v))
	got = [(p, l, r) for p, l, r, _ in found]
	missed = [e for e in SELF_EXPECTED if e not in got]
	extra = [g for g in got if g not in SELF_EXPECTED]
	for p, l, r in missed:
		print('self-test FAILED: not reported: %s:%d [%s]' % (p, l, r))
	for p, l, r in extra:
		print('self-test FAILED: reported but not a violation: %s:%d [%s]' % (p, l, r))
	if not missed and not extra:
		print('self-test passed: each deliberate violation was reported, nothing else')
	return len(missed) + len(extra)


def main():
	here = os.path.dirname(os.path.abspath(__file__))
	root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(here))
	layers_path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, 'layers.txt')
	mistakes = self_test()
	print()
	name = os.path.relpath(os.path.abspath(layers_path), os.path.abspath(root))
	if name.startswith('..'):
		name = layers_path
	try:
		with open(layers_path) as f:
			layers = Layers(f.read(), name.replace(os.sep, '/'))
	except (OSError, LayerError) as e:
		print('cannot read the layers: %s' % e)
		return 1
	checker = Checker(root, layers)
	found = checker.run()
	for v in found:
		print(format_violation(v))
	print('%d includes checked, %d violations' % (checker.checked, len(found)))
	if mistakes:
		print('the self-test failed: the checker cannot be trusted')
	return 1 if found or mistakes else 0


if __name__ == '__main__':
	sys.exit(main())
