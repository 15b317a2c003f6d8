// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A root-directory file of the FAT12/16/32 volume the ROM boots from (the
 * active partition, or the whole card when it has no MBR), read in runs of
 * contiguous clusters (Microsoft FAT specification: BPB fields, FAT type by
 * cluster count, directory entries; MBR partition table; docs/rom.md). Used by the
 * hot part to read the rest of its own MLO; see lib/fs/fatmlo.h.
 */
#include "lib/fs/fatmlo.h"

#include <stdbool.h>

#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define SECTOR 512u
/* a root directory longer than this many clusters is damage (FAT32) */
#define MAX_DIR_CLUSTERS 4096u

struct vol {
	fatmlo_read_fn rd;
	void *ctx;
	uint8_t *sec;
	int bits;
	uint32_t fat_lba, data_lba, spc, nclusters, fat_sector;
};

static int read1(struct vol *v, uint32_t lba)
{
	if (v->fat_sector == lba)
		return 0;
	v->fat_sector = ~0u;
	int err = v->rd(v->ctx, lba, 1, v->sec);

	if (!err)
		v->fat_sector = lba;
	return err;
}

/* The FAT entry of cluster cl: the next cluster, or 0 at the chain's end
 * or for anything that is not a data cluster. */
static int64_t next_cluster(struct vol *v, uint32_t cl)
{
	uint32_t off, e;
	int err;

	if (v->bits == 12) {
		uint8_t lo;

		off = cl + cl / 2;
		err = read1(v, v->fat_lba + off / SECTOR);
		if (err)
			return err;
		lo = v->sec[off % SECTOR];
		if (off % SECTOR == SECTOR - 1) {
			err = read1(v, v->fat_lba + off / SECTOR + 1);
			if (err)
				return err;
			e = lo | (uint32_t)v->sec[0] << 8;
		} else {
			e = lo | (uint32_t)v->sec[off % SECTOR + 1] << 8;
		}
		e = cl & 1 ? e >> 4 : e & 0xFFF;
	} else {
		off = cl * (uint32_t)(v->bits / 8);
		err = read1(v, v->fat_lba + off / SECTOR);
		if (err)
			return err;
		e = v->bits == 16 ? get_le16(v->sec + off % SECTOR)
				  : get_le32(v->sec + off % SECTOR) & 0x0FFFFFFF;
	}
	return e >= 2 && e < v->nclusters + 2 ? e : 0;
}

static uint32_t cluster_lba(const struct vol *v, uint32_t cl)
{
	return v->data_lba + (cl - 2) * v->spc;
}

/* Sector 0 read as a FAT boot sector: 512-byte sectors and a media
 * descriptor (F0, F8-FF) where a BPB has them; mount() checks the rest.
 * Then the card has no MBR: it is "floppy-like", one file system from
 * sector 0, which the ROM boots too (docs/rom.md). */
static bool is_boot_sector(const uint8_t *s)
{
	return get_le16(s + 11) == SECTOR && (s[21] == 0xF0 || s[21] >= 0xF8);
}

/* Mount the volume the ROM boots from: sector 0 of a floppy-like card, or
 * the first active primary FAT partition of the MBR. */
static int mount(struct vol *v, uint32_t *root_lba, uint32_t *root_sectors, uint32_t *root_cl)
{
	static const uint8_t fat_types[] = { 0x01, 0x04, 0x06, 0x0B, 0x0C, 0x0E };
	uint8_t *s = v->sec;
	uint32_t part = 0, bps, rsvd, nfats, rootents, total, fatsz, meta;
	bool found = false;
	int err = read1(v, 0);

	if (err)
		return err;
	if (s[510] != 0x55 || s[511] != 0xAA)
		return -ENOENT;
	found = is_boot_sector(s);
	for (int i = 0; i < 4 && !found; i++) {
		const uint8_t *p = s + 446 + 16 * i;

		if (p[0] == 0x80 && memchr(fat_types, p[4], sizeof(fat_types))) {
			part = get_le32(p + 8);
			found = true;
		}
	}
	if (!found)
		return -ENOENT;
	err = read1(v, part);
	if (err)
		return err;
	bps = get_le16(s + 11);
	v->spc = s[13];
	rsvd = get_le16(s + 14);
	nfats = s[16];
	rootents = get_le16(s + 17);
	total = get_le16(s + 19) ? get_le16(s + 19) : get_le32(s + 32);
	fatsz = get_le16(s + 22) ? get_le16(s + 22) : get_le32(s + 36);
	if (s[510] != 0x55 || s[511] != 0xAA || bps != SECTOR || !v->spc ||
	    (v->spc & (v->spc - 1)) || !rsvd || !nfats || nfats > 4 || !fatsz ||
	    fatsz > 0x01000000u)
		return -EBADMSG;
	*root_sectors = (rootents * 32 + SECTOR - 1) / SECTOR;
	meta = rsvd + nfats * fatsz + *root_sectors;
	if (total <= meta || (uint64_t)part + total > 0xFFFFFFFFu)
		return -EBADMSG;
	v->fat_lba = part + rsvd;
	*root_lba = v->fat_lba + nfats * fatsz;
	v->data_lba = *root_lba + *root_sectors;
	v->nclusters = (total - meta) / v->spc;
	v->bits = v->nclusters < 4085 ? 12 : v->nclusters < 65525 ? 16 : 32;
	/* the FAT must describe every cluster */
	if ((uint64_t)(v->nclusters + 2) * (v->bits == 12 ? 3 : v->bits / 4) >
	    (uint64_t)fatsz * SECTOR * 2)
		return -EBADMSG;
	*root_cl = 0;
	if (v->bits == 32) {
		*root_cl = get_le32(s + 44);
		if (*root_cl < 2 || *root_cl >= v->nclusters + 2)
			return -EBADMSG;
	}
	return 0;
}

