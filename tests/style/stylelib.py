"""What the style checks share: reading C source with its comments, strings and preprocessor
lines blanked (line numbers kept), the C files of a tree, function definitions found at the
top level of a file, violations printed as "path:line: [kind] message", and the self-test that
each check runs first on a small tree with one planted violation of each kind.
"""

import os
import re
import tempfile

SCANNED = ('compositor', 'backends', 'clients')


# Words that may stand before a '(' without naming the function defined there.
NOT_A_NAME = {
	'__attribute__', '__attribute', '__declspec', 'alignas', '_Alignas', 'void', 'char', 'short',
	'int', 'long', 'float', 'double', 'signed', 'unsigned', '_Bool', 'bool', 'const', 'volatile',
	'static', 'inline', 'extern', 'restrict', 'struct', 'enum', 'union', 'typeof', '__typeof__',
	'sizeof', 'return',
}


def blank(text):
	"""`text` with every character but newlines made a space."""
	return re.sub(r'[^\n]', ' ', text)


def strip_c(text, strings=True, preprocessor=True):
	"""C text with its comments blanked, and the contents of its string and character literals
	(the quotes stay) and its preprocessor lines (with their continuations) if asked: what is
	left is code, at the same line and column."""
	out = []
	i, n = 0, len(text)
	at_line_start = True
	while i < n:
		c = text[i]
		if text.startswith('/*', i):
			end = text.find('*/', i + 2)
			end = n if end < 0 else end + 2
			out.append(blank(text[i:end]))
			i = end
			continue
		if text.startswith('//', i):
			end = text.find('\n', i)
			end = n if end < 0 else end
			out.append(' ' * (end - i))
			i = end
			continue
		if c == '#' and at_line_start and preprocessor:
			j = i
			while j < n:
				k = text.find('\n', j)
				k = n if k < 0 else k
				line = text[j:k]
				# a comment inside a directive is blanked with it
				if line.rstrip().endswith('\\') and k < n:
					j = k + 1
					continue
				j = k
				break
			out.append(blank(text[i:j]))
			i = j
			continue
		if c in '"\'':
			j = i + 1
			while j < n and text[j] != c and text[j] != '\n':
				j += 2 if text[j] == '\\' else 1
			inner = text[i + 1:j]
			out.append(c + (blank(inner) if strings else inner) + text[j:j + 1])
			i = j + 1
			at_line_start = False
			continue
		out.append(c)
		if c == '\n':
			at_line_start = True
		elif not c.isspace():
			at_line_start = False
		i += 1
	return ''.join(out)


def read(path):
	with open(path, encoding='utf-8', errors='replace') as f:
		return f.read()


def line_of(text, pos):
	return text.count('\n', 0, pos) + 1


def is_build_dir(path):
	try:
		files = os.listdir(path)
	except OSError:
		return False
	return 'build.ninja' in files or os.path.basename(path) == 'meson-private'


def walk(root, tops, suffixes, skip=()):
	"""The files ending in `suffixes` under the folders `tops` of `root` (paths from root, with
	'/'), without hidden folders, build folders, or the top folders named in `skip`."""
	found = []
	for top in tops:
		base = os.path.join(root, top) if top else root
		for dirpath, dirs, files in os.walk(base):
			rel = os.path.relpath(dirpath, root).replace(os.sep, '/')
			dirs[:] = sorted(d for d in dirs if not d.startswith('.') and
					 not is_build_dir(os.path.join(dirpath, d)) and
					 (rel + '/' + d if rel != '.' else d) not in skip)
			for f in sorted(files):
				if f.endswith(suffixes):
					found.append(os.path.relpath(os.path.join(dirpath, f),
								     root).replace(os.sep, '/'))
	return found


def matching_paren(text, i):
	"""The index just after the bracket that closes the one at text[i]."""
	pairs = {'(': ')', '[': ']', '{': '}'}
	stack = []
	n = len(text)
	while i < n:
		c = text[i]
		if c in pairs:
			stack.append(pairs[c])
		elif stack and c == stack[-1]:
			stack.pop()
			if not stack:
				return i + 1
		i += 1
	return n


def split_args(text):
	"""The top-level comma-separated parts of `text` (the inside of a call's parentheses)."""
	args, depth, cur = [], 0, []
	for c in text:
		if c in '([{':
			depth += 1
		elif c in ')]}':
			depth -= 1
		if c == ',' and depth == 0:
			args.append(''.join(cur).strip())
			cur = []
		else:
			cur.append(c)
	args.append(''.join(cur).strip())
	return args


def top_level(code):
	"""The chunks of `code` at brace depth 0 that open a brace: (start, end) where code[start:end]
	is what stands before a '{' at the top level (since the last ';' or '}' there)."""
	chunks = []
	depth, paren, start = 0, 0, 0
	for i, c in enumerate(code):
		if c == '(':
			paren += 1
		elif c == ')':
			paren -= 1
		elif c == '{':
			if depth == 0 and paren == 0:
				chunks.append((start, i))
			depth += 1
		elif c == '}':
			depth -= 1
			if depth == 0:
				start = i + 1
		elif c == ';' and depth == 0 and paren == 0:
			start = i + 1
	return chunks


