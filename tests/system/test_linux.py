# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian's armmp kernel, booted by gtaboot, running in the simulator past
its MMU switch (issue 19): the card from tools/mklinuxcard.py (the Image
out of Debian's zImage as a uImage, the busybox initramfs of
tools/mkinitramfs.sh, the kernel package's own GTA04 DTB).

Linux's own early code judges the machine: it must name the board from the
DT gtaboot patched, see the memory gtaboot found (1 GiB on the A5, 512 MiB
on the A3) and the command line gtaboot passed, and identify the SoC from
MIDR and the IDCODE. These runs stop at a virtual-time limit shortly after
the kernel printed its command line.

The boot to the busybox shell takes about 17 s of virtual time, which is
well over the 120 s host budget on a loaded machine; it runs only with
GTABOOT_SLOW_TESTS=1 (make run-linux shows the same interactively)."""
import os
import re
import subprocess

import pytest

import simrun

ROOT = simrun.ROOT
# earlycon: the kernel prints from its first lines on (without it nothing
# appears before the serial driver registers, seconds of virtual time later)
APPEND = "console=ttyO2,115200n8 earlycon"


def make_card(path, dtb):
    p = subprocess.run([os.path.join(ROOT, "tools", "mklinuxcard.py"), "--out", str(path),
                        "--dtb", dtb, "--append", APPEND], capture_output=True, text=True)
    if p.returncode:
        pytest.skip("no Linux card: " + (p.stderr.strip() or p.stdout.strip()))
    return str(path)


@pytest.fixture(scope="module")
def cards(sim, tmp_path_factory):
    p = subprocess.run(["make", "-s", "-C", ROOT, "BOARD=gta04"], capture_output=True, text=True)
    if p.returncode:
        pytest.fail("make BOARD=gta04 failed:\n" + p.stdout + p.stderr)
    d = tmp_path_factory.mktemp("linux")
    return {"A5": make_card(d / "a5.img", "omap3-gta04a5.dtb"),
            "A3": make_card(d / "a3.img", "omap3-gta04a3.dtb")}


def boot(card, rev, max_ms, extra=()):
    return simrun.run(["--machine", "gta04", "--rev", rev, "--sd", card,
                       "--on-handoff", "continue", "--max-ms", str(max_ms)] + list(extra),
                      timeout=600)


@pytest.mark.parametrize("rev,model,mem_end", [
    ("A5", "Goldelico GTA04A5/Letux 2804", 0xBFFFFFFF),
    ("A3", "Goldelico GTA04A3/Letux 2804", 0x9FFFFFFF),
])
def test_kernel_sees_board_memory_and_command_line(cards, rev, model, mem_end):
    r = boot(cards[rev], rev, 2800)
    out = r.serial
    assert r.report and r.report["result"] == "timeout", r.stderr[-2000:] + out[-3000:]
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
    # Linux's memory map spans what gtaboot put in /memory (it keeps back
    # 2 MiB at the top of lowmem: 'x/yK available' is 2 MiB short)
    span = re.search(r"Initmem setup node 0 \[mem 0x0*80000000-0x([0-9a-f]+)\]", out)
    assert span and mem_end - 0x200000 <= int(span.group(1), 16) <= mem_end, span
    total = re.search(r"Memory: \d+K/(\d+)K available", out)
    assert total and size - (2 << 20) <= int(total.group(1)) * 1024 <= size
    # the command line gtaboot passed, as the kernel received it
    passed = re.search(r"^Command line: (.*)$", out, re.M)
    assert passed and passed.group(1).strip().startswith(APPEND)
    assert "Kernel command line: %s" % passed.group(1).strip() in out


@pytest.mark.skipif(os.environ.get("GTABOOT_SLOW_TESTS") != "1",
                    reason="boot to the busybox shell: ~17 s virtual, minutes of host time "
                           "(set GTABOOT_SLOW_TESTS=1)")
def test_busybox_shell_answers(cards):
    # measured: 9.9 s virtual, 3.0 G instructions, 190 s host on a loaded
    # 2-core machine
    script = ("{expect initramfs:/# }cat /proc/cpuinfo\\n{expect CPU revision}"
              "{expect initramfs:/# }{end}")
    r = boot(cards["A5"], "A5", 60000, ["--input", script])
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    assert "gtaboot-initramfs: up on Linux 6.1" in out
    assert "gtaboot-initramfs: loaded twl4030_charger" in out
    # rtc-twl reads the TWL4030's calendar as it is after power-up
    assert "setting system clock to 2000-01-01T00:00:" in out, out[-3000:]
    assert "unable to read the hardware clock" not in out
    cpuinfo = out[out.index("cat /proc/cpuinfo"):]
    assert re.search(r"CPU part\s*: 0xc08", cpuinfo)
    assert re.search(r"CPU revision\s*: 2", cpuinfo)
    assert re.search(r"Hardware\s*: Generic OMAP36xx", cpuinfo)
