#!/usr/bin/env python3
"""
picowl as the session of an emulated PXA270 handheld: an armel cross build, a kernel built from
Debian's linux-source-6.1, an initramfs of Debian armel libraries, and qemu-system-arm's z2
(Zipit Z2, 240x320) and spitz (Sharp Zaurus, 480x640) with the real pxafb driver.

  pxa.py --source DIR --cache DIR [--boards z2,spitz,z2-doom,z2-dma,z2-flip,spitz-x11]
         [--doomgeneric DIR] [--results FILE]

Steps, each kept in --cache between runs: the armel sysroot (tools/armel-sysroot.sh), the cross
build (cross/armel.ini), the kernel (kernel.sh). Then for each board: an initramfs, a boot, and a
conversation with the guest's shell on the serial line: the host sends one shell command a line,
the guest answers with its output and "@@R <status>". The image holds the tree `meson install
--destdir` made (pxabuild.py); picowl starts as the session through its /etc/init.d/picowl; the
host checks qemu's screendumps, sends keys with sendkey and taps
through uinput (vmtool), and prints a report (the figures of tests/pxa/RESULTS.md). spitz-x11
(pxax11.py) adds Debian's Xwayland and xterm to the image.
"""
import argparse
import os
import re
import shutil
import sys
import time

from guest import Guest, area
from pxabuild import (CROSS, PROGRAMS, SESSION, build_armel, build_initramfs, build_kernel,
                      build_sysroot, check_pixels, fail, report, say)
import pxablank
import pxadoom
import pxadma
import pxaflip
import pxamem
import pxasoak
import pxatouch
import pxax11

BOARDS = {
    # machine, screen size, kernel command line extra
    'z2': ('z2', (240, 320), 'rootfstype=ramfs'),
    'spitz': ('spitz', (480, 640), ''),
}
# The two clients (pxaclient): green in tile 1, magenta in tile 2, each with a yellow top-left
# quarter that shows its size and orientation.
GREEN = (0, 192, 0)
MAGENTA = (255, 0, 255)
YELLOW = (255, 255, 0)

# ---------------------------------------------------------------------------- the guest

INIT = r'''#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
stty -echo 2>/dev/null
# No swap, and every file lives in the ramfs, unevictable: the watermark boost the kernel adds
# after a fragmenting allocation (4 MB here) would then make it OOM-kill the game with 3.9 MB
# free (z2-doom, seen: boost 4096 kB, min 4696 kB). A device of 32 MB turns it off.
echo 0 > /proc/sys/vm/watermark_boost_factor
# A boost given before this ran (unpacking the initramfs fragments memory) stays until the
# watermarks are set again: writing min_free_kbytes, its own value, clears it.
mfk=$(cat /proc/sys/vm/min_free_kbytes); echo "$mfk" > /proc/sys/vm/min_free_kbytes
# On a file fault the kernel maps up to 16 neighbouring pages of the file as well (fault-around):
# each process that maps a library then holds most of its text, touched or not. A device of
# 32 MB maps the page it touches.
mount -t debugfs debugfs /sys/kernel/debug
echo 4096 > /sys/kernel/debug/fault_around_bytes
# libinput takes only devices that udev has seen: write the data udevd would have written.
mkdir -p /run/udev/data
for e in /sys/class/input/event*; do
	[ -e "$e" ] || continue
	{ echo "I:1"; echo "E:ID_INPUT=1"; echo "E:ID_INPUT_KEY=1"; echo "E:ID_INPUT_KEYBOARD=1"
	  echo "G:seat"; echo "Q:seat"; } > /run/udev/data/c$(cat $e/dev)
done
echo "@@READY $(cut -d' ' -f1 /proc/uptime)"
while read -r cmd; do
	eval "$cmd"
	echo "@@R $?"
done
'''

# the log on the console too, which the host reads (check_keymap)
DEFAULTS = '''PICOWL_USER=root
PICOWL_TTY=/dev/console
PICOWL_LOG=/dev/console
PICOWL_ARGS="-c /etc/picowl.ini"
export PICOWL_START_TRACE=1
'''

