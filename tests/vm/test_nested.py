#!/usr/bin/env python3
"""
The nested backend: picowl as a window of weston (headless, --debug for its screenshooter),
the test client inside picowl. The screenshot must show the client's colours in picowl's window
at the client's size, and, after the client's partial update, the cyan square in its middle:
frames went through picowl's two host buffers, paced by weston's frame callbacks.

  test_nested.py --picowl P --client P
"""
import argparse
import glob
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

MAGENTA, YELLOW, CYAN = (255, 0, 255), (255, 255, 0), (0, 255, 255)
# picowl's 240x320 output, the client tiled alone inside picowl's default 2-pixel border
BORDER = 2
CW, CH = 240 - 2 * BORDER, 320 - 2 * BORDER


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


def read_png(path):
    """8-bit RGB or RGBA, not interlaced: what weston's screenshooter writes."""
    with open(path, 'rb') as f:
        data = f.read()
    pos, idat = 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    if depth != 8 or ctype not in (2, 6) or interlace:
        fail('unexpected PNG (depth %d, colour type %d)' % (depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, lambda x, y: tuple(rows[y][x * bpp:x * bpp + 3])


def close(p, c):
    return all(abs(a - b) <= 40 for a, b in zip(p, c))


def bbox(w, h, get, colour):
    xs, ys = [], []
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            if close(get(x, y), colour):
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def wait_for(path, word, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if os.path.exists(path) and word in open(path).read():
            return True
        time.sleep(0.1)
    return False


def screenshot(work, env):
    for old in glob.glob(os.path.join(work, 'wayland-screenshot*.png')):
        os.remove(old)
    subprocess.run(['weston-screenshooter'], cwd=work, env=env, timeout=30, check=True)
    shots = glob.glob(os.path.join(work, 'wayland-screenshot*.png'))
    if not shots:
        fail('weston-screenshooter wrote no file')
    return read_png(shots[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--picowl', required=True)
    ap.add_argument('--client', required=True)
    args = ap.parse_args()
    for prog in ('weston', 'weston-screenshooter'):
        if not shutil.which(prog):
            fail('%s is not installed (.ci/run installs weston)' % prog)
    work = tempfile.mkdtemp(prefix='picowl-nested-')
    os.chmod(work, 0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=work, WAYLAND_DISPLAY='host-0')
    env.pop('DISPLAY', None)
    procs = []
    errors = []
    try:
        weston = subprocess.Popen(['weston', '--backend=headless-backend.so', '--debug',
                                   '--use-pixman', '--socket=host-0', '--idle-time=0', '--width=640',
                                   '--height=480'], env=env, stdout=subprocess.DEVNULL,
                                  stderr=open(os.path.join(work, 'weston.log'), 'w'))
        procs.append(weston)
        if not wait_for(os.path.join(work, 'weston.log'), 'host-0', 20):
            time.sleep(2)
        state = os.path.join(work, 'client.state')
        open(state, 'w').close()
        picowl_log = open(os.path.join(work, 'picowl.log'), 'w')
        picowl = subprocess.Popen([args.picowl, '--backend', 'wayland', '--size', '240x320',
                                   '--socket', 'nested-0', '--', args.client, state],
                                  env=env, stdout=picowl_log, stderr=picowl_log)
        procs.append(picowl)
        if not wait_for(state, 'drawn', 30):
            fail('the client never drew:\n' + open(os.path.join(work, 'picowl.log')).read())
        # weston repaints on its own clock: under load the first screenshots may still lack
        # the window, so look again for up to 15 s
        for _ in range(15):
            time.sleep(1)
            w, h, get = screenshot(work, env)
            body, marker = bbox(w, h, get, MAGENTA), bbox(w, h, get, YELLOW)
            if body and marker:
                break
        if not body or not marker:
            errors.append('the client is not on the host screen (magenta %s, yellow %s)'
                          % (body, marker))
        else:
            # weston's panel may cover the window's top: place the client by its
            # bottom-right corner, which is always in view.
            x1, y1 = body[2] - (CW - 1), body[3] - (CH - 1)
            if abs(min(body[0], marker[0]) - x1) > 3:
                errors.append('client on the host screen spans x %d..%d, want %d..%d'
                              % (min(body[0], marker[0]), body[2], x1, x1 + CW - 1))
            if abs(marker[2] - x1 - CW // 4) > 3 or abs(marker[3] - y1 - CH // 4) > 3:
                errors.append('yellow quarter ends at (%d,%d), want (%d,%d)' % (
                    marker[2], marker[3], x1 + CW // 4, y1 + CH // 4))
            # this picowl's client, by its log: other suites' vmclients may run beside it
            started = re.search(r'started \S*/%s \(pid (\d+)\)' % re.escape(
                os.path.basename(args.client)), open(os.path.join(work, 'picowl.log')).read())
            pid = int(started.group(1))
            os.kill(pid, 10)  # SIGUSR1: the partial update
            if not wait_for(state, 'partial', 20):
                errors.append('the partial update was never shown')
            cx, cy = x1 + CW // 2, y1 + CH // 2
            for _ in range(15):
                time.sleep(1)
                w, h, get = screenshot(work, env)
                if close(get(cx, cy), CYAN):
                    break
            if not close(get(cx, cy), CYAN):
                errors.append('the partial update is not on the host screen: %s at (%d,%d)'
                              % (get(cx, cy), cx, cy))
            if not close(get(cx + 30, cy), MAGENTA):
                errors.append('the partial update spilled: %s' % (get(cx + 30, cy),))
        picowl.terminate()
        if picowl.wait(timeout=10) != 0:
            errors.append('picowl exited with %d' % picowl.returncode)
        # weston's wp_presentation runs on CLOCK_MONOTONIC_RAW (4), which picowl cannot pass
        # on: its times are then picowl's at weston's frame callbacks, claiming nothing, and
        # the refresh unknown (0). A host on CLOCK_MONOTONIC is passed on
        # (tests/pipeline/test_presentation.py).
        said = open(os.path.join(work, 'picowl.log')).read()
        passed_on = "presented as the host's wp_presentation says" in said
        if not passed_on and "presented at the host's frame callbacks" not in said:
            errors.append('the nested picowl does not say where its presentation times come from')
        fbs = [line.split() for line in open(state) if line.startswith('presented ')]
        if not fbs or any(f[7] != '1' for f in fbs):
            errors.append('presentation feedback missing or without sync_output: %s' % fbs)
        if not passed_on and any(f[4:7] != ['0', '0', '0'] for f in fbs):
            errors.append('frame callback times with a refresh, seq or flags: %s' % fbs)
        print('nested in weston: presented (buffer sec nsec refresh seq flags sync): %s'
              % [f[1:8] for f in fbs])
        # The client's exit status is not seen: its sanitizer reports only in the log.
        if re.search(r'ERROR: \w+Sanitizer|runtime error:',
                     open(os.path.join(work, 'picowl.log')).read()):
            errors.append('a sanitizer reported in picowl.log')
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.kill()
                p.wait()
    for e in errors:
        print('FAIL: ' + e)
    if errors:
        print(open(os.path.join(work, 'picowl.log')).read()[-3000:])
        sys.exit(1)
    shutil.rmtree(work, ignore_errors=True)
    print('OK')


if __name__ == '__main__':
    main()
