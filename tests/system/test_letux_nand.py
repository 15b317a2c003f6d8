# SPDX-License-Identifier: GPL-2.0-or-later
"""A GTA04 A4 that runs Letux from NAND, with gtaboot's MLO flashed over the
X-Loader and no card: Letux's flashing left boot.scr at NAND 0x1b0000, the
uImage at 0x280000, the DTB at 0x840000 and a UBIFS root on mtd4
(goldelico/letux-uboot Letux/boot-scr/boot-gta04.txt, its NAND map).
gtaboot's nand0 boot target reads that script and sources it, as the
bootcmd Letux's script saves does (`nand read ${scriptaddr} 1b0000 40000`,
`source ${scriptaddr}`); the kernel gets the script's nandargs. Without a
script it boots the kernel partition with the board's own command line,
never an empty one.

With Letux's saved environment (one 256 KiB copy at 0x240000) its own
bootcmd does the same; that test skips, saying so, until gtaboot reads
single-copy environments (issue #35).

The script: one written here in Letux's dialect, and Letux's own
boot-gta04.txt from a local checkout named by LETUX_UBOOT (skipped without
one: CI reaches no GitHub, and its text is not the project's to copy)."""
import os
import struct
import subprocess
import zlib

import pytest

import simrun

ROOT = simrun.ROOT
PAYLOAD = os.path.join(ROOT, "build", "payload", "zImage")
MKNAND = os.path.join(ROOT, "build", "tools", "mknand")
UIMAGE_LOAD = 0x80008000
SCRIPT_OFF, KERNEL_OFF, DTB_OFF = 0x1b0000, 0x280000, 0x840000
ENV_OFF, ENV_SIZE = 0x240000, 0x40000
NAND_ROOT = "ubi.mtd=4 root=ubi0:gta04-rootfs rootfstype=ubifs"
BOARD_DEFAULT = "console=ttyO2,115200n8 root=ubi0:gta04-rootfs rootfstype=ubifs ubi.mtd=4"

# In the dialect of Letux's boot-gta04.txt, written here: not its text.
OWN_BOOT = r"""
# gtaboot test: a NAND boot script in the style of Letux's boot-gta04.txt
SCRIPTREV=7
status init
status set 8
if test "x${scriptrev}" != "x${SCRIPTREV}"
then
	KEEP=${fdtfile}
	env default -a
	setenv fdtfile ${KEEP}
	setenv scriptaddr 0x81800000
	setenv fdt_addr_r 0x81c00000
	setenv kernel_addr_r 0x82000000
	setenv console ttyO2,115200n8
	setenv nand 4
	setenv nandroot "ubi0:gta04-rootfs"
	setenv nandrootfstype "ubifs"
	setenv nandargs 'setenv bootargs console=${console} ubi.mtd=${nand} root=${nandroot} rootfstype=${nandrootfstype}; echo args for ${nand_cmd}'
	setenv loadkernel '
status set 18
FDT=0
run nandargs
if ${nand_cmd} read ${kernel_addr_r} 280000 5c0000
then
  echo kernel from NAND
  if ${nand_cmd} read ${fdt_addr_r} 840000 40000
  then
    FDT=1
  fi
else
  false
fi'
	setenv startkernel '
if itest $FDT == 1
then
  bootm ${kernel_addr_r} - ${fdt_addr_r}
else
  bootm ${kernel_addr_r}
fi'
	if nand read ${kernel_addr_r} 280000 4
	then
		setenv nand_cmd nand
	else
		setenv nand_cmd false
	fi
	setenv scriptrev ${SCRIPTREV}
fi
echo "NAND script: flash command ${nand_cmd}"
if run loadkernel
then
	status set 10
	run startkernel
fi
echo "*** could not boot ***"
"""


def sh(*args, **kw):
    kw.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.run(list(args), check=True, capture_output=True, **kw)


