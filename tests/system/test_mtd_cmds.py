# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's mtdparts, nand by partition name and nboot in the simulator:
Letux's default table on a GTA04 A4 and Debian's on the BeagleBoard
(printed as Debian's omap3_beagle U-Boot prints it), a uImage written by
mknand to the kernel partition read by name and booted by nboot, and
bad tables, names and devices refused."""
import os
import subprocess

import pytest

import simrun
import test_console as tc
import test_letux as tl

ROOT = simrun.ROOT
MKNAND = os.path.join(ROOT, "build", "tools", "mknand")
P = tc.PROMPT

firmware = tl.firmware


@pytest.fixture(scope="module")
def nand(tmp_path_factory):
    d = tmp_path_factory.mktemp("mtd")
    (d / "zImage").write_bytes(tc.fake_zimage(8192))
    subprocess.run(["mkimage", "-A", "arm", "-O", "linux", "-T", "kernel", "-C", "none",
                    "-a", "0x80008000", "-e", "0x80008000", "-n", "nand kernel", "-d",
                    str(d / "zImage"), str(d / "uImage")], check=True, capture_output=True,
                   env=dict(os.environ, SOURCE_DATE_EPOCH="1700000000"))
    out = d / "nand.img"
    subprocess.run([MKNAND, "--mlo", os.path.join(ROOT, "build", "gta04", "MLO"), "--image",
                    "%s@0x280000" % (d / "uImage"), str(out)], check=True)
    return str(out)


def session(nand, cmds, machine=("--machine", "gta04", "--rev", "A4")):
    board = "beagle" if "beagle" in machine else "gta04"
    inp = "{expect stop autoboot}x{expect %s}" % P + "".join(
        tc.esc(c) + "\\r{expect %s}" % P for c in cmds) + "{end}"
    r = simrun.run(list(machine) + ["--nand", nand, "--max-ms", 20000, "--load-raw",
                                    tl.BIN[board] + "@0x40200000", "--input", inp])
    assert r.rc == 0, r.stderr + r.serial
    return r, {c: tl.output(r.serial, c) for c in cmds}


def test_letux_table_and_names(nand):
    r, o = session(nand, ["mtdparts", "nand read 81000000 kernel 40", "md.l 81000000 1",
                          "nand read 81000000 nosuch", "nand read 81000000 kernel 700000",
                          "nand read 81000000 280000"])
    assert o["mtdparts"] == (
        "\r\ndevice nand0 <nand>, # parts = 5\r\n #: name\t\tsize\t\toffset\t\tmask_flags\r\n"
        " 0: x-loader            0x00080000\t0x00000000\t0\r\n"
        " 1: u-boot              0x001c0000\t0x00080000\t0\r\n"
        " 2: u-boot-env          0x00040000\t0x00240000\t0\r\n"
        " 3: kernel              0x00600000\t0x00280000\t0\r\n"
        " 4: fs                  0x1f780000\t0x00880000\t0\r\n"
        "\r\nactive partition: nand0,0 - (x-loader) 0x00080000 @ 0x00000000\r\n"
        "\r\ndefaults:\r\nmtdids  : nand0=nand\r\nmtdparts: mtdparts=nand:512k(x-loader),"
        "1792k(u-boot),256k(u-boot-env),6m(kernel),-(fs)\r\n")
    assert "64 bytes read from 0x280000 to 0x81000000" in o["nand read 81000000 kernel 40"]
    assert o["md.l 81000000 1"].startswith("81000000: 56190527")
    assert "error: nand: no partition or offset 'nosuch'" in o["nand read 81000000 nosuch"]
    assert "length '700000' is not within partition 'kernel'" in \
        o["nand read 81000000 kernel 700000"]
    assert "a length is needed after an offset" in o["nand read 81000000 280000"]


def test_table_from_the_environment(nand):
    r, o = session(nand, ["setenv mtdparts mtdparts=nand:1m(a),2m(b)x; mtdparts",
                          "setenv mtdparts mtdparts=nand:1m(a),-(rest); mtdparts",
                          "nand read 81000000 rest 800; echo st=$?",
                          "mtdparts default; printenv mtdids mtdparts", "mtdparts delall; mtdparts",
                          "mtdparts add nand0 1m"])
    assert "error: mtdparts: junk after a partition in 'mtdparts=nand:1m(a),2m(b)x'" in \
        o["setenv mtdparts mtdparts=nand:1m(a),2m(b)x; mtdparts"]
    assert " 1: rest                0x1ff00000\t0x00100000\t0" in \
        o["setenv mtdparts mtdparts=nand:1m(a),-(rest); mtdparts"]
    assert "2048 bytes read from 0x100000" in o["nand read 81000000 rest 800; echo st=$?"]
    assert o["mtdparts default; printenv mtdids mtdparts"] == \
        "mtdids=nand0=nand\r\nmtdparts=mtdparts=nand:512k(x-loader),1792k(u-boot)," \
        "256k(u-boot-env),6m(kernel),-(fs)\r\n"
    assert "no partitions for device nand0 <nand> in mtdparts" in \
        o["mtdparts delall; mtdparts"]
    assert "error: mtdparts: only list" in o["mtdparts add nand0 1m"]


def test_nboot(nand):
    r, o = session(nand, ["nboot 81000000 kernel; echo st=$?", "printenv filesize",
                          "nboot 81000000 0 0", "nboot 81000000 1 280000", "nboot 81000000 nosuch",
                          "setenv autostart yes; nboot kernel"])
    n = o["nboot 81000000 kernel; echo st=$?"]
    assert n.startswith("\r\nLoading from nand0, offset 0x280000\r\n   Image Name:   nand kernel\r\n"
                        "   Created:      2023-11-14  22:13:20 UTC\r\n"
                        "   Image Type:   ARM Linux Kernel Image (uncompressed)\r\n"
                        "   Data Size:    8192 Bytes = 8 KiB\r\n"
                        "   Load Address: 80008000\r\n   Entry Point:  80008000\r\nst=0"), n
    assert o["printenv filesize"].startswith("filesize=2040")
    assert "** Unknown image type" in o["nboot 81000000 0 0"]
    assert "** Device 1 not available" in o["nboot 81000000 1 280000"]
    assert "** Device nosuch not available" in o["nboot 81000000 nosuch"]
    # autostart=yes: bootm at the load address (here without a DTB to give)
    assert "Entry Point:  80008000\r\nbootm: no fdt given" in \
        o["setenv autostart yes; nboot kernel"]


def test_beagle_debian_table(tmp_path):
    nand = str(tmp_path / "erased.nand")     # absent file: an erased chip
    r, o = session(nand, ["mtdparts"], machine=("--machine", "beagle"))
    # the table Debian's omap3_beagle U-Boot prints for its defaults
    assert " 0: spl                 0x00080000\t0x00000000\t0\r\n" \
        " 1: u-boot              0x001e0000\t0x00080000\t0\r\n" \
        " 2: u-boot-env          0x00020000\t0x00260000\t0\r\n" \
        " 3: dtb                 0x00020000\t0x00280000\t0\r\n" \
        " 4: kernel              0x00600000\t0x002a0000\t0\r\n" \
        " 5: rootfs              0x0f760000\t0x008a0000\t0\r\n" in o["mtdparts"], r.serial[-2000:]
    assert "device nand0 <omap2-nand.0>, # parts = 6" in o["mtdparts"]
