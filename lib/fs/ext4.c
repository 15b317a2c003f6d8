// SPDX-License-Identifier: GPL-2.0-or-later
/* Read-only ext2/3/4, after the on-disk layout of "ext4 layout"
 * (docs/references.md: superblock, group descriptors, inodes,
 * extent tree, directory entries, checksums). Nothing here loops on what
 * the card says: the extent tree is walked from the root with the depth
 * falling by one per level, symlinks are counted, directories and files are
 * bounded by their size and the caller's buffer. */
#include "lib/fs/ext4.h"
#include "lib/bitops.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/string.h"

/* Metadata fields are little-endian at any alignment: one load each (the
 * cold part runs with the MMU on, where ARMv7 allows unaligned loads from
 * normal memory; little-endian, as all of gtaboot). */
static inline uint32_t le32(const void *p)
{
	uint32_t v;

	__builtin_memcpy(&v, p, 4);
	return v;
}

static inline uint16_t le16(const void *p)
{
	uint16_t v;

	__builtin_memcpy(&v, p, 2);
	return v;
}

#define LOG(fs, ...) do { if ((fs)->log) (fs)->log(__VA_ARGS__); } while (0)

#define COMPAT_JOURNAL		0x4
#define IN_RECOVER		0x4
#define IN_EXTENTS		0x40
#define IN_64BIT		0x80
#define IN_FLEX_BG		0x200
#define IN_CSUM_SEED		0x2000
/* filetype, recover, extents, 64bit, mmp, flex_bg, ea_inode, csum_seed,
 * large_dir, inline_data, encrypt, casefold: nothing a reader of names and
 * block maps must do differently (inline-data and encrypted inodes are
 * refused one by one). Missing: compression, journal_dev, meta_bg, dirdata. */
#define IN_KNOWN		0x3e7c6
#define RO_METADATA_CSUM	0x400

#define FL_COMPR		0x4
#define FL_COMPRBLK		0x200
#define FL_ENCRYPT		0x800
#define FL_INDEX		0x1000
#define FL_EXTENTS		0x80000
#define FL_INLINE		0x10000000

#define S_IFMT			0xf000
#define S_IFDIR			0x4000
#define S_IFLNK			0xa000

#define ROOT_INO		2
#define DEPTH_MAX		32          /* directories in one path */
#define DIR_MAX			(32u << 20) /* bytes of one directory */
#define RUN_MAX			(1u << 15)  /* blocks in one read: < 2^31 bytes */

static const char *const incompat_names[] = {
	"compression", "filetype", "recover", "journal_dev", "meta_bg", "", "extents",
	"64bit", "mmp", "flex_bg", "ea_inode", "", "dirdata",
};

/* Logs fmt with up to two numbers; returns err. */
static __attribute__((noinline)) int say(struct ext4_fs *fs, int err, const char *fmt,
					 unsigned a, unsigned b)
{
	LOG(fs, fmt, a, b);
	return err;
}

static int bad(struct ext4_fs *fs, const char *what, uint32_t ino)
{
	LOG(fs, "ext4: inode %u: %s\n", (unsigned)ino, what);
	return -EBADMSG;
}

