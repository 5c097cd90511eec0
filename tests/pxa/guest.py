"""
A guest of tests/pxa: qemu-system-arm with the kernel and an initramfs, its shell on the serial
line (one command a line, answered with its output and "@@R <status>"), its monitor (sendkey,
screendump) and the screendumps as Screens.
"""
import os
import queue
import re
import socket
import subprocess
import threading
import time

from pxabuild import fail

class Guest:
    def __init__(self, machine, zimage, initrd, append, work, extra=()):
        self.work = work
        self.mon_path = os.path.join(work, 'mon.sock')
        cmd = ['qemu-system-arm', '-M', machine, '-kernel', zimage, '-initrd', initrd,
               '-append', 'console=ttyS0,115200 rdinit=/init ' + append,
               '-display', 'none', '-serial', 'stdio', '-no-reboot',
               '-monitor', 'unix:%s,server=on,wait=off' % self.mon_path] + list(extra)
        self.log = open(os.path.join(work, 'serial.log'), 'w')
        self.qemu = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.mon = None

    def _reader(self):
        for raw in self.qemu.stdout:
            line = raw.decode(errors='replace').rstrip('\r\n')
            self.log.write(line + '\n')
            self.log.flush()
            self.lines.put(line)
        self.lines.put(None)

    def expect(self, pattern, timeout):
        """The lines up to one that matches; fails on timeout."""
        got = []
        deadline = time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.time()))
            except queue.Empty:
                line = None
            if line is None and time.time() >= deadline or line is None and self.qemu.poll() is not None:
                print('\n'.join(got[-40:]))
                fail('no %r from the guest in %d s' % (pattern, timeout))
            if line is None:
                continue
            got.append(line)
            m = re.search(pattern, line)
            if m:
                return got, m

    def sh(self, command, timeout=60, check=True):
        """Runs one shell command line in the guest: its output lines."""
        self.qemu.stdin.write((command + '\n').encode())
        self.qemu.stdin.flush()
        got, m = self.expect(r'^@@R (\d+)$', timeout)
        if check and m.group(1) != '0':
            print('\n'.join(got))
            fail('guest command failed (%s): %s' % (m.group(1), command))
        return got[:-1]

    def monitor(self, command):
        if self.mon is None:
            self.mon = socket.socket(socket.AF_UNIX)
            self.mon.connect(self.mon_path)
            self.mon.settimeout(5)
            self._prompt()
        self.mon.sendall((command + '\n').encode())
        return self._prompt()

    def _prompt(self):
        buf = b''
        while not buf.endswith(b'(qemu) '):
            buf += self.mon.recv(65536)
        return buf.decode(errors='replace')

    def screendump(self, name):
        path = os.path.join(self.work, name + '.ppm')
        if os.path.exists(path):
            os.unlink(path)
        self.monitor('screendump ' + path)
        for _ in range(50):
            if os.path.exists(path) and os.path.getsize(path) > 0:
                break
            time.sleep(0.1)
        time.sleep(0.2)
        return read_ppm(path)

    def stop(self):
        self.qemu.kill()
        self.qemu.wait()
        self.log.close()


def read_ppm(path):
    with open(path, 'rb') as f:
        data = f.read()
    m = re.match(rb'P6\s+(\d+)\s+(\d+)\s+(\d+)\s', data)
    return Screen(int(m.group(1)), int(m.group(2)), data[m.end():])


class Screen:
    def __init__(self, w, h, px):
        self.width, self.height, self.px = w, h, px

    def get(self, x, y):
        o = (y * self.width + x) * 3
        return tuple(self.px[o:o + 3])

    def share(self, colour, x0, y0, x1, y1):
        """The fraction of pixels in the box near `colour` (qemu drops the low bits of 565)."""
        hit = total = 0
        for y in range(y0, y1, 2):
            for x in range(x0, x1, 2):
                total += 1
                if all(abs(a - b) < 24 for a, b in zip(self.get(x, y), colour)):
                    hit += 1
        return hit / max(total, 1)

    def bbox(self, colour, box=None):
        """The bounding box of the pixels near `colour` (inside `box`), or None."""
        xs, ys = [], []
        x0, y0, x1, y1 = box or (0, 0, self.width, self.height)
        for y in range(y0, y1, 2):
            for x in range(x0, x1, 2):
                if all(abs(a - b) < 24 for a, b in zip(self.get(x, y), colour)):
                    xs.append(x)
                    ys.append(y)
        if not xs:
            return None
        return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def area(box):
    return 0 if box is None else (box[2] - box[0]) * (box[3] - box[1])
