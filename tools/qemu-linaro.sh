#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds qemu-linaro's qemu-system-arm (the QEMU fork with the OMAP3
# BeagleBoard machines) from source, makes an SD card that boots gtaboot and
# Debian's armmp kernel to a busybox shell, and boots it. See docs/qemu.md.
#
#   tools/qemu-linaro.sh deps                    check the build's packages
#   tools/qemu-linaro.sh build [--src DIR|URL] [--rev REV] [--python PY2]
#   tools/qemu-linaro.sh card [--board beagle|gta04] [--uboot] [--out IMG]
#                             [mkqemu-sd.sh options...]
#   tools/qemu-linaro.sh boot [--board beagle|gta04] [--uboot] [--card IMG]
#                             [--nand FILE] [-- qemu options...]
#
# build: DIR is an unpacked source tree of the fork, URL a git URL cloned
#   into build/qemu-linaro/src at REV. Default: $QEMU_LINARO_SRC, else
#   https://github.com/dougg3/qemu-linaro-beagleboard.git at 5475f0b82def
#   (the commit tested). Out of tree in build/qemu-linaro/obj, installed in
#   build/qemu-linaro (bin/qemu-system-arm). Needs the Debian packages
#   listed in $debs below (`deps` names the missing ones; this optional path
#   is kept out of tools/install-deps.sh) and a Python 2.7, which Debian 12
#   does not ship: --python, $PYTHON2, python2.7/python2 on PATH, or pyenv's
#   ~/.pyenv/versions/2.7*/bin/python2.7.
# card: build/<board>/MLO (make BOARD=<board>), Debian's armmp zImage and
#   DTBs, the busybox initramfs of tools/mkinitramfs.sh and extlinux.conf,
#   written to build/<board>/qemu-linaro-sd.img. --uboot puts Debian's
#   U-Boot (u-boot-omap's omap3_beagle MLO and u-boot.img) on the card in
#   place of gtaboot, for comparison; extra options go to mkqemu-sd.sh.
# boot: qemu-system-arm -M beagle -m 256 (--board beagle) or -M beaglexm
#   -m 512 (--board gta04: gtaboot's GTA04 build, omap3-gta04a5.dtb), the
#   card in MMC1, UART3 on this terminal (Ctrl-C ends QEMU). --nand FILE is
#   the NAND on GPMC CS0 (created empty, 256 MiB + OOB, when missing);
#   without it the machine's NAND is erased and kept in memory. Without
#   --card the card is made (again) first.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
qdir=$top/build/qemu-linaro
qemu=$qdir/bin/qemu-system-arm
url=https://github.com/dougg3/qemu-linaro-beagleboard.git
rev=5475f0b82def09e4c4d810efc3f13b3759a41c70
# What the fork's configure needs on Debian 12 (its README: glib, pixman,
# zlib; libfdt for the device tree; git only to clone).
debs="gcc make pkg-config libglib2.0-dev libpixman-1-dev zlib1g-dev libfdt-dev"
uboot_dir=$top/build/deps/root/usr/lib/u-boot/omap3_beagle

die() { echo "qemu-linaro: $*" >&2; exit 1; }

missing_debs() {
	local p m=
	for p in $debs "$@"; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
			m="$m $p"
	done
	echo $m
}

find_python2() {
	local p
	for p in "${1:-}" "${PYTHON2:-}" "$(command -v python2.7 || true)" \
		 "$(command -v python2 || true)" $(ls -d "$HOME"/.pyenv/versions/2.7*/bin/python2.7 \
		 2>/dev/null | sort -V -r); do
		[ -n "$p" ] && [ -x "$p" ] || continue
		"$p" -c 'import sys; sys.exit(sys.version_info[0] != 2)' 2>/dev/null && {
			echo "$p"; return 0; }
	done
	return 1
}

cmd_deps() {
	local m
	m=$(missing_debs)
	[ -z "$m" ] || die "missing Debian packages:$m (apt-get install -y$m)"
	find_python2 >/dev/null || die "no Python 2.7 (Debian 12 has none): pyenv install 2.7.18, or set PYTHON2"
	echo "qemu-linaro: build dependencies present (python2: $(find_python2))"
}

