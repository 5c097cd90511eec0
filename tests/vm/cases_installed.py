"""The vm cases of the session as installed (decision 4.54): `meson install` of this build in
the image at its prefix, picowl started with no option and no user config, on DRM (bochs) and
on fbdev (vfb). The screen must hold the panel along the top and a terminal (Debian's foot,
started by picowl-terminal) in the tile; a handheld's buttons (vmtool's uinput device with a
d-pad and application keys, no letter) launch, move the focus, close and rotate, while a
keyboard's arrows reach the client."""

# picowl-panel's background and text, foot's background and text (RGB565 on the display).
PANEL_BG = (33, 48, 66)
PANEL_TEXT = (255, 255, 255)
FOOT_BG = (16, 16, 16)
FOOT_TEXT = (222, 223, 206)
TOLERANCE = 12
PANEL_HEIGHT = 16

# Debian's foot in /bin, with what it needs to draw: fontconfig's files, one monospace font and
# the C.UTF-8 locale.
TERMINAL = {'programs': ['foot'],
            'host_files': ['/etc/fonts', '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
                           '/usr/lib/locale/C.utf8']}

SESSION_START = '''
P=$(cat /installed)
mkdir -p /dev/pts && mount -t devpts devpts /dev/pts  # a terminal's pseudo-terminals
export HOME=/tmp SHELL=/bin/sh LC_ALL=C.UTF-8 WAYLAND_DISPLAY=wayland-0
ctl() { "$P/bin/picowl-ctl" "$@"; }
tiles() { # NAME: picowl-ctl tiles, one @@LOG line each
	ctl tiles | sed "s/^/@@LOG $1 /"
}
tiles_until() { # COUNT PATTERN SECONDS: until picowl-ctl tiles lists COUNT, one with PATTERN
	i=0
	while :; do
		ctl tiles > /tmp/tiles 2>/dev/null
		[ "$(grep -c . /tmp/tiles)" = "$1" ] && grep -q "$2" /tmp/tiles && return 0
		sleep 1; i=$((i+1))
		if [ $i -ge $3 ]; then
			echo "@@TIMEOUT tiles $1 $2"; sed "s/^/@@LOG timeout /" /tmp/tiles /tmp/picowl.log
			return 1
		fi
	done
}
# what meson install put in place, and nothing else: no option, no user config, not in PATH
"$P/bin/picowl" > /tmp/picowl.log 2>&1 &
PICOWL=$!
tiles_until 1 foot 90
sleep 6
'''

SESSION_STOP = '''
kill -TERM $PICOWL; wait $PICOWL; echo "@@STATUS picowl $?"
sed "s/^/@@LOG picowl /" /tmp/picowl.log
'''

# KEY_PROG1 launches, KEY_RIGHT (the d-pad's) focuses the next tile, KEY_PROG3 closes,
# KEY_PROG4 rotates; the keyboard's KEY_RIGHT goes to the client.
DRM_SCRIPT = '''
mkfifo /tmp/in.fifo
vmtool uinput /tmp/in.fifo > /tmp/uinput.log 2>&1 &
i=0; while ! grep -q ready /tmp/uinput.log && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
''' + SESSION_START + '''
dump inst-drm
tiles start
echo "button 148" > /tmp/in.fifo
tiles_until 2 focused 60
sleep 4
tiles launched
echo "button 106" > /tmp/in.fifo
sleep 1
tiles next
echo "button 202" > /tmp/in.fifo
tiles_until 1 foot 30
tiles closed
: > /tmp/client.state
ctl spawn vmclient /tmp/client.state follow > /dev/null
wait_for drawn 30
sleep 0.5
tiles client
echo "key 106" > /tmp/in.fifo
wait_for "key 106 0" 10
echo "button 106" > /tmp/in.fifo
sleep 1
tiles away
echo "button 203" > /tmp/in.fifo
i=0; while [ $(grep -c configured /tmp/client.state) -lt 2 ] && [ $i -lt 100 ]; do
	sleep 0.1; i=$((i+1))
done
sleep 4
dump inst-rotated
sed "s/^/@@STATE client /" /tmp/client.state
echo quit > /tmp/in.fifo
''' + SESSION_STOP

FBDEV_SCRIPT = '''
vmtool fbset /dev/fb0 240 320 16
''' + SESSION_START + '''
fbdump inst-fbdev
tiles start
''' + SESSION_STOP


