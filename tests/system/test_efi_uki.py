# SPDX-License-Identifier: GPL-2.0-or-later
"""A unified kernel image (UKI) made from Debian's systemd-stub
(linuxarm.efi.stub of systemd-boot-efi 252) by tools/mkuki.py: Debian's
armmp zImage as .linux, the test initramfs as .initrd, a command line of
its own as .cmdline, an os-release as .osrel and, for systemd-boot, the
board's DTB as .dtb. The stub finds its sections in its own PE headers
(LoadedImage's ImageBase), LoadImage's the kernel from memory under its
payload device path, offers the .initrd through its own LoadFile2 and
hands the kernel its command line as LoadOptions (docs/uefi.md "A unified
kernel image"):

- booted by `bootefi` to the busybox prompt on the GTA04 and the
  BeagleBoard, /proc/cmdline showing the UKI's command line;
- the same with bootargs set: the stub takes the LoadOptions gtaboot
  passes over its own, as systemd-stub does without Secure Boot;
- found by Debian's systemd-boot as a Type #2 entry in EFI/Linux/ and
  booted as its default, the .dtb installed through gtaboot's
  EFI_DT_FIXUP_PROTOCOL, on both boards;
- an initrd given to bootefi as well: the stub's own LoadFile2 refused;
- mkuki.py's refusals (a stub it cannot move)."""
import os
import re
import struct
import subprocess
import sys

import pytest

import linuxrun
import simrun
from test_efi import mkcard, session, after

sys.path.insert(0, os.path.join(simrun.ROOT, "tools"))
import mklinuxcard  # noqa: E402
import mkuki  # noqa: E402

EFI = os.path.join(simrun.ROOT, "build", "deps", "root", "usr", "lib", "systemd", "boot", "efi")
STUB = os.path.join(EFI, "linuxarm.efi.stub")
SDBOOT = os.path.join(EFI, "systemd-bootarm.efi")
# gtaboot.uki=1 marks the UKI's own command line in /proc/cmdline (Linux
# passes the unknown parameter on to init)
CMDLINE = "console=ttyO2,115200n8 earlycon cryptomgr.notests gtaboot.uki=1"
OSREL = ('NAME="gtaboot UKI test"\nPRETTY_NAME="gtaboot UKI test"\nID=gtaboot-uki\n'
         'VERSION_ID=1\n')
UKI_MODEL = "TI OMAP3 BeagleBoard (the UKI's .dtb)"
SHELL = ("{expect initramfs:/# }echo CMDLINE $(cat /proc/cmdline); "
         "cat /proc/device-tree/model; echo; "
         "echo MEM $(od -An -tx1 -v /proc/device-tree/memory*/reg)\\n"
         "{expect initramfs:/# }{end}")
STUB_LINES = ("EFI stub: Booting Linux Kernel...",
              # the .initrd, through the LoadFile2 systemd-stub installs
              "EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path",
              "EFI stub: Using DTB from configuration table",
              "EFI stub: Exiting boot services...")


def mkuki_files(d, board_dtb=None, dtb_section=False, model=None):
    """The UKI (and the board's DTB from Debian's kernel package, if
    named) in d; the UKI's .dtb is that DTB, its model replaced by model
    if given."""
    if not os.path.exists(STUB):
        pytest.fail("%s is missing: tools/fetch-debs.sh fetches it" % STUB)
    try:
        deb = mklinuxcard.fetch()
        initrd = mklinuxcard.initramfs(deb)
        dtb = None
        if board_dtb:
            dtb = str(d / board_dtb)
            mklinuxcard.dtb_from_deb(deb, board_dtb, dtb)
    except mklinuxcard.Missing as e:
        pytest.skip("no Debian kernel: %s" % e)
    (d / "os-release").write_text(OSREL)
    out = str(d / "uki.efi")
    args = [sys.executable, os.path.join(simrun.ROOT, "tools", "mkuki.py"), "--stub", STUB,
            "--linux", mklinuxcard.zimage_path(), "--initrd", initrd, "--cmdline", CMDLINE,
            "--osrel", str(d / "os-release"), "--out", out]
    if dtb_section:
        section = dtb
        if model:
            section = str(d / "uki.dtb")
            with open(dtb, "rb") as f, open(section, "wb") as g:
                g.write(f.read())
            subprocess.run(["fdtput", "-t", "s", section, "/", "model", model], check=True,
                           stdin=subprocess.DEVNULL)
        args += ["--dtb", section]
    subprocess.run(args, check=True, stdin=subprocess.DEVNULL)
    return out, dtb, os.path.getsize(initrd)


