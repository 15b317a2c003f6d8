# SPDX-License-Identifier: GPL-2.0-or-later
"""A BeagleBoard whose owner ran `saveenv` under Debian's U-Boot, then
flashed gtaboot's MLO over the SPL: Debian's omap3_beagle U-Boot (the
u-boot-omap the other tests run) boots from the card in the simulator,
sets the owner's variables and saves them with its own saveenv onto the
simulated NAND (one copy at 0x260000, no flags byte: its config has
CONFIG_ENV_OFFSET 0x260000, CONFIG_ENV_SIZE 0x20000 and no redundant
copy). gtaboot's MLO then goes into NAND blocks 0-3 as `flash mlo` puts it
there (mknand's pages), and the ROM boots it from NAND: the owner's
variables are there without the bad-CRC warning, fw_printenv reads the
copy with the one-line fw_env.config, saveenv converts (saying so) and
fw_printenv reads the pair with the two-line one (docs/environment.md).
Last, that environment's own bootcmd (`run findfdt; run distro_bootcmd`)
boots a Debian-style card with extlinux.conf."""
import os
import subprocess

import pytest

import debian_uboot
import simrun
from test_nand import MKNAND, PAGE, RAW
from test_ubenv import fw

ROOT = simrun.ROOT
UBOOT = debian_uboot.UBOOT
MLO = os.path.join(ROOT, "build", "beagle", "MLO")
WARNING = "*** Warning - bad CRC, using default environment"
ENV_SIZE = 0x20000
REGION = 0x240000                       # gtaboot's copy 1, then Debian's copy / copy 0
NOTE = ("env: U-Boot's single-copy environment at 0x260000 (128 KiB) is used; the next "
        "saveenv converts it to gtaboot's redundant pair at 0x260000 and 0x240000")

pytestmark = [
    pytest.mark.skipif(not os.access(simrun.SIM, os.X_OK), reason="simulator not built yet (make sim)"),
    pytest.mark.skipif(not os.path.exists(os.path.join(UBOOT, "u-boot.img")),
                       reason="Debian's U-Boot not fetched (tools/fetch-debs.sh)"),
]


@pytest.fixture(scope="module")
def uboot_nand(uboot_boot):
    """The NAND image after Debian's U-Boot saved the owner's environment
    (debian_uboot.SAVE, in the run's one boot of it: conftest.py)."""
    simrun.built("build/tools/mknand")
    r, nand = uboot_boot
    out = r.serial.split(debian_uboot.SAVE, 1)[-1]
    assert "Saving Environment to NAND... Erasing NAND..." in out, r.serial[-3000:]
    assert "Writing to NAND... OK" in out, r.serial[-3000:]
    assert "redundant" not in out                # one copy
    return nand


def flash_mlo(tmp, nand_bytes):
    """gtaboot's MLO over blocks 0-3 (the SPL's), the rest as U-Boot left it."""
    mlo_img = tmp / "mlo.img"
    subprocess.run([MKNAND, "--mlo", MLO, str(mlo_img)], check=True)
    end = 0x80000 // PAGE * RAW
    mlo = mlo_img.read_bytes()[:end]
    nand = tmp / "nand.img"
    nand.write_bytes(mlo + b"\xff" * (end - len(mlo)) + nand_bytes[end:])
    return nand


