#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""`make bench`: gtaboot's size and virtual-time figures (docs/performance.md).

Builds SD images in build/bench/ (sparse files, mkfs.vfat --offset and
mtools, no loop mounts), boots them in build/sim/gtaboot-sim, and derives
the boot phases from the report's console lines, each stamped with the
virtual time its first character left UART3. Writes build/bench.json and
build/bench.svg and prints a table. Every time here is virtual: it does not
depend on the host, only on the simulator's cost model. Then writes the
figures the docs cite into docs/bench.json and rewrites the docs' marked
figures from it (tools/docnums.py); `bench.py --docs` does only that, from
the last run's build/bench.json.
"""
import concurrent.futures
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build")
WORK = os.path.join(BUILD, "bench")
SIM = os.path.join(BUILD, "sim", "gtaboot-sim")
# The bench charges each data access its cost; tests and `make run` take
# the simulator's faster average per instruction (tools/sim/README.md).
EXACT = ["--timing", "exact"]
UBOOT = os.path.join(BUILD, "deps", "root", "usr", "lib", "u-boot", "omap3_beagle")
BOARDS = ("gta04", "beagle")
MACHINE = {"gta04": ["--machine", "gta04", "--rev", "A5"], "beagle": ["--machine", "beagle"]}
DTS = {"gta04": "dts/omap3-gta04-sim.dts", "beagle": "dts/omap3-beagle-sim.dts"}
MB = 1000000
BUS_HZ, BUS_WIDTH = 48000000, 4          # the card clock and width gtaboot programs
BUS_LIMIT = BUS_HZ * BUS_WIDTH / 8 / MB  # 24 MB/s: data bits only, no CRC or gaps
PART_START = 2048                        # sectors, as tools/mksd.sh
KERNEL_ADDR_UBOOT = 0x82000000           # Debian omap3_beagle kernel_addr_r
MLO_GOAL = 32 * 1024
ROM_GOAL = 16 * 1024                     # bytes the boot ROM reads (GP size)
KERNEL_BUS_GOAL = 0.92                   # kernel load, fraction of BUS_LIMIT
RESET_GOAL_US = 300000                   # reset to hand-off, 5 MB kernel
OVERHEAD_GOAL = 10                       # U-Boot's overhead / gtaboot's
# The firmware build to measure: build/ by default; BENCH_FW=DIR measures
# DIR/gta04/MLO and DIR/beagle/MLO instead (e.g. another checkout's build).
FW = os.environ.get("BENCH_FW", BUILD)


# the screen may add at most this to the hand-off
DISPLAY_GOAL_US = 15000

def sh(args, **kw):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


# ------------------------------------------------------------------ images

def make_kernel(path, size, seed=1):
    """A stand-in zImage: the header the loaders check, seeded filler, and
    a branch-to-self first instruction (nothing runs it: the hand-off stops
    the simulator)."""
    body = bytearray(random.Random(seed).randbytes(size))
    body[0:4] = b"\xfe\xff\xff\xea"
    struct.pack_into("<III", body, 0x24, 0x016F2818, 0, size)
    with open(path, "wb") as f:
        f.write(body)


def make_image(path, size_mb, files, dirs=()):
    """MBR + one FAT32 partition at sector 2048. files: [(src, dest)] in
    order (MLO first); dirs: directories to make first."""
    total = size_mb * 2048
    if os.path.exists(path):
        os.unlink(path)
    sh(["truncate", "-s", str(total * 512), path])
    sh(["sfdisk", "-q", path], input=(
        "label: dos\nstart=%d, size=%d, type=c, bootable\n" % (PART_START, total - PART_START)
    ).encode())
    sh(["mkfs.vfat", "-F", "32", "-n", "BENCH", "-i", "47544130",
        "--offset=%d" % PART_START, path, str((total - PART_START) // 2)])
    img = "%s@@%d" % (path, PART_START * 512)
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1")
    for d in dirs:
        subprocess.run(["mmd", "-D", "s", "-i", img, "::" + d], check=True, env=env)
    for src, dest in files:
        if isinstance(src, list):   # many files into one directory at once
            subprocess.run(["mcopy", "-D", "o", "-i", img] + src + ["::" + dest], check=True, env=env)
        else:
            subprocess.run(["mcopy", "-D", "o", "-o", "-i", img, src, "::" + dest], check=True, env=env)


def make_ext4_image(path, size_mb, mlo, files):
    """A Debian-style card: MBR, a 16 MB FAT16 partition (bootable) with
    only MLO, then an ext4 root made by mke2fs -d (its defaults: 4 KiB
    blocks, extents, metadata_csum) holding files [(src, dest)]."""
    stage = path + ".root"
    shutil.rmtree(stage, ignore_errors=True)
    for src, dest in files:
        os.makedirs(os.path.dirname(os.path.join(stage, dest)), exist_ok=True)
        shutil.copy(src, os.path.join(stage, dest))
    fat_sectors = 16 * 2048
    root_start = PART_START + fat_sectors
    root_sectors = size_mb * 2048 - root_start
    if os.path.exists(path):
        os.unlink(path)
    sh(["truncate", "-s", str(size_mb * 2048 * 512), path])
    sh(["sfdisk", "-q", path], input=(
        "label: dos\nstart=%d, size=%d, type=e, bootable\nstart=%d, size=%d, type=83\n"
        % (PART_START, fat_sectors, root_start, root_sectors)).encode())
    sh(["mkfs.vfat", "-F", "16", "-n", "BOOT", "--offset=%d" % PART_START, path,
        str(fat_sectors // 2)])
    subprocess.run(["mcopy", "-D", "o", "-i", "%s@@%d" % (path, PART_START * 512), mlo, "::MLO"],
                   check=True, env=dict(os.environ, MTOOLS_SKIP_CHECK="1"))
    rootfs = path + ".ext4"
    if os.path.exists(rootfs):
        os.unlink(rootfs)
    sh(["truncate", "-s", str(root_sectors * 512), rootfs])
    sh(["mke2fs", "-q", "-F", "-t", "ext4", "-d", stage, rootfs])
    sh(["dd", "if=" + rootfs, "of=" + path, "bs=1M", "seek=%d" % (root_start * 512),
        "oflag=seek_bytes", "conv=notrunc,sparse", "status=none"])
    os.unlink(rootfs)
    shutil.rmtree(stage)


class Fat32:
    """Just enough FAT32 to move one root-directory file's clusters."""

    def __init__(self, path):
        self.f = open(path, "r+b")
        self.base = PART_START * 512
        bpb = self.read(0, 512)
        self.bps = struct.unpack_from("<H", bpb, 11)[0]
        self.spc = bpb[13]
        self.reserved = struct.unpack_from("<H", bpb, 14)[0]
        self.nfats = bpb[16]
        total = struct.unpack_from("<I", bpb, 32)[0]
        self.fatsz = struct.unpack_from("<I", bpb, 36)[0]
        self.root = struct.unpack_from("<I", bpb, 44)[0]
        self.data = (self.reserved + self.nfats * self.fatsz) * self.bps
        self.csize = self.spc * self.bps
        self.nclusters = (total - self.reserved - self.nfats * self.fatsz) // self.spc
        self.fat = bytearray(self.read(self.reserved * self.bps, self.fatsz * self.bps))

    def read(self, off, n):
        self.f.seek(self.base + off)
        return self.f.read(n)

    def write(self, off, b):
        self.f.seek(self.base + off)
        self.f.write(b)

    def entry(self, c):
        return struct.unpack_from("<I", self.fat, c * 4)[0] & 0x0FFFFFFF

    def set(self, c, v):
        struct.pack_into("<I", self.fat, c * 4, v)

    def chain(self, c):
        out = []
        while 2 <= c < 0x0FFFFFF8:
            out.append(c)
            c = self.entry(c)
        return out

    def coff(self, c):
        return self.data + (c - 2) * self.csize

    def find(self, short):
        for c in self.chain(self.root):
            d = self.read(self.coff(c), self.csize)
            for i in range(0, len(d), 32):
                if d[i:i + 11] == short:
                    return self.coff(c) + i
        raise KeyError(short)

    def fragment(self, short, pieces):
        """Move the file into `pieces` runs, each followed by one free
        cluster, beyond every cluster in use."""
        at = self.find(short)
        de = bytearray(self.read(at, 32))
        first = struct.unpack_from("<H", de, 20)[0] << 16 | struct.unpack_from("<H", de, 26)[0]
        old = self.chain(first)
        used = max(c for c in range(2, self.nclusters + 2) if self.entry(c))
        run = -(-len(old) // pieces)
        new = []
        c = used + 2
        while len(new) < len(old):
            n = min(run, len(old) - len(new))
            new.extend(range(c, c + n))
            c += n + 1
        if new[-1] >= self.nclusters + 2:
            raise ValueError("no room to fragment")
        for o, n in zip(old, new):
            self.write(self.coff(n), self.read(self.coff(o), self.csize))
            self.set(o, 0)
        for a, b in zip(new, new[1:]):
            self.set(a, b)
        self.set(new[-1], 0x0FFFFFFF)
        struct.pack_into("<H", de, 20, new[0] >> 16)
        struct.pack_into("<H", de, 26, new[0] & 0xFFFF)
        self.write(at, bytes(de))
        for i in range(self.nfats):
            self.write((self.reserved + i * self.fatsz) * self.bps, bytes(self.fat))
        self.f.close()
        runs = 1 + sum(1 for a, b in zip(new, new[1:]) if b != a + 1)
        return runs


# ------------------------------------------------------------------ runs

def stalls(trace_lines, reg="CM+0xd24 r32", gap_us=1000.0, min_us=10000.0):
    """Stretches of back-to-back polls of one register (--trace lines) that
    last at least min_us: [(start_us, end_us)]."""
    out, a, b = [], None, None
    for line in trace_lines:
        if reg not in line:
            continue
        t = float(line.split()[1])
        if a is not None and t - b <= gap_us:
            b = t
            continue
        if a is not None and b - a >= min_us:
            out.append((a, b))
        a = b = t
    if a is not None and b - a >= min_us:
        out.append((a, b))
    return out


UBOOT_TRACE = r"CM\+0xd24 r32"
# MMC1's command and block registers and I2C1: enough to see where gtaboot
# is without the console, whose lines trail the CPU since it is buffered
GTABOOT_TRACE = r"MMC1\+0x10[4c] w32|I2C1\+"


def sim(args, timeout=900, trace=None):
    """Run the simulator; with trace (a grep -E pattern) the matching
    --trace lines are kept in r["trace"]."""
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "r.json")
        cmd = [SIM] + EXACT + args + ["--report", rep, "--serial", os.path.join(tmp, "s")]
        if trace:
            p = subprocess.Popen(cmd + ["--trace"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, text=True, errors="replace")
            g = subprocess.Popen(["grep", "-E", trace], stdin=p.stderr,
                                 stdout=subprocess.PIPE, text=True)
            p.stderr.close()
            lines = g.stdout.read().splitlines()
            g.wait()
            p.wait(timeout=timeout)
        else:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=timeout)
        with open(rep) as f:
            r = json.load(f)
        if trace:
            r["trace"] = lines
            if trace == UBOOT_TRACE:
                # only the DPLL5 lock-status polls are kept (see uboot_phases)
                r["dpll5_stalls"] = stalls(lines)
                return r
    if r["result"] != "handoff":
        raise RuntimeError("%s: %s: %s\n%s" % (" ".join(args), r["result"], r["message"],
                                                "" if trace else
                                                p.stderr.decode(errors="replace")[-2000:]))
    return r


