# SPDX-License-Identifier: GPL-2.0-or-later
"""Un-brick a GTA04 from a PC alone (issue #25, docs/usb.md "Un-brick a
GTA04"): an A4 with erased NAND and no card, AUX held, boots gtaboot from
its ROM over USB (`omap-usbboot MLO MLO`: the ROM gets the early part,
the early part fetches the rest of the same file on the ROM's endpoints);
gtaboot, booted over USB without a card, serves its NAND over DFU; the PC
writes the MLO with `dfu-util -a MLO -D MLO -R`, the board resets, and on
its own it boots gtaboot from NAND. The PC is Debian's Linux in QEMU
(usbhost.py); skipped where qemu-system-x86_64 is missing."""
import os
import subprocess
import time

import pytest

import simrun
import usbhost

TOOL = os.path.join(simrun.ROOT, "build", "tools", "omap-usbboot")
MLO = os.path.join(simrun.ROOT, "build", "gta04", "MLO")
BEAGLE_MLO = os.path.join(simrun.ROOT, "build", "beagle", "MLO")
DFU_ID = "0451:d022"    # gtaboot's DFU device (docs/usb.md)


def Board(tmp, args):
    """The simulated board in the background, its console in a file."""
    return simrun.Background(args, os.path.join(tmp, "serial.txt"))


@pytest.fixture(scope="module")
def pc(tmp_path_factory):
    """One PC for the module, with omap-usbboot and gtaboot's MLO in
    /payload; QEMU's usb-redir reconnects each time a simulator listens."""
    simrun.built(simrun.SIM, MLO, BEAGLE_MLO)
    if not os.path.exists(TOOL):        # libusb-1.0-0-dev missing: make tools says so
        pytest.skip("%s not built (make tools; libusb-1.0-0-dev)" % TOOL)
    reason = usbhost.unavailable()
    if reason:
        pytest.skip(reason)
    tmp = tmp_path_factory.mktemp("unbrick")
    tool = str(tmp / "omap-usbboot")
    subprocess.run(["objcopy", "--strip-all", TOOL, tool], check=True)
    files = {"/payload/omap-usbboot": tool, "/payload/MLO": MLO,
             "/payload/beagle/MLO": BEAGLE_MLO}
    with usbhost.UsbHost(sock=str(tmp / "usb.sock"), files=files) as host:
        status, out = host.run("chmod +x /payload/omap-usbboot")
        assert status == 0, out
        yield host


def start_tool(pc, args):
    """omap-usbboot waiting in the guest, as a user starts it before
    powering the board; its output and rc=N go to /tmp/log."""
    status, out = pc.run("cd /payload && (./omap-usbboot -w 60 %s >/tmp/log 2>&1; "
                         "echo rc=$? >>/tmp/log) & echo started" % args)
    assert status == 0, out


# the GTA04 A4 (NAND), and the BeagleBoard (its OMAP3530 ROM, 0451:d009)
BOARDS = {"gta04": ["--machine", "gta04", "--rev", "A4"], "beagle": ["--machine", "beagle"]}


def usb_board(pc, tmp_path, nand, board="gta04"):
    """The board with no card and AUX/USER held (the ROM tries USB first),
    its NAND the image nand (a path that does not exist: an erased chip)."""
    return Board(str(tmp_path), BOARDS[board] + ["--aux", "--nand", nand, "--usb", "unix:" + pc.sock,
                                                 "--rom-usb-ms", "20000", "--max-ms", "120000"])


@pytest.mark.parametrize("board", ["gta04", "beagle"])
def test_unbrick_over_usb(pc, tmp_path, board):
    nand = str(tmp_path / "nand.img")
    mlo = "/payload/MLO" if board == "gta04" else "/payload/beagle/MLO"
    start_tool(pc, "%s %s" % (mlo, mlo))
    board_run = usb_board(pc, tmp_path, nand, board)
    try:
        # gtaboot's DFU device replaces the ROM's
        pc.wait_device(DFU_ID, timeout=60)
        status, log = pc.run("cat /tmp/log", timeout=20)
        assert "rc=0" in log, log
        assert "MLO: the program has it" in log, log
        status, out = pc.run("dfu-util -a MLO -D %s -R" % mlo, timeout=90)
        assert "Download done." in out and "Done!" in out, out
        # the board resets after the DFU session
        rc = board_run.wait(60)
        assert rc == 0, "simulator: exit %r" % rc
    except AssertionError:
        print(board_run.text()[-5000:])
        raise
    finally:
        board_run.kill()
    text = board_run.text()
    print(text[-3000:])
    assert "Boot: USB (ROM)" in text, text
    assert "MLO: rest not read" not in text, text
    assert "Un-brick: NAND over USB DFU" in text, text
    assert "4 of 4 copies good" in text, text
    assert "result=reset" in text, text[-2000:]
    # the board on its own: no card, no PC, no AUX; the ROM boots NAND
    r = simrun.run(BOARDS[board] + ["--nand", nand, "--max-ms", 3000])
    assert "Boot: NAND (ROM)" in r.serial, r.stderr + r.serial
    assert "gtaboot 0.1" in r.serial, r.serial
    assert "MLO: rest not read" not in r.serial, r.serial


def test_pc_without_the_rest(pc, tmp_path):
    """omap-usbboot given only the MLO: the ROM runs the early part, whose
    request nobody answers; after its bounded wait the console says what
    the PC should run, and the other sources are tried (then, with none,
    the early part resets: not waited for here)."""
    start_tool(pc, "MLO")
    board = usb_board(pc, tmp_path, str(tmp_path / "nand.img"))
    try:
        end = time.monotonic() + 40
        while time.monotonic() < end and "rest not read from NAND" not in board.text():
            time.sleep(0.5)
    finally:
        board.kill()
    text = board.text()
    assert "MLO: on the PC: omap-usbboot MLO MLO\nMLO: rest not read from USB (ETIMEDOUT)" \
        in text.replace("\r", ""), text
    assert "rest not read from NAND" in text, text
