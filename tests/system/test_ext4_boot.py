# SPDX-License-Identifier: GPL-2.0-or-later
"""A card laid out as Debian installs it: an MBR, a FAT partition that only
holds MLO, and an ext4 root (mke2fs -d, Debian's default features) with
/boot/vmlinuz-<ver>, /boot/initrd.img-<ver>, /vmlinuz and /initrd.img
symlinks, the DTBs in /usr/lib/linux-image-<ver>/ and
/boot/extlinux/extlinux.conf as Debian's u-boot-menu writes it
(tests/fixtures/debian-extlinux.conf: the real u-boot-update 4.2.2 output,
see that file's neighbour README). gtaboot must pick partition 2, boot its
`l0` label with the A5's DTB out of `fdtdir`, the initrd and APPEND, and the
console must list and load from it."""
import os
import re
import subprocess

import pytest

import cards
import simrun

ROOT = simrun.ROOT
VER = "6.1.0-57-armmp"
PAYLOAD = os.path.join(ROOT, "build", "payload", "zImage")
CONF = os.path.join(ROOT, "tests", "fixtures", "debian-extlinux.conf")
KERNEL_ADDR, FDT_ADDR, INITRD_ADDR = 0x82000000, 0x88000000, 0x88080000
INITRD = bytes((i * 13 + 5) & 0xFF for i in range(70001))
APPEND = "root=/dev/mmcblk0p2 ro rootwait console=ttyS2,115200n8"
FAT_START, FAT_MB, ROOT_MB = 2048, 16, 48
ROOT_START = FAT_START + FAT_MB * 2048


def sh(*args, **kw):
    return subprocess.run(list(args), check=True, capture_output=True, **kw)


@pytest.fixture(scope="module")
def debian_card(sim, tmp_path_factory):
    for tool in ("mke2fs", "sfdisk", "mkfs.vfat", "mcopy", "dtc", "fdtput", "fdtget"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            pytest.skip(tool + " not installed")
    simrun.built("build/gta04/MLO", "build/payload/zImage")
    out = tmp_path_factory.mktemp("debian")
    stage = out / "root"
    dtbdir = stage / "usr" / "lib" / ("linux-image-" + VER)
    (stage / "boot" / "extlinux").mkdir(parents=True)
    dtbdir.mkdir(parents=True)
    with open(PAYLOAD, "rb") as f:
        (stage / "boot" / ("vmlinuz-" + VER)).write_bytes(f.read())
    (stage / "boot" / ("initrd.img-" + VER)).write_bytes(INITRD)
    with open(CONF) as f:
        (stage / "boot" / "extlinux" / "extlinux.conf").write_text(f.read())
    # The DTB for the A5 and decoys for the other revisions and boards:
    # the model tells which one was handed over.
    sim_dtb = str(out / "sim.dtb")
    sh("dtc", "-q", "-I", "dts", "-O", "dtb", "-o", sim_dtb,
       os.path.join(ROOT, "dts", "omap3-gta04-sim.dts"))
    # The simulated A5 has the OneNAND package: board/gta04.c names its
    # tree omap3-gta04a5one.dtb, as the kernel does.
    for name in ("omap3-gta04a5one", "omap3-gta04a5", "omap3-gta04a4", "omap3-gta04a3",
                 "omap3-beagle"):
        dtb = str(dtbdir / (name + ".dtb"))
        sh("cp", sim_dtb, dtb)
        sh("fdtput", "-t", "s", dtb, "/", "model", "gtaboot test " + name)
    os.symlink("boot/vmlinuz-" + VER, stage / "vmlinuz")
    os.symlink("boot/initrd.img-" + VER, stage / "initrd.img")
    (stage / "etc").mkdir()
    (stage / "etc" / "fstab").write_text("/dev/mmcblk0p2 / ext4 errors=remount-ro 0 1\n")

    rootfs = cards.ext4(out / "root.ext4", stage, size_mb=ROOT_MB, label="root")
    fat = cards.fat(out / "boot.fat", {"MLO": os.path.join(ROOT, "build", "gta04", "MLO")},
                    size_mb=FAT_MB, label="BOOT")
    # Where the kernel's inode is, for the damage tests.
    imap = sh("debugfs", "-R", "imap /boot/vmlinuz-" + VER, rootfs).stdout.decode()
    m = re.search(r"located at block (\d+), offset 0x([0-9a-f]+)", imap)
    blk, off = int(m.group(1)), int(m.group(2), 16)
    bsize = int(sh("dumpe2fs", "-h", rootfs).stdout.decode().split("Block size:")[1].split()[0])
    img = str(out / "sd.img")
    with open(img + ".kinode", "w") as f:
        f.write(str(ROOT_START * 512 + blk * bsize + off))
    return cards.disk(img, [cards.Part(fat, "e", boot=True), cards.Part(rootfs, "83")],
                      first=FAT_START)


def fdtget(dtb, node, prop, kind="s"):
    p = subprocess.run(["fdtget", "-t", kind, dtb, node, prop], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


def test_debian_layout_boots(debian_card, tmp_path):
    dump = str(tmp_path / "handoff.dtb")
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", debian_card,
                    "--on-handoff", "stop", "--dump-dtb", dump, "--max-ms", 30000])
    rep = r.report
    assert rep and rep["result"] == "handoff", r.stderr + r.serial
    # The FAT partition has no extlinux.conf: the ext4 root is chosen.
    assert "boot: mmc1 partition 2 (ext4)" in r.serial, r.serial
    assert "boot: /boot/extlinux/extlinux.conf, 2 labels" in r.serial, r.serial
    assert "kernel  /boot/vmlinuz-%s -> 0x82000000" % VER in r.serial, r.serial
    assert "fdt     /usr/lib/linux-image-%s/omap3-gta04a5one.dtb" % VER in r.serial, r.serial
    assert (rep["pc"], rep["r0"], rep["r1"], rep["r2"]) == (KERNEL_ADDR, 0, 0xFFFFFFFF,
                                                            FDT_ADDR)
    assert fdtget(dump, "/", "model") == "gtaboot test omap3-gta04a5one"
    assert fdtget(dump, "/chosen", "bootargs").startswith(APPEND)
    start = fdtget(dump, "/chosen", "linux,initrd-start", "x").split()
    end = fdtget(dump, "/chosen", "linux,initrd-end", "x").split()
    assert (int(start[-1], 16), int(end[-1], 16)) == (INITRD_ADDR, INITRD_ADDR + len(INITRD))
    # The image in memory is the kernel file, byte for byte.
    with open(PAYLOAD, "rb") as f:
        size = len(f.read())
    assert "%u bytes" % size in r.serial


