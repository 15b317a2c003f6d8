// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Creating a file or a symlink in an ext4 directory, or giving an existing
 * file new contents (the kernel's
 * Documentation/filesystems/ext4: block groups and their descriptors,
 * bitmaps, inodes, extents, linear directories, metadata checksums), for
 * U-Boot's ext4write and ln. Only what can be done safely is done; the
 * rest is refused by name before anything is written: a journal that
 * needs recovery (its replay would undo these writes), an error state,
 * features whose bookkeeping this does not keep (uninit_bg without
 * metadata_csum, bigalloc, meta_bg, quota, ...), file systems without
 * extents, htree directories, a full directory block, more than four
 * extents, a symlink over an existing name. Order for a new name: data, block bitmaps and descriptors,
 * inode bitmap and descriptor, the inode, and last the directory entry in
 * one sector write: into a directory block where the change (and its
 * checksum) is one sector, or a new block the directory's inode then
 * takes in with one sector write. A cut before that leaves at worst
 * blocks and an inode marked used that e2fsck gives back, never a change
 * to an existing file or directory. A replacement (replace()) commits with
 * the file's own inode, rewritten in one sector.
 */
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/fs/ext4.h"
#include "lib/fs/ext4_priv.h"
#include "lib/string.h"

#define LOG(fs, ...) do { if ((fs)->log) (fs)->log(__VA_ARGS__); } while (0)

#define BSIZE_MAX	4096u
#define EXTENTS_MAX	4u
#define EXTENT_LEN_MAX	32768u
#define FIXED_TIME	946684800u      /* 2000-01-01: no clock to read */

/* superblock features */
#define IN_FILETYPE	0x2
#define IN_RECOVER	0x4
#define IN_EXTENTS	0x40
#define IN_64BIT	0x80
#define IN_FLEX_BG	0x200
#define IN_LARGEDIR	0x4000
#define IN_CSUM_SEED	0x2000
#define IN_WRITABLE	(IN_FILETYPE | IN_RECOVER | IN_EXTENTS | IN_64BIT | IN_FLEX_BG | \
			 IN_CSUM_SEED | IN_LARGEDIR)
#define RO_GDT_CSUM	0x10
#define RO_METADATA_CSUM 0x400
/* sparse_super, large_file, huge_file, dir_nlink, extra_isize, metadata_csum,
 * orphan_file's ro part is refused (orphans present) */
#define RO_WRITABLE	(0x1 | 0x2 | 0x8 | 0x20 | 0x40 | RO_GDT_CSUM | RO_METADATA_CSUM)

/* group descriptor flags */
#define BG_INODE_UNINIT	0x1
#define BG_BLOCK_UNINIT	0x2

#define S_IFREG		0x8000
#define S_IFDIR		0x4000
#define S_IFLNK		0xa000
#define FL_INDEX	0x1000
#define FL_EXTENTS	0x80000
#define FL_INLINE	0x10000000

struct wctx {
	struct ext4_fs *fs;
	uint32_t bpg, ngroups, isize, first_ino;
	bool csum;
	uint8_t sb[1024];
	/* the allocation */
	uint32_t ext_start[EXTENTS_MAX], ext_len[EXTENTS_MAX], next;
	uint32_t ino, nblk;
	bool grow_itable;       /* the inode is the first past itable_unused */
	uint32_t skip;          /* a block find_blocks leaves (the directory's) */
};

static uint8_t blkbuf[BSIZE_MAX] __attribute__((aligned(4)));
static uint8_t gdsec[512] __attribute__((aligned(4)));
static uint8_t ibuf[512] __attribute__((aligned(4)));

static uint32_t le32(const uint8_t *p)
{
	return get_le32(p);
}

static int refuse(struct ext4_fs *fs, int err, const char *why)
{
	LOG(fs, "ext4: cannot write: %s\n", why);
	return err;
}

static uint64_t gd_sector(const struct wctx *w, uint32_t g)
{
	return ((uint64_t)(w->fs->first_block + 1) << w->fs->shift) + (g >> (9 - w->fs->gshift));
}

