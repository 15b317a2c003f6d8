# SPDX-License-Identifier: GPL-2.0-or-later
"""The GTA04's touch screen and panel through Letux's commands
(commands/letux.c) in the simulator: the TSC2007 model on I2C2
(tools/sim/tsc2007.c, touches in panel pixels: --touch X,Y@MS[+HOLD] and
{touch X Y [HOLD]}), tsc init/choose/selection with Letux's cell
numbering (commands.c do_tsc_choose(): 1..cols*rows from the top left,
row by row), the bound and the escapes of tsc choose, a controller that
does not answer, bad arguments; lcm on gtaboot's own screen (screenshots
of the DSS model) and the boot menu answering a touch on an entry's row."""
import subprocess

import pytest

import pngread
import simrun
from test_display import CONF, card, run_shots  # noqa: F401 (card: a fixture)
from test_letux import BIN, PROMPT, output, session

W, H = 480, 640


@pytest.fixture(scope="module", autouse=True)
def firmware():
    simrun.built("build/gta04/gtaboot.bin", "build/gta04/MLO", "build/sim/gtaboot-sim",
                 "build/beagle/gtaboot.bin", "build/beagle/MLO")


def centre(cell, cols=3, rows=3):
    """The pixel at the centre of Letux's cell (1-based, row by row)."""
    c, r = (cell - 1) % cols, (cell - 1) // cols
    return (2 * c + 1) * W // (2 * cols), (2 * r + 1) * H // (2 * rows)


def choose_run(cell_touch, then=(), extra=(), max_ms=60000):
    """tsc choose 3 3 at the prompt, a touch (x, y) once it waits (or
    none), then the commands of then."""
    inp = "{expect %s}tsc choose 3 3\\r{expect any key to stop}{wait 50}" % PROMPT
    if cell_touch:
        inp += "{touch %d %d 50}{wait 100}" % cell_touch
    for c in then:
        inp += "{expect %s}%s\\r" % (PROMPT, simrun.esc(c))
    inp += "{expect %s}{end}" % PROMPT
    r = simrun.run(["--machine", "gta04", "--max-ms", max_ms, "--load-raw",
                    BIN["gta04"] + "@0x40200000", "--input", inp] + list(extra))
    assert r.rc == 0, r.stderr + r.serial
    return r