# The installed sysvinit script (decision 4.59) with PICOWL_USER a user of the video group, as
# an administrator sets it up: the script in /etc/init.d, the user's files, the framebuffer's
# group as udev gives it. Two reloads through the script, each read back: the focused border
# turned red on the screen, then [power] idle_timeout from 0 to 3 turning the display off
# (picowl-ctl power status); a pid file the user forged to name another process is refused; an
# unknown PICOWL_USER fails the start at once, the reason in the log.
INIT_SCRIPT = '''
vmtool fbset /dev/fb0 240 320 16
P=$(cat /installed)
mkdir -p /dev/pts && mount -t devpts devpts /dev/pts
mkdir -p /etc/init.d /etc/default /home/user
printf 'root:x:0:0:root:/root:/bin/sh\\nuser:x:1000:1000:user:/home/user:/bin/sh\\n' > /etc/passwd
printf 'root:x:0:\\ntty:x:5:\\nvideo:x:44:user\\nuser:x:1000:\\n' > /etc/group
chown 1000:1000 /home/user
chgrp video /dev/fb0 && chmod 660 /dev/fb0
cp "$(grep '/init.d/picowl$' /installed-files)" /etc/init.d/picowl
INI=$(grep '/xdg/picowl/picowl.ini$' /installed-files)
printf '[power]\\nidle_timeout = 0\\n' >> "$INI"
printf 'PICOWL_USER=user\\nexport LC_ALL=C.UTF-8\\n' > /etc/default/picowl
export WAYLAND_DISPLAY=wayland-0 XDG_RUNTIME_DIR=/run/user/1000
ctl() { su -s /bin/sh -c "$P/bin/picowl-ctl $*" user; }  # picowl_control_v1: picowl's uid only
/etc/init.d/picowl start > /tmp/start.log 2>&1; echo "@@STATUS start $?"
i=0; while ! ctl tiles 2>/dev/null | grep -q foot && [ $i -lt 90 ]; do sleep 1; i=$((i+1)); done
sleep 4
ctl tiles | sed "s/^/@@LOG tiles /"
pid=$(cat /run/picowl.pid)
echo "@@LOG pid $pid $(pidof picowl) $(cat /proc/$pid/comm) $(stat -c %u /proc/$pid)"
/etc/init.d/picowl status > /dev/null; echo "@@STATUS status $?"
echo "@@LOG power before $(ctl power status)"
fbdump init-before
printf '[layout]\\nborder_focused = #ff0000\\n' >> "$INI"
/etc/init.d/picowl reload; echo "@@STATUS reload-border $?"
sleep 3
fbdump init-reloaded
sed -i 's/^idle_timeout = 0$/idle_timeout = 3/' "$INI"
/etc/init.d/picowl reload; echo "@@STATUS reload-power $?"
i=0; while [ "$(ctl power status)" != off ] && [ $i -lt 30 ]; do sleep 1; i=$((i+1)); done
echo "@@LOG power after $(ctl power status)"
sleep 1000 & victim=$!
su -s /bin/sh -c "echo $victim > /run/picowl.pid" user
/etc/init.d/picowl reload 2> /tmp/forged.log; echo "@@STATUS reload-forged $?"
echo "@@LOG forged $(kill -0 $victim && echo victim-alive) $(cat /tmp/forged.log)"
kill $victim; echo $pid > /run/picowl.pid
/etc/init.d/picowl stop > /dev/null; echo "@@STATUS stop $?"
echo "@@LOG after-stop [$(pidof picowl)]"
echo "@@LOG tty1 [$(tr -c '[:print:]' ' ' < /dev/vcs1 | grep -o 'picowl:' | head -n 1)]"
printf 'PICOWL_USER=nosuch\\n' > /etc/default/picowl
/etc/init.d/picowl start > /tmp/nosuch.log 2>&1; echo "@@STATUS start-nosuch $?"
echo "@@LOG nosuch [$(pidof picowl)] $(tr '\\n' ' ' < /tmp/nosuch.log)/ $(grep nosuch /var/log/picowl.log)"
sed "s/^/@@LOG start /" /tmp/start.log
sed "s/^/@@LOG picowl /" /var/log/picowl.log
'''


def red_pixels(img):
    return sum(1 for y in range(img.height) for x in range(img.width)
               if img.get(x, y)[0] > 200 and max(img.get(x, y)[1:]) < 60)


