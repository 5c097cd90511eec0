#!/usr/bin/env python3
"""
Boots Debian's kernel under qemu-system-x86_64 (TCG) with an initramfs built now from busybox,
picowl, the test programs and the host's libraries, runs one case's guest script with picowl as
the session, and checks what reached the screen: qemu's screendump for DRM devices and the
DRM fbdev emulation, the framebuffer's own rows for vfb (qemu cannot see vfb).

  vm.py --case NAME --picowl P --client P --tool P [--game P --iwad WAD] [--keep DIR]

A case with `install` gets what `meson install` puts into a DESTDIR (vm.py runs it on --build),
in place at its prefix, the prefix in /installed and its files in /installed-files, and the
case's `host_files` (fonts, their
fontconfig); `programs` are host programs put in /bin with their libraries (foot).
A case's `kmods` are modules built now against the kernel's headers (kmods.py: vkms,
pw_test_backlight) into --kmod-dir, insmodded after the host modules they depend on; with
`ctl` the image gets picowl-ctl (--ctl).
A case that plays the real Doom engine (sound) also gets the game (doomgeneric-picowl), its
libraries, the IWAD as /doom/freedoom1.wad and the ALSA configuration alsa-lib reads.

The guest talks to this script on the serial line, one command a line:
  @@DUMP NAME          take a screendump now, then answer "ok" on the serial line
  @@FB NAME            followed by "W H STRIDE BPP R G B" and base64 rows, up to @@FBEND
  @@CLIENT ...         what the test client saw (see vmclient.c)
  @@STATUS NAME CODE   exit status of a command;  @@KD NAME MODE  a KDGETMODE reading
  @@VT NAME N          the active VT
  @@END                the script is over
"""
import argparse
import base64
import glob
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

import cases
import kmods
from cpio import Cpio

HERE = os.path.dirname(os.path.abspath(__file__))
SANITIZER = re.compile(r'ERROR: \w+Sanitizer|runtime error:')
# the time in front of each line of picowl's log ("[   12.345] picowl: ...", decision 4.60)
LOG_TIME = re.compile(r'^\[ *\d+\.\d{3}\] ')


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


# ---------------------------------------------------------------------------- the kernel

def find_kernel():
    """The newest kernel with both its image and its modules on this machine."""
    for image in sorted(glob.glob('/boot/vmlinuz-*'), reverse=True):
        version = image[len('/boot/vmlinuz-'):]
        if os.path.isdir('/lib/modules/' + version):
            return image, version
    # The image may be missing from /boot (a cleaned machine): take it from the package.
    for moddir in sorted(glob.glob('/lib/modules/*'), reverse=True):
        version = os.path.basename(moddir)
        debs = glob.glob('/var/cache/apt/archives/linux-image-%s_*.deb' % version)
        if debs:
            out = tempfile.mkdtemp(prefix='picowl-kernel-')
            subprocess.run(['dpkg-deb', '-x', debs[0], out], check=True)
            image = os.path.join(out, 'boot', 'vmlinuz-' + version)
            if os.path.exists(image):
                return image, version
    fail('no kernel: install linux-image-amd64 (the image in /boot and its modules)')


def module_order(version, names):
    """The .ko files to insmod for `names`, dependencies first."""
    base = '/lib/modules/' + version
    deps = {}
    with open(base + '/modules.dep') as f:
        for line in f:
            mod, _, rest = line.partition(':')
            deps[mod] = rest.split()
    by_name = {os.path.basename(m).split('.ko')[0].replace('-', '_'): m for m in deps}
    order = []

    def visit(mod):
        if mod in order:
            return
        for d in deps.get(mod, []):
            visit(d)
        order.append(mod)

    for name in names:
        mod = by_name.get(name.replace('-', '_'))
        if not mod:
            fail('module %s not found in %s (built in?)' % (name, base))
        visit(mod)
    return [os.path.join(base, m) for m in order]


# ---------------------------------------------------------------------------- the initramfs

