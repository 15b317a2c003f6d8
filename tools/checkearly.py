#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check that the ROM-loaded early part of gtaboot calls nothing outside it.

    checkearly.py OBJDUMP ELF

Until arch/arm/omap3/mlo_rest.c has read the rest of the MLO, only the
early part (linker.ld: _start .. __early_end) is in SRAM: a direct branch
from it to the late hot part or the cold part would run whatever the SRAM
or SDRAM holds. The cold part is entered only through cold_load() and
main_late(), after the rest is read; those branches are listed below.
Calls through function pointers are not seen here.
"""
import re
import subprocess
import sys

# Early functions that run only after mlo_rest_load() has returned, and may
# therefore call late or cold code.
# exc_common reaches arm_exception() only once cold_loaded is set.
AFTER_REST = {"main", "main_late", "exc_common"}


def main():
    objdump, elf = sys.argv[1], sys.argv[2]
    syms = subprocess.run([objdump, "-t", elf], capture_output=True, text=True,
                          check=True).stdout
    addr = {}
    for line in syms.splitlines():
        p = line.split()
        if len(p) >= 2 and re.fullmatch(r"[0-9a-f]{8}", p[0]):
            addr[p[-1]] = int(p[0], 16)
    start, end = addr["_start"], addr["__early_end"]
    dis = subprocess.run([objdump, "-d", "--start-address=0x%x" % start,
                          "--stop-address=0x%x" % end, elf],
                         capture_output=True, text=True, check=True).stdout
    func, bad = None, []
    for line in dis.splitlines():
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:", line)
        if m:
            func = m.group(1)
            continue
        m = re.search(r"\t(b|bl|blx|b\.w|beq\.w|bne\.w|cbz|cbnz)\S*\s+([0-9a-f]+) <([^>]+)>", line)
        if not m or func in AFTER_REST:
            continue
        target = int(m.group(2), 16)
        # a long-branch veneer lives in the early part but jumps on
        v = re.fullmatch(r"__(.+)_veneer", m.group(3))
        if v and v.group(1) in addr:
            target = addr[v.group(1)]
        if not start <= target < end:
            bad.append("%s calls %s (0x%08x)" % (func, m.group(3), target))
    if bad:
        sys.exit("checkearly: the ROM-loaded part calls code it does not hold:\n  "
                 + "\n  ".join(sorted(set(bad))))


if __name__ == "__main__":
    main()
