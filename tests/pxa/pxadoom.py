"""
Doom on the emulated Zipit Z2 (pxa.py --doomgeneric): the session of the device starts the armel
doomgeneric-picowl in tile 1 from its config (`exec = tile:1 ...`) next to a pxaclient in
tile 2, and the game plays `-timedemo demo1`. The host checks the screendumps during the demo
and after its last frame, which must equal the frame the game shows (-dump-last-frame) pixel
for pixel in RGB565, and reads the game's fps, the memory and picowl's counters.

The game's data: qemu's z2 has 32 MiB of RAM, fixed, and its SD slot cannot be read (RESULTS.md),
so the WAD sits in the ramfs, trimmed to what demo1 plays (wadtrim.py: 6.3 MB of freedoom1.wad's
27). It runs -nosound: the Z2's codec driver does not probe under qemu (RESULTS.md).
"""
import base64
import hashlib
import os
import re
import shutil
import time

import wadtrim
from guest import Guest
from pxabuild import GAME, PROGRAMS, build_initramfs, fail, say

IWAD = '/usr/share/games/doom/freedoom1.wad'
# -mb 3: a zone of 3 MiB, not the engine's 6: the z2 has 2.6 MB free with the game up (demo1
# completes with the same frames at 3 and 4)
GAME_ARGS = ('-iwad /usr/share/games/doom/freedoom1.wad -timedemo demo1 -nogui -nosound -mb 3 '
             '-dgstats -dump-last-frame /tmp/doom.dump')
CONFIG = '''; Doom in tile 1 of the emulated Zipit Z2 (tests/pxa/pxadoom.py)
[output]
backend = fbdev
device = /dev/fb0

[layout]
border_width = 1

[panel]
command = picowl-panel
autohide = true

[autostart]
exec = tile:1 sh -c "export PICOWL_DG_DEBUG=1; exec doomgeneric-picowl %s >/tmp/doom.out 2>/tmp/doom.log"
exec = tile:2 pxaclient ff00ff magenta /tmp/magenta.state

[pipeline]
counters = /tmp/counters.txt
''' % GAME_ARGS
# the seed's present options (its V6 without the sound)
PRESENT = '-present-direct -presentmode new -damage rows'
TIMED = re.compile(r'timed (\d+) gametics in (\d+) realtics \(([0-9.]+) fps\)')
# the timedemo's 1,500-odd frames, paced by the fbdev timer (60 Hz) or slower, on TCG
DEMO_TIMEOUT = 400


def rgb565_rows(scr):
    """The screendump's rows as RGB565 values (qemu expands 565 by shifting: exact)."""
    rows = []
    for y in range(scr.height):
        px = scr.px[y * scr.width * 3:(y + 1) * scr.width * 3]
        rows.append([(px[i] >> 3) << 11 | (px[i + 1] >> 2) << 5 | px[i + 2] >> 3
                     for i in range(0, len(px), 3)])
    return rows


def read_dump(text, md5):
    """(width, height, rows of RGB565) of a -dump-last-frame file sent as base64."""
    blob = base64.b64decode(''.join(text))
    if hashlib.md5(blob).hexdigest() != md5:
        fail('the frame dump came over the console damaged (md5 %s, the guest\'s %s)'
             % (hashlib.md5(blob).hexdigest(), md5))
    end = blob.index(b'\n')
    magic, w, h, fmt = blob[:end].decode().split()
    if magic != 'picowl-dg-frame' or fmt != 'rgb565':
        fail('not an RGB565 frame dump: %r' % blob[:end])
    w, h = int(w), int(h)
    data = blob[end + 1:]
    if len(data) != w * h * 2:
        fail('frame dump of %d bytes for %dx%d' % (len(data), w, h))
    vals = [int.from_bytes(data[i:i + 2], 'little') for i in range(0, len(data), 2)]
    return w, h, [vals[y * w:(y + 1) * w] for y in range(h)]


