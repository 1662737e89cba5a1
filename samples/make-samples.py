#!/usr/bin/env python3
"""Regenerate samples/sprites/ from Dungeon Crawl Stone Soup tiles plus a few made PNGs.

Usage:
    python3 samples/make-samples.py [CRAWL_TILES_DIR]

CRAWL_TILES_DIR defaults to /usr/share/crawl/dat/tiles, where Debian's
crawl-tiles-data package (version 2:0.28.0-1.1) puts the tile atlases.

Two kinds of file are written to samples/sprites/:

* crawl-*.png: single sprites cut from the crawl atlases (player.png holds the
  monsters, main.png the items).  The atlases are packed: every tile was trimmed
  to its bounding box and the boxes placed side by side, so there is no fixed
  32x32 grid.  Each entry of CRAWL_SPRITES therefore gives the box
  (atlas, x, y, w, h, name); the box is copied unchanged into the middle of a
  transparent 32x32 canvas and written as 8-bit RGBA.
* made-*.png: drawn here, one per PNG feature that the crawl sprites do not
  use (palette + tRNS, 1-bit, 16-bit, Adam7, grey + alpha, colour key, ...).

Only the Python 3 standard library is used.  The output is deterministic:
fixed zlib level, fixed filter choice, no timestamps or other ancillary chunks,
so a re-run with the same zlib gives byte-identical files.  Every file written
is read back with the reader below and compared with the pixels intended.
"""

import math
import os
import struct
import sys
import zlib

DEFAULT_TILES = "/usr/share/crawl/dat/tiles"
HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "sprites")
ZLIB_LEVEL = 9
CELL = 32  # crawl sprites are padded to CELL x CELL

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# Adam7 passes: (x start, y start, x step, y step).
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

# Sprite boxes in crawl-tiles-data 0.28.0: (atlas, x, y, width, height, output name).
# Every box is the exact bounding box of one tile's opaque pixels, so no pixel of
# a neighbouring tile is copied.
CRAWL_SPRITES = [
    # Monsters and characters (player.png).
    ("player.png", 191, 694, 32, 31, "crawl-brown-bat"),
    ("player.png", 487, 694, 29, 31, "crawl-red-butterfly"),
    ("player.png", 545, 694, 29, 31, "crawl-purple-butterfly"),
    ("player.png", 341, 742, 28, 29, "crawl-green-lizard"),
    ("player.png", 587, 742, 28, 25, "crawl-tan-rodent"),
    ("player.png", 834, 742, 32, 32, "crawl-red-brain-spider"),
    ("player.png", 866, 742, 29, 25, "crawl-grey-spider"),
    ("player.png", 367, 774, 32, 32, "crawl-orange-wasp"),
    ("player.png", 399, 774, 32, 32, "crawl-blue-wasp"),
    ("player.png", 795, 998, 28, 30, "crawl-yellow-banded-snake"),
    ("player.png", 311, 1030, 32, 31, "crawl-fire-vortex"),
    ("player.png", 343, 1030, 29, 29, "crawl-water-elemental"),
    ("player.png", 897, 1030, 32, 31, "crawl-white-whirlwind"),
    ("player.png", 492, 1094, 27, 29, "crawl-red-devil"),
    ("player.png", 610, 1158, 28, 31, "crawl-golden-idol"),
    ("player.png", 744, 1190, 32, 32, "crawl-purple-wizard"),
    ("player.png", 525, 1222, 27, 31, "crawl-blue-knight"),
    ("player.png", 623, 1254, 32, 32, "crawl-blue-dragon"),
    ("player.png", 538, 1510, 32, 32, "crawl-purple-shadow"),
    ("player.png", 703, 1510, 22, 27, "crawl-cyan-ghost"),
    ("player.png", 546, 1622, 27, 30, "crawl-skeleton"),
    ("player.png", 246, 1654, 19, 30, "crawl-ice-elemental"),
    ("player.png", 338, 1814, 32, 26, "crawl-octopus"),
    ("player.png", 688, 1846, 25, 30, "crawl-cyan-mermaid"),
    ("player.png", 53, 1877, 31, 29, "crawl-black-cat"),
    ("player.png", 198, 1877, 29, 29, "crawl-ginger-cat"),
    # Items and effects (main.png).
    ("main.png", 63, 0, 32, 32, "crawl-green-amulet"),
    ("main.png", 290, 319, 30, 29, "crawl-gold-armour"),
    ("main.png", 410, 288, 30, 30, "crawl-green-robe"),
    ("main.png", 893, 349, 31, 29, "crawl-brown-gloves"),
    ("main.png", 216, 413, 29, 29, "crawl-green-melon"),
    ("main.png", 350, 288, 30, 29, "crawl-red-robe"),
    ("main.png", 450, 349, 29, 21, "crawl-blue-wizard-hat"),
    ("main.png", 245, 413, 23, 28, "crawl-purple-grapes"),
    ("main.png", 268, 413, 24, 21, "crawl-lemon"),
    ("main.png", 870, 626, 30, 30, "crawl-rainbow-horn"),
    ("main.png", 123, 841, 31, 24, "crawl-blue-magic-burst"),
    ("main.png", 209, 841, 31, 24, "crawl-fireball"),
]

