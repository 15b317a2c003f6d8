# SPDX-License-Identifier: GPL-2.0-or-later
"""The fault-injection matrix: the real MLO in the simulator, on SD cards that
are broken in one way each, or with --inject faults on the MMC, I2C and CPU.
Every case checks the console message naming the fault, the path taken (the
extlinux label that booted, the default files, or the console prompt), a
bound on virtual time, and, with --watch-writes, that SDRAM was written only
in the load windows, gtaboot's buffers at the top of RAM and the SDRAM sizing
probes. See docs/reliability.md for the matrix as a table."""
import os
import random
import re
import struct
import subprocess
import zlib

import pytest

import simrun

ROOT = simrun.ROOT
BUILD = os.path.join(ROOT, "build", "gta04")
MLO = os.path.join(BUILD, "MLO")
ELF = os.path.join(BUILD, "gtaboot.elf")
DTS = os.path.join(ROOT, "dts", "omap3-gta04-sim.dts")
DTB_NAME = "omap3-gta04a5.dtb"

# common/boot.h, common/main.c, the A5's 2 x 512 MiB on CS0/CS1
KERNEL_ADDR_R, FDT_ADDR_R, RAMDISK_ADDR_R = 0x82000000, 0x88000000, 0x88080000
FDT_HEADROOM = 0x10000
RAM_BASE, CS1_BASE, RAM_END = 0x80000000, 0xA0000000, 0xC0000000
SCRATCH = (RAM_END - 0x100000, RAM_END)
PAGE = 4096

# The whole chain with nothing bootable ends at the console within this.
CHAIN_MS = 5000
# A boot that works, with the faults recovered, hands off within this.
BOOT_US = 3000000

# The console once nothing booted: a prompt on the last line, with nothing
# after it ("> " of the echo loop, or the command console's prompt).
PROMPT = re.compile(r"\n[^\n]{0,24}[>#] $")

CONF = """TIMEOUT 1
DEFAULT main
LABEL main
  KERNEL /zImage
  FDT /omap3-gta04a5.dtb
  APPEND root=main
LABEL old
  KERNEL /old/zImage
  FDT /old/omap3-gta04a5.dtb
  APPEND root=old
"""


def zimage(size, seed):
    """A zImage-shaped file: NOPs, the magic, start/end fields, random body.
    The simulator stops at the hand-off, so it never runs."""
    k = bytearray(random.Random(seed).randbytes(size))
    k[0:0x24] = b"\x00\x00\xa0\xe1" * 9
    k[0x24:0x30] = struct.pack("<III", 0x016F2818, 0, size)
    return bytes(k)


def uimage(payload, load, entry, name=b"test kernel"):
    """A legacy uImage (ARM, Linux, kernel, uncompressed)."""
    hdr = struct.pack(">IIIIIIIBBBB32s", 0x27051956, 0, 0, len(payload), load, entry,
                      zlib.crc32(payload), 5, 2, 2, 0, name)
    hdr = hdr[:4] + struct.pack(">I", zlib.crc32(hdr)) + hdr[8:]
    return hdr + payload


@pytest.fixture(scope="module")
def fw():
    simrun.built(simrun.SIM, MLO, ELF)
    return MLO


# A NAND-booted GTA04 is an A3/A4 (the A5's package has OneNAND): 2 x 256 MiB
NAND_BOARD = ("--rev", "A4")
NAND_RAM = (0x90000000, 0xA0000000)


@pytest.fixture(scope="module")
def mlo_nand(fw, tmp_path_factory):
    """A NAND with only gtaboot's MLO in blocks 0-3. The ROM then boots from
    NAND (SYS_BOOT 0x0F tries it first) and the early part reads the rest of
    the MLO from there: for faults that leave the SD card unusable, which
    with an SD boot could not deliver the rest of the MLO at all (that case:
    tests/system/test_mlo_rest.py)."""
    simrun.built("build/tools/mknand")
    img = str(tmp_path_factory.mktemp("mlonand") / "nand.img")
    subprocess.run([os.path.join(ROOT, "build", "tools", "mknand"), "--mlo", fw, img],
                   check=True, capture_output=True)
    return img


