// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/fs/ext4 (through lib/fs/fs) on images made by mke2fs -d and
 * debugfs (tests/unit/mkext4.sh): ext2/3/4, 1, 4 and 64 KiB blocks, with and
 * without metadata_csum and 64bit; every file compared with its host copy,
 * a kernel fragmented over an extent tree of depth 1, a 3000-entry htree
 * directory, every kind of symlink, merged multi-block reads, and corrupt
 * images (checksums, extent loops, blocks out of range, truncation,
 * features) that must give a named error. And lib/fs/part's partition scan. */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <dirent.h>

#include "tests/unit/helpers.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/fs/fs.h"
#include "lib/fs/part.h"

static char imgdir[PATH_MAX + 64];
static uint8_t work[FS_WORK_SIZE];

struct image {
	const char *name, *kind;
	bool csum, htree;
};

static const struct image images[] = {
	{ "ext2_1k", "ext2", false, true },
	{ "ext3_4k", "ext3", false, true },
	{ "ext4_1k", "ext4", false, true },
	{ "ext4_csum", "ext4", true, true },
	{ "ext4_csum_1k", "ext4", true, true },
	{ "ext4_64k", "ext4", true, false },   /* no /many: 3000 64 KiB blocks */
};
#define NIMAGES (sizeof(images) / sizeof(images[0]))

static int build_images(void **state)
{
	snprintf(imgdir, sizeof(imgdir), "%s", scratch_dir("ext4img"));
	if (sh("'%s/tests/unit/mkext4.sh' '%s'", repo_root(), imgdir)) {
		fprintf(stderr, "mkext4.sh failed\n");
		return -1;
	}
	return 0;
}

/* A whole image in memory (so that it can be corrupted), as a block
 * device, mounted. */
struct opened {
	uint8_t *mem;
	size_t len;
	struct test_bd bd;
	struct fs fs;
};

static void load(struct opened *o, const char *name)
{
	char path[PATH_MAX + 128];

	snprintf(path, sizeof(path), "%s/%s.img", imgdir, name);
	o->mem = slurp(path, &o->len);
	assert_non_null(o->mem);
	test_bd_mem(&o->bd, o->mem, o->len);
}

static int mount(struct opened *o)
{
	test_log_clear();
	return fs_mount(&o->fs, &o->bd.bd, work, sizeof(work), test_log);
}

static void open_image(struct opened *o, const char *name)
{
	load(o, name);
	if (mount(o))
		fprintf(stderr, "%s: %s", name, test_log_buf);
	assert_int_equal(o->fs.type, FS_EXT4);
}

static void close_image(struct opened *o)
{
	free(o->mem);
}

/* NAME.info: key=value lines that mkext4.sh took from debugfs. */
static long info(const char *name, const char *key)
{
	char path[PATH_MAX + 128], line[256];
	size_t klen = strlen(key);
	FILE *f;
	long v = -1;

	snprintf(path, sizeof(path), "%s/%s.info", imgdir, name);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, klen) && line[klen] == '=')
			v = strtol(line + klen + 1, NULL, 0);
	fclose(f);
	return v;
}

static uint8_t filebuf[16 << 20];
static size_t filebuf_dirty = sizeof(filebuf);

/* Reads path into filebuf; checks that nothing past the size was written.
 * Only what the last read may have written is filled again (16 MiB per
 * file of a 3000-file tree was most of this test's time). A read that
 * wrote further than that leaves bytes a later check finds: a failure,
 * never a pass. */
static int read_file(struct opened *o, const char *path, uint32_t *size)
{
	int ret;

	memset(filebuf, 0xa5, filebuf_dirty);
	filebuf_dirty = sizeof(filebuf);
	ret = fs_read(&o->fs, path, filebuf, sizeof(filebuf) - 4096, size);
	if (!ret) {
		assert_int_equal(filebuf[*size], 0xa5);
		assert_int_equal(filebuf[*size + 4095], 0xa5);
		filebuf_dirty = *size + 4096;
	}
	return ret;
}