def region(nand):
    """The data bytes of 0x240000-0x280000 (Linux's MTD view)."""
    img = nand.read_bytes()
    out = bytearray()
    for p in range(REGION // PAGE, (REGION + 2 * ENV_SIZE) // PAGE):
        raw = img[p * RAW:(p + 1) * RAW]
        out += raw[:PAGE] if len(raw) >= PAGE else b"\xff" * PAGE
    return bytes(out)


def printenv(tmp, nand, lines):
    flat = tmp / "region.bin"
    flat.write_bytes(region(nand))
    cfg = tmp / "fw_env.config"
    cfg.write_text("".join("%s 0x%x 0x%x 0x%x\n" % (flat, off - REGION, ENV_SIZE, ENV_SIZE)
                           for off in lines))
    r = fw("fw_printenv", cfg)
    return r, dict(l.split("=", 1) for l in r.stdout.splitlines() if "=" in l)


def gtaboot(nand, commands, card=None, max_ms=20000, stop=True):
    script = r"{expect autoboot}x{expect gtaboot> }" if stop else ""
    for c in commands:
        script += c + r"\r{expect gtaboot> }"
    args = ["--machine", "beagle", "--nand", str(nand), "--max-ms", max_ms]
    if card:
        args += ["--sd", card]
    if script:
        args += ["--input", script + "{end}"]
    return simrun.run(args)


def after(r, cmd):
    return r.serial.split(cmd, 1)[1] if cmd in r.serial else ""


def test_debian_environment_read_then_converted(uboot_nand, tmp_path):
    if not os.path.exists(MLO):
        pytest.skip("no build/beagle/MLO (make BOARD=beagle)")
    nand = flash_mlo(tmp_path, uboot_nand)
    # Linux with Debian's one-line config: mtd2 (0x260000), 0x20000
    p, env = printenv(tmp_path, nand, [0x260000])
    assert p.returncode == 0 and env["owner"] == "yes", p.stderr
    r = gtaboot(nand, ["printenv owner bootargs bootcmd arch board", "echo $beaglerev $ver",
                       "printenv bs", "saveenv"])
    assert "Boot: NAND (ROM)" in r.serial, r.serial
    assert "Loading Environment from NAND... OK\r\n" + NOTE in r.serial, r.serial
    assert WARNING not in r.serial
    out = after(r, "printenv owner bootargs bootcmd arch board")
    assert ("owner=yes\r\nbootargs=console=ttyO2,115200n8 owner\r\n"
            "bootcmd=run findfdt; run distro_bootcmd\r\narch=arm\r\nboard=beagle\r\n") in out, out
    assert after(r, "echo $beaglerev $ver").startswith("\r\nC4 gtaboot ")
    assert after(r, "printenv bs").startswith("\r\nbs=a\\b\r\n"), r.serial
    assert ("env: converting U-Boot's single-copy environment at 0x260000 to gtaboot's "
            "redundant pair (0x260000, 0x240000)\r\n") in after(r, "saveenv"), r.serial
    assert after(r, "saveenv").count("OK\r\n") == 2, r.serial
    # Linux with the two-line config: mtd2 (0x260000) and mtd1's last block (0x240000)
    p, env = printenv(tmp_path, nand, [0x260000, 0x240000])
    assert p.returncode == 0, p.stderr
    assert env["owner"] == "yes" and env["bootcmd"] == "run findfdt; run distro_bootcmd"
    # and gtaboot reads its pair at the next boot
    r = gtaboot(nand, ["printenv owner"])
    assert "Loading Environment from NAND... OK\r\n" in r.serial and "single-copy" not in r.serial
    assert "owner=yes" in after(r, "printenv owner"), r.serial


EXTLINUX = b"""default debian
timeout 0
label debian
    kernel /zImage
    fdtdir /dtbs
    append console=ttyO2,115200n8 root=/dev/mmcblk0p2 rootwait
"""

# What U-Boot's distro scan runs before it finds the card's extlinux.conf.
NEEDED = ("part", "fstype", "gpio", "test", "sysboot")


def test_debian_bootcmd_boots_an_extlinux_card(uboot_nand, sdcard, tmp_path):
    """bootcmd=run findfdt; run distro_bootcmd, as Debian's U-Boot saved it."""
    if not os.path.exists(MLO):
        pytest.skip("no build/beagle/MLO (make BOARD=beagle)")
    from test_beagle import fake_zimage
    nand = flash_mlo(tmp_path, uboot_nand)
    dtb = str(tmp_path / "omap3-beagle.dtb")
    subprocess.run(["dtc", "-I", "dts", "-O", "dtb", "-o", dtb,
                    os.path.join(ROOT, "dts", "omap3-beagle-sim.dts")], check=True,
                   capture_output=True)
    card = sdcard({"zImage": fake_zimage(), "extlinux.conf": EXTLINUX})
    subprocess.run(["mmd", "-i", card + "@@1M", "::/extlinux", "::/dtbs"], check=True)
    subprocess.run(["mmove", "-i", card + "@@1M", "::/extlinux.conf", "::/extlinux/"], check=True)
    subprocess.run(["mcopy", "-i", card + "@@1M", dtb, "::/dtbs/omap3-beagle.dtb"], check=True)
    r = gtaboot(nand, [], card=card, stop=False, max_ms=30000)
    missing = [c for c in NEEDED if "Unknown command '%s'" % c in r.serial]
    assert not missing, r.serial[-3000:]
    assert r.report["result"] == "handoff", r.serial[-3000:]
    assert "Found /extlinux/extlinux.conf" in r.serial, r.serial[-3000:]


# The conversion's NAND operations: copy 1's erase (1) and 64 programs
# (2-65), then copy 0's erase (66, Debian's copy goes) and programs; all
# of them with `make powercut` (GTABOOT_POWERCUT=all).
CUTS = list(range(1, 131)) if os.environ.get("GTABOOT_POWERCUT") == "all" else [1, 65, 66, 130]


@pytest.mark.parametrize("cut", CUTS)
def test_power_cut_during_conversion_keeps_debians_environment(uboot_nand, tmp_path, cut):
    if not os.path.exists(MLO):
        pytest.skip("no build/beagle/MLO (make BOARD=beagle)")
    nand = flash_mlo(tmp_path, uboot_nand)
    r = simrun.run(["--machine", "beagle", "--nand", str(nand), "--max-ms", 20000,
                    "--inject", "nand-powercut:%d" % cut, "--input",
                    r"{expect autoboot}x{expect gtaboot> }setenv added yes; saveenv\r"
                    r"{expect gtaboot> }{end}"])
    assert r.report and r.report.get("result") == "poweroff", r.stderr + r.serial
    r = gtaboot(nand, ["printenv owner added"])
    assert WARNING not in r.serial, r.serial
    out = after(r, "printenv owner added")
    assert "owner=yes\r\n" in out, r.serial
    if cut <= 65:
        assert NOTE in r.serial and '## Error: "added" not defined' in out, r.serial
    else:
        assert "single-copy" not in r.serial and "added=yes" in out, r.serial
