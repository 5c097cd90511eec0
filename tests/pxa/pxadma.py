"""
The DMA copy engine and the VT on the emulated Zipit Z2 (pxa.py --boards z2-dma): picowl's
module backends/kernel/picowl_dma.ko, built against the kernel of kernel.sh, moves the damaged
rows from its shadow into pxafb's memory through the PXA's DMA controller (dmaengine memcpy,
pxa_dma), and picowl takes tty1 and gives it back.

Sessions, each picowl started on tty1 with its log in /tmp/picowl.log:
  cpu     `--copy dma` before the module is loaded: picowl must say why and copy with the cpu
          (counters: no dma frame), the screen right; KD_GRAPHICS on tty1 while it runs, KD_TEXT
          after SIGTERM.
  dma     the module loaded, `--dma-threshold 0`: every frame moved by DMA (counters), the
          module's byte counter equal to the bytes picowl's counters say it moved, the screen
          equal to the cpu session's pixel for pixel, also after partial updates (focus changes
          redraw the borders) and right at `rotate 90`; KD_TEXT after SIGSEGV.
  bands   `--dma-threshold 0` with picowl-load in tile 2 damaging 2 rows a frame: those
          partial frames go through the module, its byte counter equal to the counters'.
  small   `--dma-threshold 2000` with picowl-load in tile 2 damaging 2 rows a frame (480
          pixels): those frames go by cpu, and the module's counter does not move for them.
"""
import os
import queue
import re
import shutil
import time

from guest import Guest
from pxabuild import PROGRAMS, build_initramfs, build_kmod, say

GREEN = (0, 192, 0)
MAGENTA = (255, 0, 255)
CONFIG = '''; the DMA copy engine on the emulated Zipit Z2 (tests/pxa/pxadma.py)
[output]
backend = fbdev
device = /dev/fb0

[layout]
border_width = 1

[bindings]
r = rotate 90

[autostart]
exec = tile:1 pxaclient 00c000 green /tmp/green.state
exec = tile:2 %s
'''
TILE2_CLIENT = 'pxaclient ff00ff magenta /tmp/magenta.state'
# picowl-load: 2 rows a frame at 20 Hz; the state file marks its first frame
TILE2_LOAD = ('sh -c "echo drawn > /tmp/magenta.state; exec picowl-load --damage rows:2 '
              '--rate 20 --seconds 600 >/tmp/load.out 2>&1"')
HELPERS = r'''
wait_for() { i=0; while ! grep -q "$1" $3 2>/dev/null; do sleep 0.1; i=$((i+1)); [ $i -ge $(($2 * 10)) ] && { echo "TIMEOUT $1"; return 1; }; done; return 0; }
ctl() { WAYLAND_DISPLAY=wayland-0 XDG_RUNTIME_DIR=/run/user/0 picowl-ctl "$@"; }
pw_start() { rm -f /tmp/green.state /tmp/magenta.state; mkdir -p /run/user/0; chmod 700 /run/user/0; XDG_RUNTIME_DIR=/run/user/0 HOME=/ setsid picowl -c /etc/picowl-$1.ini $2 </dev/tty1 >/tmp/picowl.log 2>&1 & echo $! > /tmp/pw.pid; wait_for drawn 60 /tmp/green.state && wait_for drawn 60 /tmp/magenta.state; }
pw_stop() { p=$(pidof picowl); kill -$1 $p; i=0; while kill -0 $p 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; kill $(pidof pxaclient) $(pidof picowl-load) 2>/dev/null; sleep 0.5; }
frames() { ctl counters --json | grep -o '"copy_ns": [0-9]*, "rows": [0-9]*, "bytes": [0-9]*, "commits": [0-9]*, "path": "[a-z]*", "engine": "[a-z]*"'; }
'''
FRAME = re.compile(r'"copy_ns": (\d+), "rows": (\d+), "bytes": (\d+), "commits": \d+, '
                   r'"path": "(\w+)", "engine": "(\w+)"')
SYS = '/sys/class/misc/picowl-dma/'


def frames(g):
    """The frames in picowl's counters: (copy_ns, rows, bytes, engine) of those that moved
    bytes."""
    out = [FRAME.search(line) for line in g.sh('frames', check=False)]
    return [(int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(5))
            for m in out if m and int(m.group(3))]


