#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds the "PC" of the USB tests (issue #25, docs/usb.md): a small x86_64
# Linux guest for Debian's qemu-system-x86_64 that sees the simulated
# board's USB device through `-device usb-redir` and runs Debian's stock
# host tools on it. Out of Debian packages fetched with `apt-get download`
# into build/deps/debs (never installed, nothing committed):
#
#   build/usbhost/vmlinuz     linux-image-amd64's kernel, as packaged
#   build/usbhost/vmlinux     the same kernel decompressed (an ELF with a
#                             PVH note), which QEMU starts directly: 3.6 s
#                             to the shell under TCG instead of 6.4 s, the
#                             difference being the bzImage's xz unpacking
#   build/usbhost/initrd.img  gzip'd newc cpio: busybox-static, dfu-util, eject,
#                             lsusb (usbutils), fastboot, the
#                             shared libraries they need with the dynamic
#                             loader, the kernel's USB modules, an /init
#   build/usbhost/version     the kernel release
#
#   tools/mkusbhost.sh [--out DIR] [--no-fastboot] [--force]
#
# /init mounts /proc, /sys, /dev (devtmpfs), loads the modules (xHCI/EHCI
# on PCI, usb-storage, uas, sd_mod: Debian's amd64 config has CONFIG_USB=m
# and CONFIG_SCSI=m, so usbcore and scsi_mod come along as dependencies),
# prints "gtaboot-usbhost: up on Linux <release>" and runs a shell on the
# console, ttyS0, with the prompt "usbhost:/# ". tests/system/usbhost.py
# boots it. Up to date outputs are left alone unless --force.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/usbhost fastboot=yes force=no
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--no-fastboot) fastboot=no; shift ;;
	--force) force=yes; shift ;;
	-h|--help) sed -n '3,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "mkusbhost: unknown option $1" >&2; exit 2 ;;
	esac
done
arch=amd64
debs=$top/build/deps/debs
mkdir -p "$debs" "$out"

# The kernel package linux-image-amd64 points at (one ABI at a time).
kpkg=$(apt-cache depends "linux-image-$arch:$arch" 2>/dev/null |
	sed -n "s/^ *Depends: \(linux-image-[0-9][^:]*-$arch\).*/\1/p" | head -n1)
[ -n "$kpkg" ] || {
	echo "mkusbhost: apt knows no linux-image-$arch:$arch (apt-get update?)" >&2; exit 1; }
kver=${kpkg#linux-image-}

if [ $force = no ] && [ "$(cat "$out/version" 2>/dev/null)" = "$kver" ] &&
   [ "$out/initrd.img" -nt "$0" ] && [ "$out/initrd.img" -nt "$top/tools/initramfs.py" ]; then
	echo "mkusbhost: up to date ($out, $kver)"
	exit 0
fi

# What goes in. The library packages are what the tools' Depends name in
# bookworm (python3, which dfu-util pulls for its dfuse-pack script, is
# left out); if a future version needs another library, `initramfs.py libs`
# below stops with its name. Not usb.ids: usbutils 014's lsusb takes every
# name from udev's hwdb.bin instead (compiled from 10 MB of sources), so in
# the guest it prints IDs and the device's own strings, no vendor names.
pkgs=("$kpkg" busybox-static dfu-util usbutils libusb-1.0-0 libudev1 libc6
      eject libmount1 libblkid1 libselinux1 libpcre2-8-0)
fbpkgs=(fastboot android-libbase android-libboringssl android-libcutils android-liblog
	android-libsparse android-libziparchive libstdc++6 libgcc-s1 zlib1g)
[ $fastboot = yes ] && pkgs+=("${fbpkgs[@]}")
modules=(xhci_pci ehci_pci usb_storage uas sd_mod)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root
mkdir "$root"
shopt -s nullglob
newest() { # the newest downloaded .deb of package $1
	local d
	for d in "$debs/$1"_*_"$arch".deb "$debs/$1"_*_all.deb; do echo "$d"; done | sort -V | tail -n1
}
for p in "${pkgs[@]}"; do
	deb=$(newest "$p")
	if [ -z "$deb" ]; then
		(cd "$debs" && apt-get download -q "$p:$arch" >/dev/null 2>&1) || {
			echo "mkusbhost: apt-get download $p:$arch failed (offline? apt-get update?)" >&2; exit 1; }
		deb=$(newest "$p")
	fi
	if [ "$p" = "$kpkg" ]; then
		# The kernel and its modules, unpacked once into
		# build/deps/usbhost-kernel/<release>: most of this script's time.
		kdir=$top/build/deps/usbhost-kernel/$kver
		if [ ! -e "$kdir/.done" ]; then
			rm -rf "$kdir"; mkdir -p "$kdir"
			dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$kdir" \
				"./boot/vmlinuz-$kver" "./boot/config-$kver" "./lib/modules/$kver"
			touch "$kdir/.done"
		fi
	else
		dpkg-deb -x "$deb" "$root"
	fi
done

list=$tmp/list
python3 "$top/tools/initramfs.py" skeleton "$root/bin/busybox" "$tmp/init" "$tmp/modules" >"$list"
files=() # "kind guest source-or-target" lines; their directories made below
add() { files+=("$*"); }
# eject (util-linux): what a user types to let go of a USB disk; it ends
# gtaboot's ums (START STOP UNIT with LoEj)
tools=(/usr/bin/dfu-util /usr/bin/lsusb /usr/bin/eject)
[ $fastboot = yes ] && tools+=(/usr/bin/fastboot)
# the tools (their real files: fastboot is a symlink), then their libraries
while read -r kind guest src; do add "$kind" "$guest" "$src"; done < <(
	python3 "$top/tools/initramfs.py" libs "$root" "${tools[@]}")

: >"$tmp/modules"
moddir=$kdir/lib/modules/$kver
n=0
for rel in $(python3 "$top/tools/initramfs.py" deps "$moddir" "${modules[@]}"); do
	add file "/lib/modules/$kver/$rel" "$moddir/$rel"
	echo "/lib/modules/$kver/$rel" >>"$tmp/modules"
	n=$((n + 1))
done
echo "mkusbhost: $n modules:" $(sed 's,.*/,,' "$tmp/modules")

# Every directory above a file, parents first, then the files.
for f in "${files[@]}"; do
	set -- $f
	d=$(dirname "$2")
	while [ "$d" != / ]; do echo "$d"; d=$(dirname "$d"); done
done | sort -u | while read -r d; do
	grep -qx "dir $d .*" "$list" || echo "dir $d 755 0 0"
done >>"$list"
for f in "${files[@]}"; do
	set -- $f
	case $1 in
	file) echo "file $2 $3 755 0 0" ;;
	slink) echo "slink $2 $3 777 0 0" ;;
	esac