static int compare_tree(struct opened *o, const char *imname, const char *skip)
{
	char cmd[PATH_MAX + 64], line[PATH_MAX];
	FILE *p;
	int n = 0;

	snprintf(cmd, sizeof(cmd), "cd '%s/tree' && find . -type f", imgdir);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p)) {
		char host[PATH_MAX * 3];
		uint8_t *want;
		size_t wlen;
		uint32_t size = 0;
		int ret;

		line[strcspn(line, "\n")] = 0;
		if (skip && !strncmp(line + 1, skip, strlen(skip)))
			continue;
		snprintf(host, sizeof(host), "%s/tree/%s", imgdir, line + 2);
		want = slurp(host, &wlen);
		assert_non_null(want);
		test_log_clear();
		ret = read_file(o, line + 1, &size);
		if (ret)
			fprintf(stderr, "%s: %s: %d %s", imname, line + 1, ret, test_log_buf);
		assert_int_equal(ret, 0);
		assert_int_equal(size, wlen);
		assert_memory_equal(filebuf, want, wlen);
		free(want);
		n++;
	}
	pclose(p);
	return n;
}

static void test_read_all_files(void **state)
{
	for (size_t i = 0; i < NIMAGES; i++) {
		struct opened o;

		open_image(&o, images[i].name);
		assert_string_equal(fs_kind(&o.fs), images[i].kind);
		assert_int_equal(o.fs.u.ext4.csum, images[i].csum);
		assert_int_equal(compare_tree(&o, images[i].name, images[i].htree ? NULL : "/many"),
				 images[i].htree ? 3022 : 22);
		close_image(&o);
	}
}

static void expect_same(struct opened *o, const char *path, const char *hostpath)
{
	char host[PATH_MAX * 2];
	uint8_t *want;
	size_t wlen;
	uint32_t size;
	int ret;

	snprintf(host, sizeof(host), "%s/tree/%s", imgdir, hostpath);
	want = slurp(host, &wlen);
	assert_non_null(want);
	test_log_clear();
	ret = read_file(o, path, &size);
	if (ret)
		fprintf(stderr, "%s: %d %s", path, ret, test_log_buf);
	assert_int_equal(ret, 0);
	assert_int_equal(size, wlen);
	assert_memory_equal(filebuf, want, wlen);
	free(want);
}

static void test_symlinks(void **state)
{
	static const char *const good[] = {
		"/links/fast", "/links/abs", "/links/slow", "/links/dirlink/small.bin",
		"/links/chain1", "/links/up/up/up/fast", "/links/dirlink/../data/small.bin",
		"/links/../links/./abs", "/data/../links/fast",
	};
	for (size_t i = 0; i < NIMAGES; i++) {
		struct opened o;
		struct fs_stat st;
		uint32_t size;

		open_image(&o, images[i].name);
		for (size_t k = 0; k < sizeof(good) / sizeof(good[0]); k++)
			expect_same(&o, good[k], "data/small.bin");
		/* Debian's /vmlinuz and /initrd.img, relative into /boot. */
		expect_same(&o, "/vmlinuz", "boot/vmlinuz-6.1.0-57-armmp");
		expect_same(&o, "/initrd.img", "boot/initrd.img-6.1.0-57-armmp");
		/* chain0 is nine links: one too many; loops never end. */
		assert_int_equal(read_file(&o, "/links/chain0", &size), -ELOOP);
		assert_int_equal(read_file(&o, "/links/loop1", &size), -ELOOP);
		assert_int_equal(read_file(&o, "/links/self", &size), -ELOOP);
		assert_int_equal(fs_stat(&o.fs, "/links/loop2/x", &st), -ELOOP);
		assert_int_equal(read_file(&o, "/links/dangling", &size), -ENOENT);
		assert_int_equal(fs_stat(&o.fs, "/links/dirlink", &st), 0);
		assert_true(st.is_dir);
		assert_int_equal(read_file(&o, "/links/dirlink", &size), -EISDIR);
		close_image(&o);
	}
}

