"""The vm case of linux-dmabuf without a GPU (decision 4.99): on virtio-gpu, whose dumb buffers
are shmem and export as mappable dmabufs, dmabufclient draws a DRM dumb buffer of card0 through
its dmabuf and shows it; qemu's screendump must show its yellow quarter and magenta rest, in each
format the table offers, and for a dmabuf exported read-only (mapped read-only by picowl). The
feedback's main device must be card0, the device picowl drives (4.100)."""
from cases import MAGENTA, YELLOW, check_status, client_size, close

FORMATS = ('xrgb8888', 'rgb565', 'argb8888', 'xrgb8888 readonly')

DMABUF_SCRIPT = '''
run_dmabuf() { # NAME dmabufclient's draw arguments
	name=$1; shift
	: > /tmp/client.state
	picowl --backend drm -- sh -c "dmabufclient feedback > /tmp/feedback 2>&1; \\
		exec dmabufclient draw /dev/dri/card0 $* > /tmp/client.state 2>&1" &
	PICOWL=$!
	wait_for drawn 60
	sleep 0.5
	dump $name
	sed "s/^/@@STATE $name-feedback /" /tmp/feedback
	stop_picowl $name
}
echo "@@STATE card $(stat -c '%t %T' /dev/dri/card0)"
''' + ''.join('run_dmabuf %s %s\n' % (f.replace(' ', '-'), f) for f in FORMATS)


def check_dmabuf(r):
    errors = []
    card = r['state'].get('card', ['? ?'])[0].split()
    want_dev = 'main_device %d %d' % (int(card[0], 16), int(card[1], 16))
    for f in FORMATS:
        name = f.replace(' ', '-')
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
    return errors


CASES = {
    'dmabuf': {'qemu': ['-device', 'virtio-gpu-pci'],
               'modules': [('virtio_pci', ''), ('virtio-gpu', '')],
               'wait': '/dev/dri/card0', 'script': DMABUF_SCRIPT, 'check': check_dmabuf},
}
