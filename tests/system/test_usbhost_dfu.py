# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot's `dfu` against Debian's dfu-util on a real Linux USB host
(issue #25, docs/usb.md): the simulated GTA04 runs `dfu 0 ram 0` with its
USB device exported over usbredir (`--usb unix:PATH`), the USB host guest
(usbhost.py) sees it through QEMU's usb-redir, lists it, downloads a file
into RAM, uploads it back and compares. Skipped, with the reason, where
the guest cannot be had (no qemu-system-x86_64)."""
import contextlib
import os
import subprocess
import tempfile

import pytest

import simrun
import test_console as tc
import usbhost

firmware = tc.firmware
dtb = tc.dtb            # the simulated GTA04's DTB, built once for the module
VIDPID = "0451:d022"    # gtaboot's DFU id (docs/usb.md, "What the host sees")
SIZE = 0x10000          # the size of both dfu_alt_info entries


@pytest.fixture
def parts(firmware):
    reason = usbhost.unavailable()
    if reason:
        pytest.skip(reason)


NAND_KERNEL_PART = 0x280000     # the GTA04's kernel partition (docs/usb.md)


def nand_kernel_part(dtb):
    """A kernel partition as the NAND boot looks for it: a uImage, then the
    DTB in the next erase block."""
    import test_faults as tf
    kernel = tf.uimage(tf.zimage(200 * 1024, 5), tf.KERNEL_ADDR_R + 64, tf.KERNEL_ADDR_R + 64)
    return bytes(kernel) + b"\xff" * (-len(kernel) % 0x20000) + dtb


@pytest.fixture(scope="module")
def pc(tmp_path_factory, dtb):
    """One PC for the module's tests (a guest boot is 3-6 s of TCG), with
    every file they send in /payload; QEMU's usb-redir reconnects each time
    a simulator listens on the socket (usbhost.UsbHost's reconnect)."""
    reason = usbhost.unavailable()
    if reason:
        pytest.skip(reason)
    tmp = tmp_path_factory.mktemp("dfu")
    (tmp / "sim.dtb").write_bytes(dtb)
    (tmp / "kernel.part").write_bytes(nand_kernel_part(dtb))
    files = {"/payload/zImage": os.path.join(simrun.ROOT, "build", "payload", "zImage"),
             "/payload/sim.dtb": str(tmp / "sim.dtb"),
             "/payload/MLO": os.path.join(simrun.ROOT, "build", "gta04", "MLO"),
             "/payload/kernel": str(tmp / "kernel.part")}
    with usbhost.UsbHost(sock=str(tmp / "usb.sock"), files=files) as host:
        yield host


class Sim(simrun.Background):
    """The simulated GTA04 as the ROM would have started gtaboot
    (load_raw_args), with its USB on sock; its console in a file."""

    def __init__(self, tmp, script, sock, max_ms, rev="A5", extra=()):
        args = simrun.load_raw_args(["--machine", "gta04", "--rev", rev, "--max-ms", max_ms,
                                     "--load-raw", tc.BIN + "@0x40200000",
                                     "--input", script, "--usb", "unix:" + sock] + list(extra),
                                    tmp)
        # the card the run really has (load_raw_args may give it a copy)
        self.sd = args[args.index("--sd") + 1] if "--sd" in args else None
        super().__init__(args, os.path.join(tmp, "serial.txt"))


@contextlib.contextmanager
def board_and_host(script, files=None, max_ms=120000, pc=None, **sim):
    """The simulated board running script with its USB on a socket, and the
    USB host guest: pc (the module's, already up: its usb-redir connects
    within reconnect's second once the simulator listens), or a guest of
    its own with files (QEMU first: reconnect=1 finds the socket when the
    simulator makes it, so both boot at once). max_ms of virtual time
    bounds the run, held to host time while the firmware waits on the USB
    host. Yields (pc, board); the board's console is printed when an
    assertion fails, and both are ended (a shared pc stays up)."""
    shared = pc is not None
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if not shared:
            pc = stack.enter_context(
                usbhost.UsbHost(sock=os.path.join(tmp, "usb.sock"), files=files))
        board = Sim(tmp, script, pc.sock, max_ms, **sim)
        try:
            yield pc, board
        except AssertionError:
            print(board.text()[-4000:])
            raise
        finally:
            board.kill()
        if shared:
            # unplugged before the next test's board listens
            pc.wait_device(VIDPID, timeout=20, gone=True)


def test_dfu_download_upload(parts, pc):
    alt = "kernel ram 0x82000000 0x%x;fdt ram 0x88000000 0x%x" % (SIZE, SIZE)
    # The last download, to 'fdt', ends the session: Ctrl-C, then {end}
    # (the run's result "stop", exit 0). gtaboot prints its line during the
    # manifestation, before dfu-util's last GETSTATUS: 3 s more (of virtual
    # time, held to host time while a usbredir peer is there) let that
    # status stage end first.
    script = ("{expect %s}" % tc.PROMPT + tc.esc("setenv dfu_alt_info '%s'\r" % alt) +
              "{expect %s}dfu 0 ram 0\\r" % tc.PROMPT +
              "{expect dfu: 4096 bytes to 'fdt'}{wait 3000}\\x03{expect %s}{end}" % tc.PROMPT)
    with board_and_host(script, pc=pc) as (pc, sim):
        line = pc.wait_device(VIDPID, timeout=60)
        assert "ID " + VIDPID in line
        status, out = pc.run("dfu-util -l", timeout=30)
        assert status == 0, out
        assert 'Found DFU: [%s] ver=0010' % VIDPID in out, out
        assert 'alt=0, name="kernel"' in out and 'alt=1, name="fdt"' in out, out
        status, out = pc.run("dd if=/dev/urandom of=/tmp/k bs=1k count=%d 2>/dev/null && "
                             "dfu-util -a kernel -D /tmp/k" % (SIZE // 1024), timeout=60)
        assert status == 0 and "Download done." in out, out
        status, out = pc.run("dfu-util -a kernel -U /tmp/k2 && cmp /tmp/k /tmp/k2",
                             timeout=60)
        assert status == 0 and "Upload done." in out, out
        status, out = pc.run("head -c 4096 /tmp/k >/tmp/f && dfu-util -a fdt -D /tmp/f",
                             timeout=60)
        assert status == 0, out
        rc = sim.wait(60)
        assert rc == 0, "simulator: exit %r" % rc
        # the run ended: the device is unplugged
        pc.wait_device(VIDPID, timeout=20, gone=True)
    serial = sim.text()
    assert "dfu: %d bytes to 'kernel'" % SIZE in serial, serial


def test_dfu_into_ram_then_boot(parts, pc, dtb):
    """The PC sends a kernel and a device tree with dfu-util; its -R (a
    DFU_DETACH: the functional descriptor says the device detaches by
    itself) ends `dfu`, and the board boots what came: `bootz` hands the
    payload over with the DTB that arrived."""
    payload = os.path.join(simrun.ROOT, "build", "payload", "zImage")
    alt = "kernel ram 0x82000000 0x100000;fdt ram 0x88000000 0x10000"
    script = ("{expect %s}" % tc.PROMPT + tc.esc("setenv dfu_alt_info '%s'\r" % alt) +
              "{expect %s}dfu 0 ram 0\\r" % tc.PROMPT +
              "{expect DFU_DETACH: done}{expect %s}" % tc.PROMPT +
              "bootz 0x82000000 - 0x88000000\\r")
    with board_and_host(script, pc=pc) as (pc, sim):
        pc.wait_device(VIDPID, timeout=60)
        status, out = pc.run("dfu-util -a kernel -D /payload/zImage", timeout=60)
        assert status == 0 and "Download done." in out, out
        # -R: the device detaches and gtaboot goes on to boot, so
        # dfu-util's USB reset afterwards finds it gone (its exit
        # status says so); the download itself is done and the
        # state back in dfuIDLE first
        status, out = pc.run("dfu-util -a fdt -D /payload/sim.dtb -R", timeout=60)
        assert "Download done." in out and "Done!" in out, out
        rc = sim.wait(60)
        assert rc == 0, "simulator: exit %r" % rc
    serial = sim.text()
    assert "dfu: %d bytes to 'kernel'" % os.path.getsize(payload) in serial, serial
    assert "dfu: %d bytes to 'fdt'" % len(dtb) in serial, serial
    assert "Starting kernel at 0x82000000, DTB at 0x88000000" in serial, serial
    assert "result=handoff" in serial, serial[-2000:]


def test_dfu_into_nand_then_nand_boot(parts, pc, tmp_path):
    """An A4 with erased NAND: the PC sends gtaboot's MLO and a kernel
    partition (a uImage, then the DTB in the next erase block, as the NAND
    boot looks for them: the module's nand_kernel_part) to the board's
    default NAND alt settings; then the board, with no card, boots from
    NAND: the ROM finds gtaboot there, and gtaboot the kernel."""
    nand = str(tmp_path / "nand.img")      # does not exist: an erased chip
    script = ("{expect %s}dfu 0 nand 0\\r" % tc.PROMPT +
              "{expect DFU_DETACH: done}{expect %s}{end}" % tc.PROMPT)
    with board_and_host(script, pc=pc, rev="A4", extra=["--nand", nand]) as (pc, sim):
        pc.wait_device(VIDPID, timeout=60)
        status, out = pc.run("dfu-util -l", timeout=30)
        assert 'name="MLO"' in out and 'name="kernel"' in out, out
        # the wrong file for the target: a kernel sent as the MLO is
        # refused by flash mlo's checks, nothing written, and the host
        # told: dfuERROR with errFILE (dfu-util exits 0 all the same); the
        # next dfu-util clears it
        status, out = pc.run("dfu-util -a MLO -D /payload/zImage", timeout=60)
        assert "dfuERROR, status(2) = File is for this device but fails" in out, out
        assert "error: dfu: MLO: EINVAL" in sim.text(), sim.text()[-2000:]
        assert not os.path.exists(nand) or set(open(nand, "rb").read()) <= {0xFF}
        status, out = pc.run("dfu-util -a MLO -D /payload/MLO", timeout=60)
        assert status == 0 and "Download done." in out, out
        status, out = pc.run("dfu-util -a kernel -D /payload/kernel -R", timeout=90)
        assert "Download done." in out and "Done!" in out, out
        rc = sim.wait(60)
        assert rc == 0, "simulator: exit %r" % rc
    serial = sim.text()
    assert "4 of 4 copies good" in serial, serial[-3000:]
    # the board on its own: no card, the ROM boots NAND
    r = simrun.run(["--machine", "gta04", "--rev", "A4", "--nand", nand, "--max-ms", 8000])
    out = r.serial
    assert "Boot: NAND (ROM)" in out, r.stderr + out
    assert "Booting from NAND (kernel partition at 0x%x)" % NAND_KERNEL_PART in out, out
    assert "kernel: uImage 'test kernel'" in out and "CRC mismatch" not in out, out
    assert r.report["result"] == "handoff", out + r.stderr
    assert r.report["handoff"]["r2_dtb"]


def test_power_cut_during_dfu_mlo_leaves_bootable_nand(parts, pc, tmp_path):
    """The power goes half way through the first copy's page programs of a
    DFU download to the MLO alt setting (the simulator's nand-powercut);
    the NAND held a good gtaboot before and must still boot."""
    mlo = os.path.join(simrun.ROOT, "build", "gta04", "MLO")
    nand = str(tmp_path / "nand.img")
    simrun.built("build/tools/mknand")
    subprocess.run([os.path.join(simrun.ROOT, "build", "tools", "mknand"), "--mlo", mlo, nand],
                   check=True, capture_output=True, timeout=60)
    npages = (os.path.getsize(mlo) + 2047) // 2048
    cut = npages // 2 + 1           # the block's erase, then its page programs
    script = "{expect %s}dfu 0 nand 0\\r{expect DOWNLOAD}" % tc.PROMPT
    cut_at = ["--nand", nand, "--inject", "nand-powercut:%d" % cut]
    with board_and_host(script, pc=pc, rev="A4", extra=cut_at) as (pc, sim):
        pc.wait_device(VIDPID, timeout=60)
        pc.run("dfu-util -a MLO -D /payload/MLO", timeout=90)
        rc = sim.wait(60)
        assert rc == 0, "simulator: exit %r" % rc
    assert "result=poweroff" in sim.text(), sim.text()[-3000:]
    r = simrun.run(["--machine", "gta04", "--rev", "A4", "--nand", nand, "--max-ms", 1500])
    assert "gtaboot 0.1" in r.serial and "Boot: NAND (ROM)" in r.serial, r.stderr + r.serial
