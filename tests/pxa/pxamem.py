"""
Where picowl's start time and memory go on the board (issue 19, item 4). The image's
/etc/default/picowl exports PICOWL_START_TRACE, so picowl writes its start phases on the console
(compositor/core/start_trace.h): the timeline is printed from exec to the first frame on screen,
in the guest's boot clock (/proc/uptime's; the exec time in 10 ms steps). The memory: picowl's
RSS by kind from /proc/PID/status (anonymous, file-backed: the libraries' pages it maps, shared
memory: the clients' buffers and the keymap), and where the kernel has /proc/PID/smaps
(CONFIG_PROC_PAGE_MONITOR) its mappings summed by name.
"""
import os
import re

from pxabuild import say

TOP = 16

# Sums Rss and Anonymous of /proc/PID/smaps by mapping name (anonymous mappings as [anon]).
SMAPS = (r"""awk '/^[0-9a-f]+-[0-9a-f]+ / { n = ($6 == "") ? "[anon]" : $6; next } """
         r"""/^Rss:/ { r[n] += $2 } /^Anonymous:/ { a[n] += $2 } """
         r"""END { for (n in r) if (r[n] > 0) print r[n], a[n], n }' /proc/$(pidof picowl)/smaps """
         r"""| sort -rn | head -%d""" % TOP)


def timeline(work):
    """The phases picowl wrote, as (phase, seconds) in their order, from serial.log."""
    with open(os.path.join(work, 'serial.log'), errors='replace') as f:
        return [(m.group(1), float(m.group(2))) for m in
                (re.search(r'picowl: start: (\S+) (-?[\d.]+)', l) for l in f) if m]


def report(g, board, results):
    """Prints the start timeline and the memory breakdown; returns exec to first frame in ms."""
    phases = timeline(g.work)
    first = None
    if phases:
        t0 = phases[0][1]
        say('[%s] picowl start timeline (ms from exec): %s' % (board, ', '.join(
            '%s %d' % (p, round((t - t0) * 1000)) for p, t in phases)))
        frame = [t for p, t in phases if p == 'first-frame']
        first = round((frame[0] - t0) * 1000) if frame else None
    rollup = g.sh('grep -E "^(RssAnon|RssFile|RssShmem|VmData|VmExe|VmLib|VmPTE):" '
                  '/proc/$(pidof picowl)/status', check=False)
    say('[%s] picowl RSS by kind: %s' % (board, '; '.join(' '.join(l.split()) for l in rollup)))
    maps = []
    if 'SMAPS' in g.sh('[ -e /proc/$(pidof picowl)/smaps ] && echo SMAPS', check=False):
        maps = g.sh(SMAPS, check=False)
        say('[%s] picowl mappings by Rss (kB Rss, kB anonymous, name): %s' % (board, '; '.join(
            ' '.join(l.split()) for l in maps)))
    results['start_' + board] = (phases, rollup, maps)
    return first