def line_at(r, pattern, after=0.0):
    for t, text in r["console"]:
        if t >= after and re.search(pattern, text):
            return t, text
    raise KeyError("no console line matches %r" % pattern)


def console_us(r):
    """Virtual time spent sending console characters (they block the boot
    once the 64-byte FIFO is full)."""
    chars = sum(len(text) + 2 for _, text in r["console"])
    return chars * 10 / 115200 * 1e6


def mmc_events(r):
    """From the trace: [(us, kind, value)] with kind "cmd" (index), "blk"
    (block count) or "i2c" (the first access of a burst)."""
    out, prev = [], None
    for line in r.get("trace", []):
        p = line.split()
        # "mmio:  36134.911 us MMC1+0x10c w32 <- 0x1a020000 (PC 0x402022b6)"
        t, reg, v = float(p[1]), p[3], int(p[6], 16)
        if reg == "MMC1+0x10c":
            out.append((t, "cmd", (v >> 24) & 0x3F))
        elif reg == "MMC1+0x104":
            out.append((t, "blk", v >> 16))
        elif reg.startswith("I2C1") and prev != "i2c":
            out.append((t, "i2c", 0))
        prev = "i2c" if reg.startswith("I2C1") else "mmc"
    return out


def gtaboot_phases(r):
    """Phases from hardware activity (the trace): the card's identification
    (CMD2 ends ACMD41's wait), the cold part's first TWL4030 access, the
    kernel's long multi-block reads up to the boot's last read command."""
    t_entry = r["entry_us"]
    t_end = r["handoff"]["virtual_us"]
    ev = mmc_events(r)
    t_ready = next(t for t, k, v in ev if k == "cmd" and v == 2)
    t_cold = next(t for t, k, v in ev if k == "i2c" and t > t_ready)
    t_kstart = next(t for t, k, v in ev if k == "blk" and v >= 512 and t > t_cold)
    # the kernel is the last thing read: its last read command (the
    # partial last sector, or the last run) ends the phase
    t_kend = max(t for t, k, v in ev if k == "cmd" and t >= t_kstart)
    _, ktext = line_at(r, r"^kernel ")
    m = re.search(r"(\d+) bytes, ([\d.]+) ms", ktext)
    phases = [
        ("ROM loads MLO (early part)", 0, t_entry),
        ("clocks, SDRAM; SD card powers up", t_entry, t_ready),
        ("rest of MLO, CRC, unpack", t_ready, t_cold),
        ("PMIC, FAT, extlinux, DTB", t_cold, t_kstart),
        ("kernel load", t_kstart, t_kend),
        ("hand-off", t_kend, t_end),
    ]
    return phases, int(m.group(1)), float(m.group(2)) * 1000


def uboot_phases(r):
    t_entry = r["entry_us"]
    t_proper = line_at(r, r"^U-Boot 20")[0]
    t_hit, _ = line_at(r, r"Hit any key")
    # the countdown ends where the next line starts
    t_after = next(t for t, _ in r["console"] if t > t_hit)
    t_kfile = line_at(r, r"Retrieving file: /zImage", t_after)[0]
    t_dfile = line_at(r, r"Retrieving file: /.*\.dtb", t_kfile)[0]
    t_start = line_at(r, r"Starting kernel", t_dfile)[0]
    t_end = r["handoff"]["virtual_us"]
    # The simulator's PRCM model does not lock DPLL5 with the FREQSEL
    # U-Boot programs, and U-Boot polls CM_IDLEST2_CKGEN to its loop limit
    # (once in SPL, once in U-Boot proper). Hardware locks; those waits are
    # measured (--trace) and left out like the countdown.
    st = sum(b - a for a, b in r.get("dpll5_stalls", []))
    phases = [
        ("ROM loads MLO (SPL)", 0, t_entry),
        ("SPL: clocks, SDRAM, loads u-boot.img", t_entry, t_proper),
        ("U-Boot proper init", t_proper, t_hit),
        ("countdown (excluded)", t_hit, t_after),
        ("distro boot scan", t_after, t_kfile),
        ("kernel load", t_kfile, t_dfile),
        ("DTB, bootz", t_dfile, t_start),
        ("hand-off", t_start, t_end),
    ]
    return phases, t_after - t_hit, st


