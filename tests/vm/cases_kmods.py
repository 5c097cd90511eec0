"""The vm cases on kernel modules built for the vm kernel (kmods.py): a vblank that really waits
(vkms, decision 4.68) and a backlight class device (pw_test_backlight, 4.69).

vkms has no display qemu can dump: on DRM the case reads what the kernel says of each frame
(wp_presentation's time, seq and flags, which picowl passes on from the page-flip event); on its
fbdev emulation (drm_fbdev_generic, the buffer vkms scans out mapped as fb0) the framebuffer's
rows show the client."""
import re

from cases import VSYNC, HW_CLOCK, HW_COMPLETION, check_client, check_status, log_line, presented

VKMS = {'qemu': [], 'modules': [], 'kmods': [('vkms', '')], 'wait': '/dev/dri/card0'}
# fb0 at 640x480: the emulation takes the connector's mode, and a smaller dump is quicker.
VKMS_CMDLINE = 'video=Virtual-1:640x480'

UPDATES = 4


def updates(name, options):
    """picowl with `options`, the client's first frame and UPDATES partial updates, each a
    presentation feedback."""
    out = 'start_picowl %s %s\n' % (name, options)
    for n in range(1, UPDATES + 1):
        out += 'kill -USR1 $(pidof vmclient)\nwait_for "partial %d" 20\nsleep 0.3\n' % n
    return out + 'stop_picowl %s\n' % name


DRM_RUNS = (('vkms-atomic', '--backend drm'), ('vkms-legacy', '--backend drm --kms legacy'))
VKMS_DRM_SCRIPT = 'echo "@@LOG device $(basename $(readlink /sys/class/drm/card0/device))"\n' + \
    ''.join(updates(n, o) for n, o in DRM_RUNS)
# vkms's 1024x768 mode is DMT's: 65000 kHz, 1344x806 in all, so the vblank hrtimer's period is
# 1344 * 806 / 65 MHz (drm_calc_timestamping_constants), which the mode's 60 Hz rounds.
VKMS_PERIOD_NS = 1344 * 806 * 1000000 // 65000


def check_vblank_times(run, fbs):
    """The kernel's vblank times: vkms's hrtimer advances by whole periods, so between two
    frames the time moves by (seq difference) periods, to the microsecond the event carries."""
    errors = []
    periods = []
    for a, b in zip(fbs, fbs[1:]):
        dseq, dt = b['seq'] - a['seq'], b['t'] - a['t']
        if dseq <= 0:
            errors.append('%s: seq %d then %d: not increasing' % (run, a['seq'], b['seq']))
            continue
        periods.append(dt / dseq)
    if not periods:
        return errors + ['%s: fewer than two frames to compare' % run]
    period = sum(periods) / len(periods)
    for a, b in zip(fbs, fbs[1:]):
        dseq, dt = b['seq'] - a['seq'], b['t'] - a['t']
        if dseq > 0 and abs(dt - dseq * period) > 2000 * dseq:
            errors.append('%s: %d ns for %d vblanks, not whole periods of %.0f ns'
                          % (run, dt, dseq, dseq, period))
    refresh_ns = fbs[0]['refresh']
    if abs(period - VKMS_PERIOD_NS) > 1000:
        errors.append('%s: vblank period %.0f ns, but vkms\'s mode has %d ns'
                      % (run, period, VKMS_PERIOD_NS))
    if abs(period - refresh_ns) > refresh_ns // 100:
        errors.append('%s: vblank period %.0f ns, but refresh %d ns' % (run, period, refresh_ns))
    print('%s: seq %s; vblank period %.0f ns (refresh %d ns); frames %s vblanks apart'
          % (run, [f['seq'] for f in fbs], period, refresh_ns,
             [b['seq'] - a['seq'] for a, b in zip(fbs, fbs[1:])]))
    return errors


