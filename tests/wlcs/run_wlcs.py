#!/usr/bin/env python3
"""Runs the WLCS runner over picowl's integration module with the tests filter.txt selects.

usage: run_wlcs.py RUNNER MODULE FILTER [--verbose] [--only GTEST_FILTER] [--preload LIB]

--preload LIB: LD_PRELOAD for the runner alone (the sanitizer runtime an ASan-built MODULE needs),
with lsan.supp for the runner's own leaks; a sanitizer's report in its output fails the run.

filter.txt: '+PATTERN' selects tests (gtest patterns), '-PATTERN  reason' leaves tests out and
must give its reason; '#' starts a comment. A crash of the runner fails the test it was running
and the run resumes with the tests left. Prints how many of the tests that apply passed, and a
closing line 'N passed, N failed'.
"""
import os
import re
import subprocess
import sys
import tempfile

RESULT = re.compile(r'^\[\s*(RUN|OK|FAILED|SKIP|SKIPPED)\s*\] ([^\s,]+)(?:,? .*)?$')
SANITIZER = re.compile(r'ERROR: \w+Sanitizer|runtime error:')


def read_filter(path):
    include, exclude = [], {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split('#', 1)[0].strip()
            if not line:
                continue
            if line[0] == '+':
                include.append(line[1:].strip())
            elif line[0] == '-':
                parts = line[1:].split(None, 1)
                if len(parts) < 2:
                    sys.exit(f'{path}:{number}: an excluded test needs its reason')
                exclude[parts[0]] = parts[1]
            else:
                sys.exit(f'{path}:{number}: expected +PATTERN or -PATTERN reason')
    return include, exclude


def list_tests(runner, module, gtest_filter, env):
    proc = subprocess.run([runner, module, '--gtest_list_tests', '--gtest_filter=' + gtest_filter],
                          env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f'{runner} --gtest_list_tests exited with {proc.returncode}:\n'
                 + proc.stdout[-2000:] + proc.stderr[-3000:])
    out = proc.stdout
    tests, suite = [], None
    for line in out.splitlines():
        if not line.strip() or line.startswith('Running') or line.startswith('Note'):
            continue
        if not line.startswith(' '):
            suite = line.split('#')[0].strip()
        else:
            tests.append(suite + line.split('#')[0].strip())
    return tests


def main():
    args = sys.argv[1:]
    verbose = '--verbose' in args
    only = None
    if '--only' in args:
        only = args[args.index('--only') + 1]
        del args[args.index('--only'):args.index('--only') + 2]
    preload = None
    if '--preload' in args:
        preload = args[args.index('--preload') + 1]
        del args[args.index('--preload'):args.index('--preload') + 2]
    args = [a for a in args if a != '--verbose']
    runner, module, filter_path = args[:3]

    include, exclude = read_filter(filter_path)
    env = dict(os.environ)
    env.pop('WAYLAND_DISPLAY', None)
    env['XDG_RUNTIME_DIR'] = tempfile.mkdtemp(prefix='picowl-wlcs-')
    if preload:
        env['LD_PRELOAD'] = preload
        # The suppressions name the runner's frames: only the slow unwinder gets past
        # libwayland-client (built without frame pointers); 8 frames reach the runner's.
        supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lsan.supp')
        lsan = ['suppressions=' + supp, 'fast_unwind_on_malloc=0', 'malloc_context_size=8']
        env['LSAN_OPTIONS'] = ':'.join(([env['LSAN_OPTIONS']] if env.get('LSAN_OPTIONS') else [])
                                       + lsan)

    positive = ':'.join(include) if only is None else only
    selected = list_tests(runner, module, positive, env)
    applicable_filter = positive + ('-' + ':'.join(exclude) if exclude else '')
    applicable = list_tests(runner, module, applicable_filter, env)
    # WLCS's own DISABLED_ tests never run without --gtest_also_run_disabled_tests.
    disabled = [t for t in applicable if 'DISABLED_' in t]
    applicable = [t for t in applicable if 'DISABLED_' not in t]
    excluded = [t for t in selected if t not in set(applicable) and t not in set(disabled)]

    results = {}
    crashed = []
    reports = []  # a sanitizer's lines, from its first to that runner's end
    while True:
        left = [t for t in applicable if t not in results]
        if not left:
            break
        # Resume after a crash with exactly the tests not yet run.
        gtest_filter = applicable_filter if not results else ':'.join(left)
        proc = subprocess.Popen([runner, module, '--gtest_filter=' + gtest_filter], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        running = None
        log = []
        reporting = False
        for line in proc.stdout:
            if verbose:
                sys.stdout.write(line)
            log.append(line)
            reporting = reporting or bool(SANITIZER.search(line))
            if reporting and len(reports) < 400:
                reports.append(line)
            m = RESULT.match(line.rstrip('\n'))
            if not m:
                continue
            state, name = m.groups()
            if state == 'RUN':
                running = name
                log = [line]
            elif name == running:
                results[name] = 'SKIPPED' if state == 'SKIP' else state
                if state == 'FAILED' and not verbose:
                    sys.stdout.write(''.join(log))
                running = None
        status = proc.wait()
        if running is not None:
            results[running] = 'FAILED'
            crashed.append(running)
            sys.stdout.write(''.join(log))
            print(f'*** {running}: the runner died (status {status}); resuming')
        elif not any(t in results for t in left):
            print(f'*** the runner ran none of the {len(left)} tests left (status {status})')
            for t in left:
                results[t] = 'FAILED'

    passed = [t for t in applicable if results.get(t) == 'OK']
    failed = [t for t in applicable if results.get(t) == 'FAILED']
    skipped = [t for t in applicable if results.get(t) == 'SKIPPED']
    for t in failed:
        print(f'FAILED: {t}' + (' (crashed)' if t in crashed else ''))
    counted = len(passed) + len(failed)
    # A test left out for a known bug still applies to picowl; one left out by design does not.
    import fnmatch
    bugs = [t for t in excluded
            if any(fnmatch.fnmatchcase(t, p) and r.startswith('KNOWN BUG')
                   for p, r in exclude.items())]
    print(f'WLCS: {len(passed)} of {counted + len(bugs)} applicable tests pass '
          f'({len(bugs)} left out as known bugs); {len(excluded) - len(bugs)} left out by design '
          f'and {len(skipped)} skipped by the runner (an extension picowl does not offer), '
          f'{len(disabled)} disabled in WLCS; reasons in {os.path.basename(filter_path)}')
    if reports:
        sys.stdout.write('a sanitizer reported:\n' + ''.join(reports))
    print(f'{len(passed)} passed, {len(failed)} failed')
    return 1 if failed or reports else 0


if __name__ == '__main__':
    sys.exit(main())
