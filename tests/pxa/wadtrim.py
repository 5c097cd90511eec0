"""
A WAD that plays one demo as the full IWAD does, small enough for the 32 MiB Zipit Z2.

  trim(iwad, demo, engine_dir) -> (bytes, report)

freedoom1.wad is 27 MB; qemu's z2 has 32 MiB of RAM, fixed, and no storage it can read (its SD
slot's DMA reads are blocked by qemu, RESULTS.md), so the game's data must sit in the ramfs. The
demo plays one map, and the engine loads only what that map shows, so everything else is
trimmed while the game's logic sees the same WAD:
- the other maps keep their marker lumps (the engine tells retail from shareware by them) and
  lose their data;
- every patch that no texture of the map uses (its walls, the sky, the other frames of the
  animated textures it shows and the other side of its switches, as the engine's own tables
  in p_spec.c and p_switch.c list them) becomes a blank patch of the same width, so the
  engine's texture setup still finds a valid patch for each name;
- every flat that none of its sectors shows (nor the other frames of their animations) becomes
  an empty lump: the engine reads a flat only to draw it;
- the full-screen pictures of the title, help, credit and ending screens, which a timedemo
  never shows, become blank pictures of the same size;
- the music, which this build never plays, and the sounds, which the Z2 run does not play
  (-nosound), become empty lumps.
Everything else (sprites, palettes, status bar, fonts, the intermission's pictures, TEXTURE1/2,
PNAMES) is kept.
"""
import re
import struct

SCREENS = ('TITLEPIC', 'CREDIT', 'HELP', 'HELP1', 'HELP2', 'VICTORY2', 'ENDPIC', 'PFUB1',
           'PFUB2', 'BOSSBACK')
MAP_LUMPS = ('THINGS', 'LINEDEFS', 'SIDEDEFS', 'VERTEXES', 'SEGS', 'SSECTORS', 'NODES',
             'SECTORS', 'REJECT', 'BLOCKMAP')


def read_wad(blob):
    magic, count, table = struct.unpack_from('<4sii', blob, 0)
    if magic not in (b'IWAD', b'PWAD'):
        raise ValueError('not a WAD')
    lumps = []
    for i in range(count):
        pos, size, raw = struct.unpack_from('<ii8s', blob, table + 16 * i)
        lumps.append([raw.rstrip(b'\0').decode('ascii').upper(), blob[pos:pos + size]])
    return magic, lumps


def write_wad(magic, lumps):
    data = bytearray(struct.pack('<4sii', magic, len(lumps), 0))
    table = bytearray()
    for name, body in lumps:
        table += struct.pack('<ii8s', len(data), len(body), name.encode())
        data += body
    struct.pack_into('<i', data, 8, len(data))
    return bytes(data + table)


def name8(b):
    return b.split(b'\0')[0].decode('ascii').upper()


def textures(lumps):
    """[(texture name, [patch names])] in the engine's order (TEXTURE1, then TEXTURE2)."""
    by = dict((n, b) for n, b in lumps)
    pn = by['PNAMES']
    pnames = [name8(pn[4 + 8 * i:12 + 8 * i]) for i in range(struct.unpack_from('<i', pn)[0])]
    out = []
    for lump in ('TEXTURE1', 'TEXTURE2'):
        t = by.get(lump)
        if t is None:
            continue
        for i in range(struct.unpack_from('<i', t)[0]):
            o = struct.unpack_from('<i', t, 4 + 4 * i)[0]
            count = struct.unpack_from('<h', t, o + 20)[0]
            out.append((name8(t[o:o + 8]), [pnames[struct.unpack_from('<h', t, o + 26 + 10 * p)[0]]
                                             for p in range(count)]))
    return out


def engine_tables(engine_dir):
    """The animations of textures and of flats [(first, last)], and the switch pairs, of the
    engine's source."""
    with open(engine_dir + '/p_spec.c') as f:
        defs = re.findall(r'\{\s*(true|false),\s*"(\w+)",\s*"(\w+)"', f.read())
    with open(engine_dir + '/p_switch.c') as f:
        switches = re.findall(r'\{\s*"(\w+)",\s*"(\w+)",\s*\d+\s*\}', f.read())
    return ([(a, b) for t, b, a in defs if t == 'true'],
            [(a, b) for t, b, a in defs if t == 'false'], switches)


