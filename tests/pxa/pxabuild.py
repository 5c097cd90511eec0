"""
The build steps of tests/pxa and the image they make: the armel sysroot (tools/armel-sysroot.sh),
the cross build (cross/armel.ini) for the prefix /usr and the tree `meson install --destdir
--strip` makes of it, the one a device unpacks (decision 4.58), the kernel (kernel.sh), and the
initramfs of a boot: busybox, that tree, the test programs, the libraries they need from the
sysroot, and libinput's data (no xkb data: picowl falls back to the keymap built into it, and
the clients compile the one it sends). Also the report that pxa.py prints (say) and its failure
(fail).
"""
import gzip
import os
import re
import shutil
import subprocess
import sys
import time

from cpio import Cpio  # tests/lib, on PYTHONPATH: the project's own newc writer
import installed  # tests/lib: the tree's paths checked

HERE = os.path.dirname(os.path.abspath(__file__))

CROSS = 'arm-linux-gnueabi-'
LIBDIRS = ['lib/arm-linux-gnueabi', 'usr/lib/arm-linux-gnueabi']
# the programs of every image, by their paths in the armel build; those meson installs come
# from the installed tree, the tests' own from the build
PROGRAMS = {
    'picowl': 'compositor/picowl',
    'picowl-panel': 'clients/picowl-panel/picowl-panel',
    'picowl-ctl': 'clients/picowl-ctl/picowl-ctl',
    'pxaclient': 'tests/pxa/pxaclient',
    'vmtool': 'tests/vm/vmtool',
}
# built too, for the images that ask for them (pxadma.py, pxasoak.py)
TOOLS = {'picowl-load': 'clients/picowl-load/picowl-load', 'robust': 'tests/robust/robust',
         'memory': 'tests/robust/memory'}
# with --doomgeneric (the build's -Ddoomgeneric), the game too
GAME = {'doomgeneric-picowl': 'clients/doomgeneric/doomgeneric-picowl'}
# picowl's libinput module, in every image at /usr/lib/picowl (input_load.c looks there)
MODULES = {'picowl-input.so': 'backends/picowl-input.so'}
# picowl's X window manager, installed, when the sysroot has the xcb libraries (decision 4.70)
XWM = 'compositor/xwayland/picowl-xwm.so'
# the installed tree, in the cache: what a device unpacks at /
TREE = 'tree'
# The display and the panel of every session the boards run (pxa.py and pxax11.py add theirs)
SESSION = '''[output]
backend = fbdev
device = /dev/fb0

[layout]
border_width = 2

[panel]
command = picowl-panel
autohide = true
'''

report = []


def say(line):
    print(line, flush=True)
    report.append(line)


def fail(msg):
    print('FAIL: ' + msg, flush=True)
    sys.exit(1)


def run(cmd, **kw):
    t = time.time()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode != 0:
        print(r.stdout[-4000:])
        fail('%s exited with %d' % (' '.join(cmd[:3]), r.returncode))
    return r.stdout, time.time() - t


# ---------------------------------------------------------------------------- the build steps

def build_sysroot(args):
    """The sysroot, made again (its kept downloads reused) when armel-sysroot.sh changed since:
    a cache from before it listed the xcb libraries then gets them, and the armel build is set
    up again to find them (args.reconfigure)."""
    sysroot = os.path.join(args.cache, 'sysroot')
    script = os.path.join(args.source, 'tools', 'armel-sysroot.sh')
    stamp = os.path.join(sysroot, 'armel-sysroot.stamp')
    with open(script, 'rb') as f:
        text = f.read()
    args.reconfigure = False
    if not os.path.exists(os.path.join(sysroot, 'meson-sysroot.ini')) or \
            not os.path.exists(stamp) or open(stamp, 'rb').read() != text:
        _, t = run([script, sysroot])
        with open(stamp, 'wb') as f:
            f.write(text)
        args.reconfigure = True
        say('sysroot: armel libraries fetched and unpacked in %.0f s' % t)
    return sysroot


