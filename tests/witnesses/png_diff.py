#!/usr/bin/env python3
"""Compare two PNG screenshots with a tolerance (Python 3 stdlib only: zlib + struct).

usage: png_diff.py GOLDEN.png ACTUAL.png [--mean 4.0] [--bad 0.03]

Decodes 8-bit RGB/RGBA (colour types 2, 6), grey (0) and grey+alpha (4), non-interlaced, all
five filters. Passes (exit 0) when the images have the same size, the mean absolute difference
per channel is at most --mean (of 255) and the share of pixels differing by more than 64 in
some channel is at most --bad. Prints the numbers either way; exit 1 on a mismatch, 2 on a
file it cannot read. Used by tests/witnesses/html_test.cpp (the viewer's golden screenshots).
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    pos, idat, w = 8, [], None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace != 0 or ctype not in (0, 2, 4, 6):
                raise ValueError(path + ": unsupported PNG (depth %d, type %d, interlace %d)"
                                 % (depth, ctype, interlace))
            bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    out = bytearray(h * stride)
    prev = bytearray(stride)
    p = 0
    for y in range(h):
        ft = raw[p]
        line = bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        if ft == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ft == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif ft == 3:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((a + prev[i]) >> 1)) & 255
        elif ft == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    # to RGB
    if bpp == 3:
        rgb = bytes(out)
    else:
        rgb = bytearray()
        for i in range(0, len(out), bpp):
            if bpp in (1, 2):
                rgb += bytes((out[i],) * 3)
            else:
                rgb += out[i:i + 3]
        rgb = bytes(rgb)
    return w, h, rgb


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    opts = dict(zip(argv[1:], argv[2:]))
    max_mean = float(opts.get("--mean", 4.0))
    max_bad = float(opts.get("--bad", 0.03))
    if len(args) < 2:
        print(__doc__)
        return 2
    # the option values are positional-looking too: the first two non-option words are files
    try:
        w1, h1, a = read_png(args[0])
        w2, h2, b = read_png(args[1])
    except (OSError, ValueError, zlib.error) as e:
        print("png_diff: " + str(e))
        return 2
    if (w1, h1) != (w2, h2):
        print("png_diff: size %dx%d != %dx%d" % (w1, h1, w2, h2))
        return 1
    total = 0
    bad = 0
    for i in range(0, len(a), 3):
        d0, d1, d2 = abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])
        total += d0 + d1 + d2
        if d0 > 64 or d1 > 64 or d2 > 64:
            bad += 1
    n = w1 * h1
    mean = total / (3.0 * n)
    share = bad / float(n)
    ok = mean <= max_mean and share <= max_bad
    print("png_diff: %dx%d, mean abs diff %.3f (max %.3f), pixels off by > 64: %.4f (max %.4f): %s"
          % (w1, h1, mean, max_mean, share, max_bad, "ok" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
