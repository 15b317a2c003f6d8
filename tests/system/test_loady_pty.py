# SPDX-License-Identifier: GPL-2.0-or-later
"""loady against the real lrzsz `sb` through the simulator's pseudo-terminal
(--serial pty), the way a script drives a board on a USB-serial cable: type
`loady`, start `sb --ymodem` on the same tty at once, so sb also reads the
echo and loady's banner ("... Ctrl-C aborts"), whose 'C' it takes for the
receiver's start. Then `crc32` over what arrived must equal zlib.crc32 of
the file, and `filesize` must be set.

sb does not get the simulator's pty itself: it reads ahead from its tty
and flushes it at exit, so whatever gtaboot printed right after the last
block ("loady: 'f128.bin', ...") would be eaten by sb, a few bytes or all
of them depending on timing. sb gets a pty of the test's own instead, and
the test relays both ways, keeping a copy of every byte gtaboot sends. Forsberg, "XMODEM/YMODEM Protocol
Reference"; no TRM chapter (UART3 console)."""
import os
import random
import re
import select
import shutil
import subprocess
import tempfile
import time
import tty
import zlib

import pytest

import test_console as tc

ADDR = 0x84000000
SB = shutil.which("sb")

firmware = tc.firmware


class Console:
    """gtaboot in the simulator, its UART3 on a pty we also hand to sb."""

    def __init__(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.proc = subprocess.Popen(
            tc.simrun.load_raw_args(
                [tc.simrun.SIM, "--machine", "gta04", "--rev", "A5", "--max-ms", "120000",
                 "--load-raw", tc.BIN + "@0x40200000", "--serial", "pty"], self.tmp.name),
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

    def relay_run(self, args, cwd, timeout):
        """Run args on a pty of its own while relaying between that pty and
        the console; every byte from the console is also kept in self.buf.
        Returns (exit code, stderr text)."""
        master, slave = os.openpty()
        tty.setraw(slave)
        errf = open(os.path.join(cwd, "sb.stderr"), "w+b")
        p = subprocess.Popen(args, cwd=cwd, stdin=slave, stdout=slave, stderr=errf)
        os.close(slave)
        end = time.monotonic() + timeout
        try:
            while True:
                done = p.poll() is not None
                r = select.select([self.fd, master], [], [], 0 if done else 0.05)[0]
                if self.fd in r:
                    data = os.read(self.fd, 4096)
                    self.buf += data
                    if not done:
                        try:
                            os.write(master, data)
                        except OSError:
                            pass
                if master in r:
                    try:
                        data = os.read(master, 4096)
                    except OSError:     # EIO: the program closed its tty
                        data = b""
                    if data:
                        os.write(self.fd, data)
                    elif done:
                        break
                if done and not r:
                    break
                assert time.monotonic() < end, "%s still running after %d s" % (args[0], timeout)
        finally:
            if p.poll() is None:
                p.kill()
            p.wait()
            os.close(master)
            errf.seek(0)
            err = errf.read().decode("latin-1")
            errf.close()
        return p.returncode, err

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
    assert tc.cli_linked(), "no cli_loop in build/gta04/gtaboot.elf: the console is gone"
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
    rc, err = console.relay_run(args, str(tmp_path), timeout=40)
    out = console.read_until(tc.PROMPT.encode()).decode("latin-1")
    assert rc == 0, err[-400:] + out
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
    assert "crc32 for %08x ... %08x ==> %08x" % (ADDR, ADDR + size - 1, zlib.crc32(data)) in out, out
    out = console.command("printenv filesize")
    assert "filesize=%x\r\n" % size in out, out
