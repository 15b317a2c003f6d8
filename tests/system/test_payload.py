# SPDX-License-Identifier: GPL-2.0-or-later
"""gtaboot boots the test payload (tests/payload, a stand-in zImage) from
extlinux.conf on an SD card, on every GTA04 revision and the Beagle.

Stopped at the hand-off, the simulator's report and the DTB r2 points to
are checked against the ARM boot protocol and the machine: registers, CPU
mode, caches, memory banks, /chosen and the charger properties. Run on,
the payload checks the same protocol from the inside, prints what it was
given and powers the board off through the TWL4030. From the console the
payload is also booted at a second load address (it relocates itself),
and with a misaligned DTB, which must never pass as a clean hand-off.
Wrapped in tests/payload/badboot.S, it must report protocol violations."""
import os
import re
import subprocess

import pytest

import cards as sd  # (the module: "cards" is a fixture here)
import simrun

ROOT = simrun.ROOT
PAYLOAD = os.path.join(ROOT, "build", "payload", "zImage")
KERNEL_ADDR = 0x82000000
FDT_ADDR = 0x88000000
INITRD_ADDR = 0x88080000
APPEND = "console=ttyO2,115200n8 root=/dev/mmcblk0p2 rootwait gtaboot.test=payload"
# Not a multiple of anything: the initrd end must be exact.
INITRD = bytes((i * 37 + 11) & 0xFF for i in range(4099))
BCI = "/ocp/i2c@48070000/twl@48/bci"

# machine, revision, board (MLO), DTS, SDRAM bytes
MACHINES = [
    ("gta04", "A3", "gta04", "omap3-gta04-sim", 512 << 20),
    ("gta04", "A4", "gta04", "omap3-gta04-sim", 512 << 20),
    ("gta04", "A5", "gta04", "omap3-gta04-sim", 1 << 30),
    ("beagle", "C4", "beagle", "omap3-beagle-sim", 256 << 20),
]
IDS = ["%s-%s" % (m[0], m[1]) for m in MACHINES]


@pytest.fixture(scope="module")
def built(sim):
    for tool in ("dtc", "fdtget", "sfdisk", "mkfs.vfat", "mcopy"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            pytest.skip(tool + " not installed")
    simrun.built("build/gta04/MLO", "build/beagle/MLO", "build/payload/zImage")
    return True


@pytest.fixture(scope="module")
def cards(built, tmp_path_factory):
    """card(board, dts, conf=None) -> SD image with MLO, the payload, the
    DTB, an initrd and extlinux.conf; cached."""
    out = tmp_path_factory.mktemp("payload")
    cache = {}

    def card(board, dts, conf=None):
        key = (board, dts, conf)
        if key in cache:
            return cache[key]
        n = len(cache)
        dtb = out / (dts + ".dtb")
        if not dtb.exists():
            subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(dtb),
                            os.path.join(ROOT, "dts", dts + ".dts")], check=True)
        initrd = out / "initrd.img"
        initrd.write_bytes(INITRD)
        if conf is None:
            conf = ("DEFAULT payload\nTIMEOUT 0\n\nLABEL payload\n"
                    "  KERNEL /zImage\n  FDT /dtbs/%s.dtb\n  INITRD /initrd.img\n"
                    "  APPEND %s\n" % (dts, APPEND))
        cf = out / ("extlinux%d.conf" % n)
        cf.write_text(conf)
        img = str(out / ("sd%d.img" % n))
        subprocess.run([os.path.join(ROOT, "tools", "mksd.sh"), "--out", img, "--board", board,
                        "--mlo", os.path.join(ROOT, "build", board, "MLO"),
                        "--file", PAYLOAD + ":zImage",
                        "--file", "%s:dtbs/%s.dtb" % (dtb, dts),
                        "--file", "%s:initrd.img" % initrd,
                        "--file", "%s:extlinux/extlinux.conf" % cf],
                       check=True, capture_output=True)
        cache[key] = (img, str(dtb))
        return cache[key]

    return card


def fdtget(dtb, node, prop, kind="x"):
    p = subprocess.run(["fdtget", "-t", kind, dtb, node, prop], capture_output=True, text=True)
    if p.returncode:
        return None
    if kind == "s":
        return p.stdout.strip()
    return [int(v, 16 if kind == "x" else 10) for v in p.stdout.split()]


def merged(banks):
    """Banks sorted, adjacent ones joined: what memory the DTB describes."""
    out = []
    for start, size in sorted(banks):
        if out and out[-1][0] + out[-1][1] == start:
            out[-1] = (out[-1][0], out[-1][1] + size)
        else:
            out.append((start, size))
    return out


def dtb_banks(dtb):
    ac = fdtget(dtb, "/", "#address-cells")[0]
    sc = fdtget(dtb, "/", "#size-cells")[0]
    nodes = subprocess.run(["fdtget", "-l", dtb, "/"], capture_output=True, text=True,
                           check=True).stdout.split()
    banks = []
    for n in nodes:
        if fdtget(dtb, "/" + n, "device_type", "s") != "memory":
            continue
        cells = fdtget(dtb, "/" + n, "reg")
        assert len(cells) % (ac + sc) == 0, (n, cells)
        for i in range(0, len(cells), ac + sc):
            a = cells[i:i + ac]
            s = cells[i + ac:i + ac + sc]
            banks.append((int("".join("%08x" % c for c in a), 16),
                          int("".join("%08x" % c for c in s), 16)))
    return banks


