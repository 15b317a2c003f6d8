# SPDX-License-Identifier: GPL-2.0-or-later
"""tools/mkmlo against U-Boot's mkimage -T omapimage, byte for byte, and its
refusals (TRM chapter 26 image formats; SPRUF98/SPRUGN4 "Initialization", image formats)."""
import os
import shutil
import struct
import subprocess
import zlib

import pytest
import simrun

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MKMLO = os.path.join(ROOT, "build", "tools", "mkmlo")


@pytest.fixture(scope="module")
def mkmlo():
    simrun.built("build/tools/mkmlo")
    return MKMLO


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True)


@pytest.mark.parametrize("size", [1, 100, 4096, 4097, 0xE000 - 8])
def test_ch_matches_mkimage(mkmlo, tmp_path, size):
    if not shutil.which("mkimage"):
        pytest.skip("mkimage (u-boot-tools) not installed")
    data = bytes((i * 7 + 3) & 0xFF for i in range(size))
    src = tmp_path / "in.bin"
    src.write_bytes(data)
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    r = run(mkmlo, "--load", "0x40200000", "--ch", str(src), str(ours))
    assert r.returncode == 0, r.stderr
    r = run("mkimage", "-T", "omapimage", "-a", "0x40200000", "-d", str(src), str(theirs))
    assert r.returncode == 0, r.stderr
    assert ours.read_bytes() == theirs.read_bytes()


def test_gp_header_only(mkmlo, tmp_path):
    data = os.urandom(1234)
    src = tmp_path / "in.bin"
    src.write_bytes(data)
    out = tmp_path / "MLO"
    r = run(mkmlo, "--load", "0x40200800", str(src), str(out))
    assert r.returncode == 0, r.stderr
    blob = out.read_bytes()
    assert struct.unpack("<II", blob[:8]) == (len(data), 0x40200800)
    assert blob[8:] == data


def test_refuses_image_too_large_for_sram(mkmlo, tmp_path):
    src = tmp_path / "big.bin"
    # 0x40200000 + 0xF001 ends past 0x4020F000, where the ROM's area starts
    src.write_bytes(b"\0" * (0xF000 + 1))
    out = tmp_path / "MLO"
    r = run(mkmlo, "--load", "0x40200000", str(src), str(out))
    assert r.returncode != 0
    assert "0x4020f000" in r.stderr.lower()
    assert not out.exists()
    # the largest image that fits is accepted, and one byte more is not
    src.write_bytes(b"\0" * 0xF000)
    assert run(mkmlo, "--load", "0x40200000", str(src), str(out)).returncode == 0
    # with --ch the GP size also counts its own 8 bytes, as mkimage's does
    assert run(mkmlo, "--load", "0x40200000", "--ch", str(src), str(out)).returncode != 0
    src.write_bytes(b"\0" * (0xF000 - 0x800 + 1))
    assert run(mkmlo, "--load", "0x40200800", str(src), str(out)).returncode != 0


def test_refuses_load_outside_sram(mkmlo, tmp_path):
    src = tmp_path / "in.bin"
    src.write_bytes(b"\1" * 16)
    out = tmp_path / "MLO"
    for addr in ("0x80000000", "0x4020F000", "0x40200002", "0"):
        assert run(mkmlo, "--load", addr, str(src), str(out)).returncode != 0, addr


def test_usage_errors(mkmlo, tmp_path):
    src = tmp_path / "in.bin"
    src.write_bytes(b"\1")
    assert run(mkmlo, str(src), str(tmp_path / "o")).returncode != 0      # no --load
    assert run(mkmlo, "--load", "0x40200000", str(src)).returncode != 0   # no OUT
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    assert run(mkmlo, "--load", "0x40200000", str(empty), str(tmp_path / "o")).returncode != 0


def test_firmware_mlo_header(mkmlo):
    """The built MLO carries the whole firmware, its GP header declaring only
    the early part named by the MLO descriptor (start.S, offset 0x3C); the
    descriptor's length and CRC describe the rest."""
    simrun.built("build/gta04/MLO", "build/gta04/gtaboot.bin")
    out = os.path.join(ROOT, "build", "gta04")
    mlo = open(os.path.join(out, "MLO"), "rb").read()
    binary = open(os.path.join(out, "gtaboot.bin"), "rb").read()
    magic, early, total, crc = struct.unpack_from("<4I", binary, 0x3C)
    assert magic == 0x4F4C4D47
    assert struct.unpack("<II", mlo[:8]) == (early, 0x40200000)
    assert mlo[8:] == binary
    assert total == len(binary)
    assert struct.unpack("<I", binary[-4:])[0] == crc == zlib.crc32(binary[early:-4])
    # The 16 KiB goal is reported by `make bench`; the ROM's hard limit:
    assert early <= 0xE000, "the ROM copies at most 0xE000 bytes"


def test_short_needs_descriptor(mkmlo, tmp_path):
    """--short refuses an image without gtaboot's MLO descriptor."""
    src = tmp_path / "in.bin"
    src.write_bytes(os.urandom(4096))
    r = run(mkmlo, "--load", "0x40200000", "--short", str(src), str(tmp_path / "o"))
    assert r.returncode != 0
    assert "descriptor" in r.stderr


def test_short_header(mkmlo, tmp_path):
    """--short: GP size from the descriptor, the whole image in the file;
    with --ch the GP size also counts the GP header, as mkimage's does."""
    img = bytearray(os.urandom(8192))
    struct.pack_into("<II", img, 0x3C, 0x4F4C4D47, 0x1000)
    src = tmp_path / "in.bin"
    src.write_bytes(bytes(img))
    out = tmp_path / "MLO"
    r = run(mkmlo, "--load", "0x40200000", "--short", str(src), str(out))
    assert r.returncode == 0, r.stderr
    blob = out.read_bytes()
    assert struct.unpack("<II", blob[:8]) == (0x1000, 0x40200000)
    assert blob[8:] == bytes(img)
    r = run(mkmlo, "--load", "0x40200000", "--short", "--ch", str(src), str(out))
    assert r.returncode == 0, r.stderr
    blob = out.read_bytes()
    assert struct.unpack("<II", blob[512:520]) == (0x1000 + 8, 0x40200000)
    assert blob[520:] == bytes(img)
