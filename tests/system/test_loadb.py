# SPDX-License-Identifier: GPL-2.0-or-later
"""loadb (Kermit) in the simulator: a sender scripted here from the
Kermit Protocol Manual (Send-Init, F, D with control prefixes, Z, B),
each packet sent once the receiver's ACK for the one before has come
back, with a damaged packet that must be NAKed and sent again; then
G-Kermit (Debian's gkermit, when installed) as a real peer through the
simulator's pty. The file is checked by crc32 both times."""
import os
import random
import select
import shutil
import time
import zlib

import pytest

import simrun
import test_console as tc
import test_loady_pty as lp

firmware = tc.firmware
cli = tc.cli
P = tc.PROMPT


@pytest.fixture(autouse=True)
def need_cli(cli):
    pass


def tochar(x):
    return bytes([x + 32])


def packet(type_, seq, data=b""):
    body = tochar(len(data) + 3) + tochar(seq % 64) + type_.encode() + data
    s = sum(body)
    return b"\x01" + body + tochar((s + ((s & 192) >> 6)) & 63) + b"\r"


def encode(data):
    """Control characters and '#' prefixed; 8-bit bytes sent as they are."""
    out = b""
    for b in data:
        lo = b & 0x7f
        if lo < 32 or lo == 127:
            out += b"#" + bytes([b ^ 64])
        elif lo == ord("#"):
            out += b"#" + bytes([b])
        else:
            out += bytes([b])
    return out


def raw(data):
    return "".join("\\x%02x" % b for b in data)


def chunks(data):
    """D packet payloads of at most 90 encoded bytes."""
    out, cur = [], b""
    for b in data:
        e = encode(bytes([b]))
        if len(cur) + len(e) > 90:
            out.append(cur)
            cur = b""
        cur += e
    return out + ([cur] if cur else [])


def ack(seq, data=b""):
    return "{expect %s}" % raw(packet("Y", seq, data))


def kermit_script(name, payload, damage=None):
    init = b"~* @-#Y1 "      # MAXL 94, TIME 10, no padding, EOL CR, '#', no 8th-bit prefix
    s = "{expect bps...\r\n}" + raw(packet("S", 0, init)) + ack(0, b"~* @-#N1 ")
    s += raw(packet("F", 1, name.encode())) + ack(1)
    seq = 2
    for c in chunks(payload):
        p = packet("D", seq, c)
        if seq == damage:
            bad = bytearray(p)
            bad[5] ^= 1
            s += raw(bytes(bad)) + "{expect %s}" % raw(packet("N", seq))
        s += raw(p) + ack(seq)
        seq += 1
    s += raw(packet("Z", seq)) + ack(seq)
    s += raw(packet("B", seq + 1)) + ack(seq + 1)
    return s


# (size, the D packet sent damaged first): both transfers in one boot
SCRIPTED = [(1, None), (700, 4)]


def test_loadb_scripted_sender():
    inp = ""
    for size, damage in SCRIPTED:
        payload = random.Random(size).randbytes(size)
        inp += "{expect %s}loadb 80400000\\r" % P + kermit_script("TEST.BIN", payload, damage)
        inp += "{expect %s}" % P + tc.esc("crc32 80400000 %x" % size) + "\\r"
    r = tc.session(inp + "{expect %s}" % P, max_ms=20000)
    assert r.rc == 2, r.stderr + r.serial[-800:]
    runs = r.serial.split("loadb 80400000\r\n")[1:]
    assert len(runs) == len(SCRIPTED), r.serial[-800:]
    for (size, damage), out in zip(SCRIPTED, runs):
        payload = random.Random(size).randbytes(size)
        assert "## Ready for binary (kermit) download to 0x80400000 at 115200 bps..." in out
        assert "## Total Size      = 0x%08x = %d Bytes\r\n## Start Addr      = 0x80400000" % (
            size, size) in out, (size, out[-800:])
        assert "crc32 for 80400000 ... %08x ==> %08x" % (
            0x80400000 + size - 1, zlib.crc32(payload)) in out, (size, out[-800:])


def test_loadb_refusals():
    """Two refused forms, then Ctrl-C at the ready line, in one boot."""
    cmds = ("loadb 80400000 57600", "loadb 40200000")
    r = tc.session(tc.script(*cmds) + "loadb\\r{expect bps...\r\n}\\x03{expect %s}" % P)
    assert r.rc == simrun.EXIT["timeout"], r.stderr + r.serial
    outs = dict(tc.outputs(r.serial))
    for c in cmds:
        assert c in outs, "command %r never ran:\n%s" % (c, r.serial)
    assert "error: loadb: the console stays at 115200 bps" in outs[cmds[0]]
    assert "error: loadb 0x40200000" in outs[cmds[1]]
    assert "error: loadb: cancelled after 0 bytes\r\n## Binary (kermit) download aborted" in \
        r.serial


GKERMIT = shutil.which("gkermit")


@pytest.fixture(scope="module")
def console():
    if not GKERMIT:
        pytest.skip("gkermit is not installed (Debian package gkermit)")
    if not os.path.exists("/dev/ptmx"):
        pytest.skip("no pseudo-terminals on this host")
    c = lp.Console()
    try:
        c.read_until(P.encode(), timeout=30)
        yield c
    finally:
        c.close()


@pytest.mark.parametrize("size", [2000, 30000])
def test_loadb_gkermit(console, tmp_path, size):
    data = random.Random(size).randbytes(size)
    (tmp_path / "k.bin").write_bytes(data)
    console.type("loadb 0x84000000")
    # -b 0: G-Kermit times out in host time, while the simulator runs in
    # its own (slower under load): a resent packet would reach the prompt
    # after the transfer. The pty relay loses nothing, so none is needed.
    console.read_until(b"bps...\r\n")
    rc, err = console.relay_run([GKERMIT, "-i", "-b", "0", "-s", "k.bin"], str(tmp_path), timeout=50)
    out = console.read_until(P.encode()).decode("latin-1")
    assert rc == 0, err[-400:] + out
    assert "## Total Size      = 0x%08x = %d Bytes" % (size, size) in out, out
    # What G-Kermit writes to its tty after its last packet (line ends)
    # reaches the simulator, whose clock runs ahead of the relay's, after
    # loadb's 100 ms wait for it: it lands at the prompt. Let it come, end
    # any half line with Ctrl-C, and start the next command on a clean one.
    time.sleep(1)
    os.write(console.fd, b"\x03")
    time.sleep(0.5)
    while select.select([console.fd], [], [], 0.2)[0]:
        console.buf += os.read(console.fd, 4096)
    console.buf = b""
    out = console.command("crc32 84000000 %x" % size)
    assert "%08x" % zlib.crc32(data) in out, out
