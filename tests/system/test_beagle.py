# SPDX-License-Identifier: GPL-2.0-or-later
"""The BeagleBoard port in the simulator, and the ROM differences that
qemu-linaro's OMAP3 machines (-M beagle, -M beaglexm) bring.

BOARD=beagle on --machine beagle boots to the hand-off with Debian's
omap3-beagle.dtb (skipped when it cannot be fetched) and with gtaboot's own
dts/omap3-beagle-sim.dts: the memory node says 256 MB afterwards, and the
TWL4030 bci node gets no backup-battery properties. The entry differences
(--load-raw: r0 = 0; SYS mode; r0 into qemu-linaro's ROM at 0x40014044;
qemu-linaro's own block at 0x4020EE28; a misaligned r0; an erased NAND the
ROM tries first) all boot, each naming the boot source it could trust.
The GTA04 MLO on a Beagle-xM boots too, and the SD images that
tools/mkqemu-sd.sh makes for qemu-linaro boot in both machines. All SD
images come from tools/mksd.sh, FAT16 or FAT32."""
import os
import struct
import subprocess

import pytest

import simrun

ROOT = simrun.ROOT
MKSD = os.path.join(ROOT, "tools", "mksd.sh")
MKQEMU = os.path.join(ROOT, "tools", "mkqemu-sd.sh")
GET_DTBS = os.path.join(ROOT, "tests", "fixtures", "get-dtbs.sh")
MLO = {b: os.path.join(ROOT, "build", b, "MLO") for b in ("beagle", "gta04")}
BIN = os.path.join(ROOT, "build", "beagle", "gtaboot.bin")
QEMU_R0 = 0x4020EE28      # where qemu-linaro's ROM writes the boot block
QEMU_ROM_R0 = 0x40014044  # its copy inside the ROM: not to be trusted

BANNER_C4 = "for BeagleBoard C4"
SOC_3530 = "SoC: OMAP3530 ES3.1, MPU 500 MHz, L3 166 MHz"
DRAM_C4 = "DRAM: CS0 128 MiB, CS1 128 MiB, total 256 MiB (Micron 2 x 128 MiB)"
BB_PROPS = ("ti,bb-uvolt", "ti,bb-uamp")

@pytest.fixture(scope="module", autouse=True)
def firmware():
    for b in ("beagle", "gta04"):
        simrun.built("build/%s/MLO" % b, "build/%s/gtaboot.bin" % b, "build/sim/gtaboot-sim")


def fake_zimage(size=4096):
    """A zImage header (magic, start 0, end = size) and filler: enough for
    gtaboot's checks; the run stops at the hand-off, so it never runs."""
    img = bytearray((i * 7 + 3) & 0xFF for i in range(size))
    img[0x24:0x30] = struct.pack("<III", 0x016F2818, 0, size)
    return bytes(img)


@pytest.fixture
def card(tmp_path):
    """card(files={dest: bytes}, fat=16|32, mlo=board) -> image path."""
    count = [0]

    def make(files, fat=32, mlo="beagle"):
        count[0] += 1
        out = tmp_path / ("sd%d.img" % count[0])
        args = [MKSD, "--out", str(out), "--fat", str(fat),
                "--size", "64" if fat == 32 else "16", "--mlo", MLO[mlo]]
        for i, (dest, data) in enumerate(files.items()):
            src = tmp_path / ("f%d-%d" % (count[0], i))
            src.write_bytes(data)
            args += ["--file", "%s:%s" % (src, dest)]
        subprocess.run(args, check=True, capture_output=True)
        return str(out)

    return make


@pytest.fixture(scope="module")
def debian_dtb():
    r = subprocess.run([GET_DTBS], capture_output=True, text=True)
    path = os.path.join(r.stdout.strip(), "omap3-beagle.dtb")
    if r.returncode or not os.path.exists(path):
        pytest.skip("Debian's omap3-beagle.dtb not available: " + r.stderr.strip())
    with open(path, "rb") as f:
        return f.read()


@pytest.fixture(scope="module")
def sim_dtb(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("dtb") / "omap3-beagle-sim.dtb")
    subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", out,
                    os.path.join(ROOT, "dts", "omap3-beagle-sim.dts")], check=True)
    with open(out, "rb") as f:
        return f.read()


