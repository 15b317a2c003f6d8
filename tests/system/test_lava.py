# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian's LAVA dispatcher (lava-dispatcher, `lava-run`: no server) runs
jobs against gtaboot in the simulated GTA04, with docs/labs.md's device
dictionary as it stands there, rendered by LAVA's own templates (Debian's
lava-server package, unpacked under build/deps by tools/fetch-debs.sh, not
installed). The lab's tools the dictionary names (telnet localhost 7000,
pduclient) are tests/system/lavalab.py's serial server and PDU.

Three jobs: a boot whose kernel is on the card (the test payload as the
kernel, its command line from the job), an interactive test at the
bootloader prompt whose commands each pass (each expects its own output,
so a prompt left over from the countdown's interrupt fails it), and a
failed boot (a kernel file that is not there) that LAVA notices by
U-Boot's message rather than at its 3 min action timeout."""
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import simrun
import lavalab

ROOT = simrun.ROOT
SD = os.path.join(ROOT, "build", "gta04", "sd.img")
TEMPLATES = os.path.join(ROOT, "build", "deps", "lava", "usr", "share", "lava-server",
                         "device-types")
LAVA_RUN = "/usr/bin/lava-run"
LAVA_TMP = "/var/lib/lava/dispatcher/tmp"   # lava_common/constants.py
PORT = 7000                      # docs/labs.md: connection_command

jinja2 = pytest.importorskip("jinja2", reason="python3-jinja2 not installed")
yaml = pytest.importorskip("yaml", reason="python3-yaml not installed")


def device_dictionary():
    with open(os.path.join(ROOT, "docs", "labs.md")) as f:
        doc = f.read()
    m = re.search(r"^## LAVA\n.*?```jinja\n(.*?)```", doc, re.S | re.M)
    assert m, "docs/labs.md has no LAVA device dictionary"
    return m.group(1)


def render_device(out):
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.DictLoader({"gtaboot.jinja2": device_dictionary()}),
                                    jinja2.FileSystemLoader(TEMPLATES)]),
        trim_blocks=True, autoescape=False)
    text = env.get_template("gtaboot.jinja2").render()
    yaml.safe_load(text)
    with open(out, "w") as f:
        f.write(text)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    for what, path in (("lava-dispatcher (lava-run)", LAVA_RUN),
                       ("LAVA's device-type templates (tools/fetch-debs.sh)",
                        os.path.join(TEMPLATES, "base-uboot.jinja2"))):
        if not os.path.exists(path):
            pytest.skip(what + " not installed")
    if not shutil.which("telnet"):
        pytest.skip("telnet not installed")
    if not os.access(LAVA_TMP, os.W_OK):
        pytest.skip("lava-run keeps each job's files in %s, which this user cannot write"
                    % LAVA_TMP)
    simrun.built("build/gta04/sd.img", "build/sim/gtaboot-sim")
    d = tmp_path_factory.mktemp("lab")
    card = str(d / "sd.img")
    subprocess.run(["cp", "--sparse=always", SD, card], check=True)
    with open(d / "sim.json", "w") as f:
        json.dump([simrun.SIM, "--machine", "gta04", "--rev", "A5", "--sd", card,
                   "--max-ms", "600000", "--serial", "pty", "--on-handoff", "continue",
                   "--report", str(d / "report.json")], f)
    bindir = d / "bin"
    bindir.mkdir()
    pdu = bindir / "pduclient"
    pdu.write_text("#!/bin/sh\nexec %s %s \"$@\"\n" % (sys.executable,
                                                      os.path.join(ROOT, "tests", "system",
                                                                   "lavalab.py")))
    pdu.chmod(0o755)
    render_device(str(d / "device.yaml"))
    try:
        server = lavalab.SerialServer(str(d), PORT)
    except OSError as e:
        pytest.skip("port %d (docs/labs.md's telnet localhost 7000) is taken: %s" % (PORT, e))
    try:
        yield d
    finally:
        server.close()
        lavalab.stop_board(str(d))


