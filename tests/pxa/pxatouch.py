"""Touch to photon on the emulated z2: the taps of the input demo (through uinput and libinput),
timed by picowl's counters (touch->on screen, doc/counters.md). pxaclient redraws at each touch
down and clocks its own time, from the down to its commit. Each tap must be shown (a down or
its up timed: with a slow client the up comes before the redraw and is the newest event the
frame shows) and each tap redrawn once.

The bound of headless (one refresh period plus picowl's frame time, less the client's own time)
is checked for the steady taps, on the tile that has the focus already: the z2 has one CPU, and
a tap that moves the focus also has picowl draw the borders and the panel redraw its title,
which wait for the CPU with the client's redraw (reported for those, not checked). Each event's
time less the time a pxaclient spent drawing within it is given against the bound, with the
count of events over it."""

import json
import re

from pxabuild import say

WAKEUPS_MS = 4.0


def refresh_hz(g):
    """The mode's refresh as pxafb gives it (U:240x320p-60), else the 60 Hz picowl paces."""
    for line in g.sh('cat /sys/class/graphics/fb0/mode /sys/class/graphics/fb0/modes',
                     check=False):
        m = re.search(r'-(\d+)$', line.strip())
        if m and int(m.group(1)) > 0:
            return int(m.group(1)), line.strip()
    return 60, 'no mode in sysfs'


def check(g, taps, errors, steady=0):
    """`taps` taps that moved the focus, then `steady` on the focused tile."""
    lines = g.sh('ctl counters --json | grep -E \'"(touch->on screen|picowl per frame)"|'
                 '"on_screen_ms": [0-9]\'', check=False)
    stages, shown = {}, []
    for line in (l.strip().rstrip(',') for l in lines):
        if line.startswith('{'):
            shown.append(json.loads(line))
        elif ':' in line:
            name, _, value = line.partition(':')
            stages[name.strip('"')] = json.loads(value)
    draws = sorted((int(w[2]), int(w[3])) for w in
                   (l.split() for l in g.sh('cat /tmp/green.state /tmp/magenta.state'))
                   if w[:2] == ['touch', 'drawn'])
    hz, mode = refresh_hz(g)
    frame_max = stages.get('picowl per frame', {}).get('max', 0)
    bound = 1000.0 / hz + frame_max + WAKEUPS_MS
    # The events after the last focus-moving tap's redraw are the steady taps'.
    steady_from = (draws[taps - 1][1] if steady and len(draws) > taps else None)
    parts, over = [], []
    for t in shown:
        start, end = t['t'], t['t'] + t['on_screen_ms'] * 1e6
        busy = sum(max(0, min(end, sent) - max(start, received)) for received, sent in draws)
        parts.append((t['on_screen_ms'], busy / 1e6))
        if steady_from is not None and start > steady_from and \
                t['on_screen_ms'] - busy / 1e6 > bound:
            over.append('%.3f (%.3f)' % parts[-1])
    say('  touch to photon: %d taps (the last %d on the focused tile), %d events shown (ms, '
        'less pxaclient drawing within): %s; '
        'pxaclient\'s redraws %s ms; bound %.3f ms (%d Hz, %s; picowl per frame max %.3f ms; '
        '%.1f ms of wakeups), %d over it' %
        (taps + steady, steady, len(shown),
         ', '.join('%.3f (%.3f)' % (a, a - b) for a, b in parts),
         ', '.join('%.3f' % ((s - r) / 1e6) for r, s in draws), bound, hz, mode, frame_max,
         WAKEUPS_MS, sum(1 for a, b in parts if a - b > bound)))
    if len(shown) < taps + steady or len(draws) != taps + steady:
        errors.append('touch to photon: %d touch events shown for %d taps, %d redraws of '
                      'pxaclient' % (len(shown), taps + steady, len(draws)))
    if over:
        errors.append('touch to photon: steady taps over the bound %.3f ms (less pxaclient\'s '
                      'drawing): %s' % (bound, ', '.join(over)))
