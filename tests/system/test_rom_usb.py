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
import struct
import threading
import time

import pytest

import simrun
import usbhost

TOOL = os.path.join(simrun.ROOT, "build", "tools", "omap-usbboot")
BOOT_LIMIT_S = 60


@pytest.fixture(scope="module")
def pc(tmp_path_factory):
    """One guest for the module, with omap-usbboot in /tmp; QEMU's
    usb-redir reconnects to the socket each time a simulator listens."""
    reason = usbhost.unavailable()
    if reason:
        pytest.skip(reason)
    if not os.access(TOOL, os.X_OK):
        pytest.skip("omap-usbboot not built (make tools; libusb-1.0-0-dev)")
    tmp = tmp_path_factory.mktemp("romusb")
    stripped = str(tmp / "omap-usbboot")
    subprocess.run(["objcopy", "--strip-all", TOOL, stripped], check=True)
    with usbhost.UsbHost(sock=str(tmp / "usb.sock"), boot_timeout=BOOT_LIMIT_S) as host:
        with open(stripped, "rb") as f:
            put_file(host, f.read(), "/tmp/omap-usbboot")
        yield host


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


def base_args(pc, machine="gta04"):
    return ["--machine", machine, "--aux", "--usb", "unix:" + pc.sock]


def run_tool(pc, sim_args, tool_args, machine="gta04"):
    """omap-usbboot waiting in the guest, then the board starts; (the
    simulator's Run, the tool's output ending in rc=N)."""
    status, out = pc.run("(/tmp/omap-usbboot -w 60 %s >/tmp/log 2>&1; echo rc=$? >>/tmp/log) "
                         "& echo started" % tool_args)
    assert status == 0, out
    t = sim_in_thread(base_args(pc, machine) + sim_args)
    t.join()
    r = t.result
    for _ in range(20):
        status, log = pc.run("cat /tmp/log", timeout=20)
        if "rc=" in log:
            break
        time.sleep(0.5)
    print(log)
    print(r.stderr)
    return r, log


def test_rom_waits_then_moves_on(pc, sim):
    """Nobody loads anything: the guest lists the ROM's device, the ROM
    gives up after --rom-usb-ms and tries UART3, MMC1, NAND."""
    t = sim_in_thread(base_args(pc) + ["--rom-usb-ms", "8000"])
    try:
        line = pc.wait_device("0451:d00e", timeout=20)
    finally:
        t.join()
    assert "0451:d00e" in line
    r = t.result
    assert "ROM: USB: connected as 0451:d00e" in r.stderr, r.stderr
    assert "no host read the ASIC ID within 8000 ms" in r.stderr, r.stderr
    assert r.report["message"].startswith("ROM: no bootable image"), r.report["message"]


@pytest.mark.parametrize("machine,pid,dev", [("gta04", "d00e", "3630"),
                                             ("beagle", "d009", "3430")])
def test_rom_usb_boot(pc, sim, guest, machine, pid, dev):
    g = guest("sim-usbload")
    put_file(pc, g.binary, "/tmp/payload.bin")
    r, log = run_tool(pc, ["--rom-usb-ms", "10000", "--stop-at", hex(g.sym("done"))],
                      "/tmp/payload.bin", machine)
    assert "rc=0" in log, log
    assert "found 0451:%s" % pid in log, log
    assert "device %s" % dev in log, log
    assert "%d bytes sent" % len(g.binary) in log, log
    assert "ROM: USB: %d bytes loaded at 0x40200000" % len(g.binary) in r.stderr, r.stderr
    rep = r.report
    assert rep["result"] == "stop", rep["message"]
    assert rep["pc"] == g.sym("done")
    assert rep["boot_device"] == 0x11
    assert rep["r0"] == 0x4020FE00
    assert rep["r6"] == 0x11          # the payload read the boot device itself
    assert rep["r5"] == 0x600DCAFE


def test_second_stage_file(pc, sim, guest):
    """The loaded program asks for a file on the endpoints the ROM left
    configured (docs/usb.md "Serving further files")."""
    g = guest("sim-usbfiles")
    data = bytes((i * 37 + 11) & 0xFF for i in range(1536))
    put_file(pc, g.binary, "/tmp/stage1.bin")
    put_file(pc, data, "/tmp/rest.bin")
    r, log = run_tool(pc, ["--rom-usb-ms", "10000", "--stop-at", hex(g.sym("done"))],
                      "-j 0x12345678 /tmp/stage1.bin /tmp/rest.bin@0x40208000")
    assert "rc=0" in log, log
    assert "/tmp/rest.bin: the program has it" in log, log
    assert "jump to 0x12345678 sent" in log, log
    rep = r.report
    assert rep["result"] == "stop", rep["message"]
    assert rep["pc"] == g.sym("done")
    assert rep["r7"] == len(data)
    assert rep["r8"] == 0x40208000
    assert rep["r9"] == 0x12345678
    assert rep["r10"] == sum(struct.unpack("<%dI" % (len(data) // 4), data)) & 0xFFFFFFFF


def test_public_loader(pc, sim, guest):
    """One of the public loaders (grant-h/omap_loader, barebox's
    omap3-usb-loader: same command line) against the simulator's ROM, when
    OMAP_USB_LOADER names one built for this host (it is not part of the
    project: build it from your own checkout). It looks for the device
    once per libusb context, so it starts after the guest lists it."""
    loader = os.environ.get("OMAP_USB_LOADER")
    if not loader or not os.access(loader, os.X_OK):
        pytest.skip("OMAP_USB_LOADER not set to a built omap_loader / omap3-usb-loader")
    g = guest("sim-usbload")
    with open(loader, "rb") as f:
        put_file(pc, f.read(), "/tmp/public-loader")
    put_file(pc, g.binary, "/tmp/payload.bin")
    t = sim_in_thread(base_args(pc) + ["--rom-usb-ms", "15000",
                                       "--stop-at", hex(g.sym("done"))])
    try:
        pc.wait_device("0451:d00e", timeout=20)
        status, log = pc.run("/tmp/public-loader -v -f /tmp/payload.bin", timeout=30)
    finally:
        t.join()
    r = t.result
    print(log)
    print(r.stderr)
    assert status == 0, log
    assert "ROM: USB: %d bytes loaded at 0x40200000" % len(g.binary) in r.stderr, r.stderr
    assert r.report["result"] == "stop" and r.report["r5"] == 0x600DCAFE, r.report["message"]

    # the second stage: the same requests omap-usbboot answers
    g = guest("sim-usbfiles")
    data = bytes((i * 13 + 5) & 0xFF for i in range(1024))
    put_file(pc, g.binary, "/tmp/stage1.bin")
    put_file(pc, data, "/tmp/rest.bin")
    t = sim_in_thread(base_args(pc) + ["--rom-usb-ms", "15000",
                                       "--stop-at", hex(g.sym("done"))])
    try:
        pc.wait_device("0451:d00e", timeout=20)
        status, log = pc.run("/tmp/public-loader -f /tmp/stage1.bin -f /tmp/rest.bin "
                             "-a 0x40208000 -j 0x12345678", timeout=30)
    finally:
        t.join()
    r = t.result
    print(log)
    assert status == 0, log
    rep = r.report
    assert rep["result"] == "stop", rep["message"]
    assert (rep["r7"], rep["r8"], rep["r9"]) == (len(data), 0x40208000, 0x12345678)
    assert rep["r10"] == sum(struct.unpack("<%dI" % (len(data) // 4), data)) & 0xFFFFFFFF
