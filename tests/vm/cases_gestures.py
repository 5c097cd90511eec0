"""The vm case of pointer gestures (issue 37, decision 4.104): vmtool's uinput clickpad (three
touch slots, BTN_TOOL_FINGER to TRIPLETAP, INPUT_PROP_POINTER and BUTTONPAD, udev's
ID_INPUT_TOUCHPAD) through Debian's libinput in picowl on bochs' DRM, and gameclient
--gestures, whose zwp_pointer_gestures_v1 version 3 objects hear what libinput made of it: a
three-finger swipe down gives a swipe begin of 3 fingers on its surface, updates summing down,
an end not cancelled; two fingers moved apart a pinch of 2 whose scale grows past 1; three still
fingers a hold begin of 3 and an end not cancelled. No quirk: libinput takes the device as a
touchpad from its bits and udev data."""
from cases import BOCHS, check_status

GESTURES_SCRIPT = '''
mkfifo /tmp/pad.fifo
vmtool touchpad /tmp/pad.fifo > /tmp/pad.log 2>&1 &
i=0; while ! grep -q ready /tmp/pad.log && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
cat /tmp/pad.log
pad() { # COMMAND: marks the client's state, has vmtool do it, waits for its end
	echo "mark $1" >> /tmp/client.state
	echo "$1" > /tmp/pad.fifo
	i=0; while ! grep -q "done $1" /tmp/pad.log && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
	sleep 1
}
: > /tmp/client.state
picowl --backend drm -- gameclient /tmp/client.state --gestures &
PICOWL=$!
wait_for ready 30
sleep 0.5
pad "move 10 6"
pad "swipe 3 0 20"
pad "pinch 15"
pad "hold 3 800"
stop_picowl gestures
echo quit > /tmp/pad.fifo
'''


def segments(state):
    """The client's lines after each "mark COMMAND" line, by COMMAND."""
    out, cur = {}, None
    for line in state:
        if line.startswith('mark '):
            cur = out.setdefault(line[5:], [])
        elif cur is not None:
            cur.append(line)
    return out


def nums(line, n):
    return [float(v) for v in line.split()[2:2 + n]]


def check_kind(errors, lines, kind, fingers, what):
    """Begin of `fingers` on the client's surface, then an end 0 after it; its updates."""
    begins = [i for i, l in enumerate(lines) if l == '%s begin %d ours' % (kind, fingers)]
    if not begins:
        errors.append('%s: no %s begin of %d fingers on the client\'s surface: %s'
                      % (what, kind, fingers, lines))
        return []
    after = lines[begins[-1] + 1:]
    ends = [l for l in after if l.startswith(kind + ' end ')]
    if ends[:1] != ['%s end 0' % kind]:
        errors.append('%s: the %s did not end uncancelled: %s' % (what, kind, lines))
    return [l for l in after if l.startswith(kind + ' update ')]


def check_gestures(r):
    errors = ['timed out: %s' % t for t in r['timeouts']] + check_status(r, 'gestures')
    if not any('vmtool touchpad makes gestures' in l for l in r['serial']):
        errors.append('libinput did not take vmtool touchpad as a touchpad (no gestures)')
    seg = segments(r['state'].get('gestures', []))
    swipe = check_kind(errors, seg.get('swipe 3 0 20', []), 'swipe', 3, 'swipe 3 0 20')
    dx = sum(nums(l, 2)[0] for l in swipe)
    dy = sum(nums(l, 2)[1] for l in swipe)
    if not swipe or dy < 20 or abs(dx) > dy / 4:
        errors.append('swipe: the updates sum to %.2f,%.2f, want well down: %s' % (dx, dy, swipe))
    pinch = check_kind(errors, seg.get('pinch 15', []), 'pinch', 2, 'pinch 15')
    scales = [nums(l, 3)[2] for l in pinch]
    if not scales or scales[-1] <= 1.2:
        errors.append('pinch: the scale did not grow past 1.2: %s' % scales)
    hold = seg.get('hold 3 800', [])
    check_kind(errors, hold, 'hold', 3, 'hold 3 800')
    if any(l.startswith(('swipe ', 'pinch ')) for l in hold):
        errors.append('hold: still fingers made a swipe or a pinch: %s' % hold)
    if not errors:
        print('gestures: swipe summed %.2f,%.2f in %d updates; pinch scale %.2f in %d; hold %s'
              % (dx, dy, len(swipe), scales[-1], len(pinch), hold))
    return errors


CASES = {
    'gestures': dict(BOCHS, modules=[('bochs', ''), ('evdev', ''), ('uinput', '')],
                     script=GESTURES_SCRIPT, check=check_gestures, gameclient=True),
}