def find_frame(rows, dump):
    """Where on the screen the dumped frame is, exactly: (x, y), or None; and pixels differing
    at the best place found by its first row."""
    w, h, want = dump
    best = None
    for y0 in range(len(rows) - h + 1):
        row = rows[y0]
        for x0 in range(len(row) - w + 1):
            if row[x0:x0 + w] != want[0]:
                continue
            differ = sum(1 for y in range(h) for a, b in zip(rows[y0 + y][x0:x0 + w], want[y])
                         if a != b)
            if differ == 0:
                return (x0, y0), 0
            if best is None or differ < best[1]:
                best = ((x0, y0), differ)
    return None, best[1] if best else w * h


def colours(rows, box):
    x0, y0, x1, y1 = box
    return len({v for row in rows[y0:y1] for v in row[x0:x1]})


def memory(g):
    return g.sh('for p in $(pidof doomgeneric-picowl) $(pidof picowl) $(pidof pxaclient) '
                '$(pidof picowl-panel); do '
                'echo "$(cat /proc/$p/comm) $(grep -E "VmRSS|VmHWM" /proc/$p/status | '
                'tr -s " \\t\\n" " ")"; done; grep -E "MemTotal|MemAvailable" /proc/meminfo | '
                'tr -s " \\n" " "; echo', check=False)