def boot(tmp_path, *args, max_ms=20000):
    """Run to the hand-off; return (Run, path of the DTB r2 pointed to)."""
    dtb = str(tmp_path / ("out%d.dtb" % len(list(tmp_path.glob("out*.dtb")))))
    r = simrun.run(["--max-ms", max_ms, "--dump-dtb", dtb] + list(args))
    return r, dtb


def assert_handoff(r):
    assert r.rc == 0 and r.report and r.report["result"] == "handoff", \
        r.stderr + r.serial
    h = r.report["handoff"]
    for k in ("svc_mode", "irq_fiq_masked", "arm_state", "mmu_off", "dcache_off",
              "r0_zero", "r1_dt", "r2_dtb"):
        assert h[k], (k, r.report)
    assert "warning" not in r.serial, r.serial


def fdt(dtb, *args):
    """fdtget DTB ARGS...: fdt(dtb, "-tx", "/memory", "reg")."""
    opts = [a for a in args if a.startswith("-")]
    rest = [a for a in args if not a.startswith("-")]
    return subprocess.run(["fdtget"] + opts + [dtb] + rest, capture_output=True, text=True)


def memory_banks(dtb):
    nodes = [n for n in fdt(dtb, "-l", "/").stdout.split() if n.startswith("memory")]
    assert len(nodes) == 1, nodes
    cells = [int(x, 16) for x in fdt(dtb, "-tx", "/" + nodes[0], "reg").stdout.split()]
    return list(zip(cells[0::2], cells[1::2]))


def find_nodes(dtb, compatible):
    """Paths of the nodes whose compatible list names compatible."""
    text = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", dtb], capture_output=True,
                          text=True, check=True).stdout
    found, path = [], []
    for line in text.splitlines():
        s = line.strip()
        if s.endswith("{"):
            name = s[:-1].strip().split(":")[-1].strip()
            path.append("" if name == "/" else name)
        elif s.startswith("};"):
            path.pop()
        elif s.startswith("compatible") and '"%s"' % compatible in s:
            found.append("/".join(path) or "/")
    return found


def props(dtb, node):
    return fdt(dtb, "-p", node).stdout.split()


# ------------------------------------------------------------ the Beagle C4

@pytest.mark.parametrize("fat", [16, 32])
def test_debian_dtb_patched(tmp_path, card, debian_dtb, fat):
    """Default names (no extlinux.conf): /zImage and the board's
    omap3-beagle.dtb, patched with the 256 MB really found."""
    img = card({"zImage": fake_zimage(), "omap3-beagle.dtb": debian_dtb}, fat=fat)
    r, dtb = boot(tmp_path, "--machine", "beagle", "--sd", img)
    assert_handoff(r)
    for line in (BANNER_C4, SOC_3530, DRAM_C4, "Boot: MMC1 (ROM)",
                 "fdt     /omap3-beagle.dtb"):
        assert line in r.serial, r.serial
    assert memory_banks(dtb) == [(0x80000000, 128 << 20), (0x88000000, 128 << 20)]
    assert fdt(dtb, "/", "model").stdout.strip() == "TI OMAP3 BeagleBoard"
    # No backup-battery values on the Beagle: the BCI node (if the tree
    # has one) is left alone and BB_CFG is never written.
    for node in find_nodes(dtb, "ti,twl4030-bci"):
        assert not set(props(dtb, node)) & set(BB_PROPS), node
    assert "backup battery" not in r.serial
    assert r.report["bb_cfg"] == 0


def test_own_dts_memory_and_bci(tmp_path, card, sim_dtb):
    """dts/omap3-beagle-sim.dts says 128 MB on purpose; gtaboot writes the
    256 MB it found, and the bci node keeps its properties as they were."""
    conf = (b"default sim\nlabel sim\n  kernel /boot/zImage\n"
            b"  fdt /boot/omap3-beagle-sim.dtb\n  append console=ttyS2,115200n8\n")
    img = card({"boot/zImage": fake_zimage(), "boot/omap3-beagle-sim.dtb": sim_dtb,
                "extlinux/extlinux.conf": conf}, fat=16)
    src = str(tmp_path / "in.dtb")
    with open(src, "wb") as f:
        f.write(sim_dtb)
    assert memory_banks(src) == [(0x80000000, 128 << 20)]
    r, dtb = boot(tmp_path, "--machine", "beagle", "--sd", img)
    assert_handoff(r)
    assert memory_banks(dtb) == [(0x80000000, 128 << 20), (0x88000000, 128 << 20)]
    bci = "/ocp/i2c@48070000/twl@48/bci"
    assert props(dtb, bci) == props(src, bci) == ["compatible"]
    assert fdt(dtb, "/chosen", "bootargs").stdout.startswith("console=ttyS2,115200n8")


