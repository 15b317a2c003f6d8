#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Helpers of tools/mkinitramfs.sh: a newc cpio writer and a kernel-module
dependency resolver, both without root, cpio, depmod or modinfo.

  initramfs.py cpio LIST OUT      write the newc archive LIST describes
  initramfs.py deps MODDIR NAME…  print the modules to load, in load order

LIST uses the kernel's gen_init_cpio format (ramfs-rootfs-initramfs.rst,
docs/references.md), one entry a line:
  dir NAME MODE UID GID / file NAME SRC MODE UID GID /
  slink NAME TARGET MODE UID GID / nod NAME MODE UID GID c|b MAJ MIN
Every mtime is 0, so the same inputs give the same archive.

deps reads MODDIR/modules.dep when present (depmod's output; the dependencies
listed on a line are loaded last to first). A linux-image .deb ships none
(its postinst runs depmod), so otherwise each module's .modinfo section is
read for its `depends=` names, as modinfo does. A name that is in
modules.builtin is reported on stderr and skipped.
"""
import gzip
import lzma
import os
import re
import struct
import subprocess
import sys


def fail(msg):
    sys.exit("initramfs: " + msg)


# ---------------------------------------------------------------- cpio (newc)

def newc_entry(out, ino, name, mode, uid, gid, nlink, data=b"", rmaj=0, rmin=0):
    name_b = name.encode() + b"\0"
    hdr = "070701" + "".join("%08X" % v for v in (
        ino, mode, uid, gid, nlink, 0, len(data), 0, 0, rmaj, rmin, len(name_b), 0))
    out.write(hdr.encode() + name_b)
    out.write(b"\0" * (-(110 + len(name_b)) % 4))  # header+name padded to 4
    out.write(data)
    out.write(b"\0" * (-len(data) % 4))


def write_cpio(listfile, outfile):
    with open(listfile) as f, open(outfile, "wb") as out:
        ino = 300000  # as gen_init_cpio: clear of the kernel's own inodes
        for lineno, line in enumerate(f, 1):
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            where = "%s:%d" % (listfile, lineno)
            try:
                kind, name = w[0], w[1].lstrip("/")
                if kind == "dir":
                    mode, uid, gid = int(w[2], 8), int(w[3]), int(w[4])
                    newc_entry(out, ino, name, 0o040000 | mode, uid, gid, 2)
                elif kind == "file":
                    with open(w[2], "rb") as src:
                        data = src.read()
                    mode, uid, gid = int(w[3], 8), int(w[4]), int(w[5])
                    newc_entry(out, ino, name, 0o100000 | mode, uid, gid, 1, data)
                elif kind == "slink":
                    mode, uid, gid = int(w[3], 8), int(w[4]), int(w[5])
                    newc_entry(out, ino, name, 0o120000 | mode, uid, gid, 1, w[2].encode())
                elif kind == "nod":
                    mode, uid, gid = int(w[2], 8), int(w[3]), int(w[4])
                    kind_bit = {"c": 0o020000, "b": 0o060000}[w[5]]
                    newc_entry(out, ino, name, kind_bit | mode, uid, gid, 1,
                               rmaj=int(w[6]), rmin=int(w[7]))
                else:
                    fail("%s: unknown entry '%s'" % (where, kind))
            except (IndexError, ValueError, KeyError) as e:
                fail("%s: bad line (%s): %s" % (where, e, line.strip()))
            except OSError as e:
                fail("%s: %s" % (where, e))
            ino += 1
        newc_entry(out, 0, "TRAILER!!!", 0, 0, 0, 1)
        out.write(b"\0" * (-out.tell() % 512))


# ---------------------------------------------------------------- modules

def canon(name):
    """Module names treat '-' and '_' alike (docs/references.md, "Module names")."""
    base = os.path.basename(name)
    for ext in (".xz", ".zst", ".gz"):
        if base.endswith(ext):
            base = base[:-len(ext)]
    if base.endswith(".ko"):
        base = base[:-3]
    return base.replace("-", "_")


def read_module(path):
    """The module's ELF bytes, decompressed if the file is .ko.xz/.zst/.gz."""
    if path.endswith(".xz"):
        return lzma.open(path).read()
    if path.endswith(".gz"):
        return gzip.open(path).read()
    if path.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", path], check=True, capture_output=True).stdout
    with open(path, "rb") as f:
        return f.read()


