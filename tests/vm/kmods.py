"""Kernel modules the vm cases build against the vm kernel's headers (decisions 4.68, 4.69):
vkms, which Debian's kernel does not build (`# CONFIG_DRM_VKMS is not set`), from Debian's
linux-source-6.1 (only drivers/gpu/drm/vkms is extracted; GAMMA_PATCH gives its CRTC a gamma
table, 4.102), and tests/vm's own pw_test_backlight. Each is built in OUT/NAME (the meson
build directory), never in the source tree, and rebuilt only when its sources are newer than
the .ko. Missing headers or sources are a failure naming the package, as a missing qemu is:
.ci/run installs linux-headers-amd64 (the version linux-image-amd64 has) and linux-source-6.1."""
import fcntl
import os
import re
import shutil
import subprocess
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
LINUX_SOURCE = '/usr/src/linux-source-6.1.tar.xz'
VKMS = 'linux-source-6.1/drivers/gpu/drm/vkms/'

# Decision 4.102: Linux 6.1's vkms has no gamma table. This gives its CRTC one of 256 entries
# as real hardware has (GAMMA_LUT and GAMMA_LUT_SIZE; the legacy gamma ioctl goes to GAMMA_LUT
# through the DRM core), so night-light-lut can check what picowl loads into it. vkms's
# composition ignores the values: the case reads the property back, not pixels.
GAMMA_ANCHOR = '\tdrm_crtc_helper_add(crtc, &vkms_crtc_helper_funcs);\n'
GAMMA_PATCH = ('\t/* picowl tests/vm/kmods.py: a gamma table (4.102) */\n'
               '\tdrm_mode_crtc_set_gamma_size(crtc, 256);\n'
               '\tdrm_crtc_enable_color_mgmt(crtc, 0, false, 256);\n')


def _patch_gamma(src):
    path = os.path.join(src, 'vkms_crtc.c')
    with open(path) as f:
        text = f.read()
    if GAMMA_PATCH in text:
        return None
    if GAMMA_ANCHOR not in text:
        return 'vkms_crtc.c has no %r to add the gamma table after' % GAMMA_ANCHOR
    text = text.replace(GAMMA_ANCHOR, GAMMA_ANCHOR + GAMMA_PATCH)
    text = text.replace('#include <drm/drm_atomic.h>\n',
                        '#include <drm/drm_atomic.h>\n#include <drm/drm_color_mgmt.h>\n')
    with open(path, 'w') as f:
        f.write(text)
    return None


def _vkms_sources(src):
    if os.path.exists(os.path.join(src, 'Makefile')):
        return _patch_gamma(src)
    if not os.path.exists(LINUX_SOURCE):
        return 'no %s: install linux-source-6.1 (.ci/run installs it)' % LINUX_SOURCE
    os.makedirs(src, exist_ok=True)
    with tarfile.open(LINUX_SOURCE) as tar:
        for m in tar:
            if m.name.startswith(VKMS) and m.isfile():
                with open(os.path.join(src, os.path.basename(m.name)), 'wb') as f:
                    f.write(tar.extractfile(m).read())
    # vkms is not in Debian's config: its Makefile's obj-$(CONFIG_DRM_VKMS) gets m from make.
    return _patch_gamma(src)


def _own_sources(name, src):
    os.makedirs(src, exist_ok=True)
    shutil.copy2(os.path.join(HERE, name + '.c'), os.path.join(src, name + '.c'))
    kbuild = os.path.join(src, 'Kbuild')
    if not os.path.exists(kbuild):
        with open(kbuild, 'w') as k:
            k.write('obj-m := %s.o\n' % name)
    return None


def build(name, version, out):
    """OUT/NAME/NAME.ko built for kernel `version`; returns (path, None) or (None, why)."""
    kdir = '/lib/modules/%s/build' % version
    if not os.path.exists(os.path.join(kdir, 'Makefile')):
        return None, ('no headers for the vm kernel %s (%s): install linux-headers-amd64, the '
                      'version of linux-image-amd64 (.ci/run installs both)' % (version, kdir))
    src = os.path.join(out, name)
    os.makedirs(out, exist_ok=True)
    # Two vm tests may build the same module at once.
    with open(os.path.join(out, '.lock'), 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        why = _vkms_sources(src) if name == 'vkms' else _own_sources(name, src)
        if why:
            return None, why
        ko = os.path.join(src, name + '.ko')
        srcs = [os.path.join(src, f) for f in os.listdir(src) if f.endswith(('.c', '.h'))]
        if os.path.exists(ko) and all(os.path.getmtime(s) <= os.path.getmtime(ko) for s in srcs):
            return ko, None
        cmd = ['make', '-C', kdir, 'M=' + src, 'modules']
        if name == 'vkms':
            cmd.append('CONFIG_DRM_VKMS=m')
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0 or not os.path.exists(ko):
            return None, 'building %s failed:\n%s' % (name, r.stdout.decode(errors='replace')[-3000:])
        return ko, None


def depends(ko):
    """The modules `ko` needs loaded first (modinfo's depends), for module_order."""
    with open(ko, 'rb') as f:
        m = re.search(rb'(?:^|\0)depends=([^\0]*)\0', f.read())
    return [d for d in m.group(1).decode().split(',') if d] if m else []
