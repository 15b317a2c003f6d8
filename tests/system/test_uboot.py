# SPDX-License-Identifier: GPL-2.0-or-later
"""Fidelity yardstick: Debian's u-boot-omap omap3_beagle MLO must start in
the simulator on --machine beagle from an SD card, as on hardware, and print
its SPL banner. The models are not bent to suit it: a stop here names the
register U-Boot needs.

One finding is tolerated, and checked: on the BeagleBoard's OMAP3530, whose
L3 U-Boot runs at 165.9 MHz, it programs the refresh count for a 6 ns
clock, ARCV 1250, so the worst case between autorefreshes is 7.83 us, over
the part's 7.8 us (docs/references.md, SDRAM autorefresh count). The run
goes on with --tolerate sdram-refresh and each test sees the warning.

All three tests read the run's one boot of Debian's U-Boot (conftest.py's
uboot_boot, debian_uboot.py), which test_uboot_help.py and
test_uboot_env.py read too."""
import os

import pytest

import debian_uboot

UBOOT = debian_uboot.UBOOT

REFRESH = ("warning (--tolerate sdram-refresh): SDRC CS0: RFR_CTRL ARCV = 1250 cycles: "
           "1250 + 50 = 7.83 us between autorefreshes at L3 165.9 MHz, longer than the "
           "part's (micron-2c-ba) refresh interval of 7.80 us")


@pytest.fixture(scope="module")
def mlo():
    path = os.path.join(UBOOT, "MLO")
    if not os.path.exists(path):
        pytest.skip("Debian's U-Boot not fetched (tools/fetch-debs.sh)")
    with open(path, "rb") as f:
        return f.read()


def test_uboot_spl_banner(uboot_boot, mlo):
    """The ROM loads the MLO from the card's FAT and the SPL starts: read
    in the run's one boot of Debian's U-Boot (conftest.py)."""
    r = uboot_boot[0]
    assert REFRESH in r.stderr, r.stderr
    assert "ROM: MMC1 FAT: MLO: %d bytes loaded at 0x40200000" % (len(mlo) - 512) in r.stderr
    assert "U-Boot SPL" in r.serial, (r.report["message"], r.serial)
    assert "Trying to boot from MMC1" in r.serial


def test_uboot_spl_hands_off_to_uboot(uboot_boot):
    """The SPL loads u-boot.img and jumps to it: the simulator's record of
    that hand-off, in the run's one boot (conftest.py), which went on past
    it (--on-handoff continue)."""
    r = uboot_boot[0]
    assert REFRESH in r.stderr, r.stderr
    assert r.rc == 0, (r.report["message"], r.serial)
    h = r.report["handoff"]
    assert h, (r.report["message"], r.serial)
    # before U-Boot proper's banner, after the SPL's
    starts = [t for t, line in r.report["console"] if line.startswith("U-Boot 20")]
    assert starts and h["virtual_us"] < starts[0], (h, starts)
    # U-Boot proper starts in SDRAM with the MMU off, in SVC mode
    assert h["pc"] >= 0x80000000
    assert h["mmu_off"] and h["svc_mode"]


def test_uboot_proper_reaches_its_prompt(uboot_boot):
    """Past the SPL: U-Boot proper runs from SDRAM (its MMU map is 1:1,
    which the simulator supports), counts down, and a key gives its prompt,
    where a command runs. The run ends at the prompt after the commands
    ({end}): U-Boot idling at its prompt has nothing more to show. The
    run's one boot of it (conftest.py, debian_uboot.py), whose first
    command is version."""
    r = uboot_boot[0]
    assert REFRESH in r.stderr, r.stderr
    assert "U-Boot 20" in r.serial, (r.report["message"], r.serial[-2000:])
    assert "BeagleBoard # version" in r.serial, (r.report["message"], r.serial[-2000:])
    assert "U-Boot 2023" in r.serial.split("BeagleBoard # version")[1]
    assert r.report["result"] == "stop", r.report["message"]
