// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writing one file of a FAT12/16/32 root directory, ordered for power cuts
 * (Microsoft "FAT32 File System Specification": FAT entries, FSInfo,
 * directory entries, long names and their checksum, the 8.3 alias). This
 * is what the U-Boot environment on the boot partition needs (uboot.env,
 * uboot-redund.env): overwrite in place, or create once. Every FAT copy is
 * written the same way; a sector is the unit a cut leaves whole.
 */
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/fat.h"
#include "lib/fat_priv.h"
#include "lib/string.h"

#define LOG(fs, ...) do { if ((fs)->log) (fs)->log(__VA_ARGS__); } while (0)

#define SECTOR		512u
#define DIRENT		32u
#define ATTR_ARCHIVE	0x20
#define ATTR_LFN	0x0f
#define NT_LOWER_BASE	0x08
#define NT_LOWER_EXT	0x10
/* No clock to read: every file written gets 2000-01-01 00:00. */
#define FIXED_DATE	((20u << 9) | (1u << 5) | 1u)
/* The most clusters one creation allocates: 128 KiB at 512-byte clusters,
 * the environment's size (larger files need larger clusters). */
#define MAX_ALLOC	256u

static uint8_t wsec[SECTOR] __attribute__((aligned(4)));
static uint8_t fatbuf[3 * SECTOR] __attribute__((aligned(4)));
static uint32_t alloc[MAX_ALLOC];

static uint32_t eoc(const struct fat_fs *fs)
{
	return fs->bits == 12 ? 0xfff : fs->bits == 16 ? 0xffff : 0x0fffffff;
}

/* Byte offset of cluster c's entry in the FAT. */
static uint32_t entry_off(const struct fat_fs *fs, uint32_t c)
{
	return fs->bits == 12 ? c + c / 2 : c * (fs->bits / 8);
}

/* Stores v as cluster c's entry into p, the FAT bytes from base on. */
static void put_entry(const struct fat_fs *fs, uint8_t *p, uint32_t base, uint32_t c, uint32_t v)
{
	uint8_t *q = p + (entry_off(fs, c) - base);

	if (fs->bits == 12) {
		uint16_t old = get_le16(q);

		set_le16(q, (uint16_t)((c & 1) ? (old & 0x000f) | (v << 4) : (old & 0xf000) | (v & 0xfff)));
	} else if (fs->bits == 16) {
		set_le16(q, (uint16_t)v);
	} else {
		/* the top four bits are reserved: keep them */
		set_le32(q, (get_le32(q) & 0xf0000000u) | (v & 0x0fffffffu));
	}
}

/* Walks the root directory's sectors, calling fn with each one read into
 * wsec and its sector number; stops at fn's first non-zero return. */
typedef int (*sector_fn)(struct fat_fs *fs, uint64_t sec, void *arg);

static int root_walk(struct fat_fs *fs, sector_fn fn, void *arg)
{
	struct fat_chain ch;
	uint64_t sec;
	uint32_t nsec, total = 0;
	int ret;

	if (fs->bits != 32) {
		sec = fs->root_start;
		nsec = fs->root_sectors;
	} else {
		fat_chain_init(&ch, fs->root_cluster);
		sec = fat_cluster_sector(fs, fs->root_cluster);
		nsec = 1u << fs->spc_shift;
	}
	for (;;) {
		for (uint32_t s = 0; s < nsec; s++) {
			/* the specification's 65536 entries */
			if (++total > 65536u * DIRENT / SECTOR)
				return -EBADMSG;
			ret = blk_read(fs->bd, sec + s, 1, wsec);
			if (!ret)
				ret = fn(fs, sec + s, arg);
			if (ret)
				return ret;
		}
		if (fs->bits != 32)
			return 0;
		ret = fat_chain_next(fs, &ch);
		if (ret <= 0)
			return ret;
		sec = fat_cluster_sector(fs, ch.cur);
	}
}

/* The 8.3 form of name: 11 bytes, and the NT case flags that make it read
 * back as written. False when the name needs a long name. */
