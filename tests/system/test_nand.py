# SPDX-License-Identifier: GPL-2.0-or-later
"""NAND in the simulator: mknand's image layout checked against an
independent HAM1 implementation; the ROM's NAND boot of that image; a
corrupt or bad block 0 skipped for block 1; a bit flip corrected; and, once
the console has its commands, `flash mlo` from an SD boot followed by a
NAND boot, also with power cuts in the middle of flashing."""
import os
import struct
import subprocess

import pytest

import simrun

ROOT = simrun.ROOT
SIM = simrun.SIM
MKNAND = os.path.join(ROOT, "build", "tools", "mknand")
PAGE, OOB, PPB = 2048, 64, 64
RAW = PAGE + OOB

def ham1(sector):
    """The GPMC Hamming ECC (SPRUF98/SPRUGN4 "Memory Subsystem") from its
    definition: the
    odd parities collect the bit addresses of the 1 bits, the even ones
    their complements."""
    odd = even = 0
    for i, b in enumerate(sector):
        for k in range(8):
            if (b >> k) & 1:
                a = i * 8 + k
                odd ^= a
                even ^= ~a & 0xFFF
    r = even | odd << 16
    return bytes([r & 0xFF, (r >> 16) & 0xFF, ((r >> 8) & 0x0F) | ((r >> 20) & 0xF0)])


def page_with_ecc(data):
    data = data.ljust(PAGE, b"\xff")
    oob = bytearray(b"\xff" * OOB)
    for s in range(4):
        oob[2 + 3 * s:5 + 3 * s] = ham1(data[512 * s:512 * (s + 1)])
    return data + bytes(oob)


@pytest.fixture(scope="module")
def mlo():
    simrun.built("build/gta04/MLO", "build/tools/mknand")
    path = os.path.join(ROOT, "build", "gta04", "MLO")
    with open(path, "rb") as f:
        return path, f.read()


def mknand(out, mlo_path, *extra):
    subprocess.run([MKNAND, "--mlo", mlo_path] + list(extra) + [str(out)], check=True)
    with open(out, "rb") as f:
        return bytearray(f.read())


def boot_nand(img, *extra, max_ms=1500):
    return simrun.run(["--machine", "gta04", "--rev", "A4", "--nand", img,
                       "--max-ms", max_ms] + list(extra))


def assert_nand_boot(r):
    assert "gtaboot 0.1" in r.serial, r.stderr + r.serial
    assert "Boot: NAND (ROM)" in r.serial, r.serial


