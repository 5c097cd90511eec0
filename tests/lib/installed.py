"""
A tree `meson install` made, checked (decision 4.58): every absolute path its programs and
service files name exists in it, picowl's input module is where picowl looks, and bindir holds
only the user's programs. Used by tests/install (x86, a prefix and a DESTDIR) and tests/pxa
(the armel DESTDIR a device unpacks).

  errors, named = check_tree(root, prefix, sysconfdir)

`root` is the DESTDIR ('/' for an install to the prefix itself); `prefix` and `sysconfdir` are
absolute. Man pages, documentation and the config are not read: they describe paths in
general ("PREFIX/etc/xdg"), they do not use them.
"""
import os
import re

# What the service files may name outside the install: made at run time by the kernel, the
# init system or the scripts, or the administrator's own files.
RUNTIME_FILES = ('/etc/default/picowl', '/etc/conf.d/picowl', '/etc/inittab', '/etc/passwd',
                 '/bin/sh', '/sbin/openrc-run')
RUNTIME_DIRS = ('/dev/', '/proc/', '/run/', '/var/log/')
# The programs a user runs; anything else in bindir is a mistake (picowl-load is a benchmark).
USER_PROGRAMS = {'picowl', 'picowl-ctl', 'picowl-panel', 'picowl-terminal',
                 'doomgeneric-picowl'}
SKIPPED = ('/share/man/', '/share/doc/', '.ini')
# An absolute path in text: not inside a word, a URL, ~/ or $VAR/.
PATH = re.compile(r'(?<![\w.$}~:/-])/[A-Za-z0-9_.@+/-]*[A-Za-z0-9_@+]')
STRINGS = re.compile(rb'[\x20-\x7e]{4,}')


def files(root, tops):
    """Every file under `tops` in the tree: (its path once installed, its path here)."""
    out = set()
    for top in tops:
        for d, _, names in os.walk(os.path.join(root, top.lstrip('/'))):
            for name in names:
                here = os.path.join(d, name)
                out.add(('/' + os.path.relpath(here, root), here))
    return sorted(out)


def named_paths(here, prefix):
    """The absolute paths a file names: every one in a text file; in a program, picowl's own in
    the prefix (its other strings, /dev/fb0 or XDG_DATA_DIRS' default, are the system's)."""
    with open(here, 'rb') as f:
        data = f.read()
    if data[:4] == b'\x7fELF':
        strings = (s.decode() for s in STRINGS.findall(data))
        return sorted({m for s in strings for m in PATH.findall(s)
                       if m.startswith(prefix + '/') and '/picowl' in m})
    return sorted(set(PATH.findall(data.decode(errors='replace'))))


def check_tree(root, prefix, sysconfdir):
    """(errors, {installed file: the paths it names})."""
    root = os.path.abspath(root)
    errors, named = [], {}
    # a DESTDIR holds only the install; '/' holds the whole system, of which only these
    tree = files(root, [prefix, sysconfdir] if root == '/' else ['/'])
    if not tree:
        return ['nothing installed in %s' % root], named
    ours = (prefix.rstrip('/') + '/', sysconfdir.rstrip('/') + '/')
    for inside, here in tree:
        if os.path.islink(here) or any(s in inside for s in SKIPPED):
            continue
        paths = named_paths(here, prefix)
        named[inside] = paths
        for p in paths:
            if p in RUNTIME_FILES:
                continue
            if p.startswith(ours):
                if not os.path.lexists(os.path.join(root, p.lstrip('/'))):
                    errors.append('%s names %s, which is not in the tree' % (inside, p))
            elif not (p + '/').startswith(RUNTIME_DIRS):
                errors.append('%s names %s, neither installed nor a system path' % (inside, p))
    bindir = os.path.join(root, prefix.lstrip('/'), 'bin')
    extra = sorted(set(os.listdir(bindir)) - USER_PROGRAMS) if os.path.isdir(bindir) else []
    if extra:
        errors.append('bin holds programs that are not the user\'s: %s' % ', '.join(extra))
    # input_load.c and xwm_load.c: ../lib/picowl/NAME.so from picowl's folder
    picowl = os.path.join(bindir, 'picowl')
    if not os.path.exists(picowl):
        errors.append('no bin/picowl in %s' % root)
    else:
        with open(picowl, 'rb') as f:
            text = f.read()
        for name in ('picowl-input.so', 'picowl-xwm.so'):
            module = os.path.join(bindir, '..', 'lib', 'picowl', name)
            if name.encode() in text and not os.path.exists(module):
                errors.append('picowl loads ../lib/picowl/%s, not in the tree' % name)
    return errors, named