static bool make_83(const char *name, uint8_t out[11], uint8_t *nt)
{
	const char *dot = strrchr(name, '.');
	size_t blen = dot ? (size_t)(dot - name) : strlen(name);
	size_t elen = dot ? strlen(dot + 1) : 0;
	int lower[2] = { 0, 0 }, upper[2] = { 0, 0 };

	if (!blen || blen > 8 || elen > 3 || (dot && !elen))
		return false;
	memset(out, ' ', 11);
	for (size_t i = 0; name[i]; i++) {
		char c = name[i];
		int part = dot && name + i > dot;

		if (name + i == dot)
			continue;
		if (c >= 'a' && c <= 'z') {
			lower[part] = 1;
			c = (char)(c - 32);
		} else if (c >= 'A' && c <= 'Z') {
			upper[part] = 1;
		} else if (!(c >= '0' && c <= '9') && !strchr("!#$%&'()-@^_`{}~", c)) {
			return false;
		}
		out[part ? 8 + (size_t)(name + i - dot - 1) : i] = (uint8_t)c;
	}
	/* a part in mixed case needs the long name */
	if ((lower[0] && upper[0]) || (lower[1] && upper[1]))
		return false;
	*nt = (uint8_t)((lower[0] ? NT_LOWER_BASE : 0) | (lower[1] ? NT_LOWER_EXT : 0));
	return true;
}

struct slots {
	unsigned need;          /* consecutive free entries wanted */
	uint64_t sec;           /* found: the sector ... */
	unsigned first;         /* ... and the first entry in it */
	bool found, end;
	/* alias check */
	const uint8_t *alias;
	bool alias_used;
	/* the entry of an existing file, by its first cluster */
	uint32_t cluster;
	uint64_t ent_sec;
	unsigned ent_idx;
	bool ent_found;
};

/* Free slots are looked for inside one sector, so that the long-name
 * entries and the short entry land with one write. Past the end marker
 * everything is free. */
static int scan_sector(struct fat_fs *fs, uint64_t sec, void *arg)
{
	struct slots *sl = arg;
	unsigned run = 0;

	for (unsigned i = 0; i < SECTOR / DIRENT; i++) {
		const uint8_t *e = wsec + i * DIRENT;
		bool is_free = sl->end || e[0] == 0 || e[0] == 0xe5;

		if (e[0] == 0)
			sl->end = true;
		if (is_free) {
			if (++run >= sl->need && !sl->found) {
				sl->found = true;
				sl->sec = sec;
				sl->first = i + 1 - sl->need;
			}
			continue;
		}
		run = 0;
		if ((e[11] & 0x3f) == ATTR_LFN || (e[11] & 0x08))
			continue;
		if (sl->alias && !memcmp(e, sl->alias, 11))
			sl->alias_used = true;
		if (sl->cluster) {
			uint32_t c = get_le16(e + 26) | (fs->bits == 32 ? (uint32_t)get_le16(e + 20) << 16 : 0);

			if (c == sl->cluster && !sl->ent_found) {
				sl->ent_found = true;
				sl->ent_sec = sec;
				sl->ent_idx = i;
			}
		}
	}
	/* the alias and entry checks need the whole directory */
	return sl->end && sl->found && !sl->alias && !sl->cluster ? 1 : 0;
}

/* The cluster after the one at index k - 1 of the file: from the list of
 * a new file, or one more step along an existing chain. */
static int next_cluster(struct fat_fs *fs, struct fat_chain *ch, const uint32_t *list,
			uint32_t k, uint32_t *next)
{
	int ret;

	if (list) {
		if (k >= MAX_ALLOC)
			return -EBADMSG;
		*next = list[k];
		return 0;
	}
	ret = fat_chain_next(fs, ch);
	if (ret < 0)
		return ret;
	if (!ret)
		return -EBADMSG;        /* the chain was counted before: changed under us */
	*next = ch->cur;
	return 0;
}

/* Writes size bytes along the file's clusters from first: whole sectors
 * from buf, the last partial one zero-padded. Runs of contiguous clusters
 * go out as one multi-block write. */
