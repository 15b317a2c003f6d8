# SPDX-License-Identifier: GPL-2.0-or-later
"""The main battery before Linux (common/charge.c, docs/power.md) against
the simulator's battery model (tools/sim/battery.c, written apart from the
firmware): a drained cell on USB is charged before the boot and never
browns out; with charge_policy=off the owners' boot loop comes back; no
charger means a clean power-off with the reason; the charge command at
the prompt; a MADC that never converts, a charger unplugged and a VBUS
that sags under load.

The cells are the HF08x's curve and resistance with 12 mAh of capacity:
every time of charging scales with the capacity (tools/sim/README.md), so
a charge the real 1200 mAh pack takes minutes for runs in seconds."""
import hashlib
import os
import re
import subprocess

import pytest

import cards
import simrun

ROOT = simrun.ROOT
MLO = os.path.join(ROOT, "build", "gta04", "MLO")
BIN = os.path.join(ROOT, "build", "gta04", "gtaboot.bin")
DTS = os.path.join(ROOT, "dts", "omap3-gta04-sim.dts")
PROMPT = "gtaboot> "
DRAINED = ["--battery-soc", "0.9", "--battery-mah", "12"]
ALLOW = "twl4030_charger.allow_usb=1"

CONF = """TIMEOUT 1
DEFAULT linux
LABEL linux
  KERNEL /zImage
  FDT /gta04.dtb
  APPEND root=/dev/mmcblk0p2
"""


@pytest.fixture(scope="module", autouse=True)
def firmware():
    simrun.built("build/gta04/MLO", "build/gta04/gtaboot.bin", "build/sim/gtaboot-sim")


def make_card(d, uenv=None):
    """An SD card with gtaboot, a stand-in kernel, the simulator's DTB and
    an extlinux.conf."""
    return cards.extlinux_card(d, MLO, DTS, CONF, uenv)


@pytest.fixture(scope="module")
def card(tmp_path_factory):
    return make_card(tmp_path_factory.mktemp("power"))


@pytest.fixture(scope="module")
def card_off(tmp_path_factory):
    return make_card(tmp_path_factory.mktemp("power_off"), "charge_policy=off\n")


def boot(card, *extra, max_ms=30000):
    r = simrun.run(["--machine", "gta04", "--sd", card, "--max-ms", max_ms] + list(extra))
    assert r.report, r.stderr
    return r


def charge_lines(serial):
    return [l for l in serial.splitlines() if l.startswith("charge:")]


def test_drained_usb_charges_then_boots(card):
    """0.9 % on a 500 mA port: gtaboot charges at 500 mA with the board
    asleep, reports, boots at 3.5 V with allow_usb on the command line,
    and the board keeps running (no brown-out) after the hand-off."""
    r = boot(card, "--charger-src", "usb500", "--max-restarts", "2", *DRAINED)
    rep, s = r.report, r.serial
    assert rep["result"] == "handoff", rep["message"] + s[-2000:]
    assert rep["brownouts"] == [] and rep["restarts"] == 0, rep["brownouts"]
    assert "charge: USB, charging at 500 mA" in s
    assert "charge: below 3500 mV: charging before the boot" in s
    assert re.search(r"charge: 0:00 battery ~\d+%, 3\d{3} mV, charging at 500 mA", s), s[-2000:]
    m = re.search(r"charge: (\d+) mV after (\d+):(\d\d): booting", s)
    assert m and int(m.group(1)) >= 3500, charge_lines(s)
    ch = rep["charger"]
    assert ch["state"] == "fast" and ch["usbfastmchg"] and 480 <= ch["ma"] <= 500, ch
    assert ch["boot_bci"] & 2, ch                      # BCIAUTOUSB
    # while gtaboot waited the board slept: most of the 500 mA went into
    # the cell (the samples are [us, mV, mA, soc]); the hold ends at 3.5 V
    holding = [x for x in rep["battery"]["samples"] if x[1] < 3500 and x[2] > 0]
    assert holding and max(x[2] for x in holding) >= 350, rep["battery"]["samples"]
    assert "Command line: root=/dev/mmcblk0p2 " + ALLOW in s, s[-1500:]
    # the charger stays on across the hand-off: the stand-in kernel spins
    # at 600 MHz and the cell still gains
    r = boot(card, "--charger-src", "usb500", "--max-restarts", "2", "--on-handoff", "continue",
             *DRAINED, max_ms=8000)
    assert r.report["result"] == "timeout" and r.report["brownouts"] == [], r.report["message"]
    assert r.report["battery"]["current_ma"] > 0, r.report["battery"]


def test_policy_off_boot_loops(card_off):
    """charge_policy=off in /uEnv.txt: gtaboot leaves the charger at the
    hardware's precharge and boots the drained cell: the model's loop."""
    r = boot(card_off, "--charger-src", "usb500", "--max-restarts", "2",
             "--on-handoff", "continue", *DRAINED)
    rep = r.report
    assert rep["result"] == "brownout" and "boot loop" in rep["message"], rep["message"]
    assert len(rep["brownouts"]) == 3 and rep["restarts"] == 2, rep["brownouts"]
    assert rep["charger"]["boot_bci"] == 0 and rep["charger"]["ma"] == 80, rep["charger"]
    assert "charge:" not in r.serial
    assert ALLOW not in r.serial


