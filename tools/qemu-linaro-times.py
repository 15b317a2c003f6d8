#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Host wall-clock times of a boot under qemu-linaro, gtaboot next to
Debian's U-Boot on the same card and machine (docs/qemu.md, "Timings").

  tools/qemu-linaro-times.py [--board beagle|gta04] [--runs N] [--log DIR]

For each loader a card is made by tools/qemu-linaro.sh card with the same
kernel, initramfs, DTB (`fdt` naming the board's tree, as U-Boot and gtaboot
name DTBs differently), extlinux TIMEOUT 1 and console=ttyO2,115200n8
(Debian's U-Boot adds no /chosen/stdout-path, so without it Linux is
silent); the gtaboot card also carries u-boot.img, so the cards differ in
MLO only. Times are seconds from starting QEMU to the first byte of: the
loader's banner, "Starting kernel", Linux's first line, the busybox prompt.
Host time on a shared machine: compare within one run, not across hosts.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "system"))
import qemurun  # noqa: E402

ROOT = qemurun.ROOT
UBOOT = os.path.join(ROOT, "build", "deps", "root", "usr", "lib", "u-boot", "omap3_beagle")
DTB = {"beagle": "omap3-beagle.dtb", "gta04": "omap3-gta04a5.dtb"}
BANNER = {"gtaboot": rb"gtaboot \S+ \(", "u-boot": rb"U-Boot SPL "}
MARKS = [("banner", None), ("proper", rb"\nU-Boot 20"), ("hand-off", rb"Starting kernel"),
         ("linux", rb"Booting Linux on physical CPU"), ("prompt", rb"initramfs:/# ")]


def card(tmp, board, loader):
    img = os.path.join(tmp, "%s-%s.img" % (board, loader))
    args = [os.path.join(ROOT, "tools", "qemu-linaro.sh"), "card", "--board", board,
            "--out", img, "--timeout", "1", "--fdt", DTB[board],
            "--append", "console=ttyO2,115200n8"]
    args += ["--uboot"] if loader == "u-boot" else \
        ["--file", os.path.join(UBOOT, "u-boot.img") + ":u-boot.img"]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    return img


def run(board, img, loader, timeout, log):
    q = qemurun.Qemu("--board", board, "--card", img)
    times = {}
    try:
        for name, rx in MARKS:
            if name == "proper" and loader != "u-boot":
                continue
            times[name] = q.when(q.expect(rx or BANNER[loader], timeout))
    finally:
        q.close()
        if log:
            with open(log, "w") as f:
                f.write(q.text())
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", choices=("beagle", "gta04"), default="beagle")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--log", help="directory for each run's console output")
    ap.add_argument("--timeout", type=float, default=300)
    a = ap.parse_args()
    machine = {"beagle": "-M beagle -m 256", "gta04": "-M beaglexm -m 512"}[a.board]
    with tempfile.TemporaryDirectory() as tmp:
        imgs = {ld: card(tmp, a.board, ld) for ld in ("gtaboot", "u-boot")}
        print("%s (%s), seconds from QEMU start" % (a.board, machine))
        print("%-8s %3s %7s %7s %8s %7s %7s" % ("loader", "run", "banner", "U-Boot",
                                                 "hand-off", "Linux", "prompt"))
        for i in range(a.runs):
            for ld in ("gtaboot", "u-boot"):
                log = os.path.join(a.log, "%s-%s-%d.log" % (a.board, ld, i)) if a.log else None
                t = run(a.board, imgs[ld], ld, a.timeout, log)
                print("%-8s %3d %7.2f %7s %8.2f %7.2f %7.2f" % (
                    ld, i, t["banner"], "%.2f" % t["proper"] if "proper" in t else "-",
                    t["hand-off"], t["linux"], t["prompt"]), flush=True)


if __name__ == "__main__":
    main()
