"""Touch to photon on the emulated z2: the taps of the input demo (through uinput and libinput),
timed by picowl's counters (touch->on screen, doc/counters.md). pxaclient redraws at each touch
down and clocks its own time, from the down to its commit; each tap's touch->on screen less that
must be within one refresh period plus picowl's own frame time (the max of picowl per frame)
plus WAKEUPS_MS, the two process wakeups between, far less than a refresh period."""

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


def check(g, taps, errors):
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
    touch = stages.get('touch->on screen', {})
    frame_max = stages.get('picowl per frame', {}).get('max', 0)
    bound = 1000.0 / hz + frame_max
    own = [(sent - received) / 1e6 for received, sent in draws]
    part = [t['on_screen_ms'] - o for t, o in zip(shown, own)]
    say('  touch to photon: %d taps, touch->on screen %s ms; pxaclient\'s own time %s ms; '
        'less it %s ms; bound: %d Hz (%s) %.3f ms + picowl per frame %.3f ms (max) + %.1f ms'
        % (taps, ', '.join('%.3f' % t['on_screen_ms'] for t in shown),
           ', '.join('%.3f' % o for o in own), ', '.join('%.3f' % p for p in part), hz, mode,
           1000.0 / hz, frame_max, WAKEUPS_MS))
    if touch.get('count', 0) < taps or len(shown) != len(draws):
        errors.append('touch to photon: %d of %d taps shown (%s), %d redraws of pxaclient'
                      % (len(shown), taps, touch, len(draws)))
    late = [p for p in part if p > bound + WAKEUPS_MS]
    if late:
        errors.append('touch to photon: touch->on screen less pxaclient\'s own time %s ms, '
                      'over one refresh period plus picowl\'s frame time plus %.1f ms (%.3f)'
                      % (', '.join('%.3f' % p for p in late), WAKEUPS_MS, bound + WAKEUPS_MS))