# ------------------------------------------------------------------ boot scripts

# Functions whose first entry opens a profile phase (tools/sim/profile.c):
# the boot command after the countdown, the first script, the boot
# command the script runs (bootz/bootm), the hand-off.
PROFILE_MARKS = ("boot_run_bootcmd", "cmd_source_at", "do_bootx", "boot_handoff")
# What the per-object profile is summed into for the table
PROFILE_GROUPS = (
    ("interpreter", ("lib/shell/hush.c",)),
    ("storage", ("drivers/mmc/", "lib/fs/fat", "lib/fs/ext4", "lib/fs/fs.c", "lib/fs/part", "common/bootfs.c")),
    ("memmove", ("lib/string.c",)),
    ("crc", ("lib/crc32.c", "lib/crc32_bulk.c", "lib/crc32c.c")),
    ("waits", ("drivers/timer/",)),
    ("console", ("common/console.c", "lib/printf.c", "drivers/serial/", "drivers/video/",
                 "common/display.c")),
)


def profile_ranges(fw_dir, out):
    """The --profile file for a firmware build: every code section of its
    linker map (one a function with -ffunction-sections) named by its
    object file, the PROFILE_MARKS functions as "@name"."""
    # both images' maps: the early image's and the SDRAM image's
    text = "".join(open(os.path.join(fw_dir, m)).read() for m in ("early.map", "gtaboot.map"))
    rx = re.compile(r"^ (\.text[\w.$]*|\.vectors|\.late_entry)\s*\n?\s+0x([0-9a-f]+)"
                    r"\s+0x([0-9a-f]+)\s+(\S+\.o\)?)$", re.M)
    n = 0
    with open(out, "w") as f:
        for m in rx.finditer(text):
            sec, lo, size, obj = m.group(1), int(m.group(2), 16), int(m.group(3), 16), m.group(4)
            if not lo or not size:
                continue
            fn = sec[len(".text."):] if sec.startswith(".text.") else ""
            # build/gta04/obj/lib/shell/hush.c.o -> lib/shell/hush.c; .../libfdt.a(fdt.o) -> libfdt.a
            name = "@" + fn if fn in PROFILE_MARKS else \
                re.sub(r"^.*/obj/|\.o$|^.*/(?=lib[^/]*\.a\()|\(.*\)$", "", obj)
            f.write("%x %x %s\n" % (lo, lo + size, name))
            n += 1
    return n


def profile_sums(r):
    """Per phase (profile_phases) and in all: the time of each
    PROFILE_GROUPS group, in us."""
    def group(name):
        for g, prefixes in PROFILE_GROUPS:
            if name.startswith(prefixes):
                return g
        return "other"

    def sums(us):
        out = {g: 0.0 for g, _ in PROFILE_GROUPS}
        out["other"] = 0.0
        for n, t in us.items():
            out[group(n.lstrip("@"))] += t
        return {k: round(v, 1) for k, v in out.items()}

    phases = r.get("profile_phases") or []
    total = sums({n: v["us"] for n, v in (r.get("profile") or {}).items()})
    return total, [(p["name"].lstrip("@"), p["start_us"], sums(p["us"])) for p in phases]


def script_phases(r):
    """Phases of a boot through bootcmd (from the profile's marks, exact
    virtual times of the CPU, not of the buffered console)."""
    marks = {p["name"].lstrip("@"): p["start_us"] for p in r.get("profile_phases") or []}
    t_end = r["handoff"]["virtual_us"]
    # each phase from its mark to the next mark reached
    names = ((None, "reset to bootcmd (ROM, init, card, environment)"),
             ("boot_run_bootcmd", "distro scan to the script (probes, boot.scr)"),
             ("cmd_source_at", "script: commands and loads to bootm/bootz"),
             ("do_bootx", "bootm/bootz: checks, CRC, uImage move, DTB"),
             ("boot_handoff", "hand-off (console drain)"))
    starts = [(0.0, label) if key is None else (marks[key], label)
              for key, label in names if key is None or key in marks]
    return [(label, t, starts[i + 1][0] if i + 1 < len(starts) else t_end)
            for i, (t, label) in enumerate(starts)]


def script_cards(kernel, mlo):
    """The Letux-style card (tests/system/test_letux_card.py: its builder
    and its OWN_BOOT / OWN_BOOTARGS scripts) and the flash-kernel-style
    card (tests/system/test_distro.py: its builder, with flash-kernel's
    own bootscr.uboot-generic when the package is there, else the in-repo
    FK_SCRIPT), both with `kernel` as their kernel payload and a
    /uEnv.txt with bootdelay=0 on the FAT partition (no countdown, as the
    extlinux.conf card's TIMEOUT 0). {name: (image, note)}, or a reason."""
    import pathlib
    sys.path.insert(0, os.path.join(ROOT, "tests", "system"))
    try:
        import test_distro
        import test_letux_card
    except ImportError as e:   # pytest missing: not this interpreter's
        return "cannot import the tests' card builders (%s)" % e
    test_distro.PAYLOAD = test_letux_card.PAYLOAD = kernel
    uenv = os.path.join(WORK, "uEnv-bootdelay0.txt")
    with open(uenv, "w") as f:
        f.write("bootdelay=0\n")
    env = dict(os.environ, MTOOLS_SKIP_CHECK="1")
    cards = {}
    for name in ("letux", "flash_kernel"):
        d = pathlib.Path(WORK) / ("script-" + name)
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        if name == "letux":
            img = test_letux_card.letux_card(d, test_letux_card.OWN_BOOT,
                                             test_letux_card.OWN_BOOTARGS, "A5")
            note = "test_letux_card.OWN_BOOT + OWN_BOOTARGS (Letux's dialect, written here)"
        else:
            # unpacked outside build/: the Makefile includes every *.d there
            # (and the package has etc/initramfs/post-update.d/)
            with tempfile.TemporaryDirectory() as x:
                tpl = test_distro.flash_kernel_template(pathlib.Path(x) / "deb")
            if tpl:
                text, note = tpl[0], "flash-kernel's bootscr.uboot-generic from " + tpl[1]
            else:
                text, note = test_distro.FK_SCRIPT, "test_distro.FK_SCRIPT (no flash-kernel package)"
            img = test_distro.flash_kernel_card(d, text)
        fat = "%s@@%d" % (img, PART_START * 512)
        subprocess.run(["mcopy", "-D", "o", "-i", fat, uenv, "::uEnv.txt"], check=True, env=env,
                       stdin=subprocess.DEVNULL)
        if os.path.realpath(mlo) != os.path.realpath(os.path.join(BUILD, "gta04", "MLO")):
            subprocess.run(["mcopy", "-D", "o", "-o", "-i", fat, mlo, "::MLO"], check=True,
                           env=env, stdin=subprocess.DEVNULL)
        cards[name] = (img, note)
    return cards