def build_armel(args, sysroot):
    """The armel build for the prefix /usr, installed stripped into the cache's tree (checked:
    every path its programs and service files name is in it); the test programs (and the game
    with --doomgeneric), stripped, in one folder, returned."""
    out = os.path.join(args.cache, 'armel')
    engine = '-Ddoomgeneric=' + (args.doomgeneric or '')
    if getattr(args, 'reconfigure', False):
        # set up again from scratch: a build dir keeps the cross files it was set up with
        shutil.rmtree(out, ignore_errors=True)
    if not os.path.exists(os.path.join(out, 'build.ninja')):
        run(['meson', 'setup', out, args.source,
             '--cross-file', os.path.join(sysroot, 'meson-sysroot.ini'),
             '--cross-file', os.path.join(args.source, 'cross', 'armel.ini'),
             '-Dbuildtype=release', '--prefix=/usr', engine])
    else:
        run(['meson', 'configure', out, '-Dprefix=/usr', engine])
    programs = dict(PROGRAMS, **TOOLS, **MODULES, **(GAME if args.doomgeneric else {}))
    with open(os.path.join(out, 'build.ninja')) as f:
        xwm = [XWM] if XWM + ':' in f.read() else []
    _, t = run(['ninja', '-C', out] + list(programs.values()) + xwm)
    say('armel build: %.0f s' % t)
    tree = os.path.join(args.cache, TREE)
    shutil.rmtree(tree, ignore_errors=True)
    run(['meson', 'install', '-C', out, '--destdir', tree, '--strip', '--no-rebuild', '--quiet'])
    errors, named = installed.check_tree(tree, '/usr', '/etc')
    if errors:
        fail('the installed armel tree: ' + '; '.join(errors))
    files = installed.files(tree, ['/'])
    say('armel tree (meson install --destdir --strip): %d files, %d bytes; the %d paths its '
        'programs and service files name are there' % (
            len(files), sum(os.path.getsize(h) for _, h in files if not os.path.islink(h)),
            sum(len(v) for v in named.values())))
    stripped = os.path.join(args.cache, 'bin')
    os.makedirs(stripped, exist_ok=True)
    for name, path in programs.items():
        run([CROSS + 'strip', '-o', os.path.join(stripped, name), os.path.join(out, path)])
    usr_bin = os.path.join(tree, 'usr', 'bin')
    sizes = ', '.join('%s %d' % (n, os.path.getsize(os.path.join(usr_bin, n)))
                      for n in ['picowl', 'picowl-panel', 'picowl-ctl'] + list(
                          GAME if args.doomgeneric else []))
    say('stripped armel sizes (bytes): ' + sizes)
    arch, _ = run([CROSS + 'readelf', '-A', os.path.join(usr_bin, 'picowl')])
    if 'v5TE' not in arch:
        fail('picowl is not an ARMv5TE binary:\n' + arch)
    return stripped


def check_pixels(args, sysroot):
    """tests/unit/test_pixels of the armel build under qemu-arm -cpu pxa270: pixels.c's ARM
    paths (the LDM and STM rows, the rotations) bit for bit against pixman, as x86's unit test
    checks its own."""
    out = os.path.join(args.cache, 'armel')
    run(['ninja', '-C', out, 'tests/unit/test_pixels'])
    text, t = run(['qemu-arm', '-cpu', 'pxa270', '-L', sysroot,
                   os.path.join(out, 'tests', 'unit', 'test_pixels')])
    say('pixels.c on ARM (test_pixels under qemu-arm -cpu pxa270): %s (%.1f s)'
        % (text.strip().splitlines()[-1], t))


def build_kernel(args):
    out, t = run([os.path.join(HERE, 'kernel.sh'), os.path.join(args.cache, 'kernel')])
    zimage = out.strip().splitlines()[-1]
    say('kernel: %s, %d bytes (%.0f s, cached after the first run)' %
        (os.path.basename(zimage), os.path.getsize(zimage), t))
    return zimage


def build_kmod(args):
    """backends/kernel's picowl_dma.ko, built against the kernel of build_kernel in a copy of its
    sources (the checkout stays clean)."""
    kout = os.path.join(args.cache, 'kernel', 'out')
    work = os.path.join(args.cache, 'kmod')
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(os.path.join(args.source, 'backends', 'kernel'), work,
                    ignore=shutil.ignore_patterns('*.o', '*.ko', '*.mod', '*.mod.c', '.*.cmd',
                                                  'modules.order', 'Module.symvers'))
    _, t = run(['make', '-s', '-C', kout, 'M=' + work, 'ARCH=arm', 'CROSS_COMPILE=' + CROSS,
                'modules'])
    ko = os.path.join(work, 'picowl_dma.ko')
    say('kernel module: picowl_dma.ko, %d bytes (%.0f s)' % (os.path.getsize(ko), t))
    return ko


