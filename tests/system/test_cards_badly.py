# SPDX-License-Identifier: GPL-2.0-or-later
"""Cards that boot, but badly (issue #24): many extlinux labels, a large
uEnv.txt, control characters in the files, a /boot without the OneNAND A5's
DTB. FAT cards by tools/mksd.sh through test_faults' fixtures; the damaged
ext4 cards are in test_ext4_boot.py."""
import pytest

from test_faults import (CONF, DTB_NAME, assert_booted, boot, card, dtbs, fw,  # noqa: F401
                         zimage)


def test_default_beyond_the_16th_label_boots(card):
    """DEFAULT names the 20th of 24 labels: that one boots, the labels left
    out are counted, each warning names its label."""
    conf = "TIMEOUT 1\nDEFAULT l19\n"
    for i in range(24):
        conf += "LABEL l%d\n  KERNEL /%s\n  FDT /%s\n  APPEND root=l%d\n" % (
            i, "zImage" if i == 19 else "missing", DTB_NAME, i)
    c = card(**{"extlinux/extlinux.conf": conf.encode()})
    r = boot(c)
    assert "boot: /extlinux/extlinux.conf, 17 labels" in r.serial, r.serial
    assert "7 more labels not kept" in r.serial, r.serial
    assert "more than 16 labels, label not kept: l16" in r.serial, r.serial
    assert "names no label" not in r.serial, r.serial
    assert r.serial.count("Booting '") == 1, r.serial
    assert_booted(r, "l19", c)


def test_uenv_over_4k_is_read_and_only_the_long_line_skipped(card):
    """A uEnv.txt of 6 KiB (comments first): its variables are imported,
    only the line too long is skipped, named by its variable."""
    uenv = "".join("# comment line %04d, long enough to fill the file up\n" % i
                   for i in range(120))
    uenv += "altboot=old\ntoolong=" + "x" * 300 + "\nbootlimit_note=kept\n"
    assert len(uenv) > 6000
    c = card(**{"uEnv.txt": uenv.encode()})
    r = boot(c)
    assert "cannot read /uEnv.txt" not in r.serial, r.serial
    assert "/uEnv.txt:122: line too long: toolong: line ignored" in r.serial, r.serial
    assert "boot: /uEnv.txt: 2 variables" in r.serial, r.serial
    assert_booted(r, "main", c)


def test_uenv_over_64k_is_read_up_to_the_buffer(card):
    """Larger than the 64 KiB buffer: what fits is imported, to the last
    whole line, and that is said."""
    uenv = "altboot=old\n" + "".join("# %0100d\n" % i for i in range(700)) + "late=1\n"
    assert len(uenv) > 65536
    c = card(**{"uEnv.txt": uenv.encode()})
    r = boot(c)
    assert "boot: /uEnv.txt is %d bytes: only its first" % len(uenv) in r.serial, r.serial
    assert "boot: /uEnv.txt: 1 variable\n" in r.serial.replace("\r", ""), r.serial
    assert_booted(r, "main", c)


def test_control_characters_from_files_are_escaped(card):
    """An ESC sequence (clear screen) and a CR in extlinux.conf and uEnv.txt
    reach neither the console nor the screen as such: every message that
    echoes them prints \\xNN."""
    conf = CONF.replace("DEFAULT main", "DEFAULT ma\x1b[2Jin\nBOGUS\x1b[31mred") \
        .replace("LABEL old", "LABEL old\x0d\x1b[1A")
    uenv = "bad\x1b[2Jname=1\nokay=1\n"
    c = card(**{"extlinux/extlinux.conf": conf.encode(), "uEnv.txt": uenv.encode()})
    r = boot(c)
    out = r.serial
    assert "\x1b" not in out, repr(out)
    assert "unknown keyword: BOGUS\\x1b[31mred" in out, out
    assert "DEFAULT 'ma\\x1b[2Jin' names no label" in out, out
    assert "bad variable name: bad\\x1b[2Jname: line ignored" in out, out
    assert_booted(r, "main", c)


def test_onenand_a5_without_its_dtb_boots_the_a5_one(card):
    """The simulated A5 has OneNAND (omap3-gta04a5one.dtb); a card with only
    omap3-gta04a5.dtb and no extlinux.conf boots the default names with
    that tree, with a warning."""
    c = card(**{"extlinux/extlinux.conf": None, "omap3-gta04a5one.dtb": None})
    r = boot(c)
    assert "fdt: warning: omap3-gta04a5one.dtb not found in /, /boot or /boot/dtbs: " \
        "using /omap3-gta04a5.dtb" in r.serial, r.serial
    assert "fdt     /omap3-gta04a5.dtb" in r.serial, r.serial
    assert r.report["result"] == "handoff", r.serial
    assert "Booting default files" in r.serial