CONFIG = '; the session of the emulated handheld (tests/pxa)\n' + SESSION + '''
[bindings]
r = rotate 90
f = fullscreen
Alt+j = focus next

[autostart]
exec = tile:1 pxaclient 00c000 green /tmp/green.state --keysyms
exec = tile:2 pxaclient ff00ff magenta /tmp/magenta.state --keysyms

[pipeline]
counters = /tmp/counters.txt
; 4 s at 60 Hz: 84 kB less of a 32 MB handheld's RSS than the default 1024 (doc/DESIGN.md 4.41)
counter_frames = 256
'''

# picowl's RSS with the two clients of CONFIG mapped, on the 32 MiB z2: 3,536 kB on 3 December
# 2026, the same in every run; a regression over 3.5 MiB fails the board.
RSS_Z2_KB = 3584

# Shell helpers defined in the guest once it is up.
HELPERS = r'''
wait_for() { i=0; while ! grep -q "$1" $3 2>/dev/null; do sleep 0.1; i=$((i+1)); [ $i -ge $(($2 * 10)) ] && { echo "TIMEOUT $1"; return 1; }; done; return 0; }
ms() { read up rest < /proc/uptime; echo $(( ${up%.*} * 1000 + 1${up#*.}0 - 1000 )); }
ctl() { WAYLAND_DISPLAY=wayland-0 XDG_RUNTIME_DIR=/run/user/0 picowl-ctl "$@"; }
'''


def image_files(config):
    """The files of an image that runs picowl with `config` through its init script."""
    return {'/init': (INIT, 0o755), '/etc/default/picowl': (DEFAULTS, 0o644),
            '/etc/picowl.ini': (config, 0o644)}


def describe(scr):
    return 'green %s, magenta %s, yellow %s' % (scr.bbox(GREEN), scr.bbox(MAGENTA),
                                                 scr.bbox(YELLOW))


# ---------------------------------------------------------------------------- the demo

def start_session(g):
    """picowl through its init script; the time until both clients' first frames were shown."""
    g.sh(HELPERS.strip().replace('\n', '; '))
    # a uinput keyboard and touchscreen (vmtool), there before picowl looks for devices
    g.sh('mkfifo /tmp/in.fifo; vmtool uinput /tmp/in.fifo > /tmp/uinput.log 2>&1 & '
         'wait_for ready 10 /tmp/uinput.log')
    out = g.sh('t0=$(ms); /etc/init.d/picowl start; wait_for "drawn" 60 /tmp/magenta.state; '
               'wait_for "drawn" 60 /tmp/green.state; t1=$(ms); echo "FIRSTFRAME $((t1 - t0))"',
               150, check=False)
    m = [re.search(r'FIRSTFRAME (\d+)', l) for l in out]
    m = [x for x in m if x]
    time.sleep(1.5)
    return int(m[0].group(1)) if m else None


def check_tiles(scr, name, errors):
    """Two tiles, one green and one magenta, each a fair share of the screen, not overlapping."""
    green, magenta = scr.bbox(GREEN), scr.bbox(MAGENTA)
    say('  %s: %dx%d screendump; %s' % (name, scr.width, scr.height, describe(scr)))
    if not green or not magenta:
        errors.append('%s: a client is missing from the screen (%s)' % (name, describe(scr)))
        return None
    full = scr.width * scr.height
    for what, box in (('green', green), ('magenta', magenta)):
        if not 0.2 * full < area(box) < 0.6 * full:
            errors.append('%s: the %s tile covers %d of %d pixels' % (name, what, area(box), full))
        if scr.bbox(YELLOW, box) is None:
            errors.append('%s: the %s client\'s yellow corner is missing' % (name, what))
    overlap_x = min(green[2], magenta[2]) - max(green[0], magenta[0])
    overlap_y = min(green[3], magenta[3]) - max(green[1], magenta[1])
    if overlap_x > 4 and overlap_y > 4:
        errors.append('%s: the tiles overlap' % name)
    return green, magenta