def test_console_on_ext4(debian_card):
    cmds = ["ls mmc 0:2 /boot", "ext4ls mmc 0:2 /usr/lib/linux-image-%s" % VER,
            "load mmc 0:2 0x84000000 /vmlinuz", "printenv filesize",
            "ext4load mmc 0:2 0x84000000 /initrd.img", "printenv filesize",
            "fatls mmc 0:1", "ls /etc", "ls mmc 0:3 /", "load 0x84000000 /boot/nothing"]
    script = r"{expect autoboot} " + \
        "".join(r"{expect > }%s\r" % c for c in cmds) + r"{expect > }"
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", debian_card,
                    "--input", script, "--max-ms", 60000])
    out = r.serial
    with open(PAYLOAD, "rb") as f:
        ksize = len(f.read())
    parts = out.split("> ")
    text = "\n".join(parts)
    assert "%9u vmlinuz-%s" % (ksize, VER) in text, out
    assert "%9u initrd.img-%s" % (len(INITRD), VER) in text, out
    assert "extlinux/" in text
    assert "omap3-gta04a5.dtb" in text and "omap3-beagle.dtb" in text
    assert "filesize=%x" % ksize in text, out
    assert "filesize=%x" % len(INITRD) in text, out
    assert "MLO" in text                       # partition 1, FAT
    assert "fstab" in text                     # the boot file system
    assert "ls: ENOENT" in text or "error: ls: ENOENT" in text, out
    assert "ENOENT" in text.split("/boot/nothing")[-1], out


def damaged(card, tmp_path, offset, xor):
    img = str(tmp_path / "bad.img")
    sh("cp", "--sparse=always", card, img)
    with open(img, "r+b") as f:
        f.seek(offset)
        b = f.read(1)[0]
        f.seek(offset)
        f.write(bytes([b ^ xor]))
    return simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img,
                       "--on-handoff", "stop", "--max-ms", 40000])