def test_low_without_charger_powers_off(card, tmp_path):
    """3 % and no charger: the reason on the console, DEVOFF, no write."""
    img = str(tmp_path / "sd.img")
    subprocess.run(["cp", card, img], check=True)
    before = hashlib.sha256(open(img, "rb").read()).hexdigest()
    r = boot(img, "--battery-soc", "3", "--battery-mah", "12")
    assert r.report["result"] == "poweroff", r.report["message"]
    assert re.search(r"charge: battery too low to boot and no charger \(battery 3\d{3} mV\): "
                     r"powering off", r.serial), r.serial[-1500:]
    assert "Starting kernel" not in r.serial
    assert hashlib.sha256(open(img, "rb").read()).hexdigest() == before


def test_charged_boots_at_once(card):
    """40 % on USB: no hold, charging on, allow_usb passed."""
    r = boot(card, "--charger-src", "usb500", "--battery-soc", "40")
    assert r.report["result"] == "handoff", r.report["message"]
    assert "charge: below" not in r.serial and ALLOW in r.serial, r.serial[-1500:]


def test_key_boots_at_once(card):
    """A key while gtaboot charges: it boots at once (the cell is still low)."""
    r = boot(card, "--charger-src", "usb500", "--input", "{expect boots now}x", *DRAINED)
    assert "charge: key: booting" in r.serial, charge_lines(r.serial)
    assert r.report["result"] in ("handoff", "brownout"), r.report["message"]


def test_power_button_boots_at_once(card):
    # held 400 ms: the loop looks at the button every 250 ms
    r = boot(card, "--charger-src", "usb500", "--press", "power@1500+400", *DRAINED)
    assert "charge: power button: booting" in r.serial, charge_lines(r.serial)


def test_madc_hang_named_and_boot_goes_on(card):
    r = boot(card, "--charger-src", "usb500", "--battery-soc", "40", "--inject", "madc-hang")
    assert "twl4030: MADC conversion of channel 12 did not finish" in r.serial, r.serial[-1500:]
    assert "charge: battery voltage unknown (ETIMEDOUT): booting" in r.serial
    assert r.report["result"] == "handoff", r.report["message"]


def test_unplugged_mid_charge_powers_off(card):
    r = boot(card, "--charger-src", "usb500", "--unplug-ms", "1500", *DRAINED)
    assert r.report["result"] == "poweroff", r.report["message"]
    assert re.search(r"charge: the charger went away \(battery \d+ mV\): powering off",
                     r.serial), charge_lines(r.serial)
    assert r.report["brownouts"] == []


@pytest.mark.parametrize("sag,ma", [(600, 400), (1500, 150)])
def test_vbus_sag_steps_down(card, sag, ma):
    """VBUS that sags under load (USB charging stops under 4.4 V): gtaboot
    steps the current down and restarts the charger until it holds, then
    boots at the threshold without a brown-out."""
    r = boot(card, "--charger-src", "usb500", "--vbus-sag-mv", sag, *DRAINED, max_ms=120000)
    rep = r.report
    assert rep["result"] == "handoff" and rep["brownouts"] == [], rep["message"]
    assert "again at %u mA" % ma in r.serial, charge_lines(r.serial)
    assert rep["charger"]["state"] == "fast" and rep["charger"]["vbus_mv"] >= 4400, rep["charger"]
    assert abs(rep["charger"]["iref_ma"] - ma) <= 3, rep["charger"]


def session(cmds, *extra):
    inp = simrun.script(*cmds) + "{end}"
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--max-ms", 10000,
                    "--load-raw", BIN + "@0x40200000", "--input", inp] + list(extra))
    assert r.rc == 0, r.stderr + r.serial[-1500:]
    return r


def after(serial, cmd, n=0):
    """What the n-th run of cmd at the prompt printed."""
    parts = serial.replace("\r\n", "\n").split(PROMPT + cmd + "\n")
    return parts[n + 1].split(PROMPT)[0] if len(parts) > n + 1 else ""


def test_charge_command_at_prompt():
    r = session(["charge", "charge auto", "charge off", "charge", "charge continuous",
                 "charge foo", "charge a b"], "--charger-src", "usb500", "--battery-soc", "40")
    s, rep = r.serial, r.report
    st = after(s, "charge")
    assert re.search(r"charge: battery 3\d{3} mV, -?\d+ mA, VBUS \d+ mV, AC \d+ mV", st), st
    assert "battery present, USB present, AC charger absent" in st, st
    auto = after(s, "charge auto")
    assert "charge: USB, charging at 500 mA" in auto, auto
    assert "charging automatic USB" in auto, auto
    assert "charge: off" in after(s, "charge off")
    assert "charging off" in after(s, "charge", 1)
    assert "charge: continuous (linear) charging on the USB path" in after(s, "charge continuous")
    assert "error: charge: unknown subcommand 'foo'" in s
    assert "usage: charge [auto | off | continuous]" in after(s, "charge a b")
    # continuous: Linux's linear mode, both automatic modes off, and the
    # model charges on the USB path
    assert rep["charger"]["boot_bci"] & 3 == 0, rep["charger"]
    assert rep["charger"]["state"] == "fast" and rep["charger"]["ma"] > 0, rep["charger"]


