"""A newc archive (the initramfs format) written by hand, for the vm and pxa images."""

import os
import stat


class Cpio:
    """A newc archive written by hand: no cpio program, no root needed."""

    def __init__(self):
        self.out = bytearray()
        self.ino = 1
        self.seen = set()

    def _entry(self, name, mode, data=b'', rdev=(0, 0)):
        name = name.lstrip('/')
        fields = [self.ino, mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1],
                  len(name) + 1, 0]
        self.ino += 1
        hdr = b'070701' + b''.join(b'%08X' % v for v in fields)
        self.out += hdr + name.encode() + b'\0'
        self.out += b'\0' * ((4 - len(self.out) % 4) % 4)
        self.out += data
        self.out += b'\0' * ((4 - len(self.out) % 4) % 4)

    def dir(self, path):
        parts = path.strip('/').split('/')
        for i in range(1, len(parts) + 1):
            p = '/'.join(parts[:i])
            if p and p not in self.seen:
                self.seen.add(p)
                self._entry(p, stat.S_IFDIR | 0o755)

    def file(self, path, data, mode=0o755):
        self.dir(os.path.dirname(path))
        if path.strip('/') not in self.seen:
            self.seen.add(path.strip('/'))
            self._entry(path, stat.S_IFREG | mode, data)

    def symlink(self, path, target):
        self.dir(os.path.dirname(path))
        if path.strip('/') not in self.seen:
            self.seen.add(path.strip('/'))
            self._entry(path, stat.S_IFLNK | 0o777, target.encode())

    def node(self, path, major, minor):
        self.dir(os.path.dirname(path))
        self._entry(path, stat.S_IFCHR | 0o600, rdev=(major, minor))

    def host_file(self, path, dest=None):
        """A host file with every symlink on its way kept, so the loader finds it."""
        dest = dest or path
        if os.path.islink(path):
            target = os.readlink(path)
            self.symlink(dest, target)
            self.host_file(os.path.normpath(os.path.join(os.path.dirname(path), target)))
            return
        with open(path, 'rb') as f:
            self.file(dest, f.read(), os.stat(path).st_mode & 0o777)

    def host_tree(self, root):
        for d, _, files in os.walk(root):
            for name in files:
                self.host_file(os.path.join(d, name))

    def finish(self):
        self._entry('TRAILER!!!', 0)
        return bytes(self.out)
