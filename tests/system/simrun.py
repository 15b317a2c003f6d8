# SPDX-License-Identifier: GPL-2.0-or-later
"""Run gtaboot-sim and collect what a test needs: exit code, the console
(UART3) output, the JSON report and stderr."""
import json
import os
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SIM = os.path.join(ROOT, "build", "sim", "gtaboot-sim")

EXIT = {"handoff": 0, "poweroff": 0, "reset": 0, "fault": 1, "watchdog": 1,
        "timeout": 2, "usage": 3}


class Run:
    def __init__(self, rc, serial, report, stderr):
        self.rc, self.serial, self.report, self.stderr = rc, serial, report, stderr

    def __iter__(self):  # rc, serial, report = run(...)
        return iter((self.rc, self.serial, self.report))


def run(args, timeout=300):
    """Run the simulator with args (a list); return a Run, iterable as
    (exit code, serial output text, report dict or None)."""
    with tempfile.TemporaryDirectory() as tmp:
        serial = os.path.join(tmp, "serial.txt")
        report = os.path.join(tmp, "report.json")
        cmd = [SIM, "--serial", serial, "--report", report] + [str(a) for a in args]
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=ROOT)
        out = ""
        if os.path.exists(serial):
            with open(serial, "rb") as f:
                out = f.read().decode("latin-1")
        rep = None
        if os.path.exists(report):
            with open(report) as f:
                rep = json.load(f)
        return Run(p.returncode, out, rep, p.stderr.decode("utf-8", "replace"))
