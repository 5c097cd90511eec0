"""The vm case of night light (issue 37, decision 4.85): Debian's wlsunset on bochs' DRM
(atomic, two buffers flipped), which has no gamma table: picowl applies the ramp itself, so
qemu's screendump shows the client's magenta tinted warm, and magenta again once wlsunset is
killed (SIGKILL: the ramp goes with the client)."""
from cases import BOCHS, MAGENTA, check_client, check_status, close

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


CASES = {
    'night-light': dict(BOCHS, script=NIGHT_SCRIPT, check=check_night, programs=['wlsunset']),
}
