// SPDX-License-Identifier: GPL-2.0-or-later
/* FAT reads at any offset through an open handle (fat_open, fat_read_at):
 * the chain position of the last read is kept, so reads in order walk
 * the chain once. A file of its own: UEFI's file protocol reads this way;
 * the MLO's boot path reads whole files (fat.c). */
#include "lib/fs/fat.h"
#include "lib/fs/fat_priv.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define LOG(fs, ...) do { if ((fs)->log) (fs)->log(__VA_ARGS__); } while (0)
#define SECTOR		512u

int fat_open(struct fat_fs *fs, const char *path, struct fat_file *f)
{
	uint32_t cshift = fs->spc_shift + 9u;
	struct fat_stat st;
	int ret = fat_stat(fs, path, &st);

	if (ret)
		return ret;
	f->size = st.size;
	f->first = st.cluster;
	f->is_dir = st.is_dir;
	f->idx = 0;
	fat_chain_init(&f->ch, st.cluster);
	if (!st.is_dir && st.size &&
	    (!fat_cluster_ok(fs, st.cluster) ||
	     (((uint64_t)st.size - 1) >> cshift) >= fs->nclusters)) {
		LOG(fs, "fat: file of %u bytes at cluster %u does not fit the volume\n",
		    (unsigned)st.size, (unsigned)st.cluster);
		return -EBADMSG;
	}
	return 0;
}

/* Moves f's chain position to its cluster number idx: on from where the
 * last read left it, or from the start for an earlier cluster. */
static int file_seek(struct fat_fs *fs, struct fat_file *f, uint32_t idx)
{
	int ret;

	if (idx < f->idx) {
		fat_chain_init(&f->ch, f->first);
		f->idx = 0;
	}
	while (f->idx < idx) {
		ret = fat_chain_next(fs, &f->ch);
		if (ret < 0)
			return ret;
		if (!ret) {
			LOG(fs, "fat: chain ends after %u clusters, file size %u needs more\n",
			    (unsigned)(f->idx + 1), (unsigned)f->size);
			return -EBADMSG;
		}
		f->idx++;
	}
	return 0;
}

int fat_read_at(struct fat_fs *fs, struct fat_file *f, uint64_t off, void *buf, size_t len,
		size_t *got)
{
	uint32_t cshift = fs->spc_shift + 9, csize = 1u << cshift;
	uint8_t *o = buf;
	uint64_t n, span, take;
	int ret;

	*got = 0;
	if (f->is_dir)
		return -EISDIR;
	if (off >= f->size)
		return 0;
	n = MIN((uint64_t)len, f->size - off);
	while (n) {
		uint32_t in = (uint32_t)off & (csize - 1), prev;
		uint64_t sec;

		ret = file_seek(fs, f, (uint32_t)(off >> cshift));
		if (ret)
			return ret;
		sec = fat_cluster_sector(fs, f->ch.cur) + (in >> 9);
		span = csize - in;
		/* Clusters that follow on the card join one read. */
		while (span < n) {
			prev = f->ch.cur;
			ret = file_seek(fs, f, f->idx + 1);
			if (ret)
				return ret;
			if (f->ch.cur != prev + 1)
				break;
			span += csize;
		}
		take = MIN(span, n);
		ret = blk_read_bytes(fs->bd, sec, in & (SECTOR - 1), o, (size_t)take, fs->sec);
		if (ret)
			return ret;
		o += take;
		off += take;
		n -= take;
		*got += (size_t)take;
	}
	return 0;
}