/* Group g's descriptor into gdsec; returns it, NULL after an error (*err). */
static uint8_t *gd_read(struct wctx *w, uint32_t g, int *err)
{
	*err = blk_read(w->fs->bd, gd_sector(w, g), 1, gdsec);
	return *err ? NULL : gdsec + ((g << w->fs->gshift) & 511);
}

static uint32_t gd_csum(const struct wctx *w, uint32_t g, uint8_t *d)
{
	uint8_t le[4];

	set_le16(d + 0x1e, 0);
	set_le32(le, g);
	return crc32c(crc32c(w->fs->seed, le, 4), d, 1u << w->fs->gshift) & 0xffff;
}

static int gd_write(struct wctx *w, uint32_t g, uint8_t *d)
{
	if (w->csum)
		set_le16(d + 0x1e, (uint16_t)gd_csum(w, g, d));
	return blk_write(w->fs->bd, gd_sector(w, g), 1, gdsec);
}

static bool big_gd(const struct wctx *w)
{
	return w->fs->gshift >= 6;
}

/* A 16-bit descriptor field and, in 64-byte descriptors, its high half. */
static uint32_t gd_get(const struct wctx *w, const uint8_t *d, unsigned lo, unsigned hi)
{
	return get_le16(d + lo) | (big_gd(w) ? (uint32_t)get_le16(d + hi) << 16 : 0);
}

static void gd_put16(const struct wctx *w, uint8_t *d, unsigned lo, unsigned hi, uint32_t v)
{
	set_le16(d + lo, (uint16_t)v);
	if (big_gd(w))
		set_le16(d + hi, (uint16_t)(v >> 16));
}

static int read_block(struct ext4_fs *fs, uint32_t b, uint8_t *buf)
{
	if (!b || b >= fs->blocks)
		return -EBADMSG;
	return blk_read(fs->bd, (uint64_t)b << fs->shift, 1u << fs->shift, buf);
}

static int write_block(struct ext4_fs *fs, uint32_t b, const uint8_t *buf)
{
	if (!b || b >= fs->blocks)
		return -EBADMSG;
	return blk_write(fs->bd, (uint64_t)b << fs->shift, 1u << fs->shift, buf);
}

/* The superblock, and whether this file system may be written. */
static int check_fs(struct wctx *w)
{
	struct ext4_fs *fs = w->fs;
	uint32_t incompat, ro;
	int ret = blk_read(fs->bd, 2, 2, w->sb);

	if (ret)
		return ret;
	incompat = le32(w->sb + 0x60);
	ro = le32(w->sb + 0x64);
	w->csum = ro & RO_METADATA_CSUM;
	w->bpg = le32(w->sb + 0x20);
	w->ngroups = (fs->blocks - fs->first_block - 1) / w->bpg + 1;
	w->isize = 1u << fs->ishift;
	w->first_ino = le32(w->sb + 0x4c) ? le32(w->sb + 0x54) : 11;
	if (incompat & IN_RECOVER)
		return refuse(fs, -EROFS, "the journal needs recovery (mount it in Linux first)");
	if (get_le16(w->sb + 0x3a) & 2)
		return refuse(fs, -EROFS, "the file system has errors (run e2fsck)");
	if (!(incompat & IN_EXTENTS) || !(incompat & IN_FILETYPE))
		return refuse(fs, -ENOTSUP, "no extents or file types (ext2/ext3)");
	if (incompat & ~IN_WRITABLE)
		return refuse(fs, -ENOTSUP, "an incompatible feature this writer does not keep "
			      "(meta_bg, mmp, inline_data, encrypt, casefold, ...)");
	if (ro & ~RO_WRITABLE)
		return refuse(fs, -ENOTSUP, "a read-only feature this writer does not keep "
			      "(bigalloc, quota, project, orphans, ...)");
	if ((ro & RO_GDT_CSUM) && !w->csum)
		return refuse(fs, -ENOTSUP, "uninit_bg without metadata_csum");
	if (fs->bsize > BSIZE_MAX || w->isize > 512 || le32(w->sb + 0x24) != w->bpg)
		return refuse(fs, -ENOTSUP, "block size over 4 KiB, inodes over 512 bytes or "
			      "bigalloc");
	return 0;
}

/* Free blocks for nblk: up to four runs (extents), first fit, groups whose
 * bitmap is on disk only. */
