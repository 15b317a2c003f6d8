# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot's `ums` against a real Linux USB host (issue #25, docs/usb.md
"USB mass storage"): the simulated GTA04 exports its SD card with
`ums 0 mmc 0`; the USB host guest (usbhost.py) sees a USB disk through its
stock usb-storage and sd drivers, `dd`s a card image (the sdcard fixture,
cards.py) onto it and ejects it; gtaboot then boots what the PC
wrote."""
import os

import test_console as tc
from test_usbhost_dfu import board_and_host, parts  # noqa: F401  (the fixture)

firmware = tc.firmware
dtb = tc.dtb
VIDPID = "0451:d022"


def used_length(path, chunk=1 << 16):
    """Where the image's last non-zero byte is, rounded up to chunk: an
    image made on a file of zeros is the same as its start followed by
    zeros, so only that much needs to cross the USB."""
    with open(path, "rb") as f:
        data = f.read()
    return (len(data.rstrip(b"\0")) + chunk - 1) // chunk * chunk


def test_ums_dd_then_boot(parts, sdcard, dtb, tmp_path):  # noqa: F811
    image = sdcard({"zImage": tc.fake_zimage(), "sim.dtb": dtb,
                    "extlinux/extlinux.conf": tc.EXTLINUX}, fat=16)
    size = os.path.getsize(image)
    n = used_length(image)
    blank = str(tmp_path / "blank.img")        # the card in the phone: empty
    with open(blank, "wb") as f:
        f.truncate(size)
    script = ("{expect %s}ums 0 mmc 0\\r{expect the host ejected the disk}" % tc.PROMPT +
              "{expect %s}boot\\r" % tc.PROMPT)
    files = {"/payload/card.img": image}
    with board_and_host(script, files=files, extra=["--sd", blank]) as (pc, sim):
        pc.wait_device(VIDPID, timeout=60)
        status, out = pc.run("for i in $(seq 100); do [ -b /dev/sda ] && break; "
                             "sleep 0.2; done; cat /sys/block/sda/size", timeout=40)
        assert status == 0 and int(out.split()[-1]) * 512 == size, out
        status, out = pc.run("dd if=/payload/card.img of=/dev/sda bs=64k count=%d "
                             "conv=fsync && eject /dev/sda" % (n // 65536),
                             timeout=120)
        assert status == 0, out
        rc = sim.wait(60)
        assert rc == 0, "simulator: exit %r" % rc
        # the card holds what the PC wrote, sector for sector (the run's
        # card: --load-raw gives the simulator a copy of blank.img)
        with open(sim.sd, "rb") as a, open(image, "rb") as b:
            x, y = a.read(), b.read()
        diff = [i // 512 for i in range(0, len(x), 512) if x[i:i + 512] != y[i:i + 512]]
        assert len(x) == len(y) and not diff, "the card differs in sectors %s" % diff[:20]
    serial = sim.text()
    assert "UMS: LUN 0, dev mmc 0, hwpart 0, sector 0x0, count 0x%x" % (size // 512) in serial
    assert "Booting 'Good entry'" in serial, serial[-3000:]
    assert "result=handoff" in serial, serial[-2000:]
