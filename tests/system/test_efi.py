# SPDX-License-Identifier: GPL-2.0-or-later
"""bootefi (commands/efi.c, efi/: docs/uefi.md) on the simulated GTA04 A5:
Debian's armmp zImage, an EFI application itself, started by `bootefi
${kernel_addr_r} ${ramdisk_addr_r}:<size> ${fdt_addr_r}`, must say that
its EFI stub booted it, exit boot services and come up on what gtaboot
handed over: the system table ("efi: EFI v2.100 by gtaboot", the
RT_PROPERTIES table), the EFI memory map (efi=debug prints it: gtaboot's
own area and the framebuffer kept from Linux), and the DT gtaboot patched
(model, memory, command line). Then the bad inputs: efi.img corrupt, built
for another gtaboot or missing, a corrupt PE, an image over gtaboot's own
memory, an application that returns without ExitBootServices.

The zImage's decompressor is 2 G instructions and Linux's init to the
busybox prompt 1.5 G more: 26 s of host time, because the simulator takes
the EFI application's entry as the hand-off (--handoff-mmu-on) and counts
per block from there; counted per instruction, as gtaboot's own code is,
the same run took 61 s."""
import os
import re
import struct
import subprocess
import sys
import zlib

import pytest

import pngread
import linuxrun
import simrun

ROOT = simrun.ROOT
sys.path.insert(0, os.path.join(ROOT, "tools"))
import mklinuxcard  # noqa: E402

MLO = os.path.join(ROOT, "build", "gta04", "MLO")
EFI_IMG = os.path.join(ROOT, "build", "gta04", "efi.img")
APPEND = "console=ttyO2,115200n8 earlycon cryptomgr.notests efi=debug"
LOAD = ["setenv bootargs %s" % APPEND,
        "load mmc 0:1 ${fdt_addr_r} gta04.dtb",
        "load mmc 0:1 ${ramdisk_addr_r} initrd.gz",
        "setenv isize ${filesize}",
        "load mmc 0:1 ${kernel_addr_r} vmlinuz"]
BOOT = "bootefi ${kernel_addr_r} ${ramdisk_addr_r}:${isize} ${fdt_addr_r}"


def mkcard(path, efi=EFI_IMG, extra=()):
    files = ["--file", "%s:efi.img" % efi] if efi else []
    for src, dst in extra:
        files += ["--file", "%s:%s" % (src, dst)]
    subprocess.run([os.path.join(ROOT, "tools", "mksd.sh"), "--out", str(path), "--mlo", MLO]
                   + files, check=True, capture_output=True)
    return str(path)


@pytest.fixture(scope="module")
def linux_card(sim, tmp_path_factory):
    simrun.built("build/gta04/MLO", "build/gta04/efi.img")
    d = tmp_path_factory.mktemp("efi")
    try:
        deb = mklinuxcard.fetch()
        initrd = mklinuxcard.initramfs(deb)
        dtb = str(d / "a5.dtb")
        mklinuxcard.dtb_from_deb(deb, "omap3-gta04a5.dtb", dtb)
    except mklinuxcard.Missing as e:
        pytest.skip("no Debian kernel: %s" % e)
    # another backup cell than Debian's DTB describes (3.2 V, 150 uA):
    # what Linux's charger programs shows which DT it read
    (d / "uEnv.txt").write_text("bb_uvolt=3000000\nbb_uamp=500\n")
    return mkcard(d / "linux.img", extra=[(mklinuxcard.zimage_path(), "vmlinuz"),
                                          (dtb, "gta04.dtb"), (initrd, "initrd.gz"),
                                          (str(d / "uEnv.txt"), "uEnv.txt")])


@pytest.fixture(scope="module")
def beagle_card(sim, tmp_path_factory):
    simrun.built("build/beagle/MLO", "build/beagle/efi.img")
    d = tmp_path_factory.mktemp("efib")
    try:
        deb = mklinuxcard.fetch()
        initrd = mklinuxcard.initramfs(deb)
        dtb = str(d / "beagle.dtb")
        mklinuxcard.dtb_from_deb(deb, "omap3-beagle.dtb", dtb)
    except mklinuxcard.Missing as e:
        pytest.skip("no Debian kernel: %s" % e)
    path = str(d / "beagle.img")
    subprocess.run([os.path.join(ROOT, "tools", "mksd.sh"), "--out", path, "--board", "beagle",
                    "--mlo", os.path.join(ROOT, "build", "beagle", "MLO"),
                    "--file", os.path.join(ROOT, "build", "beagle", "efi.img") + ":efi.img",
                    "--file", mklinuxcard.zimage_path() + ":vmlinuz",
                    "--file", dtb + ":gta04.dtb", "--file", initrd + ":initrd.gz"],
                   check=True, capture_output=True)
    return path


