#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Makes a unified kernel image (UKI, systemd's Boot Loader Specification
"Type #2") from Debian's systemd-stub, linuxarm.efi.stub of
systemd-boot-efi:armhf 252 (tools/fetch-debs.sh unpacks it under
build/deps/root), for tests/system/test_efi_uki.py and docs/uefi.md.

  tools/mkuki.py --stub STUB --linux ZIMAGE [--initrd FILE] [--cmdline TEXT]
                 [--osrel FILE] [--dtb FILE] --out FILE

A UKI is the stub with sections added that the stub finds by name at run
time in its own PE headers (LoadedImage's ImageBase): .osrel, .cmdline,
.dtb, .linux (the kernel, itself an EFI application: Debian's zImage with
CONFIG_EFI_STUB) and .initrd. The usual tools cannot add them to this
stub, which is why this small builder exists:

- ukify is not in Debian 12 (systemd 252 has none; it came with 253), and
  its pe_add_sections() writes the new section headers into the stub's
  own header space, refusing a stub without room ("Not enough header
  space to add section"). This one has none: it is `objcopy -O binary` of
  an ELF whose first bytes are gnu-efi's hand-made PE header (crt0), with
  SizeOfHeaders 0x138 = the RVA of its .text, the section table (.reloc,
  .text) ending exactly there.
- objcopy of binutils-multiarch 2.40 (Debian 12) has no ARM PE target
  (pei-arm-little is not in `objcopy --help`'s list): "invalid bfd
  target"; llvm-objcopy 14 adds the section header over .text's first
  bytes, with VirtualAddress 0 and SizeOfImage 0.

So the image is laid out anew, with headers of its own: the stub's whole
memory image (its headers, then .text; it has no base relocations, is
position-independent and finds its own base PC-relatively, so it runs
anywhere) becomes one section `.text` at RVA 0x1000, the entry point moved
with it; the new sections follow at 4 KiB boundaries in systemd's order,
each with VirtualSize = its length (the stub reads VirtualSize bytes).
python3-pefile reads the stub and checks the result.
"""
import argparse
import struct
import sys

try:
    import pefile
except ImportError:
    sys.exit("mkuki: python3-pefile is missing (tools/install-deps.sh installs it)")

SECTION_ALIGN = 0x1000
FILE_ALIGN = 0x200
STUB_RVA = 0x1000
MACHINES = (0x1C0, 0x1C2, 0x1C4)   # ARM, ARM Thumb (mixed), ARMv7 Thumb-2 (UEFI 2.10 2.1.1)


class UkiError(Exception):
    """A stub or an input this builder cannot make a UKI from."""


def up(n, a):
    return (n + a - 1) // a * a


def stub_image(data):
    """The stub's memory image (headers and sections at their RVAs) and
    the fields carried over, after the checks that make moving it safe."""
    try:
        pe = pefile.PE(data=data, fast_load=True)
    except pefile.PEFormatError as e:
        raise UkiError("stub: not a PE image (%s)" % e)
    oh, fh = pe.OPTIONAL_HEADER, pe.FILE_HEADER
    if oh.Magic != 0x10B:
        raise UkiError("stub: not PE32 (optional header magic 0x%x)" % oh.Magic)
    if fh.Machine not in MACHINES:
        raise UkiError("stub: machine 0x%x is not 32-bit ARM" % fh.Machine)
    if oh.Subsystem != 10:
        raise UkiError("stub: subsystem %d is not an EFI application" % oh.Subsystem)
    for d in oh.DATA_DIRECTORY:
        if d.Size:
            # base relocations would have to be moved too; a certificate
            # would no longer match
            raise UkiError("stub: has a %s directory (unsupported)" % d.name)
    size = oh.SizeOfImage
    img = bytearray(size)
    img[:oh.SizeOfHeaders] = data[:oh.SizeOfHeaders]
    for s in pe.sections:
        n = min(s.SizeOfRawData, s.Misc_VirtualSize)
        if s.VirtualAddress + s.Misc_VirtualSize > size or s.PointerToRawData + n > len(data):
            raise UkiError("stub: section %r outside the image" % s.Name.rstrip(b"\0"))
        img[s.VirtualAddress:s.VirtualAddress + n] = data[s.PointerToRawData:s.PointerToRawData + n]
    return pe, bytes(img)


def build(stub, sections):
    """stub: the stub's file; sections: (name, bytes) in layout order.
    Returns the UKI's bytes."""
    pe, img = stub_image(stub)
    oh, fh = pe.OPTIONAL_HEADER, pe.FILE_HEADER
    secs = [(".text", img, 0xE0000020)]   # code | execute | read | write
    for name, data in sections:
        if len(name) > 8 or not name.startswith("."):
            raise UkiError("section name %r" % name)
        if not data:
            raise UkiError("section %s is empty" % name)
        secs.append((name, data, 0x40000040))   # initialised data | read
    hdr_len = 0x40 + 4 + 20 + 224 + 40 * len(secs)
    if up(hdr_len, FILE_ALIGN) > STUB_RVA:
        raise UkiError("too many sections")
    rva, off, table = STUB_RVA, up(hdr_len, FILE_ALIGN), []
    for name, data, ch in secs:
        table.append((name, data, ch, rva, off))
        rva = up(rva + len(data), SECTION_ALIGN)
        off = up(off + len(data), FILE_ALIGN)
    out = bytearray(off)
    # MS-DOS header: "MZ" and e_lfanew
    out[0:2] = b"MZ"
    struct.pack_into("<I", out, 0x3C, 0x40)
    struct.pack_into("<4sHHIIIHH", out, 0x40, b"PE\0\0", fh.Machine, len(secs), 0, 0, 0, 224,
                     fh.Characteristics)
    data_size = sum(len(d) for n, d, c, r, o in table[1:])
    struct.pack_into("<HBBIIIIII", out, 0x58, 0x10B, oh.MajorLinkerVersion,
                     oh.MinorLinkerVersion, up(len(img), FILE_ALIGN), up(data_size, FILE_ALIGN),
                     0, STUB_RVA + oh.AddressOfEntryPoint, STUB_RVA, STUB_RVA)
    struct.pack_into("<IIIHHHHHHIIIIHHIIIIII", out, 0x58 + 28, 0, SECTION_ALIGN, FILE_ALIGN,
                     oh.MajorOperatingSystemVersion, oh.MinorOperatingSystemVersion,
                     oh.MajorImageVersion, oh.MinorImageVersion,
                     oh.MajorSubsystemVersion, oh.MinorSubsystemVersion, 0, rva,
                     up(hdr_len, FILE_ALIGN), 0, oh.Subsystem, oh.DllCharacteristics,
                     oh.SizeOfStackReserve, oh.SizeOfStackCommit, oh.SizeOfHeapReserve,
                     oh.SizeOfHeapCommit, 0, 16)
    # 16 data directories, all empty (0x58 + 96 .. + 224)
    at = 0x58 + 224
    for name, data, ch, r, o in table:
        struct.pack_into("<8sIIIIIIHHI", out, at, name.encode(), len(data), r,
                         up(len(data), FILE_ALIGN), o, 0, 0, 0, 0, ch)
        out[o:o + len(data)] = data
        at += 40
    check(bytes(out), stub, table)
    return bytes(out)


def check(uki, stub, table):
    """pefile's reading of the result: every section where it was put."""
    pe = pefile.PE(data=uki)
    names = [s.Name.rstrip(b"\0").decode() for s in pe.sections]
    if names != [t[0] for t in table]:
        raise UkiError("built image reads back with sections %s" % names)
    for s, (name, data, ch, r, o) in zip(pe.sections, table):
        if (s.VirtualAddress != r or s.Misc_VirtualSize != len(data)
                or pe.get_data(r, len(data)) != data):
            raise UkiError("built image reads back a wrong %s" % name)
    spe = pefile.PE(data=stub, fast_load=True)
    if pe.OPTIONAL_HEADER.AddressOfEntryPoint != STUB_RVA + spe.OPTIONAL_HEADER.AddressOfEntryPoint:
        raise UkiError("built image reads back a wrong entry point")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stub", required=True)
    ap.add_argument("--linux", required=True, help="the kernel, an EFI application")
    ap.add_argument("--initrd")
    ap.add_argument("--cmdline", help="the command line (text)")
    ap.add_argument("--osrel", help="an os-release file")
    ap.add_argument("--dtb")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)

    def read(p):
        with open(p, "rb") as f:
            return f.read()

    # systemd's order (its objcopy example and ukify): the small sections
    # first, the kernel and the initrd last
    secs = []
    if a.osrel:
        secs.append((".osrel", read(a.osrel)))
    if a.cmdline:
        secs.append((".cmdline", a.cmdline.encode()))
    if a.dtb:
        secs.append((".dtb", read(a.dtb)))
    secs.append((".linux", read(a.linux)))
    if a.initrd:
        secs.append((".initrd", read(a.initrd)))
    try:
        uki = build(read(a.stub), secs)
    except UkiError as e:
        sys.exit("mkuki: %s" % e)
    with open(a.out, "wb") as f:
        f.write(uki)


if __name__ == "__main__":
    main()
