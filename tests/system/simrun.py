# SPDX-License-Identifier: GPL-2.0-or-later
"""Run gtaboot-sim and collect what a test needs: exit code, the console
(UART3) output, the JSON report and stderr."""
import json
import os
import signal
import subprocess
import tempfile
import threading

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def make_target(path):
    """The make command that builds path (relative to the repo root)."""
    parts = path.split("/")
    if path in ("build/sim/gtaboot-sim", "build/tools/usbpeer"):
        return "make sim"
    if parts[:2] == ["build", "tools"]:
        return "make tools"
    if parts[:2] == ["build", "payload"]:
        return "make payload"
    if parts[:2] == ["build", "usbhost"]:
        return "make usbhost"
    if len(parts) > 2 and parts[0] == "build" and parts[1] in ("gta04", "beagle"):
        if parts[2] == "sd.img":
            return "make BOARD=%s %s" % (parts[1], path)
        return "make BOARD=" + parts[1]
    return "make " + path


def built(*paths):
    """The absolute path of each file (relative to the repo root) under
    build/: tests read what `make check` built before them and never run
    make themselves (issue #34). A missing file fails the test, naming the
    make target that builds it."""
    import pytest
    full = []
    for p in paths:
        f = os.path.join(ROOT, p)
        p = os.path.relpath(f, ROOT)
        if not os.path.exists(f):
            pytest.fail("%s is missing: `make check` builds it before the tests, or alone: %s"
                        % (p, make_target(p)))
        full.append(f)
    return full[0] if len(full) == 1 else full


SIM = os.path.join(ROOT, "build", "sim", "gtaboot-sim")
PROMPT = "gtaboot> "


def esc(text):
    """Console text as a simulator input script (tools/sim/uart.c)."""
    out = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ch == "\r":
            out.append("\\r")
        elif ord(ch) < 0x20 or ord(ch) > 0x7e:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def script(*cmds, start="{expect %s}" % PROMPT):
    """Each command typed at the next prompt, then one more prompt awaited."""
    return start + "".join(esc(c) + "\\r{expect %s}" % PROMPT for c in cmds)


EXIT = {"handoff": 0, "poweroff": 0, "reset": 0, "brownout": 0, "fault": 1, "watchdog": 1,
        "timeout": 2, "usage": 3}


class Run:
    def __init__(self, rc, serial, report, stderr):
        self.rc, self.serial, self.report, self.stderr = rc, serial, report, stderr

    def __iter__(self):  # rc, serial, report = run(...)
        return iter((self.rc, self.serial, self.report))


RAW_SECTOR = 256           # the second of the ROM's raw-mode places (128 KiB)


def _raw_mlo_card(card, mlo_raw, out):
    """A copy of card (or a blank card) with MLO.raw written at sector 256,
    where the ROM's raw mode and gtaboot's early part look for it. Only the
    gap in front of the first partition is written; a card whose gap is too
    small is refused rather than damaged."""
    blob = open(mlo_raw, "rb").read()
    end = RAW_SECTOR * 512 + len(blob)
    if card:
        subprocess.run(["cp", "--sparse=always", card, out], check=True)
        with open(out, "rb") as f:
            mbr = f.read(512)
        if mbr[510:512] == b"\x55\xaa":
            starts = [int.from_bytes(mbr[446 + 16 * i + 8:446 + 16 * i + 12], "little")
                      for i in range(4) if mbr[446 + 16 * i + 4]]
            if starts and min(starts) * 512 < end:
                raise ValueError("%s: no room for MLO.raw before its first partition" % card)
    else:
        with open(out, "wb") as f:
            f.truncate(4 << 20)
    with open(out, "r+b") as f:
        f.seek(RAW_SECTOR * 512)
        f.write(blob)
    return out


def load_raw_args(args, tmp):
    """--load-raw of gtaboot's gtaboot.bin stands for the ROM having loaded
    the MLO, but the ROM loads only the early part and gtaboot reads the
    rest of its MLO from the boot medium (docs/design.md, "Two
    images"). So such a run also gets a card holding MLO.raw: a copy of the
    --sd card with it in the gap before the first partition, or a blank
    card with only MLO.raw when the run had none (such a card has no
    partition table), and the card powered as a ROM that tried it leaves it. Other --load-raw runs are left as they are."""
    args = [str(a) for a in args]
    mlo_raw = None
    for i, a in enumerate(args[:-1]):
        f, _, at = args[i + 1].rpartition("@")
        if a == "--load-raw" and os.path.basename(f) == "gtaboot.bin":
            mlo_raw = os.path.join(os.path.dirname(f), "MLO.raw")
            # only what the ROM loads: the early part its descriptor names
            # ("GMLO", early length, at 0x3C; docs/design.md)
            with open(f, "rb") as fh:
                blob = fh.read()
            if blob[0x3C:0x40] == b"GMLO":
                early = os.path.join(tmp, "early.bin")
                with open(early, "wb") as fh:
                    fh.write(blob[:int.from_bytes(blob[0x40:0x44], "little")])
                args[i + 1] = early + "@" + at
    if not mlo_raw or "--no-rest-card" in args:
        return [a for a in args if a != "--no-rest-card"]
    # the ROM powered the card to look at it (VMMC1 left on), as it does
    # when it has found no MLO on NAND and tried MMC1
    if "--rom-vmmc1" not in args:
        args += ["--rom-vmmc1", "on"]
    if "--sd" in args:
        i = args.index("--sd") + 1
        args[i] = _raw_mlo_card(args[i], mlo_raw, os.path.join(tmp, "rest-card.img"))
    else:
        args += ["--sd", _raw_mlo_card(None, mlo_raw, os.path.join(tmp, "rest-card.img"))]
    return args


def run(args, timeout=300):
    """Run the simulator with args (a list); return a Run, iterable as
    (exit code, serial output text, report dict or None)."""
    built("build/sim/gtaboot-sim")
    with tempfile.TemporaryDirectory() as tmp:
        args = load_raw_args(args, tmp)
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


class Background:
    """gtaboot-sim in the background, in a session of its own, while the
    test drives something else (a USB host); its console in serial (a file
    path), the rest of its output collected. text() keeps what there was
    once kill() has run, so a temporary directory may go after it."""

    def __init__(self, args, serial):
        self.serial, self.final = serial, None
        self.proc = subprocess.Popen([SIM, "--serial", serial] + [str(a) for a in args],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, start_new_session=True,
                                     cwd=ROOT)
        self.out = []
        self.reader = threading.Thread(target=lambda: self.out.append(self.proc.stdout.read()),
                                       daemon=True)
        self.reader.start()

    def wait(self, timeout):
        """The exit status, or None while it still runs after timeout s."""
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        # the process has ended, but the reader may not have handed over
        # its last output yet (a loaded host once lost the whole
        # "result=reset" line that way): wait for it
        self.reader.join(10)
        self.final = self.text()

    def text(self):
        if self.final is not None:
            return self.final
        serial = open(self.serial, "rb").read().decode("latin-1") \
            if os.path.exists(self.serial) else ""
        return serial + "\n--- simulator:\n" + b"".join(self.out).decode("latin-1")
