"""One header per object (DESIGN section 2): every function that is not static, defined in a .c
file under compositor/, backends/ or clients/, is declared in the header named after its file
(FILE.c -> FILE.h, same folder, same stem):

  no-header      FILE.c defines a function that is not static, and there is no FILE.h
  undeclared     FILE.c defines a function that is not static, and FILE.h does not declare it
  allow-syntax   a line of headers.txt is not "PATH [FUNCTION ...]: why"
  allow-unused   a line of headers.txt matches no .c file, or one of its functions matches no
                 function that is not static in the files it names

main() is exempt. So are the files of tests/style/headers.txt, a small allow-list: each line
names a file (a glob), optionally the functions of it that are exempt (globs; without them, the
whole file), and why (a libc function replaced, an engine's interface implemented). Functions
are found at the top level of each file with its comments, strings and preprocessor lines
blanked (the tree writes the return type on its own line and `name(` at column 0, but a
one-line definition, attributes and macro calls before it are read too).

Before the real tree it checks itself on a small tree with one planted violation of each kind.
Usage: check_headers.py [ROOT [HEADERS]] (default: the project root and tests/style/headers.txt).
"""

import fnmatch
import os
import re
import sys

import stylelib

EXEMPT = {'main'}


def read_allow(path, name):
	"""([(line, file glob, [function globs], why)], violations) of an allow-list."""
	entries, found = [], []
	if not os.path.exists(path):
		return entries, found
	for n, raw in enumerate(stylelib.read(path).splitlines(), 1):
		line = raw.strip()
		if not line or line.startswith('#'):
			continue
		what, sep, why = line.partition(':')
		words = what.split()
		if not sep or not words or not why.strip():
			found.append((name, n, 'allow-syntax', 'expected "PATH [FUNCTION ...]: why", got '
				      '"%s"' % raw.strip()))
			continue
		entries.append((n, words[0], words[1:], why.strip()))
	return entries, found


def static_prototypes(code):
	"""The names declared static by a prototype at the top level of stripped C code."""
	top = stylelib.top_level_code(code)
	names = set()
	for m in re.finditer(r'\bstatic\b[^;{}]*?\b([A-Za-z_][A-Za-z0-9_]*)\s*\([^;{}]*\)\s*;', top):
		names.add(m.group(1))
	return names


def check(root, allow_path):
	name = os.path.relpath(os.path.abspath(allow_path), os.path.abspath(root))
	name = allow_path if name.startswith('..') else name.replace(os.sep, '/')
	entries, found = read_allow(allow_path, name)
	used_files = set()
	used_funcs = set()
	for f in stylelib.walk(root, stylelib.SCANNED, ('.c',)):
		text = stylelib.read(os.path.join(root, f))
		statics = static_prototypes(stylelib.strip_c(text))
		header = f[:-2] + '.h'
		header_path = os.path.join(root, header)
		declared = (stylelib.declared_functions(stylelib.read(header_path))
			    if os.path.isfile(header_path) else None)
		rules = [e for e in entries if fnmatch.fnmatchcase(f, e[1])]
		for e in rules:
			used_files.add(e[0])
		for func, line, static in stylelib.definitions(text):
			if static or func in statics or func in EXEMPT:
				continue
			allowed = False
			for n, _, funcs, _ in rules:
				if not funcs:
					allowed = True
				for i, g in enumerate(funcs):
					if fnmatch.fnmatchcase(func, g):
						used_funcs.add((n, i))
						allowed = True
			if allowed:
				continue
			if declared is None:
				found.append((f, line, 'no-header', '%s is not static and %s does not exist: '
					      'declare it there (or make it static)' % (func, header)))
			elif func not in declared:
				found.append((f, line, 'undeclared', '%s is not static and %s does not '
					      'declare it' % (func, header)))
	for n, path, funcs, _ in entries:
		if n not in used_files:
			found.append((name, n, 'allow-unused', '%s matches no .c file under %s' %
				      (path, ', '.join(stylelib.SCANNED))))
			continue
		for i, g in enumerate(funcs):
			if (n, i) not in used_funcs:
				found.append((name, n, 'allow-unused', '%s defines no function %s that is '
					      'not static' % (path, g)))
	return found


