#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds an SD card image that qemu-linaro's OMAP3 machines (-M beagle,
# -M beaglexm) and gtaboot's simulator boot: MLO first, a Debian armmp
# zImage, the BeagleBoard DTBs and an extlinux.conf, on one active FAT16 or
# FAT32 partition (never FAT12: qemu-linaro's ROM stops on it). See
# docs/qemu.md. The card itself is made by tools/mksd.sh.
#
#   tools/mkqemu-sd.sh [--board beagle|gta04] [--mlo FILE] [--out IMG]
#                      [--fat 16|32] [--size MB] [--kernel ZIMAGE]
#                      [--deb linux-image-*-armmp_*.deb] [--dtb FILE]...
#                      [--initrd FILE] [--append "ARGS"] [--timeout TENTHS]
#                      [--file SRC:DEST]... [--fdt NAME]
#
# Without --kernel the zImage and DTBs come from Debian's linux-image-armmp
# package: --deb FILE, else the one in build/deps/debs (where
# tools/fetch-kernel.sh, run first when present, or `apt-get download`
# puts it). The command line names no console: gtaboot sets
# /chosen/stdout-path to UART3, which Linux's omap-serial (ttyO2, Debian's
# armmp) and 8250_omap (ttyS2) drivers both honour. Its default is
# "root=/dev/mmcblk0p2 rootwait", or nothing with --initrd (the kernel runs
# the initramfs's /init). --timeout is extlinux's (default 30: 3 s);
# --file copies more files (e.g. U-Boot's u-boot.img) after extlinux.conf.
# --fdt NAME names one DTB of /dtbs (`fdt /dtbs/NAME`) instead of `fdtdir`,
# so that loaders that name DTBs differently load the same one.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
board=beagle mlo= out= fat=32 size=64 kernel= deb= initrd= timeout=30 fdt=
files=()
append=unset
dtbs=()
while [ $# -gt 0 ]; do
	case $1 in
	--board) board=$2; shift 2 ;;
	--mlo) mlo=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--fat) fat=$2; shift 2 ;;
	--size) size=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--deb) deb=$2; shift 2 ;;
	--dtb) dtbs+=("$2"); shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--fdt) fdt=$2; shift 2 ;;
	--file) files+=(--file "$2"); shift 2 ;;
	-h|--help) sed -n '3,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "mkqemu-sd: unknown option $1" >&2; exit 2 ;;
	esac
done
if [ "$append" = unset ]; then
	if [ -n "$initrd" ]; then append=; else append="root=/dev/mmcblk0p2 rootwait"; fi
fi
case $board in beagle|gta04) ;; *) echo "mkqemu-sd: --board beagle|gta04" >&2; exit 2 ;; esac
mlo=${mlo:-$top/build/$board/MLO}
out=${out:-$top/build/$board/qemu-sd.img}
[ -f "$mlo" ] || { echo "mkqemu-sd: no MLO at $mlo (make BOARD=$board)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The DTBs gtaboot picks by board revision (board/*.c dtb_name()).
case $board in
beagle) want='omap3-beagle.dtb omap3-beagle-xm.dtb omap3-beagle-xm-ab.dtb' ;;
gta04) want='omap3-gta04a3.dtb omap3-gta04a4.dtb omap3-gta04a5.dtb' ;;
esac