struct listing {
	unsigned n, dirs;
	uint64_t sizes;
	bool saw_dot;
};

static int collect(void *arg, const char *name, uint32_t size, bool is_dir)
{
	struct listing *l = arg;

	l->n++;
	l->dirs += is_dir;
	l->sizes += size;
	l->saw_dot |= !strcmp(name, ".") || !strcmp(name, "..");
	return 0;
}

static void test_listing_and_lookup(void **state)
{
	for (size_t i = 0; i < NIMAGES; i++) {
		struct opened o;
		struct listing l = { 0 };
		struct fs_stat st;
		uint64_t want = 0;

		open_image(&o, images[i].name);
		if (images[i].htree) {
			/* The 3000-file directory is indexed (EXT4_INDEX_FL). */
			assert_true(info(images[i].name, "many_flags") & 0x1000);
			assert_int_equal(fs_list(&o.fs, "/many", collect, &l), 0);
			assert_int_equal(l.n, 3000);
			assert_int_equal(l.dirs, 0);
			for (unsigned k = 0; k < 3000; k++)
				want += (k * 7) % 50;
			assert_int_equal(l.sizes, want);
			assert_false(l.saw_dot);
			expect_same(&o, "/many/file-2999-with-a-longer-name.txt",
				    "many/file-2999-with-a-longer-name.txt");
		}
		memset(&l, 0, sizeof(l));
		assert_int_equal(fs_list(&o.fs, "/links", collect, &l), 0);
		assert_int_equal(l.n, 18);
		memset(&l, 0, sizeof(l));
		assert_int_equal(fs_list(&o.fs, "/emptydir", collect, &l), 0);
		assert_int_equal(l.n, 0);
		assert_int_equal(fs_list(&o.fs, "/data/small.bin", collect, &l), -ENOTDIR);
		assert_int_equal(fs_stat(&o.fs, "/data/small.bin/x", &st), -ENOTDIR);
		assert_int_equal(fs_stat(&o.fs, "/nothing", &st), -ENOENT);
		assert_int_equal(fs_stat(&o.fs, "/Data", &st), -ENOENT); /* case matters */
		assert_int_equal(fs_stat(&o.fs, "/", &st), 0);
		assert_true(st.is_dir);
		assert_int_equal(fs_stat(&o.fs, "//a/b/c/d/e/f/deep.bin", &st), 0);
		assert_int_equal(st.size, 777);
		assert_int_equal(fs_stat(&o.fs, "/../../data/size4097", &st), 0);
		assert_int_equal(st.size, 4097);
		close_image(&o);
	}
}

/* A file over many extents is read with one read per extent (plus the
 * index block); a contiguous one with one read. */
