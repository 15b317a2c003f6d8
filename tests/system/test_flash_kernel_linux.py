# SPDX-License-Identifier: GPL-2.0-or-later
"""A Debian /boot as flash-kernel lays it out, booted on the simulated GTA04
A5 to the entry of Debian's kernel: FAT partition 1 with only MLO; ext4
partition 2 with /boot/boot.scr made from flash-kernel's own
bootscr.uboot-generic (Debian's package, fetched at test time),
/boot/vmlinuz-V (Debian's zImage), /boot/initrd.img-V (tools/mkinitramfs.sh's
busybox initramfs) and /boot/dtbs/V/omap3-gta04a5one.dtb (the kernel
package's DTB for the A5 with the OneNAND package, which is what the
simulated A5 has and so the name gtaboot's fdtfile gives). gtaboot's distro
scan finds the script in partition 2 and hands over that DTB, patched, the
initrd and the script's bootargs; the zImage's decompressor (turning its MMU
and caches on and off again) must then enter the kernel as the boot protocol
says, where the run stops (--stop-at).

The run stops there because the decompressor alone is 2 G instructions,
about 20 s of host time: booting on to busybox made this one test over 60 s
with another build on the machine. test_linux_shell.py boots Debian's
kernel to the shell (the Image, from extlinux.conf) and checks what Linux
sees of the DT, the command line and the initrd; `make bench` boots this
zImage to the shell."""
import os
import struct
import sys

import pytest

import linuxrun
from test_debian_kernel import BCI, fdt_nodes, text_offset
from test_distro import FDT_ADDR, INITRD_ADDR, KERNEL_ADDR, card, fdtget, flash_kernel_script, \
    mkscript, need_tools, sh

sys.path.insert(0, os.path.join(linuxrun.ROOT, "tools"))
import mklinuxcard  # noqa: E402

ROOT = linuxrun.ROOT
MLO = os.path.join(ROOT, "build", "gta04", "MLO")
FDTFILE = "omap3-gta04a5one.dtb"
# LINUX_KERNEL_CMDLINE as /etc/default/flash-kernel has it, with the root
# and cryptomgr.notests (linuxrun.APPEND says why)
CMDLINE = "quiet root=/dev/mmcblk0p2 rootwait cryptomgr.notests"


def test_flash_kernel_boot_to_the_kernel(sim, tmp_path):
    need_tools()
    try:
        deb = mklinuxcard.fetch()
        initrd = mklinuxcard.initramfs(deb)
    except mklinuxcard.Missing as e:
        pytest.skip("no Debian kernel: %s" % e)
    with open(os.path.join(mklinuxcard.KDIR, "version")) as f:
        kvers = f.read().strip()
    boot = tmp_path / "root" / "boot"
    (boot / "dtbs" / kvers).mkdir(parents=True)
    sh("cp", mklinuxcard.zimage_path(), str(boot / ("vmlinuz-" + kvers)))
    sh("cp", initrd, str(boot / ("initrd.img-" + kvers)))
    dtb = str(boot / "dtbs" / kvers / FDTFILE)
    mklinuxcard.dtb_from_deb(deb, FDTFILE, dtb)
    mkscript(flash_kernel_script(tmp_path, kvers, CMDLINE), str(boot / "boot.scr"))
    img = card(tmp_path, {"MLO": MLO}, tmp_path / "root", ext_mib=48)

    dump = str(tmp_path / "handoff.dtb")
    # where the decompressor enters the kernel: RAM start + TEXT_OFFSET
    with open(mklinuxcard.zimage_path(), "rb") as f:
        entry = (KERNEL_ADDR & 0xF8000000) + text_offset(f.read())
    assert entry == 0x80208000
    r = linuxrun.boot(img, "A5", 60000, ["--dump-dtb", dump, "--stop-at", "0x%x" % entry])
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]

    # gtaboot: the distro scan, flash-kernel's script, its hand-off
    assert "Scanning mmc 0:1..." in out and "Scanning mmc 0:2..." in out, out[:3000]
    assert "Found U-Boot script /boot/boot.scr" in out, out[:3000]
    assert "Booting Debian %s from mmc 0:2..." % kvers in out, out[:3000]
    h = r.report["handoff"]
    assert h and h["pc"] == KERNEL_ADDR and h["r2_dtb"], h
    # the DTB handed over is the package's A5-with-OneNAND one, patched
    model = fdtget(dtb, "/", "model")
    assert model and fdtget(dump, "/", "model") == model
    bootargs = fdtget(dump, "/chosen", "bootargs")
    assert bootargs.split() == ["console=ttyO2,115200n8"] + CMDLINE.split(), bootargs
    start = int(fdtget(dump, "/chosen", "linux,initrd-start", "x").split()[-1], 16)
    end = int(fdtget(dump, "/chosen", "linux,initrd-end", "x").split()[-1], 16)
    assert (start, end) == (INITRD_ADDR, INITRD_ADDR + os.path.getsize(initrd))
    # and the rest gtaboot patched: the memory it found, the backup cell
    mem = [int(v, 16) for v in fdtget(dump, "/memory@80000000", "reg", "x").split()]
    assert sum(mem[1::2]) == 1 << 30, mem
    bci = [p for p in fdt_nodes(dump).values()
           if BCI.encode() in p.get("compatible", b"").split(b"\0")]
    assert len(bci) == 1
    assert bci[0].get("ti,bb-uvolt") == struct.pack(">I", 3200000), bci[0]
    assert bci[0].get("ti,bb-uamp") == struct.pack(">I", 150), bci[0]
    assert all(h[k] for k in ("svc_mode", "irq_fiq_masked", "arm_state", "mmu_off",
                              "dcache_off", "r0_zero", "r1_dt", "r2_dtb")), h

    # the decompressor's hand-off to the kernel proper: r0 0, r1 ~0, r2
    # still the DTB, SVC, MMU and D-cache off, after enough work to have
    # decompressed
    rep = r.report
    assert (rep["pc"], rep["r0"], rep["r1"], rep["r2"]) == (entry, 0, 0xFFFFFFFF, FDT_ADDR), rep
    assert rep["cpsr"] & 0x1F == 0x13, rep
    assert not rep["sctlr"] & 0x5, "decompressor left MMU/D-cache on: 0x%08x" % rep["sctlr"]
    assert rep["guest_instructions"] > 100000000, rep
