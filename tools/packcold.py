#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Append gtaboot's cold part, deflated, to its hot part (see linker.ld).

    packcold.py HOT.bin COLD.bin OUT.bin --max BYTES

OUT = HOT + u32 length (little-endian) + raw deflate of COLD. arch/arm/cold.c
reads it back from __image_end. Fails when OUT would not fit below the hot
bss, which is what the ROM-loaded image may occupy.

The deflate stream comes from zopfli (Debian package zopfli) when it is
installed: the same raw DEFLATE format lib/inflate.c reads, about 2 % (some
800 bytes of the MLO) smaller than zlib's best. Without it, zlib level 9.
Either stream is checked by inflating it back.
"""
import argparse
import shutil
import struct
import subprocess
import sys
import zlib


def deflate(path, data):
    if shutil.which("zopfli"):
        z = subprocess.run(["zopfli", "--deflate", "-c", path], check=True,
                           stdout=subprocess.PIPE).stdout
    else:
        c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        z = c.compress(data) + c.flush()
    if zlib.decompress(z, -15) != data:
        sys.exit("packcold: the deflated cold part does not inflate back")
    return z


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
    z = deflate(a.cold, cold)
    out = hot + struct.pack("<I", len(z)) + z
    if len(out) > a.max:
        sys.exit("packcold: image %d bytes exceeds %d (hot %d + cold %d deflated from %d)"
                 % (len(out), a.max, len(hot), len(z), len(cold)))
    open(a.out, "wb").write(out)
    print("image: hot %d + cold %d (deflated from %d) = %d bytes of %d"
          % (len(hot), len(z) + 4, len(cold), len(out), a.max))


if __name__ == "__main__":
    main()