def check_vkms_presented(r, run, flags):
    fbs = presented(r, run)
    if len(fbs) < UPDATES + 1:
        return ['%s: %d presentation feedbacks answered, want %d'
                % (run, len(fbs), UPDATES + 1)], []
    errors = []
    for f in fbs:
        what = '%s: buffer %d' % (run, f['n'])
        if f['flags'] != flags:
            errors.append('%s: flags 0x%x, want 0x%x' % (what, f['flags'], flags))
        if f['sync'] != 1:
            errors.append('%s: %d sync_output events, want 1' % (what, f['sync']))
        if not f['commit'] <= f['t'] <= f['recv']:
            errors.append('%s: presented at %d, outside commit %d .. answer %d'
                          % (what, f['t'], f['commit'], f['recv']))
    print('%s: flags 0x%x; commit->presented ms %s' % (run, fbs[0]['flags'], [
        '%.3f' % ((f['t'] - f['commit']) / 1e6) for f in fbs]))
    return errors, fbs


def check_vkms_drm(r):
    errors = []
    if r['log'].get('device') != ['vkms']:
        errors.append('card0 is not vkms\'s device: %s' % r['log'].get('device'))
    lines = [line for line in r['serial'] if line.startswith('picowl: drm:')]
    for kms in ('atomic', 'legacy'):
        if not any(', %s,' % kms in line and '(vkms)' in line and
                   "at the kernel's vblank (vsync, hw clock)" in line for line in lines):
            errors.append('no drm line names vkms, %s and its vblank: %s' % (kms, lines))
    for run, _ in DRM_RUNS:
        errors += check_status(r, run)
        e, fbs = check_vkms_presented(r, run, VSYNC | HW_CLOCK | HW_COMPLETION)
        errors += e
        if not fbs:
            continue
        errors += check_vblank_times(run, fbs)
        if any(f['seq'] == 0 for f in fbs):
            errors.append('%s: seq 0 on a driver with a vblank counter' % run)
    return errors


# fbdev on vkms's emulation: FBIO_WAITFORVSYNC waits for vkms's vblank (drm_fb_helper_ioctl:
# drm_crtc_wait_one_vblank), so picowl must find that it waits, end frames there and claim VSYNC.
FBEMU = '--backend fbdev --device /dev/fb0'
VKMS_FBDEV_SCRIPT = '''echo "@@LOG fbname $(cat /sys/class/graphics/fb0/name)"
vmtool vsync /dev/fb0 8 | sed "s/^/@@LOG /"
start_picowl vkfb %s
kill -USR1 $(pidof vmclient)
wait_for "partial 1" 20
sleep 0.3
kill -USR1 $(pidof vmclient)
wait_for "partial 2" 20
sleep 0.3
fbdump vkfb-2
stop_picowl vkfb
''' % FBEMU + updates('vkfb-times', FBEMU)


def check_vkms_fbdev(r):
    errors = []
    if r['log'].get('fbname') != ['vkmsdrmfb']:
        errors.append('fb0 is not vkms\'s emulation: %s' % r['log'].get('fbname'))
    waits = [int(v) for v in r['log'].get('vsync', [])]
    line = log_line(r, 'picowl: fbdev: /dev/fb0')
    m = re.search(r', (\d+) mHz,', line)
    refresh_us = 1000000000 // int(m.group(1)) if m and int(m.group(1)) else 16667
    # The first call waits for whatever is left of the period, each one after it for the next
    # tick of vkms's hrtimer: a period give or take how late the guest ran each tick (7.6 to
    # 21.0 ms here, on a loaded host), where bochs' emulation returns in 2 to 3 us. So each
    # must take picowl's quarter of a period and all of them half their periods at least.
    print('FBIO_WAITFORVSYNC waited us %s (refresh %d us)' % (waits, refresh_us))
    after = waits[1:]
    if len(waits) != 8 or min(after) < refresh_us // 4 or sum(after) < len(after) * refresh_us // 2:
        errors.append('FBIO_WAITFORVSYNC did not wait for vblanks: %s us' % waits)
    if 'FBIO_WAITFORVSYNC' not in line or 'refresh timer' in line:
        errors.append('picowl did not take the vsync wait: %r' % line)
    errors += check_status(r, 'vkfb') + check_client(r, 'vkfb', 'vkfb-2', 0, 2, True)
    errors += check_status(r, 'vkfb-times')
    e, fbs = check_vkms_presented(r, 'vkfb-times', VSYNC)
    errors += e
    # picowl's clock as the wait returned: whole periods apart, give or take its wakeup.
    gaps = [(b['t'] - a['t']) / (refresh_us * 1000) for a, b in zip(fbs, fbs[1:])]
    print('vkfb-times: frames %s periods apart' % ['%.3f' % g for g in gaps])
    if any(f['seq'] != 0 for f in fbs):
        errors.append('vkfb-times: seq %s: fbdev has no retrace counter' % [f['seq'] for f in fbs])
    return errors


