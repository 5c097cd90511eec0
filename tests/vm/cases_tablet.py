"""The vm case of a pen tablet (issue 37, decision 4.105): a uinput pen (vmtool uinput FIFO pen:
x, y, pressure, distance, tilt, BTN_TOOL_PEN, BTN_TOUCH, BTN_STYLUS, INPUT_PROP_DIRECT) through
Debian's libinput under picowl's DRM backend. First an ordinary client (vmclient pointer, no
tablet seat): the pen is an absolute pointer, its tip BTN_LEFT and its barrel button BTN_RIGHT,
where the pen is. A tablet client that gives its window's surface as the tool's cursor gets
zwp_tablet_tool_v2's role error, and picowl goes on. Then, on a display turned 90 degrees, a client with a tablet seat (vmclient
tablet): the tablet and the pen tool with their descriptions, proximity_in on the client's
surface, down, motion to the surface point the rotation gives, pressure rising, BTN_STYLUS, up,
proximity_out, each framed (it sets a cursor surface and the crosshair shape at each
proximity_in, which picowl takes without an error); unplugged, the tool and the tablet are removed."""
import re

from cases import BOCHS, check_status, to_logical

TABLET_SCRIPT = '''
mkfifo /tmp/in.fifo
vmtool uinput /tmp/in.fifo pen > /tmp/uinput.log 2>&1 &
i=0; while ! grep -q ready /tmp/uinput.log && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
cat /tmp/uinput.log
: > /tmp/client.state
picowl --backend drm -- vmclient /tmp/client.state pointer &
PICOWL=$!
wait_for drawn 30
sleep 0.5
echo "stroke 0.25 0.6 0.5 0.4" > /tmp/in.fifo
wait_for "button 272 0" 10
stop_picowl pen-pointer
: > /tmp/client.state
VMCLIENT_BAD_CURSOR=role picowl --backend drm -- vmclient /tmp/client.state tablet &
PICOWL=$!
wait_for drawn 30
sleep 0.5
echo "stroke 0.25 0.6 0.5 0.4" > /tmp/in.fifo
wait_for "error protocol" 10
sleep 0.5
stop_picowl pen-role
: > /tmp/client.state
picowl --backend drm --rotate 90 -- vmclient /tmp/client.state tablet &
PICOWL=$!
wait_for drawn 30
sleep 0.5
echo "stroke 0.25 0.6 0.5 0.4" > /tmp/in.fifo
wait_for "proximity out" 10
echo unplug > /tmp/in.fifo
wait_for "tablet removed" 10
stop_picowl pen-tablet
echo quit > /tmp/in.fifo
'''

START, END = (0.25, 0.6), (0.5, 0.4)


def surface_point(r, run, rot, p, dw, dh):
    """Where display point p (0..1) lands on the client's surface, as check_input works it."""
    size = None
    for line in r['state'].get(run, []):
        if line.startswith('drawn '):
            size = tuple(int(v) for v in line.split()[1:3])
    lw, lh = (dh, dw) if rot in (90, 270) else (dw, dh)
    lx, ly = to_logical(rot, p[0] * dw, p[1] * dh, dw, dh)
    return lx - (lw - size[0]) // 2, ly - (lh - size[1]) // 2


def near(got, want, tol=1.0):
    return abs(got[0] - want[0]) <= tol and abs(got[1] - want[1]) <= tol


def check_pointer(r, dw, dh):
    run = 'pen-pointer'
    state = r['state'].get(run, [])
    errors = check_status(r, run)
    points = [tuple(float(v) for v in s.split()[1:3]) for s in state if s.startswith('pointer ')]
    buttons = [s for s in state if s.startswith('button ')]
    want0 = surface_point(r, run, 0, START, dw, dh)
    want1 = surface_point(r, run, 0, END, dw, dh)
    if not points or not near(points[0], want0):
        errors.append('%s: the pen came in at %s, want %s' % (run, points[:1], want0))
    if not points or not near(points[-1], want1):
        errors.append('%s: the pen ended at %s, want %s' % (run, points[-1:], want1))
    if buttons != ['button 272 1', 'button 273 1', 'button 273 0', 'button 272 0']:
        errors.append('%s: buttons %s, want the tip as 272 round the barrel as 273' %
                      (run, buttons))
    if not errors:
        print('%s: pointer %s -> %s, %s' % (run, points[0], points[-1], buttons))
    return errors


