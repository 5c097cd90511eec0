"""No .c file outside tests/ is over 600 lines (STYLE.md: small files; the models keep a .c file
at a few hundred lines):

  too-long   a .c file of the project, outside tests/, has more than 600 lines (reported at
             its line 601)

Every .c file under the project root counts, but those under tests/, hidden folders and build
folders. Before the real tree it checks itself on a small tree with one planted violation.
Usage: check_size.py [ROOT].
"""

import os
import sys

import stylelib

MAX_LINES = 600
SKIP = ('tests', 'subprojects')


def check(root):
	found = []
	for f in stylelib.walk(root, ('',), ('.c',), skip=SKIP):
		with open(os.path.join(root, f), 'rb') as fh:
			lines = len(fh.read().splitlines())
		if lines > MAX_LINES:
			found.append((f, MAX_LINES + 1, 'too-long', '%d lines, at most %d outside tests/: '
				      'split the file by object' % (lines, MAX_LINES)))
	return found


SELF_FILES = {
	'compositor/core/big.c': 'int x;\n' * 601,  # too-long
	'compositor/core/fits.c': 'int x;\n' * 600,
	'tests/unit/big_test.c': 'int x;\n' * 900,  # tests may be longer
	'build/gen-protocol.c': 'int x;\n' * 900,  # a build folder's generated code
	'build/build.ninja': '\n',
	'compositor/core/big.h': 'int x;\n' * 900,  # only .c files
}

SELF_EXPECTED = [('compositor/core/big.c', 601, 'too-long')]


def main():
	root = stylelib.project_root(sys.argv)
	mistakes = stylelib.self_test('size', SELF_FILES, SELF_EXPECTED, check)
	print()
	found = check(root)
	n = len(stylelib.walk(root, ('',), ('.c',), skip=SKIP))
	return stylelib.finish(mistakes, found, '%d .c files outside tests/ checked' % n)


if __name__ == '__main__':
	sys.exit(main())
