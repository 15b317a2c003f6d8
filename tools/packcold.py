#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Append the SDRAM image's packed part to the early image and the late part
(arch/arm/early.ld, gtaboot.ld).

    packcold.py HOT.bin COLD.bin OUT.bin --split BYTES --max-packed BYTES

OUT = HOT + u32 length (little-endian) + packed COLD + u32 CRC-32
of OUT[early:] (everything behind the part the ROM loads). The MLO
descriptor at MLO_DESC_OFF of HOT (arch/arm/omap3/mlo_layout.h, start.S:
magic, early bytes, image bytes, CRC) gets the image length and the CRC. arch/arm/omap3/
mlo_rest.c reads the rest of the MLO with it, arch/arm/cold.c unpacks.
Packed = two streams, COLD split at --split (what the boot path needs, then
the rest: mlo_layout.h), each raw LZMA1 with an end marker, after the
ARM-Thumb BCJ filter, with the properties (lc, lp, pb, dictionary) of
mlo_layout.h's MLO_LZMA_*; the second with the first (after the filter)
as its preset dictionary (tools/xzraw.py: Python's lzma has none).

Limits (docs/design.md): the early part <= 16 KiB and the hot part below
the SRAM bss are the linker's checks; here the packed part must fit its
SDRAM staging area (--max-packed).
"""
import argparse
import os
import re
import lzma
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xzraw  # noqa: E402

LAYOUT_H = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "arch", "arm",
                        "omap3", "mlo_layout.h")


def layout(path=LAYOUT_H):
    """The numbers of arch/arm/omap3/mlo_layout.h, the MLO layout's one
    source: {"MLO_DESC_OFF": 0x3C, ...} from its plain #defines."""
    vals = {}
    for m in re.finditer(r"^#define\s+(MLO_\w+)\s+(?:MM_U\()?(0x[0-9A-Fa-f]+|\d+)\)?\s*$",
                         open(path).read(), re.M):
        vals[m.group(1)] = int(m.group(2), 0)
    return vals


L = layout()
DESC_OFF = L["MLO_DESC_OFF"]
DESC_MAGIC = L["MLO_DESC_MAGIC"]  # "GMLO"


def filters(start):
    """The ARM-Thumb BCJ filter (with start as the offset of the data's
    first byte), then LZMA1 with the fixed properties of mlo_layout.h that
    arch/arm/cold.c decodes with. The match finder and nice_len only steer
    the encoder (the decoder never sees them): the binary tree on 2-byte
    hashes with matches "long enough" at 24 bytes packs gtaboot's Thumb-2
    code 250 bytes smaller than preset 9e's bt4 / 273 (measured on both
    boards' cold parts; 16-28 and bt3 / bt4 were all larger)."""
    return [{"id": lzma.FILTER_ARMTHUMB, "start_offset": start},
            {"id": lzma.FILTER_LZMA1, "preset": 9 | lzma.PRESET_EXTREME,
             "lc": L["MLO_LZMA_LC"], "lp": L["MLO_LZMA_LP"], "pb": L["MLO_LZMA_PB"],
             "dict_size": L["MLO_LZMA_DICT"], "mf": lzma.MF_BT2, "nice_len": 24}]


def bcj(data, start=0):
    """data as the BCJ filter gives it to LZMA (the preset dictionary of
    what follows it)."""
    f = filters(start)
    return lzma.decompress(lzma.compress(data, format=lzma.FORMAT_RAW, filters=f),
                           format=lzma.FORMAT_RAW, filters=f[1:])


def pack(data, start=0, preset=b""):
    """Raw LZMA1 (end marker included) of data after filters(start), with
    preset as its preset dictionary; checked to unpack back to data."""
    z = xzraw.code(data, filters(start), preset)
    if xzraw.code(z, filters(start), preset, encode=False, out_max=len(data) + 1) != data:
        sys.exit("packcold: the packed cold part does not unpack back")
    return z


def pack_split(cold, split):
    """The packed part behind the u32 length (mlo_layout.h): u32 length of
    the first stream, the first stream (cold[:split]), the second
    (cold[split:], BCJ offset split, the first as its preset dictionary)."""
    first = pack(cold[:split])
    return struct.pack("<I", len(first)) + first + pack(cold[split:], split,
                                                         bcj(cold[:split]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hot")
    ap.add_argument("cold")
    ap.add_argument("out")
    ap.add_argument("--split", type=lambda s: int(s, 0), required=True,
                    help="__cold_tail - __cold_start: where the second stream starts")
    ap.add_argument("--max-packed", type=lambda s: int(s, 0), required=True)
    a = ap.parse_args()
    hot = bytearray(open(a.hot, "rb").read())
    cold = open(a.cold, "rb").read()
    if len(hot) % 4:
        sys.exit("packcold: hot part not word-aligned (%d bytes)" % len(hot))
    magic, early, _, _ = struct.unpack_from("<4I", hot, DESC_OFF)
    assert L["MLO_DESC_BYTES"] == 16 and L["MLO_TRAILER_BYTES"] == 4
    if magic != DESC_MAGIC:
        sys.exit("packcold: no MLO descriptor at 0x%x of %s" % (DESC_OFF, a.hot))
    if not 0 < early <= len(hot) or early % 4:
        sys.exit("packcold: early part of %d bytes does not fit the %d-byte hot part"
                 % (early, len(hot)))
    if not 0 <= a.split <= len(cold) or a.split % 2:
        sys.exit("packcold: split %d outside the %d-byte cold part" % (a.split, len(cold)))
    z = pack_split(cold, a.split)
    if len(z) + 4 > a.max_packed:
        sys.exit("packcold: cold part packs to %d bytes, its SDRAM staging area "
                 "holds %d" % (len(z) + 4, a.max_packed))
    total = len(hot) + 4 + len(z) + 4
    struct.pack_into("<I", hot, DESC_OFF + L["MLO_DESC_TOTAL"], total)
    body = bytes(hot) + struct.pack("<I", len(z)) + z
    crc = zlib.crc32(body[early:]) & 0xFFFFFFFF
    struct.pack_into("<I", hot, DESC_OFF + L["MLO_DESC_CRC"], crc)
    out = bytes(hot) + struct.pack("<I", len(z)) + z + struct.pack("<I", crc)
    assert len(out) == total and out[early:-4] == body[early:]
    open(a.out, "wb").write(out)
    print("image: early %d (ROM-loaded) + late hot %d + cold %d (packed from %d, %d of them "
          "unpacked at once) = %d bytes" % (early, len(hot) - early, len(z) + 8, len(cold),
                                           a.split, total))


if __name__ == "__main__":
    main()