@pytest.fixture(scope="module")
def uki_card(sim, tmp_path_factory):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    d = tmp_path_factory.mktemp("uki")
    uki, dtb, isize = mkuki_files(d, "omap3-gta04a5.dtb")
    return mkcard(d / "uki.img", extra=[(uki, "uki.efi"), (dtb, "gta04.dtb")]), isize


LOAD = ["load mmc 0:1 ${fdt_addr_r} gta04.dtb",
        "load mmc 0:1 ${kernel_addr_r} uki.efi"]
BOOT = "bootefi ${kernel_addr_r} ${fdt_addr_r}"


def check_uki_boot(r, board):
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    boot = after(out, BOOT if board == "gta04" else "bootefi ${kernel_addr_r}")
    # no bootargs: no LoadOptions, so the stub's own .cmdline
    assert "Command line: (none: the image's own, else the DTB's)" in boot
    assert re.search(r"Booting /VenHw\([0-9a-f-]+\)/SD\(0\)/HD\(1,MBR,0x[0-9a-f]+,0x800,"
                     r"0x[0-9a-f]+\)/\\uki.efi\r\n", boot), boot[:2000]
    for line in STUB_LINES:
        assert line in boot, boot[:3000]
    assert "ERROR" not in boot[:boot.index("Exiting boot services")]
    assert "efi: EFI v2.100 by gtaboot" in boot
    assert "Kernel command line: %s" % CMDLINE in boot, boot[:6000]
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    shell = out[out.index("echo CMDLINE"):]
    assert "\nCMDLINE %s\r\n" % CMDLINE in shell, shell
    return boot, shell


def test_uki_boots_to_the_shell(uki_card):
    # 3.6 G instructions, as test_efi.py's shell test: the stub's own work
    # (finding its sections, LoadImage of the 5.3 MiB zImage) is little
    card, isize = uki_card
    r = session(card, ["setenv bootargs"] + LOAD + [BOOT], tail=SHELL, max_ms=60000)
    boot, shell = check_uki_boot(r, "gta04")
    # the .initrd: no initrd was given to bootefi, so the one the kernel
    # unpacked (its pages freed after) is the UKI's, whole
    freed = re.search(r"Freeing initrd memory: (\d+)K", boot)
    assert freed and int(freed.group(1)) == (isize + 4095) // 4096 * 4, (freed, isize)
    assert "\nGoldelico GTA04A5/Letux 2804\x00\r\n" in shell
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 1 << 30, banks


def test_uki_takes_bootargs_over_its_own_command_line(uki_card):
    # as systemd-stub does without Secure Boot: LoadOptions that start
    # with a printable character replace .cmdline. To the kernel's banner
    # (the decompressor's 2 G instructions)
    card, _ = uki_card
    mine = "console=ttyO2,115200n8 cryptomgr.notests gtaboot.bootargs=1"
    r = session(card, ["setenv bootargs %s" % mine] + LOAD + [BOOT],
                tail="{expect Kernel command line: }{expect \n}{end}", max_ms=20000)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    boot = after(out, BOOT)
    assert "Command line: %s" % mine in boot
    assert "EFI stub: Exiting boot services..." in boot
    assert "Kernel command line: %s\r\n" % mine in boot, boot[-2000:]


@pytest.fixture(scope="module")
def beagle_uki_card(sim, tmp_path_factory):
    simrun.built("build/beagle/MLO", "build/beagle/efi.img")
    d = tmp_path_factory.mktemp("ukib")
    uki, dtb, _ = mkuki_files(d, "omap3-beagle.dtb")
    path = str(d / "beagle.img")
    # the Beagle's own DTB, which bootefi loads without an fdt argument
    bdir = os.path.join(simrun.ROOT, "build", "beagle")
    subprocess.run([os.path.join(simrun.ROOT, "tools", "mksd.sh"), "--out", path,
                    "--board", "beagle", "--mlo", os.path.join(bdir, "MLO"),
                    "--file", os.path.join(bdir, "efi.img") + ":efi.img",
                    "--file", uki + ":uki.efi", "--file", dtb + ":omap3-beagle.dtb"],
                   check=True, capture_output=True, stdin=subprocess.DEVNULL)
    return path


