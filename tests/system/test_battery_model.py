# SPDX-License-Identifier: GPL-2.0-or-later
"""The battery model (tools/sim/battery.c) shows the GTA04 owners' boot
loop (issue #36) with loaders that do not charge: a drained cell on USB,
the TWL4030's hardware precharge (80 mA) lifts VBAT to its 3.2 V start
threshold, the board starts and draws more than that, VBAT under load
falls below the 2.7 V lock-out, the board browns out and the precharge
starts again, for ever. The simulator restarts the whole machine after
each brown-out (--max-restarts) and lists them in the report.

gtaboot waits at its prompt, which the simulator skips through cheaply:
its test runs the real 1200 mAh cell, and the brown-outs come about 8.6
minutes apart, the owners' "every ten minutes". Debian's U-Boot keeps the
CPU busy, so its test has the HF08x's curve and resistance but 12 mAh of
capacity: every time in the loop scales with capacity, and a round takes
about 5 s of virtual time."""
import os
import re

import pytest

import cards
import debian_uboot
import simrun

DRAINED = ["--charger-src", "usb500", "--battery-soc", "0.9", "--battery-mah", "12"]


def loop_checks(r, boots, banner):
    rep = r.report
    assert rep, r.stderr
    assert rep["result"] == "brownout", rep["message"]
    assert "boot loop" in rep["message"], rep["message"]
    browns = rep["brownouts"]
    assert len(browns) == boots and rep["restarts"] == boots - 1, browns
    for b in browns:
        assert b["mv"] < 2700 and b["current_ma"] < 0, b
    for a, b in zip(browns, browns[1:]):
        # off between them while the precharge lifted the cell
        assert a["virtual_us"] < a["restart_us"] < b["virtual_us"], (a, b)
    assert browns[-1]["restart_us"] is None
    # nothing in the loader switched the main charger on
    ch = rep["charger"]
    assert ch["boot_bci"] == 0 and not ch["usbfastmchg"], ch
    assert ch["state"] == "precharge" and ch["ma"] == 80, ch
    # each boot got as far as its banner on the console
    assert r.serial.count(banner) == boots, r.serial[-2000:]


def test_debian_uboot_boot_loop(tmp_path):
    """Debian's U-Boot (omap3_beagle, as test_uboot.py runs it) does not
    charge: the model shows the loop."""
    if not debian_uboot.available():
        pytest.skip("Debian's U-Boot not fetched (tools/fetch-debs.sh)")
    card = cards.fat_card(tmp_path / "sd.img",
                          {n: os.path.join(debian_uboot.UBOOT, n) for n in ("MLO", "u-boot.img")})
    r = simrun.run(["--machine", "beagle", "--sd", card, "--tolerate", "sdram-refresh",
                    "--on-handoff", "continue", "--max-restarts", "2", "--max-ms", "40000"]
                   + DRAINED)
    loop_checks(r, 3, "U-Boot SPL 2023.01")


def gtaboot_card(tmp_path):
    """gtaboot with its boot policy off (charge_policy=off in /uEnv.txt):
    the loader that does not charge, as it was before common/charge.c;
    tests/system/test_power.py has it on."""
    mlo = simrun.built("build/gta04/MLO")
    uenv = tmp_path / "uEnv.txt"
    uenv.write_text("charge_policy=off\n")
    return cards.fat_card(tmp_path / "sd.img", {"MLO": mlo, "uEnv.txt": str(uenv)})


def test_gtaboot_boot_loop(tmp_path):
    """gtaboot with charge_policy=off does not charge either: the same
    loop, on the real cell, a round every 8-9 minutes."""
    r = simrun.run(["--machine", "gta04", "--sd", gtaboot_card(tmp_path),
                    "--max-restarts", "2", "--max-ms", "1500000",
                    "--charger-src", "usb500", "--battery-soc", "0.9"])
    loop_checks(r, 3, "for GTA04")
    browns = r.report["brownouts"]
    for a, b in zip(browns, browns[1:]):
        assert 7 * 60e6 < b["virtual_us"] - a["virtual_us"] < 10 * 60e6, (a, b)
    # the board's draw as the model estimates it for a bootloader at
    # 600 MHz with the backlight on: about 400 mA (issue #36)
    m = re.search(r"board (\d+) mA", r.report["message"])
    assert m and 350 <= int(m.group(1)) <= 450, r.report["message"]


def test_charged_cell_no_loop(tmp_path):
    """The same board on a charged cell runs on: no brown-out."""
    r = simrun.run(["--machine", "gta04", "--sd", gtaboot_card(tmp_path),
                    "--max-restarts", "3", "--max-ms", "4000", "--charger-src", "usb500",
                    "--battery-soc", "40", "--battery-mah", "12"])
    rep = r.report
    assert rep["result"] == "timeout" and rep["brownouts"] == [], rep["message"]
    assert 3650 < rep["battery"]["mv"] < 3800 and rep["battery"]["current_ma"] < -300, \
        rep["battery"]
    assert rep["battery"]["samples"], rep["battery"]


def test_drained_without_charger_stays_off(tmp_path):
    """Below the start threshold and no charger: the board never starts."""
    r = simrun.run(["--machine", "gta04", "--sd", gtaboot_card(tmp_path),
                    "--battery-soc", "0.5", "--max-ms", "4000"])
    rep = r.report
    assert rep["result"] == "poweroff", rep["message"]
    assert "start threshold" in rep["message"] and r.serial == "", rep["message"]
    assert rep["guest_instructions"] == 0