def cells64(v):
    return v[0] if len(v) == 1 else v[0] << 32 | v[1]


def boot(machine, rev, img, *extra, max_ms=20000):
    return simrun.run(["--machine", machine, "--rev", rev, "--sd", img,
                       "--max-ms", max_ms] + list(extra))


@pytest.mark.parametrize("machine,rev,board,dts,ram", MACHINES, ids=IDS)
def test_handoff_state_and_dtb(machine, rev, board, dts, ram, cards, tmp_path):
    img, src_dtb = cards(board, dts)
    dump = str(tmp_path / "handoff.dtb")
    r = boot(machine, rev, img, "--on-handoff", "stop", "--dump-dtb", dump)
    rep = r.report
    assert rep and rep["result"] == "handoff", r.stderr + r.serial
    assert r.rc == 0

    # The registers at the first instruction of the kernel.
    assert rep["pc"] == KERNEL_ADDR
    assert rep["r0"] == 0
    assert rep["r1"] == 0xFFFFFFFF
    assert rep["r2"] == FDT_ADDR
    cpsr, sctlr = rep["cpsr"], rep["sctlr"]
    assert cpsr & 0x1F == 0x13, "not SVC mode: cpsr 0x%08x" % cpsr
    assert cpsr & 0xC0 == 0xC0, "IRQ/FIQ not masked: cpsr 0x%08x" % cpsr
    assert not cpsr & 0x20, "Thumb state"
    assert not sctlr & 0x1, "MMU on: sctlr 0x%08x" % sctlr
    assert not sctlr & 0x4, "D-cache on: sctlr 0x%08x" % sctlr
    h = rep["handoff"]
    assert h["pc"] == KERNEL_ADDR
    assert all(h[k] for k in ("svc_mode", "irq_fiq_masked", "arm_state", "mmu_off",
                              "dcache_off", "r0_zero", "r1_dt", "r2_dtb")), h

    # The DTB the kernel gets: what gtaboot found and was told.
    assert merged(dtb_banks(dump)) == [(0x80000000, ram)]
    args = fdtget(dump, "/chosen", "bootargs", "s")
    assert args is not None and args.startswith(APPEND), args
    start = cells64(fdtget(dump, "/chosen", "linux,initrd-start"))
    end = cells64(fdtget(dump, "/chosen", "linux,initrd-end"))
    assert (start, end) == (INITRD_ADDR, INITRD_ADDR + len(INITRD))
    assert fdtget(dump, "/", "model", "s") == fdtget(src_dtb, "/", "model", "s")
    if machine == "gta04":
        assert fdtget(dump, BCI, "ti,bb-uvolt", "u") == [3200000]
        assert fdtget(dump, BCI, "ti,bb-uamp", "u") == [150]
    else:
        props = subprocess.run(["fdtget", "-p", dump, BCI], capture_output=True, text=True,
                               check=True).stdout.split()
        assert props == ["compatible"], "Beagle charger node changed: %s" % props


def payload_report(serial):
    lines = [l.strip() for l in serial.splitlines() if l.startswith("payload: ")]
    assert lines, "the payload printed nothing:\n" + serial
    return lines


def check_payload_lines(lines, ram, machine, kernel=KERNEL_ADDR, fdt=FDT_ADDR,
                        initrd=INITRD_ADDR, append=APPEND):
    text = "\n".join(lines)
    assert "payload: entered at 0x%08x " % kernel in text, text
    m = re.search(r"payload: r0=0x(\w+) r1=0x(\w+) r2=0x(\w+) cpsr=0x(\w+) sctlr=0x(\w+)", text)
    assert m, text
    r0, r1, r2, cpsr, sctlr = (int(v, 16) for v in m.groups())
    assert (r0, r1, r2) == (0, 0xFFFFFFFF, fdt)
    assert cpsr & 0xDF == 0xD3 and not sctlr & 5
    m = re.search(r"payload: memory((?: 0x\w+\+0x\w+)+)$", text, re.M)
    assert m, text
    banks = [tuple(int(x, 16) for x in b.split("+")) for b in m.group(1).split()]
    assert merged(banks) == [(0x80000000, ram)]
    m = re.search(r"^payload: bootargs=(.*)$", text, re.M)
    assert m and m.group(1).startswith(append), text
    if initrd is None:
        assert "payload: initrd none" in text
    else:
        assert "payload: initrd 0x%08x-0x%08x" % (initrd, initrd + len(INITRD)) in text
    if machine == "gta04":
        assert "payload: bci ti,bb-uvolt=3200000 ti,bb-uamp=150" in lines
    else:
        assert "payload: bci ti,bb-uvolt=(none) ti,bb-uamp=(none)" in lines
    assert "payload: protocol OK" in lines, text
    assert "payload: powering off" in lines
    assert "payload: halted" not in text


