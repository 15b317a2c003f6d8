# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian 12's omap3_beagle U-Boot booted once for the whole run, from a
card with its MLO and u-boot.img and with a blank NAND: at its prompt it
runs `version`, `help`, then sets the owner's variables and saves them with
its own saveenv. test_uboot.py reads the version, test_uboot_help.py the
command list and test_uboot_env.py the NAND it left; each boot is about
15 s of host time, so one boot instead of three.

With pytest-xdist the first worker to ask boots it and the other reads its
result (a lock and a file in the run's shared temporary directory)."""
import fcntl
import json
import os

import cards
import simrun

UBOOT = os.path.join(simrun.ROOT, "build", "deps", "root", "usr", "lib", "u-boot",
                     "omap3_beagle")
PROMPT = "BeagleBoard # "
# bs holds a\b: U-Boot stores it escaped (a\\b), its import drops the escape
SAVE = ("setenv owner yes; setenv bootargs console=ttyO2,115200n8 owner; "
        "setenv bs 'a\\\\b'; setenv bootdelay 1; saveenv")


def available():
    return all(os.path.exists(os.path.join(UBOOT, n)) for n in ("MLO", "u-boot.img"))


def _boot(d):
    card = cards.fat_card(d / "sd.img", {n: os.path.join(UBOOT, n)
                                          for n in ("MLO", "u-boot.img")}, bits=32)
    nand = d / "nand.img"
    script = "{expect Hit any key}x"
    for c in ("version", "help", SAVE.replace("\\", "\\\\")):
        script += "{expect %s}%s\\r" % (PROMPT, c)
    r = simrun.run(["--machine", "beagle", "--sd", card, "--nand", str(nand),
                    "--tolerate", "sdram-refresh", "--on-handoff", "continue",
                    "--input", script + "{expect %s}{end}" % PROMPT, "--max-ms", "40000"],
                   timeout=600)
    with open(d / "run.json", "w") as f:
        json.dump({"rc": r.rc, "serial": r.serial, "report": r.report, "stderr": r.stderr}, f)


def session(tmp_path_factory):
    """(simrun.Run of the boot, the NAND image's bytes after its saveenv)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent          # the run's directory, above each worker's
    d = root / "debian-uboot"
    d.mkdir(exist_ok=True)
    with open(d / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (d / "run.json").exists():
            _boot(d)
    with open(d / "run.json") as f:
        j = json.load(f)
    nand = d / "nand.img"
    return (simrun.Run(j["rc"], j["serial"], j["report"], j["stderr"]),
            nand.read_bytes() if nand.exists() else b"")