# CRC-32 of every cut box's RGBA bytes in the order above, so that a different
# crawl version (whose atlases are packed differently) is caught, not cut wrongly.
# After editing CRAWL_SPRITES, set it to the value the error message reports.
EXPECTED_CUT_CRC = 0x1DA759E4


# --------------------------------------------------------------------------
# PNG reading (enough for any valid PNG: all colour types, depths, Adam7).
# --------------------------------------------------------------------------

class PNGError(Exception):
    pass


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(ftype, line, prev, bpp):
    """Undo one scanline's filter; line and prev are bytearrays of equal length."""
    n = len(line)
    if ftype == 0:
        return line
    if ftype == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 255
    elif ftype == 2:
        for i in range(n):
            line[i] = (line[i] + prev[i]) & 255
    elif ftype == 3:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
    elif ftype == 4:
        for i in range(n):
            if i >= bpp:
                line[i] = (line[i] + _paeth(line[i - bpp], prev[i], prev[i - bpp])) & 255
            else:
                line[i] = (line[i] + prev[i]) & 255
    else:
        raise PNGError("bad filter type %d" % ftype)
    return line


def _unpack_samples(line, count, bit_depth):
    """The first `count` samples of a scanline, as ints."""
    if bit_depth == 8:
        return list(line[:count])
    if bit_depth == 16:
        return list(struct.unpack(">%dH" % count, bytes(line[:2 * count])))
    per_byte = 8 // bit_depth
    mask = (1 << bit_depth) - 1
    out = []
    for i in range(count):
        byte = line[i // per_byte]
        shift = 8 - bit_depth * (i % per_byte + 1)
        out.append((byte >> shift) & mask)
    return out


class PNGImage:
    """A decoded PNG: header fields, PLTE/tRNS, and the pixels as sample tuples."""

    def __init__(self, width, height, bit_depth, colour_type, interlace,
                 palette, trns, pixels):
        self.width, self.height = width, height
        self.bit_depth, self.colour_type, self.interlace = bit_depth, colour_type, interlace
        self.palette, self.trns = palette, trns
        self.pixels = pixels  # pixels[y][x] is a tuple of samples


def read_png(path, rows_needed=None):
    """Decode a PNG file. rows_needed (non-interlaced only) stops after that many rows."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != PNG_SIGNATURE:
        raise PNGError("%s: not a PNG file" % path)
    pos, idat, header, palette, trns = 8, [], None, None, None
    while pos < len(data):
        if pos + 8 > len(data):
            raise PNGError("%s: truncated chunk" % path)
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(ctype + body) != crc:
            raise PNGError("%s: bad CRC in %r" % (path, ctype))
        pos += 12 + length
        if ctype == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif ctype == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, length, 3)]
        elif ctype == b"tRNS":
            trns = bytes(body)
        elif ctype == b"IDAT":
            idat.append(body)
        elif ctype == b"IEND":
            break
    if header is None or not idat:
        raise PNGError("%s: missing IHDR or IDAT" % path)
    width, height, bit_depth, colour_type, _, _, interlace = header
    channels = CHANNELS[colour_type]
    bits_pp = channels * bit_depth
    bpp = max(1, bits_pp // 8)
    stream = zlib.decompress(b"".join(idat))
    pixels = [[None] * width for _ in range(height)]
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    offset = 0
    for x0, y0, dx, dy in passes:
        pw = (width - x0 + dx - 1) // dx if width > x0 else 0
        ph = (height - y0 + dy - 1) // dy if height > y0 else 0
        if pw == 0 or ph == 0:
            continue
        stride = (pw * bits_pp + 7) // 8
        prev = bytearray(stride)
        if rows_needed is not None and not interlace:
            ph = min(ph, rows_needed)
        for r in range(ph):
            if offset + 1 + stride > len(stream):
                raise PNGError("%s: image data too short" % path)
            ftype = stream[offset]
            line = _unfilter(ftype, bytearray(stream[offset + 1:offset + 1 + stride]), prev, bpp)
            offset += 1 + stride
            samples = _unpack_samples(line, pw * channels, bit_depth)
            row = pixels[y0 + r * dy]
            for c in range(pw):
                row[x0 + c * dx] = tuple(samples[c * channels:(c + 1) * channels])
            prev = line
    return PNGImage(width, height, bit_depth, colour_type, interlace, palette, trns, pixels)


# --------------------------------------------------------------------------
# PNG writing.
# --------------------------------------------------------------------------

def _chunk(ctype, body):
    return struct.pack(">I", len(body)) + ctype + body + struct.pack(">I", zlib.crc32(ctype + body))


def _pack_row(row, bit_depth):
    flat = [s for px in row for s in px]
    if bit_depth == 8:
        return bytes(flat)
    if bit_depth == 16:
        return struct.pack(">%dH" % len(flat), *flat)
    per_byte = 8 // bit_depth
    out = bytearray((len(flat) + per_byte - 1) // per_byte)
    for i, s in enumerate(flat):
        out[i // per_byte] |= s << (8 - bit_depth * (i % per_byte + 1))
    return bytes(out)


def _filter_row(ftype, line, prev, bpp):
    out = bytearray(len(line))
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        pred = (0, a, b, (a + b) >> 1, _paeth(a, b, c))[ftype]
        out[i] = (line[i] - pred) & 255
    return out


def _filtered(lines, bpp, adaptive):
    """Filter the scanlines of one pass: type 0 only, or the minimum-sum-of-absolute-
    differences choice among all five (ties go to the lower type)."""
    out, prev = bytearray(), bytes(len(lines[0])) if lines else b""
    for line in lines:
        if adaptive:
            best = None
            for ftype in range(5):
                cand = _filter_row(ftype, line, prev, bpp)
                cost = sum(v if v < 128 else 256 - v for v in cand)
                if best is None or cost < best[0]:
                    best = (cost, ftype, cand)
            out.append(best[1])
            out += best[2]
        else:
            out.append(0)
            out += line
        prev = line
    return bytes(out)


def write_png(path, pixels, colour_type, bit_depth, palette=None, trns=None,
              interlace=0, idat_size=None):
    """Write pixels[y][x] (tuples of samples) as a PNG with only critical chunks and tRNS.

    Palette and sub-byte images use filter type 0 (as the PNG spec recommends),
    all others the adaptive choice.  idat_size splits the data over several IDATs.
    """
    height, width = len(pixels), len(pixels[0])
    bpp = max(1, CHANNELS[colour_type] * bit_depth // 8)
    adaptive = colour_type != 3 and bit_depth >= 8
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    raw = bytearray()
    for x0, y0, dx, dy in passes:
        sub = [row[x0::dx] for row in pixels[y0::dy]]
        sub = [r for r in sub if r]
        if sub:
            raw += _filtered([_pack_row(r, bit_depth) for r in sub], bpp, adaptive)
    comp = zlib.compressobj(ZLIB_LEVEL, zlib.DEFLATED, 15, 9, zlib.Z_DEFAULT_STRATEGY)
    zdata = comp.compress(bytes(raw)) + comp.flush()
    out = bytearray(PNG_SIGNATURE)
    out += _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, bit_depth,
                                       colour_type, 0, 0, interlace))
    if palette is not None:
        out += _chunk(b"PLTE", bytes(v for rgb in palette for v in rgb))
    if trns is not None:
        out += _chunk(b"tRNS", bytes(trns))
    step = idat_size or len(zdata)
    for i in range(0, len(zdata), step):
        out += _chunk(b"IDAT", zdata[i:i + step])
    out += _chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(out)
    # Read it back: the reader must give exactly the samples written.
    back = read_png(path)
    if back.pixels != [list(r) for r in pixels]:
        raise PNGError("%s: read-back differs from the pixels written" % path)
    return len(out)


# --------------------------------------------------------------------------
# Crawl sprites.
# --------------------------------------------------------------------------

def cut_crawl_sprites(tiles_dir):
    atlases, crc, written = {}, 0, []
    for atlas, x, y, w, h, name in CRAWL_SPRITES:
        if atlas not in atlases:
            img = read_png(os.path.join(tiles_dir, atlas),
                           rows_needed=max(e[2] + e[4] for e in CRAWL_SPRITES if e[0] == atlas))
            if (img.colour_type, img.bit_depth, img.interlace) != (6, 8, 0):
                sys.exit("%s: expected 8-bit RGBA, non-interlaced" % atlas)
            atlases[atlas] = img
        img = atlases[atlas]
        if x + w > img.width or y + h > img.height or w > CELL or h > CELL:
            sys.exit("%s: box %r does not fit" % (atlas, (x, y, w, h)))
        box = [img.pixels[y + r][x:x + w] for r in range(h)]
        crc = zlib.crc32(bytes(v for row in box for px in row for v in px), crc)
        canvas = [[(0, 0, 0, 0)] * CELL for _ in range(CELL)]
        ox, oy = (CELL - w) // 2, (CELL - h) // 2
        for r in range(h):
            canvas[oy + r][ox:ox + w] = box[r]
        written.append((name + ".png", canvas))
    if EXPECTED_CUT_CRC is not None and crc != EXPECTED_CUT_CRC:
        sys.exit("The cut boxes give CRC %08x, expected %08x.\n"
                 "Either the tiles in %s are not those of crawl-tiles-data 0.28.0 (the boxes\n"
                 "in CRAWL_SPRITES are only valid for that version), or CRAWL_SPRITES was\n"
                 "edited and EXPECTED_CUT_CRC needs updating." %
                 (crc, EXPECTED_CUT_CRC, tiles_dir))
    for fname, canvas in written:
        write_png(os.path.join(OUT_DIR, fname), canvas, 6, 8)
    return crc, [f for f, _ in written]


# --------------------------------------------------------------------------
# Made sprites: small procedural drawings, one per PNG feature.
# --------------------------------------------------------------------------

def clamp01(v):
    return 0.0 if v < 0 else 1.0 if v > 1 else v


def mix(c1, c2, t):
    return tuple(a + (b - a) * t for a, b in zip(c1, c2))


def coverage(inside, x, y, n=4):
    """Fraction of pixel (x, y) inside the shape, by n x n supersampling."""
    hits = 0
    for j in range(n):
        for i in range(n):
            if inside(x + (i + 0.5) / n, y + (j + 0.5) / n):
                hits += 1
    return hits / (n * n)


def outline_indices(grid, outline_index, background=0):
    """Turn the edge of every non-background area into outline_index (4-neighbourhood)."""
    h, w = len(grid), len(grid[0])
    out = [row[:] for row in grid]
    for y in range(h):
        for x in range(w):
            if grid[y][x] == background:
                continue
            for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                if not (0 <= nx < w and 0 <= ny < h) or grid[ny][nx] == background:
                    out[y][x] = outline_index
                    break
    return out


def made_palette_trns_potion():
    """Colour type 3, 8-bit, PLTE + tRNS: transparent index 0, a semi-transparent glass
    and glint, and a tRNS shorter than PLTE (the last entries are implicitly opaque)."""
    palette = [(0, 0, 0), (24, 14, 32), (186, 32, 44), (236, 84, 70), (122, 16, 30),
               (196, 218, 236), (255, 255, 255), (156, 104, 60), (104, 66, 36)]
    trns = [0, 255, 255, 255, 255, 96, 210]  # indices 7, 8 (cork) are opaque
    w = h = 32
    grid = [[0] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            cx, cy = x + 0.5, y + 0.5
            body = (cx - 16) ** 2 + (cy - 20) ** 2 <= 10.5 ** 2
            neck = 12.5 <= cx <= 19.5 and 6 <= cy <= 12
            cork = 13 <= cx <= 19 and 2 <= cy < 6
            if cork:
                grid[y][x] = 7 if cx < 17 else 8
            elif body or neck:
                if cy >= 16:
                    d = math.hypot(cx - 13, cy - 18)
                    grid[y][x] = 3 if d < 3 else 4 if cx > 20 or cy > 27 else 2
                else:
                    grid[y][x] = 5
    grid = outline_indices(grid, 1)
    for x, y in ((11, 14), (10, 15), (10, 16), (14, 8)):
        grid[y][x] = 6
    return [[(i,) for i in row] for row in grid], dict(colour_type=3, bit_depth=8,
                                                      palette=palette, trns=trns)


def made_palette_4bit_gem():
    """Colour type 3, 4-bit, odd width (27): sub-byte packing with a half-used last byte."""
    palette = [(0, 0, 0), (10, 40, 24), (20, 90, 50), (30, 130, 70), (46, 170, 92),
               (80, 204, 120), (140, 232, 170), (220, 255, 230), (16, 64, 36),
               (60, 150, 84), (110, 190, 120)]
    trns = [0]
    w, h = 27, 27
    grid = [[0] * w for _ in range(h)]
    c = 13.5
    for y in range(h):
        for x in range(w):
            dx, dy = x + 0.5 - c, y + 0.5 - c
            if abs(dx) + abs(dy) * 0.9 > 12.5:
                continue
            ang = math.atan2(dy, dx)
            facet = int(((ang + math.pi) / (2 * math.pi)) * 8) % 8
            table = [3, 2, 8, 2, 4, 5, 6, 5]
            idx = table[facet]
            if abs(dx) + abs(dy) < 4.5:
                idx = 9 if dy > 0 else 10
            grid[y][x] = idx
    grid = outline_indices(grid, 1)
    grid[9][9] = grid[10][9] = grid[9][10] = 7
    return [[(i,) for i in row] for row in grid], dict(colour_type=3, bit_depth=4,
                                                      palette=palette, trns=trns)


def made_grey_1bit_skull():
    """Colour type 0, 1-bit, width 30 (rows end in a partly used byte): no alpha at all."""
    w, h = 30, 30
    pix = [[0] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            cx, cy = x + 0.5, y + 0.5
            head = (cx - 15) ** 2 / 11.5 ** 2 + (cy - 13) ** 2 / 10.5 ** 2 <= 1
            jaw = 8.5 <= cx <= 21.5 and 18 <= cy <= 26.5
            eye = min((cx - 10.5) ** 2 + (cy - 14) ** 2, (cx - 19.5) ** 2 + (cy - 14) ** 2) <= 3.2 ** 2
            nose = 19 <= cy <= 22 and abs(cx - 15) <= (cy - 18.5) * 0.7
            teeth = 24 <= cy <= 26.5 and int(cx) % 3 == 0 and 9 <= cx <= 21
            if (head or jaw) and not (eye or nose or teeth):
                pix[y][x] = 1
    return [[(v,) for v in row] for row in pix], dict(colour_type=0, bit_depth=1)


def made_palette_1bit_star():
    """Colour type 3, 1-bit, two palette entries, index 0 transparent through tRNS; 23x23."""
    w = h = 23
    pts = []
    for k in range(10):
        r = 11 if k % 2 == 0 else 4.6
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((11.5 + r * math.cos(a), 12 + r * math.sin(a)))

    def inside(px, py):
        hit, j = False, len(pts) - 1
        for i in range(len(pts)):
            (xi, yi), (xj, yj) = pts[i], pts[j]
            if (yi > py) != (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi:
                hit = not hit
            j = i
        return hit

    pix = [[(1 if inside(x + 0.5, y + 0.5) else 0,) for x in range(w)] for y in range(h)]
    return pix, dict(colour_type=3, bit_depth=1, palette=[(0, 0, 0), (150, 60, 200)], trns=[0])


def made_rgba_16bit_orb():
    """Colour type 6, 16-bit: smooth gradients whose low bytes matter (values are not
    multiples of 257), soft alpha edge, data split over several IDAT chunks."""
    w = h = 32
    pix = []
    for y in range(h):
        row = []
        for x in range(w):
            cx, cy = x + 0.5 - 16, y + 0.5 - 16
            d = math.hypot(cx, cy) / 13.0
            alpha = clamp01((1.0 - d) * 6.0)
            glow = clamp01(1.0 - math.hypot(cx + 4.5, cy + 5) / 9.0)
            base = mix((0.05, 0.16, 0.52), (0.18, 0.62, 0.93), clamp01(1.0 - d))
            rgb = mix(base, (0.97, 0.99, 1.0), glow ** 2)
            if d > 1.0:  # faint halo outside the orb
                alpha = 0.35 * clamp01((1.3 - d) / 0.3)
                rgb = (0.3, 0.7, 1.0)
            row.append(tuple(int(round(v * 65535)) for v in rgb) + (int(round(alpha * 65535)),))
        pix.append(row)
    return pix, dict(colour_type=6, bit_depth=16, idat_size=700)


def made_rgb_16bit_sunset():
    """Colour type 2, 16-bit, opaque: a sky tile, a sun and dark hills."""
    w = h = 24
    pix = []
    for y in range(h):
        row = []
        for x in range(w):
            t = (y + 0.5) / h
            rgb = mix((0.16, 0.10, 0.38), (0.98, 0.55, 0.22), t)
            sun = math.hypot(x + 0.5 - 15, y + 0.5 - 14)
            if sun < 5:
                rgb = mix((1.0, 0.93, 0.55), (1.0, 0.75, 0.30), sun / 5)
            hill = 18 + 2.5 * math.sin((x + 0.5) / 3.3)
            if y + 0.5 > hill:
                rgb = mix((0.10, 0.12, 0.16), (0.04, 0.05, 0.07), (y + 0.5 - hill) / 6)
            row.append(tuple(int(round(clamp01(v) * 65535)) for v in rgb))
        pix.append(row)
    return pix, dict(colour_type=2, bit_depth=16)


def made_wide_sword():
    """Non-square 48x16 RGBA: a horizontal sword with anti-aliased edges."""
    w, h = 48, 16
    pix = []
    for y in range(h):
        row = []
        for x in range(w):
            layers = []
            blade = coverage(lambda px, py: 14 <= px and
                             abs(py - 8) <= 2.2 - max(0.0, px - 40) * 0.45, x, y)
            if blade:
                shade = 0.55 + 0.45 * clamp01(1 - abs(y + 0.5 - 7.3) / 2.2)
                layers.append((blade, mix((120, 128, 140), (235, 240, 248), shade)))
            guard = coverage(lambda px, py: 11 <= px <= 14 and 2 <= py <= 14, x, y)
            if guard:
                layers.append((guard, (212, 168, 40) if y < 8 else (168, 122, 24)))
            grip = coverage(lambda px, py: 4 <= px <= 11 and 6.5 <= py <= 9.5, x, y)
            if grip:
                layers.append((grip, (110, 60, 30) if x % 2 else (86, 44, 22)))
            pommel = coverage(lambda px, py: (px - 3) ** 2 + (py - 8) ** 2 <= 2.6 ** 2, x, y)
            if pommel:
                layers.append((pommel, (200, 30, 40)))
            rgb, a = (0.0, 0.0, 0.0), 0.0
            for cov, col in layers:  # "over" compositing, straight alpha
                na = cov + a * (1 - cov)
                rgb = tuple((c * cov + o * a * (1 - cov)) / na for c, o in zip(col, rgb))
                a = na
            row.append(tuple(int(round(v)) for v in rgb) + (int(round(a * 255)),)
                       if a > 0 else (0, 0, 0, 0))
        pix.append(row)
    return pix, dict(colour_type=6, bit_depth=8)


def made_tall_torch():
    """Non-square 12x40 RGBA: a torch, flame with a partly transparent glow."""
    w, h = 12, 40
    pix = []
    for y in range(h):
        row = []
        for x in range(w):
            cx, cy = x + 0.5, y + 0.5
            if 4.5 <= cx <= 7.5 and 17 <= cy <= 39:
                c = (122, 74, 38) if cx < 6 else (92, 54, 28)
                if 18 <= cy <= 21:
                    c = (70, 70, 78)
                row.append(c + (255,))
                continue
            # Flame: a drop shape above the stick.
            fy = (cy - 4) / 13.0
            half = 4.8 * math.sin(math.pi * clamp01(fy)) ** 0.8 if 0 <= fy <= 1 else 0
            dx = abs(cx - 6)
            if dx <= half:
                t = dx / half if half else 1
                c = mix((255, 250, 200), (255, 140, 20), clamp01(t * 1.2 + (1 - fy) * 0.3))
                row.append(tuple(int(round(v)) for v in c) + (255,))
            elif dx <= half + 1.5 and half > 0:
                a = 1 - (dx - half) / 1.5
                row.append((255, 110, 20, int(round(a * 140))))
            else:
                row.append((0, 0, 0, 0))
        pix.append(row)
    return pix, dict(colour_type=6, bit_depth=8)


def made_solid_one_colour():
    """Colour type 2, 8-bit, every pixel the same opaque colour: exactly one colour."""
    return [[(46, 139, 87)] * 32 for _ in range(32)], dict(colour_type=2, bit_depth=8)


def made_interlaced_shield(w=31, h=29):
    """Adam7 interlaced RGBA, odd size so every pass has a ragged edge."""
    pix = []
    for y in range(h):
        row = []
        for x in range(w):
            def inside(px, py):
                u, v = (px - w / 2) / (w / 2 - 2), (py - 2) / (h - 4)
                if v < 0 or v > 1:
                    return False
                return abs(u) <= (1.0 if v < 0.55 else math.sqrt(max(0.0, 1 - ((v - 0.55) / 0.45) ** 2)))
            cov = coverage(inside, x, y)
            if cov == 0:
                # drop shadow, down-right, half transparent
                sh = coverage(lambda px, py: inside(px - 1.5, py - 1.5), x, y)
                row.append((0, 0, 0, int(round(sh * 110))) if sh else (0, 0, 0, 0))
                continue
            cx, cy = x + 0.5 - w / 2, y + 0.5
            edge = not all(inside(x + 0.5 + ox, y + 0.5 + oy)
                           for ox, oy in ((-1.5, 0), (1.5, 0), (0, -1.5), (0, 1.5)))
            if edge:
                c = (226, 184, 60)
            elif abs(cx) <= 2 or 11 <= cy <= 14:
                c = (236, 200, 70)
            else:
                c = (30, 64, 170) if (cx < 0) == (cy < 12.5) else (190, 30, 40)
            row.append(c + (int(round(cov * 255)),))
        pix.append(row)
    return pix, dict(colour_type=6, bit_depth=8, interlace=1)


def made_interlaced_tiny():
    """Adam7 interlaced 4x3 RGBA: too small for passes 2 and 3, which are empty."""
    o, r, y_, g = (0, 0, 0, 0), (210, 40, 40, 255), (250, 210, 60, 255), (60, 40, 30, 255)
    pix = [[o, g, g, o],
           [r, y_, r, r],
           [o, r, r, o]]
    return pix, dict(colour_type=6, bit_depth=8, interlace=1)


def made_grey_alpha_ghost():
    """Colour type 4 (grey + alpha), 8-bit: a ghost fading out towards its tail."""
    w = h = 32
    pix = []
    for y in range(h):
        row = []
        for x in range(w):
            def inside(px, py):
                if py < 16:
                    return (px - 16) ** 2 + (py - 14) ** 2 <= 10 ** 2
                wave = 1.6 * math.sin(px * 1.1 + py * 0.4)
                return abs(px - 16) <= 10 - (py - 16) * 0.25 and py <= 29 + wave
            cov = coverage(inside, x, y)
            if cov == 0:
                row.append((0, 0))
                continue
            cx, cy = x + 0.5, y + 0.5
            eye = min(math.hypot(cx - 12.5, cy - 13), math.hypot(cx - 19.5, cy - 13)) < 2.2
            mouth = (cx - 16) ** 2 / 9 + (cy - 19.5) ** 2 / 4 <= 1
            grey = 40 if eye or mouth else int(round(235 - 60 * clamp01((cx - 10) / 20)))
            fade = clamp01((31 - cy) / 10)
            a = cov * (0.45 + 0.55 * fade) if not (eye or mouth) else cov
            row.append((grey, int(round(a * 255))))
        pix.append(row)
    return pix, dict(colour_type=4, bit_depth=8)


def made_rgb_trns_colour_key():
    """Colour type 2, 8-bit, tRNS colour key: magenta (255, 0, 255) is transparent.
    A reader that ignores tRNS sees a mostly magenta picture."""
    w = h = 32
    key = (255, 0, 255)
    pix = []
    for y in range(h):
        row = []
        for x in range(w):
            cx, cy = x + 0.5, y + 0.5
            blob = ((cx - 16) ** 2 / 13.5 ** 2 + (cy - 22) ** 2 / 8.5 ** 2 <= 1 or
                    (cx - 16) ** 2 + (cy - 15) ** 2 <= 7.5 ** 2) and cy <= 29.5
            if not blob:
                row.append(key)
                continue
            t = clamp01((cy - 8) / 22)
            c = mix((150, 230, 90), (40, 120, 40), t)
            if math.hypot(cx - 12, cy - 13) < 2.2:
                c = (235, 255, 220)
            if min(math.hypot(cx - 13, cy - 19), math.hypot(cx - 20, cy - 19)) < 1.6:
                c = (16, 40, 16)
            row.append(tuple(int(round(v)) for v in c))
        pix.append(row)
    return pix, dict(colour_type=2, bit_depth=8, trns=struct.pack(">HHH", *key))


MADE = [
    ("made-palette-trns-potion.png", made_palette_trns_potion),
    ("made-palette-4bit-gem.png", made_palette_4bit_gem),
    ("made-grey-1bit-skull.png", made_grey_1bit_skull),
    ("made-palette-1bit-star.png", made_palette_1bit_star),
    ("made-rgba-16bit-orb.png", made_rgba_16bit_orb),
    ("made-rgb-16bit-sunset.png", made_rgb_16bit_sunset),
    ("made-wide-sword.png", made_wide_sword),
    ("made-tall-torch.png", made_tall_torch),
    ("made-solid-one-colour.png", made_solid_one_colour),
    ("made-interlaced-shield.png", made_interlaced_shield),
    ("made-interlaced-tiny.png", made_interlaced_tiny),
    ("made-grey-alpha-ghost.png", made_grey_alpha_ghost),
    ("made-rgb-trns-colour-key.png", made_rgb_trns_colour_key),
]


def main(argv):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        print(__doc__.strip())
        return 0 if len(argv) == 2 else 2
    tiles_dir = argv[1] if len(argv) == 2 else DEFAULT_TILES
    missing = [a for a in sorted({e[0] for e in CRAWL_SPRITES})
               if not os.path.isfile(os.path.join(tiles_dir, a))]
    if missing:
        sys.exit("Crawl tile atlases not found in %s (missing: %s).\n"
                 "Install them with:  sudo apt-get install crawl-tiles-data\n"
                 "or pass the tiles folder:  python3 %s /path/to/dat/tiles" %
                 (tiles_dir, ", ".join(missing), os.path.relpath(__file__)))
    os.makedirs(OUT_DIR, exist_ok=True)
    crc, crawl_files = cut_crawl_sprites(tiles_dir)
    for fname, make in MADE:
        pixels, opts = make()
        write_png(os.path.join(OUT_DIR, fname), pixels, **opts)
    # Drop PNGs left over from an older list, so the folder holds exactly these files.
    expected = set(crawl_files) | {n for n, _ in MADE}
    for f in sorted(os.listdir(OUT_DIR)):
        if f.endswith(".png") and f not in expected:
            os.remove(os.path.join(OUT_DIR, f))
            print("removed stale %s" % f)
    print("wrote %d crawl sprites and %d made files to %s (cut CRC %08x)" %
          (len(crawl_files), len(MADE), os.path.relpath(OUT_DIR), crc))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
