# SPDX-License-Identifier: GPL-2.0-or-later
"""The U-Boot environment as uboot.env and uboot-redund.env on the SD card's
boot FAT partition (U-Boot's ENV_IS_IN_FAT with the redundant environment),
for SD boots: the GTA04 A5 (OneNAND, no NAND driver) and the
BeagleBoard-xM (no flash), checked against Debian's libubootenv-tool.

The harness plays Linux: it takes the files out of the SD image with mtools
for fw_printenv / fw_setenv (-c, a two-line fw_env.config naming the two
files) and puts fw_setenv's result back. A power cut at every block write
of saveenv leaves an environment (old or new), a file system fsck.fat finds
clean, and every sector outside the written file as it was."""
import os
import re
import shutil
import struct
import subprocess

import pytest

import simrun

ROOT = simrun.ROOT
SIZE = 0x20000
WARNING = "*** Warning - bad CRC, using default environment"
ENV = {"MTOOLS_SKIP_CHECK": "1", **os.environ}

pytestmark = [
    pytest.mark.skipif(not shutil.which("fw_printenv") or not shutil.which("mcopy")
                       or not shutil.which("fsck.fat"),
                       reason="needs libubootenv-tool, mtools, dosfstools (tools/install-deps.sh)"),
]

MACHINES = {"gta04-A5": ("gta04", ["--machine", "gta04", "--rev", "A5"]),
            "beagle-xM": ("beagle", ["--machine", "beaglexm"])}


@pytest.fixture(scope="module", params=sorted(MACHINES))
def board(request):
    b, args = MACHINES[request.param]
    return simrun.built("build/%s/sd.img" % b), args


def card(board, tmp_path, name="sd.img"):
    img = tmp_path / name
    shutil.copyfile(board[0], img)
    return img


def console(board, img, commands, *extra):
    script = r"{expect autoboot}x{expect gtaboot> }"
    for c in commands:
        script += c + r"\r{expect gtaboot> }"
    script += r"poweroff\r"
    return simrun.run(board[1] + ["--sd", str(img), "--max-ms", 20000, "--input", script] +
                      list(extra))


def part_offset(img):
    """Byte offset of the first partition (mksd.sh: the FAT one)."""
    with open(img, "rb") as f:
        mbr = f.read(512)
    return struct.unpack_from("<I", mbr, 446 + 8)[0] * 512


def mt(img):
    return "%s@@%d" % (img, part_offset(img))


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          env=ENV, timeout=30)


def take_out(img, tmp):
    """uboot.env / uboot-redund.env out of the image, the files found, and
    the two-line fw_env.config for them (a missing one stands in as zeros:
    a copy with a bad CRC, as on a card where it was never written)."""
    files, names = [], []
    for n in ("uboot.env", "uboot-redund.env"):
        out = tmp / n
        if out.exists():
            out.unlink()
        if run(["mcopy", "-D", "o", "-i", mt(img), "::/" + n, str(out)]).returncode == 0:
            files.append(out)
        else:
            out = tmp / ("missing-" + n)
            out.write_bytes(bytes(SIZE))
        names.append(out)
    cfg = tmp / "fw_env.config"
    cfg.write_text("".join("%s 0x0 0x%x\n" % (f, SIZE) for f in names))
    return files, cfg


def put_back(img, files):
    for f in files:
        r = run(["mcopy", "-D", "o", "-i", mt(img), str(f), "::/" + f.name])
        assert r.returncode == 0, r.stderr


def printenv(cfg):
    r = run(["fw_printenv", "-c", str(cfg)])
    return r, dict(l.split("=", 1) for l in r.stdout.splitlines() if "=" in l)


def after(r, cmd):
    return r.serial.split(cmd, 1)[1] if cmd in r.serial else ""


def fsck(img, tmp):
    """fsck.fat -n on the partition (taken out: fsck.fat has no offset)."""
    part = tmp / "part.img"
    with open(img, "rb") as f:
        f.seek(part_offset(img))
        part.write_bytes(f.read())
    return run(["fsck.fat", "-n", str(part)])


