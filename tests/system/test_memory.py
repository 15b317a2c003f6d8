# SPDX-License-Identifier: GPL-2.0-or-later
"""The memory package: identified by its NAND or OneNAND ID on GPMC CS0 before the
SDRC is set up, sized by testing every address bit, and checked by the
simulator's part model (tools/sim/parts.c, sdrc.c): a table entry whose
geometry or timings do not fit the part fails loudly."""
import os

import pytest

import simrun

ROOT = simrun.ROOT
SD = {"gta04": os.path.join(ROOT, "build", "gta04", "sd.img"),
      "beagle": os.path.join(ROOT, "build", "beagle", "sd.img")}


@pytest.fixture(scope="module", autouse=True)
def images():
    """The demo cards, made again when their MLO changed."""
    for board, img in SD.items():
        simrun.built(img)


def run(machine, *extra, max_ms=1500, board=None):
    board = board or ("beagle" if machine.startswith("beagle") else "gta04")
    return simrun.run(["--machine", machine, "--sd", SD[board], "--max-ms", max_ms]
                      + list(extra))


MACHINES = [
    (["gta04", "--rev", "A3"], "Memory: Micron 2 x 256 MiB (NAND ID 2c bc on GPMC CS0)",
     "CS0 256 MiB, CS1 256 MiB, total 512 MiB"),
    (["gta04", "--rev", "A4"], "Memory: Micron 2 x 256 MiB (NAND ID 2c bc on GPMC CS0)",
     "CS0 256 MiB, CS1 256 MiB, total 512 MiB"),
    # issue #24: the OneNAND found by its ID registers, not by silence
    (["gta04", "--rev", "A5"], "Memory: Samsung OneNAND MCP 2 x 512 MiB (OneNAND ID ec 0050 "
     "on GPMC CS0)", "CS0 512 MiB, CS1 512 MiB, total 1 GiB"),
    (["gta04", "--rev", "A5", "--sdram-part", "numonyx-20-ba"],
     "Memory: Numonyx 2 x 512 MiB (NAND ID 20 ba on GPMC CS0)",
     "CS0 512 MiB, CS1 512 MiB, total 1 GiB"),
    (["beagle"], "Memory: Micron 2 x 128 MiB (NAND ID 2c ba on GPMC CS0)",
     "CS0 128 MiB, CS1 128 MiB, total 256 MiB"),
    # issue #24: the C5's package on the OMAP3530's 166 MHz L3, refreshed
    # for that clock (mem.h's 200 MHz count would be 9.4 us apart)
    (["beagle", "--sdram-part", "micron-2c-bc"],
     "Memory: Micron 2 x 256 MiB (NAND ID 2c bc on GPMC CS0)",
     "CS0 256 MiB, CS1 256 MiB, total 512 MiB"),
    (["beaglexm"], "Memory: Micron 2 x 256 MiB (no NAND or OneNAND answered on GPMC CS0: "
     "no flash fitted)",
     "CS0 256 MiB, CS1 256 MiB, total 512 MiB"),
]


@pytest.mark.parametrize("machine,memory,dram", MACHINES,
                         ids=[" ".join(m[0]) for m in MACHINES])
def test_each_machine_finds_its_part(machine, memory, dram):
    """Each machine's package is named with how it was found, its whole
    size is used, and the cold part runs from it (the console comes up)."""
    r = run(machine[0], *machine[1:])
    assert memory in r.serial, r.serial
    assert "DRAM: " + dram in r.serial, r.serial
    assert "Boot: MMC1 (ROM)" in r.serial, r.serial
    assert "aliases" not in r.serial and "warning" not in r.serial, r.serial
    assert r.report["result"] == "timeout", r.stderr


def test_smaller_chip_is_sized():
    """A part with one row bit fewer than the A4's table says: the top row
    bit aliases, all bits above it too, so it is a smaller chip: 2 x 128."""
    r = run("gta04", "--rev", "A4", "--sdram-part", "rows=13")
    assert "DRAM: CS0 128 MiB, CS1 128 MiB, total 256 MiB" in r.serial, r.serial
    assert "Boot: MMC1 (ROM)" in r.serial


@pytest.mark.parametrize("rev,spec,line", [
    ("A4", "cols=9", "DRAM: CS0: address bit 11 (a column bit of MCFG 0x03588099) aliases"),
    ("A5", "cols=10", "DRAM: CS0: address bit 12 (a column bit of MCFG 0x03690019) aliases"),
    ("A5", "rows=13", "DRAM: CS0: address bit 26 (a row bit of MCFG 0x03690019) aliases"),
], ids=["A4 fewer columns", "A5 fewer columns", "A5 fewer rows (bank-row-column)"])
def test_wrong_geometry_is_refused(rev, spec, line):
    """The table's geometry is not the part's: the aliasing bit lies below
    decoded ones, so data would be lost in holes. gtaboot names the bit and
    its MCFG field and uses no memory."""
    r = run("gta04", "--rev", rev, "--sdram-part", spec)
    assert line in r.serial, r.serial
    assert "DRAM: initialisation failed (EIO)" in r.serial
    assert "gtaboot: no working SDRAM" in r.serial
    assert "Boot: MMC1" not in r.serial