def turn(g, name, errors):
    """`sendkey r` (rotate 90), done once both clients have shown a frame of their new size:
    a fixed sleep ran out on CI's shared cores before the guest had redrawn."""
    def drawn():
        return [int(n) for n in g.sh('grep -c drawn /tmp/green.state; grep -c drawn '
                                     '/tmp/magenta.state', check=False)[:2]]
    before = drawn()
    g.monitor('sendkey r')
    for _ in range(120):
        time.sleep(0.5)
        if all(a > b for a, b in zip(drawn(), before)):
            time.sleep(0.5)
            return
    errors.append('%s: the clients had not shown a frame of their new size 60 s after the '
                  'turn' % name)


def summary(name, fr):
    n = {}
    for f in fr:
        n[f[3]] = n.get(f[3], 0) + 1
    b = sum(f[2] for f in fr)
    ns = sum(f[0] for f in fr)
    rate = b / (ns / 1e9) / 1e6 if ns else 0
    say('  %s: %d frames moved bytes (%s), %d bytes in %.1f ms of copying or waiting: '
        '%.1f MB/s' % (name, len(fr), ', '.join('%s %d' % kv for kv in sorted(n.items())), b,
                       ns / 1e6, rate))
    return b, rate


def module_bytes(g):
    return int(g.sh('cat %sbytes' % SYS)[-1].strip())


def kdmode(g):
    return g.sh('vmtool kdmode /dev/tty1', check=False)[-1].strip()


def log(g):
    return [l.strip() for l in g.sh('cat /tmp/picowl.log', check=False)]


