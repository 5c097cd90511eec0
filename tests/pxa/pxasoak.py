"""
The soak of tests/robust on the emulated z2 (32 MiB): tests/robust's own client, cross-built,
makes 1,000 connections (connect, round trip, disconnect) and 10,000 commits of a mapped
toplevel next to the session's two clients; picowl's RSS and open descriptors after a warm-up
(the same loops, shorter) and after the soak must match: descriptors equal, RSS within
RSS_BOUND_KB (the bound of tests/robust/test_soak.py). Then robust-memory's clients at the
default budget (the image's config has no [limits]): the hog must get no_memory with picowl's
peak RSS under its RSS before + the budget + 1 MiB, and after CLIENTS clients at once (not 500:
with the session up the board has about 12 MB available) the RSS must come back within 1 MiB.
"""
from pxabuild import say

# the soak client, built and put in z2's image with the programs of every image
CLIENT = {'robust': 'tests/robust/robust', 'memory': 'tests/robust/memory'}
CONNECTIONS = 1000
COMMITS = 10000
RSS_BOUND_KB = 512
BUDGET_KB = 2048  # [limits] client_memory's default
SLACK_KB = 1024
CLIENTS = 100
ENV = 'WAYLAND_DISPLAY=wayland-0 XDG_RUNTIME_DIR=/run/user/0'


def state(g):
    """picowl's VmRSS (kB) and open descriptors, once the clients that went are processed."""
    out = g.sh('sleep 1; grep VmRSS /proc/$(pidof picowl)/status; '
               'ls /proc/$(pidof picowl)/fd | wc -l')
    return int(out[0].split()[1]), int(out[1].strip())


def loops(g, connections, commits, errors):
    """Both loops; the guest's milliseconds they took, or None after an error."""
    out = g.sh('t0=$(ms); echo %d | %s robust soak-connect && echo %d | %s robust soak-commit; '
               'echo "soak-ms $(( $(ms) - t0 ))"' % (connections, ENV, commits, ENV),
               timeout=300, check=False)
    done = [l for l in out if l.startswith('done')]
    if len(done) != 2:
        errors.append('soak: %d connections, %d commits did not finish: %s'
                      % (connections, commits, ' | '.join(out[-6:])))
        return None
    return int([l for l in out if l.startswith('soak-ms')][0].split()[1])


def run_soak(g, results, errors):
    if loops(g, 100, 1000, errors) is None:
        return
    rss0, fds0 = state(g)
    ms = loops(g, CONNECTIONS, COMMITS, errors)
    if ms is None:
        return
    rss1, fds1 = state(g)
    say('[z2] soak: %d connections and %d commits in %d ms (guest): picowl RSS %d kB after the '
        'warm-up, %d kB after (%+d), %d open fds, %d after'
        % (CONNECTIONS, COMMITS, ms, rss0, rss1, rss1 - rss0, fds0, fds1))
    results['soak_z2'] = (ms, rss0, rss1, fds0, fds1)
    if fds1 != fds0:
        errors.append('soak: picowl has %d open fds, %d before' % (fds1, fds0))
    if rss1 - rss0 > RSS_BOUND_KB:
        errors.append('soak: picowl RSS grew by %d kB, more than %d kB'
                      % (rss1 - rss0, RSS_BOUND_KB))
    run_budget(g, results, errors)


def run_budget(g, results, errors):
    rss0, _ = state(g)
    out = g.sh('echo 5 > /proc/$(pidof picowl)/clear_refs; %s memory hog; '
               'grep VmHWM /proc/$(pidof picowl)/status' % ENV, timeout=120, check=False)
    hog = [l for l in out if l.startswith('memory: hog')]
    peak = int([l for l in out if l.startswith('VmHWM')][0].split()[1])
    rss1, _ = state(g)
    say('[z2] budget: %s; picowl RSS %d kB before, peak %d kB (%+d), %d kB after'
        % (hog[0] if hog else 'no answer from the hog', rss0, peak, peak - rss0, rss1))
    if not hog or 'no_memory' not in hog[0]:
        errors.append('budget: the hog was not refused: %s' % ' | '.join(out[-4:]))
    if peak > rss0 + BUDGET_KB + SLACK_KB:
        errors.append('budget: picowl peaked at %d kB, over %d + %d + %d kB'
                      % (peak, rss0, BUDGET_KB, SLACK_KB))
    out = g.sh('%s memory clients %d; grep VmHWM /proc/$(pidof picowl)/status'
               % (ENV, CLIENTS), timeout=120, check=False)
    peak2 = int([l for l in out if l.startswith('VmHWM')][0].split()[1])
    rss2, _ = state(g)
    say('[z2] budget: %s; picowl RSS %d kB before, peak %d kB, %d kB after (%+d)'
        % (' '.join(l for l in out if l.startswith('memory:')), rss1, peak2, rss2, rss2 - rss1))
    results['budget_z2'] = (rss0, peak, rss1, peak2, rss2)
    if not any(('%d of %d clients mapped' % (CLIENTS, CLIENTS)) in l for l in out):
        errors.append('budget: not all %d clients mapped: %s' % (CLIENTS, ' | '.join(out[-4:])))
    if rss2 - rss1 > SLACK_KB:
        errors.append('budget: picowl kept %d kB after %d clients went, more than %d kB'
                      % (rss2 - rss1, CLIENTS, SLACK_KB))