def session(card, cmds, tail="{expect %s}{end}" % simrun.PROMPT, max_ms=8000, board="gta04",
            extra=()):
    """cmds typed at the prompt (autoboot stopped by a key); a cmd that is
    a pair (text, keys) types keys once text was printed; the run ends at
    tail. The hand-off is the EFI application's first instruction, with
    gtaboot's MMU on (--handoff-mmu-on): from there the simulator counts
    per block, as it does a kernel's (the zImage's decompressor runs 4.5
    times as fast as counted per instruction)."""
    inp = "{expect Hit any key}x" + "".join(
        "{expect %s}%s" % (simrun.esc(c[0]), simrun.esc(c[1])) if isinstance(c, tuple) else
        "{expect %s}%s\\r" % (simrun.PROMPT, simrun.esc(c)) for c in cmds) + tail
    machine = ["--machine", "gta04", "--rev", "A5"] if board == "gta04" else ["--machine", board]
    # an application that returns is no hand-off: without the option the
    # screenshots are taken at the end, after what it drew
    handoff = ["--handoff-mmu-on"] if "--screenshot" not in extra else []
    return simrun.run(machine + ["--sd", card] + handoff +
                      ["--on-handoff", "continue", "--max-ms", str(max_ms), "--input", inp]
                      + list(extra),
                      timeout=600)


def after(out, cmd):
    """What the console printed after cmd was typed."""
    assert cmd in out, out[-3000:]
    return out[out.index(cmd) + len(cmd):]


def check_efi_boot(r):
    out = r.serial
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + out[-3000:]
    boot = after(out, BOOT)
    # gtaboot's side: the command line it hands over, the image it starts
    assert "Command line: %s" % APPEND in boot
    assert re.search(r"Booting /VenHw\(c4b3f03a-713d-4f47-87e2-025a3ce66876\)/SD\(0\)/HD\(1,MBR,0x[0-9a-f]+,0x[0-9a-f]+,0x[0-9a-f]+\)/\\vmlinuz\r\n", boot), boot[:2000]
    # Linux's EFI stub, through SimpleTextOutput
    for line in ("EFI stub: Booting Linux Kernel...",
                 # the initrd through LoadFile2 (efi/initrd.c)
                 "EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path",
                 "EFI stub: Using DTB from configuration table",
                 "EFI stub: Exiting boot services..."):
        assert line in boot, boot[:3000]
    assert "ERROR" not in boot[:boot.index("Exiting boot services")]
    # the hand-off: the stub's entry, BLX'd in ARM state with gtaboot's
    # MMU and caches on, as UEFI has it, inside the image's loader code
    h = r.report["handoff"]
    assert h and not h["mmu_off"] and not h["dcache_off"] and h["arm_state"], h
    # the kernel found the system table and the RT_PROPERTIES table
    assert "efi: EFI v2.100 by gtaboot" in boot
    assert re.search(r"efi: RTPROP=0x[0-9a-f]+ INITRD=0x[0-9a-f]+ ", boot), boot[:3000]
    # the EFI memory map (efi=debug), as the kernel read it: the 1 GiB in
    # typed ranges, the DTB (ACPI reclaim, as U-Boot types its copy) and
    # the initrd (loader data) where bootefi found them, the framebuffer
    # gtaboot left on for simplefb reserved, gtaboot's area at the top of
    # RAM boot services code (its cold part, then efi.img among its
    # buffers) and data (the buffers), which Linux takes over after
    # ExitBootServices, as it does the same memory after a bootz
    fb = int(re.search(r"display: .*, framebuffer 0x([0-9a-f]{8})", out).group(1), 16)
    isize = int(re.search(r"load mmc 0:1 \$\{ramdisk_addr_r\} initrd.gz\r\n(\d+) bytes read",
                          out).group(1))
    mm = [(int(a, 16), int(b, 16) + 1, k.strip()) for a, b, k in
          re.findall(r"efi:\s+0x([0-9a-f]+)-0x([0-9a-f]+) \[([A-Za-z ]+?)\s*\|", boot)]
    assert mm and "efi: Processing EFI memory map:" in boot, boot[:4000]
    assert mm[0][0] == 0x80000000 and mm[-1][1] == 0xC0000000
    assert all(a[1] == b[0] for a, b in zip(mm, mm[1:])), mm    # no gaps
    assert (0x88000000, 0x88023000, "ACPI Reclaim") in mm, mm  # 0x10000 of headroom
    assert (0x88080000, (0x88080000 + isize + 0xFFF) & ~0xFFF, "Loader Data") in mm, mm
    assert (fb, fb + 0x96000, "Reserved") in mm, mm
    assert (0xBFD00000, 0xBFE00000, "Boot Code") in mm, mm
    assert mm[-1][2] == "Boot Data"
    code = [r for r in mm if r[2] == "Boot Code" and r[0] > 0xBFE00000]
    assert len(code) == 1 and code[0][1] - code[0][0] == 0x40000, mm   # efi.img's EFI_MAX
    assert any(k == "Runtime Data" for _, _, k in mm), mm              # the system table
    assert any(k == "Loader Code" and a <= h["pc"] < b for a, b, k in mm), (hex(h["pc"]), mm)
    # the DT gtaboot patched: the model, the command line it wrote
    assert "OF: fdt: Machine model: Goldelico GTA04A5/Letux 2804" in boot
    assert "Kernel command line: %s" % APPEND in boot