def file_sectors(img, name):
    """The absolute sectors of a file's clusters (mshowfat's chain)."""
    r = run(["mshowfat", "-i", mt(img), "::/" + name])
    assert r.returncode == 0, r.stderr
    with open(img, "rb") as f:
        f.seek(part_offset(img))
        bpb = f.read(512)
    spc = bpb[13]
    reserved, = struct.unpack_from("<H", bpb, 14)
    nfats = bpb[16]
    rootents, = struct.unpack_from("<H", bpb, 17)
    fatsz, = struct.unpack_from("<H", bpb, 22)
    if not fatsz:
        fatsz, = struct.unpack_from("<I", bpb, 36)
    data = reserved + nfats * fatsz + (rootents * 32 + 511) // 512
    base = part_offset(img) // 512 + data
    out = set()
    for a, b in re.findall(r"<(\d+)(?:-(\d+))?>", r.stdout):
        for c in range(int(a), int(b or a) + 1):
            out.update(range(base + (c - 2) * spc, base + (c - 1) * spc))
    return out


def changed_sectors(a, b):
    a, b = open(a, "rb").read(), open(b, "rb").read()
    return {i // 512 for i in range(0, len(a), 512) if a[i:i + 512] != b[i:i + 512]}


def saved(board, img, value, first=False):
    r = console(board, img, ["setenv foo " + value, "saveenv"])
    assert "Saving Environment to FAT... OK" in r.serial, r.serial
    return r


def test_saveenv_read_by_fw_printenv(board, tmp_path):
    img = card(board, tmp_path)
    r = saved(board, img, "bar")
    assert "Loading Environment from FAT... " + WARNING in r.serial   # nothing stored yet
    files, cfg = take_out(img, tmp_path)
    # copy 0 as U-Boot's first save, and its twin at once (the same with
    # counter 0, never preferred), so the documented two-line
    # fw_env.config works before a second save: both files are real here
    assert [f.name for f in files] == ["uboot.env", "uboot-redund.env"]
    assert [f.read_bytes()[4] for f in files] == [1, 0]
    p, env = printenv(cfg)
    assert p.returncode == 0, p.stderr
    assert env["foo"] == "bar" and env["kernel_addr_r"] == "0x82000000"
    assert fsck(img, tmp_path).returncode == 0
    # fw_setenv right away writes the twin, and gtaboot takes it next
    w = run(["fw_setenv", "-c", str(cfg), "foo", "linux"])
    assert w.returncode == 0, w.stderr
    put_back(img, files)
    r = console(board, img, ["printenv foo"])
    assert "foo=linux" in after(r, "printenv foo"), r.serial
    # the next save goes into uboot.env (fw_setenv's copy is current)
    r = saved(board, img, "baz")
    assert "Loading Environment from FAT... OK" in r.serial, r.serial
    files, cfg = take_out(img, tmp_path)
    assert [f.name for f in files] == ["uboot.env", "uboot-redund.env"]
    assert printenv(cfg)[1]["foo"] == "baz"
    assert fsck(img, tmp_path).returncode == 0
    # fw_setenv's save was uboot-redund.env's, the second one uboot.env's:
    # a third save overwrites uboot-redund.env in place, nothing else changes
    before = tmp_path / "before.img"
    shutil.copyfile(img, before)
    saved(board, img, "qux")
    assert changed_sectors(before, img) <= file_sectors(img, "uboot-redund.env")
    files, cfg = take_out(img, tmp_path)
    assert printenv(cfg)[1]["foo"] == "qux"
    assert fsck(img, tmp_path).returncode == 0


@pytest.fixture(scope="module")
def two_saved(board, tmp_path_factory):
    """A card after two saves: uboot.env foo=one, uboot-redund.env foo=two
    (current). Made once a board; the tests below work on copies."""
    tmp = tmp_path_factory.mktemp("two")
    img = card(board, tmp)
    saved(board, img, "one")
    saved(board, img, "two")                   # uboot-redund.env: foo=two, current
    return img


def test_fw_setenv_obeyed_at_next_boot(board, two_saved, tmp_path):
    img = card((str(two_saved), None), tmp_path)
    files, cfg = take_out(img, tmp_path)
    w = run(["fw_setenv", "-c", str(cfg), "greeting", "hello from Linux"])
    assert w.returncode == 0, w.stderr
    assert run(["fw_setenv", "-c", str(cfg), "foo"]).returncode == 0    # deleted
    put_back(img, files)
    r = console(board, img, ["echo $greeting", "printenv foo", "setenv foo three", "saveenv"])
    assert "Loading Environment from FAT... OK" in r.serial, r.serial
    assert "hello from Linux" in after(r, "echo $greeting")
    assert '## Error: "foo" not defined' in after(r, "printenv foo")
    # gtaboot's save goes on from fw_setenv's counter
    files, cfg = take_out(img, tmp_path)
    p, env = printenv(cfg)
    assert env["foo"] == "three" and env["greeting"] == "hello from Linux", p.stdout
    assert fsck(img, tmp_path).returncode == 0


def test_bad_copy_refused_and_write_protect(board, two_saved, tmp_path):
    img = card((str(two_saved), None), tmp_path)               # uboot-redund.env current
    files, cfg = take_out(img, tmp_path)
    red = bytearray(files[1].read_bytes())
    red[100] ^= 0x55
    files[1].write_bytes(bytes(red))
    put_back(img, files[1:])
    r = console(board, img, ["printenv foo"])
    assert "env: uboot-redund.env refused (bad CRC), using uboot.env" in r.serial, r.serial
    assert "foo=one" in after(r, "printenv foo")
    # a read-only image is a write-protected card: saveenv says so
    os.chmod(img, 0o444)
    try:
        r = console(board, img, ["saveenv"])
    finally:
        os.chmod(img, 0o644)
    assert "Saving Environment to FAT... " in r.serial
    assert "write-protected" in r.serial and "FAILED! (uboot-redund.env: EROFS)" in r.serial, r.serial


# saveenv over two existing files writes the 256 blocks of the other file.
# Every 15th block of the 128 KiB file and its last with `make powercut`
# (GTABOOT_POWERCUT=all); make check takes the first, the last and two
# between (about 6 s each). The unit test cuts at every block.
CUTS = list(range(1, SIZE // 512 + 1, 15)) + [SIZE // 512] \
    if os.environ.get("GTABOOT_POWERCUT") == "all" else [1, 121, 241, SIZE // 512]


@pytest.mark.parametrize("cut", CUTS)
def test_power_cut_during_saveenv(board, two_saved, tmp_path, cut):
    img = card((str(two_saved), None), tmp_path)
    before = tmp_path / "before.img"
    shutil.copyfile(img, before)
    r = console(board, img, ["setenv foo new", "saveenv"], "--inject", "sd-powercut:%d" % cut)
    assert r.report and r.report.get("result") == "poweroff", r.stderr + r.serial
    assert "Powering off" not in r.serial
    assert changed_sectors(before, img) <= file_sectors(img, "uboot.env")
    assert fsck(img, tmp_path).returncode == 0
    files, cfg = take_out(img, tmp_path)
    env = printenv(cfg)[1]
    # old (two), or new once the blocks that differ (the entries; the zero
    # padding is the same in both) are all in
    assert env["foo"] in ("two", "new")
    if cut == 1:
        assert env["foo"] == "two"              # the torn first block: CRC wrong
    if cut in (CUTS[0], CUTS[-1]):
        r = console(board, img, ["printenv foo", "setenv foo new", "saveenv"])
        assert "foo=%s" % env["foo"] in after(r, "printenv foo"), r.serial
        assert "Saving Environment to FAT... OK" in r.serial
        assert printenv(take_out(img, tmp_path)[1])[1]["foo"] == "new"


def test_power_cut_while_creating_the_file(board, tmp_path):
    """The first save creates uboot.env: 256 data blocks, the FATs, FSInfo,
    the directory entry. A cut anywhere leaves no file or the whole one,
    and the other files as they were."""
    base = card(board, tmp_path, "base.img")
    ref = tmp_path / "ref"
    ref.mkdir()
    assert run(["mcopy", "-s", "-n", "-D", "o", "-i", mt(base), "::/*", str(ref)]).returncode == 0
    for cut in (1, 256, 257, 258, 259, 260, 261):
        img = card(board, tmp_path)
        r = console(board, img, ["setenv foo new", "saveenv"], "--inject", "sd-powercut:%d" % cut)
        done = r.report and r.report.get("result") != "poweroff"
        files, cfg = take_out(img, tmp_path)
        if files:
            assert printenv(cfg)[1]["foo"] == "new", cut
        out = tmp_path / ("o%d" % cut)
        out.mkdir()
        assert run(["mcopy", "-s", "-n", "-D", "o", "-i", mt(img), "::/*", str(out)]).returncode == 0
        for f in ref.rglob("*"):
            if f.is_file():
                assert (out / f.relative_to(ref)).read_bytes() == f.read_bytes(), (cut, f)
        if done:
            assert files and fsck(img, tmp_path).returncode == 0
            break