def test_damaged_superblock_falls_back(debian_card, tmp_path):
    """A root whose superblock checksum fails is refused by name; the
    FAT partition is used instead (no extlinux.conf, no kernel there), and
    the chain goes on to NAND and the prompt: never a boot of garbage."""
    r = damaged(debian_card, tmp_path, ROOT_START * 512 + 1024 + 0x30, 0x01)
    assert "ext4: superblock checksum mismatch" in r.serial, r.serial
    assert "boot: mmc1 partition 2 is not a usable ext2/3/4 file system (EBADMSG)" in r.serial
    assert "boot: mmc1 partition 1 (FAT16)" in r.serial, r.serial
    assert "boot: no zImage or uImage in / or /boot" in r.serial, r.serial
    assert r.report and r.report["handoff"] is None, r.serial


def test_damaged_kernel_inode_falls_back(debian_card, tmp_path):
    """The kernel's inode fails its checksum: both labels name the error
    and fail, the default names find nothing, nothing is started."""
    with open(debian_card + ".kinode") as f:
        at = int(f.read())
    r = damaged(debian_card, tmp_path, at + 0x28 + 12 + 8, 0x10)
    assert "boot: mmc1 partition 2 (ext4)" in r.serial, r.serial
    assert "ext4: inode" in r.serial and "checksum mismatch" in r.serial, r.serial
    assert "kernel: /boot/vmlinuz-%s: EBADMSG" % VER in r.serial, r.serial
    assert "boot: label 'l0' failed (EBADMSG)" in r.serial, r.serial
    assert "boot: label 'l0r' failed (EBADMSG)" in r.serial, r.serial
    assert r.report and r.report["handoff"] is None, r.serial



def test_bootable_partition_first(debian_card, tmp_path):
    """The MBR's entries swapped: partition 1 is the ext4 root (with its
    extlinux.conf), partition 2 the bootable FAT one, which gets an
    extlinux.conf too. The bootable partition is read first although it
    comes second in the table. (The ROM itself needs the bootable
    partition to be FAT with MLO, so the other way round cannot boot.)"""
    img = str(tmp_path / "two.img")
    sh("cp", "--sparse=always", debian_card, img)
    conf = tmp_path / "extlinux.conf"
    conf.write_text("TIMEOUT 0\nDEFAULT fat\nLABEL fat\n  KERNEL /nothing\n")
    cards.put(cards.on(img, FAT_START * 512), {"extlinux/extlinux.conf": conf})
    with open(img, "r+b") as f:
        f.seek(446)
        e = f.read(32)
        f.seek(446)
        f.write(e[16:] + e[:16])
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img, "--on-handoff", "stop",
                    "--max-ms", 40000])
    assert "boot: mmc1 partition 2 (FAT16)" in r.serial, r.serial
    assert "boot: /extlinux/extlinux.conf, 1 label" in r.serial, r.serial
    assert "Booting 'fat'" in r.serial, r.serial


# ------------------------------------------------ issue #24: damaged ext4
def card_pair(tmp_path, fat_files, stage_fn, damage):
    """p1: an active FAT partition with MLO and fat_files; p2: an ext4 root
    staged by stage_fn(stage) (mke2fs -d), then damage(rootfs) applied
    (debugfs finds what to break). Returns the image."""
    stage = tmp_path / "root"
    stage.mkdir()
    stage_fn(stage)
    rootfs = cards.ext4(tmp_path / "root.ext4", stage, size_mb=ROOT_MB, label="root")
    damage(rootfs)
    fat = cards.fat(tmp_path / "boot.fat",
                    dict(fat_files, MLO=os.path.join(ROOT, "build", "gta04", "MLO")),
                    size_mb=FAT_MB, label="BOOT")
    return cards.disk(tmp_path / "sd.img",
                      [cards.Part(fat, "e", boot=True), cards.Part(rootfs, "83")], first=FAT_START)


def break_dir_block(path):
    """Flips a byte in the first block of directory path (its checksum then
    fails: Debian's mke2fs has metadata_csum)."""
    def damage(rootfs):
        blk = int(sh("debugfs", "-R", "blocks " + path, rootfs).stdout.split()[0])
        bsize = int(sh("dumpe2fs", "-h", rootfs).stdout.decode().split("Block size:")[1]
                    .split()[0])
        with open(rootfs, "r+b") as f:
            f.seek(blk * bsize + 30)
            b = f.read(1)[0]
            f.seek(blk * bsize + 30)
            f.write(bytes([b ^ 0x40]))
    return damage


def sim_dtb(tmp_path):
    out = str(tmp_path / "sim.dtb")
    sh("dtc", "-q", "-I", "dts", "-O", "dtb", "-o", out,
       os.path.join(ROOT, "dts", "omap3-gta04-sim.dts"))
    with open(out, "rb") as f:
        return f.read()