int ext4_mount(struct ext4_fs *fs, struct blockdev *bd, void *work, size_t work_size,
	       ext4_log_fn log)
{
	uint32_t logbs, bpg, bits, isize, gd = 32, ngroups;
	uint8_t *sb = work;
	int ret, i;

	memset(fs, 0, sizeof(*fs));
	fs->bd = bd;
	fs->log = log;
	if (work_size < 3 * 1024)
		goto small;
	ret = blk_read(bd, 2, 2, sb);
	if (ret)
		return ret;
	if (le16(sb + 0x38) != 0xef53)
		return -ENOENT;
	logbs = le32(sb + 0x18);
	fs->incompat = le32(sb + 0x60);
	if (le32(sb + 0x4c) > 1 || logbs > 6)
		goto geometry;
	fs->csum = le32(sb + 0x64) & RO_METADATA_CSUM;
	if (fs->csum) {
		if (sb[0x175] != 1 || crc32c(~0u, sb, 0x3fc) != le32(sb + 0x3fc))
			return say(fs, -EBADMSG, "ext4: superblock checksum mismatch\n", 0, 0);
		fs->seed = (fs->incompat & IN_CSUM_SEED) ? le32(sb + 0x270)
							  : crc32c(~0u, sb + 0x68, 16);
	}
	bits = fs->incompat & ~IN_KNOWN;
	for (i = 0; bits; i++, bits >>= 1) {
		if (bits & 1) {
			if (i < (int)ARRAY_SIZE(incompat_names))
				LOG(fs, "ext4: feature %s not supported\n", incompat_names[i]);
			else
				say(fs, 0, "ext4: unknown incompatible feature 0x%x\n", 1u << i, 0);
			ret = -EINVAL;
		}
	}
	if (ret)
		return ret;
	if (fs->incompat & IN_RECOVER)
		say(fs, 0, "ext4: warning: journal needs recovery; reading without it\n", 0, 0);
	fs->bsize = 1024u << logbs;
	fs->shift = (uint8_t)(logbs + 1);
	fs->blocks = le32(sb + 0x4);
	if (fs->incompat & IN_64BIT) {
		gd = le16(sb + 0xfe);
		if (le32(sb + 0x150))
			goto large;
	}
	fs->first_block = le32(sb + 0x14);
	bpg = le32(sb + 0x20);
	fs->ipg = le32(sb + 0x28);
	fs->inodes = le32(sb + 0x0);
	isize = le32(sb + 0x4c) ? le16(sb + 0x58) : 128;
	fs->ishift = (uint8_t)__builtin_ctz(isize | 0x10000);
	fs->gshift = (uint8_t)__builtin_ctz(gd | 0x10000);
	fs->ext4 = fs->incompat & (IN_EXTENTS | IN_64BIT | IN_FLEX_BG);
	fs->journal = le32(sb + 0x5c) & COMPAT_JOURNAL;
	if (fs->first_block > 1 || fs->blocks <= fs->first_block || !bpg ||
	    bpg > 8 * fs->bsize || !fs->ipg || fs->ipg > 8 * fs->bsize ||
	    isize < 128 || isize > fs->bsize || isize != 1u << fs->ishift ||
	    gd < 32 || gd > 512 || gd != 1u << fs->gshift)
		goto geometry;
	if (fs->blocks > bd->nblocks >> fs->shift || bd->nblocks >> 32)
		goto large;
	ngroups = (fs->blocks - fs->first_block - 1) / bpg + 1;
	/* The descriptor table must fit behind the superblock. */
	if (!fs->inodes || (fs->inodes - 1) / fs->ipg >= ngroups ||
	    ((ngroups - 1) >> (logbs + 10 - fs->gshift)) + 2 + fs->first_block >= fs->blocks)
		goto geometry;
	if (work_size < 3 * (size_t)fs->bsize)
		goto small;
	fs->blk = work;
	fs->node = fs->blk + fs->bsize;
	fs->ibuf = fs->node + fs->bsize;
	return 0;
geometry:
	return say(fs, -EINVAL, "ext4: bad superblock geometry\n",
		   0, 0);
large:
	return say(fs, -EINVAL, "ext4: file system larger than its partition\n", 0, 0);
small:
	return say(fs, -EINVAL, "ext4: work buffer too small\n", 0, 0);
}

const char *ext4_kind(const struct ext4_fs *fs)
{
	return fs->ext4 ? "ext4" : fs->journal ? "ext3" : "ext2";
}

