#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian 12's installer booted by gtaboot through GRUB in the simulator,
to its first dialog (`make installer`; docs/uefi.md, "Debian's installer").

  tools/installer.py [--board gta04|beagle] [--max-ms MS] [--out DIR]
                     [--interactive]

The installer is Debian's debian-installer-12-netboot-armhf package: its
vmlinuz (an armmp zImage with its EFI stub), initrd.gz and the board's DTB,
taken from the .deb (33 MB), which `apt-get download` fetches into
build/deps/debs the first time, as tools/fetch-debs.sh fetches its
packages. The card (tools/mksd.sh): MLO, efi.img, a GRUB image that
grub-mkstandalone makes from Debian's arm-efi modules (grub-efi-arm-bin,
from tools/fetch-debs.sh) as efi/boot/bootarm.efi, the kernel, the initrd
and the DTB under the name of the firmware's $fdtfile, which GRUB passes
on. The kernel's command line keeps the installer on the serial console
(console=ttyO2) and keeps the drivers of what the simulator does not model
from loading (modprobe.blacklist: the EHCI and OHCI host controllers; on
the BeagleBoard also the MUSB's OMAP glue, which touches the MUSB with its
clocks off there; docs/uefi.md).

The run ends at the first dialog ("[!!] Select a language", which the
installer's newt front end draws on the serial console) with the virtual
and host time it took; exit status 1 if it ends otherwise, with the end
of the console. --interactive runs it on this terminal instead, to answer
the installer by hand. Everything made goes to DIR (default
build/installer); nothing here is part of `make check`."""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DEPS = os.path.join(ROOT, "build", "deps")
DEBS = os.path.join(DEPS, "debs")
PACKAGE = "debian-installer-12-netboot-armhf"
IMAGES = "./usr/lib/debian-installer/images/12/armhf/text/debian-installer/armhf/"
MODS = os.path.join(DEPS, "root", "usr", "lib", "grub", "arm-efi")
SIM = os.path.join(ROOT, "build", "sim", "gtaboot-sim")
# what the simulator does not model (docs/uefi.md, "Debian's installer")
BLACKLIST = "ehci_omap,ohci_platform"
OPTIONS = "console=ttyO2,115200n8 cryptomgr.notests modprobe.blacklist="
DIALOG = "Select a language"
# the board's DTB in the installer, and the name the firmware loads it by
# ($fdtfile: the simulated GTA04 A5 is the OneNAND one; its DTB is the
# A5's, as in tests/system/test_efi_grub.py)
# and the drivers kept from loading there
BOARDS = {
    "gta04": ("omap3-gta04a5.dtb", "omap3-gta04a5one.dtb", ["--machine", "gta04", "--rev", "A5"],
              BLACKLIST),
    "beagle": ("omap3-beagle.dtb", "omap3-beagle.dtb", ["--machine", "beagle"],
               BLACKLIST + ",omap2430"),
}
GRUB_CFG = """set timeout=1
set default=0
search --no-floppy --file --set=root /vmlinuz
echo "grub: root=$root"
menuentry 'Debian installer (GRUB)' {
	echo 'Loading Linux ...'
	linux /vmlinuz %s
	echo 'Loading initial ramdisk ...'
	initrd /initrd.gz
}
"""


def die(msg):
    print("installer: " + msg, file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kw)
    if p.returncode:
        die("%s failed:\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
    return p.stdout


def deb():
    """The installer package, downloaded the first time."""
    found = sorted(glob.glob(os.path.join(DEBS, PACKAGE + "_*.deb")))
    if not found:
        os.makedirs(DEBS, exist_ok=True)
        print("installer: apt-get download %s (33 MB)" % PACKAGE, file=sys.stderr)
        p = subprocess.run(["apt-get", "download", "-q", PACKAGE], cwd=DEBS,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True)
        found = sorted(glob.glob(os.path.join(DEBS, PACKAGE + "_*.deb")))
        if p.returncode or not found:
            die("cannot download %s (apt-get download: %s)" % (PACKAGE, p.stderr.strip()))
    return found[-1]


def extract(pkg, names, out):
    """The files names (under IMAGES) of pkg, into the directory out."""
    with tempfile.TemporaryDirectory() as tmp:
        tar = subprocess.Popen(["dpkg-deb", "--fsys-tarfile", pkg], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", tmp] + [IMAGES + n for n in names],
                       stdin=tar.stdout, check=False, capture_output=True)
        tar.wait()
        for n in names:
            src = os.path.join(tmp, IMAGES, n)
            if not os.path.exists(src):
                die("%s has no %s" % (pkg, IMAGES + n))
            os.replace(src, os.path.join(out, os.path.basename(n)))


def card(board, out):
    dtb, fdtfile, _, blacklist = BOARDS[board]
    for f in ("build/%s/MLO" % board, "build/%s/efi.img" % board, "build/sim/gtaboot-sim"):
        if not os.path.exists(os.path.join(ROOT, f)):
            die("%s is missing: make all-boards sim" % f)
    if not os.path.exists(os.path.join(MODS, "normal.mod")):
        die("%s is missing: tools/fetch-debs.sh fetches grub-efi-arm-bin" % MODS)
    extract(deb(), ["vmlinuz", "initrd.gz", "dtbs/" + dtb], out)
    cfg = os.path.join(out, "grub.cfg")
    with open(cfg, "w") as f:
        f.write(GRUB_CFG % (OPTIONS + blacklist))
    grub = os.path.join(out, "grubarm.efi")
    run(["grub-mkstandalone", "-O", "arm-efi", "-d", MODS, "-o", grub,
         "--modules=part_msdos fat ext2 normal linux echo search", "--locales=",
         "--themes=", "--fonts=", "boot/grub/grub.cfg=" + cfg])
    img = os.path.join(out, "%s.img" % board)
    args = [os.path.join(ROOT, "tools", "mksd.sh"), "--out", img, "--size", "128",
            "--board", board, "--mlo", os.path.join(ROOT, "build", board, "MLO")]
    for src, dst in [(os.path.join(ROOT, "build", board, "efi.img"), "efi.img"),
                     (grub, "efi/boot/bootarm.efi"), (os.path.join(out, "vmlinuz"), "vmlinuz"),
                     (os.path.join(out, "initrd.gz"), "initrd.gz"),
                     (os.path.join(out, dtb), fdtfile)]:
        args += ["--file", "%s:%s" % (src, dst)]
    run(args)
    return img


def plain(text):
    """The console without the terminal's escape sequences."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][0B]|\x1b[=>]|[\x0e\x0f]", "", text)
    return re.sub(r"[ \t]+", " ", text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", choices=sorted(BOARDS), default="gta04")
    ap.add_argument("--max-ms", type=int, default=120000, help="virtual time limit")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "installer"))
    ap.add_argument("--interactive", action="store_true",
                    help="the installer on this terminal, no time limit")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    img = card(a.board, a.out)
    sim = [SIM] + BOARDS[a.board][2] + ["--sd", img, "--handoff-mmu-on",
                                        "--on-handoff", "continue"]
    if a.interactive:
        os.execv(SIM, sim + ["--serial", "stdio", "--stdin", "--max-ms", "86400000"])
    serial = os.path.join(a.out, "%s-console.txt" % a.board)
    report = os.path.join(a.out, "%s-report.json" % a.board)
    for f in (serial, report):
        if os.path.exists(f):
            os.unlink(f)
    print("installer: %s: GRUB, then Debian's installer, to '%s' (up to %d ms virtual)"
          % (a.board, DIALOG, a.max_ms), file=sys.stderr)
    p = subprocess.run(sim + ["--serial", serial, "--report", report, "--stats",
                              "--max-ms", str(a.max_ms), "--input", "{expect %s}{end}" % DIALOG],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=ROOT)
    rep = json.load(open(report)) if os.path.exists(report) else {}
    out = open(serial, "rb").read().decode("latin-1") if os.path.exists(serial) else ""
    if rep.get("result") != "stop" or DIALOG not in out:
        print(plain(out)[-3000:])
        die("%s: no installer dialog: %s (console: %s)"
            % (a.board, p.stderr.strip().splitlines()[-3:] if p.stderr.strip() else p.returncode,
               serial))
    print("installer: %s: '[!!] %s' at %.1f s virtual, %.1f s host, %.2f G guest instructions "
          "(console: %s)" % (a.board, DIALOG, rep["virtual_us"] / 1e6, rep["host_seconds"],
                             rep["guest_instructions"] / 1e9, serial))
    return 0


if __name__ == "__main__":
    sys.exit(main())
