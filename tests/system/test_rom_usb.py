# SPDX-License-Identifier: GPL-2.0-or-later
"""The simulator's boot ROM booting over USB (tools/sim/rom_usb.c) with a
real host: Debian's Linux and lsusb in the QEMU guest of usbhost.py
(tools/mkusbhost.sh), and the project's own loader tools/omap-usbboot run
inside it. The simulated GTA04 starts with AUX held (USB first); the
guest sees the ROM's 0451:d00e, omap-usbboot reads the ASIC ID and sends a
small payload, the ROM runs it at 0x40200000. Skipped where
qemu-system-x86_64 (or the guest's packages) is missing."""
import base64
import os
import subprocess
import threading

import pytest

import simrun
import usbhost

TOOL = os.path.join(simrun.ROOT, "build", "tools", "omap-usbboot")
BOOT_LIMIT_S = 60


@pytest.fixture(scope="module")
def guest_ok():
    reason = usbhost.unavailable()
    if reason:
        pytest.skip(reason)


def put_file(pc, data, path):
    """A file into the guest over its console: base64 in a here-document
    (the guest has no network and no shared folder)."""
    text = base64.encodebytes(data).decode()
    pc.send(("base64 -d >%s <<'B64EOF'\n%sB64EOF\n" % (path, text)).encode())
    status, out = pc.run("chmod +x %s && wc -c <%s" % (path, path), timeout=60)
    assert status == 0 and int(out.split()[-1]) == len(data), out


def sim_in_thread(args):
    """simrun.run in a thread (the guest is driven meanwhile); join() it,
    then its result is in .result."""
    t = threading.Thread(target=lambda: setattr(t, "result", simrun.run(args, timeout=120)))
    t.start()
    return t


def test_rom_usb_boot(guest_ok, sim, guest, tmp_path):
    if not os.access(TOOL, os.X_OK):
        pytest.skip("omap-usbboot not built (make tools; libusb-1.0-0-dev)")
    g = guest("sim-usbload")
    stripped = str(tmp_path / "omap-usbboot")
    subprocess.run(["objcopy", "--strip-all", TOOL, stripped], check=True)
    sock = str(tmp_path / "usb.sock")
    base = ["--machine", "gta04", "--aux", "--usb", "unix:" + sock]
    with usbhost.UsbHost(sock=sock, boot_timeout=BOOT_LIMIT_S) as pc:
        with open(stripped, "rb") as f:
            put_file(pc, f.read(), "/tmp/omap-usbboot")
        put_file(pc, g.binary, "/tmp/payload.bin")

        # 1. nobody loads anything: the guest lists the ROM's device, the
        # ROM gives up after --rom-usb-ms and tries UART3, MMC1, NAND
        t = sim_in_thread(base + ["--rom-usb-ms", "8000"])
        try:
            line = pc.wait_device("0451:d00e", timeout=20)
        finally:
            t.join()
        assert "0451:d00e" in line
        r = t.result
        assert "ROM: USB: connected as 0451:d00e" in r.stderr, r.stderr
        assert "no host read the ASIC ID within 8000 ms" in r.stderr, r.stderr
        assert r.report["message"].startswith("ROM: no bootable image"), r.report["message"]

        # 2. omap-usbboot waits in the guest, then the board starts
        status, out = pc.run("(/tmp/omap-usbboot -w 60 /tmp/payload.bin >/tmp/log 2>&1; "
                             "echo rc=$? >>/tmp/log) & echo started")
        assert status == 0, out
        t = sim_in_thread(base + ["--rom-usb-ms", "10000", "--stop-at", hex(g.sym("done"))])
        t.join()
        r = t.result
        status, log = pc.run("sleep 1; cat /tmp/log", timeout=20)
    print(log)
    print(r.stderr)
    assert "rc=0" in log, log
    assert "device 3630" in log, log
    assert "%d bytes sent" % len(g.binary) in log, log
    assert "ROM: USB: %d bytes loaded at 0x40200000" % len(g.binary) in r.stderr, r.stderr
    rep = r.report
    assert rep["result"] == "stop", rep["message"]
    assert rep["pc"] == g.sym("done")
    assert rep["boot_device"] == 0x11
    assert rep["r0"] == 0x4020FE00
    assert rep["r6"] == 0x11          # the payload read the boot device itself
    assert rep["r5"] == 0x600DCAFE
