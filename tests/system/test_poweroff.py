# SPDX-License-Identifier: GPL-2.0-or-later
"""poweroff with USB (VBUS) or a charger attached: the TWL4030 starts again
after DEVOFF when such a source is present and its STARTON bit is set in
CFG_Pn_TRANSITION (tools/sim/twl4030.c); gtaboot clears STARTON_VBUS and
STARTON_CHG first, as Linux's twl4030-power does (issue #24)."""
import os

import pytest

import simrun

ROOT = simrun.ROOT
BIN = os.path.join(ROOT, "build", "gta04", "gtaboot.bin")
PROMPT = "gtaboot> "


@pytest.fixture(scope="module", autouse=True)
def firmware():
    simrun.built("build/gta04/MLO", "build/sim/gtaboot-sim")


def session(cmds, extra=()):
    inp = "{expect %s}" % PROMPT + "".join(c + r"\r{expect %s}" % PROMPT for c in cmds[:-1])
    inp += cmds[-1] + r"\r"
    return simrun.run(["--machine", "gta04", "--rev", "A5", "--max-ms", 8000,
                       "--load-raw", BIN + "@0x40200000", "--input", inp] + list(extra))


@pytest.mark.parametrize("sources", [(), ("--vbus",), ("--charger",), ("--vbus", "--charger")])
def test_poweroff_stays_off(sources):
    r = session(["poweroff"], sources)
    assert "Powering off" in r.serial, r.stderr + r.serial[-1500:]
    assert r.report and r.report["result"] == "poweroff", r.stderr + r.serial[-1500:]


def test_battery_sees_usb_and_charger():
    r = session(["battery", "poweroff"], ("--vbus", "--charger"))
    assert "charger: present, USB: present" in r.serial, r.serial[-1500:]
    r = session(["battery", "poweroff"])
    assert "charger: absent, USB: absent" in r.serial, r.serial[-1500:]