@pytest.mark.parametrize("cell", [1, 3, 5, 7, 9])
def test_choose_cell_and_selection(cell):
    """A touch at a cell's centre chooses it: Letux's message (column/row
    from 0) and tsc selection true for that cell only."""
    other = 2 if cell != 2 else 4
    yes = "tsc selection %d && echo chosen" % cell
    no = "tsc selection %d || echo other" % other
    r = choose_run(centre(cell), [yes, no])
    out = output(r.serial, "tsc choose 3 3")
    assert out.startswith("Choosing by waiting for touch.\r\n1 2 3\r\n4 5 6\r\n7 8 9\r\n"), out
    assert "did choose %d/%d -> %d" % ((cell - 1) % 3, (cell - 1) // 3, cell) in out, out
    assert "chosen" in output(r.serial, yes)
    assert "other" in output(r.serial, no)
    t = r.report["tsc2007"]
    assert t["touches"] == 1 and t["penirq"] == 1      # released: the pull-up
    assert t["last_command"] == 0x00                   # powered down, PENIRQ on


def test_choose_grid_shapes():
    """Another grid: 4 columns, 2 rows; the panel's bottom right is 8."""
    inp = ("{expect %s}tsc choose 4 2\\r{expect any key to stop}{touch 470 630}"
           "{expect %s}{end}" % (PROMPT, PROMPT))
    r = simrun.run(["--machine", "gta04", "--max-ms", 20000, "--load-raw",
                    BIN["gta04"] + "@0x40200000", "--input", inp])
    assert "1 2 3 4\r\n5 6 7 8\r\n" in r.serial
    assert "did choose 3/1 -> 8" in r.serial, r.serial


def test_choose_bounded_and_script_stops():
    """Nobody touches: tsc choose ends after 30 s and ends the script that
    runs it (Letux's while true would come back to it for ever); nothing
    is selected and the prompt works."""
    loop = "while true; do echo round; tsc choose 3 3; echo after; done; echo next"
    r = session([loop, "tsc selection 1 || echo none", "version"], max_ms=60000)
    out = output(r.serial, loop)
    assert "tsc: timeout: the script stops" in out, out
    assert out.count("round") == 1 and "after" not in out and "next" not in out
    assert "none" in output(r.serial, "tsc selection 1 || echo none")
    times = [p[0] for p in r.report["console"] if "Press touch or any key" in p[1] or "tsc: timeout" in p[1]]
    assert len(times) == 2 and 29.5e6 < times[1] - times[0] < 31e6, times


@pytest.mark.parametrize("stop", ["x", "{press aux}", "{press power}"])
def test_choose_escape(stop):
    """A key, AUX or the power button ends the wait at once."""
    inp = ("{expect %s}tsc choose 3 3\\r{expect any key to stop}{wait 300}%s"
           "{expect the script stops}{end}" % (PROMPT, stop))
    r = simrun.run(["--machine", "gta04", "--max-ms", 20000, "--load-raw",
                    BIN["gta04"] + "@0x40200000", "--input", inp,
                    "--power-on-by", "button+1"])
    assert r.rc == 0, r.stderr + r.serial
    assert "tsc: stopped: the script stops" in r.serial
    assert r.report["virtual_us"] < 10e6


def test_touch_held_from_before_counts():
    """A touch already held when tsc choose starts counts (Letux reads the
    plates, not an edge)."""
    inp = "{expect %s}{touch 80 600 3000}tsc choose 3 3\\r{expect %s}{end}" % (PROMPT, PROMPT)
    r = simrun.run(["--machine", "gta04", "--max-ms", 20000, "--load-raw",
                    BIN["gta04"] + "@0x40200000", "--input", inp])
    assert "did choose 0/2 -> 7" in r.serial, r.serial


def test_init_and_readouts():
    """tsc init is silent on success (the model saw the setup command);
    Letux's read-outs (get, loop, gloop) are refused by name (the raw
    values: tests/unit/sim/test_tsc2007.c)."""
    r = session(["tsc init", "tsc get", "tsc gloop"])
    assert output(r.serial, "tsc init") == ""
    assert r.report["tsc2007"]["setup"] == 0xB0
    for c in ("get", "gloop"):
        assert "error: tsc: %s: not supported by gtaboot" % c in output(r.serial, "tsc " + c)


def test_no_controller():
    """A GTA04 whose TSC2007 does not answer: tsc names it; tsc choose
    says nobody can answer and ends the script."""
    r = session(["tsc init", "tsc choose 3 3; echo after"],
                extra=["--inject", "tsc2007-absent"])
    assert "error: tsc: TSC2007 on i2c2 0x48: no acknowledge" in output(r.serial, "tsc init")
    out = output(r.serial, "tsc choose 3 3; echo after")
    assert "tsc: no touch screen: the script stops" in out and "after" not in out, out
    assert r.report["tsc2007"] is None


def test_bad_arguments():
    cmds = ["tsc choose 0 3", "tsc choose 3 17", "tsc choose 3", "tsc selection x",
            "tsc choose x 3", "tsc loop", "lcm backlight 256", "lcm power 3",
            "lcm color 1000000", "lcm fb", "lcm start 1 2", "lcm init"]
    r = session(cmds)
    out = {c: output(r.serial, c) for c in cmds}
    assert "error: tsc: no cells" in out["tsc choose 0 3"]
    assert "error: tsc: bad rows '17'" in out["tsc choose 3 17"]
    assert "error: tsc: bad columns 'x'" in out["tsc choose x 3"]
    assert "usage: tsc" in out["tsc choose 3"]
    assert "error: tsc: bad selection 'x'" in out["tsc selection x"]
    assert "error: tsc: unknown subcommand 'loop'" in out["tsc loop"]
    assert "error: lcm: bad level '256'" in out["lcm backlight 256"]
    assert "error: lcm: bad level '3'" in out["lcm power 3"]
    assert "error: lcm: bad value '1000000'" in out["lcm color 1000000"]
    assert "usage: lcm" in out["lcm fb"] and "usage: lcm" in out["lcm start 1 2"]
    assert "error: lcm: unknown subcommand 'init'" in out["lcm init"]
    # none of them waited for a touch
    assert "Choosing" not in r.serial


def test_beagle_has_neither():
    r = session(["lcm start", "tsc init", "tsc choose 3 3; echo after"], machine="beagle")
    assert "error: lcm: BeagleBoard has no panel" in output(r.serial, "lcm start")
    assert "error: tsc: BeagleBoard has no touch screen" in output(r.serial, "tsc init")
    assert "after" not in output(r.serial, "tsc choose 3 3; echo after")


# ---- lcm on gtaboot's screen (screenshots at the end of the run) ----

def shot(cmds, tmp_path, extra=()):
    png = str(tmp_path / "s.png")
    r = session(cmds, extra=["--screenshot", png] + list(extra))
    w, h, rows = pngread.read(png)
    assert (w, h) == (W, H)
    return r, rows


def colours(rows):
    return {px for row in rows[::40] for px in row[::40]}


def test_lcm_color_and_start(tmp_path):
    """color shows the colour alone (the DISPC's background with no
    pipeline); start shows gtaboot's screen again (its yellow title)."""
    _, rows = shot(["lcm color ff0000"], tmp_path)
    assert colours(rows) == {(255, 0, 0)}
    _, rows = shot(["lcm color 00ff00", "lcm fb 0", "lcm start"], tmp_path)
    assert rows[4][470] == (255, 203, 41)


def test_lcm_fb_shows_a_frame(tmp_path):
    """fb ADDR shows an RGB565 frame from free SDRAM."""
    r, rows = shot(["mw.l 80400000 001f001f 25800", "lcm fb 80400000"], tmp_path)
    assert colours(rows) == {(0, 0, 255)}
    assert "error" not in output(r.serial, "lcm fb 80400000")


def test_lcm_fb_out_of_bounds(tmp_path):
    """Outside SDRAM, over gtaboot's framebuffer or code: refused, the
    screen unchanged."""
    r, rows = shot(["lcm fb 10000000", "lcm fb bfc00000", "lcm fb bffff000", "lcm fb 4020f000"],
                   tmp_path)
    assert "lies outside RAM" in output(r.serial, "lcm fb 10000000")
    assert "overlaps the framebuffer" in output(r.serial, "lcm fb bfc00000")
    assert "overlaps gtaboot's" in output(r.serial, "lcm fb bffff000") or \
        "lies outside RAM" in output(r.serial, "lcm fb bffff000")
    assert "lies outside RAM" in output(r.serial, "lcm fb 4020f000")
    assert rows[4][470] == (255, 203, 41)


@pytest.mark.parametrize("cmd", ["lcm off", "lcm power 0", "lcm backlight 0"])
def test_lcm_blank(cmd, tmp_path):
    """off, power 0 and backlight 0: the backlight off, a dark picture."""
    _, rows = shot([cmd], tmp_path)
    assert colours(rows) == {(0, 0, 0)}
    _, rows = shot([cmd, "lcm start"], tmp_path)
    assert rows[4][470] == (255, 203, 41)


def test_lcm_backlight_pwm(tmp_path):
    """A level between 0 and 255 is GPTIMER11's PWM on the backlight pad:
    the panel stays lit."""
    _, rows = shot(["lcm backlight 100"], tmp_path)
    assert rows[4][470] == (255, 203, 41)


# ---- the boot menu ----

def test_menu_touch_boots_entry(sim, card, tmp_path):  # noqa: F811
    """AUX at power-on opens the menu; a touch on the second entry's row
    (text row ROW_LOG + 2 + 1: pixels 80-95) boots it."""
    r = run_shots(sim, card("menu"), tmp_path, [],
                  ["--press", "aux@0+300", "--touch", "100,88@600"])
    assert r.rc == 0 and r.report["result"] == "handoff", r.stderr
    assert "Booting 'Second entry'" in r.serial
    args = subprocess.run(["fdtget", "-t", "s", str(tmp_path / "out.dtb"), "/chosen",
                           "bootargs"], capture_output=True, text=True).stdout
    assert "which=second" in args


def test_menu_touch_elsewhere_ignored(sim, card, tmp_path):  # noqa: F811
    """A touch below the entries does nothing: the timeout boots the
    default."""
    r = run_shots(sim, card("menu"), tmp_path, [],
                  ["--press", "aux@0+300", "--touch", "100,400@600"])
    assert r.rc == 0 and "menu: timeout" in r.serial and "Booting 'First entry'" in r.serial
