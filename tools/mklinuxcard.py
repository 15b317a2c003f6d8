#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Makes an SD card image on which gtaboot boots Debian's armmp kernel to a
busybox shell in the simulator (make run-linux, tests/system/test_linux.py).

The kernel is the uncompressed Image taken out of Debian's zImage on the
host (its XZ payload, found by the stream magic, decoded with Python's
lzma) and wrapped as a legacy uImage (mkimage, load = entry = RAM start +
TEXT_OFFSET), so the simulator does not run the decompressor's 2 G
instructions; --zimage puts the zImage itself on the card instead. The
initramfs is tools/mkinitramfs.sh's, with the twl4030_madc,
phy-twl4030-usb and twl4030_charger modules (and their dependencies) of
the same kernel package, loaded in that order.

  tools/mklinuxcard.py --out FILE [--dtb NAME] [--append TEXT] [--zimage]
                       [--bb-uvolt UV --bb-uamp UA]

--dtb names a DTB of the kernel package (default omap3-gta04a5.dtb);
--bb-uvolt/--bb-uamp set gtaboot's bb_uvolt / bb_uamp in the card's
uEnv.txt: another backup cell, which gtaboot writes into the DT's charger
node (ti,bb-uvolt / ti,bb-uamp) and BB_CFG in place of the board's values.
Exit status 1 with a message when a dependency is missing (offline)."""
import argparse
import glob
import lzma
import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
KDIR = os.path.join(ROOT, "build", "deps", "kernel")
DEBS = os.path.join(ROOT, "build", "deps", "debs")
TEXT_OFFSET = 0x208000          # Debian armmp (ARCH_MESON); test_debian_kernel checks it
RAM_START = 0x80000000
# cryptomgr.notests: the kernel's crypto self-tests (RSA and DH arithmetic)
# are a third of the simulated boot and exercise no model of the machine
APPEND = "console=ttyO2,115200n8 cryptomgr.notests"
MODULES = ["twl4030_madc", "phy-twl4030-usb", "twl4030_charger"]


class Missing(Exception):
    """A dependency is not there (offline, not installed): the caller
    skips (tests importing this module) or exits 1 (the command)."""


def die(msg):
    raise Missing(msg)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode:
        die("%s failed:\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
    return p.stdout


def image_from_zimage(z):
    """The first XZ stream in the zImage that decodes whole: the kernel."""
    at = z.find(b"\xfd7zXZ\x00")
    while at >= 0:
        try:
            return lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(z[at:])
        except lzma.LZMAError:
            at = z.find(b"\xfd7zXZ\x00", at + 1)
    die("no XZ-compressed kernel found in the zImage")


def kernel_deb():
    debs = sorted(glob.glob(os.path.join(DEBS, "linux-image-*-armmp_*_armhf.deb")))
    if not debs:
        die("no linux-image-*-armmp .deb in %s (run tools/fetch-kernel.sh)" % DEBS)
    return debs[-1]


def dtb_from_deb(deb, name, out):
    with tempfile.TemporaryDirectory() as tmp:
        tar = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", deb], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", tmp, "--wildcards", "./usr/lib/linux-image-*/" + name],
                       stdin=tar.stdout, check=False, capture_output=True)
        tar.wait()
        found = glob.glob(os.path.join(tmp, "usr", "lib", "linux-image-*", name))
        if not found:
            die("%s is not in %s" % (name, deb))
        with open(found[0], "rb") as f, open(out, "wb") as g:
            g.write(f.read())


WORK = os.path.join(ROOT, "build", "linux")


def fetch():
    """Debian's kernel package fetched (tools/fetch-kernel.sh): its .deb,
    and the work directory for what is made from it."""
    if subprocess.run([os.path.join(ROOT, "tools", "fetch-kernel.sh")],
                      capture_output=True).returncode:
        die("Debian's kernel is not available (tools/fetch-kernel.sh failed)")
    os.makedirs(WORK, exist_ok=True)
    return kernel_deb()


def zimage_path():
    return os.path.join(KDIR, "vmlinuz")


def uimage():
    """The kernel's Image out of the zImage as a legacy uImage (made once
    per zImage)."""
    img = os.path.join(WORK, "Image")
    uimg = os.path.join(WORK, "uImage")
    if not os.path.exists(uimg) or os.path.getmtime(uimg) < os.path.getmtime(zimage_path()):
        with open(zimage_path(), "rb") as f:
            zimage = f.read()
        with open(img, "wb") as f:
            f.write(image_from_zimage(zimage))
        addr = "0x%08x" % (RAM_START + TEXT_OFFSET)
        run(["mkimage", "-A", "arm", "-O", "linux", "-T", "kernel", "-C", "none",
             "-a", addr, "-e", addr, "-n", "Debian armmp Image", "-d", img, uimg])
    return uimg


def initramfs(deb):
    """tools/mkinitramfs.sh's busybox initramfs with MODULES of the kernel
    package deb (made again only when the package or the list changed).
    The charger driver defers its probe until the MADC's IIO channel and
    the TWL4030's USB PHY exist; both are modules in Debian's armmp."""
    initrd = os.path.join(WORK, "initramfs.cpio.gz")
    stamp = initrd + ".modules"
    want = " ".join([deb] + MODULES)
    have = open(stamp).read() if os.path.exists(stamp) else ""
    if not os.path.exists(initrd) or have != want:
        cmd = [os.path.join(ROOT, "tools", "mkinitramfs.sh"), "--out", initrd,
               "--modules-from", deb]
        for m in MODULES:
            cmd += ["--module", m]
        run(cmd)
        with open(stamp, "w") as f:
            f.write(want)
    return initrd


def main():
    try:
        make(argparse.ArgumentParser())
    except Missing as e:
        print("mklinuxcard: %s" % e, file=sys.stderr)
        sys.exit(1)


def make(ap):
    ap.add_argument("--out", required=True)
    ap.add_argument("--dtb", default="omap3-gta04a5.dtb")
    ap.add_argument("--append", default=APPEND)
    ap.add_argument("--zimage", action="store_true")
    ap.add_argument("--bb-uvolt", type=int)
    ap.add_argument("--bb-uamp", type=int)
    a = ap.parse_args()

    deb = fetch()

    files = []
    if a.zimage:
        files.append((zimage_path(), "zImage"))
        kname = "/zImage"
    else:
        files.append((uimage(), "uImage"))
        kname = "/uImage"
    initrd = initramfs(deb)
    files.append((initrd, "initrd.gz"))

    dtb = os.path.join(WORK, a.out.replace("/", "_") + "." + a.dtb)
    dtb_from_deb(deb, a.dtb, dtb)
    files.append((dtb, "dtbs/" + a.dtb))

    conf = os.path.join(WORK, a.out.replace("/", "_") + ".extlinux.conf")
    with open(conf, "w") as f:
        f.write("DEFAULT debian\nTIMEOUT 0\n\nLABEL debian\n  MENU LABEL Debian armmp\n"
                "  KERNEL %s\n  INITRD /initrd.gz\n  FDT /dtbs/%s\n  APPEND %s\n"
                % (kname, a.dtb, a.append))
    files.append((conf, "extlinux/extlinux.conf"))
    # The 20 MB uncompressed kernel file at kernel_addr_r (0x82000000)
    # would overlap the default ramdisk_addr_r (0x83000000), which gtaboot
    # refuses: the card's uEnv.txt moves the initrd to 0x84000000.
    uenv = os.path.join(WORK, a.out.replace("/", "_") + ".uEnv.txt")
    with open(uenv, "w") as f:
        f.write("ramdisk_addr_r=0x84000000\n")
        # another backup cell: gtaboot patches these into the DT's charger
        # node (and BB_CFG) in place of the board's values
        if a.bb_uvolt is not None:
            f.write("bb_uvolt=%d\n" % a.bb_uvolt)
        if a.bb_uamp is not None:
            f.write("bb_uamp=%d\n" % a.bb_uamp)
    files.append((uenv, "uEnv.txt"))

    cmd = [os.path.join(ROOT, "tools", "mksd.sh"), "--out", a.out,
           "--mlo", os.path.join(ROOT, "build", "gta04", "MLO")]
    for src, dst in files:
        cmd += ["--file", "%s:%s" % (src, dst)]
    run(cmd)


if __name__ == "__main__":
    main()