@pytest.mark.parametrize("machine,spec,msg", [
    (["gta04", "--rev", "A4"], "trfc=100", "SDRC CS0: ACTIM_CTRLA tRFC = 15 cycles = 75.0 ns "
     "at L3 200.0 MHz, below the part's (micron-2c-bc) minimum of 100.0 ns"),
    (["gta04", "--rev", "A5"], "tras=45", "ACTIM_CTRLA tRAS = 8 cycles = 40.0 ns"),
    (["beagle"], "trcd=20", "ACTIM_CTRLA tRCD = 3 cycles"),
    (["gta04", "--rev", "A4"], "twr=20", "ACTIM_CTRLA tDPL (tWR) = 3 cycles"),
    (["gta04", "--rev", "A4"], "txsr=130", "ACTIM_CTRLB tXSR = 23 cycles"),
    (["gta04", "--rev", "A4"], "trefi=7700", "RFR_CTRL ARCV = 1510 cycles: 1510 + 50 = "
     "7.80 us between autorefreshes at L3 200.0 MHz, longer than the part's (micron-2c-bc) "
     "refresh interval of 7.70 us"),
    (["beagle"], "trefi=7700", "RFR_CTRL ARCV = 1244 cycles: 1244 + 50 = 7.80 us"),
    (["beagle"], "tck3=6.5", "SDRC CS0: MR CAS latency 3 at L3 166.0 MHz (6.02 ns): the "
     "part (micron-2c-ba) has CL2 from 12.0 ns, CL3 from 6.5 ns"),
], ids=["tRFC", "tRAS", "tRCD", "tWR", "tXSR", "tREFI", "tREFI at 166 MHz", "CAS latency"])
def test_timing_below_the_part_is_a_fault(machine, spec, msg):
    """A part slower than the table's set at the L3 clock the firmware
    programmed: the simulator stops when the chip select comes up."""
    r = run(machine[0], *machine[1:], "--sdram-part", spec)
    assert r.rc == simrun.EXIT["fault"], r.stderr
    assert msg in r.stderr, r.stderr


def test_unknown_nand_id_boots_the_safest_set():
    """An ID in no table: the smallest geometry and longest timings, which
    never alias on a larger part; the banner says so."""
    r = run("gta04", "--rev", "A4", "--sdram-part", "id=2caa")
    assert "Memory: unidentified: safest set, 2 x 128 MiB geometry (NAND ID 2c aa on GPMC " \
        "CS0, not a known part: safest set)" in r.serial, r.serial
    assert "DRAM: CS0 128 MiB, CS1 128 MiB, total 256 MiB" in r.serial
    assert "Boot: MMC1 (ROM)" in r.serial


@pytest.mark.parametrize("spec,memory,dram", [
    ("flash=none", "Memory: unidentified: safest set, 2 x 128 MiB geometry (no NAND or "
     "OneNAND answered on GPMC CS0: safest set)", "CS0 128 MiB, CS1 128 MiB, total 256 MiB"),
    ("id=ec0058", "Memory: unidentified: safest set, 2 x 128 MiB geometry (OneNAND ID ec "
     "0058 on GPMC CS0, not a known part: safest set)", "CS0 128 MiB, CS1 128 MiB, total 256 MiB"),
], ids=["silent flash", "unknown OneNAND"])
def test_a5_flash_that_does_not_answer_as_known(spec, memory, dram):
    """Issue #24: an A5 whose flash answers neither as a NAND nor as a
    OneNAND (or as a OneNAND nobody listed) gets the safest set and says so,
    where silence used to mean the OneNAND package's 2 x 512 MiB set."""
    r = run("gta04", "--rev", "A5", "--sdram-part", spec)
    assert memory in r.serial, r.serial
    assert "DRAM: " + dram in r.serial, r.serial
    assert "Boot: MMC1 (ROM)" in r.serial, r.serial


def test_onenand_board_refuses_nand_commands():
    """The A5's OneNAND: nand info and flash mlo say what the board has."""
    r = run("gta04", "--rev", "A5", "--input",
            r"{expect autoboot}x{expect gtaboot> }nand info\r"
            r"{expect gtaboot> }flash mlo\r{expect gtaboot> }", max_ms=4000)
    msg = "nand: this board has OneNAND (Samsung OneNAND MCP 2 x 512 MiB), not NAND: " \
        "the nand commands, flash mlo and the NAND boot do not support it"
    assert r.serial.count(msg) == 2, r.serial


def test_nand_image_on_a_onenand_machine_is_a_usage_fault(tmp_path):
    r = run("gta04", "--rev", "A5", "--nand", str(tmp_path / "n.img"))
    assert r.rc == simrun.EXIT["fault"]
    assert "has OneNAND, not a NAND" in r.stderr