def lava_run(lab, name, job):
    """Runs job (a dict) with lava-run; returns (exit code, log records)."""
    jobfile = lab / (name + ".yaml")
    base = {"device_type": "beagle-xm", "job_name": "gtaboot " + name, "priority": "medium",
            "visibility": "public",
            "timeouts": {"job": {"seconds": 50}, "connection": {"seconds": 20}}}
    base.update(job)
    jobfile.write_text(yaml.safe_dump(base))
    out = lab / ("out-" + name)
    env = dict(os.environ, GTABOOT_LAB=str(lab),
               PATH=str(lab / "bin") + os.pathsep + os.environ.get("PATH", ""))
    p = subprocess.run([LAVA_RUN, "--job-id", str(os.getpid()), "--output-dir", str(out),
                        "--device", str(lab / "device.yaml"), str(jobfile)],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
                       timeout=58, cwd=str(lab))
    (lab / (name + ".log")).write_text(p.stdout + p.stderr)
    records = []
    # lava-run logs one JSON record a line (on stderr)
    for line in (p.stdout + p.stderr).splitlines():
        try:
            records.append(json.loads(line))
        except ValueError:
            pass
    return p, records


def results(records):
    return [r["msg"] for r in records if r.get("lvl") == "results"]


def text(records):
    return "\n".join(str(r.get("msg")) for r in records)


def board_side(lab):
    """What the lab's simulator said (its stderr, its report's result), for
    a failed job: a stalled console once left only LAVA's side to read."""
    out = []
    for name in ("sim.err", "report.json", "pdu.log"):
        try:
            with open(os.path.join(str(lab), name), errors="replace") as f:
                out.append("--- %s:\n%s" % (name, f.read()[-1500:]))
        except OSError:
            out.append("--- %s: none" % name)
    return "\n".join(out)


def job_status(records):
    for r in results(records):
        if r.get("definition") == "lava" and r.get("case") == "job":
            return r["result"]
    return None


def test_lava_boots_kernel_from_card(lab):
    p, rec = lava_run(lab, "card", {"actions": [{"boot": {
        "method": "u-boot",
        "commands": ["load mmc 0:1 0x82000000 zImage",
                     "load mmc 0:1 0x88000000 omap3-gta04-sim.dtb",
                     "setenv bootargs 'console=ttyO2,115200n8 lava=card'",
                     "bootz 0x82000000 - 0x88000000"],
        "parameters": {"kernel-start-message": "payload: "},
        "prompts": ["payload: bootargs=console=ttyO2,115200n8 lava=card"],
        "timeout": {"seconds": 40}}}]})
    log = text(rec)
    assert job_status(rec) == "pass", log[-4000:] + "\n" + board_side(lab)
    assert "Starting kernel at 0x82000000" in log
    assert "payload: bootargs=console=ttyO2,115200n8 lava=card" in log


INTERACTIVE = [
    # each command's success is text only its output has, not its echo
    ("echo", "echo AB''CD", "ABCD"),
    ("setexpr", "setexpr n 20 + 22; echo n=$n", "n=42"),
    ("printenv", "printenv board", "board=gta04"),
    ("status", "false || echo st$?", "st1"),
    ("version", "version", r"gtaboot \d+\.\d+"),
]


def test_lava_interactive_commands_pass(lab):
    script = [{"name": n, "command": c, "successes": [{"message": m}]} for n, c, m in INTERACTIVE]
    p, rec = lava_run(lab, "interactive", {"actions": [
        {"boot": {"method": "bootloader", "bootloader": "u-boot", "commands": [],
                  "prompts": ["gtaboot>"], "timeout": {"seconds": 30}}},
        {"test": {"timeout": {"seconds": 30}, "interactive": [
            {"name": "gtaboot-shell", "prompts": ["gtaboot> "], "script": script}]}}]})
    res = {r.get("case"): r.get("result") for r in results(rec)
           if r.get("definition", "").endswith("gtaboot-shell")}
    assert res == {n: "pass" for n, _, _ in INTERACTIVE}, text(rec)[-6000:]
    assert job_status(rec) == "pass", text(rec)[-3000:] + "\n" + board_side(lab)


def test_lava_notices_failed_boot(lab):
    """A kernel that is not on the card: gtaboot prints U-Boot's
    `** File not found ... **`, one of LAVA's U-Boot error-messages, and
    the job ends there with LAVA's reason, not at a timeout."""
    p, rec = lava_run(lab, "failed", {"actions": [{"boot": {
        "method": "u-boot",
        "commands": ["load mmc 0:1 0x82000000 /nosuch/zImage",
                     "bootz 0x82000000 - 0x88000000"],
        "prompts": ["payload: "],
        "timeout": {"minutes": 3}}}]})
    log = text(rec)
    assert job_status(rec) == "fail", log[-4000:]
    assert "matched a bootloader error message: 'File not found'" in log, log[-4000:]
    assert "timed out" not in log.lower(), log[-4000:]