def check_init(r):
    errors = []
    status = r['status']
    for name, want in (('start', 0), ('status', 0), ('reload-border', 0), ('reload-power', 0),
                       ('reload-forged', 1), ('stop', 0), ('start-nosuch', 1)):
        if status.get(name) != want:
            errors.append('%s: status %s, want %d' % (name, status.get(name), want))
    log = r['log']
    pid = (log.get('pid') or [''])[0].split()
    print('pid file, pidof, comm, uid: %s' % pid)
    if len(pid) != 4 or pid[0] != pid[1] or pid[2] != 'picowl' or pid[3] != '1000':
        errors.append('the pid file does not hold picowl\'s pid, run as uid 1000: %s' % pid)
    tiles_now = log.get('tiles', [])
    if len(tiles_now) != 1 or 'foot' not in tiles_now[0]:
        errors.append('want one tile with foot: %s' % tiles_now)
    errors += check_screen(r, 'init-before')
    before, after = r['images'].get('init-before'), r['images'].get('init-reloaded')
    if before and after:
        reds = red_pixels(before), red_pixels(after)
        print('red pixels before and after the reload of border_focused: %d, %d' % reds)
        if reds[0] > 0 or reds[1] < 500:
            errors.append('reload did not turn the focused border red: %d, %d pixels' % reds)
    power = log.get('power', [])
    print('picowl-ctl power status: %s' % power)
    if power != ['before on', 'after off']:
        errors.append('reload did not set idle_timeout = 3 (power status %s)' % power)
    forged = (log.get('forged') or [''])[0]
    if 'victim-alive' not in forged or 'not running' not in forged:
        errors.append('a forged pid file was not refused: %s' % forged)
    said = log.get('picowl', [])
    reloads = [line for line in said if 'reloaded' in line and '/xdg/picowl/picowl.ini' in line]
    print('picowl\'s log: %d lines, %d reloads of the installed config' % (len(said), len(reloads)))
    if len(reloads) != 2 or not any('running on' in line for line in said):
        errors.append('the log file does not show picowl running and reloaded twice: %s'
                      % said[-20:])
    if log.get('after-stop') != ['[]']:
        errors.append('picowl still runs after stop: %s' % log.get('after-stop'))
    nosuch = (log.get('nosuch') or [''])[0]
    print('PICOWL_USER=nosuch: %s' % nosuch)
    if (not nosuch.startswith('[] ') or 'picowl did not start' not in nosuch
            or 'nosuch' not in nosuch.split('/ ')[-1]):
        errors.append('an unknown PICOWL_USER was not reported in the log: %s' % nosuch)
    if log.get('tty1') != ['[]']:
        errors.append('picowl wrote to tty1: %s' % log.get('tty1'))
    if r['timeouts']:
        errors.append('timed out waiting for: %s' % r['timeouts'])
    return errors


def near(p, c):
    return all(abs(a - b) <= TOLERANCE for a, b in zip(p, c))


