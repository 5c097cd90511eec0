"""
X11 programs on the emulated Sharp Zaurus (pxa.py --boards spitz-x11, issue 36): the session's
memory with one xterm through Xwayland, on the 64 MiB spitz. The image adds Debian's armel
Xwayland, xterm and xkbcomp with their libraries and the xkb data (Xwayland compiles its keymaps
with xkbcomp; the core font "fixed" is the X server's built-in one): three times the size of
the other boards' images, so it is a board of its own. The armel picowl is built with its Xwayland
support (the sysroot has the xcb libraries: picowl-xwm.so is in the installed tree).

picowl starts as the session through its init script with the panel and no client; then
`picowl-ctl spawn xterm` in the guest: Xwayland is not running before, picowl starts it at
xterm's connection, and xterm must be listed by `picowl-ctl windows` as XTerm and its white
must fill most of the screendump. The report: VmRSS of every process of the session and
MemAvailable, before the X client and with xterm mapped (tests/pxa/RESULTS.md).
"""
import os
import re
import shutil
import time

from guest import Guest
from pxabuild import PROGRAMS, SESSION, TREE, build_initramfs, say

WHITE = (255, 255, 255)
CONFIG = '; X11 programs on the emulated spitz (tests/pxa/pxax11.py)\n' + SESSION + '''
[xwayland]
enabled = on
'''
DEFAULTS = '''PICOWL_USER=root
PICOWL_TTY=/dev/console
PICOWL_LOG=/tmp/picowl.log
PICOWL_ARGS="-c /etc/picowl.ini"
'''
# Debian's programs and data, by their paths in the sysroot
X11 = ['usr/bin/Xwayland', 'usr/bin/xterm', 'usr/bin/xkbcomp', 'usr/share/X11/xkb']
# the processes of the session, each one's VmRSS
PROCS = 'picowl picowl-panel Xwayland xterm sh'
MEMORY = ('for n in %s; do for p in $(pidof $n); do [ $n = sh ] && '
          '[ "$(cat /proc/$(cut -d" " -f4 /proc/$p/stat)/comm)" != xterm ] && continue; '
          'echo "$n $(grep VmRSS /proc/$p/status)"; done; done; '
          'grep -E "MemTotal|MemAvailable" /proc/meminfo' % PROCS)


def memory(g, board, when):
    """Prints the session's VmRSS (the shells only xterm's) and MemAvailable; returns
    {name: kB}."""
    lines = [' '.join(l.split()) for l in g.sh(MEMORY)]
    kb = {}
    for l in lines:
        m = re.match(r'([^\s:]+):? (?:VmRSS: )?(\d+) kB', l)
        if m:
            kb[m.group(1)] = kb.get(m.group(1), 0) + int(m.group(2))
    total = sum(v for k, v in kb.items() if not k.startswith('Mem'))
    say('[%s] memory %s: %s; the session\'s VmRSS summed %d kB' %
        (board, when, '; '.join(lines), total))
    return kb


