# SPDX-License-Identifier: GPL-2.0-or-later
"""Fixtures for the system tests: paths, test guests built from
tests/fixtures/sim-*.S, GP/CH headers and SD card images (cards.py). Tests
skip when a host tool is missing and fail when something `make check` builds
is (simrun.built)."""
import os
import shutil
import struct
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import cards  # noqa: E402
import debian_uboot  # noqa: E402
import simrun  # noqa: E402

ROOT = simrun.ROOT
SIM = simrun.SIM
FIXTURES = os.path.join(ROOT, "tests", "fixtures")
SRAM = 0x40200000


# The longest files first (host seconds of their tests, summed:
# build/check-logs/durations-by-file.txt of a fresh-clone make check, with
# the BeagleBoard's new EFI runs to the prompt and test_efi_uki.py, 62-82
# s, added by their own measures): with --dist loadfile the two workers
# take whole files in collection order, and a long file collected last
# would leave one worker idle while the other finishes it. Files not named
# keep their order after these. test_uboot_env.py boots Debian's U-Boot for the run
# (debian_uboot.py): test_uboot.py and test_uboot_help.py, which read
# that boot too, come late, so that the other worker does not wait for it.
LONG_FILES = ["test_usbhost_dfu.py", "test_efi.py", "test_nand.py", "test_efi_uki.py",
              "test_efi_sdboot.py", "test_unbrick.py", "test_efi_grub.py", "test_faults.py",
              "test_ubenv_fat.py", "test_usbhost.py", "test_beagle.py", "test_touch.py",
              "test_linux.py", "test_flash_kernel_linux.py", "test_ext4_boot.py",
              "test_rom_usb.py", "test_ubenv.py", "test_uboot_env.py", "test_linux_shell.py",
              "test_letux.py", "test_display.py", "test_console.py", "test_loadb.py",
              "test_lava.py", "test_battery_model.py", "test_ubenv_single.py", "test_pty_end.py",
              "test_power.py", "test_usb_clock.py", "test_usbhost_ums.py", "test_rauc.py",
              "test_loady_pty.py", "test_bootcount.py", "test_letux_nand.py", "test_sim_rom.py",
              "test_debian_kernel.py", "test_mem_cmds.py", "test_initramfs.py", "test_payload.py",
              "test_rom_cards.py", "test_mtd_cmds.py", "test_mlo_rest.py", "test_poweroff.py",
              "test_gpio_cmds.py", "test_letux_card.py", "test_cold_order.py",
              "test_serial_load.py", "test_image_cmds.py", "test_fs_cmds.py", "test_storage.py",
              "test_shell.py", "test_env_cmds.py", "test_distro.py"]


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(LONG_FILES)}
    items.sort(key=lambda item: rank.get(os.path.basename(str(item.fspath)), len(rank)))


def need(*tools):
    for t in tools:
        if not shutil.which(t) and not os.path.exists(t):
            pytest.skip(t + " not installed")


@pytest.fixture(scope="session")
def sim():
    return simrun.built("build/sim/gtaboot-sim")


@pytest.fixture(scope="session")
def uboot_boot(sim, tmp_path_factory):
    """Debian's U-Boot booted once for the run (debian_uboot.py): its
    simrun.Run and the NAND its saveenv wrote."""
    if not debian_uboot.available():
        pytest.skip("Debian's U-Boot not fetched (tools/fetch-debs.sh)")
    need("sfdisk", "mkfs.vfat", "mcopy")
    return debian_uboot.session(tmp_path_factory)


class Guest:
    """A test guest linked at SRAM: its flat binary and its symbols."""

    def __init__(self, binary, symbols, load):
        self.binary, self.symbols, self.load = binary, symbols, load

    def sym(self, name):
        return self.symbols[name]


@pytest.fixture(scope="session")
def guest(tmp_path_factory):
    need("arm-none-eabi-gcc", "arm-none-eabi-objcopy", "arm-none-eabi-nm")
    out = tmp_path_factory.mktemp("guests")
    cache = {}

    def build(name, load=SRAM):
        key = (name, load)
        if key in cache:
            return cache[key]
        src = os.path.join(FIXTURES, name + ".S")
        elf = str(out / ("%s-%x.elf" % (name, load)))
        binf = str(out / ("%s-%x.bin" % (name, load)))
        subprocess.run(["arm-none-eabi-gcc", "-nostdlib", "-mcpu=cortex-a8",
                        "-Wl,-Ttext=0x%x" % load, "-Wl,--no-warn-rwx-segments",
                        "-o", elf, src], check=True)
        subprocess.run(["arm-none-eabi-objcopy", "-O", "binary", elf, binf], check=True)
        nm = subprocess.run(["arm-none-eabi-nm", elf], check=True, capture_output=True,
                            text=True).stdout
        syms = {}
        for line in nm.splitlines():
            parts = line.split()
            if len(parts) == 3:
                syms[parts[2]] = int(parts[0], 16)
        with open(binf, "rb") as f:
            cache[key] = Guest(f.read(), syms, load)
        return cache[key]

    return build


def gp_image(code, load=SRAM, size=None):
    """GP header (size, load address) followed by the code."""
    return struct.pack("<II", len(code) if size is None else size, load) + code


def ch_header(valid=0):
    """A 512-byte configuration header with one CHSETTINGS TOC entry."""
    ch = bytearray(512)
    ch[0:20] = struct.pack("<II12x", 0x40, 12)
    ch[20:32] = b"CHSETTINGS".ljust(12, b"\0")
    ch[32:64] = b"\xff" * 32
    ch[0x40:0x4C] = struct.pack("<IBBHI", 0xC0C0C0C1, valid, 1, 0, 0)
    return bytes(ch)


@pytest.fixture(scope="session")
def sdcard(tmp_path_factory):
    """make(files={name: bytes}, fat=16|32, size_mb) -> path of an SD image
    with an MBR and one active FAT partition holding the files (cards.py)."""
    need("sfdisk", "mkfs.vfat", "mcopy")
    out = tmp_path_factory.mktemp("sd")
    count = [0]

    def make(files, fat=32, size_mb=None, ptype=None):
        count[0] += 1
        return cards.fat_card(out / ("sd%d.img" % count[0]), files, bits=fat, size_mb=size_mb,
                              ptype=ptype)

    return make


@pytest.fixture(scope="session")
def rawcard(tmp_path_factory):
    """make(image_bytes, sector) -> an SD image with a CH + GP image at sector."""
    out = tmp_path_factory.mktemp("raw")
    count = [0]

    def make(data, sector=0, size_mb=4):
        count[0] += 1
        img = str(out / ("raw%d.img" % count[0]))
        with open(img, "wb") as f:
            f.truncate(size_mb << 20)
            f.seek(sector * 512)
            f.write(ch_header() + data)
        return img

    return make
