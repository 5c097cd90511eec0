"""The vm case of night light (issue 37, decision 4.85): Debian's wlsunset on bochs' DRM
(atomic, two buffers flipped), which has no gamma table: picowl applies the ramp itself, so
qemu's screendump shows the client's magenta tinted warm, and magenta again once wlsunset is
killed (SIGKILL: the ramp goes with the client).

night-light-lut (4.102) is the same on vkms, whose CRTC kmods.py's GAMMA_PATCH gives a gamma
table of 256 like real hardware's, atomic (GAMMA_LUT) and legacy (the gamma ioctl, which the
DRM core turns into GAMMA_LUT): vmtool reads the CRTC's GAMMA_LUT blob back (vkms has no
display qemu can dump, and ignores the values), which holds wlsunset's ramp while it runs and
is linear again after it is killed; grim's pixel of the client, taken by screencopy, is the
same magenta before and under wlsunset: picowl tinted nothing itself."""
from cases import BOCHS, MAGENTA, check_client, check_status, close
from cases_kmods import VKMS

NIGHT_SCRIPT = '''
start_picowl night --socket vm-0 --backend drm --kms atomic
dump night-plain
WAYLAND_DISPLAY=vm-0 wlsunset -t 2500 -T 2501 > /tmp/ws.out 2>&1 &
WS=$!
i=0
while ! grep -q "setting temperature" /tmp/ws.out; do
	sleep 0.1; i=$((i+1))
	if [ $i -ge 300 ]; then echo "@@TIMEOUT wlsunset"; break; fi
done
sleep 1
dump night-tinted
kill -KILL $WS; wait $WS
sleep 1
dump night-after
stop_picowl night
sed "s/^/@@LOG wlsunset /" /tmp/ws.out
'''


def grid(img):
    return [(x, y) for y in range(4, img.height, 8) for x in range(4, img.width, 8)]


def check_night(r):
    errors = ['timed out: %s' % t for t in r['timeouts']]
    errors += check_status(r, 'night')
    errors += check_client(r, 'night', 'night-plain', 0)
    errors += check_client(r, 'night', 'night-after', 0)
    plain, tinted = r['images'].get('night-plain'), r['images'].get('night-tinted')
    if plain is None or tinted is None:
        return errors + ['no screendump of the plain or the tinted screen']
    points = [p for p in grid(plain) if close(plain.get(*p), MAGENTA)]
    # warm: red kept, blue well down (qemu's dump of RGB565 loses the low bits)
    bad = [(p, tinted.get(*p)) for p in points
           if not (tinted.get(*p)[0] >= 200 and tinted.get(*p)[2] <= 170)]
    if len(points) < 100:
        errors.append('only %d magenta samples on the plain screen' % len(points))
    if bad:
        errors.append('%d of %d magenta samples not tinted under wlsunset, e.g. %s at %s'
                      % (len(bad), len(points), bad[0][1], bad[0][0]))
    else:
        print('night: %d magenta samples tinted, e.g. %s; magenta again after SIGKILL'
              % (len(points), tinted.get(*points[0]) if points else None))
    return errors


LUT_RUN = '''
mkdir -p /dev/shm; mount -t tmpfs shm /dev/shm 2>/dev/null  # grim's shm_open
start_picowl {name} --socket vm-0 --backend drm --kms {kms}
lut() {{ vmtool gammalut /dev/dri/card0 | sed "s/^/@@LOG {name}-$1 /"; }}
px() {{ echo "@@LOG {name}-px-$1 $(WAYLAND_DISPLAY=vm-0 grim -g "300,300 1x1" -t ppm - | tail -c 3 | od -An -tu1)"; }}
lut plain; px plain
WAYLAND_DISPLAY=vm-0 wlsunset -t 2500 -T 2501 > /tmp/ws.out 2>&1 &
WS=$!
i=0
while ! grep -q "setting temperature" /tmp/ws.out; do
	sleep 0.1; i=$((i+1))
	if [ $i -ge 300 ]; then echo "@@TIMEOUT wlsunset"; break; fi
done
sleep 1
lut warm; px warm
kill -KILL $WS; wait $WS
sleep 1
lut after; px after
stop_picowl {name}
'''
LUT_RUNS = (('lut-atomic', 'atomic'), ('lut-legacy', 'legacy'))
LUT_SCRIPT = ''.join(LUT_RUN.format(name=n, kms=k) for n, k in LUT_RUNS)


def read_lut(r, key):
    """{index: (r, g, b)} and the entry count vmtool printed, or (None, why)."""
    lines = r['log'].get(key, [])
    if not lines or not lines[0].split()[0:1] == ['lut']:
        return None, '%s: vmtool printed no table: %s' % (key, lines)
    n = int(lines[0].split()[1])
    entries = {}
    for line in lines[1:]:
        _, i, red, green, blue = line.split()
        entries[int(i)] = (int(red), int(green), int(blue))
    return (n, entries), None


def linear(n, entries):
    """No blob (the table passes values through) or a blob whose entries are i/(n-1)."""
    return n == 0 or all(abs(v - i * 65535 // (n - 1)) <= 256
                         for i, rgb in entries.items() for v in rgb)


def check_lut(r):
    errors = ['timed out: %s' % t for t in r['timeouts']]
    serial = '\n'.join(r['serial'])
    if 'gamma table GAMMA_LUT of 256' not in serial:
        errors.append('picowl did not find vkms\'s GAMMA_LUT of 256 (kmods.py\'s GAMMA_PATCH)')
    for run, kms in LUT_RUNS:
        errors += check_status(r, run)
        luts = {}
        for when in ('plain', 'warm', 'after'):
            luts[when], why = read_lut(r, '%s-%s' % (run, when))
            if why:
                errors.append(why)
        pixels = {w: tuple(map(int, ''.join(r['log'].get('%s-px-%s' % (run, w), [])).split()))
                  for w in ('plain', 'warm', 'after')}
        if not close(pixels['plain'], MAGENTA):
            errors.append('%s: grim\'s pixel of the client %s, not magenta' % (run, pixels['plain']))
        if pixels['warm'] != pixels['plain']:
            errors.append('%s: grim\'s pixel %s under wlsunset, %s before: picowl tinted it'
                          % (run, pixels['warm'], pixels['plain']))
        if pixels['after'] != pixels['plain']:
            errors.append('%s: grim\'s pixel %s after wlsunset' % (run, pixels['after']))
        if None in luts.values():
            continue
        for when in ('plain', 'after'):
            if not linear(*luts[when]):
                errors.append('%s: GAMMA_LUT %s wlsunset not linear: %s' % (run, when, luts[when]))
        n, warm = luts['warm']
        last = warm.get(n - 1)
        if n != 256 or last is None:
            errors.append('%s: GAMMA_LUT under wlsunset has %d entries, want 256' % (run, n))
        elif linear(n, warm) or not last[0] > last[2] + 8192:
            errors.append('%s: GAMMA_LUT under wlsunset is not warm (red above blue): %s'
                          % (run, warm))
        else:
            print('%s: GAMMA_LUT under wlsunset %d entries, last %s, mid %s; linear before and '
                  'after (%d entries); grim\'s pixel %s throughout'
                  % (run, n, last, warm.get(128), luts['after'][0], pixels['plain']))
    return errors


CASES = {
    'night-light': dict(BOCHS, script=NIGHT_SCRIPT, check=check_night, programs=['wlsunset']),
    'night-light-lut': dict(VKMS, script=LUT_SCRIPT, check=check_lut,
                            programs=['wlsunset', 'grim']),
}