def test_efi_stub_exits_boot_services(linux_card):
    # to the stub's jump into the decompressor (MMU off): 0.1 G
    # instructions, a few seconds of host time
    r = session(linux_card, LOAD + [BOOT], tail="{expect Exiting boot services}{end}",
                max_ms=4000)
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    boot = after(r.serial, BOOT)
    assert "Command line: %s" % APPEND in boot
    assert re.search(r"Booting /VenHw\(c4b3f03a-713d-4f47-87e2-025a3ce66876\)/SD\(0\)/HD\(1,MBR,0x[0-9a-f]+,0x[0-9a-f]+,0x[0-9a-f]+\)/\\vmlinuz\r\n", boot), boot[:2000]
    for line in ("EFI stub: Booting Linux Kernel...",
                 "EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path",
                 "EFI stub: Using DTB from configuration table",
                 "EFI stub: Exiting boot services..."):
        assert line in boot, boot[:3000]
    assert "ERROR" not in boot


def test_bootefi_writes_only_its_windows(linux_card):
    # the simulator's write monitor (--watch-writes) up to the hand-off to
    # the stub: gtaboot wrote the three files where they were loaded, its
    # own area at the top of RAM (efi.img among its buffers), the
    # framebuffer and, below gtaboot, what the EFI allocator handed out from the top down: the system
    # table's page and pool pages between the framebuffer and gtaboot, the
    # zImage's 5.6 MiB copy (with its slack) below the framebuffer
    inp = "{expect Hit any key}x" + "".join(
        "{expect %s}%s\\r" % (simrun.PROMPT, simrun.esc(c)) for c in LOAD + [BOOT])
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", linux_card, "--handoff-mmu-on",
                    "--on-handoff", "stop", "--watch-writes", "--max-ms", "4000", "--input", inp])
    assert r.report and r.report["result"] == "handoff", r.stderr[-2000:] + r.serial[-3000:]
    out = r.serial
    size = {}
    for name in ("initrd.gz", "vmlinuz", "gta04.dtb"):
        size[name] = int(re.search(r"\} %s\r\n(\d+) bytes read" % re.escape(name), out).group(1))
    fb = int(re.search(r"display: .*, framebuffer 0x([0-9a-f]{8})", out).group(1), 16)
    page = 0x1000

    def up(x):
        return (x + page - 1) & ~(page - 1)
    allowed = [(0x82000000, up(0x82000000 + size["vmlinuz"])),
               (0x88080000, up(0x88080000 + size["initrd.gz"])),
               (0x88000000, up(0x88000000 + size["gta04.dtb"] + 0x10000)),
               (fb - 0x600000, 0xC0000000)]
    # and the SDRAM sizing's probes, at each bank's base and base + 2^k
    # (arch/arm/omap3/sdrc.c, tests/system/test_faults.py)
    for base in (0x80000000, 0xA0000000):
        allowed += [(base, base + page)] + [(base + (1 << k), base + (1 << k) + page)
                                            for k in range(12, 29)]
    writes = r.report["sdram_writes"]
    assert writes, "no --watch-writes report"
    for a, b in writes:
        for p in range(a, b, page):
            assert any(lo <= p and p + page <= hi for lo, hi in allowed), \
                "SDRAM page 0x%08x written outside every window: %s" % (
                    p, [(hex(x), hex(y)) for x, y in writes])
    # the zImage's copy is among them
    assert any(fb - 0x600000 <= a < fb for a, _ in writes), writes