@pytest.fixture(scope="module")
def dtbs(tmp_path_factory):
    """The simulator's GTA04 tree, and a copy with one more property, so
    that the two files on the card differ from their first block on."""
    d = tmp_path_factory.mktemp("dtb")
    out, old = str(d / DTB_NAME), str(d / "old.dtb")
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", out, DTS], check=True)
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-p", "256", "-o", old, DTS],
                   check=True)
    subprocess.run(["fdtput", "-t", "s", old, "/", "gtaboot-test", "old"], check=True)
    with open(out, "rb") as f, open(old, "rb") as g:
        return f.read(), g.read()


@pytest.fixture(scope="module")
def dtb(dtbs):
    return dtbs[0]


class Card:
    """An SD image made by tools/mksd.sh, and the files on it."""

    def __init__(self, path, files):
        self.path, self.files = path, files

    def lba(self, name, block=0):
        """The card block holding 512-byte block `block` of file `name`,
        found by content (the test files are random, so unique)."""
        chunk = self.files[name][block * 512:(block + 1) * 512]
        with open(self.path, "rb") as f:
            img = f.read()
        off = img.find(chunk)
        assert off >= 0 and off % 512 == 0 and img.find(chunk, off + 1) < 0
        return off // 512


@pytest.fixture
def card(tmp_path, fw, dtbs):
    """make(overrides) -> Card. Default contents: the extlinux.conf above,
    /zImage, /old/zImage, the DTB in / and /old. A value of None removes
    a file."""
    def make(**over):
        files = {
            "extlinux/extlinux.conf": CONF.encode(),
            "zImage": zimage(300 * 1024, 1),
            DTB_NAME: dtbs[0],
            "old/zImage": zimage(200 * 1024, 2),
            "old/" + DTB_NAME: dtbs[1],
            # the default name on the simulated A5, whose package has
            # OneNAND; boot_cpuid_phys 1 keeps its bytes apart from DTB_NAME's
            "omap3-gta04a5one.dtb": dtbs[0][:0x1C] + b"\0\0\0\1" + dtbs[0][0x20:],
        }
        for k, v in over.items():
            files[k.replace("__", "/")] = v
        files = {k: v for k, v in files.items() if v is not None}
        args = []
        for i, (name, data) in enumerate(files.items()):
            src = tmp_path / ("f%d" % i)
            src.write_bytes(data)
            args += ["--file", "%s:%s" % (src, name)]
        img = str(tmp_path / "sd.img")
        size = 40 + (max(len(v) for v in files.values()) >> 20) * 2
        subprocess.run([os.path.join(ROOT, "tools", "mksd.sh"), "--out", img, "--size",
                        str(size), "--mlo", fw] + args, check=True, capture_output=True)
        return Card(img, files)

    return make


def boot(card, *extra, max_ms=CHAIN_MS):
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", card.path, "--watch-writes",
                    "--max-ms", max_ms] + list(extra))
    assert r.report is not None, r.stderr
    return r


def pages(a, b):
    return a // PAGE * PAGE, -(-b // PAGE) * PAGE


def allowed_ranges(card, extra=(), cs1=CS1_BASE, end=RAM_END):
    """Where a boot from this card may write: the load windows sized by the
    largest file that could land there, gtaboot's buffers, the sizing
    probes (arch/arm/omap3/sdrc.c: base, and base + 2^k for every address
    bit from the first column bit, 2^2, up)."""
    def biggest(pred):
        return max([len(v) for k, v in card.files.items() if pred(k)] or [0])

    kern = biggest(lambda k: "Image" in k or k.endswith("big"))
    fdt = biggest(lambda k: k.endswith(".dtb")) + FDT_HEADROOM
    initrd = biggest(lambda k: "initrd" in k.lower())
    out = [(KERNEL_ADDR_R, KERNEL_ADDR_R + kern), (FDT_ADDR_R, FDT_ADDR_R + fdt),
           (RAMDISK_ADDR_R, RAMDISK_ADDR_R + initrd), (end - 0x200000, end),
           cold_window(end)] + list(extra)
    for base in (RAM_BASE, cs1):
        out.append((base, base + 8))
        off = 1 << 2
        while off < 0x20000000:
            out.append((base + off, base + off + 4))
            off <<= 1
    return [pages(a, b) for a, b in out if b > a]


