# SPDX-License-Identifier: GPL-2.0-or-later
"""Fidelity yardstick: Debian's u-boot-omap omap3_beagle MLO must start in
the simulator on --machine beagle from an SD card, as on hardware, and print
its SPL banner. The models are not bent to suit it: a stop here names the
register U-Boot needs.

One finding is tolerated, and checked: on the BeagleBoard's OMAP3530, whose
L3 U-Boot runs at 165.9 MHz, it programs the refresh count for a 6 ns
clock, ARCV 1250, so the worst case between autorefreshes is 7.83 us, over
the part's 7.8 us (docs/references.md, SDRAM autorefresh count). The run
goes on with --tolerate sdram-refresh and each test sees the warning."""
import os

import pytest

import simrun

UBOOT = os.path.join(simrun.ROOT, "build", "deps", "root", "usr", "lib", "u-boot",
                     "omap3_beagle")


REFRESH = ("warning (--tolerate sdram-refresh): SDRC CS0: RFR_CTRL ARCV = 1250 cycles: "
           "1250 + 50 = 7.83 us between autorefreshes at L3 165.9 MHz, longer than the "
           "part's (micron-2c-ba) refresh interval of 7.80 us")


def run(img, *args, timeout):
    r = simrun.run(["--machine", "beagle", "--sd", img, "--tolerate", "sdram-refresh", *args],
                   timeout=timeout)
    assert REFRESH in r.stderr, r.stderr
    return r


@pytest.fixture(scope="module")
def mlo():
    path = os.path.join(UBOOT, "MLO")
    if not os.path.exists(path):
        pytest.skip("Debian's U-Boot not fetched (tools/fetch-debs.sh)")
    with open(path, "rb") as f:
        return f.read()


def test_uboot_spl_banner(sim, sdcard, mlo):
    img = sdcard({"MLO": mlo}, fat=32)
    r = run(img, "--max-ms", "5000", timeout=120)
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded at 0x40200000" % (len(mlo) - 512) in r.stderr
    assert "U-Boot SPL" in r.serial, (r.report["message"], r.serial)
    assert "Trying to boot from MMC1" in r.serial


def test_uboot_spl_hands_off_to_uboot(sim, sdcard, mlo):
    img_path = os.path.join(UBOOT, "u-boot.img")
    with open(img_path, "rb") as f:
        img = sdcard({"MLO": mlo, "u-boot.img": f.read()}, fat=32)
    r = run(img, "--max-ms", "5000", timeout=300)
    rep = r.report
    assert rep["result"] == "handoff", (rep["message"], r.serial)
    assert r.rc == 0
    # U-Boot proper starts in SDRAM with the MMU off, in SVC mode
    assert rep["pc"] >= 0x80000000
    assert rep["handoff"]["mmu_off"] and rep["handoff"]["svc_mode"]


def test_uboot_proper_reaches_its_prompt(sim, sdcard, mlo):
    """Past the SPL: U-Boot proper runs from SDRAM (its MMU map is 1:1,
    which the simulator supports), counts down, and a key gives its prompt,
    where a command runs. The run ends at the prompt after the command
    ({end}): U-Boot idling at its prompt has nothing more to show."""
    img_path = os.path.join(UBOOT, "u-boot.img")
    with open(img_path, "rb") as f:
        img = sdcard({"MLO": mlo, "u-boot.img": f.read()}, fat=32)
    r = run(img, "--on-handoff", "continue",
            "--input", "{expect Hit any key}x{expect BeagleBoard # }version\\r"
            "{expect BeagleBoard # }{end}", "--max-ms", "30000", timeout=600)
    assert "U-Boot 20" in r.serial, (r.report["message"], r.serial[-2000:])
    assert "BeagleBoard # version" in r.serial, (r.report["message"], r.serial[-2000:])
    assert "U-Boot 2023" in r.serial.split("BeagleBoard # version")[1]
    assert r.report["result"] == "stop", r.report["message"]