static int find_blocks(struct wctx *w)
{
	struct ext4_fs *fs = w->fs;
	uint32_t need = w->nblk;
	int ret;

	w->next = 0;
	for (uint32_t g = 0; g < w->ngroups && need; g++) {
		uint32_t base = fs->first_block + g * w->bpg;
		uint32_t n = MIN(w->bpg, fs->blocks - base);
		uint8_t *d = gd_read(w, g, &ret);

		if (!d)
			return ret;
		if ((get_le16(d + 0x12) & BG_BLOCK_UNINIT) || !gd_get(w, d, 0xc, 0x2c))
			continue;
		ret = read_block(fs, le32(d), blkbuf);
		if (ret)
			return ret;
		for (uint32_t i = 0; i < n && need; i++) {
			uint32_t k = w->next;

			if ((blkbuf[i / 8] & (1u << (i % 8))) || base + i == w->skip)
				continue;
			if (k && w->ext_start[k - 1] + w->ext_len[k - 1] == base + i &&
			    w->ext_len[k - 1] < EXTENT_LEN_MAX) {
				w->ext_len[k - 1]++;
			} else {
				if (k == EXTENTS_MAX)
					return refuse(fs, -ENOSPC, "the free space is too fragmented "
						      "(more than four extents)");
				w->ext_start[k] = base + i;
				w->ext_len[k] = 1;
				w->next++;
			}
			need--;
		}
	}
	return need ? refuse(fs, -ENOSPC, "not enough free blocks") : 0;
}

/* A free inode in an initialised part of an inode table. */
static int find_inode(struct wctx *w)
{
	struct ext4_fs *fs = w->fs;
	int ret;

	for (uint32_t g = 0; g < w->ngroups; g++) {
		uint8_t *d = gd_read(w, g, &ret);
		uint32_t used;

		if (!d)
			return ret;
		if ((get_le16(d + 0x12) & BG_INODE_UNINIT) || !gd_get(w, d, 0xe, 0x2e))
			continue;
		used = fs->ipg - (w->csum ? gd_get(w, d, 0x1c, 0x32) : 0);
		ret = read_block(fs, le32(d + 4), blkbuf);
		if (ret)
			return ret;
		/* the first inode past the initialised part will do too: the
		 * kernel's way, the unused count moved past it (no gap) */
		for (uint32_t i = 0; i <= used && i < fs->ipg; i++) {
			uint32_t ino = g * fs->ipg + i + 1;

			if (ino < w->first_ino || (blkbuf[i / 8] & (1u << (i % 8))))
				continue;
			w->ino = ino;
			w->grow_itable = i == used;
			return 0;
		}
	}
	return refuse(fs, -ENOSPC, "no free inode in an initialised inode table");
}

/* Marks [b, b + n) used (take) or free in its group's bitmap, then the
 * descriptor. */
static int mark_blocks(struct wctx *w, uint32_t b, uint32_t n, bool take)
{
	struct ext4_fs *fs = w->fs;
	uint32_t g = (b - fs->first_block) / w->bpg, i = (b - fs->first_block) % w->bpg;
	uint8_t *d;
	int ret;

	if (b <= fs->first_block || b >= fs->blocks || n > fs->blocks - b)
		return -EBADMSG;
	/* an extent may cross into the next group */
	if (i + n > w->bpg) {
		ret = mark_blocks(w, b, w->bpg - i, take);
		return ret ? ret : mark_blocks(w, b + (w->bpg - i), n - (w->bpg - i), take);
	}
	d = gd_read(w, g, &ret);
	if (!d)
		return ret;
	ret = read_block(fs, le32(d), blkbuf);
	if (ret)
		return ret;
	for (uint32_t k = i; k < i + n; k++) {
		if (take)
			blkbuf[k / 8] |= (uint8_t)(1u << (k % 8));
		else
			blkbuf[k / 8] &= (uint8_t)~(1u << (k % 8));
	}
	ret = write_block(fs, le32(d), blkbuf);
	if (ret)
		return ret;
	d = gd_read(w, g, &ret);
	if (!d)
		return ret;
	gd_put16(w, d, 0xc, 0x2c, gd_get(w, d, 0xc, 0x2c) + (take ? -n : n));
	if (w->csum)
		gd_put16(w, d, 0x18, 0x38, crc32c(fs->seed, blkbuf, w->bpg / 8));
	return gd_write(w, g, d);
}

