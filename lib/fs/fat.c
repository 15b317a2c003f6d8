// SPDX-License-Identifier: GPL-2.0-or-later
/* Read-only FAT12/16/32 with VFAT long names, following Microsoft's "FAT32
 * File System Specification" (FAT type by cluster count, BPB fields, LFN
 * checksum) with Linux's rule that FAT32 is the BPB whose 16-bit FAT size is
 * zero. Every loop is bounded by the volume's cluster count or the 2 MiB
 * limit on a directory, so a corrupt card gives -EBADMSG, never a hang. */
#include "lib/fs/fat.h"
#include "lib/fs/fat_priv.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/string.h"

#define LOG(fs, ...) do { if ((fs)->log) (fs)->log(__VA_ARGS__); } while (0)

#define SECTOR		512u
#define DIRENT		32u
#define ATTR_VOLUME	0x08
#define ATTR_DIR	0x10
#define ATTR_LFN	0x0f
#define LFN_UNITS	(20 * 13)
/* The specification caps a directory at 65536 entries. */
#define DIR_MAX_SECTORS	(65536u * DIRENT / SECTOR)

/* A walk along a cluster chain. Brent's cycle check (compare with a mark
 * moved at powers of two) catches a loop within about twice its length,
 * the step count catches everything else. */

void fat_chain_init(struct fat_chain *ch, uint32_t first)
{
	ch->cur = ch->mark = first;
	ch->steps = 0;
	ch->power = 1;
}

bool fat_cluster_ok(const struct fat_fs *fs, uint32_t c)
{
	return c >= 2 && c <= fs->nclusters + 1;
}

uint64_t fat_cluster_sector(const struct fat_fs *fs, uint32_t c)
{
	return fs->data_start + ((uint64_t)(c - 2) << fs->spc_shift);
}

int fat_entry(struct fat_fs *fs, uint32_t c, uint32_t *val)
{
	uint32_t off, sec, span, n;
	const uint8_t *p;
	int ret;

	off = fs->bits == 12 ? c + c / 2 : c * (fs->bits / 8);
	sec = off / SECTOR;
	off %= SECTOR;
	/* A FAT12 entry may straddle two sectors. */
	span = (fs->bits == 12 && off == SECTOR - 1) ? 2 : 1;
	if (sec + span > fs->fat_sectors)
		return -EBADMSG;
	if (!fs->fat_count || sec < fs->fat_first ||
	    sec + span > fs->fat_first + fs->fat_count) {
		n = MIN(fs->fat_cap, fs->fat_sectors - sec);
		fs->fat_count = 0;
		ret = blk_read(fs->bd, (uint64_t)fs->fat_start + sec, n, fs->fat);
		if (ret)
			return ret;
		fs->fat_first = sec;
		fs->fat_count = n;
	}
	p = fs->fat + (sec - fs->fat_first) * SECTOR + off;
	if (fs->bits == 12)
		*val = (c & 1) ? get_le16(p) >> 4 : get_le16(p) & 0xfff;
	else if (fs->bits == 16)
		*val = get_le16(p);
	else
		*val = get_le32(p) & 0x0fffffff;
	return 0;
}

/* Moves ch one link on. Returns 1, 0 at the end of the chain, or -EBADMSG
 * (with the reason logged) for a link that cannot be right. */
int fat_chain_next(struct fat_fs *fs, struct fat_chain *ch)
{
	uint32_t v, eoc = fs->bits == 12 ? 0xff8 : fs->bits == 16 ? 0xfff8 : 0x0ffffff8;
	int ret;

	ret = fat_entry(fs, ch->cur, &v);
	if (ret)
		return ret;
	if (v >= eoc)
		return 0;
	if (!fat_cluster_ok(fs, v)) {
		LOG(fs, "fat: cluster %u links to %s cluster %u\n", (unsigned)ch->cur,
		    v ? "out-of-range" : "free", (unsigned)v);
		return -EBADMSG;
	}
	ch->cur = v;
	if (v == ch->mark || ++ch->steps > fs->nclusters) {
		LOG(fs, "fat: cluster chain loops at cluster %u\n", (unsigned)v);
		return -EBADMSG;
	}
	if (ch->steps == ch->power) {
		ch->mark = v;
		ch->power <<= 1;
	}
	return 1;
}

