#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Append gtaboot's cold part, deflated, to its hot part (see linker.ld).

    packcold.py HOT.bin COLD.bin OUT.bin --max BYTES

OUT = HOT + u32 length (little-endian) + raw deflate of COLD, whose Thumb-2
BL/BLX offsets were first made absolute (branch_filter). arch/arm/cold.c
reads it back from __image_end. Fails when OUT would not fit below the hot
bss, which is what the ROM-loaded image may occupy.
"""
import argparse
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib


def branch_filter(code):
    """Thumb-2 BL/BLX pairs with their offsets turned into targets (in
    halfwords from the start of code), the same transform as xz's ARM-Thumb
    BCJ filter: calls to one function then look alike to deflate (about 2 %
    smaller). arch/arm/cold.c undoes it after inflating; the marker bits
    tested are never changed, so both walks take the same steps."""
    b = bytearray(code)
    i = 0
    while i + 4 <= len(b):
        if (b[i + 1] & 0xF8) == 0xF0 and (b[i + 3] & 0xF8) == 0xF8:
            v = (b[i + 1] & 7) << 19 | b[i] << 11 | (b[i + 3] & 7) << 8 | b[i + 2]
            v = (v + ((i + 4) >> 1)) & 0x3FFFFF
            b[i] = (v >> 11) & 0xFF
            b[i + 1] = 0xF0 | ((v >> 19) & 7)
            b[i + 2] = v & 0xFF
            b[i + 3] = 0xF8 | ((v >> 8) & 7)
            i += 4
        else:
            i += 2
    return bytes(b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hot")
    ap.add_argument("cold")
    ap.add_argument("out")
    ap.add_argument("--max", type=lambda s: int(s, 0), required=True)
    a = ap.parse_args()
    hot = open(a.hot, "rb").read()
    cold = open(a.cold, "rb").read()
    if len(hot) % 4:
        sys.exit("packcold: hot part not word-aligned (%d bytes)" % len(hot))
    cold = branch_filter(cold)
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    z = c.compress(cold) + c.flush()
    # zopfli (Debian package zopfli) writes the same raw DEFLATE format,
    # searched harder: about 2 % smaller. The smaller of the two is kept.
    if shutil.which("zopfli"):
        with tempfile.NamedTemporaryFile(suffix=".bin") as t:
            t.write(cold)
            t.flush()
            zz = subprocess.run(["zopfli", "--deflate", "-c", t.name], check=True,
                                stdout=subprocess.PIPE).stdout
        if len(zz) < len(z):
            z = zz
    out = hot + struct.pack("<I", len(z)) + z
    if len(out) > a.max:
        sys.exit("packcold: image %d bytes exceeds %d (hot %d + cold %d deflated from %d)"
                 % (len(out), a.max, len(hot), len(z), len(cold)))
    open(a.out, "wb").write(out)
    print("image: hot %d + cold %d (deflated from %d) = %d bytes of %d"
          % (len(hot), len(z) + 4, len(cold), len(out), a.max))


if __name__ == "__main__":
    main()
