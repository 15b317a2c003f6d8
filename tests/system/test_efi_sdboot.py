# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian's systemd-boot (systemd-boot-efi 252, systemd-bootarm.efi) as
the card's efi/boot/bootarm.efi, found by the distro scan and started by
bootefi: its menu on the serial console (UTF-8, as U-Boot writes it), its
loader.conf timeout, and its default entry booting Debian's armmp kernel
through the EFI stub to the busybox prompt. systemd-boot reads the
kernel, initrd and DTB through SimpleFileSystem on the loaded image's
DeviceHandle, applies gtaboot's DT fix-ups through EFI_DT_FIXUP_PROTOCOL
to the entry's own DTB, LoadImage's the kernel from memory and offers the
initrd through its own LoadFile2 (docs/uefi.md)."""
import os
import re
import subprocess
import sys

import pytest

import pngread
import linuxrun
import simrun
from test_efi import mkcard

sys.path.insert(0, os.path.join(simrun.ROOT, "tools"))
import mklinuxcard  # noqa: E402

SDBOOT = os.path.join(simrun.ROOT, "build", "deps", "root", "usr", "lib", "systemd", "boot",
                      "efi", "systemd-bootarm.efi")
OPTIONS = "console=ttyO2,115200n8 earlycon cryptomgr.notests"
ENTRY = ("title Debian GNU/Linux (armmp)\nlinux /vmlinuz\ninitrd /initrd.gz\n"
         "devicetree /dtbs/omap3-gta04a5.dtb\noptions %s\n" % OPTIONS)


@pytest.fixture(scope="module")
def sdboot_card(sim, tmp_path_factory):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    sim_dtb = simrun.built("build/gta04/omap3-gta04-sim.dtb")
    if not os.path.exists(SDBOOT):
        pytest.fail("%s is missing: tools/fetch-debs.sh fetches it" % SDBOOT)
    d = tmp_path_factory.mktemp("sdboot")
    try:
        deb = mklinuxcard.fetch()
        initrd = mklinuxcard.initramfs(deb)
        dtb = str(d / "a5.dtb")
        mklinuxcard.dtb_from_deb(deb, "omap3-gta04a5.dtb", dtb)
    except mklinuxcard.Missing as e:
        pytest.skip("no Debian kernel: %s" % e)
    (d / "loader.conf").write_text("timeout 1\ndefault debian.conf\n")
    (d / "debian.conf").write_text(ENTRY)
    # the firmware's DTB, which the scan loads as $efi_fdtfile, is the
    # simulator's: Linux's model tells which DTB it got
    return mkcard(d / "sdboot.img", extra=[
        (SDBOOT, "efi/boot/bootarm.efi"), (str(d / "loader.conf"), "loader/loader.conf"),
        (str(d / "debian.conf"), "loader/entries/debian.conf"),
        (mklinuxcard.zimage_path(), "vmlinuz"), (initrd, "initrd.gz"),
        (dtb, "dtbs/omap3-gta04a5.dtb"), (sim_dtb, "omap3-gta04a5one.dtb")])


def test_systemd_boot_menu_boots_debian_to_the_shell(sdboot_card):
    # to the busybox prompt: the kernel as test_efi.py's shell test (3.6 G
    # instructions), the menu's 1 s before it
    script = ("{expect initramfs:/# }cat /proc/device-tree/model; echo; "
              "echo MEM $(od -An -tx1 -v /proc/device-tree/memory*/reg)\\n"
              "{expect initramfs:/# }{end}")
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", sdboot_card, "--handoff-mmu-on",
                    "--on-handoff", "continue", "--max-ms", "60000", "--input", script],
                   timeout=600)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    # the scan: the firmware's DTB, then systemd-boot with its device path
    assert "Found EFI removable media binary efi/boot/bootarm.efi\r\n" in out, out[-3000:]
    boot = out[out.index("Found EFI removable media binary"):]
    assert "bootefi: no fdt given: using the device tree at fdt_addr_r 0x88000000" in boot
    assert re.search(r"Booting /VenHw\([0-9a-f-]+\)/SD\(0\)/HD\(1,MBR,0x[0-9a-f]+,0x800,"
                     r"0x[0-9a-f]+\)/\\efi\\boot\\bootarm.efi\r\n", boot), boot[:2000]
    # systemd-boot's menu: the entry's title, the countdown, the frame
    menu = boot[:boot.index("EFI stub: Entering")]
    assert "   Debian GNU/Linux (armmp)   " in menu, menu
    assert "Boot in 1 s." in menu
    assert "\u2500" * 10 in menu.encode("latin-1").decode("utf-8")
    # its entry through Linux's stub: the initrd from systemd-boot's own
    # LoadFile2, the entry's DTB (through the DT fixup protocol)
    for line in ("EFI stub: Booting Linux Kernel...",
                 "EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path",
                 "EFI stub: Using DTB from configuration table",
                 "EFI stub: Exiting boot services..."):
        assert line in boot, boot[:3000]
    assert "efi: EFI v2.100 by gtaboot" in boot
    assert "OF: fdt: Machine model: Goldelico GTA04A5/Letux 2804" in boot
    assert "Kernel command line: initrd=\\initrd.gz %s" % OPTIONS in boot
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    shell = out[out.index("cat /proc/device-tree/model"):]
    assert "\nGoldelico GTA04A5/Letux 2804\x00\r\n" in shell
    # /memory as gtaboot's fix-ups made it (1 GiB from 0x80000000), not
    # as Debian's DTB has it: the fix-up protocol ran on the entry's DTB
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 1 << 30, banks


@pytest.fixture(scope="module")
def beagle_card(sim, tmp_path_factory):
    simrun.built("build/beagle/MLO", "build/beagle/efi.img")
    d = tmp_path_factory.mktemp("sdbootb")
    try:
        deb = mklinuxcard.fetch()
        initrd = mklinuxcard.initramfs(deb)
        dtb = str(d / "beagle.dtb")
        mklinuxcard.dtb_from_deb(deb, "omap3-beagle.dtb", dtb)
    except mklinuxcard.Missing as e:
        pytest.skip("no Debian kernel: %s" % e)
    (d / "loader.conf").write_text("timeout 1\ndefault debian.conf\n")
    (d / "debian.conf").write_text(ENTRY.replace("omap3-gta04a5.dtb", "omap3-beagle.dtb"))
    path = str(d / "beagle.img")
    args = [os.path.join(simrun.ROOT, "tools", "mksd.sh"), "--out", path, "--board", "beagle",
            "--mlo", os.path.join(simrun.ROOT, "build", "beagle", "MLO")]
    for src, dst in [(os.path.join(simrun.ROOT, "build", "beagle", "efi.img"), "efi.img"),
                     (SDBOOT, "efi/boot/bootarm.efi"),
                     (str(d / "loader.conf"), "loader/loader.conf"),
                     (str(d / "debian.conf"), "loader/entries/debian.conf"),
                     (mklinuxcard.zimage_path(), "vmlinuz"), (initrd, "initrd.gz"),
                     (dtb, "dtbs/omap3-beagle.dtb"), (dtb, "omap3-beagle.dtb")]:
        args += ["--file", "%s:%s" % (src, dst)]
    subprocess.run(args, check=True, capture_output=True, stdin=subprocess.DEVNULL)
    return path


def test_systemd_boot_on_the_beagleboard(beagle_card):
    # the BeagleBoard's 256 MiB, past the OMAP3530's SmartReflex (its v1
    # layout, both probes failing for want of a voltage table, as on the
    # GTA04), CoreSight IDs and SGX revision to the busybox prompt, with
    # the entry's DTB as the fix-ups made it
    script = ("{expect initramfs:/# }cat /proc/device-tree/model; echo; "
              "echo MEM $(od -An -tx1 -v /proc/device-tree/memory*/reg)\\n"
              "{expect initramfs:/# }{end}")
    r = simrun.run(["--machine", "beagle", "--sd", beagle_card, "--handoff-mmu-on",
                    "--on-handoff", "continue", "--max-ms", "40000", "--input", script],
                   timeout=600)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    boot = out[out.index("Found EFI removable media binary efi/boot/bootarm.efi"):]
    assert "   Debian GNU/Linux (armmp)   " in boot and "Boot in 1 s." in boot
    for line in ("EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path",
                 "EFI stub: Exiting boot services...", "efi: EFI v2.100 by gtaboot",
                 "OF: fdt: Machine model: TI OMAP3 BeagleBoard",
                 "Kernel command line: initrd=\\initrd.gz %s" % OPTIONS,
                 "probe of 480c9000.smartreflex failed with error -61"):
        assert line in boot, (line, boot[:4000])
    total = re.search(r"Memory: \d+K/(\d+)K available", boot)
    assert total and int(total.group(1)) * 1024 > (256 - 4) << 20, total
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    shell = out[out.index("cat /proc/device-tree/model"):]
    assert "\nTI OMAP3 BeagleBoard\x00\r\n" in shell, shell
    # /memory: the 256 MiB gtaboot found, from 0x80000000
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 256 << 20, banks


def efitest_menu(tmp_path, loader_conf, entries, args, script):
    """systemd-boot on the GTA04 with loader_conf and entries ({id:
    (title, file)}), each an EFI application: tests/payload/efitest.c
    under the entry's file name. Runs args and script; returns the run."""
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    app = simrun.built("build/payload/efitest.efi")
    if not os.path.exists(SDBOOT):
        pytest.fail("%s is missing: tools/fetch-debs.sh fetches it" % SDBOOT)
    (tmp_path / "loader.conf").write_text(loader_conf)
    extra = [(SDBOOT, "efi/boot/bootarm.efi"),
             (str(tmp_path / "loader.conf"), "loader/loader.conf")]
    for name, (title, efi) in entries.items():
        (tmp_path / name).write_text("title %s\nefi /%s\n" % (title, efi))
        extra += [(str(tmp_path / name), "loader/entries/" + name), (app, efi)]
    card = mkcard(tmp_path / "menu.img", extra=extra)
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", card, "--on-handoff", "continue",
                    "--max-ms", "20000"] + args + ["--input", script], timeout=600)
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    return r