def elf_symbols():
    """name -> (value, type) from gtaboot.elf (readelf keeps the Thumb bit)."""
    out = subprocess.run(["arm-none-eabi-readelf", "-sW", ELF], check=True,
                         capture_output=True, text=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 8 and parts[0][:-1].isdigit():
            syms[parts[7]] = (int(parts[1], 16), parts[3])
    return syms


def cold_window(end):
    """Where gtaboot unpacks the code that runs from SDRAM and, right
    behind it, where the early part reads the packed cold part to: the
    physical megabyte below its 2 MiB of buffers at the top of RAM
    (arch/arm/omap3/memmap.h), which the MMU shows at the cold part's link
    address (__cold_start up to __cold_window_end: the LZMA decoder's
    probabilities and the window's page table are behind the stage; the
    simulator's write monitor records physical pages). Only the part the symbols cover."""
    syms = elf_symbols()
    if "__cold_start" not in syms or "__cold_bss_end" not in syms:
        return (0, 0)
    base = syms["__cold_start"][0]
    top = syms["__cold_bss_end"][0]
    if "__cold_stage_end" in syms:
        assert syms["__cold_stage_start"][0] >= top
        top = syms["__cold_stage_end"][0]
    if "__cold_window_end" in syms:
        assert syms["__cold_window_end"][0] >= top
        top = syms["__cold_window_end"][0]
    assert top - base <= 0x100000, "the cold window is one MMU section"
    window = end - 0x300000
    return (window, window + (top - base))


def assert_writes_inside(r, allowed):
    writes = r.report["sdram_writes"]
    assert writes is not None, "the simulator has no --watch-writes"
    # The screen's framebuffer (common/display.c), where the console says.
    m = re.search(r"display: .*, framebuffer 0x([0-9a-f]{8})", r.serial)
    if m:
        fb = int(m.group(1), 16)
        allowed = list(allowed) + [(fb, fb + 480 * 640 * 2)]
    for a, b in writes:
        p = a
        while p < b:
            assert any(lo <= p and p + PAGE <= hi for lo, hi in allowed), \
                "SDRAM page 0x%08x written outside every window: %s" % (
                    p, [(hex(x), hex(y)) for x, y in writes])
            p += PAGE


def assert_booted(r, label, card, extra_windows=(), max_us=BOOT_US, ram=(CS1_BASE, RAM_END)):
    """Handed off after 'Booting <label>' with its APPEND line."""
    out = r.serial
    assert r.report["result"] == "handoff", out + r.stderr
    h = r.report["handoff"]
    assert h["r2_dtb"] and h["r0_zero"] and h["r1_dt"]
    assert h["virtual_us"] < max_us, h["virtual_us"]
    last = out.rfind("Booting ")
    assert last >= 0, out
    if label == "default":
        assert out[last:].startswith("Booting default files"), out[last:]
    else:
        assert out[last:].startswith("Booting '%s'" % label), out[last:]
        assert "Command line: root=%s" % label in out[last:], out[last:]
    assert_writes_inside(r, allowed_ranges(card, extra_windows, *ram))


def assert_prompt(r, card, ram=(CS1_BASE, RAM_END)):
    """Nothing booted: the console prompt within CHAIN_MS of reset."""
    out = r.serial
    assert r.report["handoff"] is None, out
    assert r.report["result"] == "timeout", out + r.stderr  # still at the prompt
    assert PROMPT.search(out), "no prompt within %d ms:\n%s" % (CHAIN_MS, out[-600:])
    assert_writes_inside(r, allowed_ranges(card, (), *ram))


# ------------------------------------------------------------ the baseline

def test_clean_boot_writes_only_windows(card):
    c = card()
    r = boot(c)
    assert "Starting kernel at 0x82000000, DTB at 0x88000000" in r.serial
    assert_booted(r, "main", c)
    # the map is real: the kernel and DTB pages were written
    w = r.report["sdram_writes"]
    assert any(a <= KERNEL_ADDR_R < b for a, b in w)
    assert any(a <= FDT_ADDR_R < b for a, b in w)


def test_watch_detects_a_write_outside(card):
    """The check above is able to fail: without the kernel window, the
    kernel's own pages count as stray writes."""
    c = card()
    r = boot(c)
    allowed = [x for x in allowed_ranges(c) if x[0] != KERNEL_ADDR_R]
    with pytest.raises(AssertionError, match="outside every window"):
        assert_writes_inside(r, allowed)


# ------------------------------------------------------------ MMC faults
# Transient (COUNT 1): the driver retries and the first label boots.
# Persistent (COUNT -1): the chain moves on to the next thing that can work.

MMC_TRANSIENT = [
    # phase, spec (a function of the card), the message the retry follows
    ("card init: ACMD41's CMD55", lambda c: "mmc-timeout:55:1", "CMD55 command timeout"),
    ("card init: CID", lambda c: "mmc-timeout:2:1", "CMD2 command timeout"),
    ("card init: RCA", lambda c: "mmc-timeout:3:1", "CMD3 command timeout"),
    ("card init: CSD", lambda c: "mmc-timeout:9:1", "CMD9 command timeout"),
    ("MBR read", lambda c: "mmc-crc:0:1", "read of 1 block at 0: data CRC error"),
    ("FAT mount: boot sector", lambda c: "mmc-crc:2048:1", "at 2048: data CRC error"),
    ("extlinux.conf read",
     lambda c: "mmc-crc:%d:1" % c.lba("extlinux/extlinux.conf"), "data CRC error"),
    ("kernel load", lambda c: "mmc-crc:%d:1" % c.lba("zImage", 100), "data CRC error"),
    ("DTB load", lambda c: "mmc-crc:%d:1" % c.lba(DTB_NAME), "data CRC error"),
    ("multi-block read", lambda c: "mmc-timeout:18:1", "command timeout"),
]


@pytest.mark.parametrize("phase,spec,msg", MMC_TRANSIENT, ids=[m[0] for m in MMC_TRANSIENT])
def test_mmc_transient_fault_is_retried(card, phase, spec, msg):
    c = card()
    r = boot(c, "--inject", spec(c))
    assert msg in r.serial, r.serial
    if phase.startswith("card init"):
        assert "mmc1: card initialisation failed (ETIMEDOUT); retrying" in r.serial
    assert_booted(r, "main", c)


MMC_PERSISTENT = [
    # phase, spec, message, outcome: a label, "default" or "prompt"
    ("card init", lambda c: "mmc-timeout:55:-1", "CMD55 command timeout", "prompt"),
    ("MBR", lambda c: "mmc-crc:0:-1", "boot: no boot partition on mmc1 (EBADMSG)", "prompt"),
    ("FAT boot sector", lambda c: "mmc-crc:2048:-1", "is not a usable FAT file system",
     "prompt"),
    ("extlinux.conf", lambda c: "mmc-crc:%d:-1" % c.lba("extlinux/extlinux.conf"),
     "boot: cannot read /extlinux/extlinux.conf (EBADMSG)", "default"),
    ("kernel", lambda c: "mmc-crc:%d:-1" % c.lba("zImage", 100),
     "kernel: reading /zImage failed (EBADMSG)", "old"),
    ("DTB", lambda c: "mmc-crc:%d:-1" % c.lba(DTB_NAME),
     "fdt: reading /omap3-gta04a5.dtb failed (EBADMSG)", "old"),
    ("every multi-block read", lambda c: "mmc-timeout:18:-1", "(ETIMEDOUT)", "prompt"),
]


@pytest.mark.parametrize("phase,spec,msg,outcome", MMC_PERSISTENT,
                         ids=[m[0] for m in MMC_PERSISTENT])
def test_mmc_persistent_fault_falls_back(card, dtbs, mlo_nand, phase, spec, msg, outcome):
    # the A4's default DTB name too, for the "default" outcome
    c = card(**{"omap3-gta04a4.dtb": dtbs[1]})
    r = boot(c, *NAND_BOARD, "--nand", mlo_nand, "--inject", spec(c))
    assert msg in r.serial, r.serial
    if outcome == "prompt":
        assert_prompt(r, c, NAND_RAM)
    else:
        assert_booted(r, outcome, c, ram=NAND_RAM)
    if outcome == "old":
        assert "boot: label 'main' failed" in r.serial


# ------------------------------------------------------------ TWL4030 (I2C1)

def test_twl4030_charger_nack_warns_and_boots(card):
    """BB_CFG (0x4B register 0x6D) not acknowledged: no charger settings,
    a warning, and the boot goes on."""
    c = card()
    r = boot(c, "--inject", "i2c-nack-reg:0x4b6d:-1")
    assert "twl4030: backup-battery charger not set (ENXIO)" in r.serial
    assert "backup battery charging on" not in r.serial
    assert r.report["bb_cfg"] == 0  # the model's register was never written
    assert_booted(r, "main", c)


@pytest.mark.parametrize("spec", ["i2c-nack:0x4b:-1", "i2c-nack-reg:0x4b82:-1"],
                         ids=["PM address", "VMMC1_DEV_GRP"])
def test_twl4030_nack_leaves_sd_unpowered(card, mlo_nand, spec):
    """Booted from NAND, so that the ROM has not powered the card either."""
    c = card()
    r = boot(c, *NAND_BOARD, "--nand", mlo_nand, "--inject", spec)
    assert "twl4030: cannot switch VMMC1 on (ENXIO): no SD card power" in r.serial
    assert "boot: nothing to boot from on mmc1" in r.serial
    assert "mmc1: SDSC" not in r.serial
    assert_prompt(r, c, NAND_RAM)


def test_twl4030_transient_nack_is_retried(card):
    """One lost VMMC1_DEV_GRP write: retried, the card is powered, the
    default label boots."""
    c = card()
    r = boot(c, "--inject", "i2c-nack-reg:0x4b82:1")
    assert "twl4030: VMMC1 write failed (ENXIO); retrying" in r.serial
    assert "no SD card power" not in r.serial
    assert "mmc1: SDSC" in r.serial
    assert_booted(r, "main", c)


# ------------------------------------------------------------ broken files

def test_corrupt_dtb_falls_back(card, dtb):
    bad = bytearray(dtb)
    bad[8:16] = b"\xff" * 8  # structure and strings offsets
    c = card(**{DTB_NAME: bytes(bad)})
    r = boot(c)
    assert re.search(r"fdt: .*\(E[A-Z]+\)", r.serial), r.serial
    assert "boot: label 'main' failed" in r.serial
    assert_booted(r, "old", c)


def test_dtb_whose_property_length_wraps_falls_back(card):
    """A property length of 0xfffffff4 sent libfdt 1.6.1's checker round in
    circles: the boot hung after 'Command line:' (found by fuzzing)."""
    with open(os.path.join(ROOT, "tests", "fuzz", "corpus", "fuzz_fdt_fixup",
                           "crash-timeout-proplen-wraps"), "rb") as f:
        bad = f.read()
    c = card(**{DTB_NAME: bad})
    r = boot(c)
    assert "fdt: FDT_ERR_BADSTRUCTURE (EBADMSG)" in r.serial, r.serial[-800:]
    assert "boot: label 'main' failed (EBADMSG)" in r.serial
    assert_booted(r, "old", c)


def test_dtb_broken_by_its_v17_conversion_falls_back(card):
    """A version 16 DTB with size_dt_strings 0: libfdt accepts it, but its
    version 17 copy has no property names; gtaboot used to patch and pass
    that on to the kernel (found by fuzzing)."""
    with open(os.path.join(ROOT, "tests", "fuzz", "corpus", "fuzz_fdt_fixup",
                           "crash-v16-no-strings-size"), "rb") as f:
        bad = f.read()
    c = card(**{DTB_NAME: bad})
    r = boot(c)
    assert "fdt: device tree damaged by its conversion to version 17 (EBADMSG)" in r.serial, \
        r.serial[-800:]
    assert_booted(r, "old", c)


def test_truncated_zimage_falls_back(card):
    k = zimage(300 * 1024, 1)
    c = card(zImage=k[:200 * 1024])
    r = boot(c)
    assert "kernel: zImage truncated (file shorter than its header says) (EBADMSG)" in r.serial
    assert_booted(r, "old", c)


def test_uimage_crc_mismatch_falls_back(card):
    u = bytearray(uimage(zimage(100 * 1024, 3), KERNEL_ADDR_R + 64, KERNEL_ADDR_R + 64))
    u[5000] ^= 0x40
    c = card(zImage=bytes(u))
    r = boot(c)
    assert "kernel: uImage data CRC mismatch (EBADMSG)" in r.serial
    assert_booted(r, "old", c)


def test_uimage_relocated_onto_the_initrd_is_refused(card):
    """A uImage whose load address puts the kernel over the initrd window
    (0x88080000): gtaboot must refuse it, not let the initrd overwrite it."""
    load = RAMDISK_ADDR_R - 0x8000
    u = uimage(zimage(256 * 1024, 4), load, load)
    conf = CONF.replace("  FDT /omap3-gta04a5.dtb\n", "  FDT /omap3-gta04a5.dtb\n"
                        "  INITRD /initrd.img\n", 1)
    c = card(zImage=u, **{"extlinux/extlinux.conf": conf.encode(),
                          "initrd.img": random.Random(5).randbytes(64 * 1024)})
    r = boot(c)
    assert re.search(r"error: (kernel|initrd) 0x8[0-9a-f]+-0x[0-9a-f]+ overlaps", r.serial), \
        r.serial
    assert_booted(r, "old", c, extra_windows=[(load, load + 256 * 1024)])


def test_kernel_too_large_for_its_window(card):
    """A kernel reaching past ramdisk_addr_r (0x83000000, set in uEnv.txt
    as Letux-era cards do) into the initrd's window."""
    conf = CONF.replace("  FDT /omap3-gta04a5.dtb\n", "  FDT /omap3-gta04a5.dtb\n"
                        "  INITRD /initrd.img\n", 1).replace("KERNEL /zImage", "KERNEL /big", 1)
    c = card(big=zimage(0x1000000 + 0x10000, 6),
             **{"extlinux/extlinux.conf": conf.encode(),
                "uEnv.txt": b"ramdisk_addr_r=0x83000000\n",
                "initrd.img": random.Random(7).randbytes(16 * 1024)})
    r = boot(c, max_ms=30000)
    # the initrd is loaded first (common/boot.c): the kernel's window is refused
    assert re.search(r"error: kernel 0x82000000-0x[0-9a-f]+ overlaps initrd", r.serial), r.serial
    assert_booted(r, "old", c, extra_windows=[(0x83000000, 0x83000000 + 16 * 1024)],
                  max_us=20000000)


def test_missing_kernel_falls_back(card):
    c = card(zImage=None)
    r = boot(c)
    assert "kernel: /zImage: not found" in r.serial
    assert "boot: label 'main' failed (ENOENT)" in r.serial
    assert_booted(r, "old", c)


def test_missing_dtb_falls_back(card):
    c = card(**{DTB_NAME: None})
    r = boot(c)
    assert "fdt: /omap3-gta04a5.dtb: not found" in r.serial
    assert_booted(r, "old", c)


def test_extlinux_syntax_errors_are_reported_and_the_rest_used(card):
    conf = ("TIMEOUT 1\nDEFAULT main\nBOGUS keyword\nTIMEOUT soon\nLABEL main\n"
            "  KERNEL\n  KERNEL /zImage\n  FDT /omap3-gta04a5.dtb\n  APPEND root=main\n")
    c = card(**{"extlinux/extlinux.conf": conf.encode()})
    r = boot(c)
    assert "/extlinux/extlinux.conf:3: unknown keyword: BOGUS" in r.serial
    assert "/extlinux/extlinux.conf:4: expects a number" in r.serial
    assert "/extlinux/extlinux.conf:6: missing argument" in r.serial
    assert_booted(r, "main", c)


def test_extlinux_default_names_a_missing_label(card):
    c = card(**{"extlinux/extlinux.conf": CONF.replace("DEFAULT main", "DEFAULT gone").encode()})
    r = boot(c)
    assert "DEFAULT 'gone' names no label" in r.serial
    assert_booted(r, "main", c)


def test_nothing_bootable_reaches_the_prompt_in_time(card):
    """Every label broken and no default kernel: each step says why, and the
    console is there within CHAIN_MS of reset."""
    conf = CONF.replace("KERNEL /old/zImage", "KERNEL /old/missing")
    c = card(zImage=None, **{"extlinux/extlinux.conf": conf.encode()})
    r = boot(c, max_ms=CHAIN_MS)
    out = r.serial
    for msg in ("kernel: /zImage: not found", "boot: label 'main' failed (ENOENT)",
                "kernel: /old/missing: not found", "boot: label 'old' failed (ENOENT)",
                "boot: no extlinux label booted; trying the default file names",
                "boot: no zImage or uImage in / or /boot",
                "boot: default files failed (ENOENT); trying NAND",
                "this board has OneNAND", "boot: no NAND (ENOTSUP)", "boot: nothing booted"):
        assert msg in out, out
    assert out.index("label 'main' failed") < out.index("label 'old' failed") \
        < out.index("default files failed") < out.index("boot: no NAND") \
        < out.index("nothing booted")
    assert_prompt(r, c)


def test_no_card_reaches_the_prompt_in_time(fw, tmp_path):
    """No SD at all (booted from a raw MLO through --load-raw is not the
    ROM's way; use a card with only a raw MLO and no partition)."""
    img = tmp_path / "raw.img"
    with open(MLO, "rb") as f:
        mlo = f.read()
    ch = bytearray(512)
    ch[0:20] = struct.pack("<II12x", 0x40, 12)
    ch[20:32] = b"CHSETTINGS".ljust(12, b"\0")
    ch[32:64] = b"\xff" * 32
    ch[0x40:0x4C] = struct.pack("<IBBHI", 0xC0C0C0C1, 0, 1, 0, 0)
    with open(img, "wb") as f:
        f.truncate(4 << 20)
        f.write(bytes(ch) + mlo)
    r = simrun.run(["--machine", "gta04", "--sd", str(img), "--watch-writes",
                    "--max-ms", CHAIN_MS])
    assert "boot: no boot partition on mmc1" in r.serial, r.serial
    assert PROMPT.search(r.serial), r.serial[-400:]
    assert r.report["handoff"] is None
    # nothing loaded: only gtaboot's own areas and the sizing probes
    assert_writes_inside(r, allowed_ranges(Card(str(img), {})))


# ------------------------------------------------------------ NAND, the last resort

NAND_KERNEL_PART_OFF = 0x280000  # board/gta04.c nand_kernel_off


@pytest.fixture
def nand(tmp_path, fw, dtbs):
    """A NAND image with gtaboot's MLO and, in the kernel partition, a
    uImage (its data CRC proves what was read) and, in the block after it,
    the DTB; returns (path, kernel)."""
    simrun.built("build/tools/mknand")
    kernel = uimage(zimage(300 * 1024, 9), KERNEL_ADDR_R + 64, KERNEL_ADDR_R + 64)
    kfile, dfile = tmp_path / "nk", tmp_path / "nd"
    kfile.write_bytes(kernel)
    dfile.write_bytes(dtbs[0])
    fdt_off = NAND_KERNEL_PART_OFF + (-(-len(kernel) // 0x20000)) * 0x20000
    img = str(tmp_path / "nand.img")
    subprocess.run([os.path.join(ROOT, "build", "tools", "mknand"), "--mlo", fw,
                    "--image", "%s@0x%x" % (kfile, NAND_KERNEL_PART_OFF),
                    "--image", "%s@0x%x" % (dfile, fdt_off), img], check=True,
                   capture_output=True)
    return img, kernel


@pytest.mark.parametrize("extra", [[], ["--inject", "nand-bitflip:%d:-1" % (
    NAND_KERNEL_PART_OFF // 2048 + 10)]], ids=["clean", "bit flip in the kernel"])
def test_sd_unreadable_falls_back_to_nand(card, nand, extra):
    """The SD card's MBR always fails its CRC: the chain ends in the NAND's
    kernel partition. A bit flipped on every read of a kernel page is
    corrected by the ECC: the uImage's data CRC still matches. An A4: the
    A5's package has OneNAND."""
    c = card()
    img, kernel = nand
    r = boot(c, "--rev", "A4", "--nand", img, "--inject", "mmc-crc:0:-1", *extra)
    out = r.serial
    assert "boot: no boot partition on mmc1 (EBADMSG)" in out
    assert "Booting from NAND (kernel partition at 0x280000)" in out, out
    assert "kernel: uImage 'test kernel'" in out and "CRC mismatch" not in out, out
    assert r.report["result"] == "handoff", out + r.stderr
    assert r.report["handoff"]["virtual_us"] < BOOT_US
    assert r.report["handoff"]["r2_dtb"]
    assert_writes_inside(r, allowed_ranges(c, [(KERNEL_ADDR_R, KERNEL_ADDR_R + len(kernel))],
                                           cs1=0x90000000, end=0xA0000000))


# ------------------------------------------------------------ CPU exception

def symbol(name):
    """A function's address with the Thumb bit."""
    value, kind = elf_symbols().get(name, (None, None))
    assert kind == "FUNC", name + " is no function in gtaboot.elf"
    return value


def test_exception_prints_registers_and_resets(card):
    """An undefined instruction in the DTB fix-up (as a corrupted code word
    would be): gtaboot's handler prints the registers and resets, 3 s later."""
    addr = symbol("fdtfix_memory")
    c = card()
    r = boot(c, "--inject", "cpu-undef:0x%x" % addr, max_ms=10000)
    out = r.serial
    pc = addr & ~1
    m = re.search(r"\*\*\* undefined instruction at pc ([0-9a-f]{8}) \((Thumb|ARM)\), "
                  r"cpsr ([0-9a-f]{8})", out)
    assert m, out
    assert int(m.group(1), 16) == pc
    assert m.group(2) == ("Thumb" if addr & 1 else "ARM")
    assert int(m.group(3), 16) & 0x1F == 0x13  # taken from SVC mode
    for reg in ["r0 ", "r4 ", "r8 ", "r12", "sp ", "lr "]:
        assert re.search(r"\b%s +[0-9a-f]{8}" % re.escape(reg.strip()), out), reg
    assert "resetting in 3 s" in out
    assert r.report["result"] == "reset", r.stderr
    assert r.report["handoff"] is None
    # the reset comes 3 s after the report, well within 5 s of power-on
    assert 3000000 < r.report["virtual_us"] < 3000000 + BOOT_US
    assert_writes_inside(r, allowed_ranges(c))
