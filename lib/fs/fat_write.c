// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writing FAT12/16/32, ordered for power cuts (Microsoft "FAT32 File
 * System Specification": FAT entries, FSInfo, directory entries, long
 * names and their checksum, the 8.3 alias): files created, replaced and
 * removed, directories made, in any directory. The rule everywhere: data
 * and FAT chains first, then the one directory sector that makes them
 * part of the file system (a sector is the unit a cut leaves whole), and
 * clusters given up only after that; a cut leaves the old state or the
 * new one, at worst with lost clusters that fsck frees. Every FAT copy is
 * written the same way.
 */
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/fs/fat.h"
#include "lib/fs/fat_priv.h"
#include "lib/printf.h"
#include "lib/string.h"

#define LOG(fs, ...) do { if ((fs)->log) (fs)->log(__VA_ARGS__); } while (0)

#define SECTOR		512u
#define DIRENT		32u
#define ATTR_DIR	0x10
#define ATTR_ARCHIVE	0x20
#define ATTR_LFN	0x0f
#define NT_LOWER_BASE	0x08
#define NT_LOWER_EXT	0x10
/* No clock to read: every file written gets 2000-01-01 00:00. */
#define FIXED_DATE	((20u << 9) | (1u << 5) | 1u)
/* Clusters allocated, chained or freed per round (plus one: the link from
 * the round before). */
#define BATCH		1024u

static uint8_t wsec[SECTOR] __attribute__((aligned(4)));
static uint8_t fatbuf[3 * SECTOR] __attribute__((aligned(4)));
static uint32_t alloc[BATCH + 1];

static uint32_t eoc(const struct fat_fs *fs)
{
	return fs->bits == 12 ? 0xfff : fs->bits == 16 ? 0xffff : 0x0fffffff;
}

static uint32_t csize(const struct fat_fs *fs)
{
	return SECTOR << fs->spc_shift;
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

/* list[0..n) into every FAT copy: chained (each to the next, the last to
 * end-of-chain), freed (all 0), or linked (each but the last to the next). For each FAT sector the entries touch,
 * that sector alone is rewritten (its neighbours are read too, because a
 * FAT12 entry can straddle two). */
enum { CHAIN, FREE, LINK };

static int write_fats(struct fat_fs *fs, const uint32_t *list, uint32_t n, int mode)
{
	uint32_t lo = entry_off(fs, list[0]) / SECTOR, hi = lo;
	int ret;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t s = entry_off(fs, list[i]) / SECTOR;
		uint32_t e = (entry_off(fs, list[i]) + (fs->bits == 12 ? 1 : fs->bits / 8 - 1)) / SECTOR;

		lo = MIN(lo, s);
		hi = MAX(hi, e);
	}
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
				uint32_t off = entry_off(fs, list[i]);
				uint32_t end = off + (fs->bits == 12 ? 2 : fs->bits / 8);

				if (end <= s * SECTOR || off >= (s + 1) * SECTOR ||
				    (mode == LINK && i + 1 == n))
					continue;
				put_entry(fs, fatbuf, from * SECTOR, list[i],
					  mode == FREE ? 0 : i + 1 < n ? list[i + 1] : eoc(fs));
				touched = true;
			}
			if (!touched)
				continue;
			ret = blk_write(fs->bd, base + s, 1, fatbuf + (s - from) * SECTOR);
			/* the read cache (copy 0) kept the truth: re-reading it
			 * after every write cost most of the FAT reads */
			if (copy == 0 && s >= fs->fat_first && s < fs->fat_first + fs->fat_count) {
				if (ret)
					fs->fat_count = 0;
				else
					memcpy(fs->fat + (s - fs->fat_first) * SECTOR,
					       fatbuf + (s - from) * SECTOR, SECTOR);
			}
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* FAT32's FSInfo: the free count (when known) moved by delta, and the
 * next-free hint. */
static int write_fsinfo(struct fat_fs *fs, int32_t delta)
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
	if (freec != 0xffffffffu) {
		int64_t nf = (int64_t)freec + delta;

		set_le32(wsec + 488, nf >= 0 && nf <= fs->nclusters ? (uint32_t)nf : 0xffffffffu);
	}
	set_le32(wsec + 492, fs->alloc_hint >= 2 && fs->alloc_hint <= fs->nclusters + 1 ?
		 fs->alloc_hint : 0xffffffffu);
	return blk_write(fs->bd, fs->fsinfo, 1, wsec);
}

