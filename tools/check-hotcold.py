#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks the split of a linked gtaboot into its parts (linker.ld), from
every reference the hot objects make (calls, branches, and pointers in
data alike):

- the early part, all the ROM loads, may refer to nothing outside itself
  until mlo_rest_load() has read the rest of the MLO: only the functions in
  AFTER_REST (main(), which calls cold_load() and main_late()) and the
  GUARDED exception path may reach the late hot part or the cold part;
- the SRAM (hot) part may refer to the SDRAM (cold) part only through the
  entry points listed below, which main() calls after cold_load() has
  unpacked the cold part.
Anything else would run, or read, memory that holds nothing yet.

usage: check-hotcold.py MAP ELF NM OBJDUMP
Reads the link map for which object file went where, each hot object's
relocations (only from its sections the link kept) and the ELF's symbol
table. Exits 1 naming each reference that is not allowed."""
import re
import subprocess
import sys

# Both parts are taken from the image's own symbols (linker.ld, with the
# numbers of arch/arm/omap3/memmap.h): the SRAM from _start to the end of
# its stacks, the SDRAM part from __cold_start to the end of its bss.
HOT = COLD = None

# The SDRAM part's entry points, both called by main() once cold_load() has
# unpacked the cold part: main_late() (steps 8-15 of the boot flow, which
# call the rest of the cold part from there) and console_use_ring(), which
# moves the console's ring to SDRAM.
ENTRY_POINTS = {"main_late", "console_use_ring"}
# Reached from anywhere, the early part included, behind a check: start.S's
# exception path goes on in the late part (exc_cold), which calls
# cold_fault() and arm_exception(), only once cold_loaded says the cold
# part is there (before that the early part prints a line and resets).
GUARDED = {"arm_exception", "cold_fault", "exc_cold"}
# The early part (_start .. __early_end) is all the ROM loads: until
# mlo_rest_load() has read the rest, the late hot part (__early_end ..
# __image_end) is not in SRAM either. Only these early functions run after
# that and may refer to it (main() calls cold_load() and main_late()).
AFTER_REST = {"main"}
# Hot objects whose own bss linker.ld places in the SDRAM part: none now
# (linker.ld asserts the late part has no bss).
SDRAM_BSS_OK = ()
# The cold part's bounds (linker.ld), which cold_load() unpacks and clears,
# and the early part's end, where the rest is read to: addresses, not code.
BOUNDS = {"__cold_start", "__cold_tail", "__cold_end", "__cold_bss_start", "__cold_bss_end",
          "__early_end", "__data_end"}


def in_range(addr, r):
    return r[0] <= addr < r[1]


def placed_sections(map_path):
    """{object: {input section name: address}} for the sections the link
    kept (non-zero size)."""
    placed = {}
    with open(map_path) as f:
        lines = f.read().split("Linker script and memory map", 1)[-1].splitlines()
    pending = None
    for line in lines:
        # " .text.name 0xADDR 0xSIZE obj", or the name alone on one line
        # when it is long and the rest on the next
        m = re.match(r"^ (\.\S+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o)\)?$", line)
        if m:
            fields = m.groups()
        else:
            m = re.match(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o)\)?$", line)
            fields = (pending,) + m.groups() if m and pending else None
        m1 = re.match(r"^ (\.\S+)$", line)
        pending = m1.group(1) if m1 else None
        if not fields:
            continue
        name, addr, size, obj = fields[0], int(fields[1], 16), int(fields[2], 16), fields[3]
        if size:
            placed.setdefault(obj, {})[name] = addr
    return placed


def symbols(elf, nm):
    out = subprocess.run([nm, elf], capture_output=True, text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TtDdBbRrAa":
            syms.setdefault(parts[2], int(parts[0], 16))
    return syms


def own_sections(obj, objdump):
    """{symbol: input section} for what an object defines itself (static
    ones included): such a reference goes where that section was placed,
    whatever another object's symbol of the same name does."""
    out = subprocess.run([objdump, "-t", obj], capture_output=True, text=True,
                         check=True).stdout
    own = {}
    for line in out.splitlines():
        p = line.split()
        if len(p) >= 5 and re.fullmatch(r"[0-9a-f]{8}", p[0]) and p[-3].startswith("."):
            own.setdefault(p[-1], p[-3])
    return own


def relocations(obj, objdump):
    """{section: [symbol, ...]} of an object file."""
    out = subprocess.run([objdump, "-r", obj], capture_output=True, text=True,
                         check=True).stdout
    rel, sec = {}, None
    for line in out.splitlines():
        m = re.match(r"^RELOCATION RECORDS FOR \[(\.\S+)\]:", line)
        if m:
            sec = m.group(1)
            continue
        parts = line.split()
        if sec and len(parts) == 3 and re.match(r"^[0-9a-f]{8}$", parts[0]):
            rel.setdefault(sec, []).append(parts[2].split("+")[0].split("-")[0])
    return rel


def main():
    map_path, elf, nm, objdump = sys.argv[1:5]
    placed = placed_sections(map_path)
    syms = symbols(elf, nm)
    global HOT, COLD
    HOT = (syms["_start"], syms["__svc_stack_top"])
    COLD = (syms["__cold_start"], syms["__cold_bss_end"])
    early = (syms["_start"], syms["__early_end"])
    late = (syms["__early_end"], syms["__image_end"])
    after_rest = {p + f for f in AFTER_REST for p in (".text.", ".text.startup.")}
    errors, hot_objs = [], 0
    for obj, secs in sorted(placed.items()):
        # main.c has functions in both parts (COLD_FN): each hot section
        # is checked alone.
        hot = [s for s, a in secs.items() if in_range(a, HOT)]
        if not hot or ".a(" in obj:   # libgcc's helpers: no references out
            continue
        hot_objs += 1
        own = own_sections(obj, objdump)
        for sec, targets in relocations(obj, objdump).items():
            if sec not in hot:
                continue
            # before mlo_rest_load() returns neither the late part nor the
            # cold one is there: not even an entry point may be reached
            before_rest = in_range(secs[sec], early) and sec not in after_rest
            for t in targets:
                if t in BOUNDS or t in GUARDED or (t in ENTRY_POINTS and not before_rest):
                    continue
                if SDRAM_BSS_OK and obj.endswith(SDRAM_BSS_OK) and \
                        t.startswith((".bss", ".late.bss")):
                    continue
                # a static function or string is reached through its section
                if t.startswith("."):
                    addr = secs.get(t)
                elif t in own:
                    addr = secs.get(own[t])
                else:
                    addr = syms.get(t)
                if addr is None:
                    continue
                if in_range(addr, COLD):
                    errors.append("%s (%s) refers to %s in the SDRAM part" % (obj, sec, t))
                elif before_rest and in_range(addr, late):
                    errors.append("%s (%s) refers to %s in the late hot part, which the "
                                  "ROM does not load" % (obj, sec, t))
    if not hot_objs:
        errors.append("no object of the SRAM part found in %s" % map_path)
    for e in errors:
        print("check-hotcold: " + e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
