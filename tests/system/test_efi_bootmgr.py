# SPDX-License-Identifier: GPL-2.0-or-later
"""`bootefi bootmgr` (efi/bootmgr.c), the UEFI boot manager as U-Boot's:
BootNext (tried once, deleted first), then BootOrder's Boot#### load
options, each a Hard Drive node of the card's partition and a file on it;
the first that loads runs, with U-Boot's messages. The variables come
from ubootefi.var on the boot FAT partition, written here in U-Boot's
layout (docs/uefi.md)."""
import re
import struct
import zlib

import simrun
from test_efi import hello_pe, mkcard, session, after

GLOBAL = struct.pack("<IHH8B", 0x8be4df61, 0x93ca, 0x11d2, 0xaa, 0x0d, 0x00, 0xe0, 0x98, 0x03,
                     0x2b, 0x8c)


def u16(s):
    return s.encode("utf-16-le") + b"\0\0"


def load_option(label, part, start, path, active=True, data=b""):
    hd = struct.pack("<BBHIQQ16sBB", 4, 1, 42, part, start, 0x1f800, bytes(16), 1, 1)
    name = u16(path)
    fp = struct.pack("<BBH", 4, 4, 4 + len(name)) + name
    paths = hd + fp + bytes([0x7f, 0xff, 4, 0])
    return struct.pack("<IH", 1 if active else 0, len(paths)) + u16(label) + paths + data


def var_file(variables):
    """U-Boot's ubootefi.var: 8 reserved bytes, "UbEfiVa" version 1, the
    length, the CRC-32 of the entries; each entry (8-byte aligned) data
    length, attributes, time, GUID, UTF-16 name, data."""
    body = b""
    for name, data in variables:
        e = struct.pack("<IIQ", len(data), 7, 0) + GLOBAL + u16(name) + data
        body += e + bytes(-len(e) % 8)
    return struct.pack("<8s8sII", bytes(8), b"UbEfiVa\x01", 24 + len(body),
                       zlib.crc32(body) & 0xFFFFFFFF) + body


def test_bootmgr_boot_order(tmp_path, sim):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    (tmp_path / "hello.efi").write_bytes(hello_pe())
    (tmp_path / "ubootefi.var").write_bytes(var_file([
        ("BootNext", struct.pack("<H", 3)),
        ("BootOrder", struct.pack("<3H", 4, 2, 1)),
        ("Boot0004", load_option("Off", 1, 0x800, "\\efi\\hello.efi", active=False)),
        ("Boot0002", load_option("Missing", 1, 0x800, "\\nothere.efi")),
        ("Boot0001", load_option("Hello", 1, 0x800, "\\efi\\hello.efi", data=u16("opt"))),
    ]))
    card = mkcard(tmp_path / "card.img", extra=[(str(tmp_path / "hello.efi"), "efi/hello.efi"),
                                                (str(tmp_path / "ubootefi.var"), "ubootefi.var")])
    cmds = ["bootefi bootmgr", "echo rc=$?", "bootefi bootmgr", "echo rc=$?"]
    r = session(card, cmds)
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    first = after(r.serial, cmds[0])
    first, second = first[:first.index(cmds[2])], after(first, cmds[2])
    # BootNext names no option: said, deleted, then BootOrder in order
    assert re.search(r"Boot0003: EFI_NOT_FOUND\r\n"
                     r"Load option Boot0004 is not active\r\n"
                     r"Loading Boot0002 'Missing' failed\r\n"
                     r"Booting: Label: Hello Device path: HD\(1,MBR,0x00000000,0x800,0x1f800\)/"
                     r"\\efi\\hello.efi\r\n"
                     r"Command line: [^\r]*\r\n"
                     r"hi from efi\r\n## Application failed, r = 3\r\n", first), first[:2000]
    assert "rc=1" in first
    # BootNext was for one boot: gone from the file too
    assert "Boot0003" not in second and "Booting: Label: Hello" in second, second[:2000]


def test_bootmgr_without_boot_order(tmp_path, sim):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    card = mkcard(tmp_path / "card.img")
    r = session(card, ["bootefi bootmgr", "echo rc=$?"])
    out = after(r.serial, "bootefi bootmgr")
    assert ("BootOrder not defined\r\nEFI boot manager: Cannot load any image\r\n" in out), out
    assert "rc=1" in out
