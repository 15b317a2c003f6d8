# SPDX-License-Identifier: GPL-2.0-or-later
"""GRUB as the card's efi/boot/bootarm.efi: an image grub-mkstandalone
makes from Debian's arm-efi modules (grub-efi-arm-bin 2.06, fetched by
tools/fetch-debs.sh) with a grub.cfg that finds the kernel's partition
(`search --file`, through GRUB's efidisk on gtaboot's BlockIO handles),
shows its menu with a 1 s timeout (a periodic timer's notifications are
GRUB's clock) and boots Debian's armmp kernel and initrd (`linux`,
`initrd`, the firmware's DTB) through the EFI stub to the busybox
prompt (docs/uefi.md)."""
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

MODS = os.path.join(simrun.ROOT, "build", "deps", "root", "usr", "lib", "grub", "arm-efi")
OPTIONS = "console=ttyO2,115200n8 earlycon cryptomgr.notests"
GRUB_CFG = """set timeout=1
set default=0
search --no-floppy --file --set=root /vmlinuz
echo "grub: root=$root"
menuentry 'Debian GNU/Linux (GRUB)' {
	echo 'Loading Linux ...'
	linux /vmlinuz %s
	echo 'Loading initial ramdisk ...'
	initrd /initrd.gz
}
""" % OPTIONS


def grub_files(d, dtb_name):
    """GRUB's standalone image with GRUB_CFG, the initramfs and the
    kernel package's DTB dtb_name, made in the directory d."""
    if not os.path.exists(os.path.join(MODS, "normal.mod")):
        pytest.fail("%s is missing: tools/fetch-debs.sh fetches grub-efi-arm-bin" % MODS)
    try:
        deb = mklinuxcard.fetch()
        initrd = mklinuxcard.initramfs(deb)
        dtb = str(d / dtb_name)
        mklinuxcard.dtb_from_deb(deb, dtb_name, dtb)
    except mklinuxcard.Missing as e:
        pytest.skip("no Debian kernel: %s" % e)
    (d / "grub.cfg").write_text(GRUB_CFG)
    grub = str(d / "grubarm.efi")
    subprocess.run(["grub-mkstandalone", "-O", "arm-efi", "-d", MODS, "-o", grub,
                    "--modules=part_msdos fat ext2 normal linux echo search", "--locales=",
                    "--themes=", "--fonts=", "boot/grub/grub.cfg=%s" % (d / "grub.cfg")],
                   check=True, capture_output=True, stdin=subprocess.DEVNULL)
    return grub, initrd, dtb


@pytest.fixture(scope="module")
def grub_card(sim, tmp_path_factory):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    d = tmp_path_factory.mktemp("grub")
    grub, initrd, dtb = grub_files(d, "omap3-gta04a5.dtb")
    # the firmware's DTB ($fdtfile of the OneNAND A5), which the scan
    # loads and GRUB passes on
    return mkcard(d / "grub.img", extra=[
        (grub, "efi/boot/bootarm.efi"), (mklinuxcard.zimage_path(), "vmlinuz"),
        (initrd, "initrd.gz"), (dtb, "omap3-gta04a5one.dtb")])


@pytest.fixture(scope="module")
def beagle_grub_card(sim, tmp_path_factory):
    simrun.built("build/beagle/MLO", "build/beagle/efi.img")
    d = tmp_path_factory.mktemp("grubb")
    grub, initrd, dtb = grub_files(d, "omap3-beagle.dtb")
    path = str(d / "beagle.img")
    args = [os.path.join(simrun.ROOT, "tools", "mksd.sh"), "--out", path, "--board", "beagle",
            "--mlo", os.path.join(simrun.ROOT, "build", "beagle", "MLO")]
    # the Beagle's $fdtfile, omap3-beagle.dtb, is the DTB GRUB passes on
    for src, dst in [(os.path.join(simrun.ROOT, "build", "beagle", "efi.img"), "efi.img"),
                     (grub, "efi/boot/bootarm.efi"), (mklinuxcard.zimage_path(), "vmlinuz"),
                     (initrd, "initrd.gz"), (dtb, "omap3-beagle.dtb")]:
        args += ["--file", "%s:%s" % (src, dst)]
    subprocess.run(args, check=True, capture_output=True, stdin=subprocess.DEVNULL)
    return path