PLUG = ["--charger-src", "usb500", "--battery-soc", "40", "--battery-mah", "12",
        "--power-on-by", "charger"]


@pytest.fixture(scope="module")
def card_plug_boot(tmp_path_factory):
    return make_card(tmp_path_factory.mktemp("power_plug"), "charge_on_plug=boot\n")


def test_plug_in_waits_for_power_button(card):
    """Powered on by plugging in USB (the button not held): a charged
    cell too is charged, the board sleeps and does not boot; the power
    button pressed at 3 s boots it."""
    r = boot(card, *PLUG, max_ms=6000)
    assert r.report["result"] == "timeout", r.report["message"]
    assert "charge: powered on by the charger: charging; a key or the power button boots now" \
        in r.serial, charge_lines(r.serial)
    assert re.search(r"charge: 0:00 battery ~\d+%, 3\d{3} mV, charging at 500 mA", r.serial)
    assert "Starting kernel" not in r.serial and r.report["charger"]["state"] == "fast"
    r = boot(card, *PLUG, "--press", "power@3000+400", max_ms=6000)
    assert r.report["result"] == "handoff", r.report["message"]
    assert "charge: power button: booting" in r.serial, charge_lines(r.serial)
    assert r.report["virtual_us"] >= 3000000 and ALLOW in r.serial


def test_button_start_boots_as_today(card):
    """The same charged cell and USB, started by the power button: no wait."""
    r = boot(card, *PLUG[:-1], "button")
    assert r.report["result"] == "handoff", r.report["message"]
    assert "powered on by the charger" not in r.serial and r.report["virtual_us"] < 2000000


def test_plug_in_boot_when_switched_off(card_plug_boot):
    """charge_on_plug=boot: a plug-in start boots as a button start does."""
    r = boot(card_plug_boot, *PLUG)
    assert r.report["result"] == "handoff", r.report["message"]
    assert "powered on by the charger" not in r.serial


def test_plug_in_unplugged_powers_off(card, tmp_path):
    """The cable pulled while the plug-in start waits for the button: the
    reason, DEVOFF, nothing written to the card."""
    img = str(tmp_path / "sd.img")
    subprocess.run(["cp", card, img], check=True)
    before = hashlib.sha256(open(img, "rb").read()).hexdigest()
    r = boot(img, *PLUG, "--unplug-ms", "2000", max_ms=6000)
    assert r.report["result"] == "poweroff", r.report["message"]
    assert re.search(r"charge: the charger went away \(battery 3\d{3} mV\): powering off",
                     r.serial), charge_lines(r.serial)
    assert "Starting kernel" not in r.serial
    assert hashlib.sha256(open(img, "rb").read()).hexdigest() == before


def test_power_on_by_needs_a_charger(card):
    r = simrun.run(["--machine", "gta04", "--sd", card, "--power-on-by", "charger"])
    assert r.rc == 3 and "--power-on-by charger needs a charger" in r.stderr, r.stderr


# ---- a touch on the charging screen (the GTA04's TSC2007) ----

def test_plug_in_touch_boots(card):
    """Powered on by the charger, the charging screen lit at once: a touch
    at 3 s boots, as the power button would; the line that says what boots
    names it."""
    r = boot(card, *PLUG, "--touch", "240,320@3000", max_ms=6000)
    assert r.report["result"] == "handoff", r.report["message"]
    assert "a key or the power button boots now, as does a touch" in r.serial, \
        charge_lines(r.serial)
    assert "charge: touch: booting" in r.serial, charge_lines(r.serial)
    assert r.report["virtual_us"] >= 3000000 and ALLOW in r.serial


def test_touch_resting_or_dark_does_not_boot(card):
    """A finger already on the panel when the screen lights does not boot
    (nor does lifting it); a drained cell's screen stays dark for the
    charger's first 5 s, and a touch on the dark panel does nothing."""
    r = boot(card, *PLUG, "--touch", "240,320@0+4000", max_ms=6000)
    assert r.report["result"] == "timeout", r.report["message"]
    assert "charge: touch" not in r.serial and "Starting kernel" not in r.serial
    assert r.report["tsc2007"]["reads"] > 0, r.report["tsc2007"]
    # 100 mAh: the 12 mAh cell would reach the threshold within the run
    r = boot(card, "--charger-src", "usb500", "--battery-soc", "0.9", "--battery-mah", "100",
             "--touch", "240,320@2000+400", max_ms=4000)
    assert r.report["result"] == "timeout", r.report["message"]
    assert "charge: below 3500 mV: charging before the boot; a key or the power button " \
        "boots now\n" in r.serial.replace("\r\n", "\n"), charge_lines(r.serial)
    assert "charge: touch" not in r.serial and "Starting kernel" not in r.serial