SELF_HEADERS = """# the self-test's allow-list
compositor/system/alloc.c: replaces libc's malloc
clients/engine/eng_*.c ENG_*: the engine's interface
compositor/core/gone.c: a file that is no more
clients/engine/eng_a.c ENG_* NOPE_*: a function that is no more
compositor/core/a.c
"""

SELF_FILES = {
	'tests/style/headers.txt': SELF_HEADERS,  # 4, 5: allow-unused; 6: allow-syntax
	'compositor/core/a.h': '/* pw_a_hidden( in a comment is no declaration */\n'
	'void\npw_a_one(int x);\nint pw_a_two(void);\n'
	'static inline int\npw_a_inline(void)\n{\n\treturn pw_a_used();\n}\n'
	'#define pw_a_macro(x) pw_a_hidden(x)\n'
	'struct pw_a {\n\tvoid (*pw_a_member)(void);\n};\n',
	'compositor/core/a.c': '#include "a.h"\n'
	'static void helper(void);\n'
	'void\npw_a_one(int x)\n{\n\t(void)x;\n}\n'  # line 4: declared
	'int pw_a_two(void) { return 0; }\n'  # 8: declared, one line
	'int\npw_a_used(void)\n{\n\treturn 1;\n}\n'  # 10: undeclared (only called in a.h)
	'void\npw_a_hidden(int x)\n{\n}\n'  # 15: undeclared (only in a macro)
	'void\npw_a_member(void)\n{\n}\n'  # 19: undeclared (only a struct member)
	'static int\nlocal(void)\n{\n\treturn "}{"[0];\n}\n'
	'void\nhelper(void)\n{\n}\n'  # static by its prototype
	'int\nmain(void)\n{\n\treturn 0;\n}\n',
	'compositor/core/b.c': 'FOO(a, b)\n'
	'__attribute__((noreturn)) void\npw_b_die(void)\n{\n}\n',  # 3: no-header
	'compositor/system/alloc.c': 'void *\nmalloc(unsigned long n)\n{\n\treturn 0;\n}\n',
	'clients/engine/eng_x.c': 'void\nENG_Init(void)\n{\n}\n'
	'void\neng_x_own(void)\n{\n}\n',  # 6: no-header
	'clients/engine/eng_a.c': 'void\nENG_Draw(void)\n{\n}\n',
}

SELF_EXPECTED = [
	('compositor/core/a.c', 10, 'undeclared'),
	('compositor/core/a.c', 15, 'undeclared'),
	('compositor/core/a.c', 19, 'undeclared'),
	('compositor/core/b.c', 3, 'no-header'),
	('clients/engine/eng_x.c', 6, 'no-header'),
	('tests/style/headers.txt', 4, 'allow-unused'),
	('tests/style/headers.txt', 5, 'allow-unused'),
	('tests/style/headers.txt', 6, 'allow-syntax'),
]


def main():
	root = stylelib.project_root(sys.argv)
	here = os.path.dirname(os.path.abspath(__file__))
	allow = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, 'headers.txt')
	mistakes = stylelib.self_test(
		'headers', SELF_FILES, SELF_EXPECTED,
		lambda r: check(r, os.path.join(r, 'tests', 'style', 'headers.txt')))
	print()
	if not os.path.isfile(allow):
		print('cannot read the allow-list %s' % allow)
		return 1
	found = check(root, allow)
	n = len(stylelib.walk(root, stylelib.SCANNED, ('.c',)))
	return stylelib.finish(mistakes, found, '%d .c files under %s checked' %
			       (n, ', '.join(stylelib.SCANNED)))


if __name__ == '__main__':
	sys.exit(main())