def share(img, box, colour):
    """The share of `box`'s pixels (every other column) near `colour`, and their count."""
    x0, y0, x1, y1 = box
    n = sum(near(img.get(x, y), colour) for y in range(y0, y1) for x in range(x0, x1, 2))
    return n / (((x1 - x0 + 1) // 2) * (y1 - y0)), n


def check_screen(r, name, rotated=False):
    """The panel along the (logical) top, foot's background and its prompt in the tile."""
    img = r['images'].get(name)
    if img is None:
        return ['%s: no screen image' % name]
    w, h = img.width, img.height
    # rotated 90 clockwise: the logical top is the display's right edge
    panel = (w - PANEL_HEIGHT, 0, w, h) if rotated else (0, 0, w, PANEL_HEIGHT)
    tile = (4, 4, w - PANEL_HEIGHT - 4, h - 4) if rotated else (4, PANEL_HEIGHT + 4, w - 4, h - 4)
    errors = []
    bg, text = share(img, panel, PANEL_BG)[0], share(img, panel, PANEL_TEXT)[1]
    print('%s %dx%d: panel %.2f background, %d text pixels' % (name, w, h, bg, text))
    if bg < 0.5 or text < 20:
        errors.append('%s: no panel along the top (%.2f of its box is its background, %d '
                      'pixels its text; the corner is %s)' % (name, bg, text, img.get(2, 2)))
    bg, text = share(img, tile, FOOT_BG)[0], share(img, tile, FOOT_TEXT)[1]
    print('%s: tile %.2f foot background, %d text pixels' % (name, bg, text))
    if bg < 0.3 or text < 20:
        errors.append('%s: no terminal in the tile (%.2f of it is foot\'s background, %d '
                      'pixels its text; the middle is %s)' % (name, bg, text,
                                                              img.get(w // 2, h // 2)))
    return errors


def tiles(r, name):
    return r['log'].get(name, [])


def check_status_log(r):
    errors = []
    if r['status'].get('picowl') != 0:
        errors.append('picowl: exit status %s, want 0' % r['status'].get('picowl'))
    log = r['log'].get('picowl', [])
    for want in ('started picowl-panel', 'started picowl-terminal'):
        if not any(want in line for line in log):
            errors.append('picowl did not say "%s": %s' % (want, log[-20:]))
    if r['timeouts']:
        errors.append('timed out waiting for: %s' % r['timeouts'])
    return errors


def check_drm(r):
    errors = check_status_log(r)
    log = r['log'].get('picowl', [])
    if not any('auto:' in line and 'drm' in line for line in log):
        errors.append('auto did not take DRM: %s' % log[:10])
    errors += check_screen(r, 'inst-drm')
    start, launched = tiles(r, 'start'), tiles(r, 'launched')
    if len(start) != 1 or 'foot' not in start[0]:
        errors.append('at start: want one tile with foot, got %s' % start)
    if len(launched) != 2 or 'focused' not in launched[1]:
        errors.append('KEY_PROG1 did not start a second terminal, focused: %s' % launched)
    nxt = tiles(r, 'next')
    if len(nxt) != 2 or 'focused' not in nxt[0]:
        errors.append('the d-pad\'s Right did not focus the next tile: %s' % nxt)
    closed = tiles(r, 'closed')
    if len(closed) != 1:
        errors.append('KEY_PROG3 did not close the focused terminal: %s' % closed)
    client, away = tiles(r, 'client'), tiles(r, 'away')
    focused = [line for line in client if 'focused' in line]
    if not focused or 'foot' in focused[0]:
        errors.append('the test client did not take the focus: %s' % client)
    state = r['state'].get('client', [])
    if 'key 106 1' not in state:
        errors.append('the keyboard\'s Right did not reach the client: %s' % state)
    if sum(1 for s in state if s.startswith('key 106 ')) != 2:
        errors.append('the d-pad\'s Right reached the client: %s' % state)
    now = [line for line in away if 'focused' in line]
    if not now or 'foot' not in now[0]:
        errors.append('the d-pad\'s Right did not move the focus to foot: %s' % away)
    sizes = [tuple(int(v) for v in s.split()[1:3]) for s in state if s.startswith('configured')]
    if len(sizes) < 2 or (sizes[-1][0] > sizes[-1][1]) == (sizes[0][0] > sizes[0][1]):
        errors.append('KEY_PROG4 did not rotate the output (the client\'s sizes: %s)' % sizes)
    errors += check_screen(r, 'inst-rotated', rotated=True)
    return errors


def check_fbdev(r):
    errors = check_status_log(r)
    log = r['log'].get('picowl', [])
    if not any('auto:' in line and 'fbdev' in line for line in log):
        errors.append('auto did not take fbdev: %s' % log[:10])
    return errors + check_screen(r, 'inst-fbdev')


BOCHS = {'qemu': ['-device', 'VGA'], 'wait': '/dev/dri/card0'}

CASES = {
    'installed-drm': dict(BOCHS, **TERMINAL, install=True, script=DRM_SCRIPT, check=check_drm,
                          modules=[('bochs', ''), ('evdev', ''), ('uinput', '')], timeout=420),
    'installed-fbdev': dict(TERMINAL, install=True, qemu=[], script=FBDEV_SCRIPT,
                            check=check_fbdev, wait='/dev/fb0',
                            modules=[('vfb', 'vfb_enable=1 videomemorysize=4194304')],
                            timeout=300),
    'installed-init': dict(TERMINAL, install=True, qemu=[], script=INIT_SCRIPT,
                           check=check_init, wait='/dev/fb0',
                           modules=[('vfb', 'vfb_enable=1 videomemorysize=4194304')],
                           timeout=400),
}
