# SPDX-License-Identifier: GPL-2.0-or-later
"""Bring-up in the simulator: every board and revision boots to the banner
with the right revision, SoC, clocks and memory; the watchdog stays off
through a minute of idling; the console echoes input; the ROM's boot
information is read."""
import os
import re
import subprocess
import tempfile

import pytest

import simrun

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SIM = os.path.join(ROOT, "build", "sim", "gtaboot-sim")
EXIT_TIMEOUT = 2  # --max-ms reached: the run ended without a fault or reset

CASES = [
    # machine, rev, board line, SoC line, CS sizes (MiB), total text
    ("gta04", "A3", "GTA04 A3", "SoC: DM3730 ES1.1, MPU 600 MHz, L3 200 MHz",
     (256, 256), "512 MiB"),
    ("gta04", "A4", "GTA04 A4", "SoC: DM3730 ES1.1, MPU 600 MHz, L3 200 MHz",
     (256, 256), "512 MiB"),
    ("gta04", "A5", "GTA04 A5", "SoC: DM3730 ES1.1, MPU 600 MHz, L3 200 MHz",
     (512, 512), "1 GiB"),
    ("beagle", "C4", "BeagleBoard C4", "SoC: OMAP3530 ES3.1, MPU 500 MHz, L3 166 MHz",
     (128, 128), "256 MiB"),
]


def board_of(machine):
    return "gta04" if machine == "gta04" else "beagle"


@pytest.fixture(scope="module", autouse=True)
def firmware():
    for b in ("gta04", "beagle"):
        simrun.built("build/%s/MLO" % b, "build/%s/gtaboot.bin" % b, "build/sim/gtaboot-sim")


def run_sim(machine, rev, max_ms, extra=(), raw=True, timeout=300):
    args = [SIM, "--machine", machine, "--rev", rev, "--max-ms", str(max_ms),
            "--serial", "stdio"]
    if raw:
        binary = os.path.join(ROOT, "build", board_of(machine), "gtaboot.bin")
        args += ["--load-raw", binary + "@0x40200000"]
    with tempfile.TemporaryDirectory() as tmp:
        args = simrun.load_raw_args(args + list(extra), tmp)
        r = subprocess.run(args, capture_output=True, timeout=timeout, cwd=ROOT)
    return r.returncode, r.stdout.decode("latin-1"), r.stderr.decode("latin-1")


@pytest.mark.parametrize("machine,rev,board,soc,cs,total", CASES,
                         ids=[c[0] + "-" + c[1] for c in CASES])
def test_banner(machine, rev, board, soc, cs, total):
    rc, out, err = run_sim(machine, rev, 2000)
    assert rc == EXIT_TIMEOUT, "run did not idle to the end:\n" + err + out
    m = re.search(r"gtaboot (\S+) \(g(\S+)\) for (.*)\r?\n", out)
    assert m, out
    assert m.group(1) == "0.1"
    assert m.group(3).strip() == board
    assert soc in out
    dram = re.search(r"DRAM: CS0 (.*?), CS1 (.*?), total (\S+ \S+)", out)
    assert dram, out
    assert dram.group(1) == "%d MiB" % cs[0]
    assert dram.group(2) == "%d MiB" % cs[1]
    assert dram.group(3) == total
    # --load-raw enters with r0 = 0: the boot device comes from SYS_BOOT,
    # which both machines strap to 0x0F (NAND first).
    assert "Boot: NAND (SYS_BOOT 0x0f)" in out
    assert "warning" not in out


def test_idle_minute_without_watchdog():
    rc, out, err = run_sim("gta04", "A5", 60000)
    assert rc == EXIT_TIMEOUT, err
    assert "watchdog" not in err.lower()
    assert "60000" in err or "max-ms" in err or rc == EXIT_TIMEOUT
    assert out.count("gtaboot 0.1") == 1, "the board reset and booted again"


def test_console_echo():
    rc, out, err = run_sim("beagle", "C4", 3000, ["--input", r"{expect > }hello\r"])
    assert rc == EXIT_TIMEOUT, err
    assert "> hello" in out


def test_rom_boot_info_from_sd():
    """Booted by the simulated ROM from SD, r0's block names MMC1."""
    rc, out, err = run_sim("gta04", "A5", 3000, ["--sd", simrun.built("build/gta04/sd.img")],
                           raw=False)
    assert "gtaboot 0.1" in out, err
    assert "Boot: MMC1 (ROM)" in out
