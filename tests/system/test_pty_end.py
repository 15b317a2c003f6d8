# SPDX-License-Identifier: GPL-2.0-or-later
"""The last lines a board prints before it switches off reach the program
on the simulator's pseudo-terminal (--serial pty), as they would reach a
USB-serial cable. The simulator waits for the reader before it closes the
pty; when it asked the tty with FIONREAD, bytes still in the kernel's flip
buffer counted as read, and under load about one run in ten lost its end
(a LAVA job once stalled there mid-line). tools/sim/hostterm.c,
hostterm_pty_drain(). No TRM chapter: the host side of the UART3 console.

Each run types a loop of echoes and `poweroff` and reads until the pty
hangs up; the power-off message must have arrived. The race is the host
kernel's, so one run proves little: the test makes RUNS of them."""
import os
import re
import select
import subprocess
import tempfile
import time
import tty

import test_console as tc

firmware = tc.firmware
RUNS = 10
LINE = b"for i in 1 2 3 4 5 6 7 8; do echo line-$i-" + b"y" * 40 + b"; done; poweroff\r"


def one_run():
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.Popen(
            tc.simrun.load_raw_args(
                [tc.simrun.SIM, "--machine", "gta04", "--rev", "A5", "--max-ms", "60000",
                 "--load-raw", tc.BIN + "@0x40200000", "--serial", "pty"], tmp),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            line = p.stderr.readline().decode(errors="replace")
            m = re.search(r"console on (\S+)", line)
            assert m, "no pty from the simulator: " + line
            fd = os.open(m.group(1), os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
            tty.setraw(fd)
            buf, typed, end = b"", False, time.monotonic() + 30
            try:
                while time.monotonic() < end:
                    r, _, _ = select.select([fd], [], [], 0.05)
                    if fd in r:
                        try:
                            d = os.read(fd, 4096)
                        except OSError:     # EIO: the simulator closed the pty
                            break
                        if not d:
                            break
                        buf += d
                    if not typed and tc.PROMPT.encode() in buf:
                        os.write(fd, LINE)
                        typed = True
            finally:
                os.close(fd)
            err = p.communicate(timeout=10)[1].decode(errors="replace")
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        assert typed, "no prompt on the pty: %r" % buf[-300:]
        assert "result=poweroff" in err, err[-800:]
        return buf


def test_last_line_before_poweroff_reaches_pty():
    lost = []
    for i in range(RUNS):
        buf = one_run()
        if b"line-8-" not in buf or b"Powering off" not in buf:
            lost.append((i, buf[-120:]))
    assert not lost, "%d of %d runs lost the end of the console: %r" % (len(lost), RUNS, lost)