def run_x11(args, zimage, sysroot, bindir, results, image_files, helpers):
    board = 'spitz-x11'
    errors = []
    if not os.path.exists(os.path.join(args.cache, TREE, 'usr', 'lib', 'picowl',
                                       'picowl-xwm.so')):
        errors.append('the armel picowl has no Xwayland support (no picowl-xwm.so in the '
                      'installed tree: the sysroot lacks the xcb libraries)')
        say('[%s] FAILED: %s' % (board, errors[0]))
        return errors
    work = os.path.join(args.cache, 'run-' + board)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    files = image_files(CONFIG)
    files['/etc/default/picowl'] = (DEFAULTS, 0o644)
    # where Xwayland writes the keymaps xkbcomp compiles (Debian's XKM_OUTPUT_DIR)
    files['/var/lib/xkb/README'] = ('compiled keymaps\n', 0o644)
    initrd = os.path.join(work, 'initramfs.cpio.gz')
    size, libs = build_initramfs(args, sysroot, bindir, initrd, files, PROGRAMS, X11)
    say('[%s] initramfs %d bytes, %d gzipped (%d libraries; Xwayland, xterm, xkbcomp and the '
        'xkb data from Debian armel)' % (board, size, os.path.getsize(initrd), len(libs)))
    t0 = time.time()
    g = Guest('spitz', zimage, initrd, '', work)
    try:
        _, m = g.expect(r'@@READY (\S+)', 120)
        say('[%s] boot: shell ready after %.1f s host time, guest uptime %s s' %
            (board, time.time() - t0, m.group(1)))
        g.sh(helpers)
        # xterm's pseudo-terminal
        g.sh('mkdir -p /dev/pts && mount -t devpts devpts /dev/pts')
        out = g.sh('/etc/init.d/picowl start; i=0; until ctl tiles >/dev/null 2>&1; do '
                   'sleep 0.2; i=$((i+1)); [ $i -ge 300 ] && break; done; sleep 3; '
                   'pidof Xwayland || echo "no Xwayland"; grep -i "x11\\|xwayland\\|display" '
                   '/tmp/picowl.log', 150, check=False)
        say('[%s] picowl started: %s' % (board, ' | '.join(l.strip() for l in out)))
        if 'no Xwayland' not in [l.strip() for l in out]:
            errors.append('Xwayland runs before the first X client')
        before = memory(g, board, 'before the first X client')
        out = g.sh('t0=$(ms); ctl spawn xterm; i=0; until ctl windows | grep -q XTerm; do '
                   'sleep 0.2; i=$((i+1)); [ $i -ge 900 ] && break; done; t1=$(ms); '
                   'echo "MAPPED $((t1 - t0))"; ctl windows', 200, check=False)
        m = [re.search(r'MAPPED (\d+)', l) for l in out]
        m = [x for x in m if x]
        windows = [l.strip() for l in out if '\t' in l]
        say('[%s] picowl-ctl spawn xterm to XTerm in picowl-ctl windows: %s ms; windows: %s'
            % (board, m[0].group(1) if m else '?', ' | '.join(windows) or 'none'))
        if not any(l.split('\t')[2:3] == ['XTerm'] for l in windows):
            errors.append('xterm is not listed by picowl-ctl windows as XTerm')
        time.sleep(3)
        scr = g.screendump('xterm')
        white = scr.share(WHITE, 0, 0, scr.width, scr.height)
        say('[%s] %dx%d screendump: xterm\'s white covers %.1f %% of the screen; tiles: %s' %
            (board, scr.width, scr.height, 100 * white, ' | '.join(g.sh('ctl tiles'))))
        if white < 0.6:
            errors.append('xterm\'s white covers %.1f %% of the screen' % (100 * white))
        after = memory(g, board, 'with one xterm mapped')
        for name in ('picowl', 'Xwayland'):
            kinds = g.sh('grep -E "^(RssAnon|RssFile|RssShmem):" /proc/$(pidof %s)/status'
                         % name, check=False)
            say('[%s] %s RSS by kind: %s' % (board, name, '; '.join(' '.join(l.split())
                                                                    for l in kinds)))
        if 'MemAvailable' in before and 'MemAvailable' in after:
            say('[%s] MemAvailable %d kB less with one xterm (Xwayland started for it)' %
                (board, before['MemAvailable'] - after['MemAvailable']))
        for name in ('Xwayland', 'xterm'):
            if name not in after:
                errors.append('no %s process with xterm mapped' % name)
        results['rss_' + board] = after
        log = g.sh('grep -v "^$" /tmp/picowl.log | tail -n 15', check=False)
        if errors:
            for l in log:
                say('  log: ' + l)
        g.sh('/etc/init.d/picowl stop', 60, check=False)
    finally:
        g.stop()
    say('[%s] %s in %.0f s' % (board, 'FAILED' if errors else 'passed', time.time() - t0))
    for e in errors:
        say('  FAIL: ' + e)
    return errors
