"""
Blanking on z2 (issue 17), run inside the z2 board's session after its input demo.

What pxafb does with picowl's FBIOBLANK (linux 6.1 drivers/video/fbdev/pxafb.c): pxafb_blank
schedules C_DISABLE; set_ctrlr_state calls the board's backlight and LCD power hooks (z2's
platform data has neither) and pxafb_disable_controller, which writes LCCR0 with DIS set; the
controller finishes its frame and clears ENB, and pxafb stops its clock. Unblank (C_ENABLE)
programs the registers again and writes LCCR0 with ENB and without DIS. In 16 bpp the palette
zeroing of pxafb_blank does nothing.

What qemu's pxa2xx LCD shows of it: it scans out only while LCCR0.ENB is set and keeps its last
picture otherwise (pxa2xx_update_display returns at once), so a blanked z2 does not give a black
screendump; it gives a screen that no longer follows fb0. The checks: LCCR0 read through the
monitor (DIS set and, after the frame qemu finishes at the next screendump, ENB clear); fb0
zeroed while blank and the screendump still the tiles (nothing is read); a key (uinput) turns
the display on, reaches no client, LCCR0 has ENB without DIS, and the tiles are back over the zeroed
memory (picowl repaints all on the way on). /sys/class/backlight is listed: this kernel has no
backlight class, and z2's backlight is a PWM qemu does not emulate.
"""
import re
import time

from pxabuild import say

LCCR0 = 0x44000000
ENB = 1 << 0
DIS = 1 << 10


def lccr0(g):
    out = g.monitor('xp /1wx 0x%x' % LCCR0)
    m = re.search(r'%x:\s*0x([0-9a-fA-F]+)' % LCCR0, out)
    if not m:
        raise RuntimeError('no LCCR0 in the monitor\'s answer: %r' % out)
    return int(m.group(1), 16)


def bits(v):
    return 'ENB %d DIS %d' % (bool(v & ENB), bool(v & DIS))


def demo_blank(g, check_tiles, errors):
    t0 = time.time()
    on = lccr0(g)
    backlight = g.sh('ls -A /sys/class/backlight 2>&1', check=False)
    marks = g.sh('wc -l < /tmp/green.state; wc -l < /tmp/magenta.state')
    status = g.sh('ctl power off > /dev/null; sleep 0.5; ctl power status')
    off = lccr0(g)
    g.screendump('blank-first')  # qemu finishes the frame the disable asked for
    done = lccr0(g)
    g.sh('dd if=/dev/zero of=/dev/fb0 bs=1536 count=100 2>/dev/null; sleep 0.3')
    scr = g.screendump('blank-zeroed')
    black = scr.share((0, 0, 0), 0, 0, scr.width, scr.height)
    shown = check_tiles(scr, 'blank, fb0 zeroed', [])
    # uinput's keyboard (vmtool): qemu's keypad loses a sendkey whose 100 ms the guest misses
    g.sh('echo "key 17" > /tmp/in.fifo')
    g.sh('i=0; while [ "$(ctl power status)" != on ] && [ $i -lt 30 ]; do sleep 0.1; '
         'i=$((i+1)); done; sleep 0.5')
    woken = lccr0(g)
    status += g.sh('ctl power status')
    leaked = []
    for name, mark in zip(('green', 'magenta'), marks):
        out = g.sh('tail -n +%d /tmp/%s.state' % (int(mark.strip()) + 1, name))
        leaked += ['%s: %s' % (name, l) for l in out if l.startswith('key ')]
    after = g.screendump('unblanked')
    back = check_tiles(after, 'unblanked', errors)
    say('  blank: /sys/class/backlight: %s; picowl-ctl power off, status %s; LCCR0 on %#x (%s), '
        'off %#x (%s), after qemu\'s last frame %#x (%s); fb0 zeroed while blank: the screendump '
        '%.1f %% black, tiles %s; key w (uinput): status %s, LCCR0 %#x (%s), reached %s; %.1f s'
        % (' '.join(backlight) or '(empty)', status[0], on, bits(on), off, bits(off), done,
           bits(done), 100 * black, 'shown' if shown else 'not shown', status[-1], woken,
           bits(woken), ', '.join(leaked) or 'no client', time.time() - t0))
    want = [(status[0] == 'off', 'picowl-ctl power status said %s after power off' % status[0]),
            (on & ENB and not on & DIS, 'LCCR0 before the blank: %s' % bits(on)),
            (off & DIS, 'pxafb did not disable the controller: LCCR0 %s' % bits(off)),
            (not done & ENB, 'the controller still enabled after its last frame: %s' % bits(done)),
            (shown and black < 0.05, 'the screen followed fb0 while blank (%.1f %% black)'
             % (100 * black)),
            (status[-1] == 'on', 'the key did not turn the display on (%s)' % status[-1]),
            (woken & ENB and not woken & DIS, 'LCCR0 after the wake: %s' % bits(woken)),
            (not leaked, 'the waking key reached a client: %s' % leaked),
            (back, 'the tiles are not back after the wake')]
    errors += ['blank: ' + what for ok, what in want if not ok]
