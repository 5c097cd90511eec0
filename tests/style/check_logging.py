"""Logging goes through the log module (compositor/pure/log.h: pw_log_error .. pw_log_debug,
pw_log_limited): nothing in compositor/ or backends/ but compositor/pure/log.c writes to stderr
itself:

  stderr   fprintf, vfprintf, fputs, fputc, putc or fwrite to stderr, or dprintf, vdprintf or
           write to STDERR_FILENO (2)
  perror   a call of perror (it writes to stderr)

A report written to a FILE* the user chose (counter dumps, --help on stdout) is no log line and
is not reported. Each file is read with its comments and strings blanked. Before the real tree
it checks itself on a small tree with one planted violation of each kind.
Usage: check_logging.py [ROOT].
"""

import os
import re
import sys

import stylelib

SCANNED = ('compositor', 'backends')
EXEMPT = {
	'compositor/pure/log.c': 'the log module',
}
# the position of the stream (or file descriptor) among each call's arguments; -1: the last
STREAM = {'fprintf': 0, 'vfprintf': 0, 'fputs': -1, 'fputc': -1, 'putc': -1, 'fwrite': -1,
	  'dprintf': 0, 'vdprintf': 0, 'write': 0}
STDERR = {'stderr', 'STDERR_FILENO', '2'}
CALL = re.compile(r'\b(%s|perror)\s*\(' % '|'.join(STREAM))


def check_file(path, code, found):
	for m in CALL.finditer(code):
		call = m.group(1)
		before = code[:m.start()].rstrip()
		if before.endswith(('.', '->')) or re.search(r'\b(struct|void|int|ssize_t)\s*\*?$',
							     before):
			continue  # a member, or a declaration
		line = stylelib.line_of(code, m.start())
		if call == 'perror':
			found.append((path, line, 'perror', 'perror writes to stderr: use pw_log_error '
				      '(compositor/pure/log.h) with strerror(errno)'))
			continue
		end = stylelib.matching_paren(code, m.end() - 1)
		args = stylelib.split_args(code[m.end():end - 1])
		stream = args[STREAM[call]] if args else ''
		if stream.strip() in STDERR:
			found.append((path, line, 'stderr', '%s to %s: use pw_log_error, _warning, _info '
				      'or _debug (compositor/pure/log.h)' % (call, stream.strip())))


def check(root):
	found = []
	for f in stylelib.walk(root, SCANNED, ('.c', '.h')):
		if f in EXEMPT:
			continue
		check_file(f, stylelib.strip_c(stylelib.read(os.path.join(root, f))), found)
	return found


SELF_FILES = {
	'compositor/pure/log.c': 'void\nf(void)\n{\n\tfprintf(stderr, "picowl: ");\n}\n',
	'compositor/core/a.c': '/* fprintf(stderr, "in a comment") */\n'
	'void\nf(FILE *out)\n{\n'
	'\tfprintf(stderr, "picowl: %d\\n", 1);\n'  # 5: stderr
	'\tfprintf(out, "fprintf(stderr, ...) in a string\\n");\n'
	'\tfprintf(\n\t\tstderr,\n\t\t"picowl: %s", "x");\n'  # 7: stderr
	'\tperror("open");\n'  # 10: perror
	'\tfputs("x", stderr);\n'  # 11: stderr
	'\tfwrite(buf, 1, n, stderr);\n'  # 12: stderr
	'\tvfprintf(stderr, fmt, ap);\n'  # 13: stderr
	'\tfputs("x", stdout);\n'
	'\twrite(fd, buf, n);\n'
	'\tdprintf(STDERR_FILENO, "x");\n'  # 16: stderr
	'\tconfig->fprintf(stderr);\n'
	'}\n',
	'backends/drm/drm.c': 'static void\ng(void)\n{\n\tfputc(\'\\n\', stderr);\n}\n',  # 4
	'clients/ctl/main.c': 'int\nmain(void)\n{\n\tfprintf(stderr, "usage\\n");\n}\n',
}

SELF_EXPECTED = [
	('compositor/core/a.c', 5, 'stderr'),
	('compositor/core/a.c', 7, 'stderr'),
	('compositor/core/a.c', 10, 'perror'),
	('compositor/core/a.c', 11, 'stderr'),
	('compositor/core/a.c', 12, 'stderr'),
	('compositor/core/a.c', 13, 'stderr'),
	('compositor/core/a.c', 16, 'stderr'),
	('backends/drm/drm.c', 4, 'stderr'),
]


def main():
	root = stylelib.project_root(sys.argv)
	mistakes = stylelib.self_test('logging', SELF_FILES, SELF_EXPECTED, check)
	print()
	for f, why in sorted(EXEMPT.items()):
		print('exempt: %s (%s)' % (f, why))
	found = check(root)
	n = len(stylelib.walk(root, SCANNED, ('.c', '.h')))
	return stylelib.finish(mistakes, found, '%d files under %s checked' % (n, ', '.join(SCANNED)))


if __name__ == '__main__':
	sys.exit(main())