def test_efi_stub_boots_debian_kernel_to_the_shell(linux_card):
    # measured: 3.6 G instructions (the decompressor 2 G of them), 26 s
    # of host time on the 2 shared cores
    script = ("{expect initramfs:/# }cat /proc/device-tree/model; echo; "
              "cat /proc/device-tree/chosen/bootargs; echo; "
              "echo MEM $(od -An -tx1 -v /proc/device-tree/memory*/reg)\\n"
              "{expect initramfs:/# }{end}")
    r = session(linux_card, LOAD + [BOOT], tail=script, max_ms=60000)
    check_efi_boot(r)
    out = r.serial
    # Linux's memory: the 1 GiB less the framebuffer's pages, as the EFI
    # memory map said
    total = re.search(r"Memory: \d+K/(\d+)K available", out)
    assert total and (1 << 30) - (4 << 20) <= int(total.group(1)) * 1024 <= 1 << 30, total
    # the initrd the stub loaded through LoadFile2, and the shell on it
    assert "Freeing initrd memory" in out
    assert "gtaboot-initramfs: up on Linux 6.1" in out, out[-3000:]
    # the stub found Graphics Output and passed the panel's framebuffer on
    # in screen_info: Debian's kernel (CONFIG_FB_EFI) probes efifb on it
    # (and finds it taken by the DT's simple-framebuffer, which probed
    # first: one framebuffer on the same pixels)
    fb = int(re.search(r"display: .*, framebuffer 0x([0-9a-f]{8})", out).group(1), 16)
    fbl = [ln for ln in out.split("\r\n") if "fb" in ln]
    assert "efifb: probing for efifb" in out, fbl
    assert "efifb: framebuffer at 0x%x, using 600k, total 600k" % fb in out, fbl
    assert "efifb: mode is 480x640x16, linelength=960" in out, fbl
    shell = out[out.index("cat /proc/device-tree/model"):]
    assert "\nGoldelico GTA04A5/Letux 2804\x00\r\n" in shell
    assert "\n%s\x00\r\n" % APPEND in shell
    # /memory as gtaboot patched it: the banks it found, 1 GiB from
    # 0x80000000 (Linux took its memory from the EFI map, and left the
    # node as it came)
    banks = linuxrun.memory_banks(shell)
    assert banks[0][0] == 0x80000000 and sum(n for _, n in banks) == 1 << 30, banks
    # the bci node's backup-cell values as the fix-ups wrote them from
    # uEnv.txt's bb_uvolt/bb_uamp (3.0 V, 500 uA; Debian's DTB says 3.2 V,
    # 150 uA): Linux's twl4030_charger read them from the DT of the
    # configuration table and programmed BB_CFG itself, BBCHEN | BBSEL 01
    # | BBISEL 10
    assert "twl4030: backup battery charging on (BB_CFG 0x16)" in out
    assert linuxrun.bb_writes_by_linux(r.report) == [0x16], r.report["bb_cfg_log"]


def test_efi_stub_on_the_beagleboard(beagle_card):
    # the BeagleBoard's 256 MiB, no screen: the zImage's copy right below
    # gtaboot's area and the system table's page (Linux's decompressor
    # once overwrote that page from behind the image: "efi: System table
    # signature incorrect!"); on to the busybox prompt
    script = ("{expect initramfs:/# }cat /proc/device-tree/model; echo\\n"
              "{expect initramfs:/# }{end}")
    r = session(beagle_card, LOAD + [BOOT], tail=script, max_ms=40000, board="beagle")
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    boot = after(r.serial, BOOT)
    assert "EFI stub: Exiting boot services..." in boot
    assert "OF: fdt: Machine model: TI OMAP3 BeagleBoard" in boot
    assert "efi: EFI v2.100 by gtaboot" in boot, boot[:4000]
    assert "signature incorrect" not in boot
    mm = [(int(a, 16), int(b, 16) + 1, k.strip()) for a, b, k in
          re.findall(r"efi:\s+0x([0-9a-f]+)-0x([0-9a-f]+) \[([A-Za-z ]+?)\s*\|", boot)]
    assert mm[0][0] == 0x80000000 and mm[-1][1] == 0x90000000, mm
    assert (0x8FD00000, 0x8FE00000, "Boot Code") in mm, mm
    assert not any(k == "Reserved" for _, _, k in mm), mm    # no framebuffer
    total = re.search(r"Memory: \d+K/(\d+)K available", r.serial)
    assert total and int(total.group(1)) * 1024 > (256 - 4) << 20, total
    assert "gtaboot-initramfs: up on Linux 6.1" in r.serial, r.serial[-3000:]
    shell = r.serial[r.serial.index("cat /proc/device-tree/model"):]
    assert "\nTI OMAP3 BeagleBoard\x00\r\n" in shell, shell