if [ -z "$kernel" ] || [ ${#dtbs[@]} -eq 0 ]; then
	debs=$top/build/deps/debs
	mkdir -p "$debs"
	# fetch-kernel.sh leaves the package in build/deps/debs; we need more
	# DTBs than it extracts, so unpack the package ourselves.
	if [ -z "$deb" ]; then
		deb=$(ls "$debs"/linux-image-*-armmp_*_armhf.deb 2>/dev/null | sort -V | tail -1 || true)
	fi
	if [ -z "$deb" ] && [ -x "$top/tools/fetch-kernel.sh" ]; then
		"$top/tools/fetch-kernel.sh" >/dev/null || true
		deb=$(ls "$debs"/linux-image-*-armmp_*_armhf.deb 2>/dev/null | sort -V | tail -1 || true)
	fi
	if [ -z "$deb" ]; then
		pkg=$(apt-cache depends linux-image-armmp:armhf 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[0-9.]*-[0-9]*-armmp\)\(:armhf\)\?$/\1/p' |
			head -1)
		[ -n "$pkg" ] || {
			echo "mkqemu-sd: linux-image-armmp:armhf unknown to apt" \
			     "(dpkg --add-architecture armhf; apt-get update), or pass --kernel/--deb" >&2
			exit 1
		}
		(cd "$debs" && apt-get download -q "$pkg:armhf" >/dev/null) || {
			echo "mkqemu-sd: apt-get download $pkg:armhf failed" >&2; exit 1; }
		deb=$(ls "$debs/$pkg"_*_armhf.deb | head -1)
	fi
	echo "mkqemu-sd: kernel package $deb"
	mkdir -p "$tmp/root"
	pats=('./boot/vmlinuz-*')
	for d in $want; do pats+=("./usr/lib/linux-image-*/$d"); done
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp/root" --wildcards "${pats[@]}" 2>/dev/null || true
	if [ -z "$kernel" ]; then
		kernel=$(ls "$tmp"/root/boot/vmlinuz-* | head -1)
	fi
	if [ ${#dtbs[@]} -eq 0 ]; then
		for d in $want; do
			f=$(ls "$tmp"/root/usr/lib/linux-image-*/"$d" 2>/dev/null | head -1 || true)
			[ -z "$f" ] || dtbs+=("$f")
		done
	fi
fi
[ -f "$kernel" ] || { echo "mkqemu-sd: no kernel image" >&2; exit 1; }
[ ${#dtbs[@]} -gt 0 ] || { echo "mkqemu-sd: no DTB found (want: $want)" >&2; exit 1; }
if [ -n "$fdt" ] && ! printf '%s\n' "${dtbs[@]}" | grep -q "/$fdt\$"; then
	echo "mkqemu-sd: --fdt $fdt is not among the DTBs put on the card" >&2; exit 1
fi

# fdtdir: gtaboot appends the DTB name of the revision it read, so one card
# serves the Beagle (C4: omap3-beagle.dtb) and the xM alike.
conf=$tmp/extlinux.conf
{
	echo "# gtaboot / extlinux: made by tools/mkqemu-sd.sh"
	echo "default debian"
	echo "timeout $timeout"
	echo "label debian"
	echo "	kernel /zImage"
	if [ -n "$fdt" ]; then echo "	fdt /dtbs/$fdt"; else echo "	fdtdir /dtbs"; fi
	[ -z "$initrd" ] || echo "	initrd /initrd.img"
	[ -z "$append" ] || echo "	append $append"
} >"$conf"

args=(--out "$out" --size "$size" --fat "$fat" --board "$board" --mlo "$mlo"
      --file "$kernel:zImage")
for d in "${dtbs[@]}"; do
	args+=(--file "$d:dtbs/$(basename "$d")")
done
[ -z "$initrd" ] || args+=(--file "$initrd:initrd.img")
args+=(--file "$conf:extlinux/extlinux.conf" ${files[@]+"${files[@]}"})
mkdir -p "$(dirname "$out")"
"$top/tools/mksd.sh" "${args[@]}"

# qemu-linaro's ROM decides FAT12/16/32 from the cluster count alone
# (< 4085, < 65525, else 32), as the FAT specification says: check that
# it sees the type we made.
bs() { od -An -tu"$2" -j $((1048576 + $1)) -N "$2" "$out" | tr -d ' '; }
spc=$(bs 13 1) rsvd=$(bs 14 2) nfats=$(bs 16 1) rootent=$(bs 17 2)
tot=$(bs 19 2); [ "$tot" != 0 ] || tot=$(bs 32 4)
fsz=$(bs 22 2); [ "$fsz" != 0 ] || fsz=$(bs 36 4)
clusters=$(( (tot - rsvd - nfats * fsz - (rootent * 32 + 511) / 512) / spc ))
if [ "$clusters" -lt 4085 ]; then seen=12
elif [ "$clusters" -lt 65525 ]; then seen=16
else seen=32; fi
if [ "$seen" != "$fat" ]; then
	echo "mkqemu-sd: $clusters clusters read as FAT$seen, not FAT$fat: change --size" >&2
	exit 1
fi
echo "mkqemu-sd: FAT$fat with $clusters clusters; MLO, zImage, ${#dtbs[@]} DTB(s), extlinux.conf"
