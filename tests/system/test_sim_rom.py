# SPDX-License-Identifier: GPL-2.0-or-later
"""The simulator core and its boot ROM, driven by tiny guests from
tests/fixtures/sim-*.S: SD boot in FAT (FAT16, FAT32) and raw mode, GP header
refusals, strict unmodelled accesses with exact PCs, exceptions through the
guest's VBAR, the ROM's SMC services, WDT2 expiry, idle fast-forward, exit
codes and report fields."""
import os

import pytest

import cards
import simrun
from conftest import SRAM, ch_header, gp_image

BOOT_PARAMS = 0x4020FE00
UNMODELLED = 0x4A0F0000


def unmodelled_msg(addr, pc, size=4, kind="read"):
    return "unmodelled access: 0x%08x (size %d, %s) at PC 0x%08x" % (addr, size, kind, pc)


def test_usage_errors(sim):
    for args in (["--machine", "gta04", "--bogus"], ["--machine", "nokia"],
                 ["--machine", "gta04", "--rev", "A9"], ["--machine", "gta04", "--max-ms", "x"],
                 ["--machine", "beagle", "--on-handoff", "later"], ["--rev", "A3"],
                 ["--machine", "gta04", "--load-raw", "nofile"]):
        r = simrun.run(args)
        assert r.rc == 3, args
        assert "usage:" in r.stderr, args


def test_no_card_no_image(sim):
    r = simrun.run(["--machine", "gta04"])
    assert r.rc == 1
    assert r.report["result"] == "fault"
    assert r.report["message"].startswith("ROM: no bootable image")
    assert r.report["guest_instructions"] == 0


@pytest.mark.parametrize("fat", [16, 32])
def test_fat_boot(sim, guest, sdcard, fat):
    g = guest("sim-mmio")
    img = sdcard({"MLO": gp_image(g.binary)}, fat=fat)
    r = simrun.run(["--machine", "gta04", "--sd", img])
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded at 0x40200000" % len(g.binary) in r.stderr
    assert r.rc == 1
    rep = r.report
    assert rep["message"] == unmodelled_msg(UNMODELLED + 0x10, g.sym("bad_load"))
    assert rep["pc"] == g.sym("bad_load")
    assert rep["boot_device"] == 6
    assert rep["r0"] == BOOT_PARAMS
    assert rep["cpsr"] & 0x1FF == 0x1D3
    assert rep["guest_instructions"] == 3
    for key in ("result", "message", "r0", "r1", "r2", "cpsr", "sctlr", "pc", "virtual_us",
                "guest_instructions", "host_seconds", "bb_cfg", "boot_device"):
        assert key in rep


@pytest.mark.parametrize("fat", [12, 16, 32])
def test_floppy_like_card(sim, guest, tmp_path, fat):
    """docs/rom.md: a card without an MBR, one FAT file system from sector
    0 ("floppy-like"), boots as the TRM says the ROM supports it."""
    g = guest("sim-mmio")
    img = cards.fat(tmp_path / "floppy.img", {"MLO": gp_image(g.binary)}, bits=fat,
                    size_mb={12: 8, 16: 32, 32: 64}[fat])
    r = simrun.run(["--machine", "gta04", "--sd", img])
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded" % len(g.binary) in r.stderr, r.stderr
    assert r.report["pc"] == g.sym("bad_load")


@pytest.mark.parametrize("ptype,why", [("83", "no active partition is of a FAT type"),
                                       ("f", "no active partition is of a FAT type")])
def test_mbr_without_fat_partition(sim, guest, sdcard, ptype, why):
    """Only an active primary FAT partition is searched; extended ones not."""
    g = guest("sim-mmio")
    img = sdcard({"MLO": gp_image(g.binary)}, fat=16, ptype=ptype)
    r = simrun.run(["--machine", "gta04", "--sd", img, "--trace"])
    assert "ROM: MMC1 FAT: " + why in r.stderr, r.stderr
    assert r.report["message"].startswith("ROM: no bootable image")


