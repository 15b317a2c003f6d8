#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Make efi.img, gtaboot's EFI image, from its binary (efi/efi.ld) and the
MLO's gtaboot.bin it was linked against (docs/design.md "The EFI image").

    mkefiimg.py EFI.bin GTABOOT.bin OUT

Fills the header (efi/image.h) the link left open: length (the file's
bytes), sdram_id (the CRC-32 in gtaboot.bin's MLO descriptor, which covers
the whole SDRAM image: arch/arm/omap3/mlo_layout.h) and crc (CRC-32 of the
file with the crc field 0)."""
import struct
import sys
import zlib

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from packcold import layout  # noqa: E402

MAGIC = 0x49464547   # "GEFI"
HDR = struct.Struct("<8I")


def main():
    efi_bin, mlo_bin, out = sys.argv[1:4]
    img = bytearray(open(efi_bin, "rb").read())
    mlo = open(mlo_bin, "rb").read()
    L = layout()
    off = L["MLO_DESC_OFF"]
    magic, = struct.unpack_from("<I", mlo, off)
    if magic != L["MLO_DESC_MAGIC"]:
        sys.exit("mkefiimg: %s has no MLO descriptor" % mlo_bin)
    sdram_id, = struct.unpack_from("<I", mlo, off + L["MLO_DESC_CRC"])
    f = list(HDR.unpack_from(img, 0))
    if f[0] != MAGIC:
        sys.exit("mkefiimg: %s does not start with the EFI image header" % efi_bin)
    f[3] = len(img)
    f[6] = sdram_id
    f[7] = 0
    HDR.pack_into(img, 0, *f)
    f[7] = zlib.crc32(bytes(img)) & 0xFFFFFFFF
    HDR.pack_into(img, 0, *f)
    open(out, "wb").write(img)
    print("efi.img: %s %d bytes (%d in memory), for the SDRAM image %08x" %
          (out, len(img), f[4] - f[2], sdram_id))


if __name__ == "__main__":
    main()
