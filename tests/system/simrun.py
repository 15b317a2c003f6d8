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


# gtaboot's whole image must fit the SRAM below its bss (linker.ld BSS_BASE)
# to be started by --load-raw: since the image outgrew it, the early part
# has nowhere to take the rest of the MLO from in such a run.
LOAD_RAW_MAX = 0xE7C0


def run(args, timeout=300):
    """Run the simulator with args (a list); return a Run, iterable as
    (exit code, serial output text, report dict or None)."""
    args = [str(a) for a in args]
    for i, a in enumerate(args[:-1]):
        f = args[i + 1].rsplit("@", 1)[0]
        if a == "--load-raw" and f.endswith("gtaboot.bin") and os.path.exists(f) \
                and os.path.getsize(f) > LOAD_RAW_MAX:
            import pytest
            pytest.skip("%s is %d bytes: too large for --load-raw into SRAM (%d); "
                        "boot it through the ROM instead (docs/design.md, "
                        "'The ROM-loaded part')" % (f, os.path.getsize(f), LOAD_RAW_MAX))
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
