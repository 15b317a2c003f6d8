# SPDX-License-Identifier: GPL-2.0-or-later
"""The SDRAM image's two streams (arch/arm/cold.c, gtaboot.ld): a plain boot
runs on the first alone and hands over without unpacking the second; a
boot that needs more (a boot script's commands) gets the second on first
touch, through the abort it takes on one of its pages, and still boots.

Whether the second stream was unpacked is read from the simulator's
--profile: the ranges of cold_load_rest() and unpack_rest_to(), which only
that unpacking enters (whole, or page by page)."""
import os
import subprocess

import pytest

import cards
import simrun

ROOT = simrun.ROOT
STALE = ("the boot path needed the second stream: arch/arm/cold_order.ld is stale; "
         "run `make cold-order` and commit it (tools/coldorder.py)")
DTS = {"gta04": "dts/omap3-gta04-sim.dts", "beagle": "dts/omap3-beagle-sim.dts"}
MACHINE = {"gta04": ["--machine", "gta04", "--rev", "A5"], "beagle": ["--machine", "beagle"]}
CONF = ("DEFAULT linux\nTIMEOUT 0\nLABEL linux\n  KERNEL /zImage\n  FDT /board.dtb\n"
        "  APPEND console=ttyS2,115200 root=/dev/mmcblk0p2\n")


def sh(*args):
    return subprocess.run(list(args), check=True, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL).stdout


def rest_profile(board, out):
    """A --profile file naming the bytes of cold_load_rest() and
    unpack_rest_to() "rest"."""
    elf = simrun.built("build/%s/gtaboot.elf" % board)
    lines = []
    for line in sh("arm-none-eabi-nm", "-S", elf).splitlines():
        p = line.split()
        if len(p) == 4 and p[3] in ("cold_load_rest", "unpack_rest_to"):
            lo = int(p[0], 16) & ~1
            lines.append("%x %x rest\n" % (lo, lo + int(p[1], 16)))
    if len(lines) != 2:
        pytest.fail("no cold_load_rest or unpack_rest_to in %s" % elf)
    path = str(out / ("%s-rest.profile" % board))
    with open(path, "w") as f:
        f.writelines(lines)
    return path


def files(board, out, extra=None):
    mlo, zimage = simrun.built("build/%s/MLO" % board, "build/payload/zImage")
    dtb = str(out / ("%s.dtb" % board))
    sh("dtc", "-q", "-O", "dtb", "-o", dtb, os.path.join(ROOT, DTS[board]))
    f = {"MLO": mlo, "zImage": zimage, "board.dtb": dtb}
    f.update(extra or {})
    return f


def boot(board, img, prof):
    r = simrun.run(MACHINE[board] + ["--sd", img, "--profile", prof, "--on-handoff", "stop",
                                     "--max-ms", "20000"])
    assert r.report["result"] == "handoff", r.serial + r.stderr
    return "rest" in (r.report.get("profile") or {}), r


@pytest.mark.parametrize("board", ["gta04", "beagle"])
def test_plain_boot_needs_only_the_first_stream(board, tmp_path):
    """extlinux.conf on FAT, as `make bench` measures the hand-off."""
    img = cards.fat_card(tmp_path / "sd.img", dict(files(board, tmp_path),
                                                   **{"extlinux/extlinux.conf": CONF.encode()}))
    rest, r = boot(board, img, rest_profile(board, tmp_path))
    assert "Booting 'linux'" in r.serial, r.serial
    assert not rest, STALE


def test_ext4_boot_needs_only_the_first_stream(tmp_path):
    """Debian's layout: MLO on FAT, the kernel and extlinux.conf on ext4."""
    f = files("gta04", tmp_path)
    stage = tmp_path / "root"
    (stage / "boot" / "extlinux").mkdir(parents=True)
    for name in ("zImage", "board.dtb"):
        (stage / "boot" / name).write_bytes(open(f[name], "rb").read())
    (stage / "boot" / "extlinux" / "extlinux.conf").write_text(
        CONF.replace(" /zImage", " /boot/zImage").replace(" /board.dtb", " /boot/board.dtb"))
    img = cards.disk(tmp_path / "sd.img", [
        cards.Part(cards.fat(tmp_path / "p1.fat", {"MLO": f["MLO"]}), "e", boot=True),
        cards.Part(cards.ext4(tmp_path / "p2.ext4", stage, size_mb=16), "83")])
    rest, r = boot("gta04", img, rest_profile("gta04", tmp_path))
    assert "Booting 'linux'" in r.serial, r.serial
    assert not rest, STALE