cmd_build() {
	local src=${QEMU_LINARO_SRC:-} py= m
	while [ $# -gt 0 ]; do
		case $1 in
		--src) src=$2; shift 2 ;;
		--rev) rev=$2; shift 2 ;;
		--python) py=$2; shift 2 ;;
		*) die "build: unknown option $1" ;;
		esac
	done
	src=${src:-$url}
	m=$(missing_debs)
	case $src in *://*|git@*) m=$(missing_debs git) ;; esac
	[ -z "$m" ] || die "missing Debian packages:$m (apt-get install -y$m)"
	py=$(find_python2 "$py") || die "no Python 2.7 (Debian 12 has none): pyenv install 2.7.18, or --python"
	mkdir -p "$qdir"
	case $src in
	*://*|git@*)
		if [ ! -d "$qdir/src/.git" ]; then
			git clone -q "$src" "$qdir/src"
		fi
		git -C "$qdir/src" checkout -q "$rev"
		src=$qdir/src ;;
	esac
	[ -x "$src/configure" ] && [ -f "$src/hw/misc/omap3_boot.c" ] ||
		die "$src is not a qemu-linaro source tree (no configure, hw/misc/omap3_boot.c)"
	src=$(cd "$src" && pwd)
	mkdir -p "$qdir/obj"
	# The fork's dtc and pixman submodules are not needed: Debian's libfdt
	# and pixman are used. -Werror off: the 2014 code warns under GCC 12.
	(cd "$qdir/obj" && "$src/configure" --python="$py" --target-list=arm-softmmu \
		--disable-werror --prefix="$qdir" >configure.log 2>&1) ||
		die "configure failed: see $qdir/obj/configure.log"
	echo "qemu-linaro: building $src in $qdir/obj (a few minutes)"
	make -C "$qdir/obj" -j"$(nproc)" >"$qdir/obj/make.log" 2>&1 ||
		die "make failed: see $qdir/obj/make.log"
	make -C "$qdir/obj" install >"$qdir/obj/install.log" 2>&1 ||
		die "make install failed: see $qdir/obj/install.log"
	"$qemu" -M help 2>/dev/null | grep -q '^beaglexm' || die "$qemu has no beaglexm machine"
	echo "qemu-linaro: $qemu"
}

card_path() { echo "$top/build/$1/qemu-linaro-sd${2:+-uboot}.img"; }

cmd_card() {
	local board=beagle uboot= out= extra=()
	while [ $# -gt 0 ]; do
		case $1 in
		--board) board=$2; shift 2 ;;
		--uboot) uboot=1; shift ;;
		--out) out=$2; shift 2 ;;
		*) extra+=("$1"); shift ;;
		esac
	done
	case $board in beagle|gta04) ;; *) die "--board beagle|gta04" ;; esac
	out=${out:-$(card_path "$board" "$uboot")}
	local initrd=$top/build/initramfs/initramfs.cpio.gz args=()
	[ -s "$initrd" ] || "$top/tools/mkinitramfs.sh" --out "$initrd"
	if [ -n "$uboot" ]; then
		[ -f "$uboot_dir/MLO" ] || die "no Debian U-Boot at $uboot_dir (tools/fetch-debs.sh)"
		args=(--mlo "$uboot_dir/MLO" --file "$uboot_dir/u-boot.img:u-boot.img")
	else
		make -s -C "$top" BOARD="$board" >/dev/null
	fi
	"$top/tools/mkqemu-sd.sh" --board "$board" --initrd "$initrd" --out "$out" \
		${args[@]+"${args[@]}"} ${extra[@]+"${extra[@]}"}
}

cmd_boot() {
	local board=beagle uboot= card= nand= qargs=()
	while [ $# -gt 0 ]; do
		case $1 in
		--board) board=$2; shift 2 ;;
		--uboot) uboot=1; shift ;;
		--card) card=$2; shift 2 ;;
		--nand) nand=$2; shift 2 ;;
		--) shift; qargs=("$@"); break ;;
		*) die "boot: unknown option $1" ;;
		esac
	done
	[ -x "$qemu" ] || die "no $qemu: run tools/qemu-linaro.sh build first"
	local machine mem
	case $board in
	beagle) machine=beagle mem=256 ;;
	gta04) machine=beaglexm mem=512 ;;
	*) die "--board beagle|gta04" ;;
	esac
	if [ -z "$card" ]; then
		card=$(card_path "$board" "$uboot")
		cmd_card --board "$board" ${uboot:+--uboot} >&2
	fi
	[ -f "$card" ] || die "no card image $card"
	local mtd=()
	if [ -n "$nand" ]; then
		# Micron 0xBA: 256 MiB of 2 KiB pages plus 64 bytes OOB each; at
		# this size QEMU keeps the OOB in the file too.
		[ -f "$nand" ] || head -c $((131072 * 2112)) /dev/zero | tr '\0' '\377' >"$nand"
		mtd=(-drive "if=mtd,format=raw,file=$nand")
	fi
	exec "$qemu" -M "$machine" -m "$mem" \
		-drive "if=sd,cache=writeback,format=raw,file=$card" ${mtd[@]+"${mtd[@]}"} \
		-serial stdio -monitor none -display none ${qargs[@]+"${qargs[@]}"}
}

case ${1:-} in
deps) shift; cmd_deps "$@" ;;
build) shift; cmd_build "$@" ;;
card) shift; cmd_card "$@" ;;
boot) shift; cmd_boot "$@" ;;
-h|--help|'') sed -n '3,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' ;;
*) die "unknown command $1 (deps, build, card, boot)" ;;
esac