def modinfo_depends(path):
    """The `depends=` names in the module's .modinfo section (32/64-bit ELF)."""
    elf = read_module(path)
    if elf[:4] != b"\x7fELF":
        fail("%s: not an ELF module" % path)
    is64, end = elf[4] == 2, "<" if elf[5] == 1 else ">"
    if is64:
        shoff, = struct.unpack_from(end + "Q", elf, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", elf, 0x3A)
        sec = lambda i: struct.unpack_from(end + "IIQQQQ", elf, shoff + i * shentsize)
    else:
        shoff, = struct.unpack_from(end + "I", elf, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", elf, 0x2E)
        sec = lambda i: struct.unpack_from(end + "IIIIII", elf, shoff + i * shentsize)
    stroff = sec(shstrndx)[4]
    for i in range(shnum):
        sname, _, _, _, off, size = sec(i)
        nm = elf[stroff + sname:elf.index(b"\0", stroff + sname)]
        if nm == b".modinfo":
            for kv in elf[off:off + size].split(b"\0"):
                if kv.startswith(b"depends="):
                    return [canon(d) for d in kv[8:].decode().split(",") if d]
            return []
    fail("%s: no .modinfo section" % path)


def module_index(moddir):
    """{canonical name: path relative to moddir} and {path: [dependency paths]}."""
    depfile = os.path.join(moddir, "modules.dep")
    paths, deps = {}, {}
    if os.path.exists(depfile):
        with open(depfile) as f:
            for line in f:
                if ":" not in line:
                    continue
                mod, rest = line.split(":", 1)
                paths[canon(mod)] = mod
                # modules.dep lists the deepest dependency last: load reversed.
                deps[mod] = list(reversed(rest.split()))
        return paths, deps, None
    for d, _, files in os.walk(os.path.join(moddir, "kernel")):
        for fn in files:
            if re.search(r"\.ko(\.xz|\.zst|\.gz)?$", fn):
                rel = os.path.relpath(os.path.join(d, fn), moddir)
                paths[canon(fn)] = rel
    return paths, deps, lambda rel: [paths[n] if n in paths else fail(
        "%s depends on %s, which is not in %s" % (rel, n, moddir))
        for n in modinfo_depends(os.path.join(moddir, rel))]


def load_order(moddir, names):
    paths, deps, reader = module_index(moddir)
    builtin = set()
    bfile = os.path.join(moddir, "modules.builtin")
    if os.path.exists(bfile):
        with open(bfile) as f:
            builtin = {canon(l.strip()) for l in f if l.strip()}
    order, seen = [], set()

    def visit(rel, chain):
        if rel in seen:
            return
        if rel in chain:
            fail("dependency loop: " + " -> ".join(chain + [rel]))
        if reader and rel not in deps:
            deps[rel] = reader(rel)
        for d in deps.get(rel, []):
            visit(d, chain + [rel])
        seen.add(rel)
        order.append(rel)

    for n in names:
        c = canon(n)
        if c in paths:
            visit(paths[c], [])
        elif c in builtin:
            print("initramfs: %s is built into the kernel: nothing to load" % n, file=sys.stderr)
        else:
            fail("no module %s under %s" % (n, moddir))
    return order


def main(argv):
    if len(argv) == 4 and argv[1] == "cpio":
        write_cpio(argv[2], argv[3])
    elif len(argv) >= 4 and argv[1] == "deps":
        for rel in load_order(argv[2], argv[3:]):
            print(rel)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