static int read_inode(struct ext4_fs *fs, uint32_t ino, struct ext4_inode *in)
{
	uint32_t g, idx, want, crc, extra, isize = 1u << fs->ishift, sec, table;
	uint8_t le[4], *d, *p = fs->ibuf;
	bool hi;
	int ret;

	if (!ino || ino > fs->inodes)
		return bad(fs, "out of range", ino);
	g = (ino - 1) / fs->ipg;
	idx = (ino - 1) % fs->ipg;
	/* The descriptor table starts in the block after the superblock. */
	sec = ((fs->first_block + 1) << fs->shift) + (g >> (9 - fs->gshift));
	ret = blk_read(fs->bd, sec, 1, p);
	if (ret)
		return ret;
	d = p + ((g << fs->gshift) & 511);
	if (fs->csum) {
		want = le16(d + 0x1e);
		memset(d + 0x1e, 0, 2);
		memcpy(le, &g, 4); /* little-endian machines only, as all of gtaboot */
		if ((crc32c(crc32c(fs->seed, le, 4), d, 1u << fs->gshift) & 0xffff) != want)
			return say(fs, -EBADMSG, "ext4: group %u descriptor checksum mismatch\n",
				   g, 0);
	}
	table = le32(d + 8);
	/* A table above 2^32 blocks cannot be on the partition. */
	if (fs->gshift >= 6 && le32(d + 0x28))
		table = 0;
	table += idx >> (fs->shift + 9 - fs->ishift);
	if (!table || table >= fs->blocks)
		return bad(fs, "inode table out of range", ino);
	sec = (table << fs->shift) + (((idx << fs->ishift) & (fs->bsize - 1)) >> 9);
	ret = blk_read(fs->bd, sec, isize > 512 ? isize / 512 : 1, p);
	if (ret)
		return ret;
	p += (idx << fs->ishift) & 511;
	in->seed = 0;
	if (fs->csum) {
		extra = isize > 128 ? le16(p + 0x80) : 0;
		hi = extra >= 4 && 128 + extra <= isize;
		want = le16(p + 0x7c) | (hi ? (uint32_t)le16(p + 0x82) << 16 : 0);
		memset(p + 0x7c, 0, 2);
		if (hi)
			memset(p + 0x82, 0, 2);
		memcpy(le, &ino, 4);
		in->seed = crc32c(crc32c(fs->seed, le, 4), p + 0x64, 4);
		crc = crc32c(in->seed, p, isize);
		if ((hi ? crc : crc & 0xffff) != want)
			return bad(fs, "checksum mismatch", ino);
	}
	in->ino = ino;
	in->mode = le16(p);
	in->size = le32(p + 0x6c) ? 0xffffffffu : le32(p + 4);
	in->flags = le32(p + 0x20);
	memcpy(in->iblock, p + 0x28, sizeof(in->iblock));
	return 0;
}

/* Encrypted, compressed and inline-data inodes keep their bytes in ways
 * this reader does not follow: say so rather than return garbage. */
static int readable(struct ext4_fs *fs, const struct ext4_inode *in)
{
	const char *why = (in->flags & FL_ENCRYPT) ? "encrypted"
			  : (in->flags & (FL_COMPR | FL_COMPRBLK)) ? "compressed"
			  : (in->flags & FL_INLINE) ? "inline data" : NULL;

	if (!why)
		return 0;
	LOG(fs, "ext4: inode %u: %s: not supported\n", (unsigned)in->ino, why);
	return -ENOTSUP;
}

static int block_ok(struct ext4_fs *fs, uint32_t b, uint32_t n, uint32_t ino)
{
	if (b && b < fs->blocks && n <= fs->blocks - b)
		return 0;
	return say(fs, -EBADMSG, "ext4: inode %u: block %u out of range\n", ino, b);
}

/* Brings block b of in's tree into fs->node; extent blocks are checked
 * against their checksum once, when read. */
static int load_node(struct ext4_fs *fs, const struct ext4_inode *in, uint32_t b, bool ext)
{
	uint32_t t;
	int ret;

	if (fs->node_blk == b && fs->node_ino == in->ino)
		return 0;
	fs->node_blk = 0;
	ret = block_ok(fs, b, 1, in->ino);
	if (!ret)
		ret = blk_read(fs->bd, b << fs->shift, 1u << fs->shift, fs->node);
	if (ret)
		return ret;
	if (ext && fs->csum) {
		t = 12 + 12 * (uint32_t)le16(fs->node + 4);
		if (t + 4 > fs->bsize || crc32c(in->seed, fs->node, t) != le32(fs->node + t))
			return bad(fs, "extent block checksum mismatch", in->ino);
	}
	fs->node_blk = b;
	fs->node_ino = in->ino;
	return 0;
}

/* Logical block lb of an extent-mapped inode: *pb (0 for a hole or an
 * unwritten extent) and *len, the blocks the answer holds for. */
static int ext_map(struct ext4_fs *fs, const struct ext4_inode *in, uint32_t lb, uint32_t *pb,
		   uint32_t *len)
{
	const uint8_t *h = in->iblock, *e;
	uint32_t size = sizeof(in->iblock), depth = 6, limit = 0xffffffff, n, max, d, i;
	uint32_t start, elen;
	int ret;

	for (;;) {
		n = le16(h + 2);
		max = le16(h + 4);
		d = le16(h + 6);
		/* The root may have any depth up to 5, each child one less. */
		if (le16(h) != 0xf30a || n > max || 12 + 12 * max > size || d >= depth ||
		    (h != in->iblock && d + 1 != depth))
			return bad(fs, "bad extent header", in->ino);
		depth = d;
		/* Entries are sorted: take the last that starts at or before lb. */
		for (i = 0; i < n && le32(h + 12 + 12 * i) <= lb; i++)
			;
		if (i < n)
			limit = MIN(limit, le32(h + 12 + 12 * i));
		*pb = 0;
		*len = limit - lb;
		if (!i)
			return 0;
		e = h + 12 * i;
		start = le32(e);
		if (!d) {
			elen = le16(e + 4);
			if (lb - start < (elen > 32768 ? elen - 32768 : elen)) {
				*len = (elen > 32768 ? elen - 32768 : elen) - (lb - start);
				/* Past 2^32 blocks is past the partition: ~0 fails
				 * the range check. */
				if (elen <= 32768)
					*pb = le16(e + 6) || le32(e + 8) >= fs->blocks ? ~0u
					      : le32(e + 8) + lb - start;
			}
			return 0;
		}
		ret = load_node(fs, in, le16(e + 8) ? ~0u : le32(e + 4), true);
		if (ret)
			return ret;
		h = fs->node;
		size = fs->bsize;
	}
}