static void test_merged_reads(void **state)
{
	for (size_t i = 0; i < NIMAGES; i++) {
		struct opened o;
		struct fs_stat st;
		long extents = info(images[i].name, "extents");
		uint32_t size;
		unsigned lookup;

		open_image(&o, images[i].name);
		if (strcmp(images[i].kind, "ext4")) {
			assert_int_equal(extents, 0);
		} else {
			assert_int_equal(info(images[i].name, "depth"), 1);
			assert_true(extents >= 40);
		}
		/* What the lookup costs is counted apart. */
		test_bd_reset_counts(&o.bd);
		assert_int_equal(fs_stat(&o.fs, "/frag", &st), 0);
		lookup = o.bd.reads;
		test_bd_reset_counts(&o.bd);
		assert_int_equal(read_file(&o, "/frag", &size), 0);
		/* One read per extent, the index block, the last sector. */
		if (extents > 0 && o.bd.reads - lookup > (unsigned)extents + 2)
			fail_msg("%s: %u reads for %ld extents", images[i].name,
				 o.bd.reads - lookup, extents);
		test_bd_reset_counts(&o.bd);
		assert_int_equal(fs_stat(&o.fs, "/boot/vmlinuz-6.1.0-57-armmp", &st), 0);
		lookup = o.bd.reads;
		test_bd_reset_counts(&o.bd);
		assert_int_equal(read_file(&o, "/boot/vmlinuz-6.1.0-57-armmp", &size), 0);
		o.bd.reads -= lookup;
		assert_int_equal(size, 2500000);
		/* ext2/3 map blocks through indirect blocks in between. */
		if (!strcmp(images[i].kind, "ext4")) {
			/* mke2fs puts a big file in a few extents (around the
			 * block groups' metadata): one read each, and the tail. */
			assert_true(o.bd.reads <= info(images[i].name, "vm_extents") + 1);
			assert_true(o.bd.max_count >= 1000000 / 512);
		} else {
			/* One indirect block per 256 (1 KiB) or 1024 blocks. */
			assert_true(o.bd.reads <= 50);
			assert_true(o.bd.max_count >= 256 * 2);
		}
		close_image(&o);
	}
}

static void test_sparse_and_small_buffer(void **state)
{
	struct opened o;
	uint32_t size;

	open_image(&o, "ext4_csum");
	test_bd_reset_counts(&o.bd);
	assert_int_equal(read_file(&o, "/data/sparse", &size), 0);
	assert_int_equal(size, 8 << 20);
	/* Only the two written pieces come from the card. */
	assert_true(o.bd.sectors < 100);
	assert_int_equal(fs_read(&o.fs, "/data/size70001", filebuf, 70000, &size), -EFBIG);
	assert_int_equal(size, 70001);
	/* The head of it: what fits, the same bytes as the whole read gives,
	 * nothing written past it (a uEnv.txt too large, issue #24). */
	{
		static uint8_t whole[70001];

		assert_int_equal(fs_read(&o.fs, "/data/size70001", whole, sizeof(whole), &size), 0);
		memset(filebuf, 0xA5, 70000);
		assert_int_equal(fs_read_head(&o.fs, "/data/size70001", filebuf, 69999, &size), 0);
		assert_int_equal(size, 70001);
		assert_memory_equal(filebuf, whole, 69999);
		assert_int_equal(filebuf[69999], 0xA5);
		assert_int_equal(fs_read_head(&o.fs, "/data/size70001", filebuf, 80000, &size), 0);
		assert_memory_equal(filebuf, whole, 70001);
	}
	assert_int_equal(fs_read(&o.fs, "/data", filebuf, 70000, &size), -EISDIR);
	filebuf_dirty = sizeof(filebuf);   /* written here without read_file */
	close_image(&o);
}

/* Corrupt in memory at byte offset off with xor; expect err and msg on
 * the operation (read of path, list when list) after mounting. */
static void expect_corrupt(const char *name, size_t off, uint8_t xor, const char *path, bool list,
			   int err, const char *msg)
{
	struct opened o;
	struct listing l = { 0 };
	uint32_t size;
	int ret;

	load(&o, name);
	assert_true(off < o.len);
	o.mem[off] ^= xor;
	ret = mount(&o);
	if (!ret)
		ret = list ? fs_list(&o.fs, path, collect, &l) : read_file(&o, path, &size);
	if (ret != err || !strstr(test_log_buf, msg))
		fprintf(stderr, "%s @%zu: %d, log: %s\n", name, off, ret, test_log_buf);
	assert_int_equal(ret, err);
	assert_non_null(strstr(test_log_buf, msg));
	close_image(&o);
}