done >>"$list"

cat >"$tmp/init" <<'EOF'
#!/bin/sh
# /init of the USB host guest (tools/mkusbhost.sh): Debian's kernel, USB
# modules and host tools, a busybox shell on ttyS0, no root file system.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
# The applets as symlinks; a real tool (lsusb) already in place is kept.
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
# the kernel would ask a modprobe for what it misses (crc-t10dif's
# crypto); there is none to ask: everything needed is in /etc/modules
echo >/proc/sys/kernel/modprobe
while read -r m; do
	[ -n "$m" ] || continue
	insmod "$m" || echo "gtaboot-usbhost: insmod $(basename "$m" .ko) failed"
done </etc/modules
# Kernel messages (a device plugged in, unplugged) go to dmesg only from
# now on, so they do not land in the middle of a command's output.
dmesg -n 1
echo "gtaboot-usbhost: up on Linux $(uname -r)"
export HOME=/root PS1='usbhost:\w# '
cd /
# cttyhack gives the shell the console's real tty (job control, Ctrl-C).
while true; do
	setsid cttyhack sh
	echo "gtaboot-usbhost: shell exited; starting another"
done
EOF

python3 "$top/tools/initramfs.py" cpio "$list" "$tmp/initrd.cpio"
gzip -6n <"$tmp/initrd.cpio" >"$out/initrd.img.tmp"
cp "$kdir/boot/vmlinuz-$kver" "$out/vmlinuz.tmp"
mv "$out/vmlinuz.tmp" "$out/vmlinuz"
# The bzImage's payload is the xz'd ELF vmlinux (CONFIG_KERNEL_XZ); with
# CONFIG_PVH its PVH entry note lets QEMU load it as it is. Without one,
# usbhost.py boots vmlinuz.
rm -f "$out/vmlinux"
python3 - "$out/vmlinuz" "$out/vmlinux.tmp" <<'PY' && mv "$out/vmlinux.tmp" "$out/vmlinux" ||
import lzma, sys
bz = open(sys.argv[1], "rb").read()
at = bz.find(b"\xfd7zXZ\0")
elf = lzma.LZMADecompressor().decompress(bz[at:]) if at > 0 else b""
if elf[:4] != b"\x7fELF" or b"Xen\0" not in elf:
    sys.exit("no xz'd ELF with a PVH note in " + sys.argv[1])
open(sys.argv[2], "wb").write(elf)
PY
	echo "mkusbhost: no vmlinux; the guest boots the bzImage (3 s slower under TCG)" >&2
mv "$out/initrd.img.tmp" "$out/initrd.img"
echo "$kver" >"$out/version"
echo "mkusbhost: $out: vmlinuz $(stat -c %s "$out/vmlinuz") bytes," \
	"initrd.img $(stat -c %s "$out/initrd.img") bytes ($(stat -c %s "$tmp/initrd.cpio") unpacked), Linux $kver"
