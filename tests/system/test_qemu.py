# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot under qemu-linaro, the QEMU fork with the OMAP3 BeagleBoard
machines (docs/qemu.md): the real MLO, Debian's armmp kernel and the busybox
initramfs of tools/mkinitramfs.sh on a card made by tools/qemu-linaro.sh,
booted by that script. Runs only where qemu-linaro was built
(tools/qemu-linaro.sh build -> build/qemu-linaro/bin/qemu-system-arm);
skipped otherwise, as in CI, which has no copy of the fork."""
import os
import random
import re
import subprocess
import zlib

import pytest

import simrun
from qemurun import PROMPT, QEMU, ROOT, SCRIPT, SHELL, Qemu
from test_loady import EOT, block

pytestmark = pytest.mark.skipif(not os.access(QEMU, os.X_OK),
                                reason="skipped: qemu-linaro not built")


def make_card(tmp, board, *extra):
    img = str(tmp / ("%s.img" % board))
    r = subprocess.run([SCRIPT, "card", "--board", board, "--out", img] + list(extra),
                       capture_output=True, text=True)
    if r.returncode:
        pytest.skip("no qemu card: " + (r.stderr or r.stdout)[-300:])
    return img


@pytest.fixture(scope="module")
def beagle_card(tmp_path_factory):
    return make_card(tmp_path_factory.mktemp("qemu"), "beagle")


@pytest.fixture(scope="module")
def gta04_card(tmp_path_factory):
    return make_card(tmp_path_factory.mktemp("qemu"), "gta04")


@pytest.fixture
def qemu():
    runs = []

    def start(*args):
        q = Qemu(*args)
        runs.append(q)
        return q

    yield start
    for q in runs:
        q.close()


def kernel_mem_kib(q):
    """The kernel's total from 'Memory: 220432K/260096K available'."""
    return int(q.expect(rb"Memory: \d+K/(\d+)K available", 30).group(1))


def to_prompt(q):
    """Stop the countdown: a key stops it at the prompt."""
    q.expect(rb"Hit any key to stop autoboot", 30)
    q.send(b"x")
    q.expect(re.escape(PROMPT), 10)


# ---------------------------------------------------------------- autoboot

def test_beagle_autoboot_to_busybox_shell(qemu, beagle_card):
    q = qemu("--board", "beagle", "--card", beagle_card)
    q.expect(rb"gtaboot \S+ \(\S+\) for BeagleBoard C4\r\n", 30)
    q.expect(rb"DRAM: CS0 128 MiB, CS1 128 MiB, total 256 MiB")
    q.expect(rb"Boot: MMC1 \(ROM\)")
    q.expect(rb"Starting kernel at 0x82000000")
    # the images, in whatever order gtaboot loads them
    for line in (rb"kernel  /zImage -> 0x82000000", rb"initrd  /initrd\.img -> 0x88080000",
                 rb"fdt     /dtbs/omap3-beagle\.dtb -> 0x88000000"):
        assert re.search(line, q.buf), line
    # Linux needs no console=: /chosen/stdout-path names UART3 (ttyO2).
    q.expect(rb"Machine model: TI OMAP3 BeagleBoard")
    total = kernel_mem_kib(q)
    assert 248 << 10 < total <= 256 << 10, total     # all of both 128 MB banks
    q.expect(rb"gtaboot-initramfs: up on Linux \S+-armmp", 40)
    q.expect(re.escape(SHELL), 10)
    # $((...)) so that the markers match the output, not the echoed line
    q.send(b"echo A$((1+1)); cat /proc/cmdline; cat /sys/class/tty/console/active;"
           b" echo B$((1+1))\n")
    m = q.expect(rb"A2\r?\n(.*?)\r?\n(.*?)\r?\nB2", 10)
    assert b"bootcount" not in m.group(1)              # counting is off by default
    assert b"ttyO2" in m.group(2).split()               # the console: UART3


def test_gta04_on_beaglexm_model_and_memory(qemu, gta04_card):
    """The GTA04 build on -M beaglexm (512 MB) boots the A5 tree. The memory
    it hands over is what it identified and probed: qemu-linaro fits the
    Beagle's NAND (ID 2c ba) on the xM too, which real xMs do not have; no
    GTA04 package has that ID, so gtaboot uses its safest set (2 x 128 MiB
    geometry) and passes 256 MB (docs/qemu.md). Linux must see what gtaboot
    found."""
    q = qemu("--board", "gta04", "--card", gta04_card)
    q.expect(rb"gtaboot \S+ \(\S+\) for GTA04 ", 30)
    found = int(q.expect(rb"DRAM: .*total (\d+) MiB").group(1))
    assert found in (256, 512), found
    q.expect(rb"Starting kernel at 0x82000000")
    assert re.search(rb"fdt     /dtbs/omap3-gta04a5\.dtb", q.buf)
    q.expect(rb"Machine model: Goldelico GTA04A5")
    total = kernel_mem_kib(q)
    assert (found - 8) << 10 < total <= found << 10, (found, total)
    # Past this point qemu-linaro's DM3730 I2C model times out under Linux
    # (docs/qemu.md): the shell comes, but about 90 s of kernel time later.


