#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds the ext2/3/4 test images for tests/unit/test_ext4.c with Debian's
# e2fsprogs, without mounting anything: mke2fs -d populates each image from
# OUT/tree, debugfs then writes a kernel into a free space made ragged by
# deleting every other of 300 small files (many extents: an extent tree of
# depth 1), and a directory of 3000 files is indexed (htree). For each image
# OUT/NAME.info records what debugfs says (extent depth, htree flag, where
# things are) for the tests to check and to corrupt. Usage: mkext4.sh OUT
set -eu
out=${1:?usage: mkext4.sh OUT}
export LC_ALL=C
PATH=$PATH:/sbin:/usr/sbin
stamp=$out/stamp
sum=$(sha1sum "$0" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
	exit 0
fi
rm -rf "$out"
mkdir -p "$out/tree"
cd "$out"

# Host files with reproducible contents.
/usr/bin/python3 - <<'PY'
import os, random
def put(path, size):
    path = os.path.join('tree', path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(random.Random(path).randbytes(size))
for s in (0, 1, 511, 512, 513, 1023, 1024, 1025, 4095, 4096, 4097, 65536, 70001, 1000000):
    put('data/size%d' % s, s)
put('data/small.bin', 300)
put('boot/vmlinuz-6.1.0-57-armmp', 2500000)
put('boot/initrd.img-6.1.0-57-armmp', 123457)
put('usr/lib/linux-image-6.1.0-57-armmp/omap3-gta04a5.dtb', 5000)
put('a/b/c/d/e/f/deep.bin', 777)
for i in range(3000):
    put('many/file-%04d-with-a-longer-name.txt' % i, (i * 7) % 50)
# Sparse: data, a hole of 5 MB, data, a hole at the end.
with open('tree/data/sparse', 'wb') as f:
    f.write(random.Random(1).randbytes(10000))
    f.seek(5 << 20)
    f.write(random.Random(2).randbytes(3000))
    f.truncate(8 << 20)
PY
mkdir -p tree/links tree/emptydir tree/boot/extlinux
printf 'label l0\n\tlinux /boot/vmlinuz-6.1.0-57-armmp\n' >tree/boot/extlinux/extlinux.conf
ln -s boot/vmlinuz-6.1.0-57-armmp tree/vmlinuz
ln -s boot/initrd.img-6.1.0-57-armmp tree/initrd.img
ln -s ../data/small.bin tree/links/fast
ln -s /data/small.bin tree/links/abs
# 60 bytes or more: stored in a block, not in the inode.
ln -s ../data/./././././././././././././././././././././././././././small.bin tree/links/slow
ln -s /usr/lib/linux-image-6.1.0-57-armmp/../../../data tree/links/dirlink
ln -s chain2 tree/links/chain1
ln -s chain3 tree/links/chain2
ln -s chain4 tree/links/chain3
ln -s chain5 tree/links/chain4
ln -s chain6 tree/links/chain5
ln -s chain7 tree/links/chain6
ln -s chain8 tree/links/chain7
ln -s /data/small.bin tree/links/chain8
ln -s chain1 tree/links/chain0
ln -s loop2 tree/links/loop1
ln -s loop1 tree/links/loop2
ln -s self tree/links/self
ln -s nowhere tree/links/dangling
ln -s ../links tree/links/up

/usr/bin/python3 -c "
import random
open('frag.src','wb').write(random.Random('frag').randbytes(3000000))
open('piece','wb').write(bytes(40000))"

# mkimg NAME MIB TREE MKE2FS-OPTIONS...
mkimg() {
	local name=$1 mib=$2 src=$3 img=$1.img i n bs piece
	shift 3
	truncate -s "${mib}M" "$img"
	mke2fs -q -F "$@" -L GTABOOT -U 4754410d-0000-4000-8000-000000000001 \
		-E hash_seed=4754410d-0000-4000-8000-000000000002 -d "$src" "$img" 2>mke2fs.log ||
		{ cat mke2fs.log >&2; return 1; }
	# Index the big directory as the kernel would (htree).
	e2fsck -fyD "$img" >/dev/null 2>&1 || [ $? -le 2 ]
	# Fill the free space with pieces, free every other one: the kernel
	# written then can only go into the holes.
	bs=$(dumpe2fs -h "$img" 2>/dev/null | awk -F: '/^Block size/ {print $2+0}')
	piece=$((bs > 40000 ? bs : 40000))
	yes gtaboot | head -c "$piece" >piece
	n=$(($(dumpe2fs -h "$img" 2>/dev/null | awk -F: '/^Block count/ {print $2+0}') * bs / piece))
	for i in $(seq 1 "$n"); do echo "write piece p$i"; done >cmds
	debugfs -w -f cmds "$img" >/dev/null 2>&1
	for i in $(seq 1 2 "$n"); do echo "rm p$i"; done >cmds
	debugfs -w -f cmds "$img" >/dev/null 2>&1
	debugfs -w -R "write frag.src frag" "$img" >/dev/null 2>&1
	{
		debugfs -R "stat /many" "$img" 2>/dev/null | grep -o 'Flags: 0x[0-9a-f]*' |
			sed 's/Flags: /many_flags=/'
		echo "extents=$(debugfs -R 'ex /frag' "$img" 2>/dev/null | grep -c '^ *1/ *1 ')"
		echo "depth=$(debugfs -R 'ex /frag' "$img" 2>/dev/null | awk 'NR==2 {print $2+0}')"
		debugfs -R "imap /data/small.bin" "$img" 2>/dev/null |
			sed -n 's/.*located at block \([0-9]*\), offset 0x\([0-9a-f]*\).*/small_inode_block=\1\nsmall_inode_off=0x\2/p'
		echo "frag_index_block=$(debugfs -R 'ex /frag' "$img" 2>/dev/null | awk 'NR==2 {print $8}')"
		echo "many_block1=$(debugfs -R 'bmap /many 1' "$img" 2>/dev/null)"
		echo "vm_extents=$(debugfs -R 'ex /boot/vmlinuz-6.1.0-57-armmp' "$img" 2>/dev/null |
			awk 'NR > 1 && $1 + 0 == $2 + 0 {n++} END {print n + 0}')"
		echo "bsize=$bs"
	} >"$name.info"
}

cp -a tree tree64
rm -rf tree64/many
mkimg ext2_1k 24 tree -t ext2 -b 1024 -I 128
mkimg ext3_4k 32 tree -t ext3 -b 4096
mkimg ext4_1k 24 tree -t ext4 -b 1024 -O ^metadata_csum,^64bit
mkimg ext4_csum 32 tree -t ext4 -b 4096 -O metadata_csum,64bit
mkimg ext4_csum_1k 24 tree -t ext4 -b 1024 -O metadata_csum,^64bit -I 1024
mkimg ext4_64k 48 tree64 -t ext4 -b 65536 -O metadata_csum,64bit
rm -rf cmds piece tree64 mke2fs.log
mv frag.src tree/frag
echo "$sum" >"$stamp"
