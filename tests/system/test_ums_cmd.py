# SPDX-License-Identifier: GPL-2.0-or-later
"""The `ums` command's side that needs no USB (docs/usb.md, "USB mass
storage"): U-Boot's syntax and its errors, and the refusals made before
the controller is touched (no such device or partition). An accepted
`ums` against a real USB host is tests/system/test_usbhost_ums.py."""
import test_console as tc

firmware = tc.firmware
cli = tc.cli


def test_ums_syntax_and_refusals(cli):
    outs, _ = tc.run_cmds(
        "ums",
        "ums 0",
        "ums 1 mmc 0",
        "ums 0 usb 0",
        "ums 0 mmc 1",
        "ums 0 mmc 0 1",
        "ums 0 mmc 0:1",
        "ums 0 0:1",
        "help ums",
    )
    usage = "usage: ums <USB_controller> [<devtype>] <dev[:part]>"
    assert usage in outs[0]
    assert usage in outs[1]
    assert "no USB controller '1'" in outs[2]
    assert "device type 'usb' not supported (mmc)" in outs[3]
    assert "no mmc device '1'" in outs[4]
    assert usage in outs[5]
    # this session's card is the raw MLO, without an MBR: no partition 1,
    # refused before USB starts (devtype defaults to mmc)
    assert "error: ums: no partition 1 on mmc 0" in outs[6]
    assert "error: ums: no partition 1 on mmc 0" in outs[7]
    assert "\r\nUsage:\r\n" + usage[len("usage: "):] + "\r\n" in outs[8]
    for o in outs:
        assert "UMS: LUN" not in o


def test_ums_partition_refusals(cli, sdcard):
    img = sdcard({"hello.txt": b"hello\n"})
    outs, _ = tc.run_cmds(
        "ums 0 mmc 0:9",
        "ums 0 mmc 0:x",
        "ums 0 mmc 0:0",
        "ums 0 mmc 00",
        sd=img,
    )
    assert "error: ums: no partition 9 on mmc 0" in outs[0]
    assert "bad partition 'x'" in outs[1]
    assert "bad partition '0'" in outs[2]
    assert "no mmc device '00'" in outs[3]
    for o in outs:
        assert "UMS: LUN" not in o
