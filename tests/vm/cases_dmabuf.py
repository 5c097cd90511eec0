"""The vm case of linux-dmabuf without a GPU (decision 4.99): on virtio-gpu, whose dumb buffers
are shmem and export as mappable dmabufs, dmabufclient draws a DRM dumb buffer of card0 through
its dmabuf and shows it; qemu's screendump must show its yellow quarter and magenta rest, in each
format the table offers, and for a dmabuf exported read-only (mapped read-only by picowl). The
feedback's main device must be card0, the device picowl drives (4.100); on the card's fbdev
emulation, where picowl drives no DRM device, the feedback names card0 still (4.100's fallback)
and the dmabuf shows there too. A dmabuf larger than
[limits] client_mapped is refused with no_memory, picowl going on. screencopy copies the output
into a dumb buffer's dmabuf, and refuses one exported read-only (invalid_buffer)."""
from cases import MAGENTA, YELLOW, check_status, client_size, close

FORMATS = ('xrgb8888', 'rgb565', 'argb8888', 'xrgb8888 readonly')
# (name, picowl's backend options, dmabufclient's draw arguments); each run but the fbdev one
# also captures the output by screencopy into a dmabuf (read-only for the read-only run)
RUNS = tuple((f.split()[0] + ''.join('-' + w for w in f.split()[1:]), '--backend drm',
              f + ' capture') for f in FORMATS) + (
    ('fbdev', '--backend fbdev --device /dev/fb0', 'xrgb8888'),)

DMABUF_SCRIPT = '''
run_dmabuf() { # NAME "picowl's options" dmabufclient's draw arguments
	name=$1; options=$2; shift 2
	: > /tmp/client.state
	picowl $options -- sh -c "dmabufclient feedback > /tmp/feedback 2>&1; \\
		exec dmabufclient draw /dev/dri/card0 $* > /tmp/client.state 2>&1" &
	PICOWL=$!
	wait_for drawn 60
	sleep 0.5
	dump $name
	sed "s/^/@@STATE $name-feedback /" /tmp/feedback
	stop_picowl $name
}
echo "@@STATE card $(stat -c '%t %T' /dev/dri/card0)"
i=0; while [ $i -lt 50 ] && [ ! -e /dev/fb0 ]; do sleep 0.1; i=$((i+1)); done
''' + ''.join('run_dmabuf %s "%s" %s\n' % r for r in RUNS) + '''
# over [limits] client_mapped: the dmabuf's mapping is charged as a pool's, no_memory
printf '[limits]\\nclient_mapped = 1M\\n' > /tmp/small.ini
: > /tmp/client.state
picowl --backend drm --config /tmp/small.ini -- sh -c \\
	"exec dmabufclient draw /dev/dri/card0 xrgb8888 > /tmp/client.state 2>&1" &
PICOWL=$!
wait_for "no created" 60
stop_picowl budget
'''


def check_capture(r, name, draw):
    """screencopy into a dmabuf: the client's yellow and magenta; into one exported read-only,
    invalid_buffer to that connection alone (the window stays: its screendump is checked)."""
    lines = [line for line in r['state'].get(name, []) if line.startswith('capture')]
    if 'capture' not in draw:
        return []
    if 'readonly' in draw:
        if lines != ['capture error zwlr_screencopy_frame_v1 1']:
            return ['%s: a read-only dmabuf as screencopy\'s buffer: %s, not invalid_buffer'
                    % (name, lines)]
        return []
    if len(lines) != 1 or len(lines[0].split()) != 3:
        return ['%s: no capture: %s' % (name, r['state'].get(name))]
    got = [int(v, 16) for v in lines[0].split()[1:]]
    rgb = [((v >> 16) & 255, (v >> 8) & 255, v & 255) for v in got]
    if not close(rgb[0], YELLOW) or not close(rgb[1], MAGENTA):
        return ['%s: screencopy into a dmabuf got %s, not yellow and magenta' % (name, rgb)]
    return []


