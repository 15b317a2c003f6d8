#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Regenerates the small seed corpora in tests/fuzz/corpus/ (committed) with
# mkfs.vfat, mtools, sfdisk, mkimage and dtc. Run from anywhere.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
c=$top/tests/fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export MTOOLS_SKIP_CHECK=1
rm -rf "$c"
mkdir -p "$c"/fuzz_ext4 "$c"/fuzz_fat "$c"/fuzz_mbr "$c"/fuzz_extlinux "$c"/fuzz_image "$c"/fuzz_fdt_fixup "$c"/fuzz_fatmlo
cd "$tmp"

# FAT12 on 64 KiB, bare and behind an MBR; FAT32 (non-canonical, small).
printf 'label linux\n kernel /zImage\n' >conf
head -c 3000 /dev/zero | tr '\0' 'z' >zImage
fill() { # image-spec
	mmd -D s -i "$1" ::/boot ::/boot/extlinux "::/Long Directory Name"
	mcopy -D o -i "$1" conf ::/boot/extlinux/extlinux.conf
	mcopy -D o -i "$1" zImage ::/zImage
	mcopy -D o -i "$1" conf "::/Long Directory Name/a file with a long name.txt"
}
truncate -s 64K fat12.img
mkfs.vfat -F 12 -s 1 -r 32 fat12.img >/dev/null
fill fat12.img
cp fat12.img "$c/fuzz_fat/fat12-bare"
truncate -s 96K mbr.img
printf 'label: dos\n64,128,01,*\n' | sfdisk -q mbr.img >/dev/null
mkfs.vfat -F 12 -s 2 -r 16 --offset=64 mbr.img 64 >/dev/null
fill mbr.img@@32768
cp mbr.img "$c/fuzz_fat/fat12-mbr"
truncate -s 300K fat32.img
mkfs.vfat -F 32 -s 1 -R 2 -f 1 fat32.img >/dev/null 2>&1
cp fat32.img "$c/fuzz_fat/fat32-empty"
mkdir -p "$c/fuzz_fat_write"
cp fat12.img "$c/fuzz_fat_write/fat12-bare"
cp fat32.img "$c/fuzz_fat_write/fat32-empty"

