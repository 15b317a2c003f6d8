# SPDX-License-Identifier: GPL-2.0-or-later
"""The storage path in the simulator: the MLO brings up I2C1, the TWL4030
(VMMC1, backup-battery charger) and MMC1, and prints the card line; a card
that never answers a read and a missing card give clear messages within
bounded virtual time."""
import os
import re
import subprocess

import pytest

from simrun import ROOT, SIM, run
import simrun

CARD_LINE = re.compile(r"mmc1: (SDSC|SDHC|SDXC)( v1)? [0-9.]+ [MG]iB, (1|4)-bit, (\d+) [kM]Hz")


@pytest.fixture(scope="module")
def sd_image():
    return simrun.built("build/gta04/sd.img")


def needs_storage(serial):
    """main.c brings the storage up on every boot: its mmc1 line is there."""
    assert "mmc1" in serial, serial[-2000:]


def test_card_line_and_pmic(sd_image):
    r = run(["--machine", "gta04", "--rev", "A5", "--sd", sd_image, "--max-ms", "3000"])
    needs_storage(r.serial)
    m = CARD_LINE.search(r.serial)
    assert m, r.serial[-2000:]
    assert m.group(3) == "4"
    # the image is small: SDSC v2, which offers high speed
    assert m.group(1) == "SDSC" and m.group(4) == "48", m.group(0)
    assert r.report is not None
    # GTA04 asks for 3.2 V / 150 uA: BBCHEN | BBSEL 3 | BBISEL 1
    assert r.report["bb_cfg"] == 0x1D
    if "vmmc1_mv" in r.report:
        assert r.report["vmmc1_mv"] == 3150


def test_read_timeout_is_reported(sd_image, tmp_path):
    # A card that never answers a read cannot deliver the rest of the MLO
    # (docs/design.md "Two images"): boot from a NAND holding the
    # MLO, so that the storage path itself meets the timeouts.
    nand = str(tmp_path / "nand.img")
    simrun.built("build/tools/mknand")
    subprocess.run([os.path.join(ROOT, "build", "tools", "mknand"), "--mlo",
                    os.path.join(ROOT, "build", "gta04", "MLO"), nand], check=True)
    # (the A5 memory map with the Numonyx NAND package: the simulated A5
    # itself has OneNAND, tools/sim/parts.c)
    r = run(["--machine", "gta04", "--rev", "A5", "--sdram-part", "numonyx-20-ba",
             "--sd", sd_image, "--nand", nand, "--max-ms", "4000",
             "--inject", "mmc-timeout:17:-1", "--inject", "mmc-timeout:18:-1"])
    needs_storage(r.serial)
    assert CARD_LINE.search(r.serial), r.serial[-2000:]
    assert "command timeout" in r.serial, r.serial[-2000:]
    # the firmware gives up on its own, well before the run limit
    assert r.rc != 1, r.stderr[-2000:]


def test_no_card(tmp_path):
    mlo = os.path.join(ROOT, "build", "gta04", "gtaboot.bin")
    # no card at all: the rest of the MLO comes from NAND (the A5 memory map
    # with the Numonyx NAND package, as above)
    nand = str(tmp_path / "nand.img")
    simrun.built("build/tools/mknand")
    subprocess.run([os.path.join(ROOT, "build", "tools", "mknand"), "--mlo",
                    os.path.join(ROOT, "build", "gta04", "MLO"), nand], check=True)
    r = run(["--machine", "gta04", "--rev", "A5", "--sdram-part", "numonyx-20-ba",
             "--load-raw", mlo + "@0x40200000", "--no-rest-card", "--nand", nand,
             "--max-ms", "3000"])
    needs_storage(r.serial)
    assert "mmc1: no card" in r.serial, r.serial[-2000:]