/* ----------------------------------------------------------- clusters */

/* Where the free clusters are looked for first: where the last allocation
 * ended, at first FAT32's FSInfo next-free hint. A hint is only where to
 * start (every cluster is still checked in the FAT, the search wraps), but
 * without it each write would read the FAT from cluster 2 over everything
 * already used: on a card with many files that read is most of a write. */
static int start_hint(struct fat_fs *fs)
{
	uint32_t h;
	int ret;

	if (fs->alloc_hint) {   /* past the end after the last cluster */
		if (fs->alloc_hint > fs->nclusters + 1)
			fs->alloc_hint = 2;
		return 0;
	}
	fs->alloc_hint = 2;
	if (fs->bits != 32 || !fs->fsinfo || fs->fsinfo == 0xffff)
		return 0;
	/* fatbuf: write_fats reads it afresh; wsec may hold a caller's sector */
	ret = blk_read(fs->bd, fs->fsinfo, 1, fatbuf);
	if (ret)
		return ret;
	h = get_le32(fatbuf + 492);
	if (get_le32(fatbuf) == 0x41615252u && get_le32(fatbuf + 484) == 0x61417272u &&
	    h >= 2 && h <= fs->nclusters + 1)
		fs->alloc_hint = h;
	return 0;
}

/* The first n free clusters from the hint on (wrapping once) into out,
 * or with out NULL only whether there are n (nothing is written before
 * that is known). */
static int scan_free(struct fat_fs *fs, uint32_t *out, uint32_t n)
{
	uint32_t got = 0, total = fs->nclusters, c;
	int ret = start_hint(fs);

	if (ret)
		return ret;
	c = fs->alloc_hint;
	for (uint32_t k = 0; k < total && got < n; k++, c++) {
		uint32_t v;

		if (c > fs->nclusters + 1)
			c = 2;
		ret = fat_entry(fs, c, &v);
		if (ret)
			return ret;
		if (!v && out)
			out[got] = c;
		got += !v;
	}
	if (got < n) {
		if (!out)
			LOG(fs, "fat: %u free clusters, %u needed\n", (unsigned)got, (unsigned)n);
		return -ENOSPC;
	}
	if (out)
		fs->alloc_hint = out[n - 1] + 1;
	return 0;
}

static int have_free(struct fat_fs *fs, uint32_t n)
{
	return scan_free(fs, NULL, n);
}

static int find_free(struct fat_fs *fs, uint32_t *out, uint32_t n)
{
	return scan_free(fs, out, n);
}

/* Writes len bytes (whole sectors from buf, the last partial one
 * zero-padded) into list[0..n), runs of contiguous clusters as one
 * multi-block write. */
static int write_clusters(struct fat_fs *fs, const uint32_t *list, uint32_t n,
			  const uint8_t *buf, uint32_t len)
{
	uint32_t spc = 1u << fs->spc_shift, nsec = (len + SECTOR - 1) / SECTOR, done = 0;
	int ret;

	for (uint32_t i = 0; i < n && done < nsec; ) {
		uint32_t run = 1, cnt;
		uint64_t sec;

		if (!fat_cluster_ok(fs, list[i]))
			return -EBADMSG;
		while (i + run < n && list[i + run] == list[i] + run)
			run++;
		sec = fat_cluster_sector(fs, list[i]);
		cnt = MIN(run * spc, nsec - done);
		if (done + cnt == nsec && len % SECTOR) {
			if (cnt > 1) {
				ret = blk_write(fs->bd, sec, cnt - 1, buf + (size_t)done * SECTOR);
				if (ret)
					return ret;
			}
			memset(wsec, 0, SECTOR);
			memcpy(wsec, buf + (size_t)(done + cnt - 1) * SECTOR, len % SECTOR);
			ret = blk_write(fs->bd, sec + cnt - 1, 1, wsec);
		} else {
			ret = blk_write(fs->bd, sec, cnt, buf + (size_t)done * SECTOR);
		}
		if (ret)
			return ret;
		done += cnt;
		i += run;
	}
	return 0;
}