@pytest.fixture(scope="module")
def built():
    for tool in ("mkimage", "dtc", "fdtput", "fdtget"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            pytest.skip(tool + " not installed")
    simrun.built("build/payload/zImage", "build/gta04/MLO", "build/sim/gtaboot-sim",
                 "build/tools/mknand")


def letux_env(out, variables):
    """A U-Boot environment as Letux's U-Boot saves it: one copy of
    256 KiB at 0x240000, the CRC32 of the data, then the data (no flags
    byte; include/configs/letux_beagle.h: ENV_IS_IN_NAND, ENV_SIZE)."""
    data = b"".join(b"%s=%s\0" % (k.encode(), v.encode()) for k, v in variables.items())
    data = data.ljust(ENV_SIZE - 4, b"\0")
    path = str(out / "env.bin")
    with open(path, "wb") as f:
        f.write(struct.pack("<I", zlib.crc32(data)) + data)
    return path


def letux_nand(out, script_text, env=None):
    """gtaboot's MLO at 0, the script image (when given) at 0x1b0000, a
    uImage of the test payload at 0x280000 and the A4's DTB at 0x840000;
    Letux's saved environment at 0x240000 when env is given."""
    dtb = str(out / "omap3-gta04a4.dtb")
    sh("dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb,
       os.path.join(ROOT, "dts", "omap3-gta04-sim.dts"))
    sh("fdtput", "-t", "s", dtb, "/", "model", "letux nand test")
    uimg = str(out / "uImage")
    sh("mkimage", "-A", "arm", "-O", "linux", "-T", "kernel", "-C", "none", "-a",
       "0x%x" % UIMAGE_LOAD, "-e", "0x%x" % UIMAGE_LOAD, "-n", "Letux kernel", "-d", PAYLOAD, uimg)
    images = ["%s@0x%x" % (uimg, KERNEL_OFF), "%s@0x%x" % (dtb, DTB_OFF)]
    if script_text is not None:
        src, scr = str(out / "boot.txt"), str(out / "boot.scr")
        with open(src, "w") as f:
            f.write(script_text)
        sh("mkimage", "-A", "arm", "-O", "linux", "-T", "script", "-C", "none", "-a", "0", "-e",
           "0", "-n", "Boot Script", "-d", src, scr)
        images.append("%s@0x%x" % (scr, SCRIPT_OFF))
    if env is not None:
        images.append("%s@0x%x" % (letux_env(out, env), ENV_OFF))
    img = str(out / "nand.img")
    args = [MKNAND, "--mlo", os.path.join(ROOT, "build", "gta04", "MLO")]
    for i in images:
        args += ["--image", i]
    sh(*(args + [img]))
    return img


def boot(img, dump):
    return simrun.run(["--machine", "gta04", "--rev", "A4", "--nand", img, "--on-handoff", "stop",
                       "--dump-dtb", dump, "--max-ms", 40000])


def fdtget(dtb, node, prop):
    p = subprocess.run(["fdtget", "-t", "s", dtb, node, prop], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


def check_handoff(r, dump):
    rep = r.report
    assert rep and rep["result"] == "handoff", r.stderr + r.serial[-3000:]
    assert rep["pc"] == UIMAGE_LOAD, hex(rep["pc"])
    assert "Boot: NAND (ROM)" in r.serial, r.serial
    assert fdtget(dump, "/", "model") == "letux nand test"
    return fdtget(dump, "/chosen", "bootargs")


def test_own_letux_style_nand_script(built, tmp_path):
    img = letux_nand(tmp_path, OWN_BOOT)
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump)
    out = r.serial
    assert "Running bootscript from NAND at 0x1b0000" in out, out
    assert "NAND script: flash command nand" in out and "kernel from NAND" in out, out
    assert "Booting from NAND (kernel partition" not in out
    args = check_handoff(r, dump)
    assert args == "console=ttyO2,115200n8 " + NAND_ROOT, args


def test_letux_own_boot_script_in_nand(built, tmp_path):
    """Letux's unmodified boot-gta04.txt, first boot (no scriptversion
    saved): it finds the NAND, takes its flashing branch, finds nothing to
    flash on the absent card and runs mmcboot, whose loadkernel falls back
    to the NAND kernel and DTB with nandargs."""
    ub = os.environ.get("LETUX_UBOOT")
    path = ub and os.path.join(ub, "Letux", "boot-scr", "boot-gta04.txt")
    if not path or not os.path.exists(path):
        pytest.skip("Letux's own boot-gta04.txt needs a local checkout: "
                    "LETUX_UBOOT=<goldelico/letux-uboot> (not reachable from CI)")
    img = letux_nand(tmp_path, open(path).read())
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump)
    out = r.serial
    assert "Running bootscript from NAND at 0x1b0000" in out, out
    assert "NAND kernel found" in out and "NAND DTB found" in out, out
    args = check_handoff(r, dump)
    assert args.startswith("console=ttyO2,115200n8 ") and args.endswith(NAND_ROOT), args