def test_mknand_layout(mlo, tmp_path):
    path, blob = mlo
    extra = b"KERNEL" * 1000
    kfile = tmp_path / "k.bin"
    kfile.write_bytes(extra)
    img = mknand(tmp_path / "n.img", path, "--image", "%s@0x280000" % kfile)
    # the whole file: the GP header declares only the early part, the
    # rest follows in the next pages (docs/design.md "Two images")
    size = struct.unpack("<I", blob[:4])[0]
    image = blob
    assert size + 8 < len(image)
    assert len(img) % RAW == 0
    assert len(img) == (0x280000 // PAGE + (len(extra) + PAGE - 1) // PAGE) * RAW
    pages = (len(image) + PAGE - 1) // PAGE
    for blk in range(4):
        for p in range(PPB):
            raw = img[(blk * PPB + p) * RAW:(blk * PPB + p + 1) * RAW]
            if p < pages:
                assert raw == page_with_ecc(image[p * PAGE:(p + 1) * PAGE]), (blk, p)
            else:
                assert raw == b"\xff" * RAW, (blk, p)
    k0 = 0x280000 // PAGE
    assert img[k0 * RAW:k0 * RAW + RAW] == page_with_ecc(extra[:PAGE])
    # between the MLO copies and the kernel: erased
    assert img[4 * PPB * RAW:5 * PPB * RAW] == b"\xff" * (PPB * RAW)


def test_nand_boot(mlo, tmp_path):
    img = tmp_path / "n.img"
    mknand(img, mlo[0])
    r = boot_nand(img)
    assert_nand_boot(r)
    assert r.rc == simrun.EXIT["timeout"], r.stderr


def test_corrupt_block0_skipped(mlo, tmp_path):
    """Block 0 holds code that would fault at once, stored with two bad
    bits: only the ECC check keeps the ROM from running it."""
    img = bytearray(mknand(tmp_path / "n.img", mlo[0]))
    trap = struct.pack("<II", 2040, 0x40200000) + struct.pack("<I", 0xE7F000F0) * 510
    page = bytearray(page_with_ecc(trap))
    page[8] ^= 0x11
    img[0:RAW] = page
    img[RAW:PPB * RAW] = b"\xff" * ((PPB - 1) * RAW)
    (tmp_path / "c.img").write_bytes(img)
    assert_nand_boot(boot_nand(tmp_path / "c.img"))


def test_bad_block0_and_bitflip(mlo, tmp_path):
    img = tmp_path / "n.img"
    mknand(img, mlo[0])
    assert_nand_boot(boot_nand(img, "--nand-bad", "0", "--inject", "nand-bitflip:64"))
    # the same with every copy bad: the ROM has nothing to boot
    r = boot_nand(img, "--nand-bad", "0,1,2,3")
    assert "gtaboot" not in r.serial
    assert r.rc == simrun.EXIT["fault"]
    assert "no bootable image" in r.stderr + r.serial + str(r.report)


# ---------------------------------------------------------------- flash mlo

def sd_image():
    return simrun.built("build/gta04/sd.img")


def flash_from_sd(nand, *extra, max_ms=20000):
    r = simrun.run(["--machine", "gta04", "--rev", "A4", "--sd", sd_image(), "--nand", nand,
                    "--max-ms", max_ms,
                    "--input", r"{expect autoboot}x{expect gtaboot> }flash mlo\r{expect copies good}"]
                   + list(extra))
    assert "flash mlo" in r.serial, r.serial[-2000:]
    return r


def test_flash_mlo_then_nand_boot(mlo, tmp_path):
    nand = tmp_path / "fresh.img"            # does not exist: an erased chip
    r = flash_from_sd(nand)
    assert "4 of 4 copies good" in r.serial, r.serial
    assert_nand_boot(boot_nand(nand))
    # the flashed copies are the running MLO, in the ROM's layout
    with open(nand, "rb") as f:
        img = f.read()
    image = mlo[1]          # GP header, early part and the rest
    for blk in range(4):
        for p in range((len(image) + PAGE - 1) // PAGE):
            raw = img[(blk * PPB + p) * RAW:(blk * PPB + p + 1) * RAW]
            assert raw == page_with_ecc(image[p * PAGE:(p + 1) * PAGE]), (blk, p)


# Where a cut hits, as (block, step): step 0 is the erase, 1.. the page
# programs in their order. The GP header page goes last, in two programs:
# -2 its body with the page's final ECC, -1 the 8-byte GP header alone.
CUTS = [(0, 0), (0, 1), (0, "mid"), (0, -2), (0, -1), (1, 0), (1, 1), (1, -2), (1, -1),
        (2, "mid"), (3, -2), (3, -1)]


@pytest.mark.parametrize("block,step", CUTS, ids=["b%d-%s" % c for c in CUTS])
def test_power_cut_during_flash_leaves_bootable_nand(mlo, tmp_path, block, step):
    """One erase or page program of `flash mlo` loses power half way (the
    simulator's nand-powercut: half the page programmed, or half the block
    erased); the NAND, which held an older good image, must still boot."""
    npages = (len(mlo[1]) + PAGE - 1) // PAGE
    per_block = npages + 2
    step = {"mid": npages // 2, -2: npages, -1: npages + 1}.get(step, step)
    cut = block * per_block + step + 1
    nand = tmp_path / "n.img"
    mknand(nand, mlo[0])
    r = flash_from_sd(nand, "--inject", "nand-powercut:%d" % cut)
    assert r.report and r.report.get("result") == "poweroff", r.stderr + r.serial
    assert_nand_boot(boot_nand(nand))
