#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""`make cold-order`: writes arch/arm/cold_order.ld, the SDRAM image's
sections that a plain boot runs, which arch/arm/gtaboot.ld puts in the first
of the two LZMA streams, and arch/arm/cold_order_prompt.ld, those the
console's common commands run, which it puts at the start of the second
(arch/arm/cold.c unpacks that as far as the page an access touches).

Boots each board's build in the simulator from the cards a user has
(extlinux.conf on FAT, as `make bench` measures it, with and without a
/uEnv.txt, and on an ext4 root),
with --profile naming every code section of the SDRAM part, and lists the
sections the PC entered before the hand-off, with the read-only data and
data of their objects (the profile sees instructions, not loads). The
list changes only speed: a section missing from it is unpacked when first
touched, one too many costs its unpacking time at every boot. A test
(tests/system/test_cold_order.py) fails when the plain boot has to unpack
the second stream, i.e. when this file is stale; then run `make
cold-order` and commit the file.

usage: coldorder.py [--out FILE] [--prompt-out FILE]   (after `make all-boards sim`)
"""
import argparse
import bisect
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (its card builders and machine arguments)

ROOT = bench.ROOT
OUT = os.path.join(ROOT, "arch", "arm", "cold_order.ld")
PROMPT_OUT = os.path.join(ROOT, "arch", "arm", "cold_order_prompt.ld")
PROMPT = "gtaboot> "
RAW_SECTOR = 256   # the second of the ROM's raw-mode places (128 KiB)
# What a console session commonly runs, after a boot that found nothing:
# the order of first use puts these at the start of the second stream.
PROMPT_CMDS = [
    "version", "help", "printenv", "setenv x 1", "echo ${x}", "env print x",
    "setexpr y ${x} + 1", "test ${y} -eq 2 && echo two", "if itest ${x} == 1; then echo one; fi",
    "run x", "md 0x80000000 8", "mw 0x80000000 0x12345678 4", "cmp 0x80000000 0x80000004 1",
    "cp 0x80000000 0x80000100 4", "crc32 0x80000000 0x100", "mmc info", "mmc list",
    "part list mmc 0", "fatls mmc 0:1", "ls mmc 0:1 /", "fatinfo mmc 0:1",
    "load mmc 0:1 ${kernel_addr_r} MLO", "fatload mmc 0:1 ${kernel_addr_r} MLO", "bdinfo",
    "load mmc 0:1 ${scriptaddr} boot.scr", "iminfo ${scriptaddr}", "source ${scriptaddr}",
    "i2c dev 0", "i2c probe", "saveenv", "sleep 0", "poweroff"]
# a boot script for `source` (mkimage's legacy script image)
SCRIPT = "echo script ran\n"
WORK = os.path.join(bench.BUILD, "coldorder")
# " .text.name 0xADDR 0xSIZE object", the name alone on its line when long
SECTION = re.compile(r"^ (\.text[\w.$]*)\s*\n?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$",
                     re.M)
# Where the SDRAM part is linked (arch/arm/omap3/memmap.h); the late part's
# sections, in SRAM, are not the streams'.
COLD_BASE = int(re.search(r"^#define COLD_BASE\s+MM_U\((0x[0-9A-Fa-f]+)\)",
                          open(os.path.join(ROOT, "arch", "arm", "omap3", "memmap.h")).read(),
                          re.M).group(1), 16)


def object_pattern(obj):
    """The linker-script file pattern of an input object, board-free:
    build/gta04/obj/lib/fs/fat.c.o -> */obj/lib/fs/fat.c.o,
    .../libfdt.a(fdt_ro.o) -> *libfdt.a:fdt_ro.o"""
    m = re.match(r"^.*/(lib[^/]*\.a)\((.*)\)$", obj)
    if m:
        return "*%s:%s" % m.groups()
    return "*/obj/" + obj.split("/obj/", 1)[1]


def ranges(board, path):
    """The --profile file: each SDRAM code section, named object|section."""
    text = open(os.path.join(bench.FW, board, "gtaboot.map")).read()
    n = 0
    with open(path, "w") as f:
        for m in SECTION.finditer(text):
            sec, lo, size, obj = m.group(1), int(m.group(2), 16), int(m.group(3), 16), m.group(4)
            if lo >= COLD_BASE and size:
                f.write("%x %x %s|%s\n" % (lo, lo + size, object_pattern(obj), sec))
                n += 1
    if not n:
        sys.exit("coldorder: no SDRAM code sections in build/%s/gtaboot.map" % board)


def cards(board, mlo, dtb, kernel):
    """The boots whose path the first stream holds: {name: image}."""
    conf = os.path.join(WORK, "extlinux.conf")
    with open(conf, "w") as f:
        f.write("DEFAULT linux\nTIMEOUT 0\nLABEL linux\n  KERNEL /zImage\n  FDT /board.dtb\n"
                "  APPEND console=ttyS2,115200 root=/dev/mmcblk0p2\n")
    fat = os.path.join(WORK, board + "-fat.img")
    bench.make_image(fat, 64, [(mlo, "MLO"), (kernel, "zImage"), (dtb, "board.dtb"),
                               (conf, "extlinux/extlinux.conf")], ("extlinux",))
    # the same with the screen switched off in /uEnv.txt, as `make bench`
    # measures what the display costs
    uenv = os.path.join(WORK, "uEnv.txt")
    with open(uenv, "w") as f:
        f.write("video=off\n")
    fat_uenv = os.path.join(WORK, board + "-fat-uenv.img")
    bench.make_image(fat_uenv, 64, [(mlo, "MLO"), (kernel, "zImage"), (dtb, "board.dtb"),
                                    (uenv, "uEnv.txt"), (conf, "extlinux/extlinux.conf")],
                     ("extlinux",))
    conf4 = os.path.join(WORK, "extlinux-ext4.conf")
    with open(conf4, "w") as f:
        f.write("DEFAULT linux\nTIMEOUT 0\nLABEL linux\n  KERNEL /boot/zImage\n"
                "  FDT /boot/board.dtb\n  APPEND console=ttyS2,115200 root=/dev/mmcblk0p2\n")
    ext4 = os.path.join(WORK, board + "-ext4.img")
    bench.make_ext4_image(ext4, 64, mlo, [(kernel, "boot/zImage"), (dtb, "boot/board.dtb"),
                                          (conf4, "boot/extlinux/extlinux.conf")])
    return {"fat": fat, "fat-uenv": fat_uenv, "ext4": ext4}


def profiled(board, img, prof, *extra):
    """One run of board's build from card img with --profile prof: the
    report and the console's text. extra: more simulator arguments."""
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "r.json")
        serial = os.path.join(tmp, "s")
        subprocess.run([bench.SIM] + bench.MACHINE[board] + list(extra) +
                       ["--sd", img, "--profile", prof, "--report", rep, "--serial", serial],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        return json.load(open(rep)), open(serial, "rb").read().decode("latin-1")


def entered(board, img, prof):
    r, _ = profiled(board, img, prof)
    if r.get("result") != "handoff":
        sys.exit("coldorder: %s %s did not hand over: %s" % (board, img, r.get("message")))
    return set(r.get("profile") or {})


def prompt_entered(board, mlo, prof, raw, again=False):
    """{section: first entry (virtual us)} of a console session: a card
    with nothing to boot, then PROMPT_CMDS at the prompt. The card has a
    FAT partition with the MLO, or (raw) no partition table and the MLO
    in raw mode's place; then the early image is put in SRAM as the ROM
    would have loaded it from NAND (SYS_BOOT's default), as most of the
    system tests' console sessions run (tests/system/simrun.py). again:
    the same card once more, whose boot then reads the environment the
    first session saved."""
    img = os.path.join(WORK, board + ("-prompt-raw.img" if raw else "-prompt.img"))
    if again:
        pass            # the first session's card, as it left it
    elif raw:
        blob = open(os.path.join(bench.FW, board, "MLO.raw"), "rb").read()
        with open(img, "wb") as f:
            f.truncate(4 << 20)
            f.seek(RAW_SECTOR * 512)
            f.write(blob)
    else:
        txt, scr = os.path.join(WORK, "boot.txt"), os.path.join(WORK, "boot.scr")
        with open(txt, "w") as f:
            f.write(SCRIPT)
        bench.sh(["mkimage", "-A", "arm", "-O", "linux", "-T", "script", "-C", "none",
                  "-a", "0", "-e", "0", "-n", "coldorder", "-d", txt, scr])
        bench.make_image(img, 64, [(mlo, "MLO"), (scr, "boot.scr")])
    inp = "{expect %s}" % PROMPT + "".join(
        c.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}") +
        "\\r{expect %s}" % PROMPT for c in PROMPT_CMDS[:-1]) + PROMPT_CMDS[-1] + "\\r"
    with tempfile.TemporaryDirectory() as tmp:
        extra = []
        if raw:
            # what the ROM loads: the early part gtaboot.bin's descriptor
            # names ("GMLO", its length at 0x40; docs/design.md)
            blob = open(os.path.join(bench.FW, board, "gtaboot.bin"), "rb").read()
            early = os.path.join(tmp, "early.bin")
            with open(early, "wb") as f:
                f.write(blob[:int.from_bytes(blob[0x40:0x44], "little")])
            extra = ["--load-raw", early + "@0x40200000", "--rom-vmmc1", "on"]
        r, out = profiled(board, img, prof, "--input", inp, "--max-ms", "60000", *extra)
    if out.count(PROMPT) < len(PROMPT_CMDS) or r.get("result") != "poweroff":
        sys.exit("coldorder: %s: the console session stopped early (%s):\n%s"
                 % (board, r.get("message"), out[-2000:]))
    return {n: v["first_us"] for n, v in (r.get("profile") or {}).items()
            if "|" in n and v.get("enters")}