def test_no_script_gets_board_command_line(built, tmp_path):
    img = letux_nand(tmp_path, None)
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump)
    out = r.serial
    assert "boot: no boot script in NAND at 0x1b0000" in out, out
    assert "Booting from NAND (kernel partition at 0x280000)" in out, out
    assert "Command line: " + BOARD_DEFAULT in out, out
    assert check_handoff(r, dump) == BOARD_DEFAULT


# What Letux's environment holds after its flashing (the bootcmd its
# script saves, loading the script from NAND when the card has none),
# written here in the same form, and what this file's script keeps there.
LETUX_ENV = {
    "bootdelay": "1",
    "mmc": "0",
    "nand_cmd": "nand",
    "scriptaddr": "0x81800000",
    "fdt_addr_r": "0x81c00000",
    "kernel_addr_r": "0x82000000",
    "console": "ttyO2,115200n8",
    "nand": "4",
    "nandroot": "ubi0:gta04-rootfs",
    "nandrootfstype": "ubifs",
    "scriptrev": "7",
    "loadbootscript": "\nmmc rescan\nif load mmc ${mmc} ${scriptaddr} boot.scr\nthen\n"
                      "  echo script from the card\nelif ${nand_cmd} read ${scriptaddr} 1b0000 40000"
                      "\nthen\n  echo script from nand\nfi",
    "bootscript": "echo Running the boot script; source ${scriptaddr}",
    "bootcmd": "\nif run loadbootscript\nthen\n  run bootscript\nfi",
    "nandargs": "setenv bootargs console=${console} ubi.mtd=${nand} root=${nandroot} "
                "rootfstype=${nandrootfstype} from=letuxenv",
    "loadkernel": "\nFDT=0\nrun nandargs\nif ${nand_cmd} read ${kernel_addr_r} 280000 5c0000\nthen\n"
                  "  echo kernel from NAND\n  ${nand_cmd} read ${fdt_addr_r} 840000 40000 && FDT=1\n"
                  "else\n  false\nfi",
    "startkernel": "bootm ${kernel_addr_r} - ${fdt_addr_r}",
}


def test_letux_environment_runs_its_bootcmd(built, tmp_path):
    """With Letux's saved environment, its own bootcmd loads the NAND
    script (not gtaboot's nand0 target) and the script, finding its
    version there, takes the environment's nandargs."""
    img = letux_nand(tmp_path, OWN_BOOT, env=LETUX_ENV)
    dump = str(tmp_path / "handoff.dtb")
    r = boot(img, dump)
    out = r.serial
    if "bad CRC, using default environment" in out:
        pytest.skip("gtaboot does not read Letux's single-copy NAND environment yet")
    assert "script from nand" in out and "Running the boot script" in out, out
    assert "Running bootscript from NAND at 0x1b0000" not in out, out
    args = check_handoff(r, dump)
    assert args == "console=ttyO2,115200n8 " + NAND_ROOT + " from=letuxenv", args
