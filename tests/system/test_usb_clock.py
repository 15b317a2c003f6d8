# SPDX-License-Identifier: GPL-2.0-or-later
"""The simulator's `--usb-clock virtual` (tools/sim/README.md, "USB") with
the bench's peer, tools/usbpeer.c (docs/usb.md, "Throughput in virtual
time"): a DFU download whose virtual times do not depend on the host, and
a peer that goes silent ends the run with a fault after 10 s."""
import json
import os
import socket
import struct
import subprocess
import tempfile
import time

import pytest

import simrun
import test_console as tc

PEER = os.path.join(simrun.ROOT, "build", "tools", "usbpeer")
firmware = tc.firmware


@pytest.fixture
def parts(firmware):
    assert os.access(PEER, os.X_OK), "no build/tools/usbpeer (make sim)"


def run(script, peer=None, hello_only=False):
    """gtaboot (load_raw_args) with its USB on a socket in virtual-clock
    mode and peer (usbpeer's arguments) or a peer that only says hello;
    (the report, the peer's exit status and stderr)."""
    with tempfile.TemporaryDirectory() as tmp:
        sock, rep = os.path.join(tmp, "usb.sock"), os.path.join(tmp, "r.json")
        args = simrun.load_raw_args(["--machine", "gta04", "--rev", "A5", "--max-ms", "20000",
                                     "--load-raw", tc.BIN + "@0x40200000", "--input", script,
                                     "--usb", "unix:" + sock, "--usb-clock", "virtual",
                                     "--rom-usb-ms", "0", "--report", rep,
                                     "--serial", os.path.join(tmp, "s")], tmp)
        t0 = time.time()
        sim = subprocess.Popen([simrun.SIM] + args, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
        peer_rc, peer_err, s = None, b"", None
        try:
            if hello_only:
                while not os.path.exists(sock) and time.time() - t0 < 30:
                    time.sleep(0.05)
                s = socket.socket(socket.AF_UNIX)
                s.connect(sock)
                caps = (1 << 1) | (1 << 4) | (1 << 5) | (1 << 6)
                s.sendall(struct.pack("<III", 0, 68, 0) + b"silent".ljust(64, b"\0") +
                          struct.pack("<I", caps))
            else:
                p = subprocess.run([PEER, sock] + peer, stderr=subprocess.PIPE, timeout=60)
                peer_rc, peer_err = p.returncode, p.stderr
            _, err = sim.communicate(timeout=60)
        finally:
            if sim.poll() is None:
                sim.kill()
                sim.wait()
            if s:
                s.close()
        with open(rep) as f:
            r = json.load(f)
        r["stderr"] = err.decode(errors="replace")
        return r, peer_rc, peer_err.decode(errors="replace")


def test_dfu_in_virtual_time_is_repeatable(parts):
    script = ("{expect %s}" % tc.PROMPT + tc.esc("setenv dfu_alt_info 'kernel ram 0x82000000 "
                                                   "0x10000'\r") +
              "{expect %s}dfu 0 ram 0\\r{expect dfu: 65536 bytes to 'kernel'}{wait 50}\\x03"
              % tc.PROMPT + "{expect %s}{end}" % tc.PROMPT)
    times = []
    for _ in range(2):
        r, rc, err = run(script, ["dfu", "4096", "65536"])
        assert rc == 0, err
        assert r["result"] == "stop", (r["message"], r["stderr"][-2000:])
        lines = {text: t for t, text in r["console"]}
        t0 = lines["dfu: 4096 bytes to 'kernel'"]
        t1 = lines["dfu: 65536 bytes to 'kernel'"]
        # 16 blocks of 4 KiB: bus time and the firmware's, not the host's
        assert 0 < t1 - t0 < 1e6
        times.append(t1 - t0)
    assert times[0] == times[1]


def test_silent_peer_ends_the_run_after_10_s(parts):
    script = "{expect %s}ums 0 mmc 0\\r{expect the host ejected the disk}{end}" % tc.PROMPT
    r, _, _ = run(script, hello_only=True)
    assert r["result"] == "fault", r["message"]
    assert "the peer sent no request for 10 s" in r["message"]
    assert "sim: usb: the peer sent no request for 10 s" in r["stderr"]
    # The 10 s were the host's (the simulator's own account of its run);
    # virtual time stood still meanwhile: the run ended well within a
    # second of virtual time after `ums` was typed.
    typed = [t for t, text in r["console"] if text.endswith("ums 0 mmc 0")]
    assert len(typed) == 1, r["console"]
    assert r["host_seconds"] >= 10, r["host_seconds"]
    assert r["virtual_us"] - typed[0] < 1e6, (r["virtual_us"], typed)