def needed(path):
    out = subprocess.run([CROSS + 'readelf', '-d', path], capture_output=True, text=True).stdout
    return re.findall(r'Shared library: \[(.+?)\]', out)


def add_sysroot_file(cpio, sysroot, rel):
    """A file of the sysroot at the same path in the image, its symlinks kept."""
    src = os.path.join(sysroot, rel)
    if os.path.islink(src):
        target = os.readlink(src)
        cpio.symlink('/' + rel, target)
        if target.startswith('/'):
            add_sysroot_file(cpio, sysroot, target.lstrip('/'))
        else:
            add_sysroot_file(cpio, sysroot, os.path.normpath(os.path.join(os.path.dirname(rel), target)))
        return
    with open(src, 'rb') as f:
        cpio.file('/' + rel, f.read(), os.stat(src).st_mode & 0o777)


def find_lib(sysroot, name):
    for d in LIBDIRS:
        if os.path.lexists(os.path.join(sysroot, d, name)):
            return d + '/' + name
    fail('library %s is not in the sysroot' % name)


def add_tree(cpio, sysroot, rel):
    """The files under `rel`."""
    for d, _, files in os.walk(os.path.join(sysroot, rel)):
        for name in files:
            add_sysroot_file(cpio, sysroot, os.path.relpath(os.path.join(d, name), sysroot))


def build_initramfs(args, sysroot, bindir, path, files, programs, extra=()):
    """
    busybox, `files` ({path: (text or bytes, mode)}), the installed tree (picowl, its module,
    its clients, config, man pages and service files at their places; the game only when
    `programs` names it), the other `programs` of bindir in /usr/bin, the `extra` files and
    folders of the sysroot (Debian's programs, by their paths in it), the libraries they all
    need, and libinput's data, no xkb data unless `extra` names it (as a 32 MB handheld's image
    leaves its 4 MB out): written gzipped to `path`. Returns (bytes unpacked, libraries).
    """
    cpio = Cpio()
    for d in ['dev', 'proc', 'sys', 'tmp', 'run', 'etc/default', 'usr/bin']:
        cpio.dir(d)
    cpio.node('/dev/console', 5, 1)
    add_sysroot_file(cpio, sysroot, 'bin/busybox')
    queue_ = []
    tree = os.path.join(args.cache, TREE)
    for inside, here in installed.files(tree, ['/']):
        if os.path.basename(inside) in GAME and os.path.basename(inside) not in programs:
            continue
        # the window manager only where Xwayland is: picowl loads it at the first X client
        if inside.endswith('/' + os.path.basename(XWM)) and 'usr/bin/Xwayland' not in extra:
            continue
        if os.path.islink(here):
            cpio.symlink(inside, os.readlink(here))
            continue
        with open(here, 'rb') as f:
            data = f.read()
        cpio.file(inside, data, os.stat(here).st_mode & 0o777)
        if data[:4] == b'\x7fELF':
            queue_ += needed(here)
    for name, (data, mode) in files.items():
        cpio.file(name, data if isinstance(data, bytes) else data.encode(), mode)
    cpio.file('/etc/passwd', b'root:x:0:0:root:/root:/bin/sh\n', 0o644)
    cpio.file('/etc/group', b'root:x:0:\n', 0o644)
    for name in programs:
        if os.path.exists(os.path.join(tree, 'usr', 'bin', name)):
            continue
        with open(os.path.join(bindir, name), 'rb') as f:
            cpio.file('/usr/bin/' + name, f.read())
        queue_ += needed(os.path.join(bindir, name))
    for rel in extra:
        if os.path.isdir(os.path.join(sysroot, rel)):
            add_tree(cpio, sysroot, rel)
            continue
        add_sysroot_file(cpio, sysroot, rel)
        queue_ += needed(os.path.realpath(os.path.join(sysroot, rel)))
    seen = set()
    while queue_:
        lib = queue_.pop()
        if lib in seen:
            continue
        seen.add(lib)
        rel = find_lib(sysroot, lib)
        add_sysroot_file(cpio, sysroot, rel)
        queue_ += needed(os.path.realpath(os.path.join(sysroot, rel)))
    add_sysroot_file(cpio, sysroot, 'lib/ld-linux.so.3')
    # libinput's device quirks
    add_tree(cpio, sysroot, 'usr/share/libinput')
    data = cpio.finish()
    # compressed: the kernel holds the archive and its unpacked files at once, in 32 MiB on z2
    with gzip.open(path, 'wb', compresslevel=6) as f:
        f.write(data)
    return len(data), sorted(seen)