def test_grub_menu_boots_debian_to_the_shell(grub_card):
    script = ("{expect initramfs:/# }cat /proc/device-tree/model; echo; "
              "echo MEM $(od -An -tx1 -v /proc/device-tree/memory*/reg)\\n"
              "{expect initramfs:/# }{end}")
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", grub_card, "--handoff-mmu-on",
                    "--on-handoff", "continue", "--max-ms", "60000", "--input", script],
                   timeout=600)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    assert "Found EFI removable media binary efi/boot/bootarm.efi\r\n" in out, out[-3000:]
    boot = out[out.index("Found EFI removable media binary"):]
    assert "bootefi: no fdt given: using the device tree at fdt_addr_r 0x88000000" in boot
    assert re.search(r"Booting /VenHw\([0-9a-f-]+\)/SD\(0\)/HD\(1,MBR,0x[0-9a-f]+,0x800,"
                     r"0x[0-9a-f]+\)/\\efi\\boot\\bootarm.efi\r\n", boot), boot[:2000]
    # GRUB found the kernel's partition among gtaboot's BlockIO handles
    assert "Welcome to GRUB!" in boot and "grub: root=hd0,msdos1\r\n" in boot, boot[:3000]
    # its menu and countdown, to 0 (its clock is a periodic timer)
    assert "*Debian GNU/Linux (GRUB)" in boot
    assert "The highlighted entry will be executed automatically in 1s." in boot
    assert "The highlighted entry will be executed automatically in 0s." in boot
    assert "error:" not in boot[:boot.index("EFI stub: Entering")], boot[:4000]
    for line in ("Loading Linux ...", "Loading initial ramdisk ...",
                 "EFI stub: Booting Linux Kernel...", "EFI stub: Using DTB from configuration table",
                 "EFI stub: Exiting boot services...", "efi: EFI v2.100 by gtaboot",
                 "OF: fdt: Machine model: Goldelico GTA04A5/Letux 2804",
                 "Kernel command line: BOOT_IMAGE=/vmlinuz %s" % OPTIONS,
                 "Freeing initrd memory"):
        assert line in boot, (line, boot[:4000])
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    shell = out[out.index("cat /proc/device-tree/model"):]
    assert "\nGoldelico GTA04A5/Letux 2804\x00\r\n" in shell
    # the firmware's DTB as bootefi patched it: gtaboot's 1 GiB
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 1 << 30, banks


def test_grub_on_the_beagleboard(beagle_grub_card):
    # the same GRUB image on the BeagleBoard (OMAP3530, 256 MiB, no
    # screen) to the busybox prompt, with the firmware's DTB
    script = ("{expect initramfs:/# }cat /proc/device-tree/model; echo; "
              "echo MEM $(od -An -tx1 -v /proc/device-tree/memory*/reg)\\n"
              "{expect initramfs:/# }{end}")
    r = simrun.run(["--machine", "beagle", "--sd", beagle_grub_card, "--handoff-mmu-on",
                    "--on-handoff", "continue", "--max-ms", "40000", "--input", script],
                   timeout=600)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    assert "Found EFI removable media binary efi/boot/bootarm.efi\r\n" in out, out[-3000:]
    boot = out[out.index("Found EFI removable media binary"):]
    assert "Welcome to GRUB!" in boot and "grub: root=hd0,msdos1\r\n" in boot, boot[:3000]
    assert "The highlighted entry will be executed automatically in 0s." in boot
    assert "error:" not in boot[:boot.index("EFI stub: Entering")], boot[:4000]
    for line in ("EFI stub: Using DTB from configuration table",
                 "EFI stub: Exiting boot services...", "efi: EFI v2.100 by gtaboot",
                 "OF: fdt: Machine model: TI OMAP3 BeagleBoard",
                 "Kernel command line: BOOT_IMAGE=/vmlinuz %s" % OPTIONS,
                 "Freeing initrd memory"):
        assert line in boot, (line, boot[:4000])
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    shell = out[out.index("cat /proc/device-tree/model"):]
    assert "\nTI OMAP3 BeagleBoard\x00\r\n" in shell, shell
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 256 << 20, banks


GFX_CFG = """insmod efi_gop
insmod font
insmod gfxterm
loadfont /boot/grub/fonts/ascii.pf2
set gfxmode=auto
terminal_output gfxterm console
set timeout=-1
menuentry 'Debian on the GTA04 panel' {
	echo 'never started'
}
"""


def test_grub_menu_on_the_panel(grub_card, tmp_path):
    # GRUB's own graphical terminal (gfxterm) through gtaboot's Graphics
    # Output: its menu drawn on the GTA04's panel, whose screenshot shows
    # GRUB's picture instead of gtaboot's console log
    (tmp_path / "grub.cfg").write_text(GFX_CFG)
    grub = str(tmp_path / "grubgfx.efi")
    subprocess.run(["grub-mkstandalone", "-O", "arm-efi", "-d", MODS, "-o", grub,
                    "--modules=part_msdos fat normal echo efi_gop font gfxterm", "--locales=",
                    "--themes=", "--fonts=", "boot/grub/grub.cfg=%s" % (tmp_path / "grub.cfg"),
                    "boot/grub/fonts/ascii.pf2=/usr/share/grub/ascii.pf2"],
                   check=True, capture_output=True, stdin=subprocess.DEVNULL)
    card = mkcard(tmp_path / "gfx.img", extra=[(grub, "efi/boot/bootarm.efi")])
    shot = tmp_path / "menu.png"
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", card, "--on-handoff", "continue",
                    "--max-ms", "20000", "--screenshot", str(shot),
                    "--input", "{expect Debian on the GTA04 panel}{end}"], timeout=600)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    boot = out[out.index("Found EFI removable media binary"):]
    assert "error:" not in boot, boot[:3000]
    w, h, rows = pngread.read(str(shot))
    assert (w, h) == (480, 640)
    # gtaboot's title bar (its yellow top rows) is gone: GRUB cleared the
    # screen; GRUB's menu is light text on black, in its top half
    yellow = sum(1 for x in range(w) if rows[4][x] == (248, 200, 40))
    assert yellow == 0, yellow
    lit = [y for y in range(h // 2) if any(sum(rows[y][x]) > 300 for x in range(w))]
    assert len(lit) > 20, lit
    # the highlighted entry: a bar of GRUB's light grey across most of a
    # row near the top (docs/screen-grub.png)
    bars = [y for y in range(40, 160) if rows[y].count(rows[y][240]) > 300 and
            sum(rows[y][240]) > 300]
    assert bars, "no highlighted entry"
