# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian's armmp kernel (linux-image-armmp:armhf, fetched by
tools/fetch-kernel.sh) as gtaboot meets it: the decompressor's TEXT_OFFSET
read from the binary, and a truncated or corrupt zImage refused before any
hand-off. Skipped when the package cannot be downloaded.

The decompressor itself (its MMU and caches on and off again, the kernel
entered at RAM start + TEXT_OFFSET with r1 = 0xFFFFFFFF and r2 still the
DTB gtaboot patched) is checked in test_flash_kernel_linux.py, on the card
flash-kernel makes: it was a run of its own here as well, 2 G instructions
of the same decompressor a second time."""
import os
import struct
import subprocess

import pytest

import simrun

ROOT = simrun.ROOT
KDIR = os.path.join(ROOT, "build", "deps", "kernel")
KERNEL_ADDR = 0x82000000
APPEND = "console=ttyO2,115200n8 root=/dev/mmcblk0p2 rootwait"
BCI = "ti,twl4030-bci"


@pytest.fixture(scope="module")
def kernel(sim):
    p = subprocess.run([os.path.join(ROOT, "tools", "fetch-kernel.sh")], capture_output=True,
                       text=True)
    if p.returncode:
        pytest.skip("Debian kernel not available: " + (p.stderr.strip() or p.stdout.strip()))
    simrun.built("build/gta04/MLO")
    with open(os.path.join(KDIR, "vmlinuz"), "rb") as f:
        return f.read()


def arm_imm(insn):
    rot = ((insn >> 8) & 0xF) * 2
    v = insn & 0xFF
    return ((v >> rot) | (v << (32 - rot))) & 0xFFFFFFFF if rot else v


def text_offset(zimage):
    """TEXT_OFFSET as this decompressor computes the kernel's address
    (arch/arm/boot/compressed/head.S with AUTO_ZRELADDR): 'and rX, rX,
    #0xf8000000' on the PC (128 MiB-aligned RAM start), then 'add r4, rX,
    #TEXT_OFFSET'. Read from the binary, not assumed."""
    found = []
    for off in range(0, min(len(zimage), 0x10000), 4):
        w = struct.unpack_from("<I", zimage, off)[0]
        # AND (immediate), cond AL, S clear, Rd == Rn
        if (w & 0xFFF00000) != 0xE2000000 or arm_imm(w) != 0xF8000000:
            continue
        rx = (w >> 16) & 0xF
        if (w >> 12) & 0xF != rx:
            continue
        for o2 in range(off + 4, off + 0x80, 4):
            a = struct.unpack_from("<I", zimage, o2)[0]
            # ADD (immediate) r4, rX, #imm
            if (a & 0xFFFFF000) == 0xE2804000 | rx << 16:
                found.append(arm_imm(a))
                break
    assert len(found) == 1, "decompressor's kernel address computation not found: %s" % found
    return found[0]


def config(name):
    with open(os.path.join(KDIR, "config")) as f:
        for line in f:
            if line.startswith(name + "="):
                return line.strip().split("=", 1)[1]
    return None


def sd_image(tmp_path, zimage_bytes, dtb="omap3-gta04a5.dtb"):
    z = tmp_path / "vmlinuz"
    z.write_bytes(zimage_bytes)
    conf = tmp_path / "extlinux.conf"
    conf.write_text("DEFAULT debian\nTIMEOUT 0\n\nLABEL debian\n  MENU LABEL Debian armmp\n"
                    "  KERNEL /vmlinuz\n  FDT /dtbs/%s\n  APPEND %s\n" % (dtb, APPEND))
    img = str(tmp_path / "sd.img")
    subprocess.run([os.path.join(ROOT, "tools", "mksd.sh"), "--out", img,
                    "--mlo", os.path.join(ROOT, "build", "gta04", "MLO"),
                    "--file", "%s:vmlinuz" % z,
                    "--file", "%s:dtbs/%s" % (os.path.join(KDIR, dtb), dtb),
                    "--file", "%s:extlinux/extlinux.conf" % conf],
                   check=True, capture_output=True)
    return img


def fdt_nodes(path):
    """{node path: {property: bytes}} from a DTB's structure block
    (devicetree specification v0.4, chapter 5)."""
    with open(path, "rb") as f:
        blob = f.read()
    magic, _, off_struct, off_strings = struct.unpack_from(">4I", blob, 0)
    assert magic == 0xD00DFEED
    nodes, stack, pos = {}, [], off_struct
    while True:
        tag = struct.unpack_from(">I", blob, pos)[0]
        pos += 4
        if tag == 1:  # FDT_BEGIN_NODE
            end = blob.index(b"\0", pos)
            stack.append(blob[pos:end].decode())
            nodes["/" + "/".join(stack[1:])] = {}
            pos = (end + 4) & ~3
        elif tag == 2:  # FDT_END_NODE
            stack.pop()
        elif tag == 3:  # FDT_PROP
            length, nameoff = struct.unpack_from(">II", blob, pos)
            name = blob[off_strings + nameoff:blob.index(b"\0", off_strings + nameoff)]
            nodes["/" + "/".join(stack[1:])][name.decode()] = blob[pos + 8:pos + 8 + length]
            pos = (pos + 8 + length + 3) & ~3
        elif tag == 4:  # FDT_NOP
            continue
        elif tag == 9:  # FDT_END
            return nodes
        else:
            raise AssertionError("bad FDT tag %d at %d" % (tag, pos - 4))


def test_text_offset_is_read_from_the_decompressor(kernel):
    # Debian's armmp enables Amlogic Meson, which moves TEXT_OFFSET from
    # 0x8000 to 0x208000 for every platform of the multiplatform kernel.
    assert config("CONFIG_AUTO_ZRELADDR") == "y"
    assert config("CONFIG_ARCH_MESON") == "y"
    assert text_offset(kernel) == 0x208000


@pytest.mark.parametrize("damage", ["truncated", "bad-magic"])
def test_damaged_zimage_is_refused(kernel, tmp_path, damage):
    if damage == "truncated":
        data = kernel[:1 << 20]
        expect = "truncated"
    else:
        data = bytearray(kernel)
        data[0x24] ^= 0xFF
        data = bytes(data)
        expect = "magic"
    img = sd_image(tmp_path, data)
    r = simrun.run(["--machine", "gta04", "--rev", "A5", "--sd", img,
                    "--on-handoff", "stop", "--max-ms", "15000"], timeout=600)
    assert r.report, r.stderr
    assert r.report["handoff"] is None, "a damaged zImage was started:\n" + r.serial
    assert "Starting kernel" not in r.serial
    lines = [l for l in r.serial.splitlines() if expect in l.lower()]
    assert lines, "no message about the %s zImage:\n%s" % (damage, r.serial)
    assert r.report["result"] != "fault", r.report["message"]