def debian_boot(stage):
    (stage / "boot" / "extlinux").mkdir(parents=True)
    with open(PAYLOAD, "rb") as f:
        (stage / "boot" / ("vmlinuz-" + VER)).write_bytes(f.read())
    with open(CONF) as f:
        (stage / "boot" / "extlinux" / "extlinux.conf").write_text(f.read())


def test_damaged_ext4_root_gives_way_to_the_fat_partition(debian_card, tmp_path):
    """The ext4 root's directory fails its checksum while extlinux.conf is
    looked for: the partition is skipped, by both scans, with the error,
    and the active FAT partition's default files boot."""
    with open(PAYLOAD, "rb") as f:
        kernel = f.read()
    img = card_pair(tmp_path, {"zImage": kernel, "omap3-gta04a5one.dtb": sim_dtb(tmp_path)},
                    debian_boot, break_dir_block("/"))
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img,
                    "--on-handoff", "stop", "--max-ms", 30000])
    out = r.serial
    assert "boot: mmc1 partition 2: cannot read /extlinux/extlinux.conf (EBADMSG): skipped" \
        in out, out
    assert "boot: mmc1 partition 1 (FAT16)" in out, out
    assert "distroboot: mmc 0:2: cannot read /extlinux/extlinux.conf (EBADMSG)" in out, out
    assert "no zImage or uImage" not in out, out
    assert "Booting default files" in out, out
    assert r.report and r.report["result"] == "handoff", out


def test_unreadable_default_names_are_not_called_missing(debian_card, tmp_path):
    """extlinux.conf readable at /extlinux, /boot's directory damaged: the
    label fails and the default names say which could not be read, with
    the error, not that there is no zImage."""
    def stage_fn(stage):
        debian_boot(stage)
        (stage / "extlinux").mkdir()
        (stage / "extlinux" / "extlinux.conf").write_text(
            "TIMEOUT 0\nLABEL deb\n  KERNEL /boot/vmlinuz-%s\n" % VER)
    img = card_pair(tmp_path, {}, stage_fn, break_dir_block("/boot"))
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img,
                    "--on-handoff", "stop", "--max-ms", 30000])
    out = r.serial
    assert "boot: mmc1 partition 2 (ext4)" in out, out
    assert "boot: cannot read /boot/zImage (EBADMSG)" in out, out
    assert "no zImage or uImage" not in out, out
    assert "boot: default files failed (EBADMSG)" in out, out
    assert r.report and r.report["handoff"] is None, out


def test_debian_fdtdir_without_the_onenand_dtb(debian_card, tmp_path, sim):
    """Debian's extlinux.conf (FDTDIR) on a /usr/lib/linux-image-<ver>
    without omap3-gta04a5one.dtb: the label boots with omap3-gta04a5.dtb
    from the same directory, with a warning; fdtfile, which scripts use,
    stays the board's own name."""
    def stage_fn(stage):
        debian_boot(stage)
        (stage / "boot" / ("initrd.img-" + VER)).write_bytes(INITRD)
        dtbdir = stage / "usr" / "lib" / ("linux-image-" + VER)
        dtbdir.mkdir(parents=True)
        dtb = str(dtbdir / "omap3-gta04a5.dtb")
        (dtbdir / "omap3-gta04a5.dtb").write_bytes(sim_dtb(tmp_path))
        sh("fdtput", "-t", "s", dtb, "/", "model", "gtaboot test omap3-gta04a5")
    img = card_pair(tmp_path, {}, stage_fn, lambda rootfs: None)
    dump = str(tmp_path / "handoff.dtb")
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img,
                    "--on-handoff", "stop", "--dump-dtb", dump, "--max-ms", 30000])
    out = r.serial
    d = "/usr/lib/linux-image-%s/" % VER
    assert ("fdt: warning: label 'l0': %somap3-gta04a5one.dtb not found: using "
            "%somap3-gta04a5.dtb" % (d, d)) in out, out
    assert r.report and r.report["result"] == "handoff", out
    assert fdtget(dump, "/", "model") == "gtaboot test omap3-gta04a5"
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img, "--input",
                    r"{expect autoboot} {expect > }printenv fdtfile\r{expect > }",
                    "--max-ms", 30000])
    assert "fdtfile=omap3-gta04a5one.dtb" in r.serial, r.serial