/* Frees the chain from first: BATCH clusters at a time, the link past
 * each batch read before it is cleared. */
static int free_chain(struct fat_fs *fs, uint32_t first)
{
	struct fat_chain ch;
	uint32_t n = 0, total = 0;
	int ret = 1;

	if (!fat_cluster_ok(fs, first))
		return 0;
	fat_chain_init(&ch, first);
	while (ret > 0) {
		alloc[n++] = ch.cur;
		ret = fat_chain_next(fs, &ch);
		if (ret < 0)
			return ret;
		if (n == BATCH || !ret) {
			int err = write_fats(fs, alloc, n, FREE);

			if (err)
				return err;
			total += n;
			n = 0;
			if (total > fs->nclusters)
				return -EBADMSG;
			/* the batch's entries are cleared: go on from the
			 * cluster after it */
			if (ret)
				fat_chain_init(&ch, ch.cur);
		}
	}
	return write_fsinfo(fs, (int32_t)total);
}

/* Allocates the clusters for size bytes of buf, writes the data to them
 * and chains them in the FAT; nothing refers to them yet. *first: the
 * first cluster (0 for an empty file). On failure what was taken is
 * given back as far as the medium lets. */
static int new_chain(struct fat_fs *fs, const uint8_t *buf, uint32_t size, uint32_t *first)
{
	uint32_t need = (uint32_t)(((uint64_t)size + csize(fs) - 1) / csize(fs)), done = 0;
	int ret;

	*first = 0;
	if (!need)
		return 0;
	ret = have_free(fs, need);
	if (ret)
		return ret;
	while (done < need) {
		uint32_t k = *first ? 1 : 0, n = MIN(BATCH, need - done);
		uint32_t off = done * csize(fs), len = MIN(size - off, n * csize(fs));

		/* alloc[0]: the last cluster of the round before, to link on */
		ret = find_free(fs, alloc + k, n);
		if (!ret)
			ret = write_clusters(fs, alloc + k, n, buf + off, len);
		if (!ret)
			ret = write_fats(fs, alloc, n + k, CHAIN);
		if (ret)
			break;
		if (!*first)
			*first = alloc[0];
		done += n;
		alloc[0] = alloc[n + k - 1];
	}
	if (!ret)
		ret = write_fsinfo(fs, -(int32_t)need);
	if (ret && *first) {
		free_chain(fs, *first);
		*first = 0;
	}
	return ret;
}

/* ---------------------------------------------------------- directories */

/* Walks the directory at dir's sectors (0: the root), calling fn with each
 * one read into wsec; stops at fn's first non-zero return. *last gets the
 * directory's last cluster (0 for the FAT12/16 root). */
typedef int (*sector_fn)(struct fat_fs *fs, uint64_t sec, void *arg);

