"""
fbdev flip on the emulated Zipit Z2 (pxa.py --boards z2-flip): pxafb booted with
`video=pxafb:vmem:1M` (CONFIG_FB_PXA_PARAMETERS) has memory for two 240x320 screens but starts
with a virtual height of one; picowl asks for two (FBIOPUT_VSCREENINFO) and pans between them.

Boot 1, `video=pxafb:vmem:1M`, two sessions on tty1 with the same steps (start, focus 2,
focus 1, focus 2: each focus change redraws the borders, a partial update; then `rotate 90`
and focus 1 again; each step ends once two reads of the pan and both halves, half a second
apart, agree, and the turn once both clients have shown a frame of their new size):
  shadow  `--present shadow`: the reference.
  flip    `--present auto`: picowl must log "present flip" with a virtual height of 640 at
          least; the pan (/sys/class/graphics/fb0/pan) must move, and at each step the half of
          /dev/fb0 it points to (md5 in the guest) must equal the shadow session's screendump
          at that step read back as RGB565, pixel for pixel. The md5 of the screendump says
          which half qemu's pxa2xx_lcd shows; where that is the panned one the screendumps must
          be equal too. In Linux 6.1 under qemu 7.2 it is always the top half: qemu does not
          follow the pan, and the run says so (results['flip_qemu']).
Boot 2, the default command line (no vmem: 240x324 of memory): `--present auto` stays shadow.
Without fbcon pxafb would start at a virtual height of 320 and picowl would ask for 640
(fbdev.c ask_two_screens); with fbcon (FB_ACCELF_TEXT) check_var already makes it
smem_len / line_length (2184 with 1M), so this run does not reach that request.
"""
import hashlib
import os
import re
import shutil
import time

from guest import Guest
from pxabuild import PROGRAMS, build_initramfs, say
from pxadma import CONFIG, HELPERS, TILE2_CLIENT, diff, log, turn

VMEM = 'video=pxafb:vmem:1M'
FRAME = re.compile(r'"rows": (\d+), "bytes": (\d+), "commits": \d+, "path": "(\w+)"')
STEPS = (('start', None), ('focus-2', 'ctl focus 2'), ('focus-1', 'ctl focus 1'),
         ('focus-2b', 'ctl focus 2'), ('rotate-90', 'sendkey r'),
         ('rotate-90-focus-1', 'ctl focus 1'))


def frames(g):
    """(rows, path) of every frame in picowl's counters."""
    out = [FRAME.search(l) for l in g.sh('frames', check=False)]
    return [(int(m.group(1)), m.group(3)) for m in out if m]


def rgb565_md5(scr):
    """The md5 of the screendump as pxafb's RGB565 memory (qemu widens 565 by shifting)."""
    out = bytearray()
    px = scr.px
    for i in range(0, len(px), 3):
        v = (px[i] >> 3) << 11 | (px[i + 1] >> 2) << 5 | px[i + 2] >> 3
        out += bytes((v & 0xff, v >> 8))
    return hashlib.md5(out).hexdigest()


def halves(g, size):
    """The pan and the md5 of each screen-sized half of /dev/fb0."""
    out = g.sh('cat /sys/class/graphics/fb0/pan; for i in 0 1; do '
               'dd if=/dev/fb0 bs=%d skip=$i count=1 2>/dev/null | md5sum; done' % size)
    return out[0].strip(), [l.split()[0] for l in out[1:3]]


def settle(g, size):
    """The pan and both halves once two reads half a second apart agree: a slow host (CI's
    two cores shared with other suites) may still be drawing when a fixed sleep ends."""
    last = halves(g, size)
    for _ in range(60):
        time.sleep(0.5)
        now = halves(g, size)
        if now == last:
            return now
        last = now
    return last


def session(g, name, flags, size, errors):
    """The steps in one picowl session: {step: (screendump, which half it shows, pan)}."""
    g.sh('pw_start tiles "%s"; ctl focus 1; sleep 1' % flags, 150)
    shots = {}
    for step, cmd in STEPS:
        if cmd == 'sendkey r':
            turn(g, name, errors)
        elif cmd:
            g.sh(cmd + '; sleep 1')
        settle(g, size)
        scr = g.screendump('%s-%s' % (name, step))
        pan, md5 = halves(g, size)
        mine = rgb565_md5(scr)
        shown = 'top' if mine == md5[0] else 'bottom' if mine == md5[1] else 'neither'
        shots[step] = (scr, shown, pan, md5)
    fr = frames(g)
    lines = log(g)
    g.sh('pw_stop TERM')
    return shots, fr, lines


def fbdev_line(lines):
    return next((l for l in lines if 'fbdev: /dev/fb0 "' in l), '(no fbdev line)')


