# SPDX-License-Identifier: GPL-2.0-or-later
"""U-Boot's serial loaders in the simulator: loadx (an XMODEM-1K/CRC
stream paced by the receiver's replies, as sx sends it) and loads (the
S-records objcopy -O srec writes, typed line by line), each file checked
by crc32, and their refusals (bad checksum, a record over gtaboot's own
memory, Ctrl-C, another baud rate)."""
import random
import subprocess
import zlib

import pytest

import test_console as tc
from test_loady import block, raw, EOT

firmware = tc.firmware
cli = tc.cli
P = tc.PROMPT


@pytest.fixture(autouse=True)
def need_cli(cli):
    pass


def xmodem_script(payload):
    s = "{expect bps...\r\n}{expect C}"
    off, num = 0, 1
    while off < len(payload):
        size = 1024 if len(payload) - off > 128 else 128
        s += raw(block(num, payload[off:off + size], size)) + "{expect \\x06}"
        off += size
        num += 1
    return s + raw(bytes([EOT])) + "{expect \\x15}" + raw(bytes([EOT])) + "{expect \\x06}"


@pytest.mark.parametrize("size", [100, 2000])
def test_loadx(size):
    payload = random.Random(size).randbytes(size)
    inp = "{expect %s}loadx 80400000\\r" % P + xmodem_script(payload) + "{expect %s}" % P
    padded = size + (-size % 128 if size % 1024 <= 128 else -size % 1024)
    inp += tc.esc("echo $filesize; crc32 80400000 %x" % size) + "\\r{expect %s}" % P
    r = tc.session(inp, max_ms=20000)
    assert r.rc == 2, r.stderr + r.serial
    assert "## Ready for binary (xmodem) download to 0x80400000 at 115200 bps..." in r.serial
    assert "## Total Size      = 0x%08x = %d Bytes\r\n## Start Addr      = 0x80400000" % (
        padded, padded) in r.serial, r.serial[-600:]
    assert "crc32 for 80400000 ... %08x ==> %08x" % (0x80400000 + size - 1, zlib.crc32(payload)) in r.serial


def test_loadx_refusals():
    outs, _ = tc.run_cmds("loadx 80400000 9600", "loadx 40200000")
    assert "error: loadx: the console stays at 115200 bps" in outs[0]
    assert "error: loadx 0x40200000" in outs[1]
    r = tc.session("{expect %s}loadx\\r{expect C}\\x03{expect %s}" % (P, P))
    assert "error: loadx: cancelled after 0 bytes\r\n## Binary (xmodem) download aborted" in \
        r.serial


@pytest.fixture(scope="module")
def srec(tmp_path_factory):
    d = tmp_path_factory.mktemp("srec")
    data = random.Random(7).randbytes(3000)
    (d / "data.bin").write_bytes(data)
    # objcopy writes a file of its own, never /dev/stdout: run as root with
    # that output, it once left /dev/stdout a regular file in place of the
    # symlink, and every program's /dev/stdout on the machine wrote there.
    subprocess.run(["objcopy", "-I", "binary", "-O", "srec", "--change-addresses",
                    "0x80400000", "--set-start", "0x40", str(d / "data.bin"),
                    str(d / "data.srec")], check=True, capture_output=True)
    return data, (d / "data.srec").read_text().splitlines()


def loads_session(cmd, lines, after=()):
    inp = "{expect %s}%s\\r{expect download ...\r\n}" % (P, cmd)
    inp += "".join(tc.esc(line) + "\\n" for line in lines) + "{expect %s}" % P
    inp += "".join(tc.esc(c) + "\\r{expect %s}" % P for c in after)
    r = tc.session(inp, max_ms=20000)
    assert r.rc == 2, r.stderr + r.serial
    return r.serial


def test_loads(srec):
    data, lines = srec
    assert lines[1].startswith("S3")
    out = loads_session("loads", lines, ["echo $filesize", "crc32 80400000 bb8"])
    assert "## Ready for S-Record download ...\r\n" in out
    assert "\r\n## First Load Addr = 0x80400000\r\n## Last  Load Addr = 0x80400BB7\r\n" \
        "## Total Size      = 0x00000BB8 = 3000 Bytes\r\n## Start Addr      = 0x80400040" in out
    assert "\r\nbb8\r\n" in out
    assert "crc32 for 80400000 ... 80400bb7 ==> %08x" % zlib.crc32(data) in out


def test_loads_offset_and_faults(srec):
    data, lines = srec
    out = loads_session("loads 100000", lines, ["crc32 80500000 bb8"])
    assert "## First Load Addr = 0x80500000" in out
    assert "crc32 for 80500000 ... 80500bb7 ==> %08x" % zlib.crc32(data) in out
    bad = list(lines)
    bad[3] = bad[3][:-2] + ("00" if bad[3][-2:] != "00" else "01")
    out = loads_session("loads", bad)
    assert "error: loads: line 4: checksum mismatch\r\n## S-Record download aborted" in out
    out = loads_session("loads c0000000", lines[:3])
    assert "Cannot overwrite reserved area (40400000..40400010)" in out
    assert "## S-Record download aborted" in out