def run_board(args, board, zimage, sysroot, bindir, results):
    machine, (w, h), append = BOARDS[board]
    work = os.path.join(args.cache, 'run-' + board)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    initrd = os.path.join(work, 'initramfs.cpio.gz')
    programs = dict(PROGRAMS, **pxasoak.CLIENT) if board == 'z2' else PROGRAMS
    size, libs = build_initramfs(args, sysroot, bindir, initrd, image_files(CONFIG), programs)
    say('[%s] initramfs %d bytes, %d gzipped (%d libraries)' %
        (board, size, os.path.getsize(initrd), len(libs)))
    errors = []
    t0 = time.time()
    g = Guest(machine, zimage, initrd, append, work)
    try:
        _, m = g.expect(r'@@READY (\S+)', 120)
        say('[%s] boot: shell ready after %.1f s host time, guest uptime %s s' %
            (board, time.time() - t0, m.group(1)))
        info = g.sh('cat /sys/class/graphics/fb0/name /sys/class/graphics/fb0/virtual_size '
                    '/sys/class/graphics/fb0/bits_per_pixel; grep MemTotal /proc/meminfo')
        say('[%s] fb0: %s' % (board, ' '.join(l.strip() for l in info)))
        first = start_session(g)
        say('[%s] picowl start (init script) to the client\'s first frame on screen: %s ms' % (board, first))
        check_keymap(g, board, errors)
        results['first_frame_' + board] = first
        scr = g.screendump('portrait')
        if (scr.width, scr.height) != (w, h):
            errors.append('screendump is %dx%d, not %dx%d' % (scr.width, scr.height, w, h))
        tiles = check_tiles(scr, 'portrait', errors)
        rss = g.sh('grep -E "VmRSS|VmHWM" /proc/$(pidof picowl)/status; '
                   'for p in $(pidof pxaclient) $(pidof picowl-panel); do '
                   'echo "$(cat /proc/$p/comm) $(grep VmRSS /proc/$p/status)"; done; '
                   'grep -E "MemTotal|MemAvailable" /proc/meminfo')
        say('[%s] memory with two clients mapped: %s' % (board, '; '.join(' '.join(l.split()) for l in rss)))
        results['rss_' + board] = rss
        m = re.search(r'^VmRSS:\s+(\d+) kB', '\n'.join(l.strip() for l in rss), re.M)
        if board == 'z2' and (not m or int(m.group(1)) > RSS_Z2_KB):
            errors.append('picowl\'s RSS with two clients on z2 is %s kB, over %d (3.5 MiB, '
                          'issue 19; tests/pxa/RESULTS.md "The RSS")'
                          % (m.group(1) if m else 'unknown', RSS_Z2_KB))
        exec_to_frame = pxamem.report(g, board, results)
        say('[%s] picowl exec to its first frame on screen: %s ms' % (board, exec_to_frame))
        tiles_list = g.sh('ctl tiles')
        say('[%s] tiles: %s' % (board, ' | '.join(tiles_list)))
        if board == 'z2' and tiles and not errors:
            demo_z2(g, tiles, (w, h), errors)
        elif board == 'spitz' and tiles and not errors:
            demo_spitz(g, errors)
        counters = g.sh('ctl counters', check=False)
        results['counters_' + board] = counters
        if board == 'z2' and not errors:
            pxasoak.run_soak(g, results, errors)
        g.sh('kill -USR1 $(pidof picowl); sleep 0.5', check=False)
    finally:
        g.stop()
    say('[%s] %s in %.0f s' % (board, 'FAILED' if errors else 'passed', time.time() - t0))
    for e in errors:
        say('  FAIL: ' + e)
    return errors


def check_keymap(g, board, errors):
    """The image has no xkb data: picowl says it uses the keymap built into it."""
    if 'XKB-DATA' in g.sh('[ -e /usr/share/X11/xkb ] && echo XKB-DATA', check=False):
        errors.append('the image has xkb data (/usr/share/X11/xkb)')
    with open(os.path.join(g.work, 'serial.log')) as f:
        said = [l.strip() for l in f if 'picowl: keyboard:' in l]
    say('[%s] no xkb data in the image; picowl: %s' % (board, ' | '.join(said) or 'nothing'))
    if not any('using the one built in' in l for l in said):
        errors.append('picowl did not say it uses its built-in keymap')


