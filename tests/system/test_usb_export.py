# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot-sim --usb unix:PATH in the real main loop (tools/sim/usbredir.c):
the socket exists before the CPU runs, a usbredir peer gets the simulator's
hello, garbage closes that connection with a message and no harm, virtual
time is held to host time only while a peer is connected, and the socket
goes at the end. The guest idles (sim-idle.S); the USB traffic itself is
tested in tests/unit/sim/test_usbredir.c."""
import json
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
                          "--usb", "unix:" + path, "--report", str(tmp_path / "report.json")],
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
    s = _connect(path)
    s.sendall(HELLO)
    assert len(s.recv(12)) == 12
    time.sleep(1.5)
    s.close()
    err = p.communicate(timeout=60)[1].decode()
    assert p.returncode == 2, err                 # --max-ms
    assert "said hello" in err and "not usbredir" in err, err
    # The simulator's own account of the second connection: the virtual
    # time that passed, and the host time from its accept to its close
    # (at least the 1.5 s slept above, as it said hello first). Held to
    # the host, virtual time is ahead by at most a few steps of 1 ms (the
    # pacing wait is whole milliseconds, and the closing peer wakes it
    # early; 2.9 ms seen): 20 ms allowed, where an unpaced run would be
    # seconds ahead. And it did not stand still: without a peer the idle
    # guest's seconds take milliseconds (test_no_peer_no_pacing). No host
    # time of the test's own is compared: a loaded machine slows both.
    came = [float(m) for m in re.findall(r"peer connected on .* at ([0-9.]+) ms of virtual", err)]
    went = re.findall(r"peer gone at ([0-9.]+) ms of virtual time, after ([0-9.]+) ms of host", err)
    assert len(came) == 2 and len(went) == 2, err
    paced_ms = float(went[1][0]) - came[1]
    host_ms = float(went[1][1])
    assert host_ms >= 1500, err
    assert 100 < paced_ms <= host_ms + 20, (paced_ms, host_ms, err)
    assert not os.path.exists(path)


def test_no_peer_no_pacing(sim, guest, tmp_path):
    p, path = _start(guest, tmp_path, 20000)
    err = p.communicate(timeout=60)[1].decode()
    assert p.returncode == 2, err
    assert "peer connected" not in err, err
    # Held to the host, 20 s of virtual time would take 20 s of the run's
    # host time (the simulator's own account in its report); the idle
    # guest fast-forwarded as without --usb takes milliseconds.
    with open(str(tmp_path / "report.json")) as f:
        report = json.load(f)
    assert report["virtual_us"] >= 20e6, report
    assert report["host_seconds"] < 10, report
    assert not os.path.exists(path)


def test_usb_option_syntax(sim):
    r = subprocess.run([simrun.SIM, "--machine", "gta04", "--usb", "tcp:1234"],
                       capture_output=True)
    assert r.returncode == 3
    assert b"--usb takes unix:PATH" in r.stderr