def test_uki_on_the_beagleboard(beagle_uki_card):
    r = session(beagle_uki_card, ["setenv bootargs", "setenv fdt_addr_r",
                                  "load mmc 0:1 ${kernel_addr_r} uki.efi",
                                  "bootefi ${kernel_addr_r}"],
                tail=SHELL, max_ms=40000, board="beagle")
    boot, shell = check_uki_boot(r, "beagle")
    assert "bootefi: no fdt given" in boot and "omap3-beagle.dtb" in boot, boot[:1000]
    assert "OF: fdt: Machine model: TI OMAP3 BeagleBoard" in boot
    assert "\nTI OMAP3 BeagleBoard\x00\r\n" in shell, shell
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 256 << 20, banks


@pytest.fixture(scope="module")
def sdboot_uki_card(sim, tmp_path_factory):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    sim_dtb = simrun.built("build/gta04/omap3-gta04-sim.dtb")
    if not os.path.exists(SDBOOT):
        pytest.fail("%s is missing: tools/fetch-debs.sh fetches it" % SDBOOT)
    d = tmp_path_factory.mktemp("sduki")
    uki, _, _ = mkuki_files(d, "omap3-gta04a5.dtb", dtb_section=True)
    (d / "loader.conf").write_text("timeout 1\n")
    # the firmware's DTB, which the scan loads as $efi_fdtfile, is the
    # simulator's: Linux's model tells that it got the UKI's .dtb instead.
    # "efi/Linux": FAT is case-blind, and mtools takes "EFI" beside
    # "efi" for a clash
    return mkcard(d / "sduki.img", extra=[
        (SDBOOT, "efi/boot/bootarm.efi"), (str(d / "loader.conf"), "loader/loader.conf"),
        (uki, "efi/Linux/gtaboot-uki.efi"), (sim_dtb, "omap3-gta04a5one.dtb")])


def test_systemd_boot_boots_the_uki_as_a_type2_entry(sdboot_uki_card):
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", sdboot_uki_card,
                    "--handoff-mmu-on", "--on-handoff", "continue", "--max-ms", "60000",
                    "--input", SHELL], timeout=600)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    assert "Found EFI removable media binary efi/boot/bootarm.efi\r\n" in out, out[-3000:]
    boot = out[out.index("Found EFI removable media binary"):]
    # systemd-boot's menu: the entry it made of EFI/Linux/gtaboot-uki.efi
    # from its .osrel (PRETTY_NAME), the only one, so the default
    menu = boot[:boot.index("EFI stub: Entering")]
    assert "   gtaboot UKI test   " in menu, menu
    assert "Boot in 1 s." in menu
    for line in STUB_LINES:
        assert line in boot, boot[:3000]
    assert "Kernel command line: %s" % CMDLINE in boot, boot[:6000]
    # the .dtb, not the firmware's simulator DTB, with gtaboot's fix-ups
    # (through EFI_DT_FIXUP_PROTOCOL, which systemd-stub calls)
    assert "OF: fdt: Machine model: Goldelico GTA04A5/Letux 2804" in boot
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    shell = out[out.index("echo CMDLINE"):]
    assert "\nCMDLINE %s\r\n" % CMDLINE in shell, shell
    assert "\nGoldelico GTA04A5/Letux 2804\x00\r\n" in shell
    banks = linuxrun.memory_banks(shell)
    # 1 GiB from 0x80000000, as gtaboot's fix-ups wrote it (Debian's DTB
    # has 512 MiB)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 1 << 30, banks