# MLO in the root of an active FAT12 partition, and fragmented on a
# FAT16 one (the hot part's reader, lib/fs/fatmlo.c).
head -c 6000 /dev/urandom >mlo
for t in 12:256K 16:2300K; do
	truncate -s ${t#*:} mlo.img
	printf 'label: dos\n1,,06,*\n' | sfdisk -q mlo.img >/dev/null
	mkfs.vfat -F ${t%%:*} -s 1 --offset=1 mlo.img >/dev/null
	mcopy -D o -i mlo.img@@512 mlo ::/GAP1
	mcopy -D o -i mlo.img@@512 conf ::/GAP2
	mdel -i mlo.img@@512 ::/GAP1
	mcopy -D o -i mlo.img@@512 mlo ::/MLO
	cp mlo.img "$c/fuzz_fatmlo/fat${t%%:*}-mlo"
done

# MBR: a first sector plus 8 bytes of device size.
truncate -s 16M disk.img
printf 'label: dos\n2048,4096,83\n8192,8192,c,*\n16384,,b\n' | sfdisk -q disk.img >/dev/null
{ head -c 512 disk.img; printf '\000\200\000\000\000\000\000\000'; } >"$c/fuzz_mbr/sfdisk"
{ head -c 512 mbr.img; printf '\300\000\000\000\000\000\000\000'; } >"$c/fuzz_mbr/fat12"

cat >"$c/fuzz_extlinux/debian" <<'CONF'
default l0
menu title U-Boot menu
prompt 0
timeout 50

label l0
	menu label Debian GNU/Linux 12 (bookworm) 6.1.0-18-armmp
	linux /boot/vmlinuz-6.1.0-18-armmp
	initrd /boot/initrd.img-6.1.0-18-armmp
	fdtdir /usr/lib/linux-image-6.1.0-18-armmp/
	append root=UUID=1234 ro quiet
CONF
printf 'DEFAULT b\r\nLABEL a\r\n KERNEL ../zImage\r\n FDT a.dtb\r\nlabel b\r\n menu default\r\n append x\r\n frob 1\r\n' \
	>"$c/fuzz_extlinux/crlf"

head -c 300 /dev/zero | tr '\0' 'k' >k
mkimage -A arm -O linux -T kernel -C none -a 0x80008000 -e 0x80008000 -n linux -d k \
	"$c/fuzz_image/uimage" >/dev/null
mkimage -A arm -O linux -T ramdisk -C none -a 0 -e 0 -n initrd -d k \
	"$c/fuzz_image/uinitrd" >/dev/null
printf 'setenv bootargs root=/dev/mmcblk0p2\nbootz ${kernel_addr_r} - ${fdt_addr_r}\n' >s
mkimage -A arm -O linux -T script -C none -a 0 -e 0 -n script -d s:k \
	"$c/fuzz_image/script" >/dev/null
python3 - "$c/fuzz_image/zimage" <<'PY'
import struct, sys
z = bytearray(b'\x00' * 256)
z[0x24:0x30] = struct.pack('<III', 0x016f2818, 0, 256)
open(sys.argv[1], 'wb').write(z)
PY

for f in gta04-mini twocell bare; do
	dtc -q -I dts -O dtb -o "$c/fuzz_fdt_fixup/$f.dtb" "$top/tests/fixtures/$f.dts"
done
echo "corpus: $(find "$c" -type f | wc -l) files, $(du -sk "$c" | cut -f1) KiB"

# ext2 and ext4 (metadata_csum, extents), 1 KiB blocks, 64 KiB images
# (mke2fs -d, no journal): a symlink of each kind, a loop, a fragmented
# file; one of them behind an MBR with an extended partition.
mkdir -p e/dir e/boot/extlinux
cp conf e/boot/extlinux/extlinux.conf
head -c 5000 /dev/zero | tr '\0' 'k' >e/vmlinuz
head -c 20000 /dev/zero | tr '\0' 'b' >e/big
ln -s /vmlinuz e/link
ln -s ../vmlinuz e/dir/rel
ln -s ././././././././././././././././././././././././././././././vmlinuz e/slow
ln -s loop e/loop
truncate -s 64K ext2.img ext4.img
mke2fs -q -F -t ext2 -b 1024 -N 32 -d e ext2.img
mke2fs -q -F -t ext4 -b 1024 -N 32 -O ^has_journal,metadata_csum -d e ext4.img
cp ext2.img "$c/fuzz_ext4/ext2"
cp ext4.img "$c/fuzz_ext4/ext4-csum"
truncate -s 130K ebr.img
printf 'label: dos\n4,250,5\n6,128,83\n' | sfdisk -q ebr.img >/dev/null
dd if=ext4.img of=ebr.img bs=512 seek=6 conv=notrunc status=none
cp ebr.img "$c/fuzz_ext4/mbr-logical-ext4"
# fuzz_ext4_write: the same ext4 image (room for a 9000-byte file)
mkdir -p "$c/fuzz_ext4_write"
truncate -s 128K ext4w.img
mke2fs -q -F -t ext4 -b 1024 -N 32 -O ^has_journal,metadata_csum -d e ext4w.img
cp ext4w.img "$c/fuzz_ext4_write/ext4-csum"


# fuzz_usbdesc: EP0 size, 32 alternate settings, then descriptors (a
# vendor device with bulk EP1 IN/OUT; one with two alternate settings)
mkdir -p "$c"/fuzz_usbdesc
z31=$(printf '\\000%.0s' $(seq 31))
z32="\\000$z31"
printf "\\100$z32"'\011\002\040\000\001\001\000\200\062\011\004\000\000\002\377\001\002\000\007\005\201\002\000\002\000\007\005\001\002\000\002\000' >"$c/fuzz_usbdesc/config"
printf "\\100$z32"'\022\001\000\002\000\000\000\100\121\004\042\320\000\001\001\002\000\001' >"$c/fuzz_usbdesc/device"
printf "\\100\\001$z31"'\011\002\051\000\001\001\000\200\062\011\004\000\000\000\376\001\002\000\011\004\000\001\002\376\001\002\000\007\005\202\003\010\000\004\007\005\002\002\100\000\000' >"$c/fuzz_usbdesc/altsetting"

# fuzz_usbredir: u16 n, n device answers, then a guest's usbredir stream:
# hello (64-bit ids, 32-bit bulk lengths), then requests of every kind
mkdir -p "$c"/fuzz_usbredir
python3 - "$c/fuzz_usbredir" <<'PY'
import struct, sys
d = sys.argv[1]
def pkt(t, hdr, data=b"", pid=0):
    return struct.pack("<IIQ", t, len(hdr) + len(data), pid) + hdr + data
hello = struct.pack("<III", 0, 68, 0) + b"seed".ljust(64, b"\0") + struct.pack("<I", 0x72)
ctl = lambda ep, req, rt, val, idx, ln: struct.pack("<BBBBHHH", ep, req, rt, 0, val, idx, ln)
bulk = lambda ep, ln: struct.pack("<BBHIH", ep, 0, ln & 0xFFFF, 0, ln >> 16)
dev = bytes([4 | 5 << 3, 0, 4 | 20 << 3, 1, 2, 3, 4 | 31 << 3, 0])
s = hello
s += pkt(6, bytes([1]), pid=1)                           # set_configuration 1
s += pkt(100, ctl(0x80, 6, 0x80, 0x100, 0, 18), pid=2)   # GET_DESCRIPTOR
s += pkt(100, ctl(0x00, 0x01, 0x21, 0, 0, 4), b"dfu!", pid=3)
s += pkt(101, bulk(0x01, 100), bytes(100), pid=4)
s += pkt(101, bulk(0x81, 600), pid=5)
s += pkt(21, b"", pid=5)                                 # cancel
s += pkt(7, b"", pid=6) + pkt(9, bytes([0, 0]), pid=7) + pkt(10, bytes([0]), pid=8)
s += pkt(3, b"")                                         # reset
open(d + "/session", "wb").write(struct.pack("<H", len(dev)) + dev + s)
s = hello + pkt(15, bytes([0x82]), pid=9) + pkt(103, struct.pack("<BBH", 0x82, 0, 0), pid=10)
open(d + "/interrupt", "wb").write(struct.pack("<H", 0) + s)
open(d + "/hello-only", "wb").write(struct.pack("<H", 0) + hello)
PY

# The serial loaders and the parsers of issue #35: objcopy's S-records, a
# gzip file, Debian's and Letux's mtdparts, a Kermit sender's packets, a
# tiny ARM ELF.
mkdir -p "$c"/fuzz_srec "$c"/fuzz_gunzip "$c"/fuzz_mtdparts "$c"/fuzz_kermit "$c"/fuzz_elf
printf 'gtaboot S-record seed\n' >s.bin
objcopy -I binary -O srec --change-addresses 0x80400000 s.bin s.srec
i=0; while read -r l; do printf '%s' "$l" >"$c/fuzz_srec/line$i"; i=$((i + 1)); done <s.srec
printf 'gtaboot gzip seed gtaboot gzip seed\n' | gzip -9n >"$c/fuzz_gunzip/seed.gz"
printf 'mtdparts=omap2-nand.0:512k(spl),1920k(u-boot),128k(u-boot-env),128k(dtb),6m(kernel),-(rootfs)' \
	>"$c/fuzz_mtdparts/debian"
printf 'nand0=nand,mtdparts=nand:512k(x-loader),1792k(u-boot)ro,256k@0x240000(u-boot-env),6m(kernel),-(fs)' \
	>"$c/fuzz_mtdparts/letux"
python3 - "$c/fuzz_kermit" "$c/fuzz_elf" <<'PY'
import struct, sys
def pkt(t, seq, data=b""):
    body = bytes([len(data) + 35, seq + 32]) + t + data
    s = sum(body)
    return b"\x01" + body + bytes([((s + ((s & 192) >> 6)) & 63) + 32]) + b"\r"
s = pkt(b"S", 0, b"~* @-#&1~") + pkt(b"F", 1, b"A.BIN") + pkt(b"D", 2, b"ab#M#J&a~(x##") \
    + pkt(b"Z", 3) + pkt(b"B", 4)
open(sys.argv[1] + "/transfer", "wb").write(s)
code = bytes.fromhex("2a207047")
hdr = b"\x7fELF\x01\x01\x01" + bytes(9) + struct.pack(
    "<HHIIIIIHHHHHH", 2, 40, 1, 0x80400001, 52, 0, 0, 52, 32, 1, 40, 0, 0)
ph = struct.pack("<8I", 1, 84, 0x80400000, 0x80400000, 4, 16, 5, 4)
open(sys.argv[2] + "/thumb", "wb").write(hdr + ph + code)
PY

# fuzz_efi_pe: a PE32 EFI application for Thumb like tests/unit/test_efi_pe.c
# builds (Thumb-2 and ARM MOVW/MOVT pairs, a HIGHLOW word, three sections),
# and one without relocations, as systemd-boot and Linux's EFI stub come.
mkdir -p "$c"/fuzz_efi_pe
python3 - "$c/fuzz_efi_pe" <<'PY'
import struct, sys
def pe(relocs):
    b = bytearray(0x3c0)
    b[0:2] = b"MZ"; struct.pack_into("<I", b, 0x3c, 0x40)
    b[0x40:0x44] = b"PE\0\0"
    struct.pack_into("<HHIIIHH", b, 0x44, 0x1c2, 3, 0, 0, 0, 224, 0x0102)
    o = 0x58
    struct.pack_into("<H", b, o, 0x10b)
    struct.pack_into("<I", b, o + 16, 0x201)
    struct.pack_into("<III", b, o + 28, 0x10000, 0x100, 0x80)
    struct.pack_into("<II", b, o + 56, 0x500, 0x200)
    struct.pack_into("<H", b, o + 68, 10)
    struct.pack_into("<I", b, o + 92, 16)
    if relocs:
        struct.pack_into("<II", b, o + 96 + 40, 0x400, 28)
    for i, (n, vs, va, rs, rp) in enumerate([(b".text", 0x100, 0x200, 0x100, 0x200),
            (b".data", 0x100, 0x300, 0x80, 0x300), (b".reloc", 0x40, 0x400, 0x40, 0x380)]):
        struct.pack_into("<8sIIII12xI", b, 0x138 + 40 * i, n, vs, va, rs, rp, 0x60000020)
    struct.pack_into("<HHHHII", b, 0x200, 0xf240, 0x3000, 0xf2c0, 0x0001, 0xe3001304, 0xe3401001)
    struct.pack_into("<I", b, 0x300, 0x10310)
    struct.pack_into("<IIHHHHIIHH", b, 0x380, 0x200, 16, 0x7000, 0x5008, 0, 0, 0x300, 12, 0x3000, 0)
    return bytes(b)
open(sys.argv[1] + "/thumb-relocs", "wb").write(pe(True))
open(sys.argv[1] + "/no-relocs", "wb").write(pe(False))
PY

# fuzz_efi_var: UEFI variable files in the layout of U-Boot's ubootefi.var
# (include/efi_variable.h): BootOrder alone, and a few variables of
# systemd-boot's and GRUB's kinds with a volatile and an empty one.
mkdir -p "$c"/fuzz_efi_var
python3 - "$c/fuzz_efi_var" <<'PY'
import struct, sys, zlib
glob = bytes.fromhex("61dfe48bca93d211aa0d00e098032b8c")
loader = bytes.fromhex("82b0674a4c0acf41b6c7440b29bb8c4f")   # systemd-boot's 4a67b082-0a4c-41cf-b6c7-440b29bb8c4f
def var(name, attr, data, guid=glob):
    e = struct.pack("<IIQ", len(data), attr, 0) + guid + (name + "\0").encode("utf-16-le") + data
    return e + bytes(-len(e) % 8)
def file(body):
    return struct.pack("<QQII", 0, 0x0161566966456255, 24 + len(body), zlib.crc32(body)) + body
open(sys.argv[1] + "/bootorder", "wb").write(file(var("BootOrder", 7, b"\1\0")))
body = var("BootOrder", 7, b"\1\0\0\0") + var("Boot0001", 7, bytes(12)) + \
    var("LoaderEntryDefault", 7, "debian.conf\0".encode("utf-16-le"), loader) + \
    var("BootNext", 6, b"\1\0") + var("Empty", 7, b"")
open(sys.argv[1] + "/several", "wb").write(file(body))
PY

# fuzz_efi_loadopt: a Boot#### load option as efibootmgr makes them,
# HD(1,GPT,...)/\EFI\debian\grubarm.efi, with a second device path
# (VenMedia) and optional data (UEFI 2.10, 3.1.3 and 10.3).
mkdir -p "$c"/fuzz_efi_loadopt
python3 - "$c/fuzz_efi_loadopt" <<'PY'
import struct, sys
u16 = lambda s: (s + "\0").encode("utf-16-le")
hd = struct.pack("<BBHIQQ16sBB", 4, 1, 42, 1, 0x800, 0x100000,
                 bytes.fromhex("0f8a5e6c1d2b4a4c8e9fa1b2c3d4e5f6"), 2, 2)
fp = u16("\\EFI\\debian\\grubarm.efi")
end = bytes([0x7f, 0xff, 4, 0])
paths = hd + struct.pack("<BBH", 4, 4, 4 + len(fp)) + fp + end
open(sys.argv[1] + "/grub", "wb").write(struct.pack("<IH", 1, len(paths)) + u16("debian") + paths)
paths += struct.pack("<BBH", 4, 3, 20) + bytes(range(16)) + end
opt = struct.pack("<IH", 1, len(paths)) + u16("debian") + paths + "quiet".encode("utf-16-le")
open(sys.argv[1] + "/two-paths", "wb").write(opt)
PY

# fuzz_efi_file: a UTF-16 name (byte 0: its length in units, byte 1: the
# chunk selector) before the FAT and ext images above.
mkdir -p "$c"/fuzz_efi_file
python3 - "$c" <<'PY'
import sys
c = sys.argv[1]
def seed(out, name, sel, img):
    u = name.encode("utf-16-le")
    data = bytes([len(name), sel]) + u + open(c + "/" + img, "rb").read()
    open(c + "/fuzz_efi_file/" + out, "wb").write(data)
seed("zimage-fat12", "\\zImage", 0x13, "fuzz_fat/fat12-bare")
seed("conf-mbr", "extlinux\\..\\extlinux\\extlinux.conf", 0x22, "fuzz_fat/fat12-mbr")
seed("longdir", "\\Long Directory Name", 0x0c, "fuzz_fat/fat12-bare")
seed("root-fat32", "", 0x04, "fuzz_fat/fat32-empty")
seed("ext2", "\\", 0x21, "fuzz_ext4/ext2")
seed("ext4-csum", ".", 0x0b, "fuzz_ext4/ext4-csum")
PY

# fuzz_efi_devpath: device paths as lib/efi/devpath.c builds them, and a
# load option's (UEFI 2.10, 10.3).
mkdir -p "$c"/fuzz_efi_devpath
python3 - "$c/fuzz_efi_devpath" <<'PY'
import struct, sys
u16 = lambda s: (s + "\0").encode("utf-16-le")
end = bytes([0x7f, 0xff, 4, 0])
ven = struct.pack("<BBH", 1, 4, 20) + bytes.fromhex("3af0b3c43d71474f87e2025a3ce66876")
sd = bytes([3, 0x1a, 5, 0, 0])
hd = struct.pack("<BBHIQQ16sBB", 4, 1, 42, 1, 0x800, 0x32000, struct.pack("<I", 0x1234abcd), 1, 1)
fp = u16("\\EFI\\BOOT\\BOOTARM.EFI")
open(sys.argv[1] + "/sd-part-file", "wb").write(
    ven + sd + hd + struct.pack("<BBH", 4, 4, 4 + len(fp)) + fp + end)
acpi = struct.pack("<BBHII", 2, 1, 12, 0x0a0341d0, 0)
pci = bytes([1, 1, 6, 0, 0, 0x1f])
usb = bytes([3, 5, 6, 0, 1, 0])
open(sys.argv[1] + "/pci-usb-two", "wb").write(acpi + pci + usb + bytes([0x7f, 1, 4, 0]) + sd + end)
PY