@pytest.mark.parametrize("machine,rev,board,dts,ram", MACHINES, ids=IDS)
def test_payload_runs_and_powers_off(machine, rev, board, dts, ram, cards):
    img, _ = cards(board, dts)
    r = boot(machine, rev, img, "--on-handoff", "continue")
    assert r.report and r.report["result"] == "poweroff", r.stderr + r.serial
    assert r.rc == 0
    assert "TWL4030 DEVOFF" in r.report["message"]
    check_payload_lines(payload_report(r.serial), ram, machine)
    # The simulator saw the same hand-off the payload reports.
    assert r.report["handoff"]["pc"] == KERNEL_ADDR


CONSOLE_CONF = "DEFAULT payload\nTIMEOUT 30\n\nLABEL payload\n  KERNEL /zImage\n" \
               "  FDT /dtbs/omap3-gta04-sim.dtb\n  APPEND %s\n" % APPEND


def console_boot(cards, commands, extra=()):
    """Stop the countdown at the prompt, run commands."""
    img, _ = cards("gta04", "omap3-gta04-sim", CONSOLE_CONF)
    script = r"{expect autoboot} " + \
        "".join(r"{expect > }%s\r" % c for c in commands)
    return boot("gta04", "A4", img, "--on-handoff", "continue", "--input", script, *extra,
                max_ms=30000)


def test_payload_at_another_load_address(cards):
    """The payload is position-independent (libfdt.a brings a GOT): loaded
    at 0x84100000 with the DTB at 0x81000000 it relocates itself and runs."""
    r = console_boot(cards, ["setenv kernel_addr_r 0x84100000",
                             "setenv fdt_addr_r 0x81000000", "boot"])
    assert r.report and r.report["result"] == "poweroff", r.stderr + r.serial
    assert r.report["handoff"]["pc"] == 0x84100000
    check_payload_lines(payload_report(r.serial), 512 << 20, "gta04", kernel=0x84100000,
                        fdt=0x81000000, initrd=None)


def test_misaligned_dtb_never_passes(cards):
    """booting.rst wants the DTB on an 8-byte boundary. With fdt_addr_r =
    0x81c00004 gtaboot must either refuse, naming the alignment, or move
    the DTB to an aligned address (the payload then finds it valid); it
    must never hand over r2 = 0x81c00004."""
    r = console_boot(cards, ["setenv fdt_addr_r 0x81c00004", "printenv fdt_addr_r", "boot"])
    assert r.report, r.stderr
    assert "fdt_addr_r=0x81c00004" in r.serial, "the console did not take the variable:\n" \
        + r.serial
    if r.report["handoff"]:
        assert r.report["r2"] % 8 == 0, "misaligned DTB handed over:\n" + r.serial
        assert "payload: protocol OK" in r.serial, r.serial
    else:
        after = r.serial[r.serial.rindex("> boot"):].splitlines()[1:]
        assert any("align" in l.lower() for l in after), \
            "gtaboot refused the DTB without saying it is misaligned:\n" + r.serial


def test_payload_reports_violations(built, cards, tmp_path):
    """The payload's checks can fail: entered through tests/payload/
    badboot.S (r0 = 1, r1 = 0, IRQ unmasked) it reports each violation and
    still powers off."""
    elf, raw = str(tmp_path / "badboot.elf"), str(tmp_path / "badboot.bin")
    subprocess.run(["arm-none-eabi-gcc", "-nostdlib", "-mcpu=cortex-a8", "-Wl,-Ttext=0",
                    "-Wl,--no-warn-rwx-segments", "-o", elf,
                    os.path.join(ROOT, "tests", "payload", "badboot.S")], check=True)
    subprocess.run(["arm-none-eabi-objcopy", "-O", "binary", elf, raw], check=True)
    with open(raw, "rb") as f:
        shim = bytearray(f.read())
    assert len(shim) == 0x100
    with open(PAYLOAD, "rb") as f:
        image = shim + f.read()
    image[0x2C:0x30] = len(image).to_bytes(4, "little")
    wrapped = tmp_path / "zImage"
    wrapped.write_bytes(bytes(image))
    img, _ = cards("gta04", "omap3-gta04-sim")
    bad = str(tmp_path / "bad.img")
    subprocess.run(["cp", img, bad], check=True)
    sd.put(sd.on(bad), {"zImage": wrapped})
    r = boot("gta04", "A5", bad, "--on-handoff", "continue")
    assert r.report and r.report["result"] == "poweroff", r.stderr + r.serial
    lines = payload_report(r.serial)
    assert "payload: entered at 0x%08x " % (KERNEL_ADDR + 0x100) in "\n".join(lines)
    assert "payload: protocol VIOLATION: IRQ/FIQ not masked; r0 not 0; " \
        "r1 not 0xFFFFFFFF (DT boot)" in lines, lines
    assert "payload: protocol OK" not in lines
    assert "payload: bci ti,bb-uvolt=3200000 ti,bb-uamp=150" in lines