static int write_data(struct fat_fs *fs, uint32_t first, const uint8_t *buf, uint32_t size,
		      const uint32_t *list)
{
	uint32_t spc = 1u << fs->spc_shift, nsec = (size + SECTOR - 1) / SECTOR;
	uint32_t done = 0, idx = 0, c = first;
	struct fat_chain ch;
	int ret;

	fat_chain_init(&ch, first);
	while (done < nsec) {
		uint32_t run = 1, n, next = 0;
		bool pending = false;
		uint64_t sec = fat_cluster_sector(fs, c);

		while ((uint64_t)run * spc < nsec - done) {
			ret = next_cluster(fs, &ch, list, idx + run, &next);
			if (ret)
				return ret;
			if (next != c + run) {
				pending = true;
				break;
			}
			run++;
		}
		n = MIN(run * spc, nsec - done);
		if (done + n == nsec && size % SECTOR) {
			if (n > 1) {
				ret = blk_write(fs->bd, sec, n - 1, buf + (size_t)done * SECTOR);
				if (ret)
					return ret;
			}
			memset(wsec, 0, SECTOR);
			memcpy(wsec, buf + (size_t)(done + n - 1) * SECTOR, size % SECTOR);
			ret = blk_write(fs->bd, sec + n - 1, 1, wsec);
		} else {
			ret = blk_write(fs->bd, sec, n, buf + (size_t)done * SECTOR);
		}
		if (ret)
			return ret;
		done += n;
		idx += run;
		if (done < nsec) {
			if (!pending) {
				ret = next_cluster(fs, &ch, list, idx, &next);
				if (ret)
					return ret;
			}
			if (!fat_cluster_ok(fs, next))
				return -EBADMSG;
			c = next;
		}
	}
	return 0;
}

/* The chain of alloc[0..n-1] into every FAT copy: for each FAT sector the
 * entries touch, that sector alone is rewritten (its neighbours are read
 * too, because a FAT12 entry can straddle two). */