def sim_speed():
    """Guest instructions per host second on straight-line code: I-cache
    on, WDT2 off, then 64 ADDs and a branch, forever; 4 s of virtual time
    at the 26 MHz reset clock."""
    src = os.path.join(WORK, "speed.S")
    with open(src, "w") as f:
        f.write("""\t.syntax unified\n\t.arm\n\t.global _start\n_start:
\tmrc p15, 0, r0, c1, c0, 0\n\torr r0, r0, #0x1000\n\tmcr p15, 0, r0, c1, c0, 0
\tldr r0, =0x48314000\n\tldr r1, =0xAAAA\n\tstr r1, [r0, #0x48]
1:\tldr r1, [r0, #0x34]\n\tcmp r1, #0\n\tbne 1b\n\tldr r1, =0x5555\n\tstr r1, [r0, #0x48]
2:\tldr r1, [r0, #0x34]\n\tcmp r1, #0\n\tbne 2b
3:\n""" + "\tadd r2, r2, #1\n" * 64 + "\tb 3b\n\t.ltorg\n")
    obj, binf = src + ".o", src + ".bin"
    sh(["arm-none-eabi-as", "-mcpu=cortex-a8", "-o", obj, src])
    sh(["arm-none-eabi-objcopy", "-O", "binary", obj, binf])
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "r.json")
        subprocess.run([SIM] + EXACT + ["--machine", "gta04", "--load-raw", binf + "@0x40200000",
                        "--max-ms", "4000", "--report", rep], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
        with open(rep) as f:
            r = json.load(f)
    return r["guest_instructions"] / r["host_seconds"], r["guest_instructions"], r["host_seconds"]


def linux_boot(zimage):
    """Debian's armmp kernel, booted by gtaboot on the simulated GTA04 A5,
    to the initramfs' busybox prompt (tools/mklinuxcard.py's card): the
    uncompressed Image as the tests boot it, or the zImage with its
    decompressor. None when the kernel package is not there."""
    img = os.path.join(WORK, "linux-%s.img" % ("zimage" if zimage else "image"))
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mklinuxcard.py"),
                        "--out", img] + (["--zimage"] if zimage else []),
                       capture_output=True, text=True)
    if p.returncode:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "r.json")
        subprocess.run([SIM] + EXACT + ["--machine", "gta04", "--rev", "A5", "--sd", img,
                        "--on-handoff", "continue", "--max-ms", "120000", "--report", rep,
                        "--input", "{expect initramfs:/# }{end}"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        with open(rep) as f:
            r = json.load(f)
    if r["result"] != "stop":
        return None
    return {"virtual_s": round(r["virtual_us"] / 1e6, 3),
            "guest_instructions": r["guest_instructions"],
            "host_seconds": r["host_seconds"], "mips": r["mips"]}


def efi_bench(mlo, dtb):
    """The EFI boot beside extlinux.conf (docs/uefi.md): Debian's armmp
    zImage, an EFI application through its stub, found by the distro scan
    as efi/boot/bootarm.efi (efi.img and the DTB under /dtb/ on the same
    FAT32 card), against the same zImage booted by extlinux.conf (bootz).
    Each to its hand-off: the stub's first instruction (--handoff-mmu-on:
    it runs with gtaboot's MMU on) or the zImage's. None when the kernel
    package or efi.img is not there."""
    vmlinuz = os.path.join(BUILD, "deps", "kernel", "vmlinuz")
    efi_img = os.path.join(os.path.dirname(mlo), "efi.img")
    if not (os.path.exists(vmlinuz) and os.path.exists(efi_img)):
        return None
    conf = os.path.join(WORK, "extlinux-vmlinuz.conf")
    with open(conf, "w") as f:
        f.write("DEFAULT linux\nTIMEOUT 0\nLABEL linux\n  KERNEL /vmlinuz\n  FDT /board.dtb\n"
                "  APPEND console=ttyS2,115200 root=/dev/mmcblk0p2\n")
    ext = os.path.join(WORK, "gta04-vmlinuz-extlinux.img")
    make_image(ext, 64, [(mlo, "MLO"), (vmlinuz, "vmlinuz"), (dtb, "board.dtb"),
                         (conf, "extlinux/extlinux.conf")], ("extlinux",))
    efi = os.path.join(WORK, "gta04-vmlinuz-efi.img")
    # no countdown, as extlinux.conf's TIMEOUT 0 has none
    uenv = os.path.join(WORK, "uEnv-bootdelay0.txt")
    with open(uenv, "w") as f:
        f.write("bootdelay=0\n")
    # $fdtfile of the simulated GTA04 A5 (OneNAND), under efi_dtb_prefixes' /dtb/
    make_image(efi, 64, [(mlo, "MLO"), (uenv, "uEnv.txt"), (efi_img, "efi.img"),
                         (dtb, "dtb/omap3-gta04a5one.dtb"), (vmlinuz, "efi/boot/bootarm.efi")],
               ("dtb", "efi", "efi/boot"))
    r_ext = sim(MACHINE["gta04"] + ["--sd", ext])
    r_efi = sim(MACHINE["gta04"] + ["--sd", efi, "--handoff-mmu-on"])
    return {"kernel_bytes": os.path.getsize(vmlinuz),
            "extlinux_handoff_us": round(r_ext["handoff"]["virtual_us"], 1),
            "efi_handoff_us": round(r_efi["handoff"]["virtual_us"], 1),
            "efi_img_bytes": os.path.getsize(efi_img)}


# ------------------------------------------------------------------ SVG

COLORS = ["#8c8c8c", "#4e79a7", "#59a14f", "#edc948", "#b07aa1", "#e15759", "#f28e2b",
          "#76b7b2"]


def svg(path, rows):
    """rows: [(title, phases)]; one bar per row, phases in order."""
    width, left, bar, gap = 1000, 150, 34, 70
    span = max(p[-1][2] for _, p in rows)
    scale = (width - left - 20) / span
    h = 40 + len(rows) * (bar + gap) + 30
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, h),
           '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(45)"><rect width="6" height="6" fill="#eee"/>'
           '<line x1="0" y1="0" x2="0" y2="6" stroke="#aaa" stroke-width="3"/></pattern></defs>',
           '<text x="10" y="20" font-size="14">Boot timeline, virtual time from reset '
           '(gtaboot-sim cost model, docs/performance.md)</text>']
    y = 40
    for title, phases in rows:
        out.append('<text x="10" y="%d">%s</text>' % (y + bar / 2 + 4, title))
        for i, (name, a, b) in enumerate(phases):
            x, w = left + a * scale, max((b - a) * scale, 0.5)
            fill = "url(#hatch)" if "excluded" in name else COLORS[i % len(COLORS)]
            out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" stroke="#fff" '
                       'stroke-width="0.5"><title>%s: %.1f ms</title></rect>'
                       % (x, y, w, bar, fill, name, (b - a) / 1000))
            ty = y + bar + 14 + (i % 3) * 12
            if w > 2:
                out.append('<text x="%.1f" y="%d" fill="#333">%s %.0f ms</text>'
                           % (x, ty, name, (b - a) / 1000))
        y += bar + gap
    step = 100000 if span > 400000 else 50000
    for t in range(0, int(span) + 1, step):
        x = left + t * scale
        out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ccc"/>' % (x, y - 10, x, y - 4))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%d ms</text>' % (x, y + 8, t // 1000))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


# ------------------------------------------------------------------ USB

USB_RAW_MB_S = 480e6 / 8 / MB            # 60 MB/s: the high-speed bit rate
USB_BULK_MB_S = 13 * 512 / 125e-6 / MB   # 53.2 MB/s: USB 2.0 Table 5-10, 13 bulk
                                         # packets of 512 bytes a microframe
USB_BYTES = 4 * 1024 * 1024
PEER = os.path.join(BUILD, "tools", "usbpeer")


