# SPDX-License-Identifier: GPL-2.0-or-later
"""The short MLO (docs/design.md "Two images"): the ROM reads only
the early part its GP header declares, the early part reads the rest of the
same MLO at full speed. Booted from a FAT file, from raw sectors (MLO.raw at
sector 256), and with a rest that is damaged,
from another build, or missing, where the next copy must be used or the
failure named."""
import os
import shutil
import struct

import pytest

import cards
import simrun

ROOT = simrun.ROOT
OUT = os.path.join(ROOT, "build", "gta04")
PART = 2048 * 512                        # tools/mksd.sh's partition start


@pytest.fixture(scope="module")
def card(tmp_path_factory):
    simrun.built("build/gta04/sd.img", "build/gta04/MLO", "build/sim/gtaboot-sim")
    d = tmp_path_factory.mktemp("mlo")
    base = d / "base.img"
    shutil.copy(os.path.join(OUT, "sd.img"), base)
    return base


def read(name):
    with open(os.path.join(OUT, name), "rb") as f:
        return f.read()


def variant(card, tmp_path, mlo=None, raw=None, raw_sector=256):
    """A copy of the demo card with MLO replaced (None: removed) and, if
    given, a raw image written at raw_sector."""
    img = tmp_path / "sd.img"
    shutil.copy(card, img)
    target = cards.on(img, PART)
    cards.remove(target, "MLO")
    if mlo is not None:
        cards.put(target, {"MLO": mlo})
    if raw is not None:
        with open(img, "r+b") as f:
            f.seek(raw_sector * 512)
            f.write(raw)
    return img


def boot(img, *extra):
    return simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img, "--max-ms", "8000"]
                      + list(extra))


def assert_handoff(r):
    assert r.report and r.report["result"] == "handoff", r.stderr + r.serial
    assert "Starting kernel at 0x82000000" in r.serial


def early_bytes():
    return struct.unpack("<I", read("MLO")[:4])[0]


def test_fat_short_mlo(card, tmp_path):
    """The ROM loads the early part only; the rest comes from the same file."""
    r = boot(variant(card, tmp_path, mlo=read("MLO")))
    early = early_bytes()
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded" % early in r.stderr
    assert "MLO: rest" not in r.serial          # nothing to report on success
    assert_handoff(r)


def test_raw_short_mlo(card, tmp_path):
    """No MLO file: the ROM falls back to the raw image at sector 256 and
    loads its early part; the early part finds FAT empty and reads the rest
    from the raw sectors behind the configuration header."""
    r = boot(variant(card, tmp_path, mlo=None, raw=read("MLO.raw")))
    # with a CH the GP size also counts the GP header, as mkimage's does
    assert "ROM: MMC1 raw @ sector 256: %d bytes loaded" % (early_bytes() + 8) in r.stderr
    assert "MLO: rest not read from MMC1 FAT (ENOENT)" in r.serial
    assert "MLO: rest read from MMC1 raw" in r.serial
    assert_handoff(r)


def test_damaged_rest_falls_back_to_raw(card, tmp_path):
    """A flipped byte behind the early part of the FAT file fails the CRC:
    the intact raw copy is used instead."""
    mlo = bytearray(read("MLO"))
    mlo[8 + early_bytes() + 100] ^= 0x40
    r = boot(variant(card, tmp_path, mlo=bytes(mlo), raw=read("MLO.raw")))
    assert "MLO: rest not read from MMC1 FAT (EBADMSG)" in r.serial, r.serial
    assert "MLO: rest read from MMC1 raw" in r.serial
    assert_handoff(r)


def test_other_build_rest_is_refused(card, tmp_path):
    """A FAT file whose early part is ours but whose rest is another
    build's (the trailer differs): named, and without any other copy the
    boot stops with a message instead of running foreign code."""
    mlo = bytearray(read("MLO"))
    mlo[-1] ^= 0xFF                              # the CRC trailer
    r = boot(variant(card, tmp_path, mlo=bytes(mlo)), "--max-ms", "3000")
    assert "MLO: rest not read from MMC1 FAT (another build's)" in r.serial, r.serial
    assert "the rest of this MLO cannot be read" in r.serial
    assert r.report["result"] != "handoff"
