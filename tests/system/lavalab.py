# SPDX-License-Identifier: GPL-2.0-or-later
"""A one-board LAVA lab around the simulator, for tests/system/test_lava.py:
what docs/labs.md's device dictionary names as the lab's own tools.

- `telnet localhost 7000` (connection_command) reaches a serial server
  here, as ser2net serves a board's UART: it speaks enough telnet to put
  the client into character mode (WILL ECHO, WILL SUPPRESS-GO-AHEAD) and
  bridges the bytes to the simulator's pty (--serial pty), following the
  board across power cycles.
- `pduclient ... --command on|off|reboot` (the PDU commands) is this
  file run as a script: it ends the simulator it started last (by its
  pid) and, for on and reboot, starts a new one, whose pty it writes into
  the lab directory for the serial server."""
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import tty

IAC, SB, SE, WILL, WONT, DO, DONT = 255, 250, 240, 251, 252, 253, 254
ECHO, SGA = 1, 3


class TelnetFilter:
    """The client's bytes with telnet commands taken out; a CR followed by
    NUL or LF is one CR (RFC 854: the NVT's end of line)."""

    def __init__(self):
        self.state = None
        self.cr = False

    def feed(self, data):
        out = bytearray()
        for b in data:
            if self.state == "iac":
                self.state = None
                if b == IAC:
                    out.append(IAC)
                elif b in (WILL, WONT, DO, DONT):
                    self.state = "opt"
                elif b == SB:
                    self.state = "sb"
                continue
            if self.state == "opt":
                self.state = None
                continue
            if self.state in ("sb", "sbiac"):
                self.state = "sbiac" if b == IAC else (None if self.state == "sbiac" and b == SE
                                                      else "sb")
                continue
            if b == IAC:
                self.state = "iac"
                continue
            if self.cr and b in (0, 10):
                self.cr = False
                continue
            self.cr = b == 13
            out.append(b)
        return bytes(out)


class SerialServer:
    """Serves 127.0.0.1:port; each connection is bridged to the pty named
    in labdir/pty, reopened when the simulator there is replaced."""

    def __init__(self, labdir, port):
        self.labdir, self.port = labdir, port
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(1)
        self.sock.settimeout(0.1)       # close() is seen within that
        self.stop = False
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def close(self):
        self.stop = True
        self.sock.close()
        self.thread.join(timeout=5)

    def current_pty(self):
        try:
            with open(os.path.join(self.labdir, "pty")) as f:
                return f.read().strip() or None
        except OSError:
            return None

    def serve(self):
        while not self.stop:
            try:
                conn, _ = self.sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            conn.settimeout(None)
            with conn:
                self.bridge(conn)

    def bridge(self, conn):
        conn.sendall(bytes([IAC, WILL, ECHO, IAC, WILL, SGA]))
        filt, fd, name = TelnetFilter(), None, None
        while not self.stop:
            want = self.current_pty()
            if want != name:
                if fd is not None:
                    os.close(fd)
                fd, name = None, want
                if want:
                    try:
                        fd = os.open(want, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
                        tty.setraw(fd)
                    except OSError:
                        fd, name = None, None
            rd = [conn] + ([fd] if fd is not None else [])
            r, _, _ = select.select(rd, [], [], 0.02)
            if conn in r:
                data = conn.recv(4096)
                if not data:
                    break
                data = filt.feed(data)
                if fd is not None and data:
                    try:
                        os.write(fd, data)
                    except OSError:
                        pass
            if fd is not None and fd in r:
                try:
                    data = os.read(fd, 4096)
                except BlockingIOError:
                    data = b""
                except OSError:     # the simulator ended: its pty is gone
                    os.close(fd)
                    fd = None
                    continue
                if data:
                    conn.sendall(data.replace(b"\xff", b"\xff\xff"))
        if fd is not None:
            os.close(fd)


def stop_board(labdir):
    """End the simulator this lab started last, by its pid."""
    try:
        with open(os.path.join(labdir, "sim.pid")) as f:
            pid = int(f.read())
    except (OSError, ValueError):
        return
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for _ in range(200):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.01)
    os.unlink(os.path.join(labdir, "sim.pid"))
    with open(os.path.join(labdir, "pty"), "w"):
        pass


def start_board(labdir):
    with open(os.path.join(labdir, "sim.json")) as f:
        args = json.load(f)
    err = os.path.join(labdir, "sim.err")
    with open(err, "w") as e:
        p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=e,
                             start_new_session=True)
    with open(os.path.join(labdir, "sim.pid"), "w") as f:
        f.write(str(p.pid))
    for _ in range(500):
        with open(err) as e:
            for line in e:
                if "console on " in line:
                    tmp = os.path.join(labdir, "pty.new")
                    with open(tmp, "w") as f:
                        f.write(line.split("console on ")[1].split()[0])
                    os.rename(tmp, os.path.join(labdir, "pty"))
                    return 0
        if p.poll() is not None:
            break
        time.sleep(0.01)
    sys.stderr.write("pduclient: the simulator gave no pty\n")
    return 1


def pdu_main(argv):
    """pduclient --daemon D --hostname H --command on|off|reboot --port P"""
    labdir = os.environ["GTABOOT_LAB"]
    cmd = argv[argv.index("--command") + 1]
    with open(os.path.join(labdir, "pdu.log"), "a") as f:
        f.write(cmd + "\n")
    stop_board(labdir)
    return start_board(labdir) if cmd in ("on", "reboot") else 0


if __name__ == "__main__":
    sys.exit(pdu_main(sys.argv[1:]))
