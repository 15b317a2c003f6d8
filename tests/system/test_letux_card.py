# SPDX-License-Identifier: GPL-2.0-or-later
"""A Letux card, as GTA04 owners have them: FAT partition 1 with boot.scr
(made by mkimage -T script), a uImage (mkimage -T kernel -a 0x80008000),
bootargs.scr and ${fdtfile}; ext4 partition 2 as the root. gtaboot's
distro scan finds boot.scr and runs it; the script detects the flash,
loads the kernel from the partitions in its boot order, sources
bootargs.scr and boots with bootm, on a GTA04 with NAND (A4) and one with
the OneNAND package (A5).

Two variants:
- Letux's own scripts (goldelico/letux-uboot Letux/boot-scr/boot-gta04.txt
  and goldelico/letux-kernel Letux/boot/bootargs.txt) from local checkouts
  named by LETUX_UBOOT and LETUX_KERNEL: they are not the project's to
  copy and CI reaches no GitHub, so without them that test skips, saying
  so;
- scripts written here in the same dialect (the constructs Letux's use:
  a version check with env default -a, multi-line scripts in variables,
  the flash command found by trying it, for over a boot order, itest,
  locals, run, status, source, bootm addr - fdt, the LCD branch with lcm
  and its touch menu: tsc choose 3 3 in a while true, tsc selection),
  which run everywhere."""
import os
import subprocess

import pytest

import cards
import pngread
import simrun

ROOT = simrun.ROOT
PAYLOAD = os.path.join(ROOT, "build", "payload", "zImage")
UIMAGE_LOAD = 0x80008000
LETUX_BOOTARGS = ("console=ttyO2,115200n8 mtdoops.mtddev=omap2.nand ubi.mtd=4 "
                  "root=/dev/mmcblk0p2 rw rootfstype=ext4,ext3 rootwait")
FDTFILE = {"A4": "omap3-gta04a4", "A5": "omap3-gta04a5one"}

# In the dialect of Letux's boot.scr, written here: not its text.
OWN_BOOT = r"""
# gtaboot test: a boot script in the style of Letux's boot-gta04.txt
SCRIPTREV=42	# bumped when the environment below changes

i2c dev 0
status init
status set 8	# red: the loader runs
charge auto

if test "x${scriptrev}" != "x${SCRIPTREV}"
then
	KEEP=${fdtfile}
	env default -a
	setenv fdtfile ${KEEP}
	setenv mmc 0
	setenv kernelmmc 0
	setenv scriptaddr 0x81800000
	setenv fdt_addr_r 0x81c00000
	setenv kernel_addr_r 0x82000000
	setenv tmpaddr 0x80800000
	setenv console ttyO2,115200n8
	setenv nand 4
	setenv bootorder "1 2 3 4"
	setenv sdargs 'setenv bootargs console=${console} ubi.mtd=${nand} root=${sdroot} rootfstype=${sdfstype}; echo args for the card'
	setenv sdroot "/dev/mmcblk${kernelmmc}p2 rw"
	setenv sdfstype "ext4,ext3 rootwait"
	setenv findkernel '
status set 18
FOUND=0;HAVEFDT=0
for p in $bootorder
do
  if itest $FOUND == 0
  then
    if load mmc ${mmc}:${p} ${kernel_addr_r} uImage
    then
      echo kernel /uImage on partition $p
      FOUND=1
      run sdargs
      if load mmc ${mmc}:${p} ${tmpaddr} bootargs.scr
      then
        setenv PART $p
        setenv PARTKIND FAT
        source ${tmpaddr}
      fi
    elif load mmc ${mmc}:${p} ${kernel_addr_r} /boot/uImage
    then
      echo kernel /boot/uImage on partition $p
      FOUND=1
      run sdargs
    fi
    if load mmc ${mmc}:${p} ${fdt_addr_r} ${fdtfile}
    then
      HAVEFDT=1
    fi
  fi
done
itest $FOUND == 1 && status set 10'
	setenv startkernel '
if itest $HAVEFDT == 1
then
  bootm ${kernel_addr_r} - ${fdt_addr_r}
else
  bootm ${kernel_addr_r}
fi'
	if nand read ${kernel_addr_r} 280000 4
	then
		setenv flashcmd nand
	elif onenand read ${kernel_addr_r} 280000 4
	then
		setenv flashcmd onenand
	else
		setenv flashcmd false
		echo "no flash to write to: booting from the card only"
	fi
	setenv scriptrev "${SCRIPTREV}"
fi

echo "flash command: ${flashcmd}"
if lcm start
then
	echo "with the panel"
	if test "x${forcemenu}" = "xyes" || status check 1
	then
		echo "*** touch menu ***"
		tsc init
		while true
		do
			tsc choose 3 3
			if tsc selection 1
			then
				lcm color 00ff00	# green: the touch was taken
				lcm fb 0
				setenv bootorder "1 2 3 4"
				echo "boot order ${bootorder}"
				run findkernel && run startkernel
			elif tsc selection 2
			then
				lcm color 55ff00
				lcm fb 0
				setenv bootorder "2 3 4 1"
				echo "boot order ${bootorder}"
				run findkernel && run startkernel
			else
				echo "*** no boot entry there ***"
			fi
		done
	fi
	lcm power 0
	lcm off	# as Letux before bootm
else
	echo "without the panel"
fi
if run findkernel
then
	run startkernel
fi
echo "*** could not boot ***"
status blink
"""