def test_systemd_boot_menu_answers_keys(sim, tmp_path):
    # the menu waits (timeout menu-force) on two entries, each an EFI
    # application (tests/payload/efitest.c, which checks that its FilePath
    # is \\efitest.efi); Down and Return, typed as a VT100 sends them, start
    # the second: systemd-boot reads them through SimpleTextInputEx on
    # ConIn's handle, which it prefers to ConIn
    # systemd-boot lists b.conf before a.conf (it sorts ids descending)
    r = efitest_menu(tmp_path, "timeout menu-force\ndefault b.conf\n",
                     {"b.conf": ("first efitest", "first.efi"),
                      "a.conf": ("gtaboot efitest", "efitest.efi")}, [],
                     "{expect gtaboot efitest}\\x1b[B\\r{expect efitest: FilePath to text }{end}")
    out = r.serial
    menu = out[out.index("Found EFI removable media binary"):]
    first, second = menu.index("first efitest"), menu.index("gtaboot efitest")
    assert first < second and "Boot in" not in menu, menu[:3000]
    # the second entry started, not the first, the default
    assert "efitest: FilePath to text ok" in menu, menu[-3000:]


def test_systemd_boot_menu_on_the_panel(sim, tmp_path):
    # `console-mode max` makes systemd-boot take ConOut's last mode, the
    # panel's 60 x 40 grid (mode 2): its menu, written to ConOut, drawn
    # on the GTA04's screen cell by cell (efi/fbcon.c)
    shot = tmp_path / "menu.png"
    efitest_menu(tmp_path, "timeout menu-force\nconsole-mode max\n",
                 {"a.conf": ("Debian GNU/Linux on the panel", "efitest.efi")},
                 ["--screenshot", str(shot)], "{expect Debian GNU/Linux on the panel}{end}")
    w, h, rows = pngread.read(str(shot))
    assert (w, h) == (480, 640)
    # the highlighted entry: black text on EFI_LIGHTGRAY, a bar centred
    # on the panel's 60 columns (x 240; in mode 0's 80 it would be 320),
    # in the middle of its 40 rows; nothing of gtaboot's log around it
    grey = (173, 170, 173)
    bar = [y for y in range(h) if rows[y].count(grey) > 200]
    assert bar and 280 <= bar[0] <= bar[-1] <= 340, bar
    xs = [x for x in range(w) if rows[bar[0]][x] == grey]
    assert abs((xs[0] + xs[-1]) / 2 - 240) <= 8, (xs[0], xs[-1])
    assert all(p == (0, 0, 0) for y in range(0, 200) for p in rows[y])
