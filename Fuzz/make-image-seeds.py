#!/usr/bin/env python3
"""Writes Fuzz/seeds/image: small valid PNG, JPEG, GIF and WebP files of many kinds, and
regression inputs for the crash classes found in stb_image 2.27 (issue 14): JPEG Huffman tables
with impossible symbol counts, headers declaring huge sizes, and files cut short.

Needs python3, and cjpeg and cwebp (Debian: libjpeg-turbo-progs, webp). Run from the repository
root: python3 Fuzz/make-image-seeds.py
"""
import os
import struct
import subprocess
import tempfile
import zlib

OUT = "Fuzz/seeds/image"


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    return data


def pixels(width, height):
    """Four coloured quarters with a gradient, RGB."""
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            base = [(220, 30, 30), (30, 200, 40), (30, 60, 220), (240, 220, 20)][(x >= width // 2) + 2 * (y >= height // 2)]
            row.append(tuple((c + 7 * x + 3 * y) % 256 for c in base))
        rows.append(row)
    return rows


# PNG

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width, height, colour_type, depth, raw_rows, interlace=0, extra=b""):
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, interlace)
    raw = b"".join(b"\x00" + row for row in raw_rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def png_rows(rows, colour_type, depth):
    out = []
    for row in rows:
        if colour_type == 2:
            out.append(bytes(c for px in row for c in px))
        elif colour_type == 6:
            out.append(bytes(c for px in row for c in px + (200,)))
        elif colour_type == 0 and depth == 16:
            out.append(b"".join(struct.pack(">H", px[0] * 257) for px in row))
        elif colour_type == 0:
            out.append(bytes(px[0] for px in row))
    return out


def adam7(width, height, colour_type, depth, rows):
    """An interlaced PNG: the seven passes, each its own filtered sub-image."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = b""
    for x0, y0, dx, dy in passes:
        sub = [[rows[y][x] for x in range(x0, width, dx)] for y in range(y0, height, dy)]
        if sub and sub[0]:
            raw += b"".join(b"\x00" + r for r in png_rows(sub, colour_type, depth))
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 1)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def pngs():
    rows = pixels(16, 12)
    write("rgb.png", png(16, 12, 2, 8, png_rows(rows, 2, 8)))
    write("rgba.png", png(16, 12, 6, 8, png_rows(rows, 6, 8), extra=chunk(b"tEXt", b"Comment\x00tteok seed")))
    write("grey16.png", png(16, 12, 0, 16, png_rows(rows, 0, 16)))
    palette = bytes([220, 30, 30, 30, 200, 40, 30, 60, 220, 240, 220, 20])
    indexed = [bytes(((x >= 8) + 2 * (y >= 6)) for x in range(16)) for y in range(12)]
    write("palette-trns.png", png(16, 12, 3, 8, indexed, extra=chunk(b"PLTE", palette) + chunk(b"tRNS", b"\xff\x80")))
    write("interlaced.png", adam7(13, 9, 2, 8, pixels(13, 9)))
    # Regression: huge declared sizes with valid CRCs, and a tiny IDAT.
    for name, (w, h) in {"huge-2g.png": (0x7FFFFFFF, 0x7FFFFFFF), "huge-100k.png": (100000, 100000),
                         "huge-7000.png": (7000, 7000)}.items():
        header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
        write("regression-" + name, b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
              + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
    whole = open(os.path.join(OUT, "rgba.png"), "rb").read()
    write("regression-truncated.png", whole[: len(whole) // 2])
    write("regression-no-iend.png", whole[:-12])


# JPEG

def ppm(width, height):
    return b"P6\n%d %d\n255\n" % (width, height) + bytes(c for row in pixels(width, height) for px in row for c in px)


def jpegs():
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "in.ppm")
        with open(source, "wb") as f:
            f.write(ppm(24, 16))
        kinds = {"baseline.jpg": [], "progressive.jpg": ["-progressive"], "grey.jpg": ["-grayscale"],
                 "restart.jpg": ["-restart", "1", "-optimize"], "arithmetic.jpg": ["-arithmetic"],
                 "sampled-444.jpg": ["-sample", "1x1"]}
        for name, options in kinds.items():
            data = subprocess.run(["cjpeg", "-quality", "60", *options, source], check=True, capture_output=True).stdout
            write(name, data)
    base = bytearray(open(os.path.join(OUT, "baseline.jpg"), "rb").read())
    dht = base.index(b"\xff\xc4")
    # Regression (CVE-2022-28041/28042 class): a Huffman table whose 16 counts add up past the
    # 256 symbols a table can hold, then one whose counts cannot form a prefix code.
    over = bytearray(base)
    over[dht + 5:dht + 5 + 16] = bytes([255] * 16)
    write("regression-huffman-counts.jpg", bytes(over))
    oversubscribed = bytearray(base)
    oversubscribed[dht + 5:dht + 5 + 16] = bytes([3, 7] + [0] * 14)
    write("regression-huffman-oversubscribed.jpg", bytes(oversubscribed))
    sof = base.index(b"\xff\xc0")
    huge = bytearray(base)
    huge[sof + 5:sof + 9] = struct.pack(">HH", 65500, 65500)
    write("regression-huge-jpeg.jpg", bytes(huge))
    zero = bytearray(base)
    zero[sof + 5:sof + 9] = struct.pack(">HH", 0, 16)
    write("regression-zero-height.jpg", bytes(zero))
    write("regression-truncated.jpg", bytes(base[: len(base) // 2]))
    progressive = open(os.path.join(OUT, "progressive.jpg"), "rb").read()
    write("regression-truncated-progressive.jpg", progressive[: len(progressive) * 2 // 3])


# GIF

def lzw_literal(indices, min_code=8):
    """Literal codes only, a clear code before the table would grow past 9 bits."""
    clear, end = 1 << min_code, (1 << min_code) + 1
    codes, since = [clear], 0
    for index in indices:
        if since == 254:
            codes.append(clear)
            since = 0
        codes.append(index)
        since += 1
    codes.append(end)
    bits, value, filled = bytearray(), 0, 0
    for code in codes:
        value |= code << filled
        filled += 9
        while filled >= 8:
            bits.append(value & 0xFF)
            value >>= 8
            filled -= 8
    if filled:
        bits.append(value)
    blocks = b"".join(bytes([len(bits[i:i + 255])]) + bits[i:i + 255] for i in range(0, len(bits), 255))
    return bytes([min_code]) + blocks + b"\x00"


def gif(width, height, frames, screen=None, interlace=False, transparent=None):
    sw, sh = screen or (width, height)
    palette = bytes([220, 30, 30, 30, 200, 40, 30, 60, 220, 240, 220, 20]) + bytes(3 * 252)
    out = b"GIF89a" + struct.pack("<HHBBB", sw, sh, 0xF7, 0, 0) + palette
    for frame in frames:
        if transparent is not None:
            out += b"\x21\xf9\x04\x01\x0a\x00" + bytes([transparent]) + b"\x00"
        out += b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0x40 if interlace else 0) + lzw_literal(frame)
    return out + b"\x3b"


def gifs():
    quarters = [(x >= 8) + 2 * (y >= 5) for y in range(10) for x in range(16)]
    write("quarters.gif", gif(16, 10, [quarters]))
    write("animated-transparent.gif", gif(16, 10, [quarters, list(reversed(quarters))], transparent=1))
    write("interlaced.gif", gif(16, 10, [quarters], interlace=True))
    write("regression-huge-screen.gif", gif(1, 1, [[0]], screen=(65535, 65535)))
    write("regression-frame-outside-screen.gif", gif(120, 120, [[1] * 14400], screen=(4, 4)))
    whole = open(os.path.join(OUT, "quarters.gif"), "rb").read()
    write("regression-truncated.gif", whole[: len(whole) // 2])


# WebP

def webps():
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "in.ppm")
        with open(source, "wb") as f:
            f.write(ppm(20, 12))
        for name, options in {"lossy.webp": ["-q", "50"], "lossless.webp": ["-lossless"]}.items():
            out = os.path.join(tmp, name)
            subprocess.run(["cwebp", "-quiet", *options, source, "-o", out], check=True)
            write(name, open(out, "rb").read())
    whole = open(os.path.join(OUT, "lossy.webp"), "rb").read()
    write("regression-truncated.webp", whole[: len(whole) // 2])


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    pngs()
    jpegs()
    gifs()
    webps()