static int take_blocks(struct wctx *w, uint32_t b, uint32_t n)
{
	return mark_blocks(w, b, n, true);
}

static int take_inode(struct wctx *w)
{
	struct ext4_fs *fs = w->fs;
	uint32_t g = (w->ino - 1) / fs->ipg, i = (w->ino - 1) % fs->ipg;
	uint8_t *d = gd_read(w, g, &(int){ 0 });
	int ret;

	if (!d)
		return -EIO;
	ret = read_block(fs, le32(d + 4), blkbuf);
	if (ret)
		return ret;
	blkbuf[i / 8] |= (uint8_t)(1u << (i % 8));
	ret = write_block(fs, le32(d + 4), blkbuf);
	if (ret)
		return ret;
	d = gd_read(w, g, &ret);
	if (!d)
		return ret;
	gd_put16(w, d, 0xe, 0x2e, gd_get(w, d, 0xe, 0x2e) - 1);
	if (w->grow_itable)
		gd_put16(w, d, 0x1c, 0x32, fs->ipg - i - 1);
	if (w->csum)
		gd_put16(w, d, 0x1a, 0x3a, crc32c(fs->seed, blkbuf, fs->ipg / 8));
	return gd_write(w, g, d);
}

/* The sector holding inode ino, read into ibuf: *sec, and *p the inode
 * in it (inodes of at most 512 bytes lie in one sector). */
static int inode_at(struct wctx *w, uint32_t ino, uint64_t *sec, uint8_t **p)
{
	struct ext4_fs *fs = w->fs;
	uint32_t g = (ino - 1) / fs->ipg, idx = (ino - 1) % fs->ipg, table;
	uint8_t *d;
	int ret;

	d = gd_read(w, g, &ret);
	if (!d)
		return ret;
	table = le32(d + 8) + (idx >> (fs->shift + 9 - fs->ishift));
	*sec = ((uint64_t)table << fs->shift) + (((idx << fs->ishift) & (fs->bsize - 1)) >> 9);
	*p = ibuf + ((idx << fs->ishift) & 511);
	return blk_read(fs->bd, *sec, 1, ibuf);
}

/* The inode's checksum (metadata_csum), then its sector written: one
 * sector, so a cut leaves the old inode or the new one. */
static int inode_put(struct wctx *w, uint32_t ino, uint64_t sec, uint8_t *p)
{
	uint8_t le[4];

	if (w->csum) {
		uint32_t seed, crc;

		set_le16(p + 0x7c, 0);
		if (w->isize > 128)
			set_le16(p + 0x82, 0);
		set_le32(le, ino);
		seed = crc32c(crc32c(w->fs->seed, le, 4), p + 0x64, 4);
		crc = crc32c(seed, p, w->isize);
		set_le16(p + 0x7c, (uint16_t)crc);
		if (w->isize > 128)
			set_le16(p + 0x82, (uint16_t)(crc >> 16));
	}
	return blk_write(w->fs->bd, sec, 1, ibuf);
}

/* The new inode: mode, size, extents (or a fast symlink's target). */
static int write_inode(struct wctx *w, uint16_t mode, const uint8_t *buf, uint32_t size)
{
	struct ext4_fs *fs = w->fs;
	uint64_t sec;
	uint8_t *p;
	int ret = inode_at(w, w->ino, &sec, &p);

	if (ret)
		return ret;
	memset(p, 0, w->isize);
	set_le16(p, mode);
	set_le32(p + 4, size);
	set_le32(p + 0x8, FIXED_TIME);
	set_le32(p + 0xc, FIXED_TIME);
	set_le32(p + 0x10, FIXED_TIME);
	set_le16(p + 0x1a, 1);                                   /* links */
	set_le32(p + 0x1c, w->nblk << (fs->shift));              /* 512-byte units */
	if ((mode & 0xf000) == S_IFLNK && size < 60) {
		memcpy(p + 0x28, buf, size);                     /* a fast symlink */
	} else {
		uint8_t *h = p + 0x28;

		set_le32(p + 0x20, FL_EXTENTS);
		set_le16(h, 0xf30a);
		set_le16(h + 2, (uint16_t)w->next);
		set_le16(h + 4, EXTENTS_MAX);
		for (uint32_t k = 0, lb = 0; k < w->next; lb += w->ext_len[k], k++) {
			uint8_t *e = h + 12 + 12 * k;

			set_le32(e, lb);
			set_le16(e + 4, (uint16_t)w->ext_len[k]);
			set_le32(e + 8, w->ext_start[k]);
		}
	}
	if (w->isize > 128)
		set_le16(p + 0x80, 32);
	return inode_put(w, w->ino, sec, p);
}

