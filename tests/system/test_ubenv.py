# SPDX-License-Identifier: GPL-2.0-or-later
"""The U-Boot environment in the GTA04's NAND, checked against the real
Linux-side tools, Debian's libubootenv-tool (fw_printenv / fw_setenv, run
with -c on a fw_env.config naming a file): gtaboot's saveenv read by
fw_printenv, fw_setenv's change obeyed by gtaboot at the next boot, one
copy with a bad CRC (the other is used), both bad (U-Boot's warning, the
defaults), a power cut at every NAND operation of saveenv (one good copy
remains), and no NAND page outside the two environment blocks written.
The A4 boots from its NAND here: an SD boot keeps the environment on the
card (test_ubenv_fat.py).

The harness plays Linux's MTD layer: it takes the data bytes of the
environment blocks out of the simulator's NAND image (2048 + 64 bytes a
page) into a flat file for the tools, and writes the tools' result back
with the ROM's HAM1 ECC, as the kernel's NAND driver would."""
import os
import shutil
import subprocess

import pytest

import simrun
from test_nand import MKNAND, PAGE, PPB, RAW, page_with_ecc

ROOT = simrun.ROOT
ENV_OFF = (0x240000, 0x260000)          # board/gta04.c board_env_nand
ENV_SIZE = 0x20000
FIRST_PAGE = ENV_OFF[0] // PAGE
NPAGES = 2 * ENV_SIZE // PAGE
WARNING = "*** Warning - bad CRC, using default environment"

pytestmark = [
    pytest.mark.skipif(not shutil.which("fw_printenv"),
                       reason="no fw_printenv: apt-get install libubootenv-tool (tools/install-deps.sh)"),
]


@pytest.fixture(scope="module")
def sd():
    simrun.built("build/gta04/MLO", "build/tools/mknand")
    return simrun.built("build/gta04/sd.img")


MLO = os.path.join(ROOT, "build", "gta04", "MLO")


def blank_nand(nand):
    """A chip holding only gtaboot's MLO (mknand), so that the ROM boots
    from NAND: a NAND boot keeps the environment in NAND (an SD boot keeps
    it in uboot.env on the card, test_ubenv_fat.py)."""
    subprocess.run([MKNAND, "--mlo", MLO, str(nand)], check=True)


def console(sd, nand, commands, *extra):
    """Boot the A4 from its NAND (the SD card in the slot), stop at the
    prompt, run the commands, power off."""
    if not os.path.exists(nand):
        blank_nand(nand)
    script = r"{expect autoboot}x{expect gtaboot> }"
    for c in commands:
        script += c + r"\r{expect gtaboot> }"
    script += r"poweroff\r"
    return simrun.run(["--machine", "gta04", "--rev", "A4", "--sd", sd, "--nand", str(nand),
                       "--max-ms", 20000, "--input", script] + list(extra))


def read_region(nand):
    """The data bytes of the two environment blocks (erased where the
    image file ends)."""
    img = open(nand, "rb").read() if os.path.exists(nand) else b""
    out = bytearray()
    for p in range(FIRST_PAGE, FIRST_PAGE + NPAGES):
        raw = img[p * RAW:(p + 1) * RAW]
        out += raw[:PAGE] if len(raw) >= PAGE else b"\xff" * PAGE
    return bytes(out)


def write_region(nand, data):
    img = bytearray(open(nand, "rb").read()) if os.path.exists(nand) else bytearray()
    end = (FIRST_PAGE + NPAGES) * RAW
    if len(img) < end:
        img += b"\xff" * (end - len(img))
    for i in range(NPAGES):
        img[(FIRST_PAGE + i) * RAW:(FIRST_PAGE + i + 1) * RAW] = page_with_ecc(data[i * PAGE:(i + 1) * PAGE])
    open(nand, "wb").write(img)


