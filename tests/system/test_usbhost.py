# SPDX-License-Identifier: GPL-2.0-or-later
"""The USB host guest (issue #25, docs/usb.md): Debian's x86_64 kernel and
host tools under qemu-system-x86_64 (tests/system/usbhost.py). Without a
device: it boots, lsusb lists the xHCI's root hubs, dfu-util -l finds
nothing. With the usbredir scaffolding peer (usbredir_fake.py, a fake
0451:d00e DFU device): the usb-redir path QEMU -> guest works, including
a peer that goes away and comes back (QEMU's reconnect=), which is what a
simulator run ending and a new one starting looks like."""

import pytest

import usbhost
import usbredir_fake

BOOT_LIMIT_S = 60


@pytest.fixture(scope="module")
def guest_ok():
    reason = usbhost.unavailable()
    if reason:
        pytest.skip(reason)


def test_boot_lsusb_dfu_util(guest_ok):
    with usbhost.UsbHost(boot_timeout=BOOT_LIMIT_S) as pc:
        print("usbhost: %s, shell after %.1f s" % (pc.accel_used, pc.boot_seconds))
        status, out = pc.run("lsusb --version")
        assert status == 0 and "usbutils" in out, out   # Debian's, not busybox's
        status, out = pc.run("lsusb", timeout=20)
        assert status == 0, out
        # qemu-xhci: a USB 2 and a USB 3 root hub
        assert "ID 1d6b:0002" in out and "ID 1d6b:0003" in out, out
        assert out.count("xHCI Host Controller") == 2, out
        status, out = pc.run("dfu-util -l", timeout=20)
        assert status == 0 and "dfu-util 0.11" in out, out
        assert "Found" not in out, out
        status, out = pc.run("fastboot --version")
        assert status == 0 and "fastboot version" in out, out
        status, out = pc.run("false")
        assert status == 1


def test_usbredir_fake_device(guest_ok, tmp_path):
    sock = str(tmp_path / "usb.sock")
    dev = usbredir_fake.FakeDevice(sock)   # listening before QEMU starts
    try:
        with usbhost.UsbHost(sock=sock, boot_timeout=BOOT_LIMIT_S) as pc:
            try:
                line = pc.wait_device("0451:d00e", timeout=20)
                assert line.startswith("Bus 001 Device"), line   # the USB 2 root hub
                status, out = pc.run("dfu-util -l", timeout=20)
                assert status == 0 and "Found DFU: [0451:d00e]" in out, out
                # the peer goes away (a simulator run ends): unplugged
                dev.close()
                pc.wait_device("0451:d00e", timeout=20, gone=True)
                # a new one listens at the same path: QEMU connects again
                dev = usbredir_fake.FakeDevice(sock)
                pc.wait_device("0451:d00e", timeout=20)
            except AssertionError:
                print("\n".join(dev.log))
                print(pc.text()[-3000:])
                raise
    finally:
        dev.close()


def test_usbredir_listener_after_qemu(guest_ok, tmp_path):
    """QEMU first, the listener later (reconnect=1): a simulator started
    after the PC is found all the same."""
    sock = str(tmp_path / "usb.sock")
    with usbhost.UsbHost(sock=sock, boot_timeout=BOOT_LIMIT_S) as pc:
        status, out = pc.run("lsusb -d 0451:d00e")
        assert status == 1 and not out.strip(), out    # nothing to find yet
        dev = usbredir_fake.FakeDevice(sock)
        try:
            pc.wait_device("0451:d00e", timeout=20)
        finally:
            dev.close()