def blank_attributes(code):
	"""`code` with each __attribute__((...)) blanked."""
	while True:
		m = re.search(r'\b__attribute__\s*\(', code)
		if not m:
			return code
		end = matching_paren(code, m.end() - 1)
		code = code[:m.start()] + blank(code[m.start():end]) + code[end:]


def opener(text, close):
	"""The index of the bracket that opens the one closing at text[close]."""
	depth = 0
	for i in range(close, -1, -1):
		if text[i] in ')]}':
			depth += 1
		elif text[i] in '([{':
			depth -= 1
			if depth == 0:
				return i
	return -1


def declarator_name(chunk):
	"""(name, offset in chunk, static) of the function a chunk like "static int\\nname(args)"
	defines, or None when the chunk does not define a function (a struct, an initializer...).
	The chunk may begin with macro calls that stand without a semicolon (FOO(a, b)), and with
	attributes."""
	chunk = blank_attributes(chunk)
	body = chunk.rstrip()
	if not body.endswith(')'):
		return None
	depth = 0
	for c in chunk:
		if c in '([':
			depth += 1
		elif c in ')]':
			depth -= 1
		elif c == '=' and depth == 0:
			return None
	# the parameter list is the last group; the name stands before it, or, for a function that
	# returns a function pointer, "type (*name(params))(its params)", inside the group before
	name_end = opener(body, len(body) - 1)
	while name_end > 0:
		before = body[:name_end].rstrip()
		ident = re.search(r'[A-Za-z_][A-Za-z0-9_]*$', before)
		if ident and ident.group(0) not in NOT_A_NAME:
			prefix = before[:ident.start()]
			# what is before the declaration proper: macro calls, which end with ')'
			prefix = prefix[prefix.rfind(')') + 1:]
			return ident.group(0), ident.start(), re.search(r'\bstatic\b', prefix) is not None
		if before.endswith(')'):
			inner = before[opener(before, len(before) - 1) + 1:len(before) - 1]
			m = re.search(r'\*\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(', inner)
			if m:
				offset = opener(before, len(before) - 1) + 1 + m.start(1)
				prefix = before[:opener(before, len(before) - 1)]
				prefix = prefix[prefix.rfind(')') + 1:]
				return m.group(1), offset, re.search(r'\bstatic\b', prefix) is not None
		return None
	return None


def definitions(text):
	"""(name, line, static) of each function defined in C text (not yet stripped)."""
	code = strip_c(text)
	found = []
	for start, end in top_level(code):
		got = declarator_name(code[start:end])
		if got:
			name, offset, static = got
			found.append((name, line_of(code, start + offset), static))
	return found


def top_level_code(code):
	"""`code` with everything inside braces blanked."""
	out, depth = [], 0
	for c in code:
		if c == '{':
			depth += 1
			out.append(c)
		elif c == '}':
			depth -= 1
			out.append(c)
		elif depth > 0 and c != '\n':
			out.append(' ')
		else:
			out.append(c)
	return ''.join(out)


def declared_functions(text):
	"""The names a header declares or defines as functions at its top level."""
	code = top_level_code(strip_c(text))
	names = set()
	for m in re.finditer(r'([A-Za-z_][A-Za-z0-9_]*)\s*\(', code):
		if m.group(1) not in NOT_A_NAME:
			names.add(m.group(1))
	return names


def format_violation(v):
	path, line, kind, message = v
	return '%s:%d: [%s] %s' % (path, line, kind, message)


def write_tree(root, files):
	for rel, text in files.items():
		path = os.path.join(root, rel)
		os.makedirs(os.path.dirname(path), exist_ok=True)
		with open(path, 'w') as f:
			f.write(text)


def self_test(name, files, expected, check, planted=None):
	"""Writes `files` into a temporary tree, runs check(root) on it, and compares the violations
	with `expected` ((path, line, kind) each); prints both. Returns the number of mistakes."""
	with tempfile.TemporaryDirectory(prefix='picowl-%s-' % name) as root:
		write_tree(root, files)
		found = check(root)
	planted = planted or 'a tree of %d planted files' % len(files)
	print('self-test: %s, %d violations found:' % (planted, len(found)))
	for v in found:
		print('  ' + format_violation(v))
	got = [(p, l, k) for p, l, k, _ in found]
	missed = [e for e in expected if e not in got]
	extra = [g for g in got if g not in expected]
	for p, l, k in missed:
		print('self-test FAILED: not reported: %s:%d: [%s]' % (p, l, k))
	for p, l, k in extra:
		print('self-test FAILED: reported but not planted: %s:%d: [%s]' % (p, l, k))
	if len(got) != len(set(got)):
		print('self-test FAILED: a violation was reported twice')
		return len(missed) + len(extra) + 1
	if not missed and not extra:
		print('self-test passed: each planted violation was reported, nothing else')
	return len(missed) + len(extra)


def finish(mistakes, found, what):
	"""Prints the real tree's violations and a summary; the exit status."""
	for v in found:
		print(format_violation(v))
	print('%s, %d violations' % (what, len(found)))
	if mistakes:
		print('the self-test failed: the checker cannot be trusted')
	return 1 if found or mistakes else 0


def project_root(argv):
	here = os.path.dirname(os.path.abspath(__file__))
	return argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(here))