def test_fat_mlo_with_config_header(sim, guest, sdcard):
    g = guest("sim-mmio")
    img = sdcard({"MLO": ch_header() + gp_image(g.binary)}, fat=32)
    r = simrun.run(["--machine", "beagle", "--sd", img])
    assert r.report["pc"] == g.sym("bad_load"), r.stderr


@pytest.mark.parametrize("sector", [0, 256])
def test_raw_boot(sim, guest, rawcard, sector):
    g = guest("sim-mmio")
    img = rawcard(gp_image(g.binary), sector=sector)
    r = simrun.run(["--machine", "gta04", "--sd", img])
    assert "ROM: MMC1 raw @ sector %d: %d bytes loaded" % (sector, len(g.binary)) in r.stderr
    assert r.report["pc"] == g.sym("bad_load")
    assert r.report["boot_device"] == 6


@pytest.mark.parametrize("hdr,why", [
    ((0, SRAM), "GP header size 0"),
    ((None, 0x80000000), "GP header load address 0x80000000 outside SRAM"),
    ((0xF000, SRAM + 0x1000), "GP header size 61440: image end 0x40210000 beyond"),
    ((0xF001, SRAM), "GP header size 61441: image end 0x4020f001 beyond 0x4020f000"),
    ((0x10000, SRAM + 0x800), "GP header size 65536: image end 0x40210800 beyond 0x4020f000"),
])
def test_gp_header_refused(sim, guest, sdcard, hdr, why):
    g = guest("sim-spin")
    code = g.binary + bytes(0x10000)
    size, load = hdr
    img = sdcard({"MLO": gp_image(code, load=load, size=size if size is not None else 4)})
    r = simrun.run(["--machine", "gta04", "--sd", img])
    assert r.rc == 1
    assert "ROM: MMC1 FAT: MLO " + why in r.stderr, r.stderr
    assert "\u2014 refused" in r.stderr
    assert r.report["message"].startswith("ROM: no bootable image")


def test_raw_mode_before_fat(sim, guest, sdcard):
    """docs/rom.md: raw mode is looked for first; "if raw mode is not
    detected, file system mode is assumed"."""
    g = guest("sim-mmio")
    img = sdcard({"MLO": gp_image(g.binary)}, fat=16)
    with open(img, "r+b") as f:       # a raw image at sector 256 as well
        f.seek(256 * 512)
        f.write(ch_header() + gp_image(g.binary))
    r = simrun.run(["--machine", "gta04", "--sd", img])
    assert "ROM: MMC1 raw @ sector 256: %d bytes loaded" % len(g.binary) in r.stderr
    assert "MMC1 FAT" not in r.stderr


def test_refused_raw_falls_back_to_fat(sim, guest, sdcard):
    g = guest("sim-mmio")
    img = sdcard({"MLO": gp_image(g.binary)}, fat=16)
    with open(img, "r+b") as f:       # a refused raw image at sector 256
        f.seek(256 * 512)
        f.write(ch_header() + gp_image(g.binary, size=0))
    # sector 256 lies in the FAT partition's reserved area only if the
    # partition starts later; here it starts at 2048, so it is free space
    r = simrun.run(["--machine", "gta04", "--sd", img])
    assert "ROM: MMC1 raw @ sector 256 GP header size 0 \u2014 refused" in r.stderr
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded" % len(g.binary) in r.stderr
    assert r.report["pc"] == g.sym("bad_load")


def test_boot_order_follows_sys_boot(sim, guest, sdcard):
    img = sdcard({"MLO": gp_image(guest("sim-mmio").binary)})
    r = simrun.run(["--machine", "gta04", "--sd", img, "--trace"])
    assert r.stderr.index("ROM: NAND") < r.stderr.index("ROM: USB") < r.stderr.index("MMC1")
    r = simrun.run(["--machine", "gta04", "--sd", img, "--trace", "--aux"])
    assert r.stderr.index("ROM: USB") < r.stderr.index("ROM: UART3") < r.stderr.index("MMC1")
    assert "ROM: NAND" not in r.stderr   # MMC1 booted before NAND's turn


