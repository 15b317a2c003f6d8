// SPDX-License-Identifier: GPL-2.0-or-later
/* ext2/3/4 reads at any offset through an open handle (ext4_open,
 * ext4_read_at), on lib/fs/ext4.c's lookup and block mapping. A file of
 * its own: UEFI's file protocol reads this way; the MLO's boot path reads
 * whole files (ext4.c). */
#include "lib/fs/ext4.h"
#include "lib/fs/ext4_priv.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define LOG(fs, ...) do { if ((fs)->log) (fs)->log(__VA_ARGS__); } while (0)

int ext4_open(struct ext4_fs *fs, const char *path, struct ext4_file *f)
{
	int ret = ext4_lookup(fs, path, &f->in);

	if (ret)
		return ret;
	f->is_dir = (f->in.mode & 0xf000) == 0x4000;
	/* ext4_map refuses what this reader cannot follow (encrypted,
	 * compressed, inline data) and a bad extent root: say so at open. */
	return f->is_dir ? 0 : ext4_map(fs, &f->in, 0, &(uint32_t){ 0 }, &(uint32_t){ 0 });
}

int ext4_read_at(struct ext4_fs *fs, struct ext4_file *f, uint64_t off, void *buf, size_t len,
		 size_t *got)
{
	uint32_t bshift = fs->shift + 9u, lb, boff, pb, blen, pb2, blen2;
	uint64_t n, span, take;
	uint8_t *o = buf;
	int ret;

	*got = 0;
	if (f->is_dir)
		return -EISDIR;
	if (off >= f->in.size)
		return 0;
	n = MIN((uint64_t)len, f->in.size - off);
	while (n) {
		lb = (uint32_t)(off >> bshift);
		boff = (uint32_t)off & (fs->bsize - 1);
		ret = ext4_map(fs, &f->in, lb, &pb, &blen);
		if (ret)
			return ret;
		blen = MAX(blen, 1u);
		span = ((uint64_t)blen << bshift) - boff;
		/* Mapped runs that follow on the device join one read. */
		while (pb && span < n && lb + blen > lb) {
			ret = ext4_map(fs, &f->in, lb + blen, &pb2, &blen2);
			if (ret)
				return ret;
			if (!pb2 || pb2 != pb + blen)
				break;
			blen2 = MAX(blen2, 1u);
			blen += blen2;
			span += (uint64_t)blen2 << bshift;
		}
		take = MIN(span, n);
		if (!pb) {
			memset(o, 0, (size_t)take);
		} else {
			uint64_t nb = (boff + take + fs->bsize - 1) >> bshift;

			if (pb >= fs->blocks || nb > fs->blocks - pb) {
				LOG(fs, "ext4: inode %u: block %u out of range\n",
				    (unsigned)f->in.ino, (unsigned)pb);
				return -EBADMSG;
			}
			ret = blk_read_bytes(fs->bd, ((uint64_t)pb << fs->shift) + (boff >> 9),
					     boff & 511, o, (size_t)take, fs->blk);
			if (ret)
				return ret;
		}
		o += take;
		off += take;
		n -= take;
		*got += (size_t)take;
	}
	return 0;
}
