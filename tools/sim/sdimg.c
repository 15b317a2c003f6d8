// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the boot ROM's SD card reader, on the image file: a
 * root-directory file on FAT12/16/32, on a card with an MBR (the active FAT
 * partition) or without one (floppy-like: the file system at sector 0), as
 * the OMAP35x/DM37x TRM chapter 26 "Initialization", MMC/SD booting in FAT
 * mode, describes (quoted in docs/rom.md). The FAT type follows the cluster count (Microsoft FAT spec:
 * < 4085 FAT12, < 65525 FAT16, else FAT32).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/sim/sdimg.h"

static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

int sdimg_open(struct sdimg *img, const char *path)
{
	struct stat st;

	memset(img, 0, sizeof(*img));
	img->fd = open(path, O_RDONLY);
	if (img->fd < 0)
		return -1;
	if (fstat(img->fd, &st)) {
		close(img->fd);
		return -1;
	}
	img->size = (uint64_t)st.st_size;
	return 0;
}

void sdimg_close(struct sdimg *img)
{
	if (img->fd >= 0)
		close(img->fd);
	img->fd = -1;
}

int sdimg_sector(struct sdimg *img, uint64_t lba, uint8_t buf[512])
{
	if ((lba + 1) * 512 > img->size)
		return -1;
	img->sectors_read++;
	return pread(img->fd, buf, 512, (off_t)(lba * 512)) == 512 ? 0 : -1;
}

struct fat {
	struct sdimg *img;
	int bits;                 /* 12, 16, 32 */
	uint64_t fat_lba, data_lba, root_lba;
	uint32_t spc, root_sectors, root_cluster, nclusters;
};

static int64_t fat_next(struct fat *f, uint32_t cl)
{
	uint8_t sec[512], sec2[512];
	uint64_t off;
	uint32_t v;

	if (f->bits == 12) {
		off = cl + cl / 2;
		if (sdimg_sector(f->img, f->fat_lba + off / 512, sec))
			return -1;
		if (off % 512 == 511) {
			if (sdimg_sector(f->img, f->fat_lba + off / 512 + 1, sec2))
				return -1;
			v = sec[511] | sec2[0] << 8;
		} else {
			v = le16(sec + off % 512);
		}
		v = cl & 1 ? v >> 4 : v & 0xFFF;
		return v >= 0xFF8 ? -1 : (int64_t)v;
	}
	off = (uint64_t)cl * (f->bits / 8);
	if (sdimg_sector(f->img, f->fat_lba + off / 512, sec))
		return -1;
	if (f->bits == 16) {
		v = le16(sec + off % 512);
		return v >= 0xFFF8 ? -1 : (int64_t)v;
	}
	v = le32(sec + off % 512) & 0x0FFFFFFF;
	return v >= 0x0FFFFFF8 ? -1 : (int64_t)v;
}

static uint64_t cluster_lba(struct fat *f, uint32_t cl)
{
	return f->data_lba + (uint64_t)(cl - 2) * f->spc;
}

static bool valid_cluster(struct fat *f, int64_t cl)
{
	return cl >= 2 && cl < (int64_t)f->nclusters + 2;
}

/* Walk the root directory; return the entry's first cluster and size. */
static int find_root(struct fat *f, const char name83[11], uint32_t *first, uint32_t *size)
{
	uint8_t sec[512];
	int64_t cl = f->root_cluster;
	uint64_t lba = f->root_lba;
	uint32_t nsec = f->root_sectors, hops = 0;

	for (;;) {
		for (uint32_t i = 0; i < nsec; i++) {
			if (sdimg_sector(f->img, lba + i, sec))
				return -1;
			for (int e = 0; e < 512; e += 32) {
				const uint8_t *d = sec + e;

				if (d[0] == 0)
					return -1;              /* end of directory */
				if (d[0] == 0xE5 || d[11] == 0x0F || (d[11] & 0x18))
					continue;               /* free, LFN, volume, dir */
				if (memcmp(d, name83, 11))
					continue;
				*first = le16(d + 26) | (f->bits == 32 ? (uint32_t)le16(d + 20) << 16 : 0);
				*size = le32(d + 28);
				return 0;
			}
		}
		if (f->bits != 32)
			return -1;
		cl = fat_next(f, (uint32_t)cl);
		if (!valid_cluster(f, cl) || ++hops > 65536)
			return -1;
		lba = cluster_lba(f, (uint32_t)cl);
		nsec = f->spc;
	}
}

/* The partition types the ROM searches (docs/rom.md): FAT12, FAT16 (< and
 * > 32 MiB, LBA), FAT32 (CHS, LBA). Extended partitions are not searched. */