/* The same for ext2/3's direct and indirect blocks, one block at a time
 * (read_data merges consecutive ones into one read; the indirect block in
 * use stays in fs->node). */
static int ind_map(struct ext4_fs *fs, const struct ext4_inode *in, uint32_t lb, uint32_t *pb,
		   uint32_t *len)
{
	uint32_t bits = fs->shift + 7, b, lvl, key;
	int ret;

	*len = 1;
	if (lb < 12) {
		*pb = le32(in->iblock + 4 * lb);
		return 0;
	}
	lb -= 12;
	for (lvl = 1; lvl <= 3 && bits * lvl < 32 && lb >> (bits * lvl); lvl++)
		lb -= 1u << (bits * lvl);
	if (lvl > 3)
		return bad(fs, "block map too deep", in->ino);
	b = le32(in->iblock + 4 * (11 + lvl));
	/* The last-level block of the previous answer is still in fs->node
	 * (double and triple indirect would otherwise read two or three
	 * blocks for every block). */
	key = lvl << 30 | lb >> bits;
	if (fs->node_ino == in->ino && fs->node_blk && fs->node_blk == fs->ind_blk &&
	    fs->ind_key == key)
		lvl = 1, b = fs->ind_blk;
	else
		fs->ind_key = ~0u;
	while (b && lvl--) {
		ret = load_node(fs, in, b, false);
		if (ret)
			return ret;
		if (!lvl) {
			fs->ind_blk = b;
			fs->ind_key = key;
		}
		b = le32(fs->node + 4 * ((lb >> (bits * lvl)) & ((1u << bits) - 1)));
	}
	*pb = b;
	return 0;
}

static int map(struct ext4_fs *fs, const struct ext4_inode *in, uint32_t lb, uint32_t *pb,
	       uint32_t *len)
{
	return (in->flags & FL_EXTENTS) ? ext_map(fs, in, lb, pb, len)
					: ind_map(fs, in, lb, pb, len);
}

/* Blocks [lb, lb + n) at pb into buf, which ends at size: whole sectors
 * straight in, a last partial sector through fs->blk. */
static int read_run(struct ext4_fs *fs, const struct ext4_inode *in, uint8_t *buf, uint32_t size,
		    uint32_t lb, uint32_t pb, uint32_t n)
{
	uint32_t off = lb << (fs->shift + 9), len = MIN(n << (fs->shift + 9), size - off);
	uint32_t secs = len >> 9, rest = len & 511;
	int ret;

	if (!n)
		return 0;
	ret = block_ok(fs, pb, n, in->ino);
	if (!ret && secs)
		ret = blk_read(fs->bd, pb << fs->shift, secs, buf + off);
	if (!ret && rest) {
		ret = blk_read(fs->bd, (pb << fs->shift) + secs, 1, fs->blk);
		memcpy(buf + off + secs * 512, fs->blk, rest);
	}
	return ret;
}

static int read_data(struct ext4_fs *fs, const struct ext4_inode *in, uint8_t *buf,
		     uint32_t size)
{
	uint32_t nblk = (size >> (fs->shift + 9)) + !!(size & (fs->bsize - 1));
	uint32_t lb = 0, len, run_lb = 0, run_n = 0;
	uint32_t pb, run_pb = 0, off;
	int ret = readable(fs, in);

	while (!ret && lb < nblk) {
		ret = map(fs, in, lb, &pb, &len);
		if (ret)
			return ret;
		len = MIN(len, MIN(nblk - lb, RUN_MAX));
		if (pb && run_n && pb == run_pb + run_n && run_n + len <= RUN_MAX) {
			run_n += len;
		} else {
			ret = read_run(fs, in, buf, size, run_lb, run_pb, run_n);
			run_lb = lb;
			run_pb = pb;
			run_n = pb ? len : 0;
			if (!pb) {
				off = lb << (fs->shift + 9);
				memset(buf + off, 0, MIN(len << (fs->shift + 9), size - off));
			}
		}
		lb += len;
	}
	return ret ? ret : read_run(fs, in, buf, size, run_lb, run_pb, run_n);
}