int fat_mount(struct fat_fs *fs, struct blockdev *bd, void *work, size_t work_size,
	      fat_log_fn log)
{
	uint32_t bps, spc, reserved, nfats, rootents, total, fatsz, capacity;
	uint64_t data_start;
	uint8_t *b;
	int ret;

	memset(fs, 0, sizeof(*fs));
	fs->bd = bd;
	fs->log = log;
	if (work_size < FAT_WORK_MIN) {
		LOG(fs, "fat: work buffer of %u bytes is too small (need %u)\n",
		    (unsigned)work_size, (unsigned)FAT_WORK_MIN);
		return -EINVAL;
	}
	fs->sec = work;
	fs->lfn = (uint16_t *)(fs->sec + SECTOR);
	fs->name = (char *)fs->lfn + LFN_UNITS * 2;
	fs->fat = (uint8_t *)fs->name + FAT_NAME_MAX + 3;
	fs->fat_cap = (work_size - SECTOR - LFN_UNITS * 2 - FAT_NAME_MAX - 3) / SECTOR;
	/* A bigger window costs more on every miss than it saves. */
	if (fs->fat_cap > FAT_CACHE_SECTORS)
		fs->fat_cap = FAT_CACHE_SECTORS;

	ret = blk_read(bd, 0, 1, fs->sec);
	if (ret)
		return ret;
	b = fs->sec;
	bps = get_le16(b + 0x0b);
	spc = b[0x0d];
	reserved = get_le16(b + 0x0e);
	nfats = b[0x10];
	rootents = get_le16(b + 0x11);
	total = get_le16(b + 0x13);
	if (!total)
		total = get_le32(b + 0x20);
	fatsz = get_le16(b + 0x16);
	fs->bits = fatsz ? 16 : 32;
	if (!fatsz)
		fatsz = get_le32(b + 0x24);

	if (bps != SECTOR) {
		LOG(fs, "fat: %u bytes per sector not supported (only 512)\n", (unsigned)bps);
		return -EINVAL;
	}
	if (!spc || (spc & (spc - 1))) {
		LOG(fs, "fat: bad sectors per cluster %u\n", (unsigned)spc);
		return -EINVAL;
	}
	if (!reserved || !nfats || !fatsz || !total) {
		LOG(fs, "fat: bad BPB (reserved %u, FATs %u, FAT size %u, sectors %u)\n",
		    (unsigned)reserved, (unsigned)nfats, (unsigned)fatsz, (unsigned)total);
		return -EINVAL;
	}
	if (total > bd->nblocks) {
		LOG(fs, "fat: file system has %u sectors, the partition only %u\n",
		    (unsigned)total, (unsigned)MIN(bd->nblocks, 0xffffffffu));
		return -EINVAL;
	}
	fs->spc_shift = (uint8_t)__builtin_ctz(spc);
	fs->fat_start = reserved;
	fs->fat_sectors = fatsz;
	fs->nfats = (uint8_t)MIN(nfats, 255u);
	fs->root_start = (uint32_t)MIN((uint64_t)reserved + (uint64_t)nfats * fatsz, 0xffffffffu);
	fs->root_sectors = (rootents * DIRENT + SECTOR - 1) / SECTOR;
	data_start = (uint64_t)reserved + (uint64_t)nfats * fatsz + fs->root_sectors;
	if (data_start >= total) {
		LOG(fs, "fat: FATs and root directory (%u sectors) fill the whole volume\n",
		    (unsigned)MIN(data_start, 0xffffffffu));
		return -EINVAL;
	}
	fs->data_start = (uint32_t)data_start;
	fs->nclusters = (total - fs->data_start) >> fs->spc_shift;

	if (fs->bits == 32) {
		uint32_t flags = get_le16(b + 0x28);

		fs->root_cluster = get_le32(b + 0x2c);
		if (rootents || get_le16(b + 0x2a)) {
			LOG(fs, "fat: FAT32 BPB with %u root entries, version %u\n",
			    (unsigned)rootents, (unsigned)get_le16(b + 0x2a));
			return -EINVAL;
		}
		/* With mirroring off only the active FAT is kept up to date. */
		if ((flags & 0x80) && (flags & 15) < nfats) {
			fs->fat_start += (flags & 15) * fatsz;
			fs->nfats = 1;
		}
		fs->fsinfo = get_le16(b + 0x30);
		if (fs->nclusters > 0x0ffffff5)
			fs->nclusters = 0x0ffffff5;
	} else {
		if (!rootents) {
			LOG(fs, "fat: FAT12/16 BPB without root directory entries\n");
			return -EINVAL;
		}
		if (fs->nclusters < 4085)
			fs->bits = 12;
		else if (fs->nclusters > 65524) {
			LOG(fs, "fat: %u clusters are too many for FAT16\n",
			    (unsigned)fs->nclusters);
			return -EINVAL;
		}
	}
	if (!fs->nclusters) {
		LOG(fs, "fat: no data clusters\n");
		return -EINVAL;
	}
	capacity = (uint32_t)MIN((uint64_t)fatsz * SECTOR * 8 / fs->bits, 0xffffffffu);
	if (capacity < fs->nclusters + 2) {
		LOG(fs, "fat: FAT of %u sectors cannot hold %u clusters\n", (unsigned)fatsz,
		    (unsigned)fs->nclusters);
		return -EINVAL;
	}
	if (fs->bits == 32 && !fat_cluster_ok(fs, fs->root_cluster)) {
		LOG(fs, "fat: root directory cluster %u out of range\n",
		    (unsigned)fs->root_cluster);
		return -EINVAL;
	}
	return 0;
}

