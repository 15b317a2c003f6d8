#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Helpers of tools/mkinitramfs.sh: a newc cpio writer and a kernel-module
dependency resolver, both without root, cpio, depmod or modinfo.

  initramfs.py cpio LIST OUT      write the newc archive LIST describes
  initramfs.py deps MODDIR NAME…  print the modules to load, in load order
  initramfs.py libs ROOT FILE…    print FILEs and what they need to run
  initramfs.py skeleton BUSYBOX INIT MODULES
                                  print the LIST lines of a busybox system
                                  (its directories, console and null, the
                                  shell, /init and /etc/modules)

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

libs is for a guest built from unpacked .debs (tools/mkusbhost.sh): ROOT is
the unpacked tree, each FILE a path inside it. It prints "file GUEST SOURCE"
lines: each FILE itself, then the dynamic loader (PT_INTERP) and every DT_NEEDED library,
transitively, at the path the loader will open (GUEST, absolute in the
guest) and the real file under ROOT to copy there (SOURCE, symlinks
followed inside ROOT), as ld.so searches: DT_RUNPATH/DT_RPATH, then
lib/<triplet> and usr/lib/<triplet>, then lib and usr/lib. A file needed
under a second name (libc needs the loader by its multiarch path) is a
"slink GUEST FIRST-GUEST" line instead of a second copy.
"""
import glob
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


# ---------------------------------------------------------------- libraries

def elf_sections(elf):
    """[(name, type, offset, size, link)] of an ELF file's section headers."""
    if elf[:4] != b"\x7fELF":
        return None
    is64, end = elf[4] == 2, "<" if elf[5] == 1 else ">"
    if is64:
        shoff, = struct.unpack_from(end + "Q", elf, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", elf, 0x3A)
        fmt = end + "IIQQQQI"
    else:
        shoff, = struct.unpack_from(end + "I", elf, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", elf, 0x2E)
        fmt = end + "IIIIIII"
    raw = [struct.unpack_from(fmt, elf, shoff + i * shentsize) for i in range(shnum)]
    stroff = raw[shstrndx][4]
    cstr = lambda off: elf[off:elf.index(b"\0", off)].decode()
    return [(cstr(stroff + r[0]), r[1], r[4], r[5], r[6]) for r in raw], is64, end


def elf_dynamic(path):
    """(interpreter or None, [DT_NEEDED], [DT_RUNPATH/DT_RPATH dirs]);
    None for a file that is not a dynamically linked ELF (a script,
    a static binary)."""
    with open(path, "rb") as f:
        elf = f.read()
    parsed = elf_sections(elf)
    if not parsed:
        return None
    secs, is64, end = parsed
    interp = None
    for name, _, off, size, _ in secs:
        if name == ".interp":
            interp = elf[off:off + size].rstrip(b"\0").decode()
    for name, typ, off, size, link in secs:
        if typ != 6:  # SHT_DYNAMIC; its sh_link is the string table
            continue
        stroff = secs[link][2]
        cstr = lambda o: elf[stroff + o:elf.index(b"\0", stroff + o)].decode()
        ent = struct.Struct(end + ("qQ" if is64 else "iI"))
        needed, paths = [], []
        for i in range(size // ent.size):
            tag, val = ent.unpack_from(elf, off + i * ent.size)
            if tag == 0:
                break
            if tag == 1:                    # DT_NEEDED
                needed.append(cstr(val))
            elif tag in (15, 29):           # DT_RPATH, DT_RUNPATH
                paths += cstr(val).split(":")
        return interp, needed, paths
    return None


def in_root(root, path, hops=40):
    """path (absolute in the guest) resolved inside root, following
    symlinks as the guest would; None if it does not exist."""
    parts, done = [p for p in path.split("/") if p], ""
    while parts:
        p = parts.pop(0)
        cur = done + "/" + p
        full = root + cur
        if os.path.islink(full):
            hops -= 1
            if hops < 0:
                fail("%s: symlink loop" % path)
            t = os.readlink(full)
            base = "" if t.startswith("/") else done
            parts = [q for q in (base + "/" + t).split("/") if q] + parts
            done = ""
            # ".." handled by normalising what is left
            parts = os.path.normpath("/" + "/".join(parts)).split("/")[1:]
            continue
        if not os.path.lexists(full):
            return None
        done = cur
    return root + done


def needed_libs(root, files):
    root = root.rstrip("/")
    triplets = [d for pre in ("lib", "usr/lib") for d in
                sorted(glob.glob(os.path.join(root, pre, "*-linux-gnu*")))]
    default = ["/" + os.path.relpath(d, root) for d in triplets] + ["/lib", "/usr/lib"]
    out, seen, todo, copied = [], set(), list(files), {}

    def emit(guest, src):
        seen.add(guest)
        if src in copied:
            out.append(("slink", guest, copied[src]))
        else:
            copied[src] = guest
            out.append(("file", guest, src))

    for f in files:
        emit(f, in_root(root, f) or fail("%s is not in %s" % (f, root)))

    while todo:
        f = todo.pop(0)
        dyn = elf_dynamic(in_root(root, f))
        if not dyn:
            continue
        interp, needed, rpath = dyn
        origin = os.path.dirname(f)
        if interp and interp not in seen:
            emit(interp, in_root(root, interp) or fail("%s: no loader %s in %s" % (f, interp, root)))
        for lib in needed:
            dirs = [d.replace("$ORIGIN", origin).replace("${ORIGIN}", origin) for d in rpath]
            for d in dirs + default:
                guest = os.path.normpath(d + "/" + lib)
                if guest in seen:
                    break
                lsrc = in_root(root, guest)
                if lsrc:
                    emit(guest, lsrc)
                    todo.append(guest)
                    break
            else:
                fail("%s needs %s, which is in none of %s under %s" % (f, lib, dirs + default, root))
    return out


SKELETON_DIRS = (("/bin", 0o755), ("/sbin", 0o755), ("/usr", 0o755), ("/usr/bin", 0o755),
                 ("/usr/sbin", 0o755), ("/dev", 0o755), ("/proc", 0o555), ("/sys", 0o555),
                 ("/run", 0o755), ("/tmp", 0o1777), ("/etc", 0o755), ("/root", 0o700))


def skeleton(busybox, init, modules):
    """The part both of the project's initramfs builders share."""
    out = ["dir %s %o 0 0" % d for d in SKELETON_DIRS]
    out += ["nod /dev/console 600 0 0 c 5 1", "nod /dev/null 666 0 0 c 1 3",
            "file /bin/busybox %s 755 0 0" % busybox, "slink /bin/sh busybox 777 0 0",
            "file /init %s 755 0 0" % init, "file /etc/modules %s 644 0 0" % modules]
    return out


def main(argv):
    if len(argv) == 4 and argv[1] == "cpio":
        write_cpio(argv[2], argv[3])
    elif len(argv) >= 4 and argv[1] == "deps":
        for rel in load_order(argv[2], argv[3:]):
            print(rel)
    elif len(argv) >= 4 and argv[1] == "libs":
        for line in needed_libs(argv[2], argv[3:]):
            print(*line)
    elif len(argv) == 5 and argv[1] == "skeleton":
        print("\n".join(skeleton(*argv[2:])))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