# ------------------------------------------------------------------------ the backlight (4.69)
# pw_test_backlight ("picowl-test", 0..255) lit at 200 by the script, a level picowl must keep:
# picowl-ctl power off and on, off at exit, [power] dim_timeout and idle_timeout with keys that
# restore it, `backlight = none`, and a name that is not there. `writes` lists every
# brightness/bl_power the backlight core handed the driver.
BACKLIGHT_SCRIPT = r'''
export WAYLAND_DISPLAY=wayland-0
BL=/sys/class/backlight/picowl-test
bl() { # NAME: brightness, bl_power, and every write so far
	echo "@@LOG $1 $(cat $BL/brightness) $(cat $BL/bl_power)"
	echo "@@LOG $1-writes $(cat /sys/module/pw_test_backlight/parameters/writes)"
}
bl_until() { # NAME BRIGHTNESS BL_POWER SECONDS
	i=0
	while [ "$(cat $BL/brightness) $(cat $BL/bl_power)" != "$2 $3" ]; do
		sleep 0.1; i=$((i+1))
		if [ $i -ge $(($4 * 10)) ]; then echo "@@TIMEOUT $1"; break; fi
	done
	bl $1
}
ctl() { # NAME COMMAND...
	name=$1; shift
	picowl-ctl "$@" > /tmp/ctl.out 2>&1; echo "@@STATUS $name $?"
	sed "s/^/@@LOG $name-said /" /tmp/ctl.out
}
mkfifo /tmp/in.fifo
vmtool uinput /tmp/in.fifo > /tmp/uinput.log 2>&1 &
i=0; while ! grep -q ready /tmp/uinput.log && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
echo "@@LOG class $(ls /sys/class/backlight)"
bl boot
echo 200 > $BL/brightness

printf '[power]\nidle_timeout = 0\n' > /tmp/ctl.ini
start_picowl bl-ctl -c /tmp/ctl.ini --backend drm
bl ctl-started
ctl c-off power off
bl ctl-off
ctl c-on power on
bl ctl-on
ctl c-off2 power off
stop_picowl bl-ctl
bl ctl-exit

printf '[power]\nidle_timeout = 6\ndim_timeout = 3\nbacklight = picowl-test\n' > /tmp/idle.ini
start_picowl bl-idle -c /tmp/idle.ini --backend drm
bl_until idle-dim 50 0 10
echo "key 30" > /tmp/in.fifo
bl_until idle-undim 200 0 5
wait_for "key 30 0" 10
bl_until idle-off 50 4 15
echo "key 48" > /tmp/in.fifo
bl_until idle-woken 200 0 5
echo "key 46" > /tmp/in.fifo
wait_for "key 46 0" 10
stop_picowl bl-idle
bl idle-exit

printf '[power]\nidle_timeout = 0\nbacklight = none\n' > /tmp/none.ini
start_picowl bl-none -c /tmp/none.ini --backend drm
ctl n-off power off
bl none-off
ctl n-on power on
stop_picowl bl-none

printf '[power]\nidle_timeout = 0\nbacklight = nosuch\n' > /tmp/bad.ini
: > /tmp/client.state
picowl -c /tmp/bad.ini --backend drm -- vmclient /tmp/client.state > /tmp/err 2>&1 &
PICOWL=$!
wait_for drawn 30
ctl b-off power off
ctl b-on power on
stop_picowl bl-bad
sed "s/^/@@LOG bl-bad /" /tmp/err
bl end
echo quit > /tmp/in.fifo
'''

