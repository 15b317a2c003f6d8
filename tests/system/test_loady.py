# SPDX-License-Identifier: GPL-2.0-or-later
"""loady in the simulator: a YMODEM batch sent through UART3, paced by the
receiver's own replies ({expect C}, {expect ACK}) because the simulator
has no pty to run lrzsz's sb against (--serial takes stdio or a file). The
stream is the one sb sends: block 0 with name and size, 1K blocks (STX), a
128-byte block (SOH) at the end, EOT answered by NAK then ACK, and the
empty block 0 that ends the batch (Forsberg, "XMODEM/YMODEM Protocol
Reference", sections 5-7)."""
import random
import zlib

import pytest

import test_console as tc

SOH, STX, EOT, ACK, NAK = 1, 2, 4, 6, 0x15


def crc16(data):
    crc = 0
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = (crc << 1 ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
    return crc


def block(num, data, size, pad=b"\x1a"):
    data = data.ljust(size, pad)
    return bytes([STX if size == 1024 else SOH, num & 0xFF, 0xFF - (num & 0xFF)]) + data + \
        crc16(data).to_bytes(2, "big")


def raw(data):
    return "".join("\\x%02x" % b for b in data)


def ymodem_script(name, payload):
    """Console input: each block sent once the receiver asked for it."""
    hdr = name.encode() + b"\0" + str(len(payload)).encode() + b" 0 100644"
    s = "{expect Ctrl-C aborts\r\n}{expect C}" + raw(block(0, hdr, 128, b"\0")) + "{expect \\x06C}"
    off, num = 0, 1
    while off < len(payload):
        size = 1024 if len(payload) - off > 128 else 128
        s += raw(block(num, payload[off:off + size], size)) + "{expect \\x06}"
        off += size
        num += 1
    s += raw(bytes([EOT])) + "{expect \\x15}" + raw(bytes([EOT])) + "{expect \\x06C}"
    s += raw(block(0, b"", 128, b"\0")) + "{expect \\x06}"
    return s


@pytest.fixture(autouse=True)
def need_cli(cli):
    pass


cli = tc.cli
firmware = tc.firmware


@pytest.mark.parametrize("size", [1, 128, 1000, 3000 + 17])
def test_loady_receives_file(size):
    payload = random.Random(size).randbytes(size)
    inp = tc.script("loady 80400000", start="{expect %s}" % tc.PROMPT).rsplit("{expect", 1)[0]
    inp += ymodem_script("test.bin", payload) + "{expect %s}" % tc.PROMPT
    inp += tc.esc("printenv filesize") + "\\r{expect %s}" % tc.PROMPT
    inp += tc.esc("crc32 80400000 %x" % size) + "\\r{expect %s}" % tc.PROMPT
    r = tc.session(inp, max_ms=20000)
    assert r.rc == 2, r.stderr + r.serial
    assert "loady: 'test.bin', %d bytes (0x%x) at 0x80400000" % (size, size) in r.serial, \
        r.serial[-800:]
    assert "filesize=%x\r\n" % size in r.serial
    assert "crc32 for 80400000 ... %08x ==> %08x" % (0x80400000 + size - 1,
                                                      zlib.crc32(payload)) in r.serial


def test_loady_ctrl_c_aborts():
    inp = "{expect %s}loady\\r{expect Ctrl-C aborts\r\n}{expect C}\\x03{expect %s}version\\r" \
        "{expect %s}" % (tc.PROMPT, tc.PROMPT, tc.PROMPT)
    r = tc.session(inp)
    assert "error: loady: cancelled after 0 bytes" in r.serial, r.serial[-600:]
    assert "gtaboot> version\r\ngtaboot 0.1" in r.serial


def test_loady_refuses_gtaboot_buffers():
    outs, _ = tc.run_cmds("loady bff80000")
    assert "overlaps gtaboot's buffers" in outs[0]
