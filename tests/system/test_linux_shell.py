# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot -> Debian's armmp kernel -> the busybox shell of the initramfs
on the simulated GTA04 A5 (make run-linux shows the same interactively).
A file of its own: the longest system test, it runs beside the others."""
import re

import pytest

from linuxrun import boot, bb_writes_by_linux, make_card
from test_linux import board_seen_by_linux


@pytest.fixture(scope="module")
def card(sim, tmp_path_factory):
    return make_card(tmp_path_factory.mktemp("shell") / "a5.img", "omap3-gta04a5.dtb")


def test_busybox_shell_answers(card):
    # measured: 6.6 s virtual, 1.5 G instructions, 22 s host on an idle
    # 2-core machine
    script = ("{expect initramfs:/# }cat /proc/cpuinfo\\n{expect CPU revision}"
              "{expect initramfs:/# }{end}")
    r = boot(card, "A5", 60000, ["--input", script])
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    assert "gtaboot-initramfs: up on Linux 6.1" in out
    board_seen_by_linux(r, "A5")    # model, SoC, memory, command line
    for m in ("twl4030-madc", "phy-twl4030-usb", "twl4030_charger"):
        assert "gtaboot-initramfs: loaded %s\r" % m in out, out[-3000:]
    # rtc-twl reads the TWL4030's calendar as it is after power-up
    assert "setting system clock to 2000-01-01T00:00:" in out, out[-3000:]
    assert "unable to read the hardware clock" not in out
    # nothing the drivers waited for timed out in the models
    assert "timeout" not in out.lower(), out[-3000:]
    cpuinfo = out[out.index("cat /proc/cpuinfo"):]
    assert re.search(r"CPU part\s*: 0xc08", cpuinfo)
    assert re.search(r"CPU revision\s*: 2", cpuinfo)
    assert re.search(r"Hardware\s*: Generic OMAP36xx", cpuinfo)
    # the screen gtaboot left on, taken over through /chosen/framebuffer
    # (its pages in /reserved-memory, no-map) and given to the console
    # (the address is gtaboot's memory map's, arch/arm/omap3/memmap.h: the
    # one its own banner names)
    fb = int(re.search(r"display: .*, framebuffer 0x([0-9a-f]{8})", out).group(1), 16)
    assert ("simple-framebuffer %x.framebuffer: framebuffer at 0x%x, "
            "0x96000 bytes" % (fb, fb)) in out, out[-3000:]
    assert "simple-framebuffer %x.framebuffer: fb0: simplefb registered!" % fb in out
    assert "Console: switching to colour frame buffer device 60x40" in out
    # The backup-battery charger: gtaboot wrote BB_CFG for the GTA04's cell
    # (3.2 V, 150 uA) and the same values into the DT; Linux's
    # twl4030_charger read them back from the DT and programmed BB_CFG
    # itself: BBCHEN | BBSEL 3.2 V | BBISEL 150 uA.
    assert "twl4030: backup battery charging on (BB_CFG 0x1d)" in out
    assert bb_writes_by_linux(r.report) == [0x1D], r.report["bb_cfg_log"]
