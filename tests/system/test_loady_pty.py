# SPDX-License-Identifier: GPL-2.0-or-later
"""loady against the real lrzsz `sb` through the simulator's pseudo-terminal
(--serial pty), the way a script drives a board on a USB-serial cable: type
`loady`, start `sb --ymodem` on the same tty at once, so sb also reads the
echo and loady's banner ("... Ctrl-C aborts"), whose 'C' it takes for the
receiver's start. Then `crc32` over what arrived must equal zlib.crc32 of
the file, and `filesize` must be set. Forsberg, "XMODEM/YMODEM Protocol
Reference"; no TRM chapter (UART3 console)."""
import os
import random
import re
import select
import shutil
import subprocess
import time
import zlib

import pytest

import test_console as tc

ADDR = 0x84000000
SB = shutil.which("sb")

firmware = tc.firmware


class Console:
    """gtaboot in the simulator, its UART3 on a pty we also hand to sb."""

    def __init__(self):
        self.proc = subprocess.Popen(
            [tc.simrun.SIM, "--machine", "gta04", "--rev", "A5", "--max-ms", "120000",
             "--load-raw", tc.BIN + "@0x40200000", "--serial", "pty"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True)
        line = self.proc.stderr.readline()
        m = re.search(r"console on (\S+)", line)
        if not m:
            self.close()
            pytest.skip("no pty from the simulator: " + line.strip())
        self.path = m.group(1)
        self.fd = os.open(self.path, os.O_RDWR | os.O_NOCTTY)
        self.buf = b""

    def read_until(self, pat, timeout=20.0):
        end = time.monotonic() + timeout
        while pat not in self.buf:
            left = end - time.monotonic()
            assert left > 0, "no %r on the console; last: %r" % (pat, self.buf[-400:])
            if select.select([self.fd], [], [], min(left, 0.2))[0]:
                self.buf += os.read(self.fd, 4096)
        i = self.buf.index(pat) + len(pat)
        out, self.buf = self.buf[:i], self.buf[i:]
        return out

    def type(self, line):
        os.write(self.fd, line.encode() + b"\r")

    def command(self, line):
        self.type(line)
        return self.read_until(tc.PROMPT.encode()).decode("latin-1")

    def close(self):
        if getattr(self, "fd", None) is not None:
            os.close(self.fd)
            self.fd = None
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.proc.stderr.close()


@pytest.fixture(scope="module")
def console():
    if not SB:
        pytest.skip("sb (lrzsz) is not installed")
    if not os.path.exists("/dev/ptmx"):
        pytest.skip("no pseudo-terminals on this host")
    if not tc.cli_linked():
        pytest.skip("the console is not linked into build/gta04/gtaboot.elf")
    c = Console()
    try:
        c.read_until(tc.PROMPT.encode(), timeout=30)
        yield c
        c.type("poweroff")
        try:
            c.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
    finally:
        c.close()


def send(console, tmp_path, size, k1, wait_banner):
    data = random.Random(size * 2 + k1).randbytes(size)
    name = "f%d%s.bin" % (size, "k" if k1 else "")
    (tmp_path / name).write_bytes(data)
    console.type("loady 0x%08x" % ADDR)
    if wait_banner:
        # sb starts on a clean line: only loady's 'C's reach it.
        console.read_until(b"aborts\r\n")
    args = [SB, "--ymodem"] + (["-k"] if k1 else []) + [name]
    sb = subprocess.run(args, cwd=tmp_path, stdin=console.fd, stdout=console.fd,
                        stderr=subprocess.PIPE, timeout=40)
    out = console.read_until(tc.PROMPT.encode()).decode("latin-1")
    assert sb.returncode == 0, sb.stderr.decode("latin-1")[-400:] + out
    assert "loady: '%s', %d bytes (0x%x) at 0x%08x" % (name, size, size, ADDR) in out, out
    return data


@pytest.mark.parametrize("size,k1,wait_banner", [
    (1, False, False),
    (128, False, False),
    (3000, False, False),       # 128-byte blocks: the run that ended in EBADMSG
    (3000 + 17, False, True),
    (5 * 1024 + 300, True, False),  # 1K blocks, then 128 for the tail
    (40000, True, False),
])
def test_loady_lrzsz_sb(console, tmp_path, size, k1, wait_banner):
    data = send(console, tmp_path, size, k1, wait_banner)
    out = console.command("crc32 0x%08x 0x%x" % (ADDR, size))
    assert "crc32 0x%08x+0x%x: %08x" % (ADDR, size, zlib.crc32(data)) in out, out
    out = console.command("printenv filesize")
    assert "filesize=%x\r\n" % size in out, out
