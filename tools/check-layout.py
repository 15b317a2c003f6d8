#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks the firmware tree against the boundaries docs/design.md states
("Layout and boundaries"): which directory may include which headers,
that NAND commands and the GPMC's ECC engine are driven from drivers/mtd/
only (one NAND core, drivers/mtd/nand_core.c, for the early part and the
cold part alike), and that no firmware objects call each other round a
circle of any length (the boot flow is a DAG: docs/design.md).

usage: check-layout.py [BUILD_OBJ_DIR]
With the object directory of a built board (build/gta04/obj), the calls
between objects are checked too (from their relocations). Exits 1 naming
each include or circle that is not allowed and not in KNOWN below; a
KNOWN entry that no longer occurs is reported too, so the list only
shrinks."""
import os
import re
import subprocess
import sys

# directory -> header prefixes its files may include (their own directory
# always). arch/arm/omap3 is "the SoC"; only the boot flow's two files,
# common/early.c and common/main.c (and their hand-off, common/handoff.h),
# wire it to the boot flow.
RULES = {
    "lib/": ("lib/",),
    "drivers/": ("lib/", "drivers/", "arch/arm/io.h", "arch/arm/cpu.h"),
    "board/": ("lib/", "board/", "arch/arm/omap3/", "drivers/video/"),
    "arch/arm/omap3/": ("lib/", "drivers/", "arch/arm/"),
    "arch/arm/": ("lib/", "arch/arm/", "drivers/timer/"),
    "commands/": ("lib/", "common/", "board/board.h", "drivers/", "arch/arm/omap3/memmap.h",
                  "arch/arm/platform.h", "arch/arm/io.h", "arch/arm/cpu.h", "arch/arm/cold.h",
                  "arch/arm/mmu.h", "arch/arm/linux.h"),
    "common/": ("lib/", "common/", "board/board.h", "drivers/", "arch/arm/omap3/memmap.h",
                "arch/arm/platform.h",
                "arch/arm/io.h", "arch/arm/cpu.h", "arch/arm/cold.h",
                "arch/arm/mmu.h", "arch/arm/linux.h"),
}
EXTRA = {"common/early.c": ("arch/arm/omap3/",), "common/main.c": ("arch/arm/omap3/",),
         "common/handoff.h": ("arch/arm/omap3/",)}

# What is still to be fixed (issue #26): each is named here so that a new
# one fails the check, and removed once fixed.
KNOWN = set()

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# The GPMC's NAND command/address ports and its ECC engine: a NAND read or
# RESET/READ ID of its own outside drivers/mtd/ is a twin of the core's.
NAND_PORT = re.compile(r"\b(gpmc_nand_cmd|gpmc_nand_addr|gpmc_ecc_start|gpmc_ecc_results)\s*\(")


def sources():
    for top in ("arch", "board", "commands", "common", "drivers", "lib"):
        for d, _, files in os.walk(top):
            for f in files:
                if f.endswith((".c", ".h", ".S")):
                    yield os.path.join(d, f)


def rule_for(path):
    best = None
    for prefix in RULES:
        if path.startswith(prefix) and (best is None or len(prefix) > len(best)):
            best = prefix
    return best


def include_errors(seen):
    errors = []
    for path in sorted(sources()):
        prefix = rule_for(path)
        if prefix is None:
            continue
        allowed = RULES[prefix] + (prefix,) + EXTRA.get(path, ())
        with open(path, encoding="utf-8") as f:
            for inc in INCLUDE.findall(f.read()):
                if inc.startswith(allowed):
                    continue
                seen.add((path, inc))
                if (path, inc) not in KNOWN:
                    errors.append("%s includes %s: %s may include %s only" %
                                  (path, inc, prefix, ", ".join(RULES[prefix])))
    return errors


def nand_port_errors():
    errors = []
    for path in sorted(sources()):
        if path.startswith("drivers/mtd/"):
            continue
        with open(path, encoding="utf-8") as f:
            for name in sorted(set(NAND_PORT.findall(f.read()))):
                errors.append("%s calls %s: NAND commands and the ECC engine are the "
                              "NAND core's (drivers/mtd/nand_core.c, drivers/mtd/nand.c)"
                              % (path, name))
    return errors


def call_graph(objdir):
    """{source: {sources it calls}} from each object's call and jump
    relocations (a function's address in an operations table is no call)."""
    objdump = os.environ.get("OBJDUMP", "arm-none-eabi-objdump")
    defs, refs = {}, {}
    for d, _, files in os.walk(objdir):
        for f in files:
            if not f.endswith(".o") or "/gen/" in os.path.join(d, f):
                continue
            obj = os.path.join(d, f)
            src = os.path.relpath(obj, objdir)[:-2]
            if not os.path.exists(src):   # left over from a removed file
                continue
            out = subprocess.run([objdump, "-t", "-r", obj], capture_output=True,
                                 text=True, check=True).stdout
            for line in out.splitlines():
                p = line.split()
                if len(p) == 6 and p[1] == "g" and p[2] == "F":
                    defs[p[-1]] = src
                elif len(p) == 3 and re.fullmatch(r"[0-9a-f]{8}", p[0]) and ("CALL" in p[1] or "JUMP" in p[1]):
                    refs.setdefault(src, set()).add(p[2].split("+")[0].split("-")[0])
    return {s: {defs[t] for t in ts if t in defs and defs[t] != s} for s, ts in refs.items()}


def cycles(uses):
    """The strongly connected components of more than one file (Tarjan's
    algorithm, iterative): every circle of calls, of any length, lies in
    one."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], 0
    for root in sorted(uses):
        if root in index:
            continue
        work = [(root, iter(sorted(uses.get(root, ()))))]
        index[root] = low[root] = n
        n += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = n
                    n += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(uses.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def circle_errors(objdir):
    """Every set of objects that call each other round a circle."""
    uses = call_graph(objdir)
    errors = []
    for comp in cycles(uses):
        errors.append("%s call each other round a circle (%s)" % (
            ", ".join(comp), "; ".join("%s -> %s" % (a, ", ".join(sorted(uses[a] & set(comp))))
                                       for a in comp)))
    return errors


def main():
    seen = set()
    errors = include_errors(seen)
    errors += ["KNOWN lists %s including %s, which it no longer does: take it off" % k
               for k in sorted(KNOWN - seen)]
    errors += nand_port_errors()
    if len(sys.argv) > 1:
        errors += circle_errors(sys.argv[1])
    for e in errors:
        print("check-layout: " + e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