static int dir_walk(struct fat_fs *fs, uint32_t dir, sector_fn fn, void *arg, uint32_t *last)
{
	struct fat_chain ch;
	uint64_t sec;
	uint32_t nsec, total = 0;
	int ret;

	*last = 0;
	if (!dir && fs->bits != 32) {
		sec = fs->root_start;
		nsec = fs->root_sectors;
	} else {
		if (!dir)
			dir = fs->root_cluster;
		if (!fat_cluster_ok(fs, dir))
			return -EBADMSG;
		fat_chain_init(&ch, dir);
		sec = fat_cluster_sector(fs, dir);
		nsec = 1u << fs->spc_shift;
	}
	for (;;) {
		if (dir || fs->bits == 32)
			*last = ch.cur;
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
		if (!dir && fs->bits != 32)
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
	uint64_t end_sec;       /* the end marker: its sector and entry */
	unsigned end_idx;
	const uint8_t *alias;
	bool alias_used;
	const char *lfn;        /* a long name: its aliases' tails seen ... */
	uint8_t *tails;         /* ... as bits 1..999 */
};

#define MAX_TAIL	999u
static uint8_t tails[(MAX_TAIL + 8) / 8];
static void make_alias(const char *name, unsigned n, uint8_t out[11]);

/* The N of a short entry "BASE~N  EXT", 0 if it has none. */
static unsigned alias_tail(const uint8_t *e)
{
	unsigned n = 0, i = 0;

	while (i < 8 && e[i] != '~')
		i++;
	for (i++; i < 8 && e[i] >= '0' && e[i] <= '9'; i++)
		n = n * 10 + (e[i] - '0');
	while (i < 8 && e[i] == ' ')
		i++;
	return i == 8 && n <= MAX_TAIL ? n : 0;
}

/* Free slots are looked for inside one sector, so that the long-name
 * entries and the short entry land with one write. Past the end marker
 * everything is free. */
static int scan_sector(struct fat_fs *fs, uint64_t sec, void *arg)
{
	struct slots *sl = arg;
	unsigned run = 0;

	(void)fs;
	for (unsigned i = 0; i < SECTOR / DIRENT; i++) {
		const uint8_t *e = wsec + i * DIRENT;
		bool is_free = sl->end || e[0] == 0 || e[0] == 0xe5;

		if (e[0] == 0 && !sl->end) {
			sl->end = true;
			sl->end_sec = sec;
			sl->end_idx = i;
		}
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
		if (sl->lfn) {
			unsigned n = alias_tail(e);
			uint8_t a[11];

			if (n) {
				make_alias(sl->lfn, n, a);
				if (!memcmp(e, a, 11))
					sl->tails[n / 8] |= (uint8_t)BIT(n % 8);
			}
		}
	}
	return 0;
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
 * for a long name, with N the first one free (the base shortened to make
 * room for more digits, as theirs). */
static void make_alias(const char *name, unsigned n, uint8_t out[11])
{
	const char *dot = strrchr(name, '.');
	unsigned k = 0, digits = n > 99 ? 3 : n > 9 ? 2 : 1;
	char num[4];

	memset(out, ' ', 11);
	for (const char *p = name; *p && p != dot && k < 7 - digits; p++) {
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
	snprintf(num, sizeof(num), "%u", n);
	memcpy(out + k, num, digits);
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

/* Appends a zeroed cluster to the directory whose last cluster is last. */
static int grow_dir(struct fat_fs *fs, uint32_t last, uint32_t *added)
{
	uint32_t list[2] = { last, 0 };
	int ret = have_free(fs, 1);

	if (!ret)
		ret = find_free(fs, &list[1], 1);
	if (ret)
		return ret;
	memset(wsec, 0, SECTOR);
	for (uint32_t s = 0; s < (1u << fs->spc_shift) && !ret; s++)
		ret = blk_write(fs->bd, fat_cluster_sector(fs, list[1]) + s, 1, wsec);
	/* the new cluster's end of chain first, then the link to it */
	if (!ret)
		ret = write_fats(fs, &list[1], 1, CHAIN);
	if (!ret)
		ret = write_fats(fs, list, 2, CHAIN);
	if (!ret)
		ret = write_fsinfo(fs, -1);
	*added = list[1];
	return ret;
}

/*
 * Makes the entry name in directory dir: attr, first cluster and size.
 * The long-name entries and the short entry go into one sector with one
 * write, which is what makes the file exist. A directory without room
 * grows by a cluster (not the FAT12/16 root: -ENOSPC). dry: only whether
 * that can be done, nothing written.
 */
static int add_entry(struct fat_fs *fs, uint32_t dir, const char *name, uint8_t attr,
		     uint32_t first, uint32_t size, bool dry)
{
	struct slots sl;
	uint8_t sfn[11], nt = 0, *e;
	bool lfn = !make_83(name, sfn, &nt);
	unsigned nlfn = lfn ? (unsigned)((strlen(name) + 12) / 13) : 0;
	uint32_t last, added;
	int ret;

	if (nlfn + 1 > SECTOR / DIRENT)
		return -EINVAL;
	/* one walk: the free slots, and the alias tails taken (a walk per
	 * tail tried made the 100th long name of a directory cost 100
	 * walks) */
	memset(&sl, 0, sizeof(sl));
	sl.need = nlfn + 1;
	if (lfn) {
		memset(tails, 0, sizeof(tails));
		sl.lfn = name;
		sl.tails = tails;
	} else {
		sl.alias = sfn;
	}
	ret = dir_walk(fs, dir, scan_sector, &sl, &last);
	if (ret < 0)
		return ret;
	if (sl.alias_used) {
		/* fat_stat did not find the name, yet its 8.3 form is there */
		LOG(fs, "fat: %s clashes with an existing 8.3 name\n", name);
		return -EEXIST;
	}
	if (lfn) {
		unsigned tail = 1;

		while (tail <= MAX_TAIL && (tails[tail / 8] & BIT(tail % 8)))
			tail++;
		if (tail > MAX_TAIL) {
			LOG(fs, "fat: no free 8.3 alias for %s\n", name);
			return -ENOSPC;
		}
		make_alias(name, tail, sfn);
	}
	if (!sl.found && !last) {
		LOG(fs, "fat: no %u free entries in one root directory sector\n", sl.need);
		return -ENOSPC;
	}
	if (dry)
		return 0;
	if (!sl.found) {
		ret = grow_dir(fs, last, &added);
		if (ret)
			return ret;
		sl.found = true;
		sl.sec = fat_cluster_sector(fs, added);
		sl.first = 0;
	}
	ret = blk_read(fs->bd, sl.sec, 1, wsec);
	if (ret)
		return ret;
	for (unsigned i = 0; i < nlfn; i++)
		put_lfn(wsec + (sl.first + i) * DIRENT, name, nlfn - i, i == 0, fat_lfn_checksum(sfn));
	e = wsec + (sl.first + nlfn) * DIRENT;
	memset(e, 0, DIRENT);
	memcpy(e, sfn, 11);
	e[11] = attr;
	e[12] = nt;
	set_le16(e + 16, FIXED_DATE);   /* created */
	set_le16(e + 18, FIXED_DATE);   /* accessed */
	set_le16(e + 24, FIXED_DATE);   /* written */
	set_le16(e + 20, (uint16_t)(first >> 16));
	set_le16(e + 26, (uint16_t)first);
	set_le32(e + 28, size);
	ret = blk_write(fs->bd, sl.sec, 1, wsec);
	if (ret || !sl.end || sl.end_sec == sl.sec)
		return ret;
	/* The entry lies past the end marker, in a later sector: readers
	 * stop at the marker until it and the free entries after it in its
	 * sector say "deleted" (the entry was written first: a cut before
	 * this leaves the directory as it was). */
	ret = blk_read(fs->bd, sl.end_sec, 1, wsec);
	for (unsigned i = sl.end_idx; !ret && i < SECTOR / DIRENT; i++)
		if (!wsec[i * DIRENT])
			wsec[i * DIRENT] = 0xe5;
	return ret ? ret : blk_write(fs->bd, sl.end_sec, 1, wsec);
}

/* The short entry of loc, read into wsec; returns its offset in wsec. */
static int read_entry(struct fat_fs *fs, const struct fat_loc *loc, uint8_t **e)
{
	int ret = blk_read(fs->bd, loc->sec[loc->nsec - 1], 1, wsec);

	*e = wsec + loc->idx * DIRENT;
	return ret;
}

/* Marks the entries of loc deleted: the short entry's sector first (the
 * file is gone with that write), then any sector of its long name before. */
static int drop_entry(struct fat_fs *fs, const struct fat_loc *loc)
{
	for (int k = loc->nsec - 1; k >= 0; k--) {
		unsigned from = k ? 0 : loc->first;
		unsigned to = k == loc->nsec - 1 ? loc->idx : SECTOR / DIRENT - 1;
		int ret = blk_read(fs->bd, loc->sec[k], 1, wsec);

		for (unsigned i = from; !ret && i <= to; i++)
			wsec[i * DIRENT] = 0xe5;
		if (!ret)
			ret = blk_write(fs->bd, loc->sec[k], 1, wsec);
		if (ret)
			return ret;
	}
	return 0;
}

/* Splits path into its directory (looked up: it must be one) and its
 * last component, which must be a name FAT can hold. */
static int parent_of(struct fat_fs *fs, const char *path, uint32_t *dir, const char **base)
{
	char parent[FAT_NAME_MAX + 2];
	struct fat_stat st;
	const char *b;
	size_t len = strlen(path);
	int ret;

	while (len > 1 && path[len - 1] == '/')
		len--;
	for (b = path + len; b > path && b[-1] != '/'; b--)
		;
	if ((size_t)(b - path) >= sizeof(parent))
		return -ENAMETOOLONG;
	memcpy(parent, path, (size_t)(b - path));
	parent[b - path] = 0;
	*base = b;
	ret = fat_stat(fs, parent, &st);
	if (ret)
		return ret;
	if (!st.is_dir)
		return -ENOTDIR;
	*dir = st.cluster;
	return 0;
}

/* The name at the end of path, without trailing slashes, into out. */
static int base_name(const char *base, char *out, size_t max)
{
	size_t n = 0;

	while (base[n] && base[n] != '/')
		n++;
	if (n >= max)
		return -ENAMETOOLONG;
	memcpy(out, base, n);
	out[n] = 0;
	if (!name_ok(out) || !strcmp(out, ".") || !strcmp(out, ".."))
		return -EINVAL;
	return 0;
}

/* ---------------------------------------------------------- the calls */

int fat_write(struct fat_fs *fs, const char *path, const void *buf, uint32_t size)
{
	char name[256];
	struct fat_stat st;
	const char *base;
	uint32_t dir, first;
	uint8_t *e;
	bool exists;
	int ret;

	ret = parent_of(fs, path, &dir, &base);
	if (ret)
		return ret;
	ret = base_name(base, name, sizeof(name));
	if (ret) {
		LOG(fs, "fat: cannot write a file named '%s'\n", base);
		return ret;
	}
	ret = fat_stat(fs, path, &st);
	if (ret && ret != -ENOENT)
		return ret;
	exists = !ret;
	if (exists && st.is_dir)
		return -EISDIR;
	/* room for the entry, then the new data in clusters of its own,
	 * whole before anything refers to it */
	ret = exists ? 0 : add_entry(fs, dir, name, ATTR_ARCHIVE, 0, 0, true);
	if (!ret)
		ret = new_chain(fs, buf, size, &first);
	if (ret)
		return ret;
	if (!exists) {
		ret = add_entry(fs, dir, name, ATTR_ARCHIVE, first, size, false);
		if (ret)
			free_chain(fs, first);
		return ret;
	}
	/* replace: the entry switches to the new chain in one sector
	 * write, then the old chain is given back */
	ret = read_entry(fs, &st.loc, &e);
	if (ret)
		return ret;
	set_le16(e + 20, (uint16_t)(first >> 16));
	set_le16(e + 26, (uint16_t)first);
	set_le32(e + 28, size);
	set_le16(e + 24, FIXED_DATE);
	ret = blk_write(fs->bd, st.loc.sec[st.loc.nsec - 1], 1, wsec);
	if (ret)
		return ret;
	return free_chain(fs, st.cluster);
}

/* U-Boot's write at a position: the file becomes its first pos bytes
 * (pos no more than its size) and then buf. Written in place, as U-Boot
 * does: the data sectors from pos on, new clusters (written and chained
 * first) linked to the chain's end, then the size in the entry, then any
 * clusters past the new end freed. A cut leaves the metadata consistent
 * or fixable by fsck (a chain longer than the size), the data partly
 * new: unlike fat_write, not a whole-file replacement. */
static int write_at(struct fat_fs *fs, const struct fat_stat *st, const uint8_t *buf,
		    uint32_t size, uint32_t pos)
{
	uint32_t cs = csize(fs), end = pos + size, keep, lastk, next;
	uint32_t have = 0, last = 0, first_new = 0, c = st->cluster, ci = 0;
	struct fat_chain ch;
	uint8_t *e;
	int ret;

	if (end < pos)
		return -EFBIG;
	/* the chain's length and last cluster (bounded, loops caught) */
	if (fat_cluster_ok(fs, st->cluster)) {
		fat_chain_init(&ch, st->cluster);
		for (have = 1;; have++) {
			ret = fat_chain_next(fs, &ch);
			if (ret < 0)
				return ret;
			if (!ret)
				break;
		}
		last = ch.cur;
	}
	if (!have)
		return -EBADMSG;        /* pos > 0 bytes without clusters */
	/* the part past the chain: new clusters, nothing refers to them yet */
	if ((uint64_t)end > (uint64_t)have * cs) {
		uint32_t from = have * cs;

		ret = new_chain(fs, buf + (from - pos), end - from, &first_new);
		if (ret)
			return ret;
	}
	/* the part in the old chain, sector by sector from pos */
	for (uint32_t off = pos - pos % SECTOR; off < MIN(end, have * cs); off += SECTOR) {
		uint32_t k = off / cs;
		uint64_t sec;

		for (; ci < k; ci++) {
			ret = fat_entry(fs, c, &c);
			if (ret)
				goto undo;
			if (!fat_cluster_ok(fs, c)) {
				ret = -EBADMSG;
				goto undo;
			}
		}
		sec = fat_cluster_sector(fs, c) + (off % cs) / SECTOR;
		if (off < pos) {
			ret = blk_read(fs->bd, sec, 1, wsec);
			if (ret)
				goto undo;
		} else {
			memset(wsec, 0, SECTOR);
		}
		for (uint32_t b = MAX(off, pos); b < MIN(off + SECTOR, end); b++)
			wsec[b - off] = buf[b - pos];
		ret = blk_write(fs->bd, sec, 1, wsec);
		if (ret)
			goto undo;
	}
	if (first_new) {
		uint32_t link[2] = { last, first_new };

		/* (a failure here may have linked some FAT copies: nothing
		 * is given back) */
		ret = write_fats(fs, link, 2, LINK);
		if (ret)
			return ret;
	}
	ret = read_entry(fs, &st->loc, &e);
	if (ret)
		return ret;
	set_le32(e + 28, end);
	set_le16(e + 24, FIXED_DATE);
	ret = blk_write(fs->bd, st->loc.sec[st->loc.nsec - 1], 1, wsec);
	keep = end ? (end + cs - 1) / cs : 1;
	if (ret || have <= keep)
		return ret;
	/* clusters past the new end: the end of chain moved, then the rest
	 * given back (an empty file keeps its first cluster) */
	lastk = st->cluster;
	for (uint32_t k = 1; k < keep && !ret; k++)
		ret = fat_entry(fs, lastk, &lastk);
	if (!ret)
		ret = fat_entry(fs, lastk, &next);
	if (!ret)
		ret = write_fats(fs, &lastk, 1, CHAIN);
	if (!ret && fat_cluster_ok(fs, next))
		ret = free_chain(fs, next);
	return ret;
undo:
	if (first_new)
		free_chain(fs, first_new);
	return ret;
}

int fat_write_at(struct fat_fs *fs, const char *path, const void *buf, uint32_t size,
		 uint32_t pos)
{
	struct fat_stat st;
	int ret;

	if (!pos)
		return fat_write(fs, path, buf, size);
	ret = fat_stat(fs, path, &st);
	if (ret)
		return ret == -ENOENT ? -EINVAL : ret;     /* no hole: U-Boot's rule */
	if (st.is_dir)
		return -EISDIR;
	if (pos > st.size) {
		LOG(fs, "fat: position %u is past the end of %s (%u bytes)\n", (unsigned)pos, path,
		    (unsigned)st.size);
		return -EINVAL;
	}
	return write_at(fs, &st, buf, size, pos);
}

static int stop_at_any(void *arg, const char *name, uint32_t size, bool is_dir)
{
	(void)arg, (void)name, (void)size, (void)is_dir;
	return 1;
}

int fat_unlink(struct fat_fs *fs, const char *path)
{
	struct fat_stat st;
	int ret = fat_stat(fs, path, &st);

	if (ret)
		return ret;
	if (!st.loc.nsec) {
		LOG(fs, "Error: cannot remove root\n");
		return -EINVAL;
	}
	if (st.is_dir) {
		ret = fat_list(fs, path, stop_at_any, NULL);
		if (ret < 0)
			return ret;
		/* POSIX's rmdir may say EEXIST for this (ENOTEMPTY is not
		 * among gtaboot's codes) */
		if (ret) {
			LOG(fs, "Error: directory is not empty: %d\n", -39);
			return -EEXIST;
		}
	}
	ret = drop_entry(fs, &st.loc);
	if (ret)
		return ret;
	return free_chain(fs, st.cluster);
}

int fat_mkdir(struct fat_fs *fs, const char *path)
{
	char name[256];
	struct fat_stat st;
	const char *base;
	uint32_t dir, c;
	uint8_t *e;
	int ret;

	ret = parent_of(fs, path, &dir, &base);
	if (ret)
		return ret;
	ret = base_name(base, name, sizeof(name));
	if (ret) {
		LOG(fs, "FAT: illegal filename (%s)\n", base);
		return ret;
	}
	ret = fat_stat(fs, path, &st);
	if (!ret) {
		LOG(fs, "%s: already exists\n", name);
		return -EEXIST;
	}
	if (ret != -ENOENT)
		return ret;
	if (fs->bits == 32 && dir == fs->root_cluster)
		dir = 0;
	/* the new directory's cluster: ".", "..", the rest zero */
	ret = add_entry(fs, dir, name, ATTR_DIR, 0, 0, true);
	if (!ret)
		ret = have_free(fs, 1);
	if (!ret)
		ret = find_free(fs, &c, 1);
	if (ret)
		return ret;
	memset(wsec, 0, SECTOR);
	for (uint32_t s = 1; s < (1u << fs->spc_shift) && !ret; s++)
		ret = blk_write(fs->bd, fat_cluster_sector(fs, c) + s, 1, wsec);
	for (unsigned k = 0; k < 2 && !ret; k++) {
		uint32_t to = k ? dir : c;

		e = wsec + k * DIRENT;
		memset(e, ' ', 11);
		memset(e, '.', k + 1);
		e[11] = ATTR_DIR;
		set_le16(e + 16, FIXED_DATE);
		set_le16(e + 18, FIXED_DATE);
		set_le16(e + 24, FIXED_DATE);
		set_le16(e + 20, (uint16_t)(to >> 16));
		set_le16(e + 26, (uint16_t)to);
	}
	if (!ret)
		ret = blk_write(fs->bd, fat_cluster_sector(fs, c), 1, wsec);
	if (!ret)
		ret = write_fats(fs, &c, 1, CHAIN);
	if (!ret)
		ret = write_fsinfo(fs, -1);
	if (!ret)
		ret = add_entry(fs, dir, name, ATTR_DIR, c, 0, false);
	if (ret)
		free_chain(fs, c);
	return ret;
}

/* ------------------------------------------- the environment's writer */

/* Writes size bytes along the existing chain from first. */
static int write_along(struct fat_fs *fs, uint32_t first, const uint8_t *buf, uint32_t size)
{
	uint32_t need = (uint32_t)(((uint64_t)size + csize(fs) - 1) / csize(fs)), done = 0;
	struct fat_chain ch;
	int ret;

	fat_chain_init(&ch, first);
	while (done < need) {
		uint32_t n = 0, off = done * csize(fs);

		while (n < BATCH && done + n < need) {
			alloc[n++] = ch.cur;
			if (done + n == need)
				break;
			ret = fat_chain_next(fs, &ch);
			if (ret < 0)
				return ret;
			if (!ret)
				return -EBADMSG; /* counted before: changed under us */
		}
		ret = write_clusters(fs, alloc, n, buf + off, MIN(size - off, n * csize(fs)));
		if (ret)
			return ret;
		done += n;
		if (done < need) {
			ret = fat_chain_next(fs, &ch);
			if (ret <= 0)
				return ret ? ret : -EBADMSG;
		}
	}
	return 0;
}

static int overwrite(struct fat_fs *fs, const char *name, const struct fat_stat *st,
		     const uint8_t *buf, uint32_t size)
{
	uint32_t have, need = (uint32_t)(((uint64_t)size + csize(fs) - 1) / csize(fs));
	struct fat_chain ch;
	uint8_t *e;
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
		ret = write_along(fs, st->cluster, buf, size);
		if (ret)
			return ret;
	}
	if (size == st->size)
		return 0;
	ret = read_entry(fs, &st->loc, &e);
	if (ret)
		return ret;
	set_le32(e + 28, size);
	return blk_write(fs->bd, st->loc.sec[st->loc.nsec - 1], 1, wsec);
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
	if (ret == -ENOENT) {
		uint32_t first;

		/* the environment: 128 KiB, one creation */
		ret = add_entry(fs, 0, name, ATTR_ARCHIVE, 0, 0, true);
		if (!ret)
			ret = new_chain(fs, buf, size, &first);
		if (!ret) {
			ret = add_entry(fs, 0, name, ATTR_ARCHIVE, first, size, false);
			if (ret)
				free_chain(fs, first);
		}
		return ret;
	}
	if (ret)
		return ret;
	if (st.is_dir)
		return -EISDIR;
	return overwrite(fs, name, &st, buf, size);
}