def shared_libraries(binaries):
    libs = set()
    for b in binaries:
        out = subprocess.run(['ldd', b], capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.search(r'(/\S+)\s+\(0x', line)
            if m:
                libs.add(m.group(1))
    return sorted(libs)


INIT = r'''#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /tmp /run
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mkdir -p /tmp/xdg && chmod 700 /tmp/xdg
export XDG_RUNTIME_DIR=/tmp/xdg
%(insmods)s
# Wait for the display and input devices the modules make.
i=0; while [ $i -lt 50 ] && [ ! -e %(wait_for)s ]; do sleep 0.1; i=$((i+1)); done

wait_for() { # PATTERN SECONDS: a line of the client's state file
	i=0
	while ! grep -q "$1" /tmp/client.state 2>/dev/null; do
		sleep 0.1; i=$((i+1))
		if [ $i -ge $(($2 * 10)) ]; then echo "@@TIMEOUT $1"; return 1; fi
	done
}
start_picowl() { # NAME picowl-options; returns once the client drew its first frame
	: > /tmp/client.state
	shift
	picowl "$@" -- vmclient /tmp/client.state &
	PICOWL=$!
	wait_for drawn 30
	sleep 0.5
}
stop_picowl() { # NAME
	kill -TERM $PICOWL; wait $PICOWL; echo "@@STATUS $1 $?"
	sed "s/^/@@STATE $1 /" /tmp/client.state
}
dump() { # NAME: a screendump by qemu
	echo "@@DUMP $1"; read -r ack
}
fbdump() { # NAME: the rows of /dev/fb0 on the serial line
	echo "@@FB $1"; vmtool fbdump /dev/fb0 > /tmp/fb; head -n 1 /tmp/fb
	tail -c +$(($(head -n 1 /tmp/fb | wc -c) + 1)) /tmp/fb | base64; echo "@@FBEND"
}
kd() { # NAME
	echo "@@KD $1 $(vmtool kdmode /dev/tty1)"
}
expect_fail() { # NAME picowl-options: runs picowl, reports its status and its messages
	name=$1; shift
	picowl "$@" -- vmclient /tmp/none > /tmp/err 2>&1
	echo "@@STATUS $name $?"
	sed "s/^/@@LOG $name /" /tmp/err
}
echo "@@BOOTED"
. /test.sh
echo "@@END"
poweroff -f
'''


def install_tree(args, c, work):
    """`meson install` of --build into a DESTDIR, every file put at its place in the image;
    /installed names the prefix. Returns the ELF files, whose libraries the image needs."""
    if not args.build:
        fail('an install case needs --build (the meson build directory)')
    dest = os.path.join(work, 'destdir')
    r = subprocess.run(['meson', 'install', '-C', args.build, '--destdir', dest, '--no-rebuild',
                        '--quiet'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        fail('meson install: %s' % r.stdout.decode(errors='replace')[-2000:])
    elves, prefix, names = [], None, []
    for d, _, files in os.walk(dest):
        for name in files:
            path = os.path.join(d, name)
            inside = '/' + os.path.relpath(path, dest)
            names.append(inside)
            if os.path.islink(path):
                c.symlink(inside, os.readlink(path))
                continue
            with open(path, 'rb') as f:
                data = f.read()
            c.file(inside, data, os.stat(path).st_mode & 0o777)
            if data[:4] == b'\x7fELF':
                elves.append(path)
            if inside.endswith('/bin/picowl'):
                prefix = inside[:-len('/bin/picowl')]
    if prefix is None:
        fail('meson install put no bin/picowl in %s' % dest)
    c.file('/installed', (prefix + '\n').encode(), 0o644)
    c.file('/installed-files', ''.join(n + '\n' for n in sorted(names)).encode(), 0o644)
    return elves


def build_initramfs(args, case, version, path):
    c = Cpio()
    for d in ['dev', 'proc', 'sys', 'tmp', 'run', 'bin']:
        c.dir(d)
    c.node('dev/console', 5, 1)
    busybox = shutil.which('busybox') or '/bin/busybox'
    c.host_file(busybox, '/bin/busybox')
    programs = {'picowl': args.picowl, 'vmclient': args.client, 'vmtool': args.tool}
    if args.ctl:
        programs['picowl-ctl'] = args.ctl
    if case.get('gameclient'):
        programs['gameclient'] = args.gameclient or fail('case %s needs --gameclient' % args.case)
    if args.dmabufclient:
        programs['dmabufclient'] = args.dmabufclient
    if case.get('game'):
        if not args.game or not args.iwad:
            fail('case %s needs --game and --iwad (configure with -Ddoomgeneric=PATH)'
                 % args.case)
        programs['doomgeneric-picowl'] = args.game
        with open(args.iwad, 'rb') as f:
            c.file('/doom/freedoom1.wad', f.read(), 0o644)
        # alsa.conf and what it includes for a card (cards/, pcm/): enough for hw:0
        c.host_file('/usr/share/alsa/alsa.conf')
        c.host_tree('/usr/share/alsa/cards')
        c.host_tree('/usr/share/alsa/pcm')
    if case.get('ctl') and not args.ctl:
        fail('case %s needs --ctl' % args.case)
    for name in case.get('programs', []):  # the host's, e.g. wlr-randr
        programs[name] = shutil.which(name) or fail('%s is not installed' % name)
    for name, p in programs.items():
        c.host_file(p, '/bin/' + name)
    binaries = list(programs.values())
    if case.get('install'):
        binaries += install_tree(args, c, os.path.dirname(path))
    for name in case.get('host_files', []):
        if os.path.isdir(name):
            c.host_tree(name)
        else:
            c.host_file(name)
    if args.input_module:
        c.host_file(args.input_module, '/lib/picowl/picowl-input.so')
        binaries.append(args.input_module)
    for lib in shared_libraries(binaries):
        c.host_file(lib)
    c.host_tree('/usr/share/X11/xkb')
    if os.path.isdir('/usr/share/libinput'):
        c.host_tree('/usr/share/libinput')
    insmods = []
    built = []  # modules built against the vm kernel's headers (kmods.py), after their deps
    for name, _ in case.get('kmods', []):
        ko, why = kmods.build(name, version, args.kmod_dir)
        if not ko:
            fail(why)
        built.append(ko)
    needed = [m for m, _ in case['modules']] + [d for ko in built for d in kmods.depends(ko)]
    mods = module_order(version, needed) + built
    params = {m.replace('-', '_'): p for m, p in case['modules'] + case.get('kmods', [])}
    for m in mods:
        name = os.path.basename(m).split('.ko')[0]
        c.host_file(m, '/modules/%s.ko' % name)
        insmods.append('insmod /modules/%s.ko %s' % (name, params.get(name.replace('-', '_'), '')))
    init = INIT % {'insmods': '\n'.join(insmods), 'wait_for': case.get('wait', '/dev/null')}
    c.file('/init', init.encode())
    c.file('/test.sh', case['script'].encode())
    with open(path, 'wb') as f:
        f.write(c.finish())


# ---------------------------------------------------------------------------- qemu

class Monitor:
    def __init__(self, path):
        for _ in range(100):
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                time.sleep(0.1)
        else:
            fail('cannot connect to the qemu monitor')
        self.read_prompt()

    def read_prompt(self):
        buf = b''
        self.sock.settimeout(60)
        while not buf.endswith(b'(qemu) '):
            chunk = self.sock.recv(4096)
            if not chunk:
                fail('the qemu monitor closed')
            buf += chunk
        return buf

    def command(self, cmd):
        self.sock.sendall(cmd.encode() + b'\n')
        return self.read_prompt()


def read_ppm(path):
    with open(path, 'rb') as f:
        data = f.read()
    m = re.match(rb'P6\s+(\d+)\s+(\d+)\s+(\d+)\s', data)
    w, h = int(m.group(1)), int(m.group(2))
    pixels = data[m.end():]
    return Image(w, h, lambda x, y: tuple(pixels[(y * w + x) * 3:(y * w + x) * 3 + 3]))


class Image:
    def __init__(self, w, h, get):
        self.width, self.height, self.get = w, h, get


def fb_image(header, raw):
    w, h, stride, bpp, ro, go, bo = (int(v) for v in header.split())
    size = bpp // 8

    def get(x, y):
        v = int.from_bytes(raw[y * stride + x * size:y * stride + x * size + size], 'little')
        if bpp == 16:
            # 5-6-5 at the offsets the driver gave; green is always the 6-bit field.
            r, g, b = (v >> ro) & 31, (v >> go) & 63, (v >> bo) & 31
            return (r << 3, g << 2, b << 3)
        return ((v >> ro) & 255, (v >> go) & 255, (v >> bo) & 255)
    return Image(w, h, get)


def run(args, case, work):
    image, version = find_kernel()
    initrd = os.path.join(work, 'initramfs.cpio')
    build_initramfs(args, case, version, initrd)
    mon_path = os.path.join(work, 'mon.sock')
    cmd = ['qemu-system-x86_64', '-accel', 'tcg', '-m', case.get('memory', '512'),
           '-nodefaults', '-no-reboot', '-kernel', image, '-initrd', initrd,
           '-append', 'console=ttyS0 quiet loglevel=1 rdinit=/init panic=-1 ' +
           case.get('cmdline', ''),
           '-display', 'none', '-serial', 'stdio',
           '-monitor', 'unix:%s,server=on,wait=off' % mon_path] + case['qemu']
    log = open(os.path.join(work, 'serial.log'), 'w')
    qemu = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    lines = queue.Queue()

    def reader():
        for raw in qemu.stdout:
            lines.put(raw.decode(errors='replace').rstrip('\r\n'))
        lines.put(None)
    threading.Thread(target=reader, daemon=True).start()
    monitor = Monitor(mon_path)
    result = {'client': [], 'state': {}, 'vt': {}, 'status': {}, 'kd': {}, 'log': {}, 'images': {}, 'timeouts': [],
              'serial': []}
    deadline = time.time() + case.get('timeout', 240)
    fb = None
    ended = False
    try:
        while time.time() < deadline:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.time()))
            except queue.Empty:
                break
            if line is None:
                break
            log.write(line + '\n')
            log.flush()
            result['serial'].append(LOG_TIME.sub('', line))
            if fb is not None:
                if line.startswith('@@FBEND'):
                    raw = base64.b64decode(''.join(fb['b64']))
                    result['images'][fb['name']] = fb_image(fb['header'], raw)
                    fb = None
                elif fb['header'] is None:
                    fb['header'] = line.strip()
                else:
                    fb['b64'].append(line.strip())
                continue
            m = re.search(r'@@(\w+) ?(.*)$', line)
            if not m:
                continue
            what, rest = m.group(1), m.group(2)
            if what == 'DUMP':
                path = os.path.join(work, rest + '.ppm')
                monitor.command('screendump ' + path)
                result['images'][rest] = read_ppm(path)
                qemu.stdin.write(b'ok\n')
                qemu.stdin.flush()
            elif what == 'FB':
                fb = {'name': rest, 'header': None, 'b64': []}
            elif what == 'CLIENT':
                result['client'].append(rest)
            elif what == 'STATUS':
                name, code = rest.split()
                result['status'][name] = int(code)
            elif what == 'VT':
                name, _, vt = rest.partition(' ')
                result['vt'][name] = vt.strip()
            elif what == 'KD':
                name, mode = rest.split()
                result['kd'][name] = mode
            elif what == 'STATE':
                name, _, text = rest.partition(' ')
                result['state'].setdefault(name, []).append(text)
            elif what == 'LOG':
                name, _, text = rest.partition(' ')
                result['log'].setdefault(name, []).append(LOG_TIME.sub('', text))
            elif what == 'TIMEOUT':
                result['timeouts'].append(rest)
            elif what == 'END':
                ended = True
                break
    finally:
        qemu.kill()
        qemu.wait()
        log.close()
    if not ended:
        print('\n'.join(result['serial'][-60:]))
        fail('the guest script did not finish (see serial.log in %s)' % work)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--case', required=True, choices=sorted(cases.CASES))
    ap.add_argument('--picowl', required=True)
    ap.add_argument('--client', required=True)
    ap.add_argument('--tool', required=True)
    ap.add_argument('--ctl', default='', help='picowl-ctl, into /bin when given')
    ap.add_argument('--gameclient', default='', help='tests/session/gameclient, for the mouse case')
    ap.add_argument('--dmabufclient', default='', help='linux-dmabuf\'s client, into /bin when given')
    ap.add_argument('--input-module', default='',
                    help='picowl-input.so (libinput), put where picowl looks: ../lib/picowl')
    ap.add_argument('--game', default='', help='doomgeneric-picowl, for the sound case')
    ap.add_argument('--iwad', default='', help='freedoom1.wad, for the sound case')
    ap.add_argument('--build', default='', help='the meson build directory, for install cases')
    ap.add_argument('--kmod-dir', default=os.path.join(tempfile.gettempdir(), 'picowl-kmods'),
                    help='where kernel modules are built for the vm kernel (kmods.py)')
    ap.add_argument('--keep', help='keep the work directory here')
    args = ap.parse_args()
    for prog in ['qemu-system-x86_64', 'busybox']:
        if not shutil.which(prog) and not os.path.exists('/bin/' + prog):
            fail('%s is not installed (.ci/run installs it)' % prog)
    case = cases.CASES[args.case]
    work = args.keep or tempfile.mkdtemp(prefix='picowl-vm-')
    os.makedirs(work, exist_ok=True)
    start = time.time()
    result = run(args, case, work)
    print('booted and ran in %.1f s; work dir %s' % (time.time() - start, work))
    errors = case['check'](result)
    # The guest runs without the host's ASAN_OPTIONS and UBSAN_OPTIONS: a sanitizer's report
    # there (UBSan's does not even change an exit status) is seen only on the serial line.
    errors += ['a sanitizer reported: ' + re.sub(r'\x1b\[[0-9;]*m', '', line)
               for line in result['serial'] if SANITIZER.search(line)]
    for e in errors:
        print('FAIL: ' + e)
    if errors:
        print('--- serial (last 80 lines) ---')
        print('\n'.join(result['serial'][-80:]))
        sys.exit(1)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print('OK')


if __name__ == '__main__':
    main()