static void test_checksums(void **state)
{
	long bs = info("ext4_csum", "bsize");
	long ib = info("ext4_csum", "small_inode_block"), io = info("ext4_csum", "small_inode_off");
	long xb = info("ext4_csum", "frag_index_block"), db = info("ext4_csum", "many_block1");

	assert_true(ib > 0 && xb > 0 && db > 0);
	expect_corrupt("ext4_csum", 1024 + 0x30, 1, "/data/small.bin", false, -EBADMSG,
		       "superblock checksum mismatch");
	/* The first group descriptor (block 1 at 4 KiB blocks). */
	expect_corrupt("ext4_csum", (size_t)bs + 0x0c, 1, "/data/small.bin", false, -EBADMSG,
		       "group 0 descriptor checksum mismatch");
	expect_corrupt("ext4_csum", (size_t)(ib * bs + io + 0x1a), 1, "/data/small.bin", false,
		       -EBADMSG, "checksum mismatch");
	expect_corrupt("ext4_csum", (size_t)(xb * bs + 20), 0x40, "/frag", false, -EBADMSG,
		       "extent block checksum mismatch");
	expect_corrupt("ext4_csum", (size_t)(db * bs + 40), 0x20, "/many", true, -EBADMSG,
		       "directory block checksum mismatch");
	/* The same changes unnoticed without metadata_csum would be
	 * garbage; with it they are refused. Without: the superblock. */
	expect_corrupt("ext4_1k", 1024 + 0x38, 1, "/data/small.bin", false, -EINVAL, "fat: ");
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void test_structure_damage(void **state)
{
	const char *n = "ext4_1k";
	long bs = info(n, "bsize"), xb = info(n, "frag_index_block");
	long ib = info(n, "small_inode_block"), io = info(n, "small_inode_off");
	struct opened o;
	uint32_t size;
	uint8_t *leaf;

	assert_true(xb > 0 && ib > 0);
	/* Extent loop: the leaf claims depth 1 and points at itself. */
	load(&o, n);
	leaf = o.mem + xb * bs;
	assert_int_equal(leaf[0] | leaf[1] << 8, 0xf30a);
	leaf[6] = 1;
	put32(leaf + 12 + 4, (uint32_t)xb);
	leaf[12 + 8] = leaf[12 + 9] = 0;
	assert_int_equal(mount(&o), 0);
	assert_int_equal(read_file(&o, "/frag", &size), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "bad extent header"));
	close_image(&o);

	/* An extent past the end of the file system. */
	load(&o, n);
	leaf = o.mem + xb * bs;
	put32(leaf + 12 + 8, 0xfffffff0u);
	assert_int_equal(mount(&o), 0);
	assert_int_equal(read_file(&o, "/frag", &size), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "out of range"));
	close_image(&o);

	/* Bad magic and more entries than room in the leaf. */
	expect_corrupt(n, (size_t)(xb * bs), 0xff, "/frag", false, -EBADMSG, "bad extent header");
	expect_corrupt(n, (size_t)(xb * bs + 3), 0x7f, "/frag", false, -EBADMSG,
		       "bad extent header");
	/* An inode flagged encrypted, compressed, inline data. */
	expect_corrupt(n, (size_t)(ib * bs + io + 0x21), 0x08, "/data/small.bin", false, -ENOTSUP,
		       "encrypted");
	expect_corrupt(n, (size_t)(ib * bs + io + 0x20), 0x04, "/data/small.bin", false, -ENOTSUP,
		       "compressed");
	expect_corrupt(n, (size_t)(ib * bs + io + 0x23), 0x10, "/data/small.bin", false, -ENOTSUP,
		       "inline data");
	/* Features: one this reader lacks, one nobody knows. */
	expect_corrupt(n, 1024 + 0x60, 0x10, "/", true, -EINVAL, "feature meta_bg not supported");
	expect_corrupt(n, 1024 + 0x63, 0x80, "/", true, -EINVAL,
		       "unknown incompatible feature 0x80000000");
	expect_corrupt(n, 1024 + 0x18, 7, "/", true, -EINVAL, "bad superblock geometry");
	/* A journal that needs recovery: a warning, then reads work. */
	expect_corrupt("ext3_4k", 1024 + 0x60, 0x04, "/boot/extlinux/extlinux.conf", false, 0,
		       "journal needs recovery");

	/* Truncated: the card ends before the file system does. */
	load(&o, n);
	o.bd.bd.nblocks /= 2;
	assert_int_equal(mount(&o), -EINVAL);
	assert_non_null(strstr(test_log_buf, "larger than its partition"));
	o.bd.bd.nblocks = 3;
	assert_int_equal(mount(&o), -ERANGE);
	close_image(&o);
}

