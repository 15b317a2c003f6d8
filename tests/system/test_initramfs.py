# SPDX-License-Identifier: GPL-2.0-or-later
"""tools/mkinitramfs.sh on the host: the archive the kernel unpacks (newc
headers, /init, /dev/console, busybox) and the module option's dependency
order, read back from the gzip'd cpio. Booting it is test_qemu.py's job."""
import glob
import gzip
import os
import subprocess

import pytest

from simrun import ROOT

SCRIPT = os.path.join(ROOT, "tools", "mkinitramfs.sh")


def entries(path):
    """{name: (mode, rdev major, rdev minor, data)} of a newc archive."""
    raw = gzip.open(path).read()
    out, off = {}, 0
    while True:
        assert raw[off:off + 6] == b"070701", off
        f = [int(raw[off + 6 + 8 * i:off + 14 + 8 * i], 16) for i in range(13)]
        mode, size, rmaj, rmin, namesize = f[1], f[6], f[9], f[10], f[11]
        name = raw[off + 110:off + 110 + namesize - 1].decode()
        off = (off + 110 + namesize + 3) & ~3
        data = raw[off:off + size]
        off = (off + size + 3) & ~3
        if name == "TRAILER!!!":
            assert len(raw) % 512 == 0
            return out
        out[name] = (mode, rmaj, rmin, data)


def build(tmp_path, *args):
    out = str(tmp_path / "initramfs.cpio.gz")
    r = subprocess.run([SCRIPT, "--out", out] + list(args), capture_output=True, text=True)
    if r.returncode and "apt-get download" in r.stderr:
        pytest.skip("no busybox-static:armhf: " + r.stderr.strip())
    assert r.returncode == 0, r.stderr
    return out, r


def test_shell_initramfs(tmp_path):
    out, _ = build(tmp_path)
    e = entries(out)
    mode, _, _, init = e["init"]
    assert mode == 0o100755
    assert init.startswith(b"#!/bin/sh\n")
    assert b"mount -t devtmpfs devtmpfs /dev" in init
    assert b"setsid cttyhack sh" in init
    assert e["dev/console"][:3] == (0o020600, 5, 1)
    assert e["bin/sh"][0] & 0o170000 == 0o120000 and e["bin/sh"][3] == b"busybox"
    bb = e["bin/busybox"][3]
    assert bb[:4] == b"\x7fELF" and bb[18] == 40          # EM_ARM
    assert e["etc/modules"][3] == b""
    # the same inputs give the same bytes (mtime 0)
    (tmp_path / "again").mkdir()
    again, _ = build(tmp_path / "again")
    assert open(again, "rb").read() == open(out, "rb").read()


def test_modules_in_dependency_order(tmp_path):
    debs = sorted(glob.glob(os.path.join(ROOT, "build", "deps", "debs",
                                         "linux-image-*-armmp_*_armhf.deb")))
    if not debs:
        pytest.skip("no linux-image-*-armmp deb (tools/fetch-kernel.sh)")
    out, r = build(tmp_path, "--modules-from", debs[-1], "--module", "twl4030_charger",
                   "--module", "twl4030_madc")
    e = entries(out)
    order = e["etc/modules"][3].decode().split()
    names = [os.path.basename(p) for p in order]
    # twl4030_charger and twl4030-madc both need industrialio: loaded first, once
    assert names[0] == "industrialio.ko", names
    assert names.count("industrialio.ko") == 1
    assert "twl4030_charger.ko" in names and "twl4030-madc.ko" in names
    for p in order:
        mode, _, _, data = e[p.lstrip("/")]
        assert data[:4] == b"\x7fELF", p


def fake_tree(tmp_path):
    """lib/modules/9.9-test with a modules.dep as depmod writes it: the
    deepest dependency last (c needs b, b needs a)."""
    d = tmp_path / "root" / "lib" / "modules" / "9.9-test"
    (d / "kernel" / "x").mkdir(parents=True)
    for m in ("a", "b", "c-d"):
        (d / "kernel" / "x" / (m + ".ko")).write_bytes(b"\x7fELF" + m.encode())
    (d / "modules.dep").write_text("kernel/x/c-d.ko: kernel/x/b.ko kernel/x/a.ko\n"
                                   "kernel/x/b.ko: kernel/x/a.ko\nkernel/x/a.ko:\n")
    (d / "modules.builtin").write_text("kernel/y/built_in.ko\n")
    return str(tmp_path / "root")


def test_modules_dep_order_and_names(tmp_path):
    root = fake_tree(tmp_path)
    out, r = build(tmp_path, "--modules-from", root, "--module", "c_d", "--module", "a",
                   "--module", "built-in")
    assert "built-in is built into the kernel" in r.stderr
    order = entries(out)["etc/modules"][3].decode().split()
    assert order == ["/lib/modules/9.9-test/kernel/x/%s.ko" % m for m in ("a", "b", "c-d")]


def test_unknown_module_is_named(tmp_path):
    root = fake_tree(tmp_path)
    r = subprocess.run([SCRIPT, "--out", str(tmp_path / "x.gz"), "--modules-from", root,
                        "--module", "no_such_module"], capture_output=True, text=True)
    assert r.returncode != 0
    assert "no module no_such_module under" in r.stderr
    assert not (tmp_path / "x.gz").exists()
