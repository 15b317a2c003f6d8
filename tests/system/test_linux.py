# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian's armmp kernel, booted by gtaboot, running in the simulator past
its MMU switch: the card from tools/mklinuxcard.py (the Image
out of Debian's zImage as a uImage, the busybox initramfs of
tools/mkinitramfs.sh, the kernel package's own GTA04 DTB).

Linux's own early code judges the machine: it must name the board from the
DT gtaboot patched, see the memory gtaboot found (1 GiB on the A5, 512 MiB
on the A3) and the command line gtaboot passed, and identify the SoC from
MIDR and the IDCODE (board_seen_by_linux).

Here the A3 boots into the initramfs with another backup cell set in
uEnv.txt: Linux's twl4030_charger must program BB_CFG from the values
gtaboot patched into the DT. test_linux_shell.py boots the A5 to the shell
with the board's values and makes the same checks of the A5. (These were
two more runs to 2.8 s of virtual time, 9 s of host time each.)"""
import re

from linuxrun import APPEND, boot, bb_writes_by_linux, make_card


# What Linux must find of each board: its DT model, the end of the memory
# gtaboot found
BOARDS = {"A5": ("Goldelico GTA04A5/Letux 2804", 0xBFFFFFFF),
          "A3": ("Goldelico GTA04A3/Letux 2804", 0x9FFFFFFF)}


def board_seen_by_linux(r, rev):
    """The checks of Linux's early lines on a run of either revision that
    booted at least as far as the initramfs: test_linux_shell.py's A5 and
    this file's A3 (one boot each, not a short run more)."""
    model, mem_end = BOARDS[rev]
    out = r.serial
    h = r.report["handoff"]
    assert h and h["pc"] == 0x80208000       # the uImage's entry, MMU off
    # the board, from the DT gtaboot handed over
    assert "OF: fdt: Machine model: %s" % model in out, out[-3000:]
    # the SoC, from MIDR (r3p2) and the IDCODE
    assert "CPU: ARMv7 Processor [413fc082] revision 2 (ARMv7)" in out
    assert "OMAP3630/DM3730 ES1.1" in out
    # the memory gtaboot found and wrote into /memory
    found = re.search(r"DRAM: .*total (\d+) (MiB|GiB)", out)
    assert found, out[:2000]
    size = int(found.group(1)) << (30 if found.group(2) == "GiB" else 20)
    assert size == mem_end + 1 - 0x80000000
    # Linux's memory map spans what gtaboot put in /memory, less the 2 MiB
    # the kernel itself takes out below the top of lowmem: omap_reserve()
    # (arch/arm/mach-omap2) steals 1 MiB for the secure RAM save area and,
    # in a multi-platform kernel with OMAP4 erratum I688 built in, 1 MiB for
    # its barrier page ('Early memory node ranges' shows the hole)
    span = re.search(r"Initmem setup node 0 \[mem 0x0*80000000-0x([0-9a-f]+)\]", out)
    assert span and mem_end - 0x200000 <= int(span.group(1), 16) <= mem_end, span
    total = re.search(r"Memory: \d+K/(\d+)K available", out)
    assert total and size - (2 << 20) <= int(total.group(1)) * 1024 <= size
    # the command line gtaboot passed, as the kernel received it
    passed = re.search(r"^Command line: (.*)$", out, re.M)
    assert passed and passed.group(1).strip().startswith(APPEND)
    assert "Kernel command line: %s" % passed.group(1).strip() in out


def test_other_backup_cell_reaches_linux(sim, tmp_path):
    """bb_uvolt/bb_uamp in uEnv.txt (another cell fitted): gtaboot writes
    them into the DT and BB_CFG, and Linux's charger programs the other
    BB_CFG from the DT: 3.0 V, 500 uA = BBCHEN | BBSEL 01 | BBISEL 10."""
    card = make_card(tmp_path / "a3.img", "omap3-gta04a3.dtb",
                     ["--bb-uvolt", "3000000", "--bb-uamp", "500"])
    r = boot(card, "A3", 30000,
             ["--input", "{expect gtaboot-initramfs: loaded twl4030_charger}{end}"])
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    board_seen_by_linux(r, "A3")
    assert ("twl4030: backup battery charging on (BB_CFG 0x16) for bb_uvolt=3000000 "
            "bb_uamp=500") in out
    assert bb_writes_by_linux(r.report) == [0x16], r.report["bb_cfg_log"]
    assert r.report["bb_cfg"] == 0x16
