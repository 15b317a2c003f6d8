#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Wrap a flat binary linked at RVA 0x1000 into a PE32 EFI application for
32-bit Arm (COFF machine THUMB, no relocations), the entry an RVA given as
a number (odd: Thumb state), for tests/payload/efitest.c.

    mkefi.py FLAT.bin ENTRY OUT.efi"""
import struct
import sys


def pe(text, entry):
    raw = text + b"\0" * (-len(text) % 0x200)
    size_of_image = 0x1000 + ((len(raw) + 0xFFF) & ~0xFFF)
    dos = b"MZ" + b"\0" * 0x3A + struct.pack("<I", 0x40)
    coff = struct.pack("<4sHHIIIHH", b"PE\0\0", 0x01C2, 1, 0, 0, 0, 0xE0, 0x0102)
    opt = struct.pack("<HBBIIIIIIIIIHHHHHHIIIIHHIIIIII", 0x10B, 0, 0, len(raw), 0, 0, entry,
                      0x1000, 0, 0, 0x1000, 0x200, 0, 0, 0, 0, 0, 0, 0, size_of_image, 0x200, 0,
                      10, 0, 0x10000, 0x1000, 0x10000, 0x1000, 0, 16) + b"\0" * 128
    sec = struct.pack("<8sIIIIIIHHI", b".text", len(raw), 0x1000, len(raw), 0x200, 0, 0, 0, 0,
                      0x60000020)
    return (dos + coff + opt + sec).ljust(0x200, b"\0") + raw


if __name__ == "__main__":
    flat, entry, out = sys.argv[1], int(sys.argv[2], 0), sys.argv[3]
    with open(flat, "rb") as f, open(out, "wb") as g:
        g.write(pe(f.read(), entry))