def finish(g, name, during, errors):
    """Waits for the timedemo's end (the game's frame dump), reads its fps and checks that the
    screen shows its last frame in tile 1 and the pxaclient in tile 2. Returns the fps."""
    # ends early when the game is gone, so that a dead game says why at once: its log, the
    # kernel's (an OOM kill is there even with loglevel=1, which only quiets the console)
    # and counts the guest's own milliseconds, not rounds of a loop the emulation slows down
    out = g.sh('end=$(($(ms) + %d)); while ! grep -q picowl-dg-frame /tmp/doom.dump 2>/dev/null; '
               'do pidof doomgeneric-picowl >/dev/null || { sleep 1; grep -q picowl-dg-frame '
               '/tmp/doom.dump 2>/dev/null || echo "GAME GONE"; break; }; sleep 0.5; '
               '[ $(ms) -ge $end ] && { echo "TIMEOUT"; break; }; done; '
               'cat /tmp/doom.log' % (DEMO_TIMEOUT * 1000), DEMO_TIMEOUT + 30, check=False)
    if any('GAME GONE' in line or line.startswith('TIMEOUT') for line in out):
        out += g.sh('dmesg | tail -n 25; grep MemAvailable /proc/meminfo', 60, check=False)
    for line in out:
        if line.startswith('picowl-dg:') or TIMED.search(line):
            say('  %s: %s' % (name, line.strip()))
    timed = [m for m in map(TIMED.search, out) if m]
    if not timed or int(timed[0].group(1)) < 1000:
        errors.append('%s: the timedemo did not complete: %s' % (name, ' | '.join(out[-20:])))
        return None
    time.sleep(1)
    after = rgb565_rows(g.screendump(name.replace(' ', '-') + '-last-frame'))
    sent = g.sh('md5sum < /tmp/doom.dump; base64 /tmp/doom.dump', 120)
    dump = read_dump(sent[1:], sent[0].split()[0])
    where, differ = find_frame(after, dump)
    w, h = dump[0], dump[1]
    if where is None:
        errors.append('%s: the screen does not show the game\'s last frame (%dx%d): at best '
                      '%d pixels differ' % (name, w, h, differ))
    else:
        box = (where[0], where[1], where[0] + w, where[1] + h)
        n, m = colours(after, box), colours(during, box)
        say('  %s: the screen\'s %dx%d box at %d,%d equals the game\'s last frame (%d colours), '
            'pixel for pixel in RGB565; %d colours there during the demo'
            % (name, w, h, where[0], where[1], n, m))
        if n < 30 or m < 30:
            errors.append('%s: %d and %d colours: not a picture of the game' % (name, n, m))
        if where[1] + h > len(after) // 2 + 8:
            errors.append('%s: the game is not in tile 1, the top half: at %s' % (name, where))
    magenta = sum(1 for row in after[len(after) // 2 + 8:] for v in row if v == 0xf81f)
    half = len(after) * len(after[0]) // 2
    say('  %s: the pxaclient\'s magenta covers %.0f %% of the bottom half'
        % (name, 100 * magenta / half))
    if magenta < 0.3 * half:
        errors.append('%s: the second client is missing from tile 2' % name)
    return float(timed[0].group(3))


def run_doom(args, zimage, sysroot, bindir, results, helpers, image_files):
    work = os.path.join(args.cache, 'run-z2-doom')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if not os.path.exists(IWAD):
        fail('%s is missing (.ci/run installs freedoom)' % IWAD)
    wad, trimmed = wadtrim.trim(IWAD, 'DEMO1', os.path.join(args.doomgeneric, 'doomgeneric'))
    say('[z2-doom] WAD: ' + trimmed)
    initrd = os.path.join(work, 'initramfs.cpio.gz')
    files = image_files(CONFIG)
    files[IWAD] = (wad, 0o644)
    programs = [p for p in PROGRAMS if p != 'vmtool'] + list(GAME)
    size, libs = build_initramfs(args, sysroot, bindir, initrd, files, programs)
    say('[z2-doom] initramfs %d bytes, %d gzipped (%d libraries)' %
        (size, os.path.getsize(initrd), len(libs)))
    errors = []
    t0 = time.time()
    # loglevel=1: the kernel's late messages ("random: crng init done") would land inside the
    # frame dump the guest sends over the console
    g = Guest('z2', zimage, initrd, 'rootfstype=ramfs loglevel=1', work)
    try:
        g.expect(r'@@READY (\S+)', 120)
        g.sh(helpers)
        out = g.sh('t0=$(ms); /etc/init.d/picowl start; wait_for "drawn" 60 /tmp/magenta.state; '
                   'wait_for "picowl-dg: buffer" 120 /tmp/doom.log; t1=$(ms); '
                   'echo "FIRSTFRAME $((t1 - t0))"', 200, check=False)
        m = [x for x in (re.search(r'FIRSTFRAME (\d+)', line) for line in out) if x]
        if not m:
            errors.append('the game did not start: %s' % ' | '.join(
                g.sh('cat /tmp/doom.log', check=False)[-20:]))
            return errors
        say('[z2-doom] picowl start (init script) to the game\'s first buffer: %s ms'
            % m[0].group(1))
        time.sleep(3)
        during = rgb565_rows(g.screendump('default-playing'))
        say('[z2-doom] tiles: %s' % ' | '.join(g.sh('ctl tiles')))
        results['doom_memory'] = memory(g)
        for line in results['doom_memory']:
            say('[z2-doom] during the demo: %s' % line.strip())
        results['doom_fps'] = finish(g, 'default', during, errors)
        results['counters_z2-doom'] = g.sh('ctl counters', check=False)
        # again with the seed's present options, started at run time into the same tile
        g.sh('ctl counters --reset; kill $(pidof doomgeneric-picowl); '
             'while pidof doomgeneric-picowl >/dev/null; do sleep 0.2; done; rm /tmp/doom.dump; '
             'ctl spawn --tile 1 sh -c "exec doomgeneric-picowl %s %s >/tmp/doom.out '
             '2>/tmp/doom.log"; sleep 4' % (GAME_ARGS, PRESENT))
        during = rgb565_rows(g.screendump('present-playing'))
        results['doom_fps_present'] = finish(g, 'present options', during, errors)
        results['counters_z2-doom-present'] = g.sh('ctl counters', check=False)
    finally:
        g.stop()
    say('[z2-doom] %s in %.0f s' % ('FAILED' if errors else 'passed', time.time() - t0))
    for e in errors:
        say('  FAIL: ' + e)
    return errors