def test_script_boot_unpacks_the_rest_on_first_touch(tmp_path):
    """A boot.scr runs `source` and commands outside the boot path: the
    first of them faults, the second stream is unpacked, the access runs
    again, and the script boots its kernel as before."""
    script = tmp_path / "boot.txt"
    script.write_text("setexpr x 0x40 + 2\n"
                      "if itest.l ${x} == 0x42; then echo first touch ok; fi\n"
                      "load mmc 0:1 ${kernel_addr_r} zImage\n"
                      "load mmc 0:1 ${fdt_addr_r} board.dtb\n"
                      "bootz ${kernel_addr_r} - ${fdt_addr_r}\n")
    scr = str(tmp_path / "boot.scr")
    sh("mkimage", "-A", "arm", "-O", "linux", "-T", "script", "-C", "none", "-a", "0",
       "-e", "0", "-n", "boot script", "-d", str(script), scr)
    img = cards.fat_card(tmp_path / "sd.img", files("gta04", tmp_path, {"boot.scr": scr}))
    rest, r = boot("gta04", img, rest_profile("gta04", tmp_path))
    assert "first touch ok" in r.serial, r.serial
    assert rest, "the script's commands ran without the second stream: are they all in " \
        "arch/arm/cold_order.ld? then this test needs a command outside it"
    assert r.report["pc"] == 0x82000000, r.serial


PROMPT = simrun.PROMPT
PROMPT_STALE = ("a console session needed the second stream beyond its first part: "
                "arch/arm/cold_order_prompt.ld is stale; run `make cold-order` and commit it "
                "(tools/coldorder.py)")


def section_addr(board, name):
    elf = simrun.built("build/%s/gtaboot.elf" % board)
    for line in sh("arm-none-eabi-objdump", "-h", elf).splitlines():
        p = line.split()
        if len(p) > 4 and p[1] == name:
            return int(p[3], 16), int(p[2], 16)
    pytest.fail("no %s section in %s" % (name, elf))


@pytest.mark.parametrize("board", ["gta04", "beagle"])
def test_console_unpacks_only_what_its_commands_run(board, tmp_path):
    """A boot that finds nothing, then common commands at the prompt, as
    the console tests run them (the early part put in SRAM, the rest on a
    card): the second stream is unpacked page by page, and these commands
    stay in its first part (.cold_tail, tools/coldorder.py's list), so the
    rest of it (.cold_rest) is never unpacked. The simulator logs every
    abort the CPU takes with its address."""
    cmds = ["version", "printenv bootcmd", "setenv x 1", "echo ${x}", "md 0x80000000 4",
            "help"]
    inp = simrun.script(*cmds)
    gtaboot = simrun.built("build/%s/gtaboot.bin" % board)
    r = simrun.run(MACHINE[board] + ["--load-raw", gtaboot + "@0x40200000", "--input", inp,
                                     "--max-ms", "5000"])
    assert r.serial.count(PROMPT) == len(cmds) + 1, r.serial + r.stderr
    tail, _ = section_addr(board, ".cold_tail")
    rest, size = section_addr(board, ".cold_rest")
    touched = [a["far"] for a in r.report["abort_log"] if tail <= a["far"] < rest + size]
    assert touched, "no abort on the second stream: is it unpacked whole at the boot?"
    assert r.report["aborts"] <= len(r.report["abort_log"]), r.report["aborts"]
    assert max(touched) < rest, PROMPT_STALE + " (%s)" % ", ".join("0x%08x" % a for a in touched)
