# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot-sim --usb unix:PATH in the real main loop (tools/sim/usbredir.c):
the socket exists before the CPU runs, a usbredir peer gets the simulator's
hello, garbage closes that connection with a message and no harm, virtual
time is held to host time only while a peer is connected, and the socket
goes at the end. The guest idles (sim-idle.S); the USB traffic itself is
tested in tests/unit/sim/test_usbredir.c."""
import os
import re
import socket
import struct
import subprocess
import time

import simrun

HELLO = struct.pack("<III", 0, 68, 0) + b"pytest-peer".ljust(64, b"\0") + struct.pack("<I", 0)


def _start(guest, tmp_path, max_ms):
    path = str(tmp_path / "usb.sock")
    raw = str(tmp_path / "idle.bin")
    with open(raw, "wb") as f:
        f.write(guest("sim-idle").binary)
    p = subprocess.Popen([simrun.SIM, "--machine", "gta04", "--load-raw", "%s@0x40200000" % raw,
                          "--serial", str(tmp_path / "serial.txt"), "--max-ms", str(max_ms),
                          "--usb", "unix:" + path],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(200):
        if os.path.exists(path):
            break
        time.sleep(0.01)
    assert os.path.exists(path)
    return p, path


def _connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    s.settimeout(10)
    return s


def test_peer_hello_garbage_and_pacing(sim, guest, tmp_path):
    p, path = _start(guest, tmp_path, 20000)
    s = _connect(path)
    s.sendall(HELLO)
    head = s.recv(12)
    assert len(head) == 12 and struct.unpack("<I", head[:4])[0] == 0  # its hello
    # not usbredir: the simulator closes this connection and goes on
    s.sendall(b"\xa5" * 64)
    try:
        while s.recv(4096):
            pass
    except ConnectionResetError:   # closed with our bytes unread
        pass
    s.close()
    # a peer held for 1.5 s of host time: the run is held to it meanwhile
    t0 = time.monotonic()
    s = _connect(path)
    s.sendall(HELLO)
    assert len(s.recv(12)) == 12
    time.sleep(1.5)
    s.close()
    held = time.monotonic() - t0
    err = p.communicate(timeout=60)[1].decode()
    assert p.returncode == 2, err                 # --max-ms
    assert "said hello" in err and "not usbredir" in err, err
    # The virtual time that passed while the second peer was there (the
    # simulator's own account) kept to the host's: not ahead of it, and
    # not stopped. Without a peer the idle guest's seconds take
    # milliseconds (test_no_peer_no_pacing), so only that stretch is timed.
    came = [float(m) for m in re.findall(r"peer connected on .* at ([0-9.]+) ms of virtual", err)]
    went = [float(m) for m in re.findall(r"peer gone at ([0-9.]+) ms of virtual", err)]
    assert len(came) == 2 and len(went) == 2, err
    paced_ms = went[1] - came[1]
    assert 1000 < paced_ms <= held * 1000 + 50, (paced_ms, held, err)
    assert not os.path.exists(path)


def test_no_peer_no_pacing(sim, guest, tmp_path):
    p, path = _start(guest, tmp_path, 20000)
    t0 = time.monotonic()
    err = p.communicate(timeout=60)[1].decode()
    assert p.returncode == 2, err
    assert time.monotonic() - t0 < 10             # idle fast-forward as without --usb
    assert not os.path.exists(path)


def test_usb_option_syntax(sim):
    r = subprocess.run([simrun.SIM, "--machine", "gta04", "--usb", "tcp:1234"],
                       capture_output=True)
    assert r.returncode == 3
    assert b"--usb takes unix:PATH" in r.stderr
