"""The handler naming rule (DESIGN section 7):

  request-name    in a `static const struct <iface>_interface <object>_impl = {...}` table under
                  compositor/, a `.request = fn` whose fn is neither <object>_<request> nor the
                  shared pw_request_destroy (nor NULL)
  handle-request  the same, where fn is named handle_*: request handlers are never handle_*
  copied-destroy  a function under compositor/ whose body only calls wl_resource_destroy (it
                  may cast its arguments to void): the tables point to pw_request_destroy
  table-name      a table of a Wayland interface (`struct <iface>_interface NAME = {`) under
                  compositor/ that is not `static const` or whose name does not end in _impl
  listener-name   a wl_listener's `.notify = fn` (in compositor/ or backends/) whose fn is not
                  handle_*
  source-name     an event-loop source callback (wl_event_loop_add_fd, _timer, _signal, _idle)
                  in compositor/ or backends/ that is not handle_*
  signal-name     a signal handler (.sa_handler, .sa_sigaction, signal()) in compositor/ or
                  backends/ that is not handle_* (SIG_IGN and SIG_DFL are no handlers)

Each file is read with its comments, strings and preprocessor lines blanked. Before the real tree
it checks itself on a small tree with one planted violation of each kind.
Usage: check_handlers.py [ROOT].
"""

import re
import os
import sys

import stylelib

TABLES_IN = ('compositor',)
LISTENERS_IN = ('compositor', 'backends')
SHARED_DESTROY = 'pw_request_destroy'

TABLE = re.compile(r'\b((?:(?:static|const)\s+)*)struct\s+([A-Za-z_][A-Za-z0-9_]*)_interface\s+'
		   r'([A-Za-z_][A-Za-z0-9_]*)\s*=\s*\{')
ENTRY = re.compile(r'\.\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([^,}]*)')
NOTIFY = re.compile(r'\.\s*notify\s*=\s*([^,;})]*)')
SIGACTION = re.compile(r'\.\s*(sa_handler|sa_sigaction)\s*=\s*([^,;})]*)')
# the callback's position among each call's arguments
SOURCES = {'wl_event_loop_add_fd': 3, 'wl_event_loop_add_timer': 1,
	   'wl_event_loop_add_signal': 2, 'wl_event_loop_add_idle': 1, 'signal': 1}
CALL = re.compile(r'\b(%s)\s*\(' % '|'.join(SOURCES))
IDENT = re.compile(r'^&?\s*([A-Za-z_][A-Za-z0-9_]*)$')
NO_HANDLER = {'NULL', 'SIG_IGN', 'SIG_DFL', '0'}
ONLY_DESTROY = re.compile(r'^\s*(\(\s*void\s*\)\s*\w+\s*;\s*)*'
			  r'wl_resource_destroy\s*\(\s*\w+\s*\)\s*;\s*$')


def function_name(value):
	"""The function a value names ("fn", "&fn"), or None when it is no plain name."""
	m = IDENT.match(value.strip())
	return m.group(1) if m else None


def check_tables(path, code, found):
	for m in TABLE.finditer(code):
		quals, iface, name = m.group(1).split(), m.group(2), m.group(3)
		line = stylelib.line_of(code, m.start(3))
		if 'static' not in quals or 'const' not in quals or not name.endswith('_impl'):
			found.append((path, line, 'table-name', 'the %s_interface table %s is not '
				      '"static const struct %s_interface <object>_impl"' %
				      (iface, name, iface)))
			if not name.endswith('_impl'):
				continue
		obj = name[:-len('_impl')]
		end = stylelib.matching_paren(code, m.end() - 1)
		body = code[m.end():end - 1]
		for e in ENTRY.finditer(body):
			request, value = e.group(1), e.group(2).strip()
			fn = function_name(value)
			if value in NO_HANDLER or fn == SHARED_DESTROY or fn == obj + '_' + request:
				continue
			where = stylelib.line_of(code, m.end() + e.start())
			if fn and fn.startswith('handle_'):
				found.append((path, where, 'handle-request', '%s.%s = %s: a request handler '
					      'is never handle_*; name it %s_%s%s' %
					      (name, request, fn, obj, request,
					       ' (or use %s)' % SHARED_DESTROY
					       if request in ('destroy', 'release') else '')))
			else:
				found.append((path, where, 'request-name', '%s.%s = %s: name it %s_%s%s' %
					      (name, request, value, obj, request,
					       ' (or use %s)' % SHARED_DESTROY
					       if request in ('destroy', 'release') else '')))


def check_copies(path, code, found):
	for start, end in stylelib.top_level(code):
		got = stylelib.declarator_name(code[start:end])
		if not got or got[0] == SHARED_DESTROY:
			continue
		body = code[end + 1:stylelib.matching_paren(code, end) - 1]
		if ONLY_DESTROY.match(body):
			found.append((path, stylelib.line_of(code, start + got[1]), 'copied-destroy',
				      '%s only calls wl_resource_destroy: point its tables to %s '
				      '(compositor/core/request.h)' % (got[0], SHARED_DESTROY)))