def test_user_button_stops_autoboot(tmp_path, card, sim_dtb):
    """USER (gpio_7) held at power-on: the ROM's order becomes USB, UART3,
    MMC1 (SYS_BOOT 0x2F) and gtaboot stops at its console."""
    img = card({"zImage": fake_zimage(), "omap3-beagle.dtb": sim_dtb})
    r = simrun.run(["--machine", "beagle", "--sd", img, "--aux", "--max-ms", 3000])
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    assert BANNER_C4 in r.serial and "Boot: MMC1 (ROM)" in r.serial
    assert "Button held: autoboot stopped" in r.serial
    assert "Starting kernel" not in r.serial


# ------------------------------------------------------------ ROM differences

ENTRIES = [
    # id, simulator options, boot line
    ("svc-rom", [], "Boot: MMC1 (ROM)"),
    ("sys-rom", ["--entry-mode", "sys"], "Boot: MMC1 (ROM)"),
    ("qemu-linaro", ["--entry-mode", "sys", "--entry-r0", hex(QEMU_R0)], "Boot: MMC1 (ROM)"),
    ("r0-in-rom", ["--entry-mode", "sys", "--entry-r0", hex(QEMU_ROM_R0)],
     "Boot: NAND (SYS_BOOT 0x0f)"),
    ("r0-misaligned", ["--entry-r0", hex(QEMU_R0 + 2)], "Boot: NAND (SYS_BOOT 0x0f)"),
    ("r0-past-sram", ["--entry-r0", "0x4020fffc"], "Boot: NAND (SYS_BOOT 0x0f)"),
    # Read before the SDRC is set up, or unmapped: the simulator would stop
    # the run at once had start.S followed these.
    ("r0-in-sdram", ["--entry-r0", "0x80000000"], "Boot: NAND (SYS_BOOT 0x0f)"),
    ("r0-unmapped", ["--entry-r0", "0xfffffff0"], "Boot: NAND (SYS_BOOT 0x0f)"),
    ("load-raw", ["--load-raw", BIN + "@0x40200000"], "Boot: NAND (SYS_BOOT 0x0f)"),
    ("load-raw-sys", ["--load-raw", BIN + "@0x40200000", "--entry-mode", "sys"],
     "Boot: NAND (SYS_BOOT 0x0f)"),
]


@pytest.mark.parametrize("opts,line", [e[1:] for e in ENTRIES], ids=[e[0] for e in ENTRIES])
def test_rom_entry(tmp_path, card, sim_dtb, opts, line):
    """Whatever mode and r0 the ROM leaves, gtaboot boots the card; r0 is
    trusted only when the whole block lies word-aligned in SRAM, else the
    boot source comes from SYS_BOOT (0x0F: NAND first)."""
    img = card({"zImage": fake_zimage(), "omap3-beagle.dtb": sim_dtb})
    r, dtb = boot(tmp_path, "--machine", "beagle", "--sd", img, *opts)
    assert_handoff(r)
    assert line in r.serial, r.serial
    assert memory_banks(dtb) == [(0x80000000, 128 << 20), (0x88000000, 128 << 20)]


def test_erased_nand_tried_first(tmp_path, card, sim_dtb):
    """qemu-linaro and the real ROM (SYS_BOOT 0x0F) read NAND before the
    card: with an erased chip fitted the ROM moves on to MMC1 and gtaboot
    still boots; the ROM's trace shows the order."""
    img = card({"zImage": fake_zimage(), "omap3-beagle.dtb": sim_dtb})
    nand = str(tmp_path / "erased.nand")           # absent file: an erased chip
    r, _ = boot(tmp_path, "--machine", "beagle", "--sd", img, "--nand", nand,
                "--entry-mode", "sys", "--entry-r0", hex(QEMU_R0))
    assert_handoff(r)
    assert "Boot: MMC1 (ROM)" in r.serial
    assert r.report["boot_device"] == 6
    t = simrun.run(["--machine", "beagle", "--sd", img, "--nand", nand, "--trace",
                    "--max-ms", 1])
    rom = [ln for ln in t.stderr.splitlines() if ln.startswith("ROM: ")]
    assert rom and rom[0].startswith("ROM: NAND"), rom
    assert any(ln.startswith("ROM: MMC1") for ln in rom), rom