# ---- bad input

def efi_header(data):
    return list(struct.unpack_from("<8I", data, 0))


def with_header(data, fields):
    data = bytearray(data)
    fields = list(fields)
    fields[7] = 0
    struct.pack_into("<8I", data, 0, *fields)
    fields[7] = zlib.crc32(bytes(data)) & 0xFFFFFFFF
    struct.pack_into("<8I", data, 0, *fields)
    return bytes(data)


@pytest.fixture(scope="module")
def efi_bytes(sim):
    with open(simrun.built("build/gta04/efi.img"), "rb") as f:
        return f.read()


def run_bootefi(tmp_path, efi, cmds, extra=(), args=()):
    path = tmp_path / "efi.img"
    if efi is not None:
        path.write_bytes(efi)
    card = mkcard(tmp_path / "card.img", efi=str(path) if efi is not None else None,
                  extra=extra)
    r = session(card, cmds, extra=args)
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    return r


def test_corrupt_efi_img_refused(tmp_path, efi_bytes):
    bad = bytearray(efi_bytes)
    bad[len(bad) // 2] ^= 0x40
    r = run_bootefi(tmp_path, bytes(bad), ["bootefi 0x82000000:0x1000", "echo rc=$?"])
    out = after(r.serial, "bootefi 0x82000000:0x1000")
    assert out.startswith("\r\nbootefi: efi.img is corrupt (bad CRC)\r\n"), out[:500]
    assert "rc=1" in out


def test_efi_img_of_another_build_refused(tmp_path, efi_bytes):
    h = efi_header(efi_bytes)
    h[6] ^= 0x00010000
    other = with_header(efi_bytes, h)
    r = run_bootefi(tmp_path, other, ["bootefi 0x82000000:0x1000", "echo rc=$?"])
    out = after(r.serial, "bootefi 0x82000000:0x1000")
    m = re.search(r"bootefi: efi.img was built for another gtaboot \(SDRAM image ([0-9a-f]{8}), "
                  r"this one is ([0-9a-f]{8})\)", out)
    assert m and int(m.group(1), 16) == h[6] and int(m.group(2), 16) == h[6] ^ 0x00010000, out
    assert "rc=1" in out


def test_no_efi_img(tmp_path):
    r = run_bootefi(tmp_path, None, ["bootefi 0x82000000:0x1000", "echo rc=$?"])
    out = after(r.serial, "bootefi 0x82000000:0x1000")
    assert "bootefi: efi.img not read from the SD card's boot FAT partition (ENOENT)" in out
    assert "rc=1" in out


def hello_pe(status=0x80000003):
    """A PE32 EFI application for ARM (COFF machine THUMB, entered in ARM
    state at an even RVA, as Debian's images are): prints "hi from efi"
    through ConOut->OutputString and returns status without calling
    ExitBootServices."""
    msg = "hi from efi\r\n".encode("utf-16-le") + b"\0\0"
    code = struct.pack("<8I",
                       0xE92D4010,   # push {r4, lr}
                       0xE591002C,   # ldr r0, [r1, #44]  (ConOut)
                       0xE5903004,   # ldr r3, [r0, #4]   (OutputString)
                       0xE28F1010,   # add r1, pc, #16    (msg)
                       0xE12FFF33,   # blx r3
                       0xE59F0004,   # ldr r0, [pc, #4]   (status)
                       0xE8BD8010,   # pop {r4, pc}
                       0) + struct.pack("<I", status) + msg
    text = code.ljust(0x200, b"\0")
    dos = b"MZ" + b"\0" * 0x3A + struct.pack("<I", 0x40)
    coff = struct.pack("<4sHHIIIHH", b"PE\0\0", 0x01C2, 1, 0, 0, 0, 0xE0, 0x0102)
    opt = struct.pack("<HBBIIIIIIIIIHHHHHHIIIIHHIIIIII", 0x10B, 0, 0, 0x200, 0, 0, 0x1000,
                      0x1000, 0, 0, 0x1000, 0x200, 0, 0, 0, 0, 0, 0, 0, 0x2000, 0x200, 0,
                      10, 0, 0x10000, 0x1000, 0x10000, 0x1000, 0, 16) + b"\0" * 128
    sec = struct.pack("<8sIIIIIIHHI", b".text", 0x200, 0x1000, 0x200, 0x200, 0, 0, 0, 0,
                      0x60000020)
    head = (dos + coff + opt + sec).ljust(0x200, b"\0")
    return head + text


def test_application_returning_without_exit_boot_services(tmp_path, efi_bytes):
    pe = tmp_path / "hello.efi"
    pe.write_bytes(hello_pe())
    cmd = "bootefi ${kernel_addr_r} ${fdt_addr_r}"
    dtb = os.path.join(ROOT, "build", "gta04", "omap3-gta04-sim.dtb")
    simrun.built("build/gta04/omap3-gta04-sim.dtb")
    r = run_bootefi(tmp_path, efi_bytes,
                    ["load mmc 0:1 ${fdt_addr_r} sim.dtb", "load mmc 0:1 ${kernel_addr_r} hello.efi",
                     cmd, "echo rc=$?", cmd, "echo rc=$?"],
                    extra=[(str(pe), "hello.efi"), (dtb, "sim.dtb")])
    out = after(r.serial, cmd)
    assert "hi from efi\r\n" in out, out[:2000]
    assert "## Application failed, r = 3\r\n" in out
    assert "bootefi: the image returned without ExitBootServices (EFI_UNSUPPORTED)" in out
    # back at the prompt, and a second run goes the same way (efi.img is
    # read once, its state started afresh)
    assert out.count("hi from efi") == 2 and out.count("rc=1") == 2, out


def test_corrupt_pe_refused(tmp_path, efi_bytes):
    pe = bytearray(hello_pe())
    struct.pack_into("<I", pe, 0x40 + 24 + 16, 0x9000)   # entry point outside the image
    (tmp_path / "bad.efi").write_bytes(bytes(pe))
    dtb = os.path.join(ROOT, "build", "gta04", "omap3-gta04-sim.dtb")
    r = run_bootefi(tmp_path, efi_bytes,
                    ["load mmc 0:1 ${fdt_addr_r} sim.dtb", "load mmc 0:1 ${kernel_addr_r} bad.efi",
                     "bootefi ${kernel_addr_r} ${fdt_addr_r}", "echo rc=$?",
                     "load mmc 0:1 ${scriptaddr} sim.dtb", "bootefi ${scriptaddr}:0x400", "echo rc=$?",
                     "bootefi ${fdt_addr_r}:0x400 ${fdt_addr_r}", "echo rc=$?"],
                    extra=[(str(tmp_path / "bad.efi"), "bad.efi"), (dtb, "sim.dtb")])
    out = after(r.serial, "bootefi ${kernel_addr_r} ${fdt_addr_r}")
    assert re.search(r"efi: not a valid EFI image: [^\r]*entry[^\r]* \(EBADMSG\)\r\n"
                     r"bootefi: 0x82000000: EFI_LOAD_ERROR", out), out[:1500]
    # a DTB is no PE at all (no fdt given: the one at fdt_addr_r)
    out2 = after(out, "bootefi ${scriptaddr}:0x400")
    assert "bootefi: no fdt given: using the device tree at fdt_addr_r 0x88000000" in out2
    assert re.search(r"efi: not a valid EFI image: [^\r]* \(EINVAL\)\r\n"
                     r"bootefi: 0x80000000: EFI_LOAD_ERROR", out2), out2[:1500]
    # nor may the image lie on the device tree
    out3 = after(out2, "bootefi ${fdt_addr_r}:0x400 ${fdt_addr_r}")
    assert out3.startswith("\r\nerror: image 0x88000000-0x88000400 overlaps fdt 0x88000000-")
    assert out.count("rc=1") == 3


def test_image_over_gtaboot_refused(tmp_path, efi_bytes):
    # the top of the 1 GiB is gtaboot's own; below it the framebuffer
    cmds = ["bootefi 0xbff00000:0x1000 ${fdt_addr_r}", "echo rc=$?",
            "bootefi 0xbfc00000:0x1000 ${fdt_addr_r}", "echo rc=$?",
            "bootefi 0xc0000000:0x1000 ${fdt_addr_r}", "echo rc=$?"]
    dtb = os.path.join(ROOT, "build", "gta04", "omap3-gta04-sim.dtb")
    r = run_bootefi(tmp_path, efi_bytes, ["load mmc 0:1 ${fdt_addr_r} sim.dtb"] + cmds,
                    extra=[(dtb, "sim.dtb")])
    out = r.serial
    assert re.search(r"error: image 0xbff00000-0xbff01000 overlaps gtaboot's buffers "
                     r"0x[0-9a-f]{8}-0xc0000000", after(out, cmds[0])), out[-2000:]
    assert re.search(r"error: image 0xbfc00000-0xbfc01000 overlaps the framebuffer",
                     after(out, cmds[2])), out[-2000:]
    assert re.search(r"error: image 0xc0000000-0xc0001000 lies outside RAM",
                     after(out, cmds[4])), out[-2000:]
    assert out.count("rc=1") == 3


@pytest.mark.parametrize("board", ["gta04", "beagle"])
def test_bootefi_hello(tmp_path, board):
    # the demo card `make` builds: MLO, efi.img, the board's DTB
    card = tmp_path / "sd.img"
    card.write_bytes(open(simrun.built("build/%s/sd.img" % board), "rb").read())
    cmds = ["bootefi hello", "echo rc=$?",
            "load mmc 0:1 ${fdt_addr_r} omap3-%s-sim.dtb" % board, "bootefi hello ${fdt_addr_r}",
            "echo rc=$?", "bootefi hello 1 2"]
    r = session(str(card), cmds, board=board)
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    out = after(r.serial, "bootefi hello")
    # U-Boot's built-in application, through the PE loader, StartImage and
    # ConOut; it returns EFI_SUCCESS, without ExitBootServices
    assert out.startswith("\r\nHello, world!\r\n" + simrun.PROMPT + "echo rc=$?\r\nrc=0\r\n"), out
    out = after(out, "bootefi hello ${fdt_addr_r}")
    assert out.startswith("\r\nHello, world!\r\n" + simrun.PROMPT + "echo rc=$?\r\nrc=0\r\n"), out
    out = after(out, "bootefi hello 1 2")
    assert out.startswith("\r\nusage: bootefi <image>[:<size>] [<initrd>:<size>] [<fdt>]\r\n"
                          "       bootefi bootmgr [<fdt>]\r\n"
                          "       bootefi hello [<fdt>]\r\n"), out


def test_boot_services_from_an_application(tmp_path, efi_bytes):
    # tests/payload/efitest.c, Thumb, entered at an odd entry point: each
    # check of the boot services it makes, then Exit(EFI_ABORTED); the
    # screen at the end holds what it drew through Graphics Output
    app = simrun.built("build/payload/efitest.efi")
    shot = tmp_path / "screen.png"
    r = run_bootefi(tmp_path, efi_bytes, ["load mmc 0:1 ${kernel_addr_r} efitest.efi",
                                          "bootefi ${kernel_addr_r}",
                                          ("efitest: press Ctrl-B", "\x02"), "echo rc=$?"],
                    extra=[(app, "efitest.efi")], args=["--screenshot", str(shot)])
    out = after(r.serial, "bootefi ${kernel_addr_r}")
    # no DTB at fdt_addr_r nor the board's on the card: none, said
    assert out.startswith("\r\nbootefi: no fdt given and none at fdt_addr_r 0x88000000: loading "
                          "the board's omap3-gta04a5one.dtb\r\n"), out[:500]
    assert "bootefi: no device tree for the image\r\n" in out
    checks = re.findall(r"efitest: ([^\r]+) (ok|FAILED)\r\n", out)
    assert len(checks) == 35 and all(v == "ok" for _, v in checks), out[:3000]
    # SimpleTextInputEx: Ctrl-B as 'b' with the left Ctrl
    assert [n for n, _ in checks[-3:-1]] == ["SimpleTextInputEx", "ReadKeyStrokeEx Ctrl-B"]
    assert [n for n, _ in checks if n.startswith("GOP")] == [
        "GOP mode", "GOP framebuffer reserved", "GOP device path", "GOP Blt VideoFill",
        "GOP Blt BufferToVideo, VideoToVideo, VideoToBltBuffer", "GOP Blt out of bounds"]
    # what the DSS scanned out: the magenta fill at (16, 578), the cyan
    # buffer at (100, 578), the copy of the fill at (200, 578), 64 x 12
    # each; black around them, and the refused fill at x 417.. not drawn
    w, h, rows = pngread.read(str(shot))
    assert (w, h) == (480, 640)
    for x0, colour in ((16, (255, 0, 255)), (100, (0, 255, 255)), (200, (255, 0, 255))):
        assert {rows[y][x] for y in range(578, 590) for x in range(x0, x0 + 64)} == {colour}
        assert rows[577][x0] == rows[590][x0] == rows[578][x0 + 64] == (0, 0, 0)
    assert {rows[578][x] for x in range(270, 480)} == {(0, 0, 0)}
    assert "efitest: done\r\n## Application failed, r = 21\r\n" in out
    assert "Exit returned" not in out
    assert "bootefi: the image returned without ExitBootServices (EFI_ABORTED)" in out
    assert "rc=1" in out


def test_no_gop_without_a_screen(tmp_path, sim):
    # Graphics Output only while gtaboot's screen is on: the BeagleBoard
    # has no panel, and video=off leaves the GTA04's dark; LocateProtocol
    # is EFI_NOT_FOUND, so Linux's stub passes no EFI framebuffer on
    app = simrun.built("build/payload/efitest.efi")
    cmds = ["load mmc 0:1 ${kernel_addr_r} efitest.efi", "bootefi ${kernel_addr_r}"]
    simrun.built("build/beagle/MLO", "build/beagle/efi.img")
    beagle = str(tmp_path / "beagle.img")
    subprocess.run([os.path.join(ROOT, "tools", "mksd.sh"), "--out", beagle, "--board", "beagle",
                    "--mlo", os.path.join(ROOT, "build", "beagle", "MLO"),
                    "--file", os.path.join(ROOT, "build", "beagle", "efi.img") + ":efi.img",
                    "--file", app + ":efitest.efi"], check=True, capture_output=True)
    (tmp_path / "uEnv.txt").write_text("video=off\n")
    dark = mkcard(tmp_path / "dark.img", extra=[(app, "efitest.efi"),
                                               (str(tmp_path / "uEnv.txt"), "uEnv.txt")])
    for card, board in ((beagle, "beagle"), (dark, "gta04")):
        r = session(card, cmds, board=board)
        assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
        out = after(r.serial, cmds[1])
        assert "efitest: done\r\n" in out, out[:3000]
        assert "efitest: no GOP\r\n" in out and "efitest: GOP" not in out, out[:3000]
    assert "display: off (video=off)" in r.serial


def test_no_card(sim):
    # gtaboot started without a card (as after a NAND or USB boot): efi.img
    # has nowhere to come from, and bootefi says where it looked
    binary = simrun.built("build/gta04/gtaboot.bin")
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--max-ms", "8000",
                    "--load-raw", binary + "@0x40200000",
                    "--input", simrun.script("bootefi hello", "echo rc=$?") + "{end}"])
    out = after(r.serial, "bootefi hello")
    assert re.match(r"\r\nbootefi: efi.img not read from the SD card's boot FAT partition "
                    r"\(E[A-Z]+\)\r\n", out), out[:500]
    assert "rc=1" in out