static const uint8_t fat_types[] = { 0x01, 0x04, 0x06, 0x0B, 0x0C, 0x0E };

/* Sector 0 is the file system's own boot sector, not an MBR, when it opens
 * with the boot sector's jump (Microsoft FAT spec BS_jmpBoot: EB xx 90 or
 * E9 xx xx) and declares 512-byte sectors: a floppy-like card (docs/rom.md). */
static bool floppy_like(const uint8_t *s)
{
	return ((s[0] == 0xEB && s[2] == 0x90) || s[0] == 0xE9) && le16(s + 11) == 512;
}

/* The first sector of the volume: 0 on a floppy-like card, else the first
 * sector of the first primary partition that is both active and of a FAT
 * type; -1 with *why when there is none. */
static int64_t volume_start(const uint8_t mbr[512], const char **why)
{
	bool active = false;

	if (mbr[510] != 0x55 || mbr[511] != 0xAA) {
		*why = "no MBR or boot sector signature 0x55AA in sector 0";
		return -1;
	}
	if (floppy_like(mbr))
		return 0;
	for (int i = 0; i < 4; i++) {
		const uint8_t *p = mbr + 446 + 16 * i;

		if (p[0] != 0x80)
			continue;
		active = true;
		if (memchr(fat_types, p[4], sizeof(fat_types)))
			return le32(p + 8);
	}
	*why = active ? "no active partition is of a FAT type" : "no active partition";
	return -1;
}

long sdimg_fat_read(struct sdimg *img, const char name83[11], uint8_t *buf, size_t max,
		    size_t *avail, const char **why)
{
	uint8_t mbr[512], bs[512], sec[512];
	struct fat f = { .img = img };
	uint32_t bps, rsvd, nfats, fatsz, rootents, total, first, size, got = 0;
	int64_t part, cl;

	if (sdimg_sector(img, 0, mbr)) {
		*why = "cannot read sector 0";
		return -1;
	}
	part = volume_start(mbr, why);
	if (part < 0)
		return -1;
	if (sdimg_sector(img, (uint64_t)part, bs) || bs[510] != 0x55 || bs[511] != 0xAA) {
		*why = "no FAT boot sector in the active partition";
		return -1;
	}
	bps = le16(bs + 11);
	f.spc = bs[13];
	rsvd = le16(bs + 14);
	nfats = bs[16];
	rootents = le16(bs + 17);
	total = le16(bs + 19) ? le16(bs + 19) : le32(bs + 32);
	fatsz = le16(bs + 22) ? le16(bs + 22) : le32(bs + 36);
	if (bps != 512 || !f.spc || (f.spc & (f.spc - 1)) || !rsvd || !nfats || !fatsz) {
		*why = "FAT boot sector has an unsupported geometry";
		return -1;
	}
	f.root_sectors = (rootents * 32 + 511) / 512;
	f.fat_lba = part + rsvd;
	f.root_lba = f.fat_lba + (uint64_t)nfats * fatsz;
	f.data_lba = f.root_lba + f.root_sectors;
	if (total <= rsvd + nfats * fatsz + f.root_sectors) {
		*why = "FAT boot sector sizes are inconsistent";
		return -1;
	}
	f.nclusters = (total - rsvd - nfats * fatsz - f.root_sectors) / f.spc;
	f.bits = f.nclusters < 4085 ? 12 : f.nclusters < 65525 ? 16 : 32;
	if (f.bits == 32) {
		f.root_cluster = le32(bs + 44);
		if (!valid_cluster(&f, f.root_cluster)) {
			*why = "FAT32 root cluster out of range";
			return -1;
		}
		f.root_lba = cluster_lba(&f, f.root_cluster);
		f.root_sectors = f.spc;
	}
	if (find_root(&f, name83, &first, &size)) {
		*why = "file not found in the root directory";
		return -1;
	}
	cl = first;
	while (got < size && got < max) {
		if (!valid_cluster(&f, cl)) {
			*why = "file's cluster chain is broken";
			return -1;
		}
		for (uint32_t i = 0; i < f.spc && got < size && got < max; i++) {
			uint32_t n = 512;

			if (n > max - got)
				n = (uint32_t)(max - got);
			if (sdimg_sector(img, cluster_lba(&f, (uint32_t)cl) + i, sec)) {
				*why = "file runs past the end of the image";
				return -1;
			}
			memcpy(buf + got, sec, n);
			got += n;
			if (img->want) {
				long w = img->want(buf, got);

				if (w >= 0 && (size_t)w < max)
					max = (size_t)w < got ? got : (size_t)w;
			}
		}
		if (got < size && got < max)
			cl = fat_next(&f, (uint32_t)cl);
	}
	*avail = got;
	return size;
}