# ------------------------------------------------------------ the Beagle-xM

def test_beagle_on_xm(tmp_path, card, sim_dtb):
    """BOARD=beagle on the xM (straps 010): xM C, DM3730, 512 MB, and the
    xM's DTB name."""
    img = card({"zImage": fake_zimage(), "omap3-beagle-xm.dtb": sim_dtb})
    r, dtb = boot(tmp_path, "--machine", "beaglexm", "--sd", img)
    assert_handoff(r)
    assert "for BeagleBoard xM C" in r.serial
    assert "SoC: DM3730 ES1.2" in r.serial
    assert "total 512 MiB (Micron 2 x 256 MiB)" in r.serial
    assert "fdt     /omap3-beagle-xm.dtb" in r.serial
    assert memory_banks(dtb) == [(0x80000000, 256 << 20), (0x90000000, 256 << 20)]


def test_gta04_mlo_on_xm_takes_the_safest_set(tmp_path, card):
    """The GTA04 build on a DM3730 Beagle-xM: neither a NAND nor a OneNAND
    answers on GPMC CS0 (the xM's package is DDR only). Issue #24: that
    used to pick the A5's Samsung OneNAND set by silence (14 rows, 11
    columns; the xM's part has 10, so its column bit 12 aliased and no
    memory was used); now silence gets the safest set and says so. A
    wrong geometry is still refused: test_memory.py's
    test_wrong_geometry_is_refused."""
    img = card({"zImage": fake_zimage()}, mlo="gta04")
    r = simrun.run(["--machine", "beaglexm", "--sd", img, "--max-ms", 1500])
    assert "Memory: unidentified: safest set, 2 x 128 MiB geometry (no NAND or OneNAND " \
        "answered on GPMC CS0: safest set)" in r.serial, r.serial
    assert "DRAM: CS0 128 MiB, CS1 128 MiB, total 256 MiB" in r.serial, r.serial
    assert "no working SDRAM" not in r.serial


# ------------------------------------------------------------ mkqemu-sd.sh

@pytest.fixture(scope="module")
def qemu_cards(tmp_path_factory, debian_dtb):
    out = tmp_path_factory.mktemp("qemu")
    cards = {}
    for fat in (16, 32):
        img = str(out / ("qemu%d.img" % fat))
        r = subprocess.run([MKQEMU, "--board", "beagle", "--fat", str(fat), "--out", img],
                           capture_output=True, text=True)
        if r.returncode:
            pytest.skip("tools/mkqemu-sd.sh could not get Debian's kernel: " + r.stderr)
        cards[fat] = img
    return cards


# Each card in one machine: both cards and both machines are covered, in
# half the runs of the full product (each loads the real 5 MB zImage).
@pytest.mark.parametrize("machine,dtbname,mem,fat", [
    ("beagle", "omap3-beagle.dtb", 256 << 20, 16),
    ("beaglexm", "omap3-beagle-xm.dtb", 512 << 20, 32),
])
def test_mkqemu_card(tmp_path, qemu_cards, machine, dtbname, mem, fat):
    """The card docs/qemu.md tells users to build, entered the way
    qemu-linaro enters (SYS mode, r0 = 0x4020EE28, erased NAND first; the
    xM's package has no NAND)."""
    nand = ["--nand", str(tmp_path / "erased.nand")] if machine == "beagle" else []
    r, dtb = boot(tmp_path, "--machine", machine, "--sd", qemu_cards[fat], *nand,
                  "--entry-mode", "sys", "--entry-r0", hex(QEMU_R0))
    assert_handoff(r)
    assert "Boot: MMC1 (ROM)" in r.serial
    assert "fdt     /dtbs/%s" % dtbname in r.serial, r.serial
    assert sum(size for _, size in memory_banks(dtb)) == mem
    # No console= (its name depends on the kernel's serial driver): Linux
    # finds UART3 (0x49020000) through /chosen/stdout-path.
    assert fdt(dtb, "/chosen", "bootargs").stdout.strip() == "root=/dev/mmcblk0p2 rootwait"
    path = fdt(dtb, "/chosen", "stdout-path").stdout.strip().split(":")[0]
    if not path.startswith("/"):
        path = fdt(dtb, "/aliases", path).stdout.strip()
    assert path.endswith("/serial@49020000"), path
