# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's image and start commands at the gtaboot prompt in the
simulator, on files from a card: iminfo and imxtract on a multi-file
uImage made by mkimage, unzip on gzip(1)'s output, go and bootelf on
Thumb code that returns (U-Boot's "## Application terminated, rc = ..."),
bootd running bootcmd, and each one's refusals."""
import gzip
import os
import struct
import subprocess
import zlib

import pytest

import test_console as tc

firmware = tc.firmware
cli = tc.cli
P = tc.PROMPT

# Thumb: movs r0, #0x2a; bx lr
RET42 = bytes.fromhex("2a207047")
PLAIN = b"".join(b"line %d of the plain text\n" % i for i in range(3000))


def elf(code, addr=0x80400000):
    """An ARM ET_EXEC: one PT_LOAD (code then 0x20 bytes of bss) and a
    section table (.text, .bss, .shstrtab), entry at addr | 1 (Thumb)."""
    shstr = b"\0.text\0.bss\0.shstrtab\0"
    text_off = 52 + 32
    shstr_off = text_off + len(code)
    sh_off = (shstr_off + len(shstr) + 3) & ~3
    hdr = b"\x7fELF\x01\x01\x01" + bytes(9) + struct.pack(
        "<HHIIIIIHHHHHH", 2, 40, 1, addr | 1, 52, sh_off, 0x05000000, 52, 32, 1, 40, 4, 3)
    ph = struct.pack("<8I", 1, text_off, addr, addr, len(code), len(code) + 0x20, 5, 4)
    sh = bytes(40)
    sh += struct.pack("<10I", 1, 1, 6, addr, text_off, len(code), 0, 0, 4, 0)
    sh += struct.pack("<10I", 7, 8, 3, addr + len(code), 0, 0x20, 0, 0, 4, 0)
    sh += struct.pack("<10I", 12, 3, 0, 0, shstr_off, len(shstr), 0, 0, 1, 0)
    body = hdr + ph + code + shstr
    return body + bytes(sh_off - len(body)) + sh


def bad_crc(z):
    return z[:-8] + bytes([z[-8] ^ 1]) + z[-7:]


@pytest.fixture(scope="module")
def card(sdcard, tmp_path_factory):
    d = tmp_path_factory.mktemp("img")
    (d / "a").write_bytes(b"12345")
    (d / "b").write_bytes(b"second part!")
    subprocess.run(["mkimage", "-A", "arm", "-O", "linux", "-T", "multi", "-C", "none",
                    "-a", "0", "-e", "0", "-n", "two parts", "-d",
                    "%s:%s" % (d / "a", d / "b"), str(d / "multi.img")], check=True,
                   capture_output=True, env=dict(os.environ, SOURCE_DATE_EPOCH="1700000000"))
    bad_elf = bytearray(elf(RET42))
    bad_elf[18] = 3     # EM_386
    return sdcard({"multi.img": (d / "multi.img").read_bytes(),
                   "plain.gz": gzip.compress(PLAIN, mtime=0),
                   "bad.gz": bad_crc(gzip.compress(PLAIN, mtime=0)),
                   "app.elf": elf(RET42), "bad.elf": bytes(bad_elf)})


@pytest.fixture(autouse=True)
def need_cli(cli):
    pass


def run(card, *cmds):
    outs, r = tc.run_cmds(*cmds, sd=card, max_ms=15000)
    return dict(zip(cmds, outs))


def test_iminfo_and_imxtract(card):
    out = run(card, "load mmc 0 81000000 multi.img", "iminfo 81000000",
              "imxtract 81000000 1 81100000; echo st=$?", "printenv filesize fileaddr",
              "md.b 81100000 c", "imxtract 81000000 2", "iminfo 81100000",
              "mw.l 81200000 edfe0dd0; iminfo 81200000; imxtract 81200000 0",
              "mw.b 81000050 0; iminfo 81000000", "setenv verify n; imxtract 81000000 0",
              "iminfo 90000000 xyz")
    i = out["iminfo 81000000"]
    assert "## Checking Image at 81000000 ...\r\n   Legacy image found\r\n" \
        "   Image Name:   two parts\r\n   Created:      2023-11-14  22:13:20 UTC\r\n" \
        "   Image Type:   ARM Linux Multi-File Image (uncompressed)\r\n" in i, i
    assert "   Load Address: 00000000\r\n   Entry Point:  00000000\r\n   Contents:\r\n" \
        "      Image 0: 5 Bytes = 5 Bytes\r\n      Image 1: 12 Bytes = 12 Bytes\r\n" \
        "   Verifying Checksum ... OK\r\n" in i, i
    x = out["imxtract 81000000 1 81100000; echo st=$?"]
    assert x.startswith("## Copying part 1 from legacy image at 81000000 ...\r\n"
                        "   Verifying Checksum ... OK\r\n   Loading part 1 ... OK\r\nst=0"), x
    assert out["printenv filesize fileaddr"].startswith("filesize=c\r\nfileaddr=81000054\r\n")
    assert "second part!" in out["md.b 81100000 c"]
    assert "Bad Image Part" in out["imxtract 81000000 2"]
    assert "Unknown image format!" in out["iminfo 81100000"]
    f = out["mw.l 81200000 edfe0dd0; iminfo 81200000; imxtract 81200000 0"]
    assert "FIT image found" in f and "FIT images are not supported" in f
    assert "Bad Data CRC" in out["mw.b 81000050 0; iminfo 81000000"]
    v = out["setenv verify n; imxtract 81000000 0"]
    assert "Verifying" not in v and "Bad" not in v
    assert "error: iminfo: bad address 'xyz'" in out["iminfo 90000000 xyz"]


def test_unzip(card):
    out = run(card, "load mmc 0 81000000 plain.gz", "unzip 81000000 82000000",
              "crc32 82000000 ${filesize}", "load mmc 0 81000000 bad.gz",
              "unzip 81000000 82000000; echo st=$?", "unzip 82000000 83000000",
              "unzip 81000000 82000000 100", "unzip 81000000 40200000",
              "unzip 40200000 82000000")
    n = len(PLAIN)
    assert out["unzip 81000000 82000000"].startswith(
        "Uncompressed size: %d = 0x%X\r\n" % (n, n))
    assert "%08x" % zlib.crc32(PLAIN) in out["crc32 82000000 ${filesize}"]
    assert "CRC-32 mismatch" in out["unzip 81000000 82000000; echo st=$?"]
    assert "st=1" in out["unzip 81000000 82000000; echo st=$?"]
    assert "Error: Bad gzipped data" in out["unzip 82000000 83000000"]
    assert "Error: inflate() returned -5" in out["unzip 81000000 82000000 100"]
    assert "error: unzip 0x40200000" in out["unzip 81000000 40200000"]
    # a source in the SRAM is read no further than the SRAM
    assert "Error: Bad gzipped data" in out["unzip 40200000 82000000"]


def test_go_bootelf_bootd(card):
    out = run(card, "mw.l 80300000 4770202a; go 80300001", "mw.w 80300000 4770; go 80300001 a b",
              "go 80300002", "go 48000000",
              "load mmc 0 81000000 app.elf", "mw.l 80400000 0 10; bootelf 81000000",
              "mw.l 80400000 0 10; bootelf -p 81000000; echo st=$?", "md.l 80400000 1",
              "load mmc 0 81000000 bad.elf", "bootelf 81000000", "bootelf 81000004",
              "bootelf 40200000",
              "setenv bootcmd 'echo from bootcmd; false'; bootd; echo st=$?")
    assert out["mw.l 80300000 4770202a; go 80300001"].startswith(
        "## Starting application at 0x80300001 ...\r\n## Application terminated, rc = 0x2A")
    assert "rc = 0x3\r\n" in out["mw.w 80300000 4770; go 80300001 a b"]
    assert "not 4-byte aligned" in out["go 80300002"]
    assert "is not RAM" in out["go 48000000"]
    assert out["mw.l 80400000 0 10; bootelf 81000000"].startswith(
        "## Starting application at 0x80400001 ...\r\n## Application terminated, rc = 0x2A")
    assert "rc = 0x2A\r\nst=1" in out["mw.l 80400000 0 10; bootelf -p 81000000; echo st=$?"]
    assert out["md.l 80400000 1"].startswith("80400000: 4770202a")
    assert "## not an ARM ELF image at address 0x81000000" in out["bootelf 81000000"]
    assert "## No elf image at address 0x81000004" in out["bootelf 81000004"]
    assert "## No elf image at address 0x40200000" in out["bootelf 40200000"]
    assert "from bootcmd\r\nst=1" in out["setenv bootcmd 'echo from bootcmd; false'; bootd; echo st=$?"]