def diff(a, b):
    """Pixels that differ between two screendumps, and their bounding box."""
    xs, ys = [], []
    for y in range(a.height):
        o = y * a.width * 3
        ra, rb = a.px[o:o + a.width * 3], b.px[o:o + b.width * 3]
        if ra == rb:
            continue
        for x in range(a.width):
            if ra[3 * x:3 * x + 3] != rb[3 * x:3 * x + 3]:
                xs.append(x)
                ys.append(y)
    return len(xs), (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else None


def run_dma(args, zimage, sysroot, bindir, results, image_files, check_tiles):
    work = os.path.join(args.cache, 'run-z2-dma')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    ko = build_kmod(args)
    files = image_files(CONFIG % TILE2_CLIENT)
    files['/etc/picowl-tiles.ini'] = (CONFIG % TILE2_CLIENT, 0o644)
    files['/etc/picowl-load.ini'] = (CONFIG % TILE2_LOAD, 0o644)
    with open(ko, 'rb') as f:
        files['/picowl_dma.ko'] = (f.read(), 0o644)
    programs = list(PROGRAMS) + ['picowl-load']
    initrd = os.path.join(work, 'initramfs.cpio.gz')
    size, _ = build_initramfs(args, sysroot, bindir, initrd, files, programs)
    say('[z2-dma] initramfs %d bytes, %d gzipped' % (size, os.path.getsize(initrd)))
    errors = []
    t0 = time.time()
    g = Guest('z2', zimage, initrd, 'rootfstype=ramfs', work)
    try:
        g.expect(r'@@READY (\S+)', 120)
        g.sh('dmesg -n 1')
        g.sh(HELPERS.strip().replace('\n', '; '))
        # --- the kernel: VT and the framebuffer console
        vt = g.sh('ls /dev/tty1 /dev/tty0; cat /sys/class/tty/tty0/active; '
                  'cat /sys/class/vtconsole/vtcon*/name', check=False)
        say('[z2-dma] VT: %s' % ' | '.join(l.strip() for l in vt))
        kd = {'before': kdmode(g)}
        # --- cpu: no module
        g.sh('pw_start tiles "--copy dma --present shadow"; ctl focus 1; sleep 0.8', 150)
        kd['during-term'] = kdmode(g)
        why = [l for l in log(g) if 'copy:' in l]
        say('[z2-dma] without the module: %s' % ' | '.join(why))
        if not any('no DMA copy engine' in l and '/dev/picowl-dma' in l for l in why):
            errors.append('without the module picowl did not say why it copies with the cpu: %s'
                          % ' | '.join(log(g)[-10:]))
        cpu_portrait = g.screendump('cpu-portrait')
        check_tiles(cpu_portrait, 'cpu portrait', errors)
        g.sh('ctl focus 2; sleep 0.5; ctl focus 1; sleep 0.8')
        cpu_focus = g.screendump('cpu-focus')
        turn(g, 'cpu', errors)
        cpu_land = g.screendump('cpu-landscape')
        check_tiles(cpu_land, 'cpu landscape', errors)
        fr = frames(g)
        _, cpu_rate = summary('cpu session', fr)
        if not fr or any(f[3] != 'cpu' for f in fr):
            errors.append('without the module the counters say %s, not cpu'
                          % sorted({f[3] for f in fr}))
        g.sh('pw_stop TERM')
        kd['after-term'] = kdmode(g)
        # --- the module
        # emulator=1: qemu's pxa2xx_dma cannot run pxa_dma's memcpy as submitted (the module's
        # comment; the last step below shows it)
        out = g.sh('insmod /picowl_dma.ko emulator=1 && dmesg | grep picowl_dma; '
                   'ls -l /dev/picowl-dma', check=False)
        say('[z2-dma] insmod: %s' % ' | '.join(l.strip() for l in out))
        if not any('memcpy through' in l for l in out):
            errors.append('the module did not load: %s' % ' | '.join(out))
            return errors
        # --- dma: every band through the module
        g.sh('pw_start tiles "--copy dma --present shadow --dma-threshold 0"; ctl focus 1; '
             'sleep 0.8', 150)
        kd['during-segv'] = kdmode(g)
        say('[z2-dma] with the module: %s' % ' | '.join(l for l in log(g) if 'copy' in l))
        time.sleep(1)
        dma_portrait = g.screendump('dma-portrait')
        check_tiles(dma_portrait, 'dma portrait', errors)
        g.sh('ctl focus 2; sleep 0.5; ctl focus 1; sleep 0.8')
        dma_focus = g.screendump('dma-focus')
        for name, a, b in (('portrait', cpu_portrait, dma_portrait),
                           ('after the focus changes', cpu_focus, dma_focus)):
            n, box = diff(a, b)
            say('  dma vs cpu %s: %d pixels differ%s' % (name, n, ' in %s' % (box,) if n else ''))
            if n:
                errors.append('dma: the screen %s differs from the cpu copy\'s in %d pixels (%s)'
                              % (name, n, box))
        fr = frames(g)
        moved, dma_rate = summary('dma session', fr)
        kbytes = module_bytes(g)
        stats = g.sh('for f in bytes transfers copies ns; do echo "$f $(cat %s$f)"; done' % SYS)
        say('  the module: %s' % ', '.join(l.strip() for l in stats))
        if not fr or any(f[3] != 'dma' for f in fr):
            errors.append('dma: the counters say %s, not dma for every frame'
                          % sorted({f[3] for f in fr}))
        if kbytes != moved:
            errors.append('dma: the module moved %d bytes, picowl\'s counters say %d'
                          % (kbytes, moved))
        results['dma_rate'], results['cpu_rate'] = dma_rate, cpu_rate
        # rotate 90: the whole screen again, landscape
        turn(g, 'dma', errors)
        dma_land = g.screendump('dma-landscape')
        check_tiles(dma_land, 'dma landscape', errors)
        n, box = diff(cpu_land, dma_land)
        say('  dma vs cpu at rotate 90: %d pixels differ%s' % (n, ' in %s' % (box,) if n else ''))
        if n:
            errors.append('dma: the screen at rotate 90 differs from the cpu copy\'s in %d '
                          'pixels (%s)' % (n, box))
        fr2 = frames(g)
        if any(f[3] != 'dma' for f in fr2):
            errors.append('dma landscape: frames not by dma')
        if module_bytes(g) != sum(f[2] for f in fr2):
            errors.append('dma landscape: the module moved %d bytes, the counters say %d'
                          % (module_bytes(g), sum(f[2] for f in fr2)))
        g.sh('pw_stop SEGV')
        kd['after-segv'] = kdmode(g)
        # --- small bands by dma: picowl-load's 2 rows a frame through the module (the focus
        # changes above may or may not split into partial frames, so they cannot show this)
        g.sh('pw_start load "--copy dma --present shadow --dma-threshold 0"', 150)
        # picowl-load stopped around the readings, so that no frame falls between the module's
        # counter and picowl's
        g.sh('kill -STOP $(pidof picowl-load); sleep 0.3; ctl counters --reset')
        kb0 = module_bytes(g)
        g.sh('kill -CONT $(pidof picowl-load); sleep 2; kill -STOP $(pidof picowl-load); sleep 0.3')
        fr = frames(g)
        kb1 = module_bytes(g)
        g.sh('kill -CONT $(pidof picowl-load)')
        partial = [f for f in fr if f[1] < 320]
        say('  partial frames by dma: %d (rows %s), the module %d bytes, the counters %d'
            % (len(partial), sorted({f[1] for f in partial}), kb1 - kb0,
               sum(f[2] for f in fr)))
        if len(partial) < 5 or any(f[3] != 'dma' for f in partial):
            errors.append('dma: %d partial updates, engines %s: not through the module'
                          % (len(partial), sorted({f[3] for f in partial})))
        if kb1 - kb0 != sum(f[2] for f in fr):
            errors.append('dma bands: the module moved %d bytes, the counters say %d'
                          % (kb1 - kb0, sum(f[2] for f in fr)))
        g.sh('pw_stop TERM')
        # --- small bands by cpu
        k0 = module_bytes(g)
        g.sh('pw_start load "--copy dma --present shadow --dma-threshold 2000"', 150)
        time.sleep(2)
        k1 = module_bytes(g)
        g.sh('ctl counters --reset; sleep 3')
        fr = frames(g)
        k2 = module_bytes(g)
        small = [f for f in fr if f[1] <= 2]
        summary('small bands', fr)
        say('  the module: %d bytes at start-up, %d while picowl-load drew 2 rows a frame'
            % (k1 - k0, k2 - k1))
        if k1 == k0:
            errors.append('small: the start-up frames (whole screen) did not go by dma')
        if len(small) < 10 or any(f[3] != 'cpu' for f in small):
            errors.append('small: %d frames of 2 rows, engines %s: not by cpu'
                          % (len(small), sorted({f[3] for f in small})))
        if k2 - k1 != sum(f[2] for f in fr if f[3] == 'dma'):
            errors.append('small: the module moved %d bytes, the counters\' dma frames %d'
                          % (k2 - k1, sum(f[2] for f in fr if f[3] == 'dma')))
        g.sh('pw_stop TERM')
        # --- the VT
        want = {'before': 'text', 'during-term': 'graphics', 'after-term': 'text',
                'during-segv': 'graphics', 'after-segv': 'text'}
        say('[z2-dma] KDGETMODE on tty1: %s' % ', '.join('%s %s' % (k, kd.get(k)) for k in want))
        for k, v in want.items():
            if kd.get(k) != v:
                errors.append('KDGETMODE %s: %s, want %s' % (k, kd.get(k), v))
        # --- the emulator's fault: pxa_dma's memcpy as it submits it, without the workaround
        g.sh('echo 0 > /sys/module/picowl_dma/parameters/emulator')
        g.qemu.stdin.write(b'pw_start tiles "--copy dma --present shadow"\n')
        g.qemu.stdin.flush()
        for _ in range(60):
            if g.qemu.poll() is not None:
                break
            time.sleep(0.5)
        rc = g.qemu.poll()
        if rc is not None:
            what = 'qemu died at the first DMA copy (exit status %d)' % rc
        else:
            answered = False
            deadline = time.time() + 10
            while not answered and time.time() < deadline:
                try:
                    answered = (g.lines.get(timeout=1) or '').startswith('@@R')
                except queue.Empty:
                    pass
            what = ('qemu ran the copy (the workaround may no longer be needed)' if answered else
                    'the guest stopped at the first DMA copy (qemu alive, not answering)')
        say('[z2-dma] pxa_dma\'s memcpy as submitted, without the emulator workaround: ' + what)
        results['dma_emulator_fault'] = what
    finally:
        g.stop()
    say('[z2-dma] %s in %.0f s' % ('FAILED' if errors else 'passed', time.time() - t0))
    for e in errors:
        say('  FAIL: ' + e)
    return errors
