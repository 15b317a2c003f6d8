# SPDX-License-Identifier: GPL-2.0-or-later
"""Helpers for the tests that boot Debian's kernel in the simulator:
the card (tools/mklinuxcard.py), one boot, who wrote BB_CFG, /memory."""
import os
import re
import subprocess

import pytest

import simrun

ROOT = simrun.ROOT
# earlycon: the kernel prints from its first lines on (without it nothing
# appears before the serial driver registers, seconds of virtual time later).
# cryptomgr.notests: the kernel's crypto self-tests (RSA and DH arithmetic
# at late_initcall) were 3 s of the 9.5 s of virtual time to the shell and
# test the CPU emulation, not the machine's models.
APPEND = "console=ttyO2,115200n8 earlycon cryptomgr.notests"


def make_card(path, dtb, extra=()):
    """A card with gtaboot for the GTA04 (as built), the kernel and the
    initramfs; extra: more mklinuxcard.py options."""
    simrun.built("build/gta04/MLO")
    p = subprocess.run([os.path.join(ROOT, "tools", "mklinuxcard.py"), "--out", str(path),
                        "--dtb", dtb, "--append", APPEND] + list(extra),
                       capture_output=True, text=True)
    if p.returncode:
        pytest.skip("no Linux card: " + (p.stderr.strip() or p.stdout.strip()))
    return str(path)


def boot(card, rev, max_ms, extra=()):
    return simrun.run(["--machine", "gta04", "--rev", rev, "--sd", card,
                       "--on-handoff", "continue", "--max-ms", str(max_ms)] + list(extra),
                      timeout=600)


def bb_writes_by_linux(report):
    """BB_CFG values written after the hand-off: by the kernel's charger."""
    log = report["bb_cfg_log"]
    assert report["bb_cfg_writes"] == len(log)
    return [w["value"] for w in log if w["after_handoff"]]


def memory_banks(shell):
    """/memory's reg as (start, size) pairs, from the line a shell printed
    for `echo MEM $(od -An -tx1 -v /proc/device-tree/memory*/reg)`."""
    mem = re.search(r"\nMEM ((?:[0-9a-f]{2} ?)+)\r\n", shell)
    assert mem, shell
    words = [int("".join(w), 16) for w in zip(*[iter(mem.group(1).split())] * 4)]
    return list(zip(words[0::2], words[1::2]))
