"""The vm test cases: qemu devices, kernel modules, the guest script and the checks."""
import re


MAGENTA = (255, 0, 255)
YELLOW = (255, 255, 0)
CYAN = (0, 255, 255)
TOLERANCE = 40  # RGB565 loses the low bits; qemu does not replicate them


def close(p, c):
    return all(abs(a - b) <= TOLERANCE for a, b in zip(p, c))


def to_display(rot, lx, ly, dw, dh):
    """A logical output point to display pixels, for content rotated `rot` clockwise."""
    if rot == 90:
        return dw - 1 - ly, lx
    if rot == 180:
        return dw - 1 - lx, dh - 1 - ly
    if rot == 270:
        return ly, dh - 1 - lx
    return lx, ly


def to_logical(rot, px, py, dw, dh):
    """The inverse, for input: display pixels to the logical output point."""
    if rot == 90:
        return py, dw - px
    if rot == 180:
        return dw - px, dh - py
    if rot == 270:
        return dh - py, px
    return px, py


def logical_size(rot, img):
    return (img.height, img.width) if rot in (90, 270) else (img.width, img.height)


def client_size(result, run):
    for line in result['state'].get(run, []):
        if line.startswith('drawn '):
            _, w, h = line.split()
            return int(w), int(h)
    return None


