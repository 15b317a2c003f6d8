# SPDX-License-Identifier: GPL-2.0-or-later
"""A qemu-linaro session for test_qemu.py and tools/qemu-linaro-times.py:
tools/qemu-linaro.sh boot with UART3 on pipes, its output timestamped."""
import os
import re
import subprocess
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
QEMU = os.path.join(ROOT, "build", "qemu-linaro", "bin", "qemu-system-arm")
SCRIPT = os.path.join(ROOT, "tools", "qemu-linaro.sh")
PROMPT = b"gtaboot> "
SHELL = b"initramfs:/# "


class Qemu:
    """tools/qemu-linaro.sh boot, its UART3 on pipes; output kept with the
    host time each piece arrived (seconds since start)."""

    def __init__(self, *args):
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen([SCRIPT, "boot"] + list(args), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.buf, self.times, self.pos = bytearray(), [], 0
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        fd = self.proc.stdout.fileno()
        while True:
            data = os.read(fd, 4096)
            with self.lock:
                if not data:
                    self.times.append((len(self.buf), None))
                    self.lock.notify_all()
                    return
                self.times.append((len(self.buf), time.monotonic() - self.t0))
                self.buf += data
                self.lock.notify_all()

    def expect(self, pattern, timeout=30):
        """Wait for the regex (bytes) past what was already matched; the
        match. Fails with the tail of the output on timeout or exit."""
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        with self.lock:
            while True:
                m = rx.search(self.buf, self.pos)
                if m:
                    self.pos = m.end()
                    return m
                left = end - time.monotonic()
                exited = self.times and self.times[-1][1] is None
                assert left > 0 and not exited, "no %r in %s; last output:\n%s" % (
                    pattern, "time" if not exited else "qemu's output (it exited)",
                    self.buf[-1500:].decode("latin-1"))
                self.lock.wait(min(left, 0.5))

    def when(self, m):
        """Host seconds at which the byte starting match m arrived."""
        t = None
        for off, at in self.times:
            if at is None or off > m.start():
                break
            t = at
        return t

    def send(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def command(self, line, timeout=30):
        """A console command; its output (echo and prompt stripped)."""
        self.send(line.encode() + b"\r")
        m = self.expect(b"(?s)" + re.escape(line.encode()) + b"\r\n(.*?)" + re.escape(PROMPT), timeout)
        return m.group(1).decode("latin-1")

    def text(self):
        return self.buf.decode("latin-1")

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
