#!/usr/bin/env python3
"""linux-dmabuf on the host, where no dmabuf can be made (decision 4.99): the feedback's format
table (the three formats wl_shm offers, LINEAR only, sealed), the device it names (4.100: none
here, 0:0, without a DRM device or /dev/udmabuf) and one tranche of every entry; a memfd
offered as a dmabuf is answered `failed`, that client goes on and picowl with it. The real
dmabufs are tests/vm's (case dmabuf)."""

import os

import harness
from harness import check, log

TABLE = ['entry AR24 0x0', 'entry XR24 0x0', 'entry RG16 0x0']


def device_line():
    for node in ('/dev/udmabuf', '/dev/dri/card0'):
        try:
            st = os.stat(node)
        except OSError:
            continue
        return 'main_device %d %d' % (os.major(st.st_rdev), os.minor(st.st_rdev))
    return 'main_device 0 0'


def run():
    args = harness.parse_args(lambda p: p.add_argument('--dmabufclient', required=True))
    with harness.Session(args) as s:
        c = s.spawn([args.dmabufclient, 'feedback'], 'feedback')
        check(c.wait(10) == 0, 'dmabufclient feedback failed: %s' % c.stderr())
        lines = c.stdout().splitlines()
        log('feedback: %s' % ' | '.join(lines))
        want = (['format_table 48'] + TABLE + ['writable no', device_line(),
                'tranche_target_device' + device_line()[len('main_device'):],
                'tranche_flags 0', 'tranche_formats 0 1 2', 'tranche_done', 'done'])
        check(lines == want, 'the feedback is\n  %s\nnot\n  %s'
              % ('\n  '.join(lines), '\n  '.join(want)))
        m = s.spawn([args.dmabufclient, 'memfd'], 'memfd')
        check(m.wait(10) == 0, 'dmabufclient memfd failed: %s' % m.stderr())
        check(m.stdout().split() == ['failed'],
              'a memfd as a dmabuf: %r, not failed' % m.stdout())
        check('not a dmabuf' in s.picowl_stderr(), 'picowl did not say why it failed')
        s.check_alive('after the memfd')
        log('a memfd is answered failed; picowl goes on')


if __name__ == '__main__':
    harness.main(run)