def placed(board):
    """[(addr, size, object, section)] of the SDRAM part's input sections
    in the link map, sorted by address."""
    out, pending = [], None
    for line in open(os.path.join(bench.FW, board, "gtaboot.map")):
        line = line.rstrip("\n")
        m = re.match(r"^ (\.\S+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$", line)
        if m:
            sec, addr, size, obj = m.groups()
        else:
            m = re.match(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.(?:o|o\)))$", line)
            if not (m and pending):
                pending = (re.match(r"^ (\.\S+)$", line) or [None, None])[1]
                continue
            sec, (addr, size, obj) = pending, m.groups()
        pending = None
        if int(addr, 16) >= COLD_BASE and int(size, 16):
            out.append((int(addr, 16), int(size, 16), obj, sec))
    return sorted(out)


def tool(name, *args):
    return subprocess.run([os.environ.get("CROSS", "arm-none-eabi-") + name] + list(args),
                          check=True, capture_output=True, text=True).stdout


def data_closure(board, code):
    """The data sections (object, section) the code sections reach through
    relocations, and the data those reach in turn (tables of strings):
    what the boot path may read. Function pointers are not followed."""
    secs = placed(board)
    addrs = [a for a, _, _, _ in secs]
    glob = {}
    for line in tool("nm", os.path.join(bench.FW, board, "gtaboot.elf")).splitlines():
        p = line.split()
        if len(p) == 3:
            glob.setdefault(p[2], int(p[0], 16))
    by_obj = {}

    def objdump(obj, flag):
        """objdump's output for an object, or for an archive's member."""
        m = re.match(r"^(.*\.a)\((.*)\)$", obj)
        if not m:
            return tool("objdump", flag, obj) if os.path.exists(obj) else ""
        # the member's block runs from its "NAME:  file format" line to the next
        out = tool("objdump", flag, m.group(1)).split("\n" + m.group(2) + ":")
        return out[1].split("file format", 2)[1] if len(out) > 1 else ""

    def info(obj):
        """An object's ({symbol: section}, {section: {relocation target}})."""
        if obj not in by_obj:
            syms, rel, cur = {}, {}, None
            for line in objdump(obj, "-t").splitlines():
                p = line.split()
                if len(p) >= 5 and re.fullmatch(r"[0-9a-f]{8}", p[0]) and p[-3].startswith("."):
                    syms[p[-1]] = p[-3]
            for line in objdump(obj, "-r").splitlines():
                m = re.match(r"^RELOCATION RECORDS FOR \[(\.\S+)\]:", line)
                if m:
                    cur = m.group(1)
                    continue
                p = line.split()
                if cur and len(p) == 3 and re.fullmatch(r"[0-9a-f]{8}", p[0]):
                    rel.setdefault(cur, set()).add(re.split(r"[+-]", p[2])[0])
            by_obj[obj] = (syms, rel)
        return by_obj[obj]

    def section_at(addr):
        i = bisect.bisect_right(addrs, addr) - 1
        if i >= 0 and secs[i][0] <= addr < secs[i][0] + secs[i][1]:
            return secs[i][2], secs[i][3]
        return None

    path = {object_pattern(o): o for _, _, o, _ in secs}
    todo = [(path[o], s) for o, s in code if o in path]
    seen, data = set(todo), set()
    while todo:
        obj, sec = todo.pop()
        syms, rel = info(obj)
        for t in rel.get(sec, ()):
            if t.startswith("."):
                hit = (obj, t)
            elif t in syms:
                hit = (obj, syms[t])
            elif t in glob:
                hit = section_at(glob[t])
            else:
                hit = None
            if hit and hit[1].startswith((".rodata", ".data")) and hit not in seen:
                seen.add(hit)
                data.add((object_pattern(hit[0]), hit[1]))
                todo.append(hit)
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--prompt-out", default=PROMPT_OUT)
    a = ap.parse_args()
    os.makedirs(WORK, exist_ok=True)
    kernel = os.path.join(WORK, "zImage")
    bench.make_kernel(kernel, 1000000)
    code, data = set(), set()
    prompt_first, prompt_data = {}, set()
    for board in bench.BOARDS:
        mlo = os.path.join(bench.FW, board, "MLO")
        if not os.path.exists(mlo):
            sys.exit("coldorder: %s missing: run make all-boards" % mlo)
        dtb = os.path.join(WORK, board + ".dtb")
        bench.sh(["dtc", "-q", "-O", "dtb", "-o", dtb, os.path.join(ROOT, bench.DTS[board])])
        prof = os.path.join(WORK, board + ".profile")
        ranges(board, prof)
        names = set()
        for img in cards(board, mlo, dtb, kernel).values():
            names |= {n for n in entered(board, img, prof) if "|" in n}
        board_code = {tuple(n.split("|")) for n in names}
        code |= board_code
        data |= data_closure(board, board_code)
        for raw, again in ((False, False), (False, True), (True, False)):
            for n, t in prompt_entered(board, mlo, prof, raw, again).items():
                sec = tuple(n.split("|"))
                prompt_first[sec] = min(t, prompt_first.get(sec, t))
        # and what the command table reaches: every command's name, usage
        # and help text, which `help` and a usage message read
        table = {(object_pattern(o), sec) for _, _, o, sec in placed(board)
                 if sec.startswith(".gtaboot_cmds.")}
        prompt_data |= data_closure(board, set(prompt_first) | table)
    # libfdt's objects are one section each: their data goes whole
    data |= {(o, ".rodata .rodata.* .data .data.*")
             for o, _ in code if ".a:" in o}
    with open(a.out, "w") as f:
        f.write("/* SPDX-License-Identifier: GPL-2.0-or-later */\n"
                "/* Generated by tools/coldorder.py (`make cold-order`): the SDRAM\n"
                " * image's code sections a plain boot (extlinux.conf on FAT, with and\n"
                " * without uEnv.txt, and on ext4, both boards) runs, then the data\n"
                " * sections their relocations reach. gtaboot.ld puts them in the first\n"
                " * stream. */\n")
        for o, s in sorted(code) + sorted(data):
            f.write("%s(%s)\n" % (o, s))
    print("coldorder: %d code and %d data sections -> %s" % (
        len(code), len(data), os.path.relpath(a.out, ROOT)))
    # the second stream's start: in order of first use, then their data
    pcode = sorted((s for s in prompt_first if s not in code),
                   key=lambda s: (prompt_first[s], s))
    pdata = sorted(prompt_data - data)
    with open(a.prompt_out, "w") as f:
        f.write("/* SPDX-License-Identifier: GPL-2.0-or-later */\n"
                "/* Generated by tools/coldorder.py (`make cold-order`): the SDRAM\n"
                " * image's code sections a console session with common commands runs\n"
                " * (both boards) and the first stream lacks, in order of first use,\n"
                " * then the data sections their relocations reach. gtaboot.ld puts\n"
                " * them at the start of the second stream, which is unpacked as far\n"
                " * as the page an access touches. */\n")
        for o, s in pcode + pdata:
            f.write("%s(%s)\n" % (o, s))
    print("coldorder: %d code and %d data sections -> %s" % (
        len(pcode), len(pdata), os.path.relpath(a.prompt_out, ROOT)))


if __name__ == "__main__":
    main()