def focused(g):
    """The app id of the focused tile, from picowl-ctl tiles."""
    for line in g.sh('ctl tiles'):
        f = line.split('\t')
        if len(f) >= 3 and f[1].startswith('focused'):
            return f[2]
    return None


def tap(g, box, size):
    g.sh('echo "touch %.3f %.3f" > /tmp/in.fifo; sleep 0.5' %
         ((box[0] + box[2]) / 2 / size[0], (box[1] + box[3]) / 2 / size[1]))


def sendkey(g, key, code):
    """A key through the keypad (qemu sendkey, e.g. "shift-s"), `code` its last key: the clients
    whose state files logged its release, each with the keysym of its press there."""
    marks = g.sh('wc -l < /tmp/green.state; wc -l < /tmp/magenta.state')
    g.monitor('sendkey ' + key)
    g.sh('i=0; while ! grep -q "key %d 0" /tmp/green.state /tmp/magenta.state && [ $i -lt 30 ]; '
         'do sleep 0.1; i=$((i+1)); done; sleep 0.3' % code)
    got = []
    for name, mark in zip(('green', 'magenta'), marks):
        out = g.sh('tail -n +%d /tmp/%s.state' % (int(mark.strip()) + 1, name))
        if any(l.startswith('key %d 0' % code) for l in out):
            syms = [l.split()[3] for l in out if l.startswith('key %d 1 ' % code)]
            got.append('%s (%s)' % (name, ','.join(syms)))
    return got


def demo_z2(g, tiles, size, errors):
    green, magenta = tiles
    # touch through uinput moves the focus, so does the binding Alt+j; keys from the keypad
    # follow it, as the keysyms of picowl's keymap (built in: the image has no xkb data). In
    # one matrix scan the kernel reports keys by column, and Shift's comes before S's.
    steps = []
    for box, want, key, code, sym in ((magenta, 'magenta', 'a', 30, 'a'),
                                      (green, 'green', 'b', 48, 'b'),
                                      (None, 'magenta', 'shift-s', 31, 'S')):
        leaked = []
        if box:
            tap(g, box, size)
            how = 'tap on the %s tile' % want
        else:
            leaked = sendkey(g, 'alt-j', 36)
            how = 'sendkey alt-j (focus next), j reached %s' % (' and '.join(leaked) or 'nobody')
        f = focused(g)
        got = sendkey(g, key, code)
        steps.append('%s -> focus %s, sendkey %s reached %s' %
                     (how, f, key, ' and '.join(got) or 'nobody'))
        if f != want or got != ['%s (%s)' % (want, sym)] or leaked:
            errors.append('input: ' + steps[-1])
    say('  input: ' + '; '.join(steps))
    # Two taps on the tile that has the focus (magenta, after alt-j): no border, no panel redraw.
    for _ in range(2):
        tap(g, magenta, size)
    pxatouch.check(g, 2, errors, steady=2)
    pxablank.demo_blank(g, check_tiles, errors)
    demo_fullscreen_rotate(g, errors)


def demo_spitz(g, errors):
    # The emulated spitz touchscreen is unreliable under qemu: focus the magenta tile with
    # picowl-ctl, then the same keypad demo as on z2.
    g.sh('ctl focus 2; sleep 0.5')
    say('  spitz: focused %s through picowl-ctl' % focused(g))
    if focused(g) != 'magenta':
        errors.append('spitz: picowl-ctl focus 2 did not focus the magenta tile')
        return
    demo_fullscreen_rotate(g, errors)


def demo_fullscreen_rotate(g, errors):
    # fullscreen: the binding "f = fullscreen" on the focused client; the panel hides after
    # [panel] timeout (3 s); in portrait, then turned to landscape
    g.monitor('sendkey f')
    time.sleep(4.5)
    check_fullscreen(g, 'fullscreen-portrait', errors)
    g.monitor('sendkey r')
    time.sleep(4.5)
    check_fullscreen(g, 'fullscreen-landscape', errors)
    # back to the tiles, still in landscape
    g.monitor('sendkey f')
    time.sleep(2.0)
    scr = g.screendump('landscape')
    tiles_l = check_tiles(scr, 'landscape', errors)
    if tiles_l:
        # a client's yellow quarter is its top-left: on the left of its tile in portrait, at
        # the top right once the output is turned 90 degrees clockwise
        ml = tiles_l[1]
        yl = scr.bbox(YELLOW, ml)
        side = 'right' if abs(yl[2] - ml[2]) < abs(yl[0] - ml[0]) else 'left'
        say('  the magenta client\'s top-left corner is on the left of its tile in portrait, '
            'on the %s after "rotate 90"; tiles %s' % (side, ' | '.join(g.sh('ctl tiles'))))
        if side != 'right':
            errors.append('the output did not turn to landscape')
    say('  magenta client sizes drawn: %s' % ', '.join(
        l[6:] for l in g.sh('cat /tmp/magenta.state') if l.startswith('drawn')))