static int write_fats(struct fat_fs *fs, uint32_t n)
{
	uint32_t lo = entry_off(fs, alloc[0]) / SECTOR, hi = lo;
	int ret;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t s = entry_off(fs, alloc[i]) / SECTOR;
		uint32_t e = (entry_off(fs, alloc[i]) + (fs->bits == 12 ? 1 : fs->bits / 8 - 1)) / SECTOR;

		lo = MIN(lo, s);
		hi = MAX(hi, e);
	}
	fs->fat_count = 0;      /* the read cache no longer holds the truth */
	for (uint32_t copy = 0; copy < fs->nfats; copy++) {
		uint64_t base = (uint64_t)fs->fat_start + (uint64_t)copy * fs->fat_sectors;

		for (uint32_t s = lo; s <= hi; s++) {
			uint32_t from = s ? s - 1 : 0, cnt = MIN(3u, fs->fat_sectors - from);
			bool touched = false;

			/* copy 0 is the truth for every copy: mirrors may lag */
			ret = blk_read(fs->bd, (uint64_t)fs->fat_start + from, cnt, fatbuf);
			if (ret)
				return ret;
			for (uint32_t i = 0; i < n; i++) {
				uint32_t off = entry_off(fs, alloc[i]);
				uint32_t end = off + (fs->bits == 12 ? 2 : fs->bits / 8);

				if (end <= s * SECTOR || off >= (s + 1) * SECTOR)
					continue;
				put_entry(fs, fatbuf, from * SECTOR, alloc[i], i + 1 < n ? alloc[i + 1] : eoc(fs));
				touched = true;
			}
			if (!touched)
				continue;
			ret = blk_write(fs->bd, base + s, 1, fatbuf + (s - from) * SECTOR);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* FAT32's FSInfo: the free count (when known) less n, the next-free hint
 * past the last cluster taken. */
static int write_fsinfo(struct fat_fs *fs, uint32_t n)
{
	uint32_t freec;
	int ret;

	if (fs->bits != 32 || !fs->fsinfo || fs->fsinfo == 0xffff)
		return 0;
	ret = blk_read(fs->bd, fs->fsinfo, 1, wsec);
	if (ret)
		return ret;
	if (get_le32(wsec) != 0x41615252u || get_le32(wsec + 484) != 0x61417272u)
		return 0;       /* no FSInfo after all: nothing to keep right */
	freec = get_le32(wsec + 488);
	if (freec != 0xffffffffu)
		set_le32(wsec + 488, freec >= n ? freec - n : 0xffffffffu);
	set_le32(wsec + 492, alloc[n - 1] + 1 <= fs->nclusters + 1 ? alloc[n - 1] + 1 : 2);
	return blk_write(fs->bd, fs->fsinfo, 1, wsec);
}

static void put_lfn(uint8_t *e, const char *name, unsigned seq, bool last, uint8_t sum)
{
	static const uint8_t pos[13] = { 1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30 };
	size_t len = strlen(name);

	memset(e, 0, DIRENT);
	e[0] = (uint8_t)(seq | (last ? 0x40 : 0));
	e[11] = ATTR_LFN;
	e[13] = sum;
	for (unsigned i = 0; i < 13; i++) {
		size_t k = (seq - 1) * 13 + i;
		uint16_t u = k < len ? (uint8_t)name[k] : k == len ? 0 : 0xffff;

		set_le16(e + pos[i], u);
	}
}

/* "uboot-redund.env" -> "UBOOT-~N" "ENV": the alias Windows and Linux make
 * for a long name, with N the first one free. */
static void make_alias(const char *name, unsigned n, uint8_t out[11])
{
	const char *dot = strrchr(name, '.');
	unsigned k = 0;

	memset(out, ' ', 11);
	for (const char *p = name; *p && p != dot && k < 6; p++) {
		char c = *p;

		if (c == ' ' || c == '.')
			continue;
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 32);
		else if (!(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') &&
			 !strchr("!#$%&'()-@^_`{}~", c))
			c = '_';
		out[k++] = (uint8_t)c;
	}
	if (!k)
		out[k++] = '_';
	out[k++] = '~';
	out[k] = (uint8_t)('0' + n);
	k = 8;
	for (const char *p = dot ? dot + 1 : ""; *p && k < 11; p++) {
		char c = *p;

		if (c >= 'a' && c <= 'z')
			c = (char)(c - 32);
		else if (!(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9'))
			c = '_';
		out[k++] = (uint8_t)c;
	}
}

static bool name_ok(const char *name)
{
	size_t len = strlen(name);

	if (!len || len > 255 || name[len - 1] == '.' || name[len - 1] == ' ')
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];

		/* ASCII only: the long name is written as Latin-1 code units */
		if (c < 0x20 || c >= 0x7f || strchr("\"*/:<>?\\|", c))
			return false;
	}
	return true;
}

/* The first free clusters, up to n, in cluster order (first fit). */
static int find_free(struct fat_fs *fs, uint32_t n)
{
	uint32_t got = 0;
	int ret;

	for (uint32_t c = 2; c <= fs->nclusters + 1 && got < n; c++) {
		uint32_t v;

		ret = fat_entry(fs, c, &v);
		if (ret)
			return ret;
		if (!v)
			alloc[got++] = c;
	}
	if (got < n) {
		LOG(fs, "fat: %u free clusters, %u needed\n", (unsigned)got, (unsigned)n);
		return -ENOSPC;
	}
	return 0;
}

static int create(struct fat_fs *fs, const char *name, const uint8_t *buf, uint32_t size)
{
	uint32_t csize = SECTOR << fs->spc_shift;
	uint32_t n = (uint32_t)(((uint64_t)size + csize - 1) / csize);
	struct slots sl;
	uint8_t sfn[11], nt = 0;
	bool lfn = !make_83(name, sfn, &nt);
	unsigned nlfn = lfn ? (unsigned)((strlen(name) + 12) / 13) : 0;
	uint8_t *e;
	int ret;

	if (n > MAX_ALLOC) {
		LOG(fs, "fat: %u bytes need %u clusters, more than %u\n", (unsigned)size,
		    (unsigned)n, MAX_ALLOC);
		return -EFBIG;
	}
	if (nlfn + 1 > SECTOR / DIRENT)
		return -EINVAL;
	for (unsigned tail = 1;; tail++) {
		memset(&sl, 0, sizeof(sl));
		sl.need = nlfn + 1;
		if (lfn) {
			if (tail > 9) {
				LOG(fs, "fat: no free 8.3 alias for %s\n", name);
				return -ENOSPC;
			}
			make_alias(name, tail, sfn);
		}
		sl.alias = sfn;
		ret = root_walk(fs, scan_sector, &sl);
		if (ret < 0)
			return ret;
		if (!sl.alias_used)
			break;
		if (!lfn) {
			/* fat_stat did not find the name, yet its 8.3 form is there */
			LOG(fs, "fat: %s clashes with an existing 8.3 name\n", name);
			return -EEXIST;
		}
	}
	if (!sl.found) {
		LOG(fs, "fat: no %u free entries in one root directory sector\n", sl.need);
		return -ENOSPC;
	}
	/* nothing is written before everything needed is known to be there */
	if (n) {
		ret = find_free(fs, n);
		if (!ret)
			ret = write_data(fs, alloc[0], buf, size, alloc);
		if (!ret)
			ret = write_fats(fs, n);
		if (!ret)
			ret = write_fsinfo(fs, n);
		if (ret)
			return ret;
	}
	ret = blk_read(fs->bd, sl.sec, 1, wsec);
	if (ret)
		return ret;
	for (unsigned i = 0; i < nlfn; i++)
		put_lfn(wsec + (sl.first + i) * DIRENT, name, nlfn - i, i == 0, fat_lfn_checksum(sfn));
	e = wsec + (sl.first + nlfn) * DIRENT;
	memset(e, 0, DIRENT);
	memcpy(e, sfn, 11);
	e[11] = ATTR_ARCHIVE;
	e[12] = nt;
	set_le16(e + 16, FIXED_DATE);   /* created */
	set_le16(e + 18, FIXED_DATE);   /* accessed */
	set_le16(e + 24, FIXED_DATE);   /* written */
	if (n) {
		set_le16(e + 20, (uint16_t)(alloc[0] >> 16));
		set_le16(e + 26, (uint16_t)alloc[0]);
	}
	set_le32(e + 28, size);
	return blk_write(fs->bd, sl.sec, 1, wsec);
}

static int overwrite(struct fat_fs *fs, const char *name, const struct fat_stat *st,
		     const uint8_t *buf, uint32_t size)
{
	uint32_t csize = SECTOR << fs->spc_shift, have = 0;
	uint32_t need = (uint32_t)(((uint64_t)size + csize - 1) / csize);
	struct fat_chain ch;
	struct slots sl;
	int ret;

	if (!fat_cluster_ok(fs, st->cluster)) {
		LOG(fs, "fat: %s has no clusters to overwrite\n", name);
		return -ENOSPC;
	}
	/* the chain must hold the new size: count it (bounded, loops caught) */
	fat_chain_init(&ch, st->cluster);
	for (have = 1; have < need; have++) {
		ret = fat_chain_next(fs, &ch);
		if (ret < 0)
			return ret;
		if (!ret)
			break;
	}
	if (have < need) {
		LOG(fs, "fat: %s has %u clusters, %u needed\n", name, (unsigned)have, (unsigned)need);
		return -ENOSPC;
	}
	if (size) {
		ret = write_data(fs, st->cluster, buf, size, NULL);
		if (ret)
			return ret;
	}
	if (size == st->size)
		return 0;
	memset(&sl, 0, sizeof(sl));
	sl.need = 1;
	sl.cluster = st->cluster;
	ret = root_walk(fs, scan_sector, &sl);
	if (ret < 0)
		return ret;
	if (!sl.ent_found)
		return -EBADMSG;
	ret = blk_read(fs->bd, sl.ent_sec, 1, wsec);
	if (ret)
		return ret;
	set_le32(wsec + sl.ent_idx * DIRENT + 28, size);
	return blk_write(fs->bd, sl.ent_sec, 1, wsec);
}

int fat_write_root(struct fat_fs *fs, const char *name, const void *buf, uint32_t size)
{
	char path[260];
	struct fat_stat st;
	int ret;

	if (!name_ok(name)) {
		LOG(fs, "fat: cannot write a file named '%s'\n", name);
		return -EINVAL;
	}
	path[0] = '/';
	memcpy(path + 1, name, strlen(name) + 1);
	ret = fat_stat(fs, path, &st);
	if (ret == -ENOENT)
		return create(fs, name, buf, size);
	if (ret)
		return ret;
	if (st.is_dir)
		return -EISDIR;
	return overwrite(fs, name, &st, buf, size);
}
