# SPDX-License-Identifier: GPL-2.0-or-later
"""The `dfu` command's side that needs no USB (docs/usb.md, "gtaboot as a
USB device"): U-Boot's syntax and its errors, `list` with the board
defaults and with dfu_alt_info, and entries refused before the controller
is touched. The USB transfers against a real USB host are
tests/system/test_usbhost_dfu.py."""
import test_console as tc

firmware = tc.firmware
cli = tc.cli


def test_dfu_list_and_errors(cli):
    outs, _ = tc.run_cmds(
        "dfu",
        "dfu 1",
        "dfu 0 mmc 0 list",
        "dfu 0 ram 1",
        "dfu 0 list",
        "dfu 0 nand 0 list",
        "setenv dfu_alt_info 'kernel ram 0x82000000 0x1000000;fdt ram 0x88000000 0x100000'",
        "dfu 0 ram 0 list",
        "setenv dfu_alt_info 'kernel ram 0x82000000'",
        "dfu 0 ram 0 list",
        "setenv dfu_alt_info 'MLO raw 0 0x80000'",
        "dfu 0 ram 0 list",
        "setenv dfu_alt_info 'kernel ram 0x82000000 0x1000000'",
        "dfu 0 nand 0 list",
        "setenv dfu_alt_info 'mine ram 0xbfc00000 0x100000'",
        "dfu 0 ram 0",
        "setenv dfu_alt_info 'k part 0 1'",
        "dfu 0 nand 0",
        # the run's card holds only MLO.raw: no partition table
        "dfu 0 mmc 0",
        "setenv dfu_alt_info 'k fat 0 1 offset 4'",
        "dfu 0 mmc 0",
        "setenv dfu_alt_info 'k ext4 1 2'",
        "dfu 0 mmc 0",
    )
    usage = "usage: dfu <USB_controller> [<interface> <dev>] [list]"
    assert usage in outs[0]
    assert "no USB controller '1'" in outs[1]
    # the mmc default, in U-Boot's list format
    assert 'the mmc default "boot part 0 1;rootfs part 0 2;' in outs[2]
    assert "dev: eMMC alt: 0 name: boot layout: RAW_ADDR\r\n" in outs[2]
    assert "dev: eMMC alt: 2 name: MLO layout: FAT\r\n" in outs[2]
    assert "no ram device '1'" in outs[3]
    # the board defaults, in U-Boot's list format
    assert 'the ram default "kernel ram 0x82000000 0x6000000;' in outs[4]
    assert "DFU alt settings list:\r\n" \
        "dev: RAM alt: 0 name: kernel layout: RAM_ADDR\r\n" \
        "dev: RAM alt: 1 name: fdt layout: RAM_ADDR\r\n" \
        "dev: RAM alt: 2 name: ramdisk layout: RAM_ADDR\r\n" in outs[4]
    assert "dev: NAND alt: 0 name: MLO layout: RAW_ADDR\r\n" in outs[5]
    assert "dev: NAND alt: 3 name: kernel layout: RAW_ADDR\r\n" in outs[5]
    # dfu_alt_info as set
    assert "default" not in outs[7]
    assert "dev: RAM alt: 1 name: fdt layout: RAM_ADDR\r\n" in outs[7]
    assert "'kernel': want 'ram ADDR SIZE'" in outs[9]
    assert "'MLO': memory layout (raw) not supported" in outs[11]
    assert "'kernel': memory layout (ram) not supported" in outs[13]
    # a RAM entry on gtaboot's own area is refused before USB starts
    assert "mine" in outs[15] and "USB" not in outs[15]
    assert "'part' needs mtdparts" in outs[17]
    assert "error: dfu: 'k': mmc 0 partition 1: no such partition" in outs[18]
    assert "hardware partitions" in outs[20]
    assert "'k': mmc 1 partition 2: no such mmc device" in outs[22]
    assert "USB" not in outs[18] + outs[20] + outs[22]