def check_dmabuf(r):
    errors = []
    card = r['state'].get('card', ['? ?'])[0].split()
    want_dev = 'main_device %d %d' % (int(card[0], 16), int(card[1], 16))
    for name, _, draw in RUNS:
        errors += check_capture(r, name, draw)
        errors += check_status(r, name)
        feedback = r['state'].get(name + '-feedback', [])
        if want_dev not in feedback:
            errors.append('%s: the feedback does not name card0 (%s): %s'
                          % (name, want_dev, feedback))
        if 'created' not in r['state'].get(name, []):
            errors.append('%s: the dmabuf was not created: %s' % (name, r['state'].get(name)))
        img = r['images'].get(name)
        size = client_size(r, name)
        if img is None or size is None:
            errors.append('%s: no screen image or the client never drew' % name)
            continue
        w, h = size
        ox, oy = (img.width - w) // 2, (img.height - h) // 2
        for (x, y), want, what in (((w // 4, h // 4), YELLOW, 'yellow'),
                                   ((w * 3 // 4, h * 3 // 4), MAGENTA, 'magenta'),
                                   ((w * 3 // 4, h // 4), MAGENTA, 'magenta')):
            got = img.get(ox + x, oy + y)
            if not close(got, want):
                errors.append('%s: at %d,%d of the %dx%d client %s, not %s'
                              % (name, x, y, w, h, got, what))
    errors += check_status(r, 'budget')
    if any(line.startswith('drawn') for line in r['state'].get('budget', [])):
        errors.append('budget: a dmabuf over client_mapped was shown')
    if not any('more than [limits] client_mapped' in line for line in r['serial']):
        errors.append('budget: picowl did not say the dmabuf passed client_mapped')
    # the refusal is the budget's alone: nothing else of this case fails to import
    errors += ['a dmabuf failed: ' + line for line in r['serial'] if 'cannot be imported' in line]
    return errors


# The bench (tests/bench, 4.99): picowl headless under callgrind in the vm, dmabufclient's load
# of N1 then N2 full frames from wl_shm, then from card0's dumb buffers as dmabufs; callgrind
# dumps its counts at each client's disconnect, so a kind's instructions per frame are
# (I(N2) - I(N1)) / (N2 - N1), connection and teardown cancelling out. A first client of 5 frames
# takes picowl's start-up into the first dump.
N1, N2 = 20, 60
# each kind before and after the other, so that the order (a later client finds picowl warmer,
# or not) cancels out: their spread between runs is some 0.05% either way
ORDER = ('shm', 'dmabuf', 'dmabuf', 'shm')
# Debian's /usr/bin/valgrind is a sh wrapper of valgrind.bin, which is static.
VALGRIND = ['/usr/bin/valgrind.bin'] + [
    '/usr/libexec/valgrind/' + f
    for f in ('callgrind-amd64-linux', 'vgpreload_core-amd64-linux.so', 'default.supp')]
BENCH_SCRIPT = '''
cat > /tmp/load.sh <<'LOAD'
dmabufclient load 5 shm none > /dev/null 2>&1
for kind in %(order)s; do
	for n in %(n1)d %(n2)d; do
		dmabufclient load $n $kind /dev/dri/card0 >> /tmp/client.state 2>&1
	done
done
echo drawn 0 0 >> /tmp/client.state
LOAD
: > /tmp/client.state
/usr/bin/valgrind.bin --tool=callgrind --dump-after=wl_client_destroy --callgrind-out-file=/tmp/cg.out \\
	picowl --backend headless --size 240x320 --format rgb565 -- sh /tmp/load.sh &
PICOWL=$!
wait_for drawn 900
sleep 1
stop_picowl bench
for i in %(dumps)s; do echo "@@STATE counts $i $(grep -m1 '^totals:' /tmp/cg.out.$i)"; done
''' % {'order': ' '.join(ORDER), 'n1': N1, 'n2': N2,
       'dumps': ' '.join(str(i + 2) for i in range(2 * len(ORDER)))}


def check_bench(r):
    loaded = [line for line in r['state'].get('bench', []) if line.startswith('loaded ')]
    if len(loaded) != 2 * len(ORDER):
        return ['the load did not run %d times: %s' % (2 * len(ORDER), r['state'].get('bench'))]
    counts = {}
    for line in r['state'].get('counts', []):
        parts = line.split()
        if len(parts) == 3 and parts[1] == 'totals:':
            counts[int(parts[0]) - 1] = int(parts[2])
    if len(counts) != 2 * len(ORDER):
        return ['callgrind did not dump at each disconnect: %s' % r['state'].get('counts')]
    per_frame = {'shm': 0.0, 'dmabuf': 0.0}
    for k, kind in enumerate(ORDER):
        per_frame[kind] += (counts[2 * k + 2] - counts[2 * k + 1]) / (N2 - N1) / 2
    ratio = per_frame['dmabuf'] / per_frame['shm']
    print('picowl instructions per frame, 240x320 RGB565 output, full XRGB8888 frames: '
          'shm %.0f, dmabuf %.0f, dmabuf/shm %.4f' % (per_frame['shm'], per_frame['dmabuf'], ratio))
    # The two DMA_BUF_IOCTL_SYNC calls of a frame are the only difference (4.99).
    if ratio > 1.001:
        return ['a dmabuf frame costs %.4f times a shm frame' % ratio]
    return []


CASES = {
    'dmabuf-bench': {'qemu': ['-device', 'virtio-gpu-pci'],
                     'modules': [('virtio_pci', ''), ('virtio-gpu', '')],
                     'wait': '/dev/dri/card0', 'host_files': VALGRIND,
                     'memory': '1024', 'timeout': 1200, 'script': BENCH_SCRIPT,
                     'check': check_bench},
    'dmabuf': {'qemu': ['-device', 'virtio-gpu-pci'],
               'modules': [('virtio_pci', ''), ('virtio-gpu', '')],
               'wait': '/dev/dri/card0', 'script': DMABUF_SCRIPT, 'check': check_dmabuf},
}
