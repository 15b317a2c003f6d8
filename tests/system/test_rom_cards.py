# SPDX-License-Identifier: GPL-2.0-or-later
"""Cards the OMAP3 boot ROM accepts that gtaboot has to accept too (issue #24;
the ROM's rules are quoted in docs/rom.md): a "floppy-like" card with no
partition table, the FAT file system at sector 0 (mkfs.vfat on the whole
image), in FAT12, FAT16 and FAT32; and an MLO file with a 512-byte
configuration header (CH) in front, as MLO.raw, U-Boot's and barebox's
CH-prefixed MLO are laid out. Each boots through the simulator's ROM, and
gtaboot's early part must find the rest of its own MLO in the same file and
hand over to the payload."""
import os

import pytest

import cards
import simrun

ROOT = simrun.ROOT
OUT = os.path.join(ROOT, "build", "gta04")
DTB = "omap3-gta04-sim.dtb"


@pytest.fixture(scope="module")
def parts():
    """Build MLO, MLO.raw, the payload, its DTB and extlinux.conf."""
    simrun.built("build/gta04/sd.img", "build/gta04/MLO", "build/gta04/MLO.raw",
                 "build/payload/zImage", "build/sim/gtaboot-sim")
    return {
        "zImage": os.path.join(ROOT, "build", "payload", "zImage"),
        DTB: os.path.join(OUT, DTB),
        "extlinux/extlinux.conf": os.path.join(OUT, "extlinux.conf"),
    }


def read(name):
    with open(os.path.join(OUT, name), "rb") as f:
        return f.read()


def make_card(tmp_path, fat, mlo, parts, size_mb, mbr=False):
    """Without mbr: mkfs.vfat on the whole image, the boot sector at sector
    0 (floppy-like). With mbr: an MBR (sfdisk) whose one active partition
    starts at sector 2048, as tools/mksd.sh makes it. MLO copied first, then
    the payload's files."""
    img = tmp_path / ("card%d.img" % fat)
    files = dict({"MLO": mlo}, **parts)
    if mbr:
        return cards.fat_card(img, files, bits=fat, size_mb=size_mb, label="GTABOOT")
    return cards.fat(img, files, bits=fat, size_mb=size_mb, label="GTABOOT")


def boot(img):
    return simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img, "--max-ms", "8000"])


def assert_handoff(r):
    assert "MLO: rest not read" not in r.serial, r.serial
    assert r.report and r.report["result"] == "handoff", r.stderr + r.serial
    assert "Starting kernel at 0x82000000" in r.serial


@pytest.mark.parametrize("fat,size_mb", [(12, 8), (16, 32), (32, 64)])
def test_floppy_like_card_boots(parts, tmp_path, fat, size_mb):
    """The ROM boots MLO from a card without an MBR; the early part reads
    its rest from the same file on the same volume."""
    r = boot(make_card(tmp_path, fat, read("MLO"), parts, size_mb))
    early = int.from_bytes(read("MLO")[:4], "little")
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded" % early in r.stderr, r.stderr
    assert_handoff(r)


@pytest.mark.parametrize("fat,size_mb,mbr", [(16, 32, True), (32, 64, True), (16, 32, False)])
def test_ch_prefixed_mlo_on_fat(parts, tmp_path, fat, size_mb, mbr):
    """MLO.raw (CH, then GP header and image) copied as the FAT file MLO:
    the ROM skips the CH; the rest lies 512 bytes further into the file
    than in a plain MLO, and the early part must find it there."""
    raw = read("MLO.raw")
    r = boot(make_card(tmp_path, fat, raw, parts, size_mb, mbr))
    # with a CH the GP size also counts the GP header, as mkimage's does
    gp = int.from_bytes(raw[512:516], "little")
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded" % gp in r.stderr, r.stderr
    assert_handoff(r)