/* Random damage to the metadata of every image: whatever comes back, no
 * hang and (under ASan) no access outside the buffers. */
static void test_random_damage(void **state)
{
	for (size_t i = 0; i < NIMAGES; i++) {
		struct opened o;
		struct listing l = { 0 };
		uint32_t size, seed = 12345;
		long bs = info(images[i].name, "bsize");
		size_t span;

		load(&o, images[i].name);
		span = MIN(o.len, (size_t)bs * 400);
		for (int round = 0; round < 30; round++) {
			size_t at[40];

			for (int k = 0; k < 40; k++) {
				seed = seed * 1103515245u + 12345u;
				at[k] = (seed >> 8) % span;
				o.mem[at[k]] ^= (uint8_t)(1u << (seed & 7));
				at[k] |= (size_t)(seed & 7) << 56;
			}
			if (!mount(&o)) {
				fs_list(&o.fs, "/", collect, &l);
				fs_list(&o.fs, "/links", collect, &l);
				read_file(&o, "/frag", &size);
				read_file(&o, "/vmlinuz", &size);
				read_file(&o, "/links/dirlink/small.bin", &size);
			}
			/* Undo, in reverse (a byte may have been hit twice). */
			for (int k = 39; k >= 0; k--)
				o.mem[at[k] & ((1ull << 56) - 1)] ^= (uint8_t)(1u << (at[k] >> 56));
		}
		close_image(&o);
	}
}

/* A disk in memory with an MBR built here: primaries, an extended
 * partition with its EBR chain, and a chain that loops. */
static void mbr_entry(uint8_t *s, int i, uint8_t boot, uint8_t type, uint32_t start,
		      uint32_t size)
{
	uint8_t *e = s + 446 + 16 * i;

	e[0] = boot;
	e[4] = type;
	put32(e + 8, start);
	put32(e + 12, size);
	s[510] = 0x55;
	s[511] = 0xaa;
}