/* The data, whole blocks, the last zero-padded. */
static int write_data(struct wctx *w, const uint8_t *buf, uint32_t size)
{
	struct ext4_fs *fs = w->fs;
	uint32_t off = 0;
	int ret;

	for (uint32_t k = 0; k < w->next; k++) {
		for (uint32_t i = 0; i < w->ext_len[k]; i++, off += fs->bsize) {
			const uint8_t *src = buf + off;

			if (size - off < fs->bsize) {
				memset(blkbuf, 0, fs->bsize);
				memcpy(blkbuf, buf + off, size - off);
				src = blkbuf;
			}
			ret = write_block(fs, w->ext_start[k] + i, src);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* A place in dir's blocks for an entry of need bytes where the change is
 * one sector (with metadata_csum, the block's last: it holds the
 * checksum), so that its write is all or nothing: *blk, and *off of the
 * entry whose slack takes it. -ENOENT when there is none. */
static int find_slot(struct wctx *w, const struct ext4_inode *dir, uint32_t need, uint32_t *blk,
		     uint32_t *off)
{
	struct ext4_fs *fs = w->fs;
	uint32_t nblk = dir->size / fs->bsize, end = fs->bsize - (w->csum ? 12 : 0);
	int ret;

	for (uint32_t lb = 0; lb < nblk; lb++) {
		uint32_t pb, len;

		ret = ext4_map(fs, dir, lb, &pb, &len);
		if (!ret && pb)
			ret = read_block(fs, pb, blkbuf);
		if (ret)
			return ret;
		if (!pb)
			continue;
		for (uint32_t o = 0, rl; o < end; o += rl) {
			const uint8_t *e = blkbuf + o;
			uint32_t used = le32(e) ? (8u + e[6] + 3) & ~3u : 0, last = o + used + need - 1;

			rl = get_le16(e + 4);
			if (rl < 8 || (rl & 3) || rl > end - o)
				return refuse(fs, -EBADMSG, "a corrupt directory block");
			if (rl - used < need || o / 512 != last / 512 ||
			    (w->csum && o / 512 != (fs->bsize - 1) / 512))
				continue;
			*blk = pb;
			*off = o;
			return 0;
		}
	}
	return -ENOENT;
}

/* The entry written into the slot find_slot found: that one sector. */
static int put_dirent(struct wctx *w, const struct ext4_inode *dir, const char *name,
		      uint8_t type, uint32_t blk, uint32_t off)
{
	struct ext4_fs *fs = w->fs;
	uint32_t len = (uint32_t)strlen(name), rl, used;
	uint8_t *e;
	int ret = read_block(fs, blk, blkbuf);

	if (ret)
		return ret;
	e = blkbuf + off;
	rl = get_le16(e + 4);
	used = le32(e) ? (8u + e[6] + 3) & ~3u : 0;
	if (used) {
		set_le16(e + 4, (uint16_t)used);
		e += used;
	}
	set_le32(e, w->ino);
	set_le16(e + 4, (uint16_t)(rl - used));
	e[6] = (uint8_t)len;
	e[7] = type;
	memcpy(e + 8, name, len);
	if (w->csum)
		set_le32(blkbuf + fs->bsize - 4, crc32c(dir->seed, blkbuf, fs->bsize - 12));
	return blk_write(fs->bd, ((uint64_t)blk << fs->shift) + off / 512, 1,
			 blkbuf + off / 512 * 512);
}

/* No slot: a new directory block holding only the entry (and the
 * checksum tail), its block taken, then the directory's inode grown by it
 * in one sector write (its last extent lengthened, or one more extent in
 * the inode). */
static int grow_dir(struct wctx *w, const struct ext4_inode *dir, const char *name, uint8_t type,
		    uint32_t blk)
{
	struct ext4_fs *fs = w->fs;
	uint32_t len = (uint32_t)strlen(name), end = fs->bsize - (w->csum ? 12 : 0), n, lb;
	uint8_t *p, *h, *e;
	uint64_t sec;
	int ret;

	/* The entry goes into the block's last sector, behind an empty entry
	 * (inode 0) over the others: the next names then fit that sector
	 * (find_slot's one-sector rule) instead of each taking a block. */
	memset(blkbuf, 0, fs->bsize);
	e = blkbuf + fs->bsize - 512;
	if (e != blkbuf)
		set_le16(blkbuf + 4, (uint16_t)(fs->bsize - 512));
	set_le32(e, w->ino);
	set_le16(e + 4, (uint16_t)(end - (fs->bsize - 512)));
	e[6] = (uint8_t)len;
	e[7] = type;
	memcpy(e + 8, name, len);
	if (w->csum) {
		set_le16(blkbuf + end + 4, 12);
		blkbuf[end + 7] = 0xde;
		set_le32(blkbuf + fs->bsize - 4, crc32c(dir->seed, blkbuf, fs->bsize - 12));
	}
	ret = write_block(fs, blk, blkbuf);
	if (!ret)
		ret = take_blocks(w, blk, 1);
	if (!ret)
		ret = inode_at(w, dir->ino, &sec, &p);
	if (ret)
		return ret;
	h = p + 0x28;
	n = get_le16(h + 2);
	lb = dir->size / fs->bsize;
	e = h + 12 + 12 * (n - 1);
	if (n && le32(e + 8) + get_le16(e + 4) == blk && get_le16(e + 4) < EXTENT_LEN_MAX &&
	    le32(e) + get_le16(e + 4) == lb && !get_le16(e + 6)) {
		set_le16(e + 4, (uint16_t)(get_le16(e + 4) + 1));
	} else {
		e = h + 12 + 12 * n;
		memset(e, 0, 12);
		set_le32(e, lb);
		set_le16(e + 4, 1);
		set_le32(e + 8, blk);
		set_le16(h + 2, (uint16_t)(n + 1));
	}
	set_le32(p + 4, le32(p + 4) + fs->bsize);
	set_le32(p + 0x1c, le32(p + 0x1c) + (1u << fs->shift));
	return inode_put(w, dir->ino, sec, p);
}

/* The block after the directory's last extent when it is free (0 when
 * not): growing into it keeps the directory in few extents. */
static uint32_t next_free(struct wctx *w, const struct ext4_inode *dir)
{
	struct ext4_fs *fs = w->fs;
	const uint8_t *h = dir->iblock, *e;
	uint32_t n = get_le16(h + 2), b, g, i;
	uint8_t *d;
	int ret;

	if (!n)
		return 0;
	e = h + 12 + 12 * (n - 1);
	b = le32(e + 8) + get_le16(e + 4);
	if (get_le16(e + 6) || le32(e) + get_le16(e + 4) != dir->size / fs->bsize ||
	    get_le16(e + 4) >= EXTENT_LEN_MAX || b >= fs->blocks || b <= fs->first_block)
		return 0;
	g = (b - fs->first_block) / w->bpg;
	i = (b - fs->first_block) % w->bpg;
	d = gd_read(w, g, &ret);
	if (!d || (get_le16(d + 0x12) & BG_BLOCK_UNINIT) || read_block(fs, le32(d), blkbuf))
		return 0;
	return blkbuf[i / 8] & (1u << (i % 8)) ? 0 : b;
}

/* The first block of the last free run: where a directory grows into a
 * new extent, far from first-fit file data, so that its next growths find
 * the block after it free. 0 when there is no free block. */
static uint32_t last_run(struct wctx *w)
{
	struct ext4_fs *fs = w->fs;
	int ret;

	for (uint32_t g = w->ngroups; g-- > 0;) {
		uint32_t base = fs->first_block + g * w->bpg, n = MIN(w->bpg, fs->blocks - base);
		uint8_t *d = gd_read(w, g, &ret);

		if (!d || (get_le16(d + 0x12) & BG_BLOCK_UNINIT) || !gd_get(w, d, 0xc, 0x2c) ||
		    read_block(fs, le32(d), blkbuf))
			continue;
		for (uint32_t i = n; i-- > 0;) {
			if (blkbuf[i / 8] & (1u << (i % 8)))
				continue;
			while (i > 0 && !(blkbuf[(i - 1) / 8] & (1u << ((i - 1) % 8))))
				i--;
			return base + i;
		}
	}
	return 0;
}

/* Whether the directory can grow by one more block in its inode. */
static int can_grow(struct wctx *w, const struct ext4_inode *dir)
{
	const uint8_t *h = dir->iblock;

	if (!(dir->flags & FL_EXTENTS) || get_le16(h) != 0xf30a || get_le16(h + 6) ||
	    get_le16(h + 4) != EXTENTS_MAX || dir->size % w->fs->bsize)
		return refuse(w->fs, -ENOTSUP, "the directory is full and not extent-mapped "
			      "at depth 0");
	w->skip = next_free(w, dir);
	if (!w->skip && get_le16(h + 2) >= EXTENTS_MAX)
		return refuse(w->fs, -ENOSPC, "the directory is full and has four extents");
	if (!w->skip)
		w->skip = last_run(w);
	return w->skip ? 0 : refuse(w->fs, -ENOSPC, "not enough free blocks");
}

/*
 * An existing regular file (extents at depth 0) given new contents: the
 * new data in new blocks, taken; then its inode rewritten in place (one
 * sector: the commit) with the new extents and size; then the old blocks
 * given back. A cut leaves the old file or the new one, at worst with
 * blocks marked used that e2fsck frees.
 */
static int replace(struct wctx *w, const struct ext4_inode *old, const void *buf, uint32_t size)
{
	struct ext4_fs *fs = w->fs;
	uint32_t n = get_le16(old->iblock + 2);
	uint8_t *p, *h;
	uint64_t sec;
	int ret;

	if ((old->mode & 0xf000) != S_IFREG)
		return refuse(fs, -EISDIR, "the name exists and is not a regular file");
	if (!(old->flags & FL_EXTENTS) || get_le16(old->iblock) != 0xf30a ||
	    get_le16(old->iblock + 6) || n > EXTENTS_MAX)
		return refuse(fs, -ENOTSUP, "the existing file is not extent-mapped at depth 0 "
			      "(remove it in Linux first)");
	w->ino = old->ino;
	w->nblk = (uint32_t)(((uint64_t)size + fs->bsize - 1) / fs->bsize);
	ret = find_blocks(w);
	if (!ret)
		ret = write_data(w, buf, size);
	for (uint32_t k = 0; !ret && k < w->next; k++)
		ret = take_blocks(w, w->ext_start[k], w->ext_len[k]);
	if (!ret)
		ret = inode_at(w, old->ino, &sec, &p);
	if (ret)
		return ret;
	/* the inode as it is on disk now (the lookup's copy may be older) */
	h = p + 0x28;
	if (memcmp(h, old->iblock, sizeof(old->iblock)))
		return refuse(fs, -EBADMSG, "the file changed under the writer");
	set_le32(p + 4, size);
	set_le32(p + 0x6c, 0);
	set_le32(p + 0xc, FIXED_TIME);
	set_le32(p + 0x10, FIXED_TIME);
	set_le32(p + 0x1c, w->nblk << fs->shift);
	set_le16(p + 0x74, 0);
	set_le32(p + 0x20, (le32(p + 0x20) & ~0x40000u) | FL_EXTENTS); /* not huge_file units */
	memset(h, 0, 60);
	set_le16(h, 0xf30a);
	set_le16(h + 2, (uint16_t)w->next);
	set_le16(h + 4, EXTENTS_MAX);
	for (uint32_t k = 0, lb = 0; k < w->next; lb += w->ext_len[k], k++) {
		uint8_t *e = h + 12 + 12 * k;

		set_le32(e, lb);
		set_le16(e + 4, (uint16_t)w->ext_len[k]);
		set_le32(e + 8, w->ext_start[k]);
	}
	ret = inode_put(w, old->ino, sec, p);
	/* the old blocks back (an unwritten extent's length is over 32768) */
	for (uint32_t k = 0; !ret && k < n; k++) {
		const uint8_t *e = old->iblock + 12 + 12 * k;
		uint32_t len = get_le16(e + 4);

		if (get_le16(e + 6))
			continue;       /* above 2^32: not on this partition */
		ret = mark_blocks(w, le32(e + 8), len > EXTENT_LEN_MAX ? len - EXTENT_LEN_MAX : len,
				  false);
	}
	fs->node_blk = 0;
	return ret;
}

static int create(struct ext4_fs *fs, const char *path, const void *buf, uint32_t size,
		  uint16_t mode, uint8_t type)
{
	static struct wctx w;
	struct ext4_inode dir, old;
	char parent[EXT4_PATH_MAX];
	uint32_t slot_blk = 0, slot_off = 0, dir_blk = 0;
	const char *base;
	bool grow;
	size_t plen;
	int ret;

	memset(&w, 0, sizeof(w));
	w.fs = fs;
	ret = check_fs(&w);
	if (ret)
		return ret;
	for (base = path + strlen(path); base > path && base[-1] != '/'; base--)
		;
	plen = (size_t)(base - path);
	if (plen >= sizeof(parent))
		return -ENAMETOOLONG;
	memcpy(parent, path, plen);
	parent[plen] = 0;
	if (!*base || strlen(base) > 255 || !strcmp(base, ".") || !strcmp(base, ".."))
		return refuse(fs, -EINVAL, "not a file name");
	ret = ext4_lookup(fs, parent, &dir);
	if (ret)
		return ret;
	if ((dir.mode & 0xf000) != S_IFDIR)
		return -ENOTDIR;
	if (dir.flags & (FL_INDEX | FL_INLINE))
		return refuse(fs, -ENOTSUP, "an htree or inline directory (only linear "
			      "directories are written)");
	ret = ext4_lookup(fs, path, &old);
	if (!ret && type == 1)
		return replace(&w, &old, buf, size);
	if (!ret)
		return refuse(fs, -EEXIST, "the name exists");
	if (ret != -ENOENT)
		return ret;
	/* everything is known to fit before the first write: a slot in the
	 * directory or a block (taken from the end of the allocation) to
	 * grow it by */
	ret = find_slot(&w, &dir, (8 + (uint32_t)strlen(base) + 3) & ~3u, &slot_blk, &slot_off);
	grow = ret == -ENOENT;
	if (grow)
		ret = can_grow(&w, &dir);
	if (ret)
		return ret;
	/* a fast symlink keeps its target in the inode */
	w.nblk = (mode & 0xf000) == S_IFLNK && size < 60 ? 0 :
		 (uint32_t)(((uint64_t)size + fs->bsize - 1) / fs->bsize);
	dir_blk = w.skip;
	ret = find_blocks(&w);
	if (!ret)
		ret = find_inode(&w);
	if (!ret)
		ret = write_data(&w, buf, size);
	for (uint32_t k = 0; !ret && k < w.next; k++)
		ret = take_blocks(&w, w.ext_start[k], w.ext_len[k]);
	if (!ret)
		ret = take_inode(&w);
	/* The superblock's free counts are left alone: the kernel and e2fsck
	 * take them from the group descriptors (e2fsck -fn says nothing),
	 * and its 1024 bytes span two sectors a cut could tear apart. */
	if (!ret)
		ret = write_inode(&w, mode, buf, size);
	if (!ret)
		ret = grow ? grow_dir(&w, &dir, base, type, dir_blk) :
		      put_dirent(&w, &dir, base, type, slot_blk, slot_off);
	fs->node_blk = 0;       /* the reader's caches may hold old blocks */
	return ret;
}

int ext4_write_file(struct ext4_fs *fs, const char *path, const void *buf, uint32_t size)
{
	return create(fs, path, buf, size, S_IFREG | 0644, 1);
}

int ext4_symlink(struct ext4_fs *fs, const char *target, const char *path)
{
	size_t len = strlen(target);

	if (!len || len >= EXT4_PATH_MAX)
		return refuse(fs, -EINVAL, "a symlink target of 1 to 1023 bytes");
	return create(fs, path, target, (uint32_t)len, S_IFLNK | 0777, 7);
}