# ---------------------------------------------------------------- console

@pytest.fixture(scope="module")
def console(beagle_card):
    q = Qemu("--board", "beagle", "--card", beagle_card)
    try:
        to_prompt(q)
        yield q
    finally:
        q.close()


def test_prompt_version(console):
    out = console.command("version")
    assert out.startswith("gtaboot "), out


def test_mmc_info(console):
    out = console.command("mmc info")
    assert "Capacity: 64 MiB" in out, out
    assert "Bus Width: 4-bit" in out, out


def test_i2c_probe(console):
    out = console.command("i2c probe")
    # qemu-linaro's TWL4030 answers at its four addresses.
    assert out.startswith("Valid chip addresses: 48 49 4a 4b"), out


def test_fdt(console):
    out = console.command("load 81c00000 /dtbs/omap3-beagle.dtb")
    assert "bytes" in out, out
    console.command("fdt addr 81c00000")
    out = console.command("fdt get value m / model")
    assert not out.strip(), out
    assert console.command("echo $m").strip() == "TI OMAP3 BeagleBoard"
    out = console.command("fdt print /chosen")
    assert "chosen" in out, out




def test_loady(console):
    """A YMODEM batch as lrzsz's sb sends it (Forsberg, "XMODEM/YMODEM
    Protocol Reference", sections 5-7), each block once the receiver asked."""
    data = random.Random(13).randbytes(5000)
    q = console
    q.send(b"loady 84000000\r")
    q.expect(rb"Ctrl-C aborts\r\n", 10)
    q.expect(rb"C", 10)
    q.send(block(0, b"file.bin\x00%d 0 100644" % len(data), 128, b"\0"))
    q.expect(rb"\x06C", 10)
    off, num = 0, 1
    while off < len(data):
        size = 1024 if len(data) - off > 128 else 128
        q.send(block(num, data[off:off + size], size))
        q.expect(rb"\x06", 10)
        off, num = off + size, num + 1
    q.send(bytes([EOT]))
    q.expect(rb"\x15", 10)
    q.send(bytes([EOT]))
    q.expect(rb"\x06C", 10)
    q.send(block(0, b"", 128, b"\0"))
    q.expect(re.escape(PROMPT), 20)
    out = q.command("crc32 84000000 %x" % len(data))
    assert "%08x" % zlib.crc32(data) in out, out


# ---------------------------------------------------------------- NAND
# qemu-linaro's beagle machine fits a Micron NAND (ID 0xBA: 256 MiB, 2 KiB
# pages, 64-byte OOB) on GPMC CS0, and its ROM reads it before the card.

def nand_image(tmp_path):
    """gtaboot's MLO in blocks 0-3 in the ROM's layout (tools/mknand), the
    whole chip, pages and OOB interleaved: the file layout QEMU's NAND model
    uses when the file holds data and OOB (hw/block/nand.c)."""
    mknand = os.path.join(ROOT, "build", "tools", "mknand")
    simrun.built("build/tools/mknand", "build/beagle/MLO")
    img = str(tmp_path / "nand.img")
    subprocess.run([mknand, "--mlo", os.path.join(ROOT, "build", "beagle", "MLO"),
                    "--chip-mb", "256", "--full", img], check=True, stdout=subprocess.DEVNULL)
    assert os.path.getsize(img) == 131072 * 2112
    return img


def test_rom_boots_gtaboot_from_nand(qemu, beagle_card, tmp_path):
    q = qemu("--board", "beagle", "--card", beagle_card, "--nand", nand_image(tmp_path))
    q.expect(rb"gtaboot \S+ \(\S+\) for BeagleBoard C4\r\n", 30)
    q.expect(rb"Boot: NAND")
    # VMMC1 is switched on for the card after a NAND boot, which then boots.
    q.expect(rb"mmc1: SDSC 64 MiB")
    q.expect(rb"Starting kernel at 0x82000000", 30)


def test_flash_mlo_refuses_unverified_copies(qemu, beagle_card, tmp_path):
    """`flash mlo` reads every block back through the GPMC's ECC engine
    before trusting it. qemu-linaro's GPMC never feeds data to its ECC
    (hw/misc/omap_gpmc.c: GPMC_ECC_RESULTn read the reset value), so every
    copy fails verification: gtaboot must say so and keep the card, not
    claim a bootable NAND (docs/qemu.md)."""
    nand = str(tmp_path / "nand.img")   # created erased by qemu-linaro.sh
    q = qemu("--board", "beagle", "--card", beagle_card, "--nand", nand)
    to_prompt(q)
    out = q.command("flash mlo", timeout=50)
    if "4 of 4 copies good" in out:      # a fork that computes the ECC
        q.close()
        q = qemu("--board", "beagle", "--card", beagle_card, "--nand", nand)
        q.expect(rb"Boot: NAND", 30)
        return
    for b in range(4):
        assert "block %d: verify failed (EBADMSG), copy dropped" % b in out, out
    assert "0 of 4 copies good" in out, out
    assert "error: no good copy: the board will not boot from NAND; keep the SD card" in out
    assert q.command("version").startswith("gtaboot ")     # the console lives on