static void test_part_scan(void **state)
{
	static uint8_t disk[4096 * 512];
	struct part_info p[PART_SCAN_MAX];
	struct test_bd bd;
	uint8_t sector[512];
	int n;

	memset(disk, 0, sizeof(disk));
	mbr_entry(disk, 0, 0x00, 0x0c, 2048, 100);
	mbr_entry(disk, 1, 0x00, 0x05, 3000, 1000);
	mbr_entry(disk, 2, 0x80, 0x83, 2200, 500);
	/* EBR 1 at 3000: logical at +10, next EBR at ext+200. */
	mbr_entry(disk + 3000 * 512, 0, 0, 0x83, 10, 100);
	mbr_entry(disk + 3000 * 512, 1, 0, 0x05, 200, 300);
	/* EBR 2 at 3200: logical at +5; next: out of the extended one. */
	mbr_entry(disk + 3200 * 512, 0, 0, 0x0b, 5, 50);
	mbr_entry(disk + 3200 * 512, 1, 0, 0x05, 5000, 10);
	test_bd_mem(&bd, disk, sizeof(disk));
	n = part_scan(&bd.bd, sector, p);
	assert_int_equal(n, 4);
	assert_int_equal(p[0].num, 1);
	assert_int_equal(p[0].start, 2048);
	assert_int_equal(p[1].num, 3);
	assert_true(p[1].active);
	assert_int_equal(p[2].num, 5);
	assert_int_equal(p[2].start, 3010);
	assert_int_equal(p[3].num, 6);
	assert_int_equal(p[3].start, 3205);
	assert_int_equal(p[3].type, 0x0b);

	/* EBR 2 links to itself: the walk stops after PART_SCAN_MAX. */
	mbr_entry(disk + 3200 * 512, 1, 0, 0x05, 200, 300);
	bd.reads = 0;
	n = part_scan(&bd.bd, sector, p);
	assert_int_equal(n, PART_SCAN_MAX);
	assert_true(bd.reads <= 2 + PART_SCAN_MAX);

	/* A logical partition running past its extended partition. */
	mbr_entry(disk + 3200 * 512, 0, 0, 0x83, 5, 5000);
	mbr_entry(disk + 3200 * 512, 1, 0, 0, 0, 0);
	n = part_scan(&bd.bd, sector, p);
	assert_int_equal(n, 3);

	/* No MBR: the whole disk, as partition 0. */
	memset(disk, 0, 512);
	n = part_scan(&bd.bd, sector, p);
	assert_int_equal(n, 1);
	assert_int_equal(p[0].num, 0);
	assert_int_equal(p[0].size, 4096);
	/* A boot indicator that is neither 0 nor 0x80: not an MBR. */
	mbr_entry(disk, 0, 0x12, 0x83, 2048, 100);
	n = part_scan(&bd.bd, sector, p);
	assert_int_equal(n, 1);
	assert_int_equal(p[0].num, 0);
	/* A read error is passed on. */
	bd.fail_at = 1;
	bd.reads = 0;
	assert_int_equal(part_scan(&bd.bd, sector, p), -5);
}

/* The fuzz seeds (tests/fuzz/mkcorpus.sh) are what they claim to be:
 * each has its file system found by part_scan, mounted and read. */
static void test_fuzz_seeds(void **state)
{
	static const char *const seeds[] = { "ext2", "ext4-csum", "mbr-logical-ext4" };
	static const char *const kinds[] = { "ext2", "ext4", "ext4" };

	for (int i = 0; i < 3; i++) {
		char path[PATH_MAX + 64];
		struct part_info p[PART_SCAN_MAX];
		struct mbr_part mp;
		struct blockdev part;
		struct opened o;
		uint8_t sector[512];
		uint32_t size;
		int n;

		snprintf(path, sizeof(path), "%s/tests/fuzz/corpus/fuzz_ext4/%s", repo_root(),
			 seeds[i]);
		o.mem = slurp(path, &o.len);
		assert_non_null(o.mem);
		test_bd_mem(&o.bd, o.mem, o.len);
		n = part_scan(&o.bd.bd, sector, p);
		assert_int_equal(n, 1);
		assert_int_equal(p[0].num, i == 2 ? 5 : 0);
		mp = (struct mbr_part){ .type = p[0].type, .start = p[0].start, .size = p[0].size };
		part_init(&part, &o.bd.bd, &mp, "p");
		assert_int_equal(fs_mount(&o.fs, &part, work, sizeof(work), test_log), 0);
		assert_string_equal(fs_kind(&o.fs), kinds[i]);
		assert_int_equal(read_file(&o, "/dir/rel", &size), 0);
		assert_int_equal(size, 5000);
		assert_int_equal(read_file(&o, "/slow", &size), 0);
		assert_int_equal(read_file(&o, "/loop", &size), -ELOOP);
		close_image(&o);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_all_files),
		cmocka_unit_test(test_symlinks),
		cmocka_unit_test(test_listing_and_lookup),
		cmocka_unit_test(test_merged_reads),
		cmocka_unit_test(test_sparse_and_small_buffer),
		cmocka_unit_test(test_checksums),
		cmocka_unit_test(test_structure_damage),
		cmocka_unit_test(test_random_damage),
		cmocka_unit_test(test_part_scan),
		cmocka_unit_test(test_fuzz_seeds),
	};

	return cmocka_run_group_tests(tests, build_images, NULL);
}