def check_fullscreen(g, name, errors):
    scr = g.screendump(name)
    shown = scr.share(MAGENTA, 0, 0, scr.width, scr.height) + \
        scr.share(YELLOW, 0, 0, scr.width, scr.height)
    say('  %s: %s; the magenta client\'s colours cover %.1f %% of the screen; tiles %s' %
        (name, describe(scr), 100 * shown, ' | '.join(g.sh('ctl tiles'))))
    if shown < 0.99 or scr.bbox(GREEN) is not None:
        errors.append('%s: the magenta client covers %.1f %% of the screen '
                      '(the panel or the other tile is visible)' % (name, 100 * shown))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--source', required=True)
    ap.add_argument('--cache', required=True)
    ap.add_argument('--boards', default='z2,spitz,z2-doom,z2-dma,z2-flip,spitz-x11',
                    help='z2-doom: Doom in tile 1 of z2, with --doomgeneric; z2-dma: the DMA '
                    'copy engine (backends/kernel) and the VT on z2; z2-flip: fbdev flip on '
                    'pxafb with video=pxafb:vmem:1M; spitz-x11: the session with one xterm '
                    'through Xwayland on spitz')
    ap.add_argument('--results', help='write the report here too')
    ap.add_argument('--doomgeneric', default='',
                    help='the doomgeneric checkout (-Ddoomgeneric): also run Doom on z2')
    args = ap.parse_args()
    args.source = os.path.abspath(args.source)
    args.cache = os.path.abspath(args.cache)
    if args.doomgeneric:
        args.doomgeneric = os.path.realpath(os.path.join(args.source, args.doomgeneric))
    os.makedirs(args.cache, exist_ok=True)
    for prog in ['qemu-system-arm', 'qemu-arm', CROSS + 'gcc', 'apt-get', 'dpkg-deb']:
        if not shutil.which(prog):
            fail('%s is not installed (.ci/run installs it)' % prog)
    start = time.time()
    sysroot = build_sysroot(args)
    bindir = build_armel(args, sysroot)
    check_pixels(args, sysroot)
    zimage = build_kernel(args)
    results = {}
    errors = []
    boards = args.boards.split(',')
    for board in boards:
        if board == 'z2-dma':
            errors += pxadma.run_dma(args, zimage, sysroot, bindir, results, image_files,
                                     check_tiles)
        elif board == 'z2-flip':
            errors += pxaflip.run_flip(args, zimage, sysroot, bindir, results, image_files,
                                       check_tiles)
        elif board == 'spitz-x11':
            errors += pxax11.run_x11(args, zimage, sysroot, bindir, results, image_files,
                                     HELPERS.strip().replace('\n', '; '))
        elif board != 'z2-doom':
            errors += run_board(args, board, zimage, sysroot, bindir, results)
        elif args.doomgeneric:
            errors += pxadoom.run_doom(args, zimage, sysroot, bindir, results,
                                       HELPERS.strip().replace('\n', '; '), image_files)
        else:
            say('[z2-doom] not run: the build has no -Ddoomgeneric (doc/doom.md)')
    for key in [k for k in results if k.startswith('counters_')]:
        say('[%s] picowl-ctl counters:' % key[len('counters_'):])
        for line in results[key]:
            say('    ' + line)
    say('total: %.0f s' % (time.time() - start))
    if args.results:
        with open(args.results, 'w') as f:
            f.write('\n'.join(report) + '\n')
    if errors:
        sys.exit(1)
    print('OK')


if __name__ == '__main__':
    main()