def animated(used, order, anims):
    """`used` with every frame of the animations it shows, in the engine's `order`."""
    used = set(used)
    for first, last in anims:
        if first in order and last in order:
            frames = order[order.index(first):order.index(last) + 1]
            if used & set(frames):
                used |= set(frames)
    return used


def demo_map(lumps, demo):
    body = dict(lumps)[demo]
    version, skill, episode, mission = body[0], body[1], body[2], body[3]
    if version < 104:
        raise ValueError('%s: old demo format' % demo)
    return 'E%dM%d' % (episode, mission), skill


def blank_patch(body):
    """A patch of the same size whose columns are empty."""
    w, h, left, top = struct.unpack_from('<hhhh', body, 0)
    end = 8 + 4 * w
    return struct.pack('<hhhh', w, h, left, top) + b''.join(
        struct.pack('<i', end) for _ in range(w)) + b'\xff'


def trim(iwad, demo, engine_dir):
    with open(iwad, 'rb') as f:
        magic, lumps = read_wad(f.read())
    mapname, _ = demo_map(lumps, demo)
    names = [n for n, _ in lumps]
    at = names.index(mapname)
    level = dict(lumps[at + 1:at + 11])
    sides, sectors = level['SIDEDEFS'], level['SECTORS']
    used = {'SKY%s' % mapname[1]}
    for o in range(0, len(sides), 30):
        for field in (4, 12, 20):
            used.add(name8(sides[o + field:o + field + 8]))
    texlist = textures(lumps)
    order = [n for n, _ in texlist]
    anims, flat_anims, switches = engine_tables(engine_dir)
    used = animated(used, order, anims)
    flats = {'F_SKY1'}
    for o in range(0, len(sectors), 26):
        flats |= {name8(sectors[o + 4:o + 12]), name8(sectors[o + 12:o + 20])}
    first = names.index('F_START') if 'F_START' in names else names.index('FF_START')
    last = names.index('F_END') if 'F_END' in names else names.index('FF_END')
    flats = animated(flats, names[first:last], flat_anims)
    for a, b in switches:
        if a in used or b in used:
            used |= {a, b}
    keep = set()
    for name, patches in texlist:
        if name in used:
            keep |= set(patches)
    out, section, blanked, emptied, dropped = [], None, 0, 0, 0
    i = 0
    while i < len(lumps):
        name, body = lumps[i]
        if re.fullmatch(r'E\dM\d|MAP\d\d', name) and name != mapname:
            out.append([name, b''])
            i += 1
            while i < len(lumps) and lumps[i][0] in MAP_LUMPS:
                dropped += len(lumps[i][1])
                i += 1
            continue
        if name in ('P_START', 'PP_START', 'F_START', 'FF_START'):
            section = name[-7]
        elif name in ('P_END', 'PP_END', 'F_END', 'FF_END'):
            section = None
        elif section == 'P' and body and name not in keep:
            body = blank_patch(body)
            blanked += 1
        elif section == 'F' and body and name not in flats:
            emptied += len(body)
            body = b''
        elif section is None and name in SCREENS and body:
            body = blank_patch(body)
            blanked += 1
        elif section is None and (name.startswith('D_') or name.startswith('DS')
                                  or name.startswith('DP')) and body:
            emptied += len(body)
            body = b''
        out.append([name, body])
        i += 1
    blob = write_wad(magic, out)
    report = ('%s plays %s: %d textures (its walls, sky, animations, switches) and %d flats '
              'kept, %d unused patches and screens blanked, %d bytes of other maps and %d of '
              'flats, sound and music dropped; %d bytes in all'
              % (demo, mapname, len(used & set(order)), len(flats), blanked, dropped, emptied,
                 len(blob)))
    return blob, report


if __name__ == '__main__':
    import sys
    blob, report = trim(sys.argv[1], 'DEMO1', sys.argv[2])
    with open(sys.argv[3], 'wb') as f:
        f.write(blob)
    print(report)