uint8_t fat_lfn_checksum(const uint8_t *shortname)
{
	uint8_t sum = 0;
	int i;

	for (i = 0; i < 11; i++)
		sum = (uint8_t)(((sum & 1) << 7) + (sum >> 1) + shortname[i]);
	return sum;
}

/* Long-name assembly: entries come last part first, numbered down to 1. */
struct lfn_state {
	uint8_t next;   /* sequence number expected next; 0: none pending */
	uint8_t sum;
	uint16_t len;   /* name length in UTF-16 units */
};

static void lfn_add(struct fat_fs *fs, struct lfn_state *ls, const uint8_t *e)
{
	static const uint8_t pos[13] = { 1, 3, 5, 7, 9, 14, 16, 18, 20, 22, 24, 28, 30 };
	uint8_t seq = e[0] & 0x1f;
	uint16_t *u;
	int i;

	if (e[0] & 0x40) {
		if (!seq || seq > 20) {
			ls->next = 0;
			return;
		}
		ls->sum = e[13];
		ls->len = seq * 13;
	} else if (!ls->next || seq != ls->next || e[13] != ls->sum) {
		ls->next = 0;
		return;
	}
	u = fs->lfn + (seq - 1) * 13;
	for (i = 0; i < 13; i++) {
		u[i] = get_le16(e + pos[i]);
		if (!u[i] && (e[0] & 0x40) && ls->len == seq * 13)
			ls->len = (uint16_t)((seq - 1) * 13 + i);
	}
	ls->next = seq - 1;
	/* next == 0 with len set means complete: wait for the short entry. */
	if (!ls->next)
		ls->next = 0xff;
}

/* UTF-16 long name to UTF-8 in fs->name. Returns false for a name that is
 * empty or holds NUL. */
static bool lfn_to_utf8(struct fat_fs *fs, unsigned len)
{
	char *o = fs->name;
	unsigned i;

	if (!len || len > 255)
		return false;
	for (i = 0; i < len; i++) {
		uint32_t c = fs->lfn[i];

		if (!c)
			return false;
		if (c >= 0xd800 && c < 0xdc00 && i + 1 < len &&
		    fs->lfn[i + 1] >= 0xdc00 && fs->lfn[i + 1] < 0xe000) {
			c = 0x10000 + ((c - 0xd800) << 10) + (fs->lfn[++i] - 0xdc00);
			*o++ = (char)(0xf0 | c >> 18);
			*o++ = (char)(0x80 | ((c >> 12) & 0x3f));
			*o++ = (char)(0x80 | ((c >> 6) & 0x3f));
			*o++ = (char)(0x80 | (c & 0x3f));
		} else if (c >= 0xd800 && c < 0xe000) {
			*o++ = '?';
		} else if (c >= 0x800) {
			*o++ = (char)(0xe0 | c >> 12);
			*o++ = (char)(0x80 | ((c >> 6) & 0x3f));
			*o++ = (char)(0x80 | (c & 0x3f));
		} else if (c >= 0x80) {
			*o++ = (char)(0xc0 | c >> 6);
			*o++ = (char)(0x80 | (c & 0x3f));
		} else {
			*o++ = (char)c;
		}
	}
	*o = 0;
	return true;
}