def test_variables_kept_on_the_card(tmp_path, efi_bytes):
    # efitest sets a non-volatile variable: bootefi saves the store as
    # U-Boot's ubootefi.var on the boot FAT partition, and the next
    # bootefi (a fresh start of efi.img) loads it again
    app = simrun.built("build/payload/efitest.efi")
    cmds = ["load mmc 0:1 ${kernel_addr_r} efitest.efi", "bootefi ${kernel_addr_r}",
            "ls mmc 0:1 /", "bootefi ${kernel_addr_r}"]
    path = tmp_path / "efi.img"
    path.write_bytes(efi_bytes)
    card = mkcard(tmp_path / "card.img", efi=str(path), extra=[(app, "efitest.efi")])
    r = session(card, cmds)
    assert r.report and r.report["result"] == "stop", r.stderr[-2000:] + r.serial[-3000:]
    first = after(r.serial, cmds[1])
    first, second = first[:first.index(cmds[2])], after(first, cmds[3])
    assert "efitest: SetVariable non-volatile ok" in first, first[:3000]
    assert "EfiTestNV was kept" not in first
    assert re.search(r"\d+ ubootefi.var\r\n", after(r.serial, cmds[2])), r.serial[-2000:]
    assert "efitest: EfiTestNV was kept\r\n" in second, second[:3000]
    # the file on the card, in U-Boot's layout: 8 reserved bytes, the
    # magic "UbEfiVa" and version 1, the length, the CRC of the rest
    data = subprocess.run(["mtype", "-i", "%s@@1M" % card, "::ubootefi.var"],
                          capture_output=True, check=True, stdin=subprocess.DEVNULL).stdout
    assert data[:8] == bytes(8) and data[8:16] == b"UbEfiVa\x01", data[:32]
    length, crc = struct.unpack_from("<II", data, 16)
    assert length == len(data) and crc == zlib.crc32(data[24:]) & 0xFFFFFFFF
    assert "EfiTestNV".encode("utf-16-le") in data