OWN_BOOTARGS = r"""
# gtaboot test: a bootargs.scr in the style of Letux's bootargs.txt
echo running bootargs.scr
if test "${PARTKIND}" = "FAT"
then
  if   itest ${PART} == 1; then setenv sdroot "/dev/mmcblk${kernelmmc}p2 rw";
  elif itest ${PART} == 2; then setenv sdroot "/dev/mmcblk${kernelmmc}p3 rw";
  fi
else
  setenv sdroot "/dev/mmcblk${kernelmmc}p${PART} rw"
fi
setenv bootargs "console=${console} mtdoops.mtddev=omap2.nand ubi.mtd=${nand} root=${sdroot} rootfstype=${sdfstype}"
echo bootargs.scr done
"""


def sh(*args, **kw):
    if "input" not in kw:
        kw.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.run(list(args), check=True, capture_output=True, **kw)


def need_tools():
    for tool in ("mke2fs", "sfdisk", "mkfs.vfat", "mcopy", "mkimage", "dtc", "fdtput", "fdtget"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            pytest.skip(tool + " not installed")
    simrun.built("build/gta04/MLO", "build/payload/zImage", "build/sim/gtaboot-sim")


def mkscript(src_text, out):
    src = out + ".txt"
    with open(src, "w") as f:
        f.write(src_text)
    sh("mkimage", "-A", "arm", "-O", "linux", "-T", "script", "-C", "none", "-a", "0", "-e", "0",
       "-n", "Boot Script", "-d", src, out)
    return out


def letux_card(out, boot_txt, bootargs_txt, rev):
    """FAT16 partition 1 (bootable): MLO, boot.scr, bootargs.scr, uImage and
    the revision's DTB; ext4 partition 2 with an empty /boot."""
    dtb = str(out / (FDTFILE[rev] + ".dtb"))
    sh("dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb,
       os.path.join(ROOT, "dts", "omap3-gta04-sim.dts"))
    sh("fdtput", "-t", "s", dtb, "/", "model", "letux test " + rev)
    uimg = str(out / "uImage")
    sh("mkimage", "-A", "arm", "-O", "linux", "-T", "kernel", "-C", "none", "-a",
       "0x%x" % UIMAGE_LOAD, "-e", "0x%x" % UIMAGE_LOAD, "-n", "Letux kernel", "-d", PAYLOAD, uimg)
    files = {"MLO": os.path.join(ROOT, "build", "gta04", "MLO"),
             "boot.scr": mkscript(boot_txt, str(out / "boot.scr")),
             "bootargs.scr": mkscript(bootargs_txt, str(out / "bootargs.scr")),
             "uImage": uimg, FDTFILE[rev] + ".dtb": dtb}
    fat = cards.fat(out / "p1.fat", files, size_mb=32, label="LETUX")
    stage = out / "root"
    (stage / "boot").mkdir(parents=True)
    rootfs = cards.ext4(out / "p2.ext4", stage, size_mb=16)
    return cards.disk(out / "sd.img", [cards.Part(fat, "e", boot=True), cards.Part(rootfs, "83")])


def boot(img, dump, rev, tmp_path, extra=()):
    args = ["--machine", "gta04", "--rev", rev, "--sd", img, "--on-handoff", "stop",
            "--dump-dtb", dump, "--max-ms", 60000] + list(extra)
    if rev == "A4":
        args += ["--nand", str(tmp_path / "nand.img")]   # absent: an erased chip
    return simrun.run(args)


def fdtget(dtb, node, prop):
    p = subprocess.run(["fdtget", "-t", "s", dtb, node, prop], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


def check_booted(r, dump, rev):
    rep = r.report
    assert rep and rep["result"] == "handoff", r.stderr + r.serial[-3000:]
    assert rep["pc"] == UIMAGE_LOAD, hex(rep["pc"])
    assert "Found U-Boot script /boot.scr" in r.serial, r.serial
    assert "running bootargs.scr" in r.serial
    assert fdtget(dump, "/", "model") == "letux test " + rev
    assert fdtget(dump, "/chosen", "bootargs") == LETUX_BOOTARGS
    # Letux's LED patterns on the TCA6507 (tools/sim/tca6507.c): started,
    # loading, loaded
    vals = [w["value"] for w in (rep.get("tca6507") or {}).get("log", []) if w["reg"] == 2]
    assert vals and vals[0] == 0x08 and 0x18 in vals and vals[-1] == 0x10, vals


@pytest.mark.parametrize("rev", ["A4", "A5"])
def test_own_letux_style_card_boots(sim, tmp_path, rev):
    need_tools()
    img = letux_card(tmp_path, OWN_BOOT, OWN_BOOTARGS, rev)
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump, rev, tmp_path)
    out = r.serial
    assert ("flash command: nand" if rev == "A4" else "flash command: false") in out, out
    # lcm start: gtaboot's screen is on; no AUX, no forcemenu: no menu
    assert "with the panel" in out and "kernel /uImage on partition 1" in out
    assert "*** touch menu ***" not in out
    assert "kernel: uImage 'Letux kernel', load 0x%08x" % UIMAGE_LOAD in out, out
    # Letux's charge auto: USB charging also without VBUS, then the status
    assert "charge: USB (no VBUS now), charging at 500 mA" in out, out
    assert "charging automatic USB" in out, out
    check_booted(r, dump, rev)


@pytest.mark.parametrize("cell,order", [(2, "2 3 4 1"), (1, "1 2 3 4")])
def test_own_letux_style_touch_menu(sim, tmp_path, cell, order):
    """The LCD branch's touch menu (forcemenu=yes, as Linux sets it for the
    next boot): tsc choose 3 3 waits, a touch on cell 1 or 2 picks the
    boot order, lcm shows the feedback colour, and the hand-off shows
    gtaboot's frame lit again (the simple-framebuffer Linux gets). A touch
    elsewhere first only comes back to the menu."""
    need_tools()
    script = OWN_BOOT.replace('echo "flash command: ${flashcmd}"',
                              'setenv forcemenu yes\necho "flash command: ${flashcmd}"')
    img = letux_card(tmp_path, script, OWN_BOOTARGS, "A5")
    dump = str(tmp_path / "handoff.dtb")
    png = str(tmp_path / "handoff.png")
    x = (2 * cell - 1) * 480 // 6
    inp = ("{expect Press touch or any key}{wait 100}{touch 400 600 50}"
           "{expect Press touch or any key}{wait 100}{touch %d 100 50}" % x)
    r = boot(img, dump, "A5", tmp_path, ["--input", inp, "--screenshot", png])
    out = r.serial
    assert "with the panel" in out and "*** touch menu ***" in out, out[-3000:]
    assert "did choose 2/2 -> 9" in out and "*** no boot entry there ***" in out, out[-3000:]
    assert "did choose %d/0 -> %d" % (cell - 1, cell) in out, out[-3000:]
    assert "boot order " + order in out
    check_booted(r, dump, "A5")
    _, _, rows = pngread.read(png)
    assert rows[4][470] == (255, 203, 41)      # gtaboot's title, not the green


def letux_sources():
    ub, kern = os.environ.get("LETUX_UBOOT"), os.environ.get("LETUX_KERNEL")
    if not ub or not kern:
        pytest.skip("Letux's own scripts need local checkouts: LETUX_UBOOT=<goldelico/letux-uboot> "
                    "LETUX_KERNEL=<goldelico/letux-kernel> (not reachable from CI)")
    paths = (os.path.join(ub, "Letux", "boot-scr", "boot-gta04.txt"),
             os.path.join(kern, "Letux", "boot", "bootargs.txt"))
    for p in paths:
        if not os.path.exists(p):
            pytest.skip("no %s in the checkout" % p)
    return [open(p).read() for p in paths]


@pytest.mark.parametrize("rev", ["A4", "A5"])
def test_letux_own_scripts_boot(sim, tmp_path, rev):
    """Letux's unmodified boot-gta04.txt and bootargs.txt, first boot (no
    scriptversion saved): NAND board: flash=yes, the flashing branch finds
    no MLO.flash / u-boot.img.flash and runs mmcboot; OneNAND board:
    nand_cmd=false, the LCD branch without the menu (lcm start works, AUX
    not held); both end in bootm of the uImage at 0x80008000 with
    bootargs.scr's command line."""
    need_tools()
    boot_txt, bootargs_txt = letux_sources()
    img = letux_card(tmp_path, boot_txt, bootargs_txt, rev)
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump, rev, tmp_path)
    out = r.serial
    if rev == "A4":
        assert "*** flashing NAND (nand) ***" in out, out[-3000:]
    else:
        assert "can not flash - must always boot from SD card" in out, out[-3000:]
        # lcm start works: the LCD branch, no AUX: no menu
        assert "*** booting Linux ***" in out
    assert "found kernel /uImage on partition 1" in out
    check_booted(r, dump, rev)