/* The 8.3 name, lower-cased where the NT flags (byte 12) ask for it. */
void fat_short_name(const uint8_t *e, char *o)
{
	int i, n;

	for (n = 8; n > 0 && e[n - 1] == ' '; n--)
		;
	for (i = 0; i < n; i++) {
		char c = (char)(i == 0 && e[0] == 0x05 ? 0xe5 : e[i]);

		*o++ = (e[12] & 0x08) && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
	}
	for (n = 3; n > 0 && e[8 + n - 1] == ' '; n--)
		;
	if (n)
		*o++ = '.';
	for (i = 0; i < n; i++) {
		char c = (char)e[8 + i];

		*o++ = (e[12] & 0x10) && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
	}
	*o = 0;
}

typedef int (*dirent_fn)(struct fat_fs *fs, const uint8_t *e, void *arg);

/* Calls fn with each live entry of the directory starting at cluster (0:
 * the root), its name in fs->name. Stops at the first non-zero return. */
static int dir_scan(struct fat_fs *fs, uint32_t cluster, dirent_fn fn, void *arg)
{
	struct lfn_state ls = { 0, 0, 0 };
	struct fat_chain ch;
	uint64_t sec;
	uint32_t nsec, s, total = 0;
	unsigned i;
	int ret;

	if (!cluster && fs->bits != 32) {
		sec = fs->root_start;
		nsec = fs->root_sectors;
	} else {
		if (!cluster)
			cluster = fs->root_cluster;
		if (!fat_cluster_ok(fs, cluster)) {
			LOG(fs, "fat: directory at out-of-range cluster %u\n", (unsigned)cluster);
			return -EBADMSG;
		}
		fat_chain_init(&ch, cluster);
		sec = fat_cluster_sector(fs, cluster);
		nsec = 1u << fs->spc_shift;
	}
	for (;;) {
		for (s = 0; s < nsec; s++) {
			if (++total > DIR_MAX_SECTORS) {
				LOG(fs, "fat: directory larger than 2 MiB\n");
				return -EBADMSG;
			}
			ret = blk_read(fs->bd, sec + s, 1, fs->sec);
			if (ret)
				return ret;
			/* a long name running on into this sector */
			if (ls.next && fs->run.nsec < 3)
				fs->run.sec[fs->run.nsec++] = sec + s;
			for (i = 0; i < SECTOR; i += DIRENT) {
				const uint8_t *e = fs->sec + i;

				if (!e[0])
					return 0;
				if (e[0] == 0xe5) {
					ls.next = 0;
					continue;
				}
				if ((e[11] & 0x3f) == ATTR_LFN) {
					if (e[0] & 0x40) {
						fs->run.sec[0] = sec + s;
						fs->run.nsec = 1;
						fs->run.first = (uint8_t)(i / DIRENT);
					}
					lfn_add(fs, &ls, e);
					continue;
				}
				if (e[11] & ATTR_VOLUME) {
					ls.next = 0;
					continue;
				}
				if (ls.next != 0xff || ls.sum != fat_lfn_checksum(e) ||
				    !lfn_to_utf8(fs, ls.len)) {
					fat_short_name(e, fs->name);
					fs->run.sec[0] = sec + s;
					fs->run.nsec = 1;
					fs->run.first = (uint8_t)(i / DIRENT);
				}
				fs->run.idx = (uint8_t)(i / DIRENT);
				fs->run.dir = cluster;
				ls.next = 0;
				ret = fn(fs, e, arg);
				if (ret)
					return ret;
			}
		}
		if (!cluster && fs->bits != 32)
			return 0;
		ret = fat_chain_next(fs, &ch);
		if (ret <= 0)
			return ret;
		sec = fat_cluster_sector(fs, ch.cur);
	}
}

static void entry_stat(const struct fat_fs *fs, const uint8_t *e, struct fat_stat *st)
{
	st->is_dir = e[11] & ATTR_DIR;
	st->size = st->is_dir ? 0 : get_le32(e + 28);
	st->cluster = get_le16(e + 26);
	if (fs->bits == 32)
		st->cluster |= (uint32_t)get_le16(e + 20) << 16;
}