def check_client(result, run, image, rot, patch=False):
    """The client's tile on the image: yellow top-left quarter, magenta elsewhere."""
    errors = []
    img = result['images'].get(image)
    size = client_size(result, run)
    if img is None:
        return ['%s: no screen image' % image]
    if size is None:
        return ['%s: the client never drew' % run]
    w, h = size
    lw, lh = logical_size(rot, img)
    if not (lw - 8 <= w <= lw and lh - 8 <= h <= lh):
        errors.append('%s: client %dx%d does not fill the %dx%d output' % (run, w, h, lw, lh))
    ox, oy = (lw - w) // 2, (lh - h) // 2
    bad = 0
    samples = 0
    for j in range(1, 20):
        for i in range(1, 20):
            cx, cy = w * i // 20, h * j // 20
            if abs(cx - w // 4) < 3 or abs(cy - h // 4) < 3:
                continue  # the marker's edge
            in_patch = patch and abs(cx - w // 2) < 14 and abs(cy - h // 2) < 14
            if patch and not in_patch and abs(cx - w // 2) < 20 and abs(cy - h // 2) < 20:
                continue
            want = CYAN if in_patch else YELLOW if cx < w // 4 and cy < h // 4 else MAGENTA
            px, py = to_display(rot, ox + cx, oy + cy, img.width, img.height)
            got = img.get(px, py)
            samples += 1
            if not close(got, want):
                bad += 1
                if bad <= 5:
                    errors.append('%s rot %d: client (%d,%d) at screen (%d,%d) is %s, want %s'
                                  % (image, rot, cx, cy, px, py, got, want))
    if patch:
        px, py = to_display(rot, ox + w // 2, oy + h // 2, img.width, img.height)
        if not close(img.get(px, py), CYAN):
            errors.append('%s: the partial update is not on screen' % image)
    if bad:
        errors.append('%s: %d of %d samples wrong' % (image, bad, samples))
    return errors


def check_status(result, name, want=0):
    got = result['status'].get(name)
    if got != want:
        return ['%s: exit status %s, want %d' % (name, got, want)]
    return []


def check_refused(result, name, *words):
    errors = []
    if result['status'].get(name) in (None, 0):
        errors.append('%s: picowl did not fail (status %s)' % (name, result['status'].get(name)))
    text = '\n'.join(result['log'].get(name, []))
    for w in words:
        if w not in text:
            errors.append('%s: the message does not say %r:\n%s' % (name, w, text))
    if 'Segmentation' in text or 'Aborted' in text:
        errors.append('%s: crashed' % name)
    return errors


def rotations(prefix, options, dump='dump', rots=(0, 90, 270)):
    return ''.join('start_picowl %s-%d %s --rotate %d\n%s %s-%d\nstop_picowl %s-%d\n'
                   % (prefix, r, options, r, dump, prefix, r, prefix, r) for r in rots)


def check_rotations(result, prefix, rots=(0, 90, 270)):
    errors = []
    for r in rots:
        name = '%s-%d' % (prefix, r)
        errors += check_client(result, name, name, r) + check_status(result, name)
    return errors


BOCHS = {'qemu': ['-device', 'VGA'], 'modules': [('bochs', '')], 'wait': '/dev/dri/card0'}

# ------------------------------------------------------------------------ vfb (fbdev)
VFB_SCRIPT = '''
vmtool fbset /dev/fb0 240 320 8
expect_fail bpp8 --backend fbdev --device /dev/fb0
expect_fail nodev --backend fbdev --device /dev/fb7
vmtool fbset /dev/fb0 240 320 16
''' + rotations('vfb16', '--backend fbdev --device /dev/fb0', 'fbdump') + '''
vmtool fbset /dev/fb0 320 240 32
''' + rotations('vfb32', '--backend fbdev --device /dev/fb0', 'fbdump', (0,)) + '''
vmtool fbset /dev/fb0 240 320 24
''' + rotations('vfb24', '--backend fbdev --device /dev/fb0', 'fbdump', (0,))


def check_vfb(r):
    return (check_refused(r, 'bpp8', '8 bpp', '/dev/fb0') +
            check_refused(r, 'nodev', '/dev/fb7') +
            check_rotations(r, 'vfb16') + check_rotations(r, 'vfb32', (0,)) +
            check_rotations(r, 'vfb24', (0,)))


# ------------------------------------------------------------------------ bochs (DRM)
BOCHS_DRM_SCRIPT = rotations('drm', '--backend drm') + '''
start_picowl auto --backend auto
dump auto
stop_picowl auto
expect_fail noconn --backend drm --connector HDMI-A-9
expect_fail nomode --backend drm --mode 123x45
expect_fail nocard --backend drm --device /dev/dri/card7
'''


def check_bochs_drm(r):
    errors = check_rotations(r, 'drm') + check_client(r, 'auto', 'auto', 0)
    errors += check_status(r, 'auto')
    if not any('auto:' in line and 'drm' in line for line in r['serial']):
        errors.append('--backend auto did not choose drm')
    errors += check_refused(r, 'noconn', 'HDMI-A-9', 'Virtual-1')
    errors += check_refused(r, 'nomode', '123x45')
    errors += check_refused(r, 'nocard', '/dev/dri/card7')
    return errors


# ------------------------------------------------------------------------ DRM fbdev emulation
def check_bochs_fbdev(r):
    return check_rotations(r, 'fbemu')


# ------------------------------------------------------------------------ virtio-gpu
VIRTIO_SCRIPT = '''
start_picowl virtio-0 --backend drm --rotate 0
dump virtio-0
kill -USR1 $(pidof vmclient)
wait_for partial 20
sleep 0.5
dump partial
stop_picowl virtio-0
''' + rotations('virtio', '--backend drm', 'dump', (90, 270))


def check_virtio(r):
    errors = check_client(r, 'virtio-0', 'virtio-0', 0) + check_status(r, 'virtio-0')
    errors += check_client(r, 'virtio-0', 'partial', 0, patch=True)
    errors += check_rotations(r, 'virtio', (90, 270))
    if not any('virtio' in line and 'present direct' in line for line in r['serial']):
        errors.append('virtio-gpu was not driven with one buffer and damage (present direct)')
    return errors


# ------------------------------------------------------------------------ session / VT
SESSION_SCRIPT = '''
kd before
start_picowl term --backend drm
kd during-term
echo "@@VT during $(vmtool vt)"
timeout 20 chvt 2
echo "@@VT away $(vmtool vt)"
sleep 1
dump away
timeout 20 chvt 1
echo "@@VT back $(vmtool vt)"
sleep 1
dump back
stop_picowl term
kd after-term
start_picowl segv --backend drm
kd during-segv
kill -SEGV $PICOWL
wait $PICOWL
echo "@@STATUS segv $?"
kd after-segv
start_picowl fbterm --backend fbdev --device /dev/fb0
kd during-fbterm
kill -INT $PICOWL
wait $PICOWL
echo "@@STATUS fbterm $?"
kd after-fbterm
'''


def check_session(r):
    errors = []
    want = {'before': 'text', 'during-term': 'graphics', 'after-term': 'text',
            'during-segv': 'graphics', 'after-segv': 'text',
            'during-fbterm': 'graphics', 'after-fbterm': 'text'}
    for k, v in want.items():
        if r['kd'].get(k) != v:
            errors.append('KDGETMODE %s: %s, want %s' % (k, r['kd'].get(k), v))
    errors += check_status(r, 'term') + check_status(r, 'fbterm')
    errors += check_status(r, 'segv', 128 + 11)
    errors += check_client(r, 'term', 'back', 0)
    for k, v in {'during': '1', 'away': '2', 'back': '1'}.items():
        if r['vt'].get(k) != v:
            errors.append('active VT %s: %s, want %s' % (k, r['vt'].get(k), v))
    # Switched away, the console has the screen: the client's colours are not on it.
    if not check_client(r, 'term', 'away', 0):
        errors.append('the client was still on screen after switching to VT 2')
    return errors


# ------------------------------------------------------------------------ input
INPUT_SCRIPT = '''
mkfifo /tmp/in.fifo
vmtool uinput /tmp/in.fifo > /tmp/uinput.log 2>&1 &
i=0; while ! grep -q ready /tmp/uinput.log && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
cat /tmp/uinput.log
for r in 0 90 270; do
	start_picowl in-$r --backend drm --rotate $r
	echo "key 30" > /tmp/in.fifo
	wait_for "key 30 0" 10
	echo "touch 0.25 0.6" > /tmp/in.fifo
	wait_for "touch up" 10
	stop_picowl in-$r
done
echo quit > /tmp/in.fifo
'''


def check_input(r):
    errors = []
    modes = [re.search(r' (\d+)x(\d+)@', l) for l in r['serial'] if 'picowl: drm:' in l]
    modes = [m for m in modes if m]
    if not modes:
        return ['no DRM output came up']
    dw, dh = int(modes[0].group(1)), int(modes[0].group(2))
    for rot in (0, 90, 270):
        run = 'in-%d' % rot
        state = r['state'].get(run, [])
        size = client_size(r, run)
        errors += check_status(r, run)
        for want in ('enter', 'key 30 1', 'key 30 0'):
            if want not in state:
                errors.append('%s: the client did not get "%s": %s' % (run, want, state))
        downs = [s for s in state if s.startswith('touch down')]
        if not downs or not size:
            errors.append('%s: no touch reached the client: %s' % (run, state))
            continue
        _, _, _, x, y = downs[0].split()
        lw, lh = (dh, dw) if rot in (90, 270) else (dw, dh)
        lx, ly = to_logical(rot, 0.25 * dw, 0.6 * dh, dw, dh)
        ex, ey = lx - (lw - size[0]) // 2, ly - (lh - size[1]) // 2
        if abs(float(x) - ex) > 3 or abs(float(y) - ey) > 3:
            errors.append('%s: touch at (%.1f,%.1f), want (%.1f,%.1f)' % (run, float(x),
                          float(y), ex, ey))
    return errors


CASES = {
    'vfb': {'qemu': [], 'modules': [('vfb', 'vfb_enable=1 videomemorysize=4194304')],
            'wait': '/dev/fb0', 'script': VFB_SCRIPT, 'check': check_vfb},
    'bochs-drm': dict(BOCHS, script=BOCHS_DRM_SCRIPT, check=check_bochs_drm),
    'bochs-fbdev': dict(BOCHS, wait='/dev/fb0',
                        script=rotations('fbemu', '--backend fbdev --device /dev/fb0'),
                        check=check_bochs_fbdev),
    'virtio-gpu': {'qemu': ['-device', 'virtio-gpu-pci'], 'modules': [('virtio_pci', ''), ('virtio-gpu', '')],
                   'wait': '/dev/dri/card0', 'script': VIRTIO_SCRIPT, 'check': check_virtio},
    'session': dict(BOCHS, script=SESSION_SCRIPT, check=check_session),
    'input': dict(BOCHS, modules=[('bochs', ''), ('evdev', ''), ('uinput', '')], script=INPUT_SCRIPT,
                  check=check_input),
}
