# SPDX-License-Identifier: GPL-2.0-or-later
"""The single-copy environment an incumbent U-Boot left in NAND, on the
GTA04: Letux's U-Boot keeps one 256 KiB copy at 0x240000 (a CRC-32 over
the rest, no flags byte). gtaboot reads and uses it (no bad-CRC warning),
and converts it to its redundant pair (0x240000, 0x260000) only at the
next saveenv, saying so; fw_printenv reads it with the one-line
fw_env.config before and the two-line one after (docs/environment.md); a
power cut anywhere in the conversion leaves the owner's variables
readable. The BeagleBoard's case, with the environment written by
Debian's U-Boot itself, is test_uboot_env.py."""
import binascii
import os
import struct

import pytest

from test_ubenv import (ENV_SIZE, WARNING, after, blank_nand, console, fw, printenv, read_region,
                        sd, tools_config, write_region)

assert sd  # the module fixture, used by the tests below
LETUX_SIZE = 0x40000
OWNER = {"bootcmd": "run owner_boot", "owner_boot": "echo owner boot", "owner": "letux",
         "bootdelay": "3", "mux": "GTA04A4"}
NOTE = ("env: U-Boot's single-copy environment at 0x240000 (256 KiB%s) is used; the next "
        "saveenv converts it to gtaboot's redundant pair at 0x240000 and 0x260000")


def single_block(env, size=LETUX_SIZE):
    """U-Boot's env_t without a flags byte, as Letux's saveenv writes it:
    sorted entries, a final NUL, zero padding, the CRC over all of it."""
    data = b"".join(b"%s=%s\0" % (k.encode(), v.encode()) for k, v in sorted(env.items()))
    data += b"\0"
    data += b"\0" * (size - 4 - len(data))
    return struct.pack("<I", binascii.crc32(data) & 0xffffffff) + data


def letux_nand(tmp_path):
    nand = tmp_path / "n.img"
    blank_nand(nand)
    write_region(nand, single_block(OWNER))
    return nand


def before_config(tmp_path, nand):
    flat = tmp_path / "env-before.bin"
    flat.write_bytes(read_region(nand))
    cfg = tmp_path / "fw_env-before.config"
    cfg.write_text("%s 0x0 0x%x 0x%x\n" % (flat, LETUX_SIZE, ENV_SIZE))
    return cfg


def test_letux_single_copy_read_then_converted(sd, tmp_path):
    nand = letux_nand(tmp_path)
    # the Linux side with the one-line config reads Letux's copy
    p, env = printenv(before_config(tmp_path, nand))
    assert p.returncode == 0 and env["owner"] == "letux", p.stderr
    r = console(sd, nand, ["printenv owner mux", "echo $bootdelay", "setenv added yes",
                           "saveenv"])
    assert "Loading Environment from NAND... OK\r\n" + NOTE % "" in r.serial, r.serial
    assert WARNING not in r.serial
    assert "owner=letux\r\nmux=GTA04A4\r\n" in after(r, "printenv owner mux")
    assert after(r, "echo $bootdelay").startswith("\r\n3\r\n")
    out = after(r, "saveenv")
    assert ("env: converting U-Boot's single-copy environment at 0x240000 to gtaboot's "
            "redundant pair (0x240000, 0x260000)\r\n"
            "Saving Environment to NAND... Erasing redundant NAND...\r\n"
            "Writing to redundant NAND... OK\r\n"
            "Saving Environment to NAND... Erasing NAND...\r\n"
            "Writing to NAND... OK\r\n") in out, out
    # the two-line config (docs/environment.md) reads the pair
    p, env = printenv(tools_config(tmp_path, nand)[1])
    assert p.returncode == 0, p.stderr
    assert env["owner"] == "letux" and env["added"] == "yes" and env["mux"] == "GTA04A4"
    # the next boot reads the pair: no note, the next save is an ordinary one
    r = console(sd, nand, ["printenv added", "saveenv"])
    assert "Loading Environment from NAND... OK\r\n" in r.serial, r.serial
    assert "single-copy" not in r.serial and WARNING not in r.serial
    assert "added=yes" in after(r, "printenv added")
    assert "Writing to redundant NAND... OK" in after(r, "saveenv"), r.serial


def test_letux_single_copy_not_converted_without_saveenv(sd, tmp_path):
    nand = letux_nand(tmp_path)
    before = read_region(nand)
    console(sd, nand, ["setenv added yes", "printenv owner"])
    assert read_region(nand) == before


# The conversion's NAND operations: the erase of copy 1 (1), its 64 page
# programs (2-65), the erase of copy 0 (66), its programs (67-130); make
# check samples them, `make powercut` (GTABOOT_POWERCUT=all) takes all.
CUTS = list(range(1, 131)) if os.environ.get("GTABOOT_POWERCUT") == "all" else \
    [1, 2, 33, 65, 66, 67, 130]


@pytest.mark.parametrize("cut", CUTS)
def test_power_cut_during_conversion_keeps_the_owners_environment(sd, tmp_path, cut):
    nand = letux_nand(tmp_path)
    r = console(sd, nand, ["setenv added yes", "saveenv"], "--inject", "nand-powercut:%d" % cut)
    assert r.report and r.report.get("result") == "poweroff", r.stderr + r.serial
    assert "Powering off" not in r.serial       # the cut, not the script's poweroff
    # what the cut left, for fw_printenv: the boot below saves over it
    (tmp_path / "cut").mkdir()
    cut_left = tools_config(tmp_path / "cut", nand)[1]
    # the next boot reads it, then a save completes (one boot: the load and
    # the printenvs come before the saveenv)
    r = console(sd, nand, ["printenv owner", "printenv added", "saveenv"])
    assert WARNING not in r.serial, r.serial
    loaded = r.serial.split("printenv owner", 1)[0]
    assert "owner=letux" in after(r, "printenv owner"), r.serial
    if cut <= 65:
        # copy 1 unfinished: Letux's copy, its padding partly overwritten
        assert NOTE % ", its padding lost to a conversion cut short" in loaded, r.serial
        assert '## Error: "added" not defined' in after(r, "printenv added")
    else:
        # copy 1 whole: the converted environment
        assert "single-copy" not in r.serial
        assert "added=yes" in after(r, "printenv added")
        assert printenv(cut_left)[1]["owner"] == "letux"
    # and a save then completes
    assert "Writing to" in after(r, "saveenv") and "FAILED" not in r.serial, r.serial
    assert printenv(tools_config(tmp_path, nand)[1])[1]["owner"] == "letux"