typedef int (*dirent_fn)(struct ext4_fs *fs, const uint8_t *e, void *arg);

/* Calls fn with each live entry of dir (whatever the block holds: linear
 * and htree leaf blocks alike) until it returns non-zero. */
static int dir_scan(struct ext4_fs *fs, const struct ext4_inode *dir, dirent_fn fn, void *arg)
{
	uint32_t nblk, lb, len, off, end, rl;
	const uint8_t *e, *t;
	uint32_t pb;
	int ret = readable(fs, dir);

	if (ret)
		return ret;
	if (dir->size > DIR_MAX)
		return bad(fs, "directory too large", dir->ino);
	nblk = dir->size >> (fs->shift + 9);
	for (lb = 0; lb < nblk; lb += pb ? 1 : len) {
		ret = map(fs, dir, lb, &pb, &len);
		if (!ret && pb)
			ret = read_run(fs, dir, fs->blk, fs->bsize, 0, pb, 1);
		if (ret)
			return ret;
		if (!pb)
			continue;
		end = fs->bsize;
		if (fs->csum) {
			/* Leaf blocks end in a checksum entry; htree index
			 * blocks have their own tail and no names to read. */
			t = fs->blk + end - 12;
			if (le32(t) || le16(t + 4) != 12 || t[6] || t[7] != 0xde) {
				if (dir->flags & FL_INDEX)
					continue;
				return bad(fs, "directory block checksum mismatch", dir->ino);
			}
			if (crc32c(dir->seed, fs->blk, end - 12) != le32(t + 8))
				return bad(fs, "directory block checksum mismatch", dir->ino);
			end -= 12;
		}
		for (off = 0; off < end; off += rl) {
			e = fs->blk + off;
			rl = end - off >= 8 ? le16(e + 4) : 0;
			/* 64 KiB blocks store a rec_len of 65536 as 0 or 65535. */
			if (fs->bsize == 65536)
				rl = (rl == 0 || rl == 65535) ? 65536 : (rl & 65532) | (rl & 3) << 16;
			if (rl < 8 || (rl & 3) || rl > end - off || e[6] + 8u > rl)
				return bad(fs, "corrupt directory entry", dir->ino);
			if (le32(e) && e[6]) {
				ret = fn(fs, e, arg);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

struct match {
	const char *name;
	uint32_t len, ino;
};

static int match_entry(struct ext4_fs *fs, const uint8_t *e, void *arg)
{
	struct match *m = arg;

	if (e[6] != m->len || memcmp(e + 8, m->name, m->len))
		return 0;
	m->ino = le32(e);
	return 1;
}

/* The target of symlink in, NUL-terminated, into out (EXT4_PATH_MAX). */
static int read_link(struct ext4_fs *fs, const struct ext4_inode *in, char *out)
{
	int ret = readable(fs, in);

	if (ret)
		return ret;
	if (!in->size || in->size >= EXT4_PATH_MAX)
		return bad(fs, "bad symlink", in->ino);
	/* e2fsprogs' rule: under 60 bytes the target sits in i_block. */
	if (in->size < sizeof(in->iblock))
		memcpy(out, in->iblock, in->size);
	else if ((ret = read_data(fs, in, (uint8_t *)out, in->size)))
		return ret;
	out[in->size] = 0;
	return strlen(out) == in->size ? 0 : bad(fs, "bad symlink", in->ino);
}

/* Resolves path from the root into *in, following every symlink. ".."
 * goes back along the path as walked (the directories' own ".." entries
 * are never needed), so an absolute link restarts at the root and a
 * relative one goes on from the directory holding it. */
static int lookup(struct ext4_fs *fs, const char *path, struct ext4_inode *in)
{
	char buf[EXT4_PATH_MAX], tgt[EXT4_PATH_MAX];
	uint32_t stack[DEPTH_MAX], depth = 0, links = 0;
	struct match m;
	const char *p;
	size_t tl;
	int ret;

	tl = strlen(path);
	if (tl >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, tl + 1);
	p = buf;
	stack[0] = ROOT_INO;
	for (;;) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		m.name = p;
		while (*p && *p != '/')
			p++;
		m.len = (uint32_t)(p - m.name);
		if (m.len == 1 && m.name[0] == '.')
			continue;
		if (m.len == 2 && !memcmp(m.name, "..", 2)) {
			depth -= depth > 0;
			continue;
		}
		ret = read_inode(fs, stack[depth], in);
		if (ret)
			return ret;
		if ((in->mode & S_IFMT) != S_IFDIR)
			return -ENOTDIR;
		if (m.len > 255)
			return -ENAMETOOLONG;
		ret = dir_scan(fs, in, match_entry, &m);
		if (ret < 0)
			return ret;
		if (!ret)
			return -ENOENT;
		ret = read_inode(fs, m.ino, in);
		if (ret)
			return ret;
		if ((in->mode & S_IFMT) == S_IFLNK) {
			/* The caller names -ELOOP. */
			if (++links > EXT4_SYMLINKS_MAX)
				return -ELOOP;
			ret = read_link(fs, in, tgt);
			if (ret)
				return ret;
			tl = strlen(tgt);
			if (tl + 1 + strlen(p) >= sizeof(buf))
				return -ENAMETOOLONG;
			memmove(buf + tl, p, strlen(p) + 1);
			memcpy(buf, tgt, tl);
			p = buf;
			if (tgt[0] == '/')
				depth = 0;
			continue;
		}
		if (++depth >= DEPTH_MAX)
			return -ENAMETOOLONG;
		stack[depth] = m.ino;
	}
	return read_inode(fs, stack[depth], in);
}

int ext4_stat(struct ext4_fs *fs, const char *path, struct ext4_stat *st)
{
	struct ext4_inode in;
	int ret = lookup(fs, path, &in);

	if (ret)
		return ret;
	st->size = in.size;
	st->is_dir = (in.mode & S_IFMT) == S_IFDIR;
	return 0;
}

struct lister {
	ext4_list_fn fn;
	void *arg;
};

static int list_entry(struct ext4_fs *fs, const uint8_t *e, void *arg)
{
	struct lister *l = arg;
	struct ext4_inode in;
	char name[256];
	int ret;

	memcpy(name, e + 8, e[6]);
	name[e[6]] = 0;
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return 0;
	ret = read_inode(fs, le32(e), &in);
	if (ret)
		return ret;
	return l->fn(l->arg, name, (uint32_t)MIN(in.size, 0xffffffffu),
		     (in.mode & S_IFMT) == S_IFDIR);
}

int ext4_list(struct ext4_fs *fs, const char *path, ext4_list_fn fn, void *arg)
{
	struct lister l = { fn, arg };
	struct ext4_inode in;
	int ret = lookup(fs, path, &in);

	if (ret)
		return ret;
	if ((in.mode & S_IFMT) != S_IFDIR)
		return -ENOTDIR;
	return dir_scan(fs, &in, list_entry, &l);
}

/* The file at path for reading: found, not a directory, its size told. */
static int open_file(struct ext4_fs *fs, const char *path, struct ext4_inode *in, uint32_t *size)
{
	int ret = lookup(fs, path, in);

	if (ret)
		return ret;
	if ((in->mode & S_IFMT) == S_IFDIR)
		return -EISDIR;
	if (size)
		*size = (uint32_t)MIN(in->size, 0xffffffffu);
	return 0;
}

int ext4_read(struct ext4_fs *fs, const char *path, void *buf, size_t max, uint32_t *size)
{
	struct ext4_inode in;
	int ret = open_file(fs, path, &in, size);

	if (ret)
		return ret;
	if (in.size > max)
		return -EFBIG;
	return read_data(fs, &in, buf, in.size);
}

int ext4_read_head(struct ext4_fs *fs, const char *path, void *buf, size_t max, uint32_t *size)
{
	struct ext4_inode in;
	int ret = open_file(fs, path, &in, size);

	if (ret)
		return ret;
	return read_data(fs, &in, buf, (uint32_t)MIN(in.size, max));
}

/* For lib/fs/ext4_write.c (lib/fs/ext4_priv.h). */
int ext4_lookup(struct ext4_fs *fs, const char *path, struct ext4_inode *in)
{
	return lookup(fs, path, in);
}

int ext4_map(struct ext4_fs *fs, const struct ext4_inode *in, uint32_t lb, uint32_t *pb,
	     uint32_t *len)
{
	int ret = readable(fs, in);

	return ret ? ret : map(fs, in, lb, pb, len);
}
