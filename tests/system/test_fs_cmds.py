# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's file-system commands at the gtaboot prompt in the simulator, on
a card made by sfdisk, mkfs.vfat, mtools and mke2fs (a FAT16 partition 1
and an ext4 partition 2): fstype, fstypes, fsuuid, size/fatsize/ext4size,
fatinfo, part start/size/number/name, test -e, then fatmkdir, fatwrite,
save and fatrm on FAT, ext4write and ln on ext4. The card is checked afterwards by mtools, fsck.fat -n and
e2fsck -fn (and debugfs), and the sectors before the partitions are
compared with what they were."""
import os
import shutil
import subprocess

import pytest

import simrun
import test_console as tc

firmware = tc.firmware
cli = tc.cli

DISKSIG = "c0ffee01"
FAT_ID = "1234ABCD"
EXT_UUID = "0b9ac1c3-2c8f-4b5e-a7f2-3d4c5e6f7a8b"
ENV = dict(os.environ, MTOOLS_SKIP_CHECK="1")
P1, P1N = 2048, 16 * 2048
P2, P2N = P1 + P1N, 8 * 2048

pytestmark = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("sfdisk", "mkfs.vfat", "mcopy", "mke2fs", "fsck.fat",
                                      "e2fsck")),
    reason="needs fdisk, dosfstools, mtools, e2fsprogs (tools/install-deps.sh)")


def sh(*args, **kw):
    return subprocess.run(list(args), check=True, capture_output=True, env=ENV, **kw)


@pytest.fixture
def card(tmp_path):
    fat, ext, img = (str(tmp_path / n) for n in ("p1.fat", "p2.ext4", "sd.img"))
    sh("truncate", "-s", str(P1N * 512), fat)
    sh("mkfs.vfat", "-F", "16", "-n", "GTABOOT", "-i", FAT_ID, fat)
    (tmp_path / "hello.txt").write_bytes(b"hello, world\n" * 100)
    sh("mcopy", "-i", fat, str(tmp_path / "hello.txt"), "::hello.txt")
    sh("mcopy", "-i", fat, os.path.join(simrun.ROOT, "build", "gta04", "MLO"), "::MLO")
    sh("mmd", "-i", fat, "::boot")
    sh("mcopy", "-i", fat, str(tmp_path / "hello.txt"), "::boot/old.txt")
    stage = tmp_path / "root"
    (stage / "etc").mkdir(parents=True)
    (stage / "etc" / "hostname").write_bytes(b"gta04\n")
    sh("truncate", "-s", str(P2N * 512), ext)
    sh("mke2fs", "-q", "-F", "-t", "ext4", "-U", EXT_UUID, "-d", str(stage), ext)
    sh("truncate", "-s", str((P2 + P2N) * 512), img)
    sh("sfdisk", "-q", img, input=("label: dos\nlabel-id: 0x%s\nstart=%d, size=%d, type=e, "
                                   "bootable\nstart=%d, size=%d, type=83\n" %
                                   (DISKSIG, P1, P1N, P2, P2N)).encode())
    sh("dd", "if=" + fat, "of=" + img, "bs=512", "seek=%d" % P1, "conv=notrunc", "status=none")
    sh("dd", "if=" + ext, "of=" + img, "bs=512", "seek=%d" % P2, "conv=notrunc", "status=none")
    return img


def test_queries(cli, card):
    outs, _ = tc.run_cmds(
        "fstypes", "fstype mmc 0:1", "fstype mmc 0:2 t; echo $t",
        "fsuuid mmc 0:1", "fsuuid mmc 0:2 u; echo $u",
        "size mmc 0:1 /hello.txt; echo $filesize", "ext4size mmc 0:2 /etc/hostname; echo $filesize",
        "fatsize mmc 0:2 /etc/hostname; echo $?", "size mmc 0:1 /nothere; echo $?",
        "fatinfo mmc 0:1",
        "part start mmc 0 1", "part size mmc 0 2 s; echo $s",
        "part number mmc 0 %s-02" % DISKSIG, "part name mmc 0 1", "part start mmc 0 7; echo $?",
        "test -e mmc 0:1 /boot/old.txt && echo yes; test -e mmc 0:2 /etc/nope || echo no",
        "ext2ls mmc 0:2 /etc", "ls mmc", sd=card)
    assert outs[0].startswith("Supported filesystems: fat, ext4\r\n")
    assert outs[1].startswith("fat\r\n")
    assert outs[2].startswith("ext4\r\n")
    assert outs[3].startswith("1234-ABCD\r\n")
    assert outs[4].startswith(EXT_UUID + "\r\n")
    assert outs[5].startswith("514\r\n")           # 1300 bytes
    assert outs[6].startswith("6\r\n")
    assert "** Unrecognized filesystem type **" in outs[7] and outs[7].endswith("1\r\n")
    assert outs[8].startswith("** File not found /nothere **\r\n") and outs[8].endswith("1\r\n")
    assert "Interface:  MMC\r\n  Device 0: " in outs[9]
    assert 'Filesystem: FAT16 "GTABOOT    "\r\n' in outs[9]
    assert outs[10].startswith("800\r\n")
    assert outs[11].startswith("4000\r\n")
    assert outs[12].startswith("0x2\r\n")
    assert outs[13].startswith("mmcsda1\r\n")
    assert "** Invalid partition 7 **" in outs[14] and outs[14].endswith("1\r\n")
    assert outs[15].startswith("yes\r\nno\r\n")
    assert "hostname" in outs[16]
    assert "hello.txt" in outs[17] and "boot/" in outs[17]


def session(card, *cmds):
    """The card booted by the simulated ROM (its MLO), autoboot stopped, the
    commands typed: the card file itself is written, not a copy."""
    script = r"{expect autoboot}x{expect gtaboot> }" + "".join(
        tc.esc(c) + r"\r{expect gtaboot> }" for c in cmds)
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", card, "--max-ms", 20000,
                    "--input", script])
    outs = tc.outputs(r.serial)
    got = [c for c, _ in outs]
    for c in cmds:
        assert c in got, "command %r never ran:\n%s" % (c, r.serial)
    return [o for c, o in outs if c]


def fsck_clean(img, tmp_path):
    fat, ext = str(tmp_path / "c1.fat"), str(tmp_path / "c2.ext4")
    sh("dd", "if=" + img, "of=" + fat, "bs=512", "skip=%d" % P1, "count=%d" % P1N, "status=none")
    sh("dd", "if=" + img, "of=" + ext, "bs=512", "skip=%d" % P2, "count=%d" % P2N, "status=none")
    r = subprocess.run(["fsck.fat", "-n", fat], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run(["e2fsck", "-fn", ext], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    return fat


def test_fatwrite_mkdir_rm(cli, card, tmp_path):
    before = open(card, "rb").read()
    outs = session(
        card, "mw.l 0x82000000 0x12345678 0x8000; mw.l 0x83000000 0 2",
        "fatmkdir mmc 0:1 /newdir", "fatmkdir mmc 0:1 /newdir; echo $?",
        "fatwrite mmc 0:1 0x82000000 '/newdir/A long name.bin' 0x20000",
        "save mmc 0:1 0x82000000 /boot/old.txt 0x10",
        "fatrm mmc 0:1 /hello.txt", "fatrm mmc 0:1 /hello.txt; echo $?",
        "fatrm mmc 0:1 /newdir; echo $?",
        "ext4write mmc 0:2 0x82000000 /etc/new.bin 0x20000; ln mmc 0:2 etc/new.bin /link",
        "fatwrite mmc 0:1 0x82000000 /x 0x10 0x4; echo $?",
        "fatwrite mmc 0:1 0x83000000 /boot/old.txt 0x8 0xc; size mmc 0:1 /boot/old.txt; "
        "echo $filesize",
        "fatwrite mmc 0:1 0x82000000 /x; echo $?",
        "load mmc 0:1 0x83000000 '/newdir/a long name.bin'; cmp.b 0x82000000 0x83000000 0x20000",
        "ext4write mmc 0:2 0x82000000 /etc/hostname 0x10; ln mmc 0:2 x /etc/hostname; echo $?",
        "ln mmc 0:1 /x /y; echo $?",
        "ext4load mmc 0:2 0x84000000 /link; cmp.b 0x82000000 0x84000000 0x20000")
    assert outs[2].endswith("1\r\n") and "newdir: already exists" in outs[2]
    assert outs[3].startswith("131072 bytes written in ")
    assert outs[4].startswith("16 bytes written in ")
    assert outs[6].endswith("1\r\n")
    assert "Error: directory is not empty" in outs[7] and outs[7].endswith("1\r\n")
    assert outs[8].startswith("131072 bytes written in "), outs[8]
    assert "** Unable to write file /x **" in outs[9] and outs[9].endswith("1\r\n")
    assert outs[10].startswith("8 bytes written in ") and outs[10].endswith("14\r\n")
    assert outs[11].endswith("1\r\n")
    assert "Total of 131072 byte(s) were the same" in outs[12], outs[12]
    assert outs[13].startswith("16 bytes written in ")
    assert "the name exists" in outs[13] and outs[13].endswith("1\r\n")
    assert "** Unable to create link /y -> /x **" in outs[14] and outs[14].endswith("1\r\n")
    assert "Total of 131072 byte(s) were the same" in outs[15], outs[15]
    after = open(card, "rb").read()
    # nothing outside the partitions changed
    assert after[:P1 * 512] == before[:P1 * 512]
    assert len(after) == len(before)
    fat = fsck_clean(card, tmp_path)
    got = str(tmp_path / "got.bin")
    sh("mcopy", "-n", "-i", fat, "::newdir/A long name.bin", got)
    assert open(got, "rb").read() == bytes.fromhex("78563412") * 0x8000
    sh("mcopy", "-n", "-i", fat, "::boot/old.txt", got)
    assert open(got, "rb").read() == bytes.fromhex("78563412") * 3 + bytes(8)
    ext = str(tmp_path / "c2.ext4")
    sh("/sbin/debugfs", "-R", "dump /etc/new.bin " + got, ext)
    assert open(got, "rb").read() == bytes.fromhex("78563412") * 0x8000
    sh("/sbin/debugfs", "-R", "dump /etc/hostname " + got, ext)
    assert open(got, "rb").read() == bytes.fromhex("78563412") * 4
    r = subprocess.run(["/sbin/debugfs", "-R", "stat /link", ext], capture_output=True, text=True)
    assert 'Fast link dest: "etc/new.bin"' in r.stdout, r.stdout
    r = subprocess.run(["mdir", "-b", "-i", fat, "::/"], capture_output=True, text=True, env=ENV)
    assert "hello.txt" not in r.stdout.lower() and "newdir" in r.stdout.lower()
