"""Every C file of the project is as .clang-format lays it out (STYLE.md): clang-format
--dry-run over the files git tracks, or over the source folders outside a git checkout. Names
each file that differs and fails; a missing clang-format fails too, with the package to install.
"""

import os
import shutil
import subprocess
import sys

FOLDERS = ('backends', 'clients', 'compositor', 'protocol', 'tests')


def sources(root):
	try:
		out = subprocess.run(['git', 'ls-files', '*.c', '*.h'], cwd=root, check=True,
				     capture_output=True, text=True).stdout.split()
		if out:
			return out
	except (OSError, subprocess.CalledProcessError):
		pass
	found = []
	for folder in FOLDERS:
		for dirpath, _, files in os.walk(os.path.join(root, folder)):
			found += [os.path.relpath(os.path.join(dirpath, f), root) for f in files
				  if f.endswith(('.c', '.h'))]
	return sorted(found)


def main():
	root = sys.argv[1]
	tool = shutil.which('clang-format')
	if not tool:
		print('clang-format not found: install the Debian package clang-format')
		return 1
	files = sources(root)
	bad = []
	for f in files:
		r = subprocess.run([tool, '--dry-run', '-Werror', f], cwd=root, capture_output=True,
				   text=True)
		if r.returncode != 0:
			bad.append(f)
	for f in bad:
		print('not formatted: %s (clang-format -i %s)' % (f, f))
	print('%d files checked, %d not formatted' % (len(files), len(bad)))
	return 1 if bad else 0


if __name__ == '__main__':
	sys.exit(main())
