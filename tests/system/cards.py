# SPDX-License-Identifier: GPL-2.0-or-later
"""SD card images for the tests, made one way: file systems as image files
(FAT by mkfs.vfat and mtools, ext4 by mke2fs -d), then an MBR (sfdisk) with
each file system copied to its partition. No loop mounts, nothing as root.

    boot = cards.fat(out / "p1.fat", {"MLO": mlo_path, "extlinux/extlinux.conf": b"..."})
    root = cards.ext4(out / "p2.ext4", stage_dir)
    img = cards.disk(out / "sd.img", [cards.Part(boot, "e", boot=True), cards.Part(root, "83")])
    cards.put(cards.on(img, 1), {"uEnv.txt": b"..."})     # more files later

A file's contents are bytes, or the path of a host file. mtools never asks
(clashes are decided by -D o and -D s, stdin is /dev/null) and skips its
geometry check (MTOOLS_SKIP_CHECK), as images of any size are made here."""
import os
import subprocess
import tempfile

SECTOR = 512
FIRST = 2048                    # the first partition's sector, as tools/mksd.sh
MTOOLS_ENV = dict(os.environ, MTOOLS_SKIP_CHECK="1")


def _run(*args, input=None, env=None):
    kw = {"input": input} if input is not None else {"stdin": subprocess.DEVNULL}
    p = subprocess.run([str(a) for a in args], capture_output=True, env=env, **kw)
    if p.returncode:
        raise RuntimeError("%s: %s" % (" ".join(str(a) for a in args),
                                       (p.stderr or p.stdout).decode(errors="replace").strip()))
    return p


def _blank(path, size):
    with open(path, "wb") as f:
        f.truncate(size)


def _host_file(data, tmp, name):
    """A host path for data (bytes are written to tmp first)."""
    if isinstance(data, (bytes, bytearray)):
        path = os.path.join(tmp, "%d-%s" % (len(os.listdir(tmp)), os.path.basename(name)))
        with open(path, "wb") as f:
            f.write(data)
        return path
    return str(data)


def on(img, offset=FIRST * SECTOR):
    """mtools' name for the FAT at a byte offset of an image (the first
    partition where tools/mksd.sh and disk() put it); an int offset or a
    partition number (1-4, read from the image's MBR)."""
    if isinstance(offset, int) and 1 <= offset <= 4:
        offset = partition_offset(img, offset)
    return "%s@@%d" % (img, offset)


def partition_offset(img, n):
    """Byte offset of MBR partition n (1-4) of img."""
    with open(img, "rb") as f:
        mbr = f.read(SECTOR)
    entry = mbr[446 + 16 * (n - 1):446 + 16 * n]
    return int.from_bytes(entry[8:12], "little") * SECTOR


def put(target, files):
    """Copy files ({name: bytes or host path}; names may have directories,
    made as needed) onto the FAT at target (an image path, or on(...))."""
    made = set()
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in files.items():
            name = name.lstrip("/")
            parts = name.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                d = "/".join(parts[:i])
                if d not in made:
                    _run("mmd", "-D", "s", "-i", target, "::" + d, env=MTOOLS_ENV)
                    made.add(d)
            _run("mcopy", "-D", "o", "-i", target, _host_file(data, tmp, name), "::" + name,
                 env=MTOOLS_ENV)


def get(target, name):
    """The contents of file name on the FAT at target."""
    return _run("mtype", "-i", target, "::" + name.lstrip("/"), env=MTOOLS_ENV).stdout


def remove(target, name):
    _run("mdel", "-i", target, "::" + name.lstrip("/"), env=MTOOLS_ENV)


def fat(path, files=None, bits=16, size_mb=16, label=None, hidden=0):
    """A FAT file system image of size_mb MiB holding files; returns path.
    Used as a whole card it is "floppy-like" (no partition table); hidden:
    the boot sector's count of sectors in front of it (its partition's
    start, as mkfs.vfat --offset writes it)."""
    path = str(path)
    _blank(path, size_mb << 20)
    _mkfs_vfat(path, bits, label, hidden)
    if files:
        put(path, files)
    return path


def _mkfs_vfat(path, bits, label, hidden):
    args = ["mkfs.vfat", "-F", bits, "-h", hidden]
    if label:
        args += ["-n", label]
    _run(*args, path)