def usb_run(name, card, script, peer, timeout=120):
    """One GTA04 A5 run with its USB on a socket (--usb-clock virtual: the
    bus costs virtual time, the peer none) and tools/usbpeer.c on the
    other end; the report, or RuntimeError."""
    with tempfile.TemporaryDirectory() as tmp:
        sock, rep = os.path.join(tmp, "usb.sock"), os.path.join(tmp, "r.json")
        sd = os.path.join(tmp, "card.img")
        shutil.copy(card, sd)      # ums writes it; sparse-ness does not matter at 64 MB
        p = subprocess.Popen([SIM] + EXACT + MACHINE["gta04"] + [
            "--sd", sd, "--rom-usb-ms", "0", "--usb", "unix:" + sock, "--usb-clock", "virtual",
            "--input", script, "--max-ms", "30000", "--report", rep,
            "--serial", os.path.join(tmp, "s")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            q = subprocess.run([PEER, sock] + peer, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=timeout)
            _, err = p.communicate(timeout=timeout)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        with open(rep) as f:
            r = json.load(f)
    if q.returncode or r["result"] != "stop":
        raise RuntimeError("usb %s: usbpeer exit %d: %s; simulator %s: %s\n%s" % (
            name, q.returncode, q.stderr.decode(errors="replace").strip(), r["result"],
            r["message"], err.decode(errors="replace")[-2000:]))
    return r


def usb_bench(mlo):
    """DFU to RAM and UMS to the card, 4 MiB each, in virtual time; a dict,
    or the reason they were not measured (a string)."""
    if not os.path.exists(PEER):
        return "build/tools/usbpeer missing (libusbredirparser-dev)"
    if "--usb-clock" not in subprocess.run([SIM, "--help"], capture_output=True,
                                           text=True).stdout:
        return "the simulator has no --usb-clock"
    card = os.path.join(WORK, "usb.img")
    make_image(card, 64, [(mlo, "MLO")])       # no kernel: gtaboot stops at its prompt
    prompt = "{expect gtaboot> }"
    # DFU: a 4 KiB download first, so that the 4 MiB one is timed from the
    # first download's line to its own (no enumeration in it)
    dfu = (prompt + "setenv dfu_alt_info 'kernel ram 0x82000000 0x%x'\\r" % USB_BYTES +
           prompt + "dfu 0 ram 0\\r{expect dfu: %d bytes to 'kernel'}{wait 50}\\x03" % USB_BYTES +
           prompt + "{end}")
    # UMS: from the reset to the eject (the bridge's enumeration and the
    # START STOP UNIT, some 15 ms, are in it); written from 32 MiB on
    ums = prompt + "ums 0 mmc 0\\r{expect the host ejected the disk}" + prompt + "{end}"
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        fd = ex.submit(usb_run, "dfu", card, dfu, ["dfu", "4096", str(USB_BYTES)])
        fu = ex.submit(usb_run, "ums", card, ums, ["ums", str(USB_BYTES), "65536"])
        rd, ru = fd.result(), fu.result()
    t0, _ = line_at(rd, r"^dfu: 4096 bytes to 'kernel'")
    t1, _ = line_at(rd, r"^dfu: %d bytes to 'kernel'" % USB_BYTES, t0)
    u0, _ = line_at(ru, r"^UMS: USB reset")
    u1, _ = line_at(ru, r"^UMS: the host ejected the disk", u0)
    _, stats = line_at(ru, r"^UMS: \d+ KiB read, %d KiB written" % (USB_BYTES // 1024), u1)
    return {
        "bytes": USB_BYTES,
        "dfu_ram_us": round(t1 - t0, 1),
        "dfu_ram_mb_s": round(USB_BYTES / (t1 - t0), 3),
        "ums_write_us": round(u1 - u0, 1),
        "ums_write_mb_s": round(USB_BYTES / (u1 - u0), 3),
        "ums_stats": stats,
        "usb2_hs_raw_mb_s": USB_RAW_MB_S,
        "usb2_hs_bulk_mb_s": round(USB_BULK_MB_S, 1),
    }


def print_usb(u):
    print("\nUSB (GTA04 A5, --usb-clock virtual, tools/usbpeer.c as the PC;"
          " docs/usb.md \"Throughput in virtual time\"):")
    if isinstance(u, str):
        print("  not measured: " + u)
        return
    print("  DFU to RAM      %d bytes %8.1f ms  %6.2f MB/s" % (
        u["bytes"], u["dfu_ram_us"] / 1000, u["dfu_ram_mb_s"]))
    print("  UMS to the card %d bytes %8.1f ms  %6.2f MB/s" % (
        u["bytes"], u["ums_write_us"] / 1000, u["ums_write_mb_s"]))
    print("  USB 2.0 high speed: %.0f MB/s raw, about %.0f MB/s bulk payload" % (
        u["usb2_hs_raw_mb_s"], u["usb2_hs_bulk_mb_s"]))


# ------------------------------------------------------------------ main

def main():
    os.makedirs(WORK, exist_ok=True)
    if sys.argv[1:] == ["--docs"]:
        # docs/bench.json and the docs from the last run's build/bench.json
        with open(os.path.join(BUILD, "bench.json")) as f:
            write_record(json.load(f))
        return
    if sys.argv[1:] == ["--usb"]:
        # only the USB figures, printed (bench.json is the full run's)
        print_usb(usb_bench(os.path.join(FW, "gta04", "MLO")))
        return
    for b in BOARDS:
        if not os.path.exists(os.path.join(FW, b, "MLO")):
            sys.exit("bench: build/%s/MLO missing: run make all-boards" % b)
    dtb = {}
    for b in BOARDS:
        dtb[b] = os.path.join(WORK, "%s.dtb" % b)
        sh(["dtc", "-q", "-O", "dtb", "-o", dtb[b], os.path.join(ROOT, DTS[b])])
    kernels = {}
    for mb in (1, 5, 20):
        kernels[mb] = os.path.join(WORK, "zImage-%dM" % mb)
        if not os.path.exists(kernels[mb]) or os.path.getsize(kernels[mb]) != mb * MB:
            make_kernel(kernels[mb], mb * MB)
    conf = os.path.join(WORK, "extlinux.conf")
    with open(conf, "w") as f:
        f.write("DEFAULT linux\nTIMEOUT 0\nLABEL linux\n  KERNEL /zImage\n  FDT /board.dtb\n"
                "  APPEND console=ttyS2,115200 root=/dev/mmcblk0p2\n")

    def card(name, board, mlo, kmb=5, size_mb=64, extra=(), dirs=(), kdest="zImage",
             conf_src=conf):
        path = os.path.join(WORK, name + ".img")
        files = [(mlo, "MLO")] + list(extra) + [
            (kernels[kmb], kdest), (dtb[board], "board.dtb"),
            (conf_src, "extlinux/extlinux.conf")]
        make_image(path, size_mb, files, ("extlinux",) + tuple(dirs))
        return path

    gmlo = {b: os.path.join(FW, b, "MLO") for b in BOARDS}
    jobs = {}
    imgs = {}
    imgs["gta04"] = card("gta04-5M", "gta04", gmlo["gta04"])
    imgs["beagle"] = card("beagle-5M", "beagle", gmlo["beagle"])
    for mb in (1, 20):
        imgs["k%d" % mb] = card("gta04-%dM" % mb, "gta04", gmlo["gta04"], kmb=mb)
    # the same card with the screen turned off: what the display costs
    uenv = os.path.join(WORK, "uEnv-video-off.txt")
    with open(uenv, "w") as f:
        f.write("video=off\n")
    imgs["novideo"] = card("gta04-5M-novideo", "gta04", gmlo["gta04"],
                           extra=[(uenv, "uEnv.txt")])
    imgs["fat32g"] = card("gta04-32G", "gta04", gmlo["gta04"], size_mb=32 * 1024)
    frag_runs = {}
    for n in (100, 1000):
        p = card("gta04-frag%d" % n, "gta04", gmlo["gta04"])
        frag_runs[n] = Fat32(p).fragment(b"ZIMAGE     ", n)
        imgs["frag%d" % n] = p
    many = os.path.join(WORK, "many")
    os.makedirs(many, exist_ok=True)
    names = []
    for i in range(1000):
        fn = os.path.join(many, "file%04d.txt" % i)
        if not os.path.exists(fn):
            with open(fn, "w") as f:
                f.write("filler %d\n" % i)
        names.append(fn)
    conf_dir = os.path.join(WORK, "extlinux-dir.conf")
    with open(conf) as f:
        open(conf_dir, "w").write(f.read().replace("KERNEL /zImage", "KERNEL /boot/zImage"))
    imgs["dir1000"] = card("gta04-dir1000", "gta04", gmlo["gta04"], dirs=("boot",),
                           extra=[(names, "boot/")], kdest="boot/zImage", conf_src=conf_dir)
    # The same 5 MB kernel from an ext4 root, as Debian lays a card out.
    conf_ext4 = os.path.join(WORK, "extlinux-ext4.conf")
    with open(conf_ext4, "w") as f:
        f.write("DEFAULT linux\nTIMEOUT 0\nLABEL linux\n  KERNEL /boot/zImage\n"
                "  FDT /boot/board.dtb\n  APPEND console=ttyS2,115200 root=/dev/mmcblk0p2\n")
    imgs["ext4"] = os.path.join(WORK, "gta04-ext4.img")
    make_ext4_image(imgs["ext4"], 64, gmlo["gta04"], [
        (kernels[5], "boot/zImage"), (dtb["gta04"], "boot/board.dtb"),
        (conf_ext4, "boot/extlinux/extlinux.conf")])
    have_uboot = os.path.exists(os.path.join(UBOOT, "u-boot.img"))
    if have_uboot:
        imgs["uboot"] = card("uboot-5M", "beagle", os.path.join(UBOOT, "MLO"),
                             extra=[(os.path.join(UBOOT, "u-boot.img"), "u-boot.img")])

    # The boot-script cards, the same 5 MB kernel; they and the extlinux
    # card run with --profile (virtual time per object file)
    scripts = script_cards(kernels[5], gmlo["gta04"])
    prof = os.path.join(WORK, "gta04.profile")
    profile_ranges(os.path.join(FW, "gta04"), prof)
    if isinstance(scripts, dict):
        for k, (img, _) in scripts.items():
            imgs["script_" + k] = img
    runs = {k: (MACHINE["beagle"] if k in ("beagle",) else MACHINE["gta04"]) + ["--sd", v]
            for k, v in imgs.items() if k != "uboot"}
    for k in ["gta04"] + ["script_" + n for n in (scripts if isinstance(scripts, dict) else ())]:
        runs[k] += ["--profile", prof]
    if have_uboot:
        runs["uboot"] = MACHINE["beagle"] + ["--sd", imgs["uboot"], "--max-ms", "30000",
                                             "--handoff-pc", hex(KERNEL_ADDR_UBOOT),
                                             # its C5 refresh count breaks tREFI at
                                             # 166 MHz (docs/references.md): warn, go on
                                             "--tolerate", "sdram-refresh"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        # the long U-Boot run first, so that the others fill the other core
        order = sorted(runs, key=lambda k: k != "uboot")
        traces = {"uboot": UBOOT_TRACE, "gta04": GTABOOT_TRACE, "beagle": GTABOOT_TRACE}
        futs = {k: ex.submit(sim, runs[k], trace=traces.get(k)) for k in order}
        res = {k: f.result() for k, f in futs.items()}
    speed, speed_insns, speed_host = sim_speed()
    usb = usb_bench(gmlo["gta04"])
    linux = {"image": linux_boot(False), "zimage": linux_boot(True)}
    efi = efi_bench(gmlo["gta04"], dtb["gta04"])

    # ---- figures
    def summary(r):
        if "trace" in r:
            phases, kbytes, kus = gtaboot_phases(r)
        else:
            phases = []
            _, ktext = line_at(r, r"^kernel ")
            m = re.search(r"(\d+) bytes, ([\d.]+) ms", ktext)
            kbytes, kus = int(m.group(1)), float(m.group(2)) * 1000
        return {"handoff_us": round(r["handoff"]["virtual_us"], 1),
                "entry_us": round(r["entry_us"], 1),
                "kernel_bytes": kbytes, "kernel_load_us": round(kus, 1),
                "kernel_load_mb_s": round(kbytes / kus, 2),
                "console_us": round(console_us(r), 1),
                "phases_us": {n: round(b - a, 1) for n, a, b in phases}}, phases

    base, base_phases = summary(res["gta04"])
    beagle, beagle_phases = summary(res["beagle"])
    kb = base["kernel_bytes"]
    goal_us = 1.15 * kb / (BUS_LIMIT * MB) * 1e6 + 30000
    rom_bytes = {}
    for b in BOARDS:
        with open(gmlo[b], "rb") as f:
            rom_bytes[b] = struct.unpack("<I", f.read(4))[0]   # the GP header's size
    out = {
        "mlo_bytes": {b: os.path.getsize(gmlo[b]) for b in BOARDS},
        "rom_bytes": rom_bytes,
        "rom_goal_bytes": ROM_GOAL,
        "mlo_goal_bytes": MLO_GOAL,
        "machine": "gta04 A5 (DM3730, MPU 600 MHz)",
        "handoff_us": base["handoff_us"],
        "entry_us": base["entry_us"],
        "kernel_bytes": kb,
        "kernel_load_us": base["kernel_load_us"],
        "kernel_load_mb_s": base["kernel_load_mb_s"],
        "bus_limit_mb_s": BUS_LIMIT,
        "goal_handoff_us": round(goal_us, 1),
        "goal_met_from_reset": base["handoff_us"] <= goal_us,
        "goal_met_from_mlo_entry": base["handoff_us"] - base["entry_us"] <= goal_us,
        "reset_goal_us": RESET_GOAL_US,
        "kernel_bus_goal": KERNEL_BUS_GOAL,
        # hand-off time minus the kernel's transfer time
        "overhead_us": round(base["handoff_us"] - base["kernel_load_us"], 1),
        "console_us": base["console_us"],
        "phases_us": base["phases_us"],
        "beagle": beagle,
        "scaling": {
            "kernel_1MB": summary(res["k1"])[0],
            "kernel_5MB": base,
            "kernel_20MB": summary(res["k20"])[0],
            "fat32_64MB": base,
            "fat32_32GB": summary(res["fat32g"])[0],
            "fragments_1": base,
            "fragments_100": dict(summary(res["frag100"])[0], runs=frag_runs[100]),
            "fragments_1000": dict(summary(res["frag1000"])[0], runs=frag_runs[1000]),
            "dir_1000_files": summary(res["dir1000"])[0],
            "ext4_64MB": summary(res["ext4"])[0],
        },
        "display": {
            "built": any("display: TPO" in l for _, l in res["gta04"]["console"]),
            "handoff_us_video_off": summary(res["novideo"])[0]["handoff_us"],
            "cost_us": round(base["handoff_us"] - summary(res["novideo"])[0]["handoff_us"], 1),
            "goal_us": DISPLAY_GOAL_US,
        },
        "sim_guest_instr_per_s": round(speed),
        "sim_speed_run": {"guest_instructions": speed_insns, "host_seconds": speed_host},
        "linux_to_shell": linux,
        "efi": efi,
        "usb": usb if isinstance(usb, dict) else {"skipped": usb},
    }
    # ---- boot scripts: the extlinux.conf card against the two script cards
    sb = {"rom_bytes_gta04": rom_bytes["gta04"], "kernel_bytes": kb}
    if not isinstance(scripts, dict):
        sb["skipped"] = scripts
    else:
        notes = {"extlinux": "extlinux.conf (sysboot), FAT32 64 MB card above"}
        notes.update({k: v[1] for k, v in scripts.items()})
        for k, key in (("extlinux", "gta04"), ("letux", "script_letux"),
                       ("flash_kernel", "script_flash_kernel")):
            r = res[key]
            total, per_phase = profile_sums(r)
            ph = script_phases(r) if k != "extlinux" else []
            sb[k] = {
                "script": notes[k],
                "handoff_us": round(r["handoff"]["virtual_us"], 1),
                "entry_us": round(r["entry_us"], 1),
                "handoff_pc": r["handoff"]["pc"],
                "phases_us": {n: round(b - a, 1) for n, a, b in ph},
                "profile_us": total,
                "profile_phases_us": [{"from": n, "start_us": round(t, 1), "us": g}
                                      for n, t, g in per_phase],
            }
    out["script_boots"] = sb
    rows = [("gtaboot (GTA04)", base_phases), ("gtaboot (Beagle)", beagle_phases)]
    if have_uboot:
        uphases, countdown, stall = uboot_phases(res["uboot"])
        u_us = res["uboot"]["handoff"]["virtual_us"] - countdown - stall
        out["uboot_handoff_us"] = round(u_us, 1)
        out["uboot_handoff_measured_us"] = round(res["uboot"]["handoff"]["virtual_us"], 1)
        out["uboot_countdown_us"] = round(countdown, 1)
        out["uboot_dpll5_stall_us"] = round(stall, 1)
        out["uboot_phases_us"] = {n: round(b - a, 1) for n, a, b in uphases}
        out["uboot_vs_gtaboot_beagle"] = round(u_us / beagle["handoff_us"], 2)
        u_over = u_us - out["uboot_phases_us"]["kernel load"]
        g_over = beagle["handoff_us"] - beagle["kernel_load_us"]
        out["uboot_overhead_us"] = round(u_over, 1)
        out["gtaboot_beagle_overhead_us"] = round(g_over, 1)
        out["overhead_ratio"] = round(u_over / g_over, 2)
        rows.append(("U-Boot 2023.01 (Beagle)", uphases))
    else:
        out["uboot_handoff_us"] = None
    with open(os.path.join(BUILD, "bench.json"), "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    svg(os.path.join(BUILD, "bench.svg"), rows)
    print_table(out)
    write_record(out)


# ------------------------------------------------------------------ docs/bench.json

# Stable keys for the phases' labels (the labels may be reworded)
PHASE_KEYS = {"ROM loads MLO (early part)": "rom", "clocks, SDRAM; SD card powers up": "card",
              "rest of MLO, CRC, unpack": "unpack", "PMIC, FAT, extlinux, DTB": "pmic_fat",
              "kernel load": "kernel", "hand-off": "handoff"}
SCRIPT_PHASE_KEYS = {"reset to bootcmd": "bootcmd", "distro scan": "scan", "script:": "script",
                     "bootm/bootz": "bootx", "hand-off": "handoff"}


def record(o):
    """The figures of a bench (build/bench.json's dict) that the docs may
    cite, for docs/bench.json: flat stable keys, numbers only, in the units
    the docs write (ms to 0.1, MB/s to 0.01, KB of 1000 bytes, virtual
    seconds); no host times, no goals."""
    ms = lambda us: round(us / 1000, 1)
    r = {}
    for b in BOARDS:
        r["mlo_bytes." + b] = o["mlo_bytes"][b]
        r["mlo_kb." + b] = round(o["mlo_bytes"][b] / 1000, 1)
        r["rom_bytes." + b] = o["rom_bytes"][b]
        r["rom_kb." + b] = round(o["rom_bytes"][b] / 1000, 1)
    r.update({"handoff_ms": ms(o["handoff_us"]), "entry_ms": ms(o["entry_us"]),
              "handoff_from_entry_ms": ms(o["handoff_us"] - o["entry_us"]),
              "kernel_bytes": o["kernel_bytes"], "kernel_load_ms": ms(o["kernel_load_us"]),
              "kernel_load_mb_s": o["kernel_load_mb_s"], "overhead_ms": ms(o["overhead_us"]),
              "console_ms": ms(o["console_us"])})
    for label, us in o["phases_us"].items():
        r["phase_ms." + PHASE_KEYS.get(label, label)] = ms(us)
    bg = o["beagle"]
    r.update({"beagle.handoff_ms": ms(bg["handoff_us"]),
              "beagle.kernel_load_mb_s": bg["kernel_load_mb_s"],
              "beagle.overhead_ms": ms(bg["handoff_us"] - bg["kernel_load_us"])})
    for case, s in o["scaling"].items():
        r["scaling.%s.handoff_ms" % case] = ms(s["handoff_us"])
        r["scaling.%s.kernel_load_mb_s" % case] = s["kernel_load_mb_s"]
    if o["display"]["built"]:
        r["display.cost_ms"] = ms(o["display"]["cost_us"])
        r["display.handoff_ms_video_off"] = ms(o["display"]["handoff_us_video_off"])
    if o.get("uboot_handoff_us"):
        r.update({"uboot.handoff_ms": ms(o["uboot_handoff_us"]),
                  "uboot.overhead_ms": ms(o["uboot_overhead_us"]),
                  "uboot.overhead_ratio": o["overhead_ratio"],
                  "uboot.vs_gtaboot_beagle": o["uboot_vs_gtaboot_beagle"]})
    u = o["usb"]
    if "skipped" not in u:
        r.update({"usb.dfu_ms": ms(u["dfu_ram_us"]), "usb.dfu_mb_s": round(u["dfu_ram_mb_s"], 2),
                  "usb.ums_ms": ms(u["ums_write_us"]), "usb.ums_mb_s": round(u["ums_write_mb_s"], 2)})
    for k, lx in o["linux_to_shell"].items():
        if lx:
            r["linux.%s_s" % k] = round(lx["virtual_s"], 1)
    if o.get("efi"):
        e = o["efi"]
        r.update({"efi.handoff_ms": ms(e["efi_handoff_us"]),
                  "efi.extlinux_handoff_ms": ms(e["extlinux_handoff_us"]),
                  "efi.img_bytes": e["efi_img_bytes"],
                  "efi.kernel_mb": round(e["kernel_bytes"] / MB, 2)})
    sb = o["script_boots"]
    for k in ("extlinux", "letux", "flash_kernel"):
        if k not in sb:
            continue
        r["script.%s.handoff_ms" % k] = ms(sb[k]["handoff_us"])
        for g, us in sb[k]["profile_us"].items():
            r["script.%s.%s_ms" % (k, g)] = ms(us)
        for label, us in sb[k]["phases_us"].items():
            key = next((v for p, v in SCRIPT_PHASE_KEYS.items() if label.startswith(p)), label)
            r["script.%s.phase.%s_ms" % (k, key)] = ms(us)
        if k != "extlinux" and "extlinux" in sb:
            r["script.%s.over_extlinux_ms" % k] = ms(sb[k]["handoff_us"] - sb["extlinux"]["handoff_us"])
    return r


def write_record(o):
    """docs/bench.json from this bench, then every marked figure of the
    docs from it (tools/docnums.py)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import docnums
    docnums.save(ROOT, record(o))
    print("%s written; %d marked figures of the docs changed"
          % (docnums.RECORD, docnums.update(ROOT)))


def print_table(o):
    ms = lambda us: "%8.1f ms" % (us / 1000)
    print("\ngtaboot bench (virtual time; cost model in docs/performance.md)\n")
    print("MLO size          " + ", ".join("%s %d bytes" % (b, n) for b, n in o["mlo_bytes"].items())
          + "  (goal %d: %s)" % (o["mlo_goal_bytes"], "met" if max(o["mlo_bytes"].values())
                                 <= o["mlo_goal_bytes"] else "NOT met"))
    print("ROM reads         " + ", ".join("%s %d bytes" % (b, n) for b, n in o["rom_bytes"].items())
          + "  (goal <= %d: %s)" % (o["rom_goal_bytes"], "met" if max(o["rom_bytes"].values())
                                    <= o["rom_goal_bytes"] else "NOT met"))
    print("\nPhases, GTA04 A5, %d-byte kernel, FAT32 64 MB:" % o["kernel_bytes"])
    for n, us in o["phases_us"].items():
        print("  %-34s %s" % (n, ms(us)))
    print("  %-34s %s   (from MLO entry %s)" % ("reset to hand-off", ms(o["handoff_us"]),
                                               ms(o["handoff_us"] - o["entry_us"]).strip()))
    print("  %-34s %s   (115200 baud console, inside the phases)" % ("of which console output",
                                                                     ms(o["console_us"])))
    print("\nKernel load      %.2f MB/s vs bus limit %.1f MB/s (%.0f %%)" % (
        o["kernel_load_mb_s"], o["bus_limit_mb_s"], 100 * o["kernel_load_mb_s"] / o["bus_limit_mb_s"]))
    print("Goals            reset to hand-off %s (<= %s: %s); kernel load %.0f %% of bus (>= %.0f %%: %s)"
          % (ms(o["handoff_us"]).strip(), ms(o["reset_goal_us"]).strip(),
             "met" if o["handoff_us"] <= o["reset_goal_us"] else "NOT met",
             100 * o["kernel_load_mb_s"] / o["bus_limit_mb_s"], 100 * o["kernel_bus_goal"],
             "met" if o["kernel_load_mb_s"] >= o["kernel_bus_goal"] * o["bus_limit_mb_s"]
             else "NOT met"))
    print("                 overhead (hand-off minus kernel load) %s" % ms(o["overhead_us"]).strip())
    print("Goal             hand-off <= 1.15 x bus time + 30 ms = %s: from reset %s, from MLO entry %s"
          % (ms(o["goal_handoff_us"]).strip(), "met" if o["goal_met_from_reset"] else "NOT met",
             "met" if o["goal_met_from_mlo_entry"] else "NOT met"))
    if o.get("uboot_handoff_us"):
        print("\nU-Boot (Beagle)  %s to hand-off (measured %s, less its %s countdown and %s of"
              " DPLL5 lock timeouts the PRCM model causes)" % (
                  ms(o["uboot_handoff_us"]).strip(), ms(o["uboot_handoff_measured_us"]).strip(),
                  ms(o["uboot_countdown_us"]).strip(), ms(o["uboot_dpll5_stall_us"]).strip()))
        print("                 gtaboot on the same card %s: U-Boot/gtaboot = %.1f x (goal >= 10 x)"
              % (ms(o["beagle"]["handoff_us"]).strip(), o["uboot_vs_gtaboot_beagle"]))
        print("                 overhead (hand-off minus kernel load): U-Boot %s, gtaboot %s:"
              " %.1f x (goal >= %d x: %s)" % (
                  ms(o["uboot_overhead_us"]).strip(), ms(o["gtaboot_beagle_overhead_us"]).strip(),
                  o["overhead_ratio"], OVERHEAD_GOAL,
                  "met" if o["overhead_ratio"] >= OVERHEAD_GOAL else "NOT met"))
        for n, us in o["uboot_phases_us"].items():
            print("  %-36s %s" % (n, ms(us)))
    d = o["display"]
    if not d["built"]:
        print("\nDisplay          not in this build (make DISPLAY=1; see the Makefile)")
    else:
        print("\nDisplay          %s more to hand-off than with video=off (%s): goal %s %s"
              % (ms(d["cost_us"]).strip(), ms(d["handoff_us_video_off"]).strip(),
                 ms(d["goal_us"]).strip(), "met" if d["cost_us"] <= d["goal_us"] else "NOT met"))
    print_scripts(o["script_boots"])
    print("\nScaling (GTA04):")
    print("  %-16s %12s %12s %10s" % ("case", "hand-off", "kernel load", "MB/s"))
    for n, s in o["scaling"].items():
        print("  %-16s %s %s %10.2f" % (n, ms(s["handoff_us"]), ms(s["kernel_load_us"]),
                                       s["kernel_load_mb_s"]))
    fat, ext4 = o["scaling"]["fat32_64MB"], o["scaling"]["ext4_64MB"]
    print("\nKernel on ext4   %.2f MB/s vs %.2f MB/s on FAT32 (%+.1f %%)" % (
        ext4["kernel_load_mb_s"], fat["kernel_load_mb_s"],
        100 * (ext4["kernel_load_mb_s"] / fat["kernel_load_mb_s"] - 1)))
    print("\nSimulator        %.0f M guest instructions per host second (straight-line code)"
          % (o["sim_guest_instr_per_s"] / 1e6))
    for k, name in (("image", "Image"), ("zimage", "zImage")):
        lx = o["linux_to_shell"][k]
        if lx:
            print("Linux (%s)%s reset to the busybox prompt: %.2f s virtual, %.2f G instructions,"
                  " %.1f s host (%.0f M/s)" % (name, " " * (7 - len(name)), lx["virtual_s"],
                                              lx["guest_instructions"] / 1e9,
                                              lx["host_seconds"], lx["mips"]))
        else:
            print("Linux (%s)  not measured (no kernel package, or no prompt)" % name)
    e = o.get("efi")
    if e:
        print("EFI              Debian's zImage (%.2f MB) to its first instruction: %.1f ms as"
              " efi/boot/bootarm.efi (distro scan, bootefi), %.1f ms by extlinux.conf (bootz)"
              % (e["kernel_bytes"] / MB, e["efi_handoff_us"] / 1000,
                 e["extlinux_handoff_us"] / 1000))
    else:
        print("EFI              not measured (no kernel package, or no efi.img)")
    print_usb(o["usb"] if "skipped" not in o["usb"] else o["usb"]["skipped"])
    print("\nbuild/bench.json, build/bench.svg")


def print_scripts(sb):
    ms = lambda us: "%8.1f ms" % (us / 1000)
    print("\nBoot scripts (GTA04 A5, the same %d-byte kernel; ROM reads %d bytes):"
          % (sb["kernel_bytes"], sb["rom_bytes_gta04"]))
    if "skipped" in sb:
        print("  not measured: " + sb["skipped"])
        return
    names = (("extlinux", "extlinux.conf"), ("letux", "Letux-style"),
             ("flash_kernel", "flash-kernel"))
    cols = ("interpreter", "storage", "crc", "memmove", "console", "waits")
    print("  %-14s %11s" % ("card", "hand-off") + "".join(" %11s" % c for c in cols))
    for k, title in names:
        b, p = sb[k], sb[k]["profile_us"]
        print("  %-14s %s" % (title, ms(b["handoff_us"])) + "".join(" " + ms(p[c]) for c in cols))
    print("  (profile: virtual time with the PC in each group's objects, callees excluded;"
          " waits = timer polls)")
    for k, title in names[1:]:
        b = sb[k]
        print("  %s (%s), hand-off at 0x%08x:" % (title, b["script"], b["handoff_pc"]))
        for n, us in b["phases_us"].items():
            print("    %-52s %s" % (n, ms(us)))


if __name__ == "__main__":
    main()