def tools_config(tmp, nand):
    """The flat file for fw_printenv / fw_setenv and its fw_env.config: the
    same two copies as on the board (docs/environment.md), offsets within
    the file instead of /dev/mtd2."""
    flat = tmp / "env.bin"
    flat.write_bytes(read_region(nand))
    cfg = tmp / "fw_env.config"
    cfg.write_text("%s 0x0 0x%x\n%s 0x%x 0x%x\n" % (flat, ENV_SIZE, flat, ENV_SIZE, ENV_SIZE))
    return flat, cfg


def fw(tool, cfg, *args):
    return subprocess.run([tool, "-c", str(cfg)] + list(args), capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=20)


def printenv(cfg):
    r = fw("fw_printenv", cfg)
    return r, dict(l.split("=", 1) for l in r.stdout.splitlines() if "=" in l)


def after(r, cmd):
    return r.serial.split(cmd, 1)[1] if cmd in r.serial else ""


def saved(sd, nand, value):
    r = console(sd, nand, ["setenv foo " + value, "saveenv"])
    assert "Writing to" in r.serial and "OK" in after(r, "saveenv"), r.serial
    return r


@pytest.fixture(scope="module")
def first_save(sd, tmp_path_factory):
    """The first saveenv on a NAND holding only the MLO: its run and the
    NAND after it (the two tests below read it)."""
    nand = tmp_path_factory.mktemp("first") / "n.img"   # absent: MLO only, the rest erased
    r = saved(sd, nand, "bar")
    return r, nand.read_bytes()