struct match {
	const char *name;
	size_t len;
	struct fat_stat *st;
};

static int match_entry(struct fat_fs *fs, const uint8_t *e, void *arg)
{
	struct match *m = arg;
	char alias[13];

	if (strlen(fs->name) != m->len || strncasecmp(fs->name, m->name, m->len)) {
		/* The 8.3 alias of a long name matches too. */
		fat_short_name(e, alias);
		if (strlen(alias) != m->len || strncasecmp(alias, m->name, m->len))
			return 0;
	}
	entry_stat(fs, e, m->st);
	m->st->loc = fs->run;
	return 1;
}

int fat_stat(struct fat_fs *fs, const char *path, struct fat_stat *st)
{
	struct match m = { .st = st };
	const char *p = path;
	int ret;

	st->size = 0;
	st->cluster = 0;
	st->is_dir = true;
	st->loc.nsec = 0;
	while (*p) {
		if (*p == '/') {
			p++;
			continue;
		}
		m.name = p;
		while (*p && *p != '/')
			p++;
		m.len = (size_t)(p - m.name);
		if (!st->is_dir)
			return -ENOTDIR;
		if (m.len > FAT_NAME_MAX)
			return -ENAMETOOLONG;
		if (m.len == 1 && m.name[0] == '.')
			continue;
		/* The root has no ".." entry; like a shell, stay there. */
		if (!st->cluster && m.len == 2 && !strncmp(m.name, "..", 2))
			continue;
		ret = dir_scan(fs, st->cluster, match_entry, &m);
		if (ret < 0)
			return ret;
		if (!ret)
			return -ENOENT;
		/* ".." of a first-level directory points at cluster 0. */
		if (st->is_dir && st->cluster == fs->root_cluster && fs->bits == 32)
			st->cluster = 0;
	}
	return 0;
}

struct lister {
	fat_list_fn fn;
	void *arg;
};

static int list_entry(struct fat_fs *fs, const uint8_t *e, void *arg)
{
	struct lister *l = arg;
	struct fat_stat st;
	int ret;

	if (!strcmp(fs->name, ".") || !strcmp(fs->name, ".."))
		return 0;
	entry_stat(fs, e, &st);
	ret = l->fn(l->arg, fs->name, st.size, st.is_dir);
	/* Keep a positive stop value apart from dir_scan's "found". */
	return ret;
}

int fat_list(struct fat_fs *fs, const char *path, fat_list_fn fn, void *arg)
{
	struct lister l = { fn, arg };
	struct fat_stat st;
	int ret;

	ret = fat_stat(fs, path, &st);
	if (ret)
		return ret;
	if (!st.is_dir)
		return -ENOTDIR;
	return dir_scan(fs, st.cluster, list_entry, &l);
}

/*
 * Follows links to the very next cluster while their FAT16/32 entries are
 * in the cached FAT window: the common case of a contiguous file, without
 * fat_chain_next()'s per-link work (it was most of the time before a large
 * file's first block). A chain that only ever goes one cluster up cannot
 * loop; the step count still bounds it. Returns the links followed, at
 * most max.
 */
static uint32_t chain_skip_contiguous(struct fat_fs *fs, struct fat_chain *ch, uint32_t max)
{
	uint32_t n = 0, width = fs->bits / 8;

	if (fs->bits == 12)
		return 0;
	while (n < max) {
		uint32_t off = ch->cur * width, sec = off / SECTOR, v;
		const uint8_t *p;

		if (!fs->fat_count || sec < fs->fat_first || sec >= fs->fat_first + fs->fat_count)
			break;
		p = fs->fat + (sec - fs->fat_first) * SECTOR + off % SECTOR;
		v = fs->bits == 32 ? get_le32(p) & 0x0fffffff : get_le16(p);
		if (v != ch->cur + 1 || !fat_cluster_ok(fs, v))
			break;
		ch->cur = v;
		n++;
	}
	if (n) {
		ch->steps += n;
		ch->mark = ch->cur;
		while (ch->power <= ch->steps)
			ch->power <<= 1;
	}
	return n;
}

/* Reads len clusters starting at cluster run: whole sectors straight into
 * the caller's buffer, the partial last sector through fs->sec. */
