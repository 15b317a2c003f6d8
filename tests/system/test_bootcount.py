# SPDX-License-Identifier: GPL-2.0-or-later
"""Boot counting in the TWL4030 backup registers, bootlimit/altboot, and
the /uEnv.txt variables that make them persistent (README "Boot counting")."""
import os
import subprocess

import pytest

from simrun import ROOT, run
import cards
import simrun

MLO = os.path.join(ROOT, "build", "gta04", "MLO")
DTS = os.path.join(ROOT, "dts", "omap3-gta04-sim.dts")

CONF = """TIMEOUT 1
DEFAULT linux
LABEL linux
  KERNEL /zImage
  FDT /gta04.dtb
  APPEND root=/dev/mmcblk0p2
LABEL rescue
  KERNEL /zImage
  FDT /gta04.dtb
  APPEND rescue
"""


def backup(count=None, magic=0x47, check=None):
    """--twl-backup value: BACKUP_REG_A..D zero, E magic, F count, G check."""
    if count is None:
        return "00" * 8
    check = (count ^ 0xA5) if check is None else check
    return "00000000%02x%02x%02x00" % (magic, count, check)


def make_card(tmp_path_factory, uenv):
    """A card with the CONF above and, when uenv is not None, that /uEnv.txt."""
    simrun.built("build/gta04/MLO")
    return cards.extlinux_card(tmp_path_factory.mktemp("bootcount"), MLO, DTS, CONF, uenv)


@pytest.fixture(scope="module")
def card(sim, tmp_path_factory):
    """Counting enabled through /uEnv.txt."""
    return make_card(tmp_path_factory,
                     "# persistent variables\nbootlimit=2\naltboot=rescue\nbad line\n")


@pytest.fixture(scope="module")
def plain_card(sim, tmp_path_factory):
    """No bootlimit anywhere: the default."""
    return make_card(tmp_path_factory, None)


def boot(card, tmp_path, regs, counting=True):
    dtb = str(tmp_path / "out.dtb")
    r = run(["--machine", "gta04", "--rev", "A4", "--sd", card, "--twl-backup", regs,
             "--dump-dtb", dtb, "--max-ms", "10000"])
    assert r.rc == 0, r.stderr
    assert r.report["result"] == "handoff"
    chosen = subprocess.run(["fdtget", dtb, "/chosen", "bootargs"], capture_output=True,
                            text=True, check=True).stdout.strip()
    count = subprocess.run(["fdtget", dtb, "/chosen", "gtaboot,bootcount"],
                           capture_output=True, text=True, check=counting)
    if not counting:
        assert count.returncode != 0, "gtaboot,bootcount in /chosen: " + count.stdout
        return r, chosen, None
    return r, chosen, int(count.stdout.strip())


def test_default_boot_leaves_backup_registers_alone(plain_card, tmp_path):
    # A valid count, garbage, all-ones and zeros: any write of the counter
    # (magic cleared, count, check, magic) would change each of them.
    for regs in (backup(5), backup(7, check=0x00), "ff" * 8, backup(),
                 "0123456789abcdef"):
        r, args, _ = boot(plain_card, tmp_path, regs, counting=False)
        assert r.report["twl_backup"] == regs, regs
        assert args == "root=/dev/mmcblk0p2"
        assert "boot count" not in r.serial
        assert "Starting kernel" in r.serial


def test_uenv_is_read_and_bad_lines_named(card, tmp_path):
    r, _, _ = boot(card, tmp_path, backup())
    assert "boot: /uEnv.txt: 2 variables" in r.serial
    # The line is named by its text (issue #24: a warning names what it skips).
    assert "/uEnv.txt:4: no '=' in the line: bad line: line ignored" in r.serial


def test_garbage_counts_as_zero_and_first_boot_is_one(card, tmp_path):
    for regs in (backup(), backup(7, check=0x00), backup(7, magic=0x12), "ff" * 8):
        r, args, count = boot(card, tmp_path, regs)
        assert count == 1, regs
        assert args == "root=/dev/mmcblk0p2 bootcount=1"
        # stored back with its check byte; the other registers untouched
        assert r.report["twl_backup"][8:14] == backup(1)[8:14]
        assert r.report["twl_backup"][:8] == regs[:8]
        assert r.report["twl_backup"][14:] == regs[14:]


def test_count_increments_below_limit(card, tmp_path):
    r, args, count = boot(card, tmp_path, backup(1))
    assert count == 2
    assert "Booting 'linux'" in r.serial
    assert args.endswith("bootcount=2")
    assert r.report["twl_backup"] == backup(2)


def test_over_limit_boots_altboot(card, tmp_path):
    r, args, count = boot(card, tmp_path, backup(2))
    assert count == 3
    assert "boot count 3 exceeds bootlimit 2: booting altboot 'rescue'" in r.serial
    assert "Booting 'rescue'" in r.serial
    assert args == "rescue bootcount=3"
    assert r.report["twl_backup"] == backup(3)


@pytest.fixture(scope="module")
def alt_card(sim, tmp_path_factory):
    """U-Boot's own names: bootlimit and altbootcmd (a script, here one
    that boots the rescue label through sysboot's chain by setting
    altboot and running bootcmd)."""
    return make_card(tmp_path_factory,
                     "bootlimit=2\naltbootcmd=echo ALT ran at $bootcount; setenv altboot rescue;"
                     " run bootcmd\n")


def test_over_limit_runs_altbootcmd(alt_card, tmp_path):
    """As U-Boot's bootdelay_process: bootcount > bootlimit runs altbootcmd
    instead of bootcmd, with U-Boot's warning; bootcount is a variable."""
    r, args, count = boot(alt_card, tmp_path, backup(2))
    assert count == 3
    assert "Warning: Bootlimit (2) exceeded. Using altbootcmd." in r.serial
    assert "ALT ran at 3" in r.serial
    assert "Booting 'rescue'" in r.serial and args == "rescue bootcount=3"


def test_below_limit_runs_bootcmd(alt_card, tmp_path):
    r, args, count = boot(alt_card, tmp_path, backup(0))
    assert count == 1 and "altbootcmd" not in r.serial and "ALT ran" not in r.serial
    assert "Booting 'linux'" in r.serial


def test_upgrade_available_0_stops_counting(sim, tmp_path_factory, tmp_path):
    """upgrade_available=0 (an update not on trial, in RAUC's and
    SWUpdate's use of U-Boot's counter): no counting, registers untouched."""
    img = make_card(tmp_path_factory, "bootlimit=2\nupgrade_available=0\n")
    r, args, _ = boot(img, tmp_path, backup(5), counting=False)
    assert r.report["twl_backup"] == backup(5)
    assert args == "root=/dev/mmcblk0p2" and "boot count" not in r.serial