def ext4(path, stage=None, files=None, size_mb=32, label=None):
    """An ext4 image (Debian's mke2fs defaults) of size_mb MiB holding the
    directory tree stage and/or files ({path: bytes or host path}); returns
    path."""
    path = str(path)
    _blank(path, size_mb << 20)
    with tempfile.TemporaryDirectory() as tmp:
        if files:
            root = os.path.join(tmp, "root")
            if stage:
                _run("cp", "-a", str(stage), root)
            for name, data in files.items():
                dest = os.path.join(root, name.lstrip("/"))
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                if isinstance(data, (bytes, bytearray)):
                    with open(dest, "wb") as f:
                        f.write(data)
                else:
                    _run("cp", str(data), dest)
            stage = root
        args = ["mke2fs", "-q", "-F", "-t", "ext4"]
        if label:
            args += ["-L", label]
        if stage:
            args += ["-d", str(stage)]
        _run(*args, path)
    return path


class Part:
    """A partition of disk(): a file system image (or None: an empty one of
    size_mb), its MBR type ("c" FAT32 LBA, "e" FAT16 LBA, "83" Linux ...),
    whether it is the active (bootable) one, and its size (default: the
    image's, rounded up to whole sectors)."""

    def __init__(self, image, type, boot=False, size_mb=None):
        self.image, self.type, self.boot, self.size_mb = image, type, boot, size_mb

    def sectors(self):
        if self.size_mb:
            return self.size_mb << 11
        return (os.path.getsize(str(self.image)) + SECTOR - 1) // SECTOR


def disk(path, parts, first=FIRST, label_id=None, size_mb=None):
    """An MBR card image at path: parts (a list of Part) one after the other
    from sector first, each file system copied into its partition; the
    image ends with the last partition, or at size_mb MiB when that is
    more. label_id: the disk signature (an int or hex text). Returns path."""
    path = str(path)
    table = "label: dos\n"
    if label_id is not None:
        table += "label-id: 0x%s\n" % (label_id if isinstance(label_id, str) else
                                       "%08x" % label_id)
    start, layout = first, []
    for p in parts:
        n = p.sectors()
        table += "start=%d, size=%d, type=%s%s\n" % (start, n, p.type,
                                                     ", bootable" if p.boot else "")
        layout.append((p, start))
        start += n
    _blank(path, max(start * SECTOR, (size_mb or 0) << 20))
    _run("sfdisk", "-q", path, input=table.encode())
    with open(path, "r+b") as out:
        for p, at in layout:
            if p.image is None:
                continue
            out.seek(at * SECTOR)
            with open(str(p.image), "rb") as f:
                while True:
                    chunk = f.read(1 << 20)
                    if not chunk:
                        break
                    out.write(chunk)
    return path


def fat_card(path, files=None, bits=32, size_mb=None, ptype=None, label=None, hidden=0):
    """The common card: an MBR with one active FAT partition from sector
    2048 to the end of a size_mb MiB image (40 for FAT32, 16 for FAT16),
    holding files. Returns path."""
    size_mb = size_mb or (40 if bits == 32 else 16)
    path = str(path)
    fs = path + ".p1"
    _blank(fs, (size_mb << 20) - FIRST * SECTOR)
    _mkfs_vfat(fs, bits, label, hidden)
    if files:
        put(fs, files)
    disk(path, [Part(fs, ptype or ("c" if bits == 32 else "e"), boot=True)])
    os.remove(fs)
    return path


def stand_in_zimage(size=4096):
    """A zImage that is only its header (magic, start 0, end = size) behind
    a branch to itself: enough for gtaboot's checks, and harmless if run."""
    img = bytearray(size)
    img[0:4] = bytes.fromhex("feffffea")            # b . (ARM)
    img[0x24:0x30] = (0x016F2818).to_bytes(4, "little") + bytes(4) + size.to_bytes(4, "little")
    return bytes(img)


def extlinux_card(d, mlo, dts, conf, uenv=None):
    """The card a user makes with tools/mksd.sh, in directory d: mlo, a
    stand-in zImage, dts compiled as /gta04.dtb, conf as
    /extlinux/extlinux.conf and, unless None, uenv as /uEnv.txt. Returns
    the image's path."""
    (d / "zImage").write_bytes(stand_in_zimage())
    _run("dtc", "-q", "-O", "dtb", "-o", str(d / "gta04.dtb"), dts)
    (d / "extlinux.conf").write_text(conf)
    files = ["--file", "%s:zImage" % (d / "zImage"),
             "--file", "%s:gta04.dtb" % (d / "gta04.dtb"),
             "--file", "%s:extlinux/extlinux.conf" % (d / "extlinux.conf")]
    if uenv is not None:
        (d / "uEnv.txt").write_text(uenv)
        files += ["--file", "%s:uEnv.txt" % (d / "uEnv.txt")]
    img = str(d / "sd.img")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    _run(os.path.join(root, "tools", "mksd.sh"), "--out", img, "--mlo", mlo, *files)
    return img
