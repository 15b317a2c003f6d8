# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot's command set against Debian 12's omap3_beagle U-Boot: both run
in the simulator, both `help` lists are read, and every command of
U-Boot's list must be in gtaboot's or in tests/system/uboot_cmd_exceptions.txt
with its reason. An exception naming a command gtaboot has is an error
(stale), as is one U-Boot does not list, or one docs/uboot-compat.md does
not name."""
import os
import re

import pytest

import debian_uboot
import simrun

ROOT = simrun.ROOT
BIN = os.path.join(ROOT, "build", "gta04", "gtaboot.bin")
EXCEPTIONS = os.path.join(os.path.dirname(__file__), "uboot_cmd_exceptions.txt")
COMPAT = os.path.join(ROOT, "docs", "uboot-compat.md")
# U-Boot's "%-10s- %s", where a longer name runs into the dash
# ("ubifsmount- mount UBIFS volume")
LINE = re.compile(r"^(\S+?)\s*- ", re.M)


def help_names(serial, prompt):
    text = serial.replace("\r", "")
    listing = text.split(prompt + "help\n", 1)[1].split(prompt, 1)[0]
    return set(LINE.findall(listing))


def exceptions():
    out = {}
    with open(EXCEPTIONS) as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            name, _, reason = line.strip().partition(" ")
            assert reason.strip(), "%s:%d: %s has no reason" % (EXCEPTIONS, n, name)
            assert name not in out, "%s:%d: %s twice" % (EXCEPTIONS, n, name)
            out[name] = reason.strip()
    return out


@pytest.fixture(scope="module")
def uboot_cmds(uboot_boot):
    """help at Debian's U-Boot's prompt, in the run's one boot of it
    (conftest.py, debian_uboot.py)."""
    r = uboot_boot[0]
    assert r.report["result"] == "stop", (r.report["message"], r.serial[-2000:])
    return help_names(r.serial, debian_uboot.PROMPT)


@pytest.fixture(scope="module")
def gtaboot_cmds(sim):
    simrun.built(BIN)
    prompt = "gtaboot> "
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--max-ms", "8000",
                    "--load-raw", BIN + "@0x40200000", "--input",
                    "{expect %s}help\\r{expect %s}{end}" % (prompt, prompt)], timeout=300)
    assert r.report["result"] == "stop", (r.report["message"], r.serial[-2000:])
    return help_names(r.serial, prompt)


def test_help_lists_read(uboot_cmds, gtaboot_cmds):
    """Both lists parsed: Debian's 2023.01 lists 107 commands."""
    assert len(uboot_cmds) == 107, sorted(uboot_cmds)
    assert {"help", "?", "version", "md", "mmc"} <= gtaboot_cmds, sorted(gtaboot_cmds)


def test_every_uboot_command_present_or_excepted(uboot_cmds, gtaboot_cmds):
    exc = exceptions()
    missing = sorted(uboot_cmds - gtaboot_cmds - set(exc))
    assert not missing, "U-Boot commands gtaboot lacks, not in %s: %s" % (EXCEPTIONS, missing)


def test_no_stale_exception(uboot_cmds, gtaboot_cmds):
    exc = exceptions()
    stale = sorted(n for n in exc if n in gtaboot_cmds)
    assert not stale, "gtaboot has these now; take them out of %s: %s" % (EXCEPTIONS, stale)
    unknown = sorted(n for n in exc if n not in uboot_cmds)
    assert not unknown, "not in U-Boot's help list: %s" % unknown


def test_exceptions_named_in_docs():
    doc = open(COMPAT).read()
    unnamed = sorted(n for n in exceptions() if "`%s`" % n not in doc)
    assert not unnamed, "docs/uboot-compat.md does not name: %s" % unnamed