static int read_run(struct fat_fs *fs, uint32_t run, uint32_t len, uint8_t *buf,
		    uint32_t *done, uint32_t size)
{
	uint64_t sec = fat_cluster_sector(fs, run);
	uint32_t cnt = len << fs->spc_shift, full = size / SECTOR;
	uint32_t direct = *done < full ? MIN(cnt, full - *done) : 0;
	int ret;

	if (direct) {
		ret = blk_read(fs->bd, sec, direct, buf + (size_t)*done * SECTOR);
		if (ret)
			return ret;
		*done += direct;
	}
	if (direct < cnt && (size % SECTOR) && *done == full) {
		ret = blk_read(fs->bd, sec + direct, 1, fs->sec);
		if (ret)
			return ret;
		memcpy(buf + (size_t)full * SECTOR, fs->sec, size % SECTOR);
		*done += 1;
	}
	return 0;
}

/* whole: size is the file's, so the chain is checked to end after it; else
 * only the file's first size bytes are read. */
static int read_chain(struct fat_fs *fs, uint32_t first, uint32_t size, uint8_t *buf,
		      bool whole)
{
	uint64_t csize = (uint64_t)SECTOR << fs->spc_shift;
	uint64_t need64 = (size + csize - 1) / csize;
	uint32_t need, n = 0, len, run = first, done = 0;
	struct fat_chain ch;
	int ret;

	if (!size)
		return 0;
	if (need64 > fs->nclusters || !fat_cluster_ok(fs, first)) {
		LOG(fs, "fat: file of %u bytes at cluster %u does not fit the volume\n",
		    (unsigned)size, (unsigned)first);
		return -EBADMSG;
	}
	need = (uint32_t)need64;
	fat_chain_init(&ch, first);
	while (n < need) {
		len = 1;
		while (n + len < need) {
			/* ch.cur is the run's last cluster, run + len - 1 */
			len += chain_skip_contiguous(fs, &ch, need - n - len);
			if (n + len >= need)
				break;
			ret = fat_chain_next(fs, &ch);
			if (ret < 0)
				return ret;
			if (!ret) {
				LOG(fs, "fat: chain ends after %u clusters, file size %u needs %u\n",
				    (unsigned)(n + len), (unsigned)size, (unsigned)need);
				return -EBADMSG;
			}
			if (ch.cur != run + len)
				break;
			len++;
		}
		ret = read_run(fs, run, len, buf, &done, size);
		if (ret)
			return ret;
		n += len;
		run = ch.cur;
	}
	if (!whole)
		return 0;
	/* A chain that goes on past the size is either merely too long (it
	 * ends) or loops; only the walk to its end tells which. */
	ret = fat_chain_next(fs, &ch);
	if (ret <= 0)
		return ret;
	while ((ret = fat_chain_next(fs, &ch)) > 0)
		;
	if (ret < 0)
		return ret;
	LOG(fs, "fat: note: chain at cluster %u is longer than the file size %u\n",
	    (unsigned)first, (unsigned)size);
	return 0;
}

/* The file at path for reading: found, not a directory, its size told. */
static int open_file(struct fat_fs *fs, const char *path, struct fat_stat *st, uint32_t *size)
{
	int ret = fat_stat(fs, path, st);

	if (ret)
		return ret;
	if (st->is_dir)
		return -EISDIR;
	if (size)
		*size = st->size;
	return 0;
}

int fat_read(struct fat_fs *fs, const char *path, void *buf, size_t max, uint32_t *size)
{
	struct fat_stat st;
	int ret = open_file(fs, path, &st, size);

	if (ret)
		return ret;
	if (st.size > max) {
		LOG(fs, "fat: %s is %u bytes, larger than the %u-byte buffer\n", path,
		    (unsigned)st.size, (unsigned)MIN(max, 0xffffffffu));
		return -EFBIG;
	}
	return read_chain(fs, st.cluster, st.size, buf, true);
}

int fat_read_head(struct fat_fs *fs, const char *path, void *buf, size_t max, uint32_t *size)
{
	struct fat_stat st;
	int ret = open_file(fs, path, &st, size);

	if (ret)
		return ret;
	return read_chain(fs, st.cluster, (uint32_t)MIN(st.size, max), buf, st.size <= max);
}