def run_flip(args, zimage, sysroot, bindir, results, image_files, check_tiles):
    work = os.path.join(args.cache, 'run-z2-flip')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, 'novmem'))
    files = image_files(CONFIG % TILE2_CLIENT)
    files['/etc/picowl-tiles.ini'] = (CONFIG % TILE2_CLIENT, 0o644)
    initrd = os.path.join(work, 'initramfs.cpio.gz')
    size, _ = build_initramfs(args, sysroot, bindir, initrd, files, PROGRAMS)
    say('[z2-flip] initramfs %d bytes, %d gzipped' % (size, os.path.getsize(initrd)))
    errors = []
    t0 = time.time()
    half = 240 * 320 * 2
    # --- boot 1: vmem for two screens
    g = Guest('z2', zimage, initrd, 'rootfstype=ramfs ' + VMEM, work)
    try:
        g.expect(r'@@READY (\S+)', 120)
        g.sh('dmesg -n 1')
        g.sh(HELPERS.strip().replace('\n', '; '))
        before = g.sh('cat /sys/class/graphics/fb0/virtual_size')[0].strip()
        say('[z2-flip] %s: fb0 virtual %s before picowl' % (VMEM, before))
        shadow, _, sl = session(g, 'shadow', '--present shadow', half, errors)
        say('  shadow: %s' % fbdev_line(sl))
        after_shadow = g.sh('cat /sys/class/graphics/fb0/virtual_size')[0].strip()
        flip, fr, fl = session(g, 'flip', '', half, errors)
        line = fbdev_line(fl)
        say('  auto: %s' % line)
        for l in fl:
            if 'two screens' in l or 'pan' in l:
                say('  auto said: %s' % l)
        after = g.sh('cat /sys/class/graphics/fb0/virtual_size')[0].strip()
        say('  fb0 virtual %s after the shadow session, %s after the flip session'
            % (after_shadow, after))
        if after_shadow != before:
            errors.append('the shadow session changed the virtual size (%s to %s)'
                          % (before, after_shadow))
        vh = re.search(r'virtual 240x(\d+)', line)
        if 'present flip' not in line or not vh or int(vh.group(1)) < 640:
            errors.append('with %s auto did not flip on two screens: %s' % (VMEM, line))
        # a focus change damages the two tiles' outlines: every row, few pixels
        say('  flip session: %d frames, damaged rows %s' % (len(fr), [r for r, _ in fr]))
        results['flip_frames'] = len(fr)
        pans, follows = set(), []
        for step, _ in STEPS:
            a, ash, _, _ = shadow[step]
            b, shown, pan, md5 = flip[step]
            pans.add(pan)
            # the half picowl panned to holds the shadow session's picture, pixel for pixel
            panned = 'top' if pan == '0,0' else 'bottom' if pan == '0,320' else pan
            ok = md5[0 if panned == 'top' else 1] == rgb565_md5(a) if panned in (
                'top', 'bottom') else False
            n, box = diff(a, b)
            say('  %-18s pan %s: the %s half %s the shadow session\'s screendump; qemu shows '
                'the %s half (shadow session: the %s), its screendump differs from the '
                'shadow\'s in %d pixels%s' % (step, pan, panned, 'equals' if ok else 'DIFFERS from',
                                             shown, ash, n, ' %s' % (box,) if n else ''))
            if ash != 'top':
                errors.append('shadow: at step %s the screendump is not the top half of '
                              '/dev/fb0 (%s)' % (step, ash))
            if not ok:
                errors.append('flip: at step %s the half panned to (%s) is not the shadow '
                              'session\'s picture' % (step, pan))
            follows.append(shown == panned)
            if shown == panned and n:
                errors.append('flip: the screen at step %s differs from the shadow session\'s '
                              'in %d pixels (%s)' % (step, n, box))
        if len(pans) < 2:
            errors.append('flip: the pan never moved (%s)' % sorted(pans))
        qemu = ('follows the pan' if all(follows) else
                'does not follow the pan: it kept showing the top half at %d of %d steps '
                'panned to 0,320' % (sum(1 for f in follows if not f), len(follows)))
        say('[z2-flip] qemu\'s pxa2xx_lcd ' + qemu)
        results['flip_qemu'] = qemu
    finally:
        g.stop()
    # --- boot 2: the default command line, one screen of memory
    g = Guest('z2', zimage, initrd, 'rootfstype=ramfs', os.path.join(work, 'novmem'))
    try:
        g.expect(r'@@READY (\S+)', 120)
        g.sh('dmesg -n 1')
        g.sh(HELPERS.strip().replace('\n', '; '))
        g.sh('pw_start tiles ""; sleep 1', 150)
        scr = g.screendump('auto')
        check_tiles(scr, 'no vmem, auto', errors)
        lines = log(g)
        line = fbdev_line(lines)
        say('[z2-flip] default command line, auto: %s' % line)
        g.sh('pw_stop TERM')
        vh = re.search(r'virtual 240x(\d+)', line)
        if 'present shadow' not in line or not vh or int(vh.group(1)) >= 640:
            errors.append('without vmem auto did not stay shadow: %s' % line)
        if any('two screens' in l for l in lines):
            errors.append('without vmem picowl asked for two screens')
    finally:
        g.stop()
    say('[z2-flip] %s in %.0f s' % ('FAILED' if errors else 'passed', time.time() - t0))
    for e in errors:
        say('  FAIL: ' + e)
    return errors
