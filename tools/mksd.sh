#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds an SD card image without loop mounts: an MBR (sfdisk) with one
# active FAT partition (mkfs.vfat + mtools) holding MLO and any other files.
#
#   tools/mksd.sh --out IMG [--size MB] [--fat 16|32] [--mlo FILE]
#                 [--file SRC[:DEST]]... [--board gta04|beagle]
#
# DEST may name subdirectories (boot/extlinux/extlinux.conf); they are made.
# The partition starts at sector 2048 like fdisk's default. FAT12 is never
# used: some emulated ROMs cannot read it.
set -euo pipefail
out= size=64 fat=32 mlo= board=gta04
files=()
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--size) size=$2; shift 2 ;;
	--fat) fat=$2; shift 2 ;;
	--mlo) mlo=$2; shift 2 ;;
	--file) files+=("$2"); shift 2 ;;
	--board) board=$2; shift 2 ;;
	*) echo "mksd: unknown option $1" >&2; exit 2 ;;
	esac
done
[ -n "$out" ] || { echo "mksd: --out IMG is required" >&2; exit 2; }
case $fat in 16|32) ;; *) echo "mksd: --fat must be 16 or 32" >&2; exit 2 ;; esac
if [ "$fat" = 32 ] && [ "$size" -lt 40 ]; then
	echo "mksd: FAT32 needs at least 40 MB (got $size)" >&2; exit 2
fi

start=2048
total=$((size * 2048))
psize=$((total - start))

rm -f "$out"
truncate -s $((total * 512)) "$out"
if [ "$fat" = 32 ]; then ptype=c; else ptype=e; fi
printf 'label: dos\nstart=%d, size=%d, type=%s, bootable\n' "$start" "$psize" "$ptype" |
	sfdisk -q "$out" >/dev/null

# The file system is made and filled in place, at the partition's offset
# (mkfs.vfat --offset, mtools' IMG@@OFFSET): no copy of the partition.
mkfs.vfat -F "$fat" -n GTABOOT -i 47544130 --offset "$start" "$out" "$((psize / 2))" >/dev/null
img="$out@@$((start * 512))"
export MTOOLS_SKIP_CHECK=1
# MLO first, so that it sits in the root directory's first entries, as
# some ROMs expect of a freshly formatted card.
[ -z "$mlo" ] || mcopy -D o -i "$img" "$mlo" ::MLO </dev/null
declare -A made=()
for f in "${files[@]}"; do
	src=${f%%:*}
	dest=${f#*:}
	[ "$dest" != "$f" ] || dest=$(basename "$src")
	dir=$(dirname "$dest")
	if [ "$dir" != . ]; then
		path=
		IFS=/ read -ra parts <<<"$dir"
		for p in "${parts[@]}"; do
			path=$path/$p
			[ -z "${made[$path]:-}" ] || continue
			# -D s: an existing directory is skipped, never asked
			# about on /dev/tty (which would stop a background job).
			mmd -D s -i "$img" "::$path" </dev/null
			made[$path]=1
		done
	fi
	mcopy -D o -i "$img" "$src" "::$dest" </dev/null
done
echo "mksd: $out ($size MB, FAT$fat, board $board)"