def test_mkuki_refuses_what_it_cannot_move():
    # host only: the checks that make moving the stub safe, each by name
    if not os.path.exists(STUB):
        pytest.fail("%s is missing: tools/fetch-debs.sh fetches it" % STUB)
    with open(STUB, "rb") as f:
        stub = f.read()
    ok = mkuki.build(stub, [(".linux", b"MZ" + bytes(62))])
    assert ok[:2] == b"MZ"
    pe_at = struct.unpack_from("<I", stub, 0x3C)[0]

    def patched(off, fmt, value):
        b = bytearray(stub)
        struct.pack_into(fmt, b, off, value)
        return bytes(b)

    cases = [
        (b"not a PE", "stub: not a PE image"),
        (patched(pe_at + 4, "<H", 0x8664), "stub: machine 0x8664 is not 32-bit ARM"),
        (patched(pe_at + 24 + 68, "<H", 11), "stub: subsystem 11 is not an EFI application"),
        # a base relocation directory (number 5) of 8 bytes
        (patched(pe_at + 24 + 96 + 5 * 8 + 4, "<I", 8),
         "stub: has a IMAGE_DIRECTORY_ENTRY_BASERELOC directory"),
    ]
    for data, msg in cases:
        with pytest.raises(mkuki.UkiError) as e:
            mkuki.build(data, [(".linux", b"MZ")])
        assert str(e.value).startswith(msg), (msg, str(e.value))
    with pytest.raises(mkuki.UkiError, match="section .linux is empty"):
        mkuki.build(stub, [(".linux", b"")])
    with pytest.raises(mkuki.UkiError, match="section name"):
        mkuki.build(stub, [(".toolongname", b"x")])


def test_uki_with_an_initrd_from_bootefi_too(uki_card):
    # two initrds: bootefi's LoadFile2 (efi/initrd.c) holds the initrd
    # device path, so the stub's own registration finds it taken
    # (LocateDevicePath: EFI_ALREADY_STARTED), says so and returns; gtaboot
    # is back at its prompt
    card, _ = uki_card
    boot = "bootefi ${kernel_addr_r} ${ramdisk_addr_r}:0x1000 ${fdt_addr_r}"
    r = session(card, ["setenv bootargs"] + LOAD + [boot], max_ms=20000)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    after_boot = after(out, boot)
    assert ("Error registering initrd: Already started\r\n## Application failed, r = 20\r\n"
            "bootefi: the image returned without ExitBootServices (EFI_ALREADY_STARTED)\r\n"
            in after_boot), after_boot[-2000:]
    assert "EFI stub" not in after_boot


@pytest.fixture(scope="module")
def beagle_sdboot_uki_card(sim, tmp_path_factory):
    simrun.built("build/beagle/MLO", "build/beagle/efi.img")
    if not os.path.exists(SDBOOT):
        pytest.fail("%s is missing: tools/fetch-debs.sh fetches it" % SDBOOT)
    d = tmp_path_factory.mktemp("sdukib")
    uki, dtb, _ = mkuki_files(d, "omap3-beagle.dtb", dtb_section=True, model=UKI_MODEL)
    (d / "loader.conf").write_text("timeout 1\n")
    path = str(d / "beagle.img")
    bdir = os.path.join(simrun.ROOT, "build", "beagle")
    args = [os.path.join(simrun.ROOT, "tools", "mksd.sh"), "--out", path, "--board", "beagle",
            "--mlo", os.path.join(bdir, "MLO")]
    # the Beagle's $fdtfile is Debian's DTB as it is: the .dtb, with a
    # model of its own, replaces it
    for src, dst in [(os.path.join(bdir, "efi.img"), "efi.img"), (SDBOOT, "efi/boot/bootarm.efi"),
                     (str(d / "loader.conf"), "loader/loader.conf"),
                     (uki, "efi/Linux/gtaboot-uki.efi"), (dtb, "omap3-beagle.dtb")]:
        args += ["--file", "%s:%s" % (src, dst)]
    subprocess.run(args, check=True, capture_output=True, stdin=subprocess.DEVNULL)
    return path


def test_systemd_boot_boots_the_uki_on_the_beagleboard(beagle_sdboot_uki_card):
    r = simrun.run(["--machine", "beagle", "--sd", beagle_sdboot_uki_card, "--handoff-mmu-on",
                    "--on-handoff", "continue", "--max-ms", "40000", "--input", SHELL],
                   timeout=600)
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    boot = out[out.index("Found EFI removable media binary efi/boot/bootarm.efi"):]
    menu = boot[:boot.index("EFI stub: Entering")]
    assert "   gtaboot UKI test   " in menu and "Boot in 1 s." in menu, menu
    for line in STUB_LINES + ("Kernel command line: %s" % CMDLINE,
                              "OF: fdt: Machine model: %s" % UKI_MODEL):
        assert line in boot, (line, boot[:4000])
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    shell = out[out.index("echo CMDLINE"):]
    assert "\nCMDLINE %s\r\n" % CMDLINE in shell, shell
    assert "\n%s\x00\r\n" % UKI_MODEL in shell, shell
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 256 << 20, banks
