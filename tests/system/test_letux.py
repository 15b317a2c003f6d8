# SPDX-License-Identifier: GPL-2.0-or-later
"""Letux's board commands (commands/letux.c) in the simulator: status on
the GTA04's TCA6507 (the model's register log in the report) and the
Beagle's USR0/USR1 GPIOs, the buttons, the bounded blink, and the commands
gtaboot refuses by name (onenand; lcm and tsc on the Beagle); unzip is
U-Boot's. charge is tests/system/test_power.py's, lcm and tsc on the GTA04
tests/system/test_touch.py's."""
import os

import pytest

import simrun

ROOT = simrun.ROOT
PROMPT = "gtaboot> "
BIN = {b: os.path.join(ROOT, "build", b, "gtaboot.bin") for b in ("gta04", "beagle")}


@pytest.fixture(scope="module", autouse=True)
def firmware():
    simrun.built("build/gta04/gtaboot.bin", "build/gta04/MLO", "build/sim/gtaboot-sim",
                 "build/beagle/gtaboot.bin", "build/beagle/MLO")


def session(cmds, machine="gta04", rev=None, extra=(), max_ms=20000):
    board = "beagle" if machine.startswith("beagle") else "gta04"
    inp = simrun.script(*cmds)
    args = ["--machine", machine, "--max-ms", max_ms,
            "--load-raw", BIN[board] + "@0x40200000", "--input", inp + "{end}"]
    if rev:
        args += ["--rev", rev]
    r = simrun.run(args + list(extra))
    assert r.rc == 0, r.stderr + r.serial
    return r


def output(serial, cmd):
    """What the command cmd printed (its first run)."""
    _, _, rest = serial.partition(PROMPT + cmd + "\r\n")
    return rest.partition(PROMPT)[0]


@pytest.mark.parametrize("rev", ["A3", "A4", "A5"])
def test_status_gta04_tca6507(rev):
    """Letux's boot-gta04.txt patterns: 8 (started: power red), 18
    (loading: power red + green), 10 (loaded: power green). Bit n is the
    TCA6507's port n, fully on = Select2 only; port 6 (WLAN reset) and the
    time/intensity registers keep their power-up values."""
    r = session(["status init", "status set 8", "status set 18", "status set 10"], rev=rev)
    assert "status: LEDs on a TCA6507, i2c2 0x45" in r.serial
    t = r.report["tca6507"]
    sel2 = [w["value"] for w in t["log"] if w["reg"] == 2]
    assert sel2 == [0x08, 0x18, 0x10], t
    assert all(w["value"] == 0 for w in t["log"] if w["reg"] in (0, 1)), t
    assert t["ports"] == [0, 0, 0, 0, 4, 0, 0]
    assert t["regs"][3:] == [0x44] * 5 + [0xFF, 0x0F]


def test_status_set_counts_on():
    """Without a value, status set shows the next pattern (Letux's state++)."""
    r = session(["status set 1", "status set"])
    assert r.report["tca6507"]["ports"][:2] == [0, 4]


@pytest.mark.parametrize("value,usr0,usr1", [("8", 1, 0), ("18", 1, 1), ("10", 0, 1), ("0", 0, 0)])
def test_status_beagle_usr_leds(value, usr0, usr1):
    """USR0 (GPIO150) shows the red bits, USR1 (GPIO149) the green ones."""
    r = session(["status init", "status set " + value], machine="beagle")
    assert "status: LEDs on GPIOs" in r.serial
    assert r.report["gpio_leds"] == {"usr0": usr0, "usr1": usr1}
    assert r.report["tca6507"] is None


@pytest.mark.parametrize("machine", ["gta04", "beagle"])
def test_status_get_aux(machine):
    # the press that started the board (tools/sim, --power-on-by) is over
    # before the prompt
    short = ["--power-on-by", "button+1"]
    free = session(["status get"], machine=machine, extra=short)
    held = session(["status get"], machine=machine, extra=["--aux"] + short)
    assert "AUX: off Power: off" in output(free.serial, "status get")
    assert "button status: 01\r\nAUX: on Power: off" in output(held.serial, "status get")


def test_status_check_condition():
    cmd = "if status check 1; then echo held; else echo free; fi"
    assert "held" in output(session([cmd], extra=["--aux"]).serial, cmd)
    assert "free" in output(session([cmd]).serial, cmd)


def test_status_blink_bounded_and_restored():
    """blink counts through the LEDs every 100 ms for at most 10 s and
    then shows the last pattern again; a key ends it early."""
    r = session(["status set 10", "status blink", "status blink"], max_ms=30000)
    t = r.report["tca6507"]
    assert t["writes"] > 100 * 3          # ~100 steps of 3 registers per blink
    assert t["ports"] == [0, 0, 0, 0, 4, 0, 0]
    times = [p[0] for p in r.report["console"] if "blinking the LEDs" in p[1]]
    assert len(times) == 2 and 9.5e6 < times[1] - times[0] < 11e6, times


@pytest.mark.parametrize("stop", ["x", "{press aux}", "{press power}"])
def test_status_blink_stopped(stop):
    """A key, AUX or the power button ends the blink at once."""
    inp = ("{expect %s}status blink\\r{expect stops)}{wait 300}%s{expect %s}{end}"
           % (PROMPT, stop, PROMPT))
    r = simrun.run(["--machine", "gta04", "--max-ms", 20000, "--load-raw",
                    BIN["gta04"] + "@0x40200000", "--input", inp])
    assert r.rc == 0, r.stderr + r.serial
    assert r.report["virtual_us"] < 8e6


def test_status_without_controller():
    """A GTA04 whose TCA6507 does not answer: status fails by name."""
    r = session(["status set 10"], extra=["--inject", "i2c-nack:0x45:-1"])
    assert "error: status: TCA6507 on i2c2 0x45: no acknowledge" in r.serial


def test_unknown_subcommands():
    r = session(["status foo", "lcm foo", "tsc foo", "charge foo"])
    for c in ("status", "lcm", "tsc", "charge"):
        assert "error: %s: unknown subcommand 'foo'" % c in r.serial


@pytest.mark.parametrize("machine", ["gta04", "beagle"])
def test_refused_commands(machine):
    cmds = ["lcm start", "tsc init", "tsc selection 7",
            "onenand read 82000000 280000 4", "unzip 80800000 80400000"]
    r = session(cmds, machine=machine)
    out = {c: output(r.serial, c) for c in cmds}
    if machine == "gta04":
        assert out["lcm start"] == "" and out["tsc init"] == ""   # tests/system/test_touch.py
    else:
        assert "error: lcm: BeagleBoard has no panel" in out["lcm start"]
        assert "error: tsc: BeagleBoard has no touch screen" in out["tsc init"]
    assert out["tsc selection 7"] == ""   # a condition: false, silently (nothing chosen)
    assert "error: onenand: gtaboot has no OneNAND driver" in out["onenand read 82000000 280000 4"]
    # unzip is U-Boot's now (commands/image.c): no gzip file there
    assert "Error: Bad gzipped data" in out["unzip 80800000 80400000"]