def check_listeners(path, code, found):
	for m in NOTIFY.finditer(code):
		fn = function_name(m.group(1))
		if m.group(1).strip() in NO_HANDLER or (fn and fn.startswith('handle_')):
			continue
		found.append((path, stylelib.line_of(code, m.start()), 'listener-name',
			      'a listener .notify = %s: name it handle_<event> or handle_<source>_<event>'
			      % m.group(1).strip()))
	for m in SIGACTION.finditer(code):
		fn = function_name(m.group(2))
		if m.group(2).strip() in NO_HANDLER or (fn and fn.startswith('handle_')):
			continue
		found.append((path, stylelib.line_of(code, m.start()), 'signal-name',
			      'a signal handler .%s = %s: name it handle_<signal>' %
			      (m.group(1), m.group(2).strip())))
	for m in CALL.finditer(code):
		call = m.group(1)
		if code[:m.start()].rstrip().endswith(('.', '->')):
			continue
		end = stylelib.matching_paren(code, m.end() - 1)
		args = stylelib.split_args(code[m.end():end - 1])
		i = SOURCES[call]
		if len(args) <= i:
			continue
		value = args[i]
		fn = function_name(value)
		if value in NO_HANDLER or (fn and fn.startswith('handle_')):
			continue
		kind = 'signal-name' if call == 'signal' else 'source-name'
		found.append((path, stylelib.line_of(code, m.start()), kind,
			      '%s(..., %s, ...): %s callback is handle_<event> or '
			      'handle_<source>_<event>' %
			      (call, value, 'a signal' if call == 'signal' else 'an event-loop source')))


def check(root):
	found = []
	for f in stylelib.walk(root, LISTENERS_IN, ('.c', '.h')):
		code = stylelib.strip_c(stylelib.read(os.path.join(root, f)))
		if f.split('/', 1)[0] in TABLES_IN:
			check_tables(f, code, found)
			check_copies(f, code, found)
		check_listeners(f, code, found)
	return found


SELF_FILES = {
	'compositor/core/region.c': '#include "region.h"\n'
	'static const struct wl_region_interface region_impl;\n'  # a declaration
	'/* .add = handle_add in a comment */\n'
	'static const struct wl_region_interface region_impl = {\n'
	'\t.destroy = pw_request_destroy,\n'
	'\t.add = region_add,\n'
	'\t.subtract = handle_region_subtract,\n'  # 7: handle-request
	'\t.frob = NULL,\n'
	'};\n'
	'static const struct wl_foo_interface\n\tfoo_impl = {.bar = foo_bar, .baz = baz_it};\n'
	# 11: request-name
	'const struct wl_pool_interface pool_impl = {.destroy = pool_destroy};\n'  # 12: table-name
	'static const struct wl_output_interface output_interface = {\n'  # 13: table-name
	'\t.release = handle_release,\n};\n'
	'static void\nsetup(struct x *x)\n{\n'
	'\tx->destroy.notify = handle_destroy;\n'
	'\tx->commit.notify = surface_commit;\n'  # 20: listener-name
	'\tstruct wl_listener l = {.notify = handle_l};\n'
	'\twl_event_loop_add_fd(loop, fd, WL_EVENT_READABLE, handle_readable, x);\n'
	'\twl_event_loop_add_idle(loop,\n\t\tsend_configure, x);\n'  # 23: source-name
	'\twl_event_loop_add_timer(loop, handle_timer, x);\n'
	'\tsignal(SIGPIPE, SIG_IGN);\n'
	'\tsignal(SIGHUP, on_hup);\n'  # 27: signal-name
	'\tstruct sigaction a = {.sa_handler = handle_crash};\n'
	'\tstruct sigaction b = {.sa_handler = crashed};\n'  # 29: signal-name
	'\tprintf(".notify = nothing");\n'
	'}\n'
	'static void\nregion_destroy(struct wl_client *client, struct wl_resource *resource)\n'
	'{\n\t(void)client;\n\twl_resource_destroy(resource);\n}\n'  # 33: copied-destroy
	'static void\npool_destroy(struct wl_client *client, struct wl_resource *resource)\n'
	'{\n\tpool_unref(resource);\n\twl_resource_destroy(resource);\n}\n',  # does more
	'compositor/core/request.c': 'void\npw_request_destroy(struct wl_client *client, '
	'struct wl_resource *resource)\n{\n\twl_resource_destroy(resource);\n}\n',
	'backends/libinput/libinput.c': 'static const struct libinput_interface li_interface = {\n'
	'\t.open_restricted = open_restricted,\n};\n'  # not a Wayland table, not compositor/
	'void\nf(void)\n{\n\tw->destroy.notify = on_destroy;\n}\n',  # 7: listener-name
	'clients/panel/panel.c': 'static void\nf(void)\n{\n\tw->destroy.notify = on_destroy;\n}\n',
}

SELF_EXPECTED = [
	('compositor/core/region.c', 7, 'handle-request'),
	('compositor/core/region.c', 11, 'request-name'),
	('compositor/core/region.c', 12, 'table-name'),
	('compositor/core/region.c', 13, 'table-name'),
	('compositor/core/region.c', 20, 'listener-name'),
	('compositor/core/region.c', 23, 'source-name'),
	('compositor/core/region.c', 27, 'signal-name'),
	('compositor/core/region.c', 29, 'signal-name'),
	('compositor/core/region.c', 33, 'copied-destroy'),
	('backends/libinput/libinput.c', 7, 'listener-name'),
]


def main():
	root = stylelib.project_root(sys.argv)
	mistakes = stylelib.self_test('handlers', SELF_FILES, SELF_EXPECTED, check)
	print()
	found = check(root)
	n = len(stylelib.walk(root, LISTENERS_IN, ('.c', '.h')))
	return stylelib.finish(mistakes, found, '%d files under %s checked' %
			       (n, ', '.join(LISTENERS_IN)))


if __name__ == '__main__':
	sys.exit(main())