def check_tablet(r, dw, dh):
    run = 'pen-tablet'
    state = r['state'].get(run, [])
    errors = check_status(r, run)

    def at(line):
        return state.index(line) if line in state else -1

    for want in ('tablet added', 'tablet name vmtool pen', 'tablet done', 'tool added',
                 'tool type 320', 'tool capability 1', 'tool capability 2',
                 'tool capability 3', 'tool done', 'down', 'tbutton 331 1', 'tbutton 331 0',
                 'up', 'proximity out', 'tool removed', 'tablet removed'):
        if want not in state:
            errors.append('%s: no "%s": %s' % (run, want, state))
    if not any(re.match(r'tablet path /dev/input/event\d+$', s) for s in state):
        errors.append('%s: no tablet path' % run)
    ins = [i for i, s in enumerate(state) if s.startswith('proximity in ')]
    if not ins or not state[ins[0]].endswith(' 1'):
        errors.append('%s: no proximity_in naming its surface and tablet: %s' % (run, state))
        return errors
    order = [ins[0], at('down'), at('tbutton 331 1'), at('tbutton 331 0'), at('up'),
             at('proximity out'), at('tool removed')]
    if order != sorted(order):
        errors.append('%s: events out of order (%s): %s' % (run, order, state))
    motions = [tuple(float(v) for v in s.split()[1:3]) for s in state[:at('up')]
               if s.startswith('motion ')]
    want0 = surface_point(r, run, 90, START, dw, dh)
    want1 = surface_point(r, run, 90, END, dw, dh)
    if not motions or not near(motions[0], want0):
        errors.append('%s: first motion %s, want %s' % (run, motions[:1], want0))
    if not motions or not near(motions[-1], want1):
        errors.append('%s: last motion %s, want %s' % (run, motions[-1:], want1))
    # the tip's frames: from the pressure of the down's to the 0 of the up's
    pressures = [int(s.split()[1]) for s in state[ins[0]:at('up')] if s.startswith('pressure ')]
    pressures = [p for p in pressures if p > 0]
    if len(pressures) < 4 or pressures != sorted(set(pressures)):
        errors.append('%s: pressure did not rise while down: %s' % (run, pressures))
    if state[at('up') - 1] != 'pressure 0':
        errors.append('%s: the up frame does not carry pressure 0: %s' % (run, state))
    tilts = [tuple(float(v) for v in s.split()[1:3]) for s in state if s.startswith('tilt ')]
    if not tilts or not near(tilts[0], (30.0, -15.0), 0.5):
        errors.append('%s: tilt %s, want about 30, -15 degrees' % (run, tilts[:1]))
    frames = state.count('frame')
    if frames < 8:
        errors.append('%s: only %d frames' % (run, frames))
    if not errors:
        print('%s: motion %s -> %s, pressure %s, tilt %s, %d frames' % (
            run, motions[0], motions[-1], pressures, tilts[0], frames))
    return errors


def check_role(r):
    """A window's surface as the tool's cursor: the role error to that client; picowl lives."""
    run = 'pen-role'
    state = r['state'].get(run, [])
    errors = check_status(r, run)
    if 'error protocol zwp_tablet_tool_v2 0' not in state:
        errors.append('%s: no role error for a window surface as the cursor: %s' % (run, state))
    elif not errors:
        print('%s: error protocol zwp_tablet_tool_v2 0 (role)' % run)
    return errors


def check_pen(r):
    errors = ['timed out: %s' % t for t in r['timeouts']]
    modes = [re.search(r' (\d+)x(\d+)@', l) for l in r['serial'] if 'picowl: drm:' in l]
    modes = [m for m in modes if m]
    if not modes:
        return errors + ['no DRM output came up']
    dw, dh = int(modes[0].group(1)), int(modes[0].group(2))
    return errors + check_pointer(r, dw, dh) + check_role(r) + check_tablet(r, dw, dh)


CASES = {
    'tablet': dict(BOCHS, modules=[('bochs', ''), ('evdev', ''), ('uinput', '')],
                   script=TABLET_SCRIPT, check=check_pen),
}