def test_watchdog_fires(sim, guest, sdcard):
    img = sdcard({"MLO": gp_image(guest("sim-spin").binary)}, fat=16)
    r = simrun.run(["--machine", "beagle", "--sd", img], timeout=120)
    assert r.rc == 1
    assert r.report["result"] == "watchdog"
    # WDT2 expires 10 s after power-on (WLDR 0xFFFB0000 at 32768 Hz)
    assert 9.9e6 < r.report["virtual_us"] < 10.1e6


def test_max_ms_timeout(sim, guest):
    g = guest("sim-spin")
    r = simrun.run(["--machine", "gta04", "--load-raw", _file(g), "--max-ms", "100"])
    assert r.rc == 2
    assert r.report["result"] == "timeout"
    assert 100000 <= r.report["virtual_us"] < 100100


def test_unconfigured_sdram_is_not_there(sim, guest):
    g = guest("sim-sdram")
    r = simrun.run(["--machine", "gta04", "--load-raw", _file(g)])
    assert r.rc == 1
    assert r.report["message"].startswith("unmodelled access: 0x80008000 (size 4, fetch)")


def test_exceptions_reach_guest_vectors(sim, guest):
    g = guest("sim-exc")
    r = simrun.run(["--machine", "gta04", "--load-raw", _file(g)])
    rep = r.report
    assert rep["message"] == unmodelled_msg(UNMODELLED, g.sym("done")), rep["message"]
    assert rep["r7"] == 2                        # two SVCs handled and returned
    assert rep["r4"] & 0x3F == 0x33              # SPSR: Thumb, SVC mode
    assert rep["r5"] == g.sym("udf_at") + 2      # LR_und = UDF + 2 in Thumb
    assert rep["r6"] & 0x1F == 0x1B              # handler runs in UND mode
    assert rep["r6"] & 0x80                      # with IRQs masked


def test_exception_into_rom_vectors_faults(sim, guest, sdcard):
    g = guest("sim-novec")
    img = sdcard({"MLO": gp_image(g.binary)})
    r = simrun.run(["--machine", "gta04", "--sd", img])
    assert r.rc == 1
    msg = r.report["message"]
    assert msg.startswith("undefined instruction at PC 0x%08x" % g.sym("udf_at")), msg
    assert "boot ROM" in msg


def test_idle_minute_is_fast(sim, guest):
    g = guest("sim-idle")
    r = simrun.run(["--machine", "gta04", "--load-raw", _file(g), "--max-ms", "70000"],
                   timeout=60)
    rep = r.report
    assert rep["result"] == "reset", rep["message"]
    assert r.rc == 0
    # starts after the WDT2 stop sequence; ends at most one idle step late
    # (1 ms, the long step of a loop idle for 10 ms: tools/sim/sim.c)
    assert 60e6 <= rep["virtual_us"] < 60e6 + 1500
    assert rep["idle_skips"] > 1000
    assert rep["guest_instructions"] < 20e6


_files = {}


def _file(g):
    """--load-raw argument for a guest."""
    import os
    import tempfile
    key = id(g)
    if key not in _files:
        fd, path = tempfile.mkstemp(suffix=".bin")
        os.write(fd, g.binary)
        os.close(fd)
        _files[key] = path
    return "%s@0x%x" % (_files[key], g.load)


def test_firmware_division_matches_reference(sim, guest):
    """gtaboot's own __aeabi_uidivmod (arch/arm/div.S: every wait loop
    divides) answers as division is defined (q * d + r = n, r < d; n / 0 as
    documented) on edge cases (division by zero, all-ones, 2^31) and 4000
    random pairs, run on the simulated Cortex-A8 (tests/fixtures/sim-div.S)."""
    g = guest("sim-div")
    r = simrun.run(["--machine", "gta04", "--load-raw", _file(g), "--max-ms", "1500",
                    "--stop-at", hex(g.sym("pass"))])
    rep = r.report
    assert rep["pc"] != g.sym("fail"), "n 0x%08x d 0x%08x: quotient 0x%08x remainder 0x%08x" % (
        rep["r4"], rep["r5"], rep["r0"], rep["r1"])
    assert rep["result"] == "stop" and rep["pc"] == g.sym("pass"), rep["message"]
