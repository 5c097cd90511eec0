"""Commit messages as wlroots, weston and sway write them, for every commit after b8bd88e (the
last commit before issue 31: `git rev-list b8bd88e..HEAD`):

  subject-form    the subject is not "component: summary" (component: lowercase words, digits,
                  and / . - _ , and spaces between words; then ": " and a summary)
  subject-length  the subject is over 72 characters
  body            no body: a blank line after the subject, then text (merge commits excepted)

Reported as <commit>:<line of the message>. When the source is not a git checkout, or b8bd88e is
not in its history (a shallow clone), it says so and passes: the CI clone has the history. Before
the real history it checks itself on the messages of a few planted commits.
Usage: check_commits.py [ROOT [BASE]].
"""

import re
import subprocess
import sys

import stylelib

BASE = 'b8bd88e'
MAX_SUBJECT = 72
SUBJECT = re.compile(r'^[a-z0-9][a-z0-9/._,-]*( [a-z0-9/._,-]+)*: \S')


def check_message(commit, message, parents):
	"""The violations of one commit's message."""
	found = []
	lines = message.rstrip('\n').split('\n')
	subject = lines[0] if lines else ''
	if not SUBJECT.match(subject):
		found.append((commit, 1, 'subject-form', '"%s" is not "component: summary" (e.g. '
			      '"input: request handlers named <object>_<request>")' % subject))
	if len(subject) > MAX_SUBJECT:
		found.append((commit, 1, 'subject-length', 'the subject has %d characters, at most %d'
			      % (len(subject), MAX_SUBJECT)))
	if parents < 2:
		if len(lines) < 2 or lines[1].strip():
			found.append((commit, 2, 'body', 'no blank line after the subject, then a body '
				      'saying why' if len(lines) > 1 else 'no body: a blank line, then '
				      'why (and any figure)'))
		elif not any(l.strip() for l in lines[2:]):
			found.append((commit, 3, 'body', 'no body after the blank line: say why'))
	return found


def git(root, *args):
	return subprocess.run(['git', '-C', root] + list(args), capture_output=True, text=True)


def commits(root, base):
	"""[(commit, message, number of parents)] of base..HEAD, or a reason why there are none."""
	try:
		r = git(root, 'rev-parse', '--is-inside-work-tree')
	except OSError:
		return None, 'git is not installed'
	if r.returncode != 0 or r.stdout.strip() != 'true':
		return None, '%s is not a git checkout%s' % (
			root, ' (%s)' % r.stderr.strip().splitlines()[0] if r.stderr.strip() else '')
	if git(root, 'cat-file', '-e', base + '^{commit}').returncode != 0:
		return None, 'commit %s is not in this clone (shallow?)' % base
	r = git(root, 'log', '--format=%H %P%x00%B%x01', '%s..HEAD' % base)
	if r.returncode != 0:
		return None, 'git log failed: %s' % r.stderr.strip()
	found = []
	for record in r.stdout.split('\x01'):
		record = record.lstrip('\n')
		if not record:
			continue
		head, _, message = record.partition('\x00')
		ids = head.split()
		found.append((ids[0][:12], message, len(ids) - 1))
	return found, None


def check(history):
	found = []
	for commit, message, parents in history:
		found += check_message(commit, message, parents)
	return found


SELF_HISTORY = [
	('good1', 'input: request handlers named <object>_<request>\n\nOne rule (issue 31).\n', 1),
	('good2', 'backends/drm, kms.c: split the atomic path\n\nWhy.\n\nMore.\n', 1),
	('good3', 'tests/style: check the commit subjects\n\nThe issue asks for it.\n', 1),
	('merge', 'tree: merge wt-style\n', 2),
	('form1', 'Fix the thing\n\nWhy.\n', 1),  # subject-form
	('form2', 'Input: capital component\n\nWhy.\n', 1),  # subject-form
	('form3', 'input:no space\n\nWhy.\n', 1),  # subject-form
	('long', 'layout: ' + 'x' * 65 + '\n\nWhy.\n', 1),  # subject-length (73)
	('nobody', 'layout: default border 2\n', 1),  # body
	('noblank', 'layout: default border 2\nthe why, glued on\n', 1),  # body
	('blank', 'layout: default border 2\n\n  \t\n', 1),  # body (line 3: blank)
]

SELF_EXPECTED = [
	('form1', 1, 'subject-form'),
	('form2', 1, 'subject-form'),
	('form3', 1, 'subject-form'),
	('long', 1, 'subject-length'),
	('nobody', 2, 'body'),
	('noblank', 2, 'body'),
	('blank', 3, 'body'),
]


def main():
	root = stylelib.project_root(sys.argv)
	base = sys.argv[2] if len(sys.argv) > 2 else BASE
	mistakes = stylelib.self_test('commits', {}, SELF_EXPECTED,
				      lambda _root: check(SELF_HISTORY),
				      planted='%d planted commit messages' % len(SELF_HISTORY))
	print()
	history, why = commits(root, base)
	if history is None:
		print('%s: the commit subjects are not checked here (the CI clone has the history)' %
		      why)
		return 1 if mistakes else 0
	found = check(history)
	return stylelib.finish(mistakes, found, '%d commits after %s checked' % (len(history), base))


if __name__ == '__main__':
	sys.exit(main())
