# SPDX-License-Identifier: GPL-2.0-or-later
"""Failures U-Boot names with a known message get U-Boot's text from
gtaboot too, as the first line of what it prints, gtaboot's explanation
after it (docs/labs.md, "Error messages labs match"): board farms such as
LAVA stop a failed job on U-Boot's words. The texts: U-Boot's
boot/bootm.c, boot/image-board.c, boot/image-fdt.c, fs/ext4/ext4fs.c,
cmd/source.c (Debian 12's 2023.01); bootz's as U-Boot up to 2022 and
Letux's 2016.11 print it."""
from test_console import card, dtb, run_cmds  # noqa: F401 (fixtures)

# (command, U-Boot's first line, gtaboot's line that follows)
CASES = [
    ("load mmc 0:1 82000000 /nosuch", "** File not found /nosuch **",
     "error: load: /nosuch: ENOENT"),
    ("bootz 83000000 - 88000000", "Bad Linux ARM zImage magic!",
     "kernel: neither zImage nor uImage"),
    ("bootm 83000000 - 88000000", "Wrong Image Format for bootm command\r\n"
     "ERROR: can't get kernel image!", "kernel: neither zImage nor uImage"),
    ("bootm 82000000 - 88000000", "Wrong Image Format for bootm command\r\n"
     "ERROR: can't get kernel image!", "kernel: not a uImage at 0x82000000"),
    ("bootz 82000000 - 84000000", "ERROR: Did not find a cmdline Flattened Device Tree\r\n"
     "Could not find a valid device tree", "fdt: no device tree at 0x84000000"),
    ("bootz 82000000 85000000 88000000", "Wrong Ramdisk Image Format\r\n"
     "Ramdisk image is corrupt or invalid", "error: bootz: no uInitrd at 0x85000000"),
    ("source 84000000", "## Executing script at 84000000\r\nBad magic number",
     "error: source: bad magic"),
]


def test_uboot_messages_first(card):  # noqa: F811
    setup = ["load mmc 0:1 82000000 /zImage", "load mmc 0:1 88000000 /sim.dtb",
             "mw.l 83000000 0 400", "mw.l 84000000 0 400", "mw.l 85000000 0 40"]
    outs, r = run_cmds(*(setup + [c for c, _, _ in CASES]), sd=card)
    for (cmd, uboot, ours), out in zip(CASES, outs[len(setup):]):
        assert out.startswith(uboot + "\r\n"), "%s:\n%s" % (cmd, out)
        assert ours in out[len(uboot):], "%s:\n%s" % (cmd, out)
