# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian's labgrid (python3-labgrid) drives gtaboot's console as it drives
U-Boot's: its UBootDriver over a SerialDriver on the simulator's pty
(--serial pty, the way a board sits on a USB-serial cable) stops the
countdown with "\\n", finds the prompt, runs commands wrapped in its
markers (echo 'MA''RK'; cmd; echo "$?"; echo 'MA''RK';), reads their exit
codes, and boots.

labgrid's ExternalConsoleDriver is not used: it reads the child's stdout
one byte at a time through a buffered pipe and then polls the descriptor,
so a burst of output stays unseen in Python's buffer (labgrid 0.4.1)."""
import json
import os
import re
import subprocess
import tempfile

import pytest

import simrun

ROOT = simrun.ROOT
SD = os.path.join(ROOT, "build", "gta04", "sd.img")

labgrid = pytest.importorskip("labgrid", reason="python3-labgrid not installed")
serial = pytest.importorskip("serial", reason="python3-serial not installed")


class Board:
    """gtaboot in the simulated GTA04, UART3 on a pty."""

    def __init__(self, tmp):
        simrun.built("build/gta04/sd.img", "build/sim/gtaboot-sim")
        self.proc = subprocess.Popen(
            [simrun.SIM, "--machine", "gta04", "--rev", "A5", "--sd", SD, "--max-ms", "600000",
             "--serial", "pty", "--report", os.path.join(tmp, "report.json")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True)
        self.report = os.path.join(tmp, "report.json")
        line = self.proc.stderr.readline()
        m = re.search(r"console on (\S+)", line)
        if not m:
            self.close()
            pytest.skip("no pty from the simulator: " + line.strip())
        self.pty = m.group(1)
        cfg = os.path.join(tmp, "env.yaml")
        with open(cfg, "w") as f:
            f.write("""targets:
  main:
    resources:
      RawSerialPort:
        port: '%s'
        speed: 115200
    drivers:
      SerialDriver: {}
      UBootDriver:
        prompt: 'gtaboot> '
        autoboot: 'Hit any key to stop autoboot'
        interrupt: "\\n"
        boot_expression: 'gtaboot \\d+\\.\\d+'
        boot_command: 'run bootcmd'
        bootstring: 'Starting kernel at'
        login_timeout: 40
        boot_timeout: 40
""" % self.pty)
        self.env = labgrid.Environment(cfg)
        self.target = self.env.get_target("main")

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.proc.stderr.close()


@pytest.fixture()
def board():
    with tempfile.TemporaryDirectory() as tmp:
        b = Board(tmp)
        try:
            yield b
        finally:
            try:
                b.target.deactivate_all_drivers()
            except Exception:       # the simulator may be gone already
                pass
            b.close()


def test_labgrid_uboot_driver_runs_commands(board):
    ub = board.target.get_driver("UBootDriver")
    board.target.activate(ub)           # the countdown stopped by "\n"
    out, err, code = ub.run("echo hello; echo world")
    assert (out, code) == (["hello", "world"], 0)
    assert ub.run("false")[2] == 1
    out, _, code = ub.run("nosuchcmd")
    assert code == 1 and "Unknown command 'nosuchcmd' - try 'help'" in out
    assert ub.run_check("printenv bootcmd") == ["bootcmd=run distro_bootcmd"]
    assert ub.run_check("setenv x 41; setexpr x $x + 1; echo $x") == ["42"]
    assert ub.run_check("if itest 2 > 1; then echo yes; else echo no; fi") == ["yes"]
    with pytest.raises(labgrid.driver.exception.ExecutionError):
        ub.run_check("test 1 -eq 2")


def test_labgrid_boots_the_default(board):
    ub = board.target.get_driver("UBootDriver")
    board.target.activate(ub)
    ub.boot("")                         # boot_command: run bootcmd
    try:
        ub.await_boot()                 # bootstring: gtaboot's hand-off line
    except (serial.SerialException, OSError):
        # The simulator ends the run at the hand-off and closes its pty,
        # which a busy host may let pyserial see before the last line: a
        # board's serial port would stay. pyserial says so with its own
        # exception from a read, or lets EIO through from the ioctl that
        # counts what is waiting. Then the run's report says it.
        board.proc.wait(timeout=30)
        with open(board.report) as f:
            assert json.load(f)["result"] == "handoff"
