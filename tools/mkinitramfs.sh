#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds a small initramfs (gzip'd newc cpio) that gives a shell on the
# console of any armhf Linux: Debian's static busybox plus an /init that
# mounts /proc, /sys and /dev, loads the modules asked for, prints
#   gtaboot-initramfs: up on Linux <release>
# and runs a busybox shell on the console (prompt "initramfs:/# ", started
# again when it exits). No root file system is needed. See docs/qemu.md.
#
#   tools/mkinitramfs.sh [--out FILE] [--busybox-deb FILE]
#                        [--modules-from DIR|DEB] [--kver VERSION]
#                        [--module NAME]...
#
#   --out FILE          default build/initramfs/initramfs.cpio.gz
#   --busybox-deb FILE  Debian's armhf busybox-static package; default the
#                       one in build/deps/debs, else `apt-get download
#                       busybox-static:armhf` into it (nothing committed)
#   --modules-from P    an unpacked linux-image package root (a directory
#                       with lib/modules/<version>/) or the linux-image .deb
#                       itself; needed by --module
#   --kver VERSION      which lib/modules/<version> when P holds several
#   --module NAME       a module to put in and load at boot, by module name
#                       ("twl4030_charger"; '-' and '_' alike); repeatable.
#                       Its dependencies come along: from modules.dep when
#                       P has one, else from each module's .modinfo
#                       depends= (a .deb has no modules.dep). They are
#                       loaded in dependency order with insmod; /init prints
#                       "gtaboot-initramfs: loaded NAME" or
#                       "gtaboot-initramfs: insmod NAME failed" for each.
#                       Built-in names are skipped with a note.
#
# The archive has mtime 0 everywhere: the same inputs give the same file.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/initramfs/initramfs.cpio.gz bbdeb= modfrom= kver=
modules=()
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--busybox-deb) bbdeb=$2; shift 2 ;;
	--modules-from) modfrom=$2; shift 2 ;;
	--kver) kver=$2; shift 2 ;;
	--module) modules+=("$2"); shift 2 ;;
	-h|--help) sed -n '3,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "mkinitramfs: unknown option $1" >&2; exit 2 ;;
	esac
done
if [ ${#modules[@]} -gt 0 ] && [ -z "$modfrom" ]; then
	echo "mkinitramfs: --module needs --modules-from" >&2; exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "$bbdeb" ]; then
	debs=$top/build/deps/debs
	mkdir -p "$debs"
	bbdeb=$(ls "$debs"/busybox-static_*_armhf.deb 2>/dev/null | sort -V | tail -1 || true)
	if [ -z "$bbdeb" ]; then
		(cd "$debs" && apt-get download -q busybox-static:armhf >/dev/null 2>&1) || {
			echo "mkinitramfs: apt-get download busybox-static:armhf failed" \
			     "(dpkg --add-architecture armhf; apt-get update), or pass --busybox-deb" >&2
			exit 1
		}
		bbdeb=$(ls "$debs"/busybox-static_*_armhf.deb | sort -V | tail -1)
	fi
fi
[ -f "$bbdeb" ] || { echo "mkinitramfs: no busybox package at $bbdeb" >&2; exit 1; }
dpkg-deb --fsys-tarfile "$bbdeb" | tar -x -C "$tmp" ./bin/busybox
# An ELF for EM_ARM (40): what the kernel will be asked to run as /init.
[ "$(od -An -tx1 -N4 "$tmp/bin/busybox" | tr -d ' ')" = 7f454c46 ] &&
[ "$(od -An -tu2 -j18 -N2 "$tmp/bin/busybox" | tr -d ' ')" = 40 ] || {
	echo "mkinitramfs: $bbdeb does not hold an ARM busybox" >&2; exit 1; }

list=$tmp/list
python3 "$top/tools/initramfs.py" skeleton "$tmp/bin/busybox" "$tmp/init" "$tmp/modules" >"$list"

# Modules: copied (decompressed: busybox's insmod takes plain .ko) under
# /lib/modules/<version>/ with their relative paths, load order in
# /etc/modules.
: >"$tmp/modules"
if [ ${#modules[@]} -gt 0 ]; then
	if [ -f "$modfrom" ]; then
		mkdir "$tmp/kpkg"
		dpkg-deb --fsys-tarfile "$modfrom" | tar -x -C "$tmp/kpkg" --wildcards './lib/modules/*'
		modfrom=$tmp/kpkg
	fi
	[ -d "$modfrom/lib/modules" ] || {
		echo "mkinitramfs: $modfrom has no lib/modules" >&2; exit 1; }
	if [ -z "$kver" ]; then
		vers=$(ls "$modfrom/lib/modules")
		[ "$(echo "$vers" | wc -l)" = 1 ] || {
			echo "mkinitramfs: $modfrom/lib/modules holds" $vers "- pick one with --kver" >&2
			exit 1; }
		kver=$vers
	fi
	moddir=$modfrom/lib/modules/$kver
	[ -d "$moddir" ] || { echo "mkinitramfs: no $moddir" >&2; exit 1; }
	order=$(python3 "$top/tools/initramfs.py" deps "$moddir" "${modules[@]}")
	dirs=$(echo /lib /lib/modules "/lib/modules/$kver"; for rel in $order; do
		d=$(dirname "$rel")
		while [ "$d" != . ]; do echo "/lib/modules/$kver/$d"; d=$(dirname "$d"); done
	done | tr ' ' '\n' | sort -u)
	for d in $dirs; do echo "dir $d 755 0 0"; done >>"$list"
	n=0
	for rel in $order; do
		plain=${rel%.xz}; plain=${plain%.zst}; plain=${plain%.gz}
		case $rel in
		*.xz) xz -dc "$moddir/$rel" >"$tmp/m$n" ;;
		*.zst) zstd -qdc "$moddir/$rel" >"$tmp/m$n" ;;
		*.gz) gzip -dc "$moddir/$rel" >"$tmp/m$n" ;;
		*) cp "$moddir/$rel" "$tmp/m$n" ;;
		esac
		echo "file /lib/modules/$kver/$plain $tmp/m$n 644 0 0" >>"$list"
		echo "/lib/modules/$kver/$plain" >>"$tmp/modules"
		n=$((n + 1))
	done
	echo "mkinitramfs: modules ($kver):" $(for rel in $order; do basename "$rel"; done)
fi

cat >"$tmp/init" <<'EOF'
#!/bin/sh
# /init of gtaboot's initramfs (tools/mkinitramfs.sh): a busybox shell on
# the console, no root file system.
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
while read -r m; do
	[ -n "$m" ] || continue
	name=$(basename "$m" .ko)
	if insmod "$m"; then
		echo "gtaboot-initramfs: loaded $name"
	else
		echo "gtaboot-initramfs: insmod $name failed"
	fi
done </etc/modules
echo "gtaboot-initramfs: up on Linux $(uname -r), $(grep MemTotal /proc/meminfo | tr -s ' ')"
export HOME=/root PS1='initramfs:\w# '
cd /
# cttyhack gives the shell the console's real tty (job control, Ctrl-C).
while true; do
	setsid cttyhack sh
	echo "gtaboot-initramfs: shell exited; starting another"
done
EOF

mkdir -p "$(dirname "$out")"
python3 "$top/tools/initramfs.py" cpio "$list" "$tmp/initramfs.cpio"
gzip -9n <"$tmp/initramfs.cpio" >"$out.tmp"
mv "$out.tmp" "$out"
echo "mkinitramfs: $out, $(stat -c %s "$out") bytes"