/* The entry's first cluster and size, from the root directory. */
static int find(struct vol *v, const char name83[11], uint32_t *first, uint32_t *size)
{
	uint32_t lba, nsec, cl;
	int err = mount(v, &lba, &nsec, &cl);

	if (err)
		return err;
	for (uint32_t hops = 0;; hops++) {
		if (cl)
			lba = cluster_lba(v, cl), nsec = v->spc;
		for (uint32_t i = 0; i < nsec; i++) {
			err = read1(v, lba + i);
			if (err)
				return err;
			for (unsigned e = 0; e < SECTOR; e += 32) {
				const uint8_t *d = v->sec + e;

				if (d[0] == 0)
					return -ENOENT;
				if (d[0] == 0xE5 || (d[11] & 0x18) || d[11] == 0x0F ||
				    memcmp(d, name83, 11))
					continue;
				*first = get_le16(d + 26) |
					 (v->bits == 32 ? (uint32_t)get_le16(d + 20) << 16 : 0);
				*size = get_le32(d + 28);
				return 0;
			}
		}
		if (!cl || hops >= MAX_DIR_CLUSTERS)
			return -ENOENT;
		int64_t n = next_cluster(v, cl);

		if (n < 0)
			return (int)n;
		if (!n)
			return -ENOENT;
		cl = (uint32_t)n;
	}
}

int fatmlo_read(fatmlo_read_fn rd, void *ctx, const char name83[11], uint32_t off,
		uint32_t len, uint8_t *dst, uint8_t *sec)
{
	struct vol v = { .rd = rd, .ctx = ctx, .sec = sec, .fat_sector = ~0u };
	uint32_t first = 0, size = 0, csize, pos, end = off + len, run_lba = 0, run_n = 0;
	uint8_t *run_dst = dst;
	int64_t cl;
	int err;

	if (off % SECTOR || end < off)
		return -EINVAL;
	err = find(&v, name83, &first, &size);
	if (err)
		return err;
	if (size < end)
		return -ERANGE;
	if (!len)
		return 0;
	csize = v.spc * SECTOR;
	cl = first;
	/* Walk the chain from the file's start; read [off, end) in runs of
	 * clusters that follow each other on the card. */
	for (pos = 0; pos < end; pos += csize) {
		uint32_t a, b, lba, n;

		if (cl < 2 || cl >= (int64_t)v.nclusters + 2)
			return -EBADMSG;
		if (pos + csize > off) {
			a = pos < off ? off - pos : 0;
			b = MIN(csize, end - pos);
			lba = cluster_lba(&v, (uint32_t)cl) + a / SECTOR;
			n = (b - a + SECTOR - 1) / SECTOR;
			if (run_n && run_lba + run_n == lba) {
				run_n += n;
			} else {
				if (run_n) {
					err = rd(ctx, run_lba, run_n, run_dst);
					if (err)
						return err;
					run_dst += run_n * SECTOR;
				}
				run_lba = lba;
				run_n = n;
			}
		}
		if (pos + csize < end) {
			cl = next_cluster(&v, (uint32_t)cl);
			if (cl < 0)
				return (int)cl;
			if (!cl)
				return -EBADMSG;    /* chain shorter than the size */
		}
	}
	return rd(ctx, run_lba, run_n, run_dst);
}
