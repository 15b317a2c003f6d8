#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds the FAT test images for tests/unit/test_fat.c with mkfs.vfat,
# mtools and sfdisk (no loop mounts): FAT12/16/32 at cluster sizes from
# 512 B to 64 KiB, with and without an MBR, long names in subdirectories, a
# fragmented file and a 20 MB file. The host copies of every file go to
# OUT/tree for comparison. Usage: mkimages.sh OUT
set -eu
out=${1:?usage: mkimages.sh OUT}
export MTOOLS_SKIP_CHECK=1 LC_ALL=C.UTF-8
stamp=$out/stamp
sum=$(sha1sum "$0" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
	exit 0
fi
rm -rf "$out"
mkdir -p "$out/tree"
cd "$out"

# Host files, with reproducible contents (a generator seeded by the name).
list=$out/files.list
: >"$list"
gen() { # path size
	printf '%s\t%s\n' "$1" "$2" >>"$list"
}
mkdir -p tree/boot/extlinux tree/many tree/emptydir
printf 'label linux\n  kernel /boot/zImage\n  append console=ttyO2,115200\n' \
	>tree/boot/extlinux/extlinux.conf
gen boot/zImage 100000
gen "Long File Name With Spaces.txt" 1024
gen "boot/Sub Dir With Long Name/another very long file name.bin" 3000
gen README.TXT 700
gen lower.txt 513
gen exact512 512
gen exact4k 4096
gen "MiXeD.CaSe" 1500
gen "unicodé ✓.txt" 77
for i in $(seq -w 1 60); do gen "many/file number $i with a long name.txt" $((10#$i * 37)); done
for i in $(seq -w 1 30); do gen "holes/h$i" 700; done
gen frag.bin 409600
gen twenty.bin 20000000
/usr/bin/python3 - "$list" <<'PY'
import os, random, sys
for line in open(sys.argv[1], encoding='utf-8'):
    path, size = line.rstrip('\n').split('\t')
    path = os.path.join('tree', path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(random.Random(path).randbytes(int(size)))
PY
: >tree/empty

# mkimg NAME FATBITS SECTORS_PER_CLUSTER FS_MIB MBR(type|none) [active] [big]
mkimg() {
	local name=$1 bits=$2 spc=$3 mib=$4 type=$5 active=${6:-} big=${7:-}
	local img=$name.img off=0 t
	if [ "$type" = none ]; then
		truncate -s "${mib}M" "$img"
		mkfs.vfat -F "$bits" -s "$spc" -n GTABOOT "$img" >/dev/null
	else
		off=2048
		truncate -s "$((mib + 2))M" "$img"
		# A small Linux partition first, so the boot choice is tested.
		printf 'label: dos\n4096,%s,%s%s\n1024,2048,83\n' "$((mib * 2048))" "$type" \
			"${active:+,*}" | sfdisk -q "$img" >/dev/null
		off=4096
		mkfs.vfat -F "$bits" -s "$spc" -n GTABOOT --offset=$off "$img" $((mib * 1024)) \
			>/dev/null
	fi
	t="$img@@$((off * 512))"
	mmd -D s -i "$t" ::/boot ::/boot/extlinux "::/boot/Sub Dir With Long Name" ::/many \
		::/emptydir ::/holes
	for f in README.TXT lower.txt exact512 exact4k MiXeD.CaSe "unicodé ✓.txt" empty \
		"Long File Name With Spaces.txt"; do
		mcopy -D o -i "$t" "tree/$f" "::/$f"
	done
	mcopy -D o -i "$t" tree/boot/zImage ::/boot/zImage
	mcopy -D o -i "$t" tree/boot/extlinux/extlinux.conf ::/boot/extlinux/extlinux.conf
	mcopy -D o -i "$t" "tree/boot/Sub Dir With Long Name/another very long file name.bin" \
		"::/boot/Sub Dir With Long Name/"
	mcopy -D o -i "$t" tree/many/* ::/many/
	mcopy -D o -i "$t" tree/holes/* ::/holes/
	# Freeing every other file leaves holes that the next file fills.
	for i in $(seq -w 1 2 30); do mdel -i "$t" "::/holes/h$i"; done
	# mtools allocates FAT32 clusters from FSInfo's next-free hint (sector 1
	# as mkfs.vfat lays it out); pointing it at cluster 2 makes it fill the
	# holes too.
	if [ "$bits" = 32 ]; then
		printf '\002\000\000\000' | dd of="$img" bs=1 seek=$((off * 512 + 512 + 0x1ec)) \
			conv=notrunc status=none
	fi
	mcopy -D o -i "$t" tree/frag.bin ::/frag.bin
	[ -z "$big" ] || mcopy -D o -i "$t" tree/twenty.bin ::/twenty.bin
	mshowfat -i "$t" ::/frag.bin >"$name.frag"
	echo "$off" >"$name.off"
}

mkimg fat12 12 1 1 01 active
mkimg fat16 16 4 32 06
mkimg fat16_64k 16 128 300 0e active
mkimg fat32 32 1 48 0c active big
mkimg fat32_4k 32 8 300 none
mkimg fat32_64k 32 128 4100 0b
# The holes directory as the host sees it after the deletions.
for i in $(seq -w 1 2 30); do rm -f "tree/holes/h$i"; done
echo "$sum" >"$stamp"