# brightness/bl_power per step, and the writes the driver saw: the script's 200, then picowl's.
BL_WANT = {
    'boot': '255 0', 'ctl-started': '200 0', 'ctl-off': '200 4', 'ctl-on': '200 0',
    'ctl-exit': '200 0', 'idle-dim': '50 0', 'idle-undim': '200 0', 'idle-off': '50 4',
    'idle-woken': '200 0', 'idle-exit': '200 0', 'none-off': '200 0', 'end': '200 0'}


def check_backlight(r):
    errors = []
    if r['log'].get('class') != ['picowl-test']:
        errors.append('/sys/class/backlight holds %s, want picowl-test' % r['log'].get('class'))
    for step, want in BL_WANT.items():
        got = r['log'].get(step)
        if got != [want]:
            errors.append('%s: brightness and bl_power %s, want %s' % (step, got, want))
    for t in r['timeouts']:
        errors.append('timed out: %s' % t)
    for name in ('c-off', 'c-on', 'c-off2', 'n-off', 'n-on', 'b-off', 'b-on'):
        errors += check_status(r, name)
        said = r['log'].get(name + '-said')
        if said != [name.split('-')[1].rstrip('2')]:
            errors.append('picowl-ctl %s said %s' % (name, said))
    for run in ('bl-ctl', 'bl-idle', 'bl-none', 'bl-bad'):
        errors += check_status(r, run)
    state = r['state'].get('bl-idle', [])
    if 'key 30 1' not in state:
        errors.append('bl-idle: the key on the dimmed screen was not delivered: %s' % state)
    if any(s.startswith('key 48 ') for s in state):
        errors.append('bl-idle: the key that woke the dark screen reached the client')
    if 'key 46 1' not in state:
        errors.append('bl-idle: the key after the wake did not reach the client: %s' % state)
    # Every write, in order: the script's 200; ctl off, on (the saved level, then bl_power),
    # off again and the exit's restore; dim to a quarter, back, dim, off (dimmed first), on at
    # the saved level before bl_power lights it; nothing for `none` and the missing name.
    writes = r['log'].get('end-writes', [''])[0].split()
    want = ['200/0',
            '200/4', '200/4', '200/0', '200/4', '200/4', '200/0',
            '50/0', '200/0', '50/0', '50/4', '200/4', '200/0']
    print('writes: %s' % ' '.join(writes))
    if writes != want:
        errors.append('the driver saw the writes %s, want %s' % (writes, want))
    said = [line for line in r['log'].get('bl-bad', []) if 'backlight' in line]
    print('bl-bad: %s' % said)
    if not any('/sys/class/backlight/nosuch' in line for line in said):
        errors.append('bl-bad: picowl did not name the missing backlight: %s'
                      % r['log'].get('bl-bad'))
    return errors


BOCHS = {'qemu': ['-device', 'VGA'], 'wait': '/dev/dri/card0'}
CASES = {
    'vkms-drm': dict(VKMS, script=VKMS_DRM_SCRIPT, check=check_vkms_drm),
    'vkms-fbdev': dict(VKMS, wait='/dev/fb0', cmdline=VKMS_CMDLINE, script=VKMS_FBDEV_SCRIPT,
                       check=check_vkms_fbdev),
    'backlight': dict(BOCHS, modules=[('bochs', ''), ('evdev', ''), ('uinput', '')],
                      kmods=[('pw_test_backlight', '')], ctl=True, script=BACKLIGHT_SCRIPT,
                      check=check_backlight),
}