def test_saveenv_read_by_fw_printenv(first_save, tmp_path):
    nand = tmp_path / "n.img"
    nand.write_bytes(first_save[1])
    blank_nand(tmp_path / "before.img")
    r = first_save[0]
    assert "Boot: NAND (ROM)" in r.serial, r.serial
    assert WARNING in r.serial                  # first boot: nothing stored
    assert "Saving Environment to NAND... " in r.serial
    flat, cfg = tools_config(tmp_path, nand)
    p, env = printenv(cfg)
    assert p.returncode == 0, p.stderr
    assert env["foo"] == "bar" and env["bootdelay"] == "1" and env["kernel_addr_r"] == "0x82000000"
    # nothing outside the environment's blocks written
    img = open(nand, "rb").read()
    before = open(tmp_path / "before.img", "rb").read()
    for p in range(len(img) // RAW):
        if not FIRST_PAGE <= p < FIRST_PAGE + NPAGES:
            old = before[p * RAW:(p + 1) * RAW] or b"\xff" * RAW
            assert img[p * RAW:(p + 1) * RAW] == old, p


def test_fw_setenv_obeyed_at_next_boot(sd, first_save, tmp_path):
    nand = tmp_path / "n.img"
    nand.write_bytes(first_save[1])
    flat, cfg = tools_config(tmp_path, nand)
    w = fw("fw_setenv", cfg, "greeting", "hello from Linux")
    assert w.returncode == 0, w.stderr
    assert fw("fw_setenv", cfg, "foo").returncode == 0          # deleted
    write_region(nand, flat.read_bytes())
    r = console(sd, nand, ["echo $greeting", "printenv foo"])
    assert "Loading Environment from NAND... OK" in r.serial, r.serial
    assert "hello from Linux" in after(r, "echo $greeting")
    assert '## Error: "foo" not defined' in after(r, "printenv foo")
    # and gtaboot saves on top of fw_setenv's copy: the counter goes on
    r = console(sd, nand, ["setenv foo again", "saveenv"])
    flat, cfg = tools_config(tmp_path, nand)
    p, env = printenv(cfg)
    assert env["foo"] == "again" and env["greeting"] == "hello from Linux"


def corrupt(nand, copy):
    data = bytearray(read_region(nand))
    data[copy * ENV_SIZE + 100] ^= 0x55         # in the data area: CRC no longer matches
    write_region(nand, bytes(data))


@pytest.fixture(scope="module")
def two_saved(sd, tmp_path_factory):
    """Two saves (the two tests below corrupt copies of it): copy 0 holds
    foo=one (counter 1), copy 1 foo=two and bootdelay 7 (counter 2)."""
    nand = tmp_path_factory.mktemp("two") / "n.img"
    saved(sd, nand, "one")
    r = console(sd, nand, ["setenv foo two", "setenv bootdelay 7", "saveenv"])
    assert "Writing to redundant NAND... OK" in after(r, "saveenv"), r.serial
    return nand.read_bytes()


def test_bad_crc_in_one_copy_uses_the_other(sd, two_saved, tmp_path):
    nand = tmp_path / "n.img"
    nand.write_bytes(two_saved)
    corrupt(nand, 1)
    r = console(sd, nand, ["printenv foo"])
    assert "copy 1 at 0x260000 refused (bad CRC), using copy 0" in r.serial, r.serial
    assert "foo=one" in after(r, "printenv foo")
    flat, cfg = tools_config(tmp_path, nand)
    assert printenv(cfg)[1]["foo"] == "one"     # libubootenv agrees
    # the next save goes into the bad copy, not over the good one
    r = console(sd, nand, ["setenv foo three", "saveenv"])
    assert "Writing to redundant NAND... OK" in r.serial, r.serial
    assert printenv(tools_config(tmp_path, nand)[1])[1]["foo"] == "three"


def test_bad_crc_in_both_copies_gives_the_defaults(sd, two_saved, tmp_path):
    nand = tmp_path / "n.img"
    nand.write_bytes(two_saved)
    corrupt(nand, 0)
    corrupt(nand, 1)
    r = console(sd, nand, ["printenv foo", "printenv bootdelay"])
    assert "Loading Environment from NAND... " + WARNING in r.serial, r.serial
    assert '## Error: "foo" not defined' in after(r, "printenv foo")
    assert "bootdelay=1" in after(r, "printenv bootdelay")
    p, env = printenv(tools_config(tmp_path, nand)[1])
    assert "foo" not in env                     # fw_printenv: no valid copy either


# saveenv's NAND operations: the erase of the target block, then its 64
# page programs (pages 1..63, the first page with the CRC last). make check
# cuts at the erase, the first and last programs and a few between (about
# 6 s each); `make powercut` (GTABOOT_POWERCUT=all) at every one.
ALL_CUTS = list(range(1, 1 + 1 + ENV_SIZE // PAGE))
CUTS = ALL_CUTS if os.environ.get("GTABOOT_POWERCUT") == "all" else \
    [1, 2, 3, 17, 33, 49, 64, 65]


@pytest.fixture(scope="module")
def one_saved(sd, tmp_path_factory):
    """A NAND whose copy 0 holds foo=old (counter 1), copy 1 erased."""
    nand = tmp_path_factory.mktemp("saved") / "n.img"
    saved(sd, nand, "old")
    return open(nand, "rb").read()


@pytest.mark.parametrize("cut", CUTS)
def test_power_cut_during_saveenv_leaves_one_good_copy(sd, one_saved, tmp_path, cut):
    nand = tmp_path / "n.img"
    nand.write_bytes(one_saved)
    r = console(sd, nand, ["setenv foo new", "saveenv"], "--inject", "nand-powercut:%d" % cut)
    assert r.report and r.report.get("result") == "poweroff", r.stderr + r.serial
    assert "Powering off" not in r.serial       # the cut, not the script's poweroff
    r = console(sd, nand, ["printenv foo"])
    assert WARNING not in r.serial, r.serial
    assert "foo=old" in after(r, "printenv foo"), r.serial
    assert printenv(tools_config(tmp_path, nand)[1])[1]["foo"] == "old"
    if cut in (ALL_CUTS[0], ALL_CUTS[1], ALL_CUTS[len(ALL_CUTS) // 2], ALL_CUTS[-1]):
        # the next save still works, into the damaged copy
        r = console(sd, nand, ["setenv foo new", "saveenv"])
        assert "Writing to redundant NAND... OK" in r.serial, r.serial
        assert printenv(tools_config(tmp_path, nand)[1])[1]["foo"] == "new"
