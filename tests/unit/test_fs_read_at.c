// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for the offset reads (fs_open, fs_read_at: lib/fs/fs_at.c,
 * fat_at.c, ext4_at.c) on the FAT images of tests/unit/mkimages.sh and the
 * ext2/3/4 images of tests/unit/mkext4.sh: fragmented files read in chunks
 * of many sizes, reads across cluster and extent boundaries, past the end,
 * backwards, a 20 MB file in 1 MiB chunks with one walk of its chain, and
 * corrupt chains. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/fs/fs.h"
#include "lib/fs/part.h"

static char fatdir[PATH_MAX + 64], extdir[PATH_MAX + 64];
static uint8_t work[FS_WORK_SIZE];
static uint8_t got_buf[24 << 20];

static int build_images(void **state)
{
	(void)state;
	/* Directories of this test's own: the unit tests run in parallel. */
	snprintf(fatdir, sizeof(fatdir), "%s", scratch_dir("fatimg_at"));
	snprintf(extdir, sizeof(extdir), "%s", scratch_dir("ext4img_at"));
	if (sh("'%s/tests/unit/mkimages.sh' '%s'", repo_root(), fatdir) ||
	    sh("'%s/tests/unit/mkext4.sh' '%s'", repo_root(), extdir)) {
		fprintf(stderr, "making the images failed\n");
		return -1;
	}
	return 0;
}

struct opened {
	uint8_t *mem;
	size_t len;
	struct test_bd disk;
	struct blockdev part;
	struct fs fs;
};

/* The image, its boot partition mounted: in memory (so that it can be
 * corrupted) when in_mem, else read from the file. */
static void open_image_as(struct opened *o, const char *dir, const char *name, bool in_mem)
{
	char path[PATH_MAX + 128];
	uint8_t sector[512];
	int ret;

	snprintf(path, sizeof(path), "%s/%s.img", dir, name);
	o->mem = NULL;
	if (in_mem) {
		o->mem = slurp(path, &o->len);
		assert_non_null(o->mem);
		test_bd_mem(&o->disk, o->mem, o->len);
	} else {
		assert_int_equal(test_bd_file(&o->disk, path), 0);
	}
	/* ext images: the file system from sector 0 */
	ret = part_open_boot(&o->disk.bd, sector, &o->part, "p");
	test_log_clear();
	ret = fs_mount(&o->fs, ret < 0 ? &o->disk.bd : &o->part, work, sizeof(work), test_log);
	if (ret)
		fprintf(stderr, "%s: %s", name, test_log_buf);
	assert_int_equal(ret, 0);
}

static void open_image(struct opened *o, const char *dir, const char *name)
{
	open_image_as(o, dir, name, false);
}

static void close_image(struct opened *o)
{
	if (o->mem)
		free(o->mem);
	else
		fclose(o->disk.file);
}

static uint8_t *host_file(const char *dir, const char *rel, size_t *len)
{
	char path[PATH_MAX + 256];
	uint8_t *b;

	snprintf(path, sizeof(path), "%s/tree/%s", dir, rel);
	b = slurp(path, len);
	assert_non_null(b);
	return b;
}

/* Reads f from 0 to the end in chunks of chunk bytes (the last one asked
 * for more than is left), checking each count and the bytes. */
static void read_chunked(struct opened *o, struct fs_file *f, const uint8_t *want, size_t len,
			 size_t chunk)
{
	size_t off = 0, got;
	int ret;

	memset(got_buf, 0xa5, len + 64);
	while (off < len) {
		ret = fs_read_at(&o->fs, f, off, got_buf + off, chunk, &got);
		assert_int_equal(ret, 0);
		assert_int_equal(got, MIN(chunk, len - off));
		off += got;
	}
	assert_memory_equal(got_buf, want, len);
	/* nothing written past what was asked for */
	for (size_t i = 0; i < 64; i++)
		assert_int_equal(got_buf[len + i], 0xa5);
	ret = fs_read_at(&o->fs, f, len, got_buf, chunk, &got);
	assert_int_equal(ret, 0);
	assert_int_equal(got, 0);
}

static const size_t chunks[] = { 1, 7, 511, 512, 513, 1000, 4096, 65537, 1 << 20, 32 << 20 };

static void check_file(struct opened *o, const char *dir, const char *path, const char *rel,
		       bool fat)
{
	struct fs_file f;
	uint8_t *want;
	size_t len, c;

	want = host_file(dir, rel, &len);
	assert_int_equal(fs_open(&o->fs, path, &f), 0);
	assert_false(f.is_dir);
	assert_int_equal(f.size, len);
	for (c = 0; c < ARRAY_SIZE(chunks); c++) {
		/* One byte at a time only for the small files. */
		if (len / chunks[c] > 500000)
			continue;
		read_chunked(o, &f, want, len, chunks[c]);
		/* Read in order, the chain was walked once from the start: one
		 * step per cluster (the open handle never went back). */
		if (fat) {
			uint32_t csize = fs_unit_size(&o->fs);

			assert_int_equal(f.u.fat.idx, (len - 1) / csize);
			assert_int_equal(f.u.fat.ch.steps, (len - 1) / csize);
		}
		/* the next pass starts at 0 again: back to the first cluster */
	}
	free(want);
}

static const char *const fat_images[] = { "fat12", "fat16", "fat16_64k", "fat32", "fat32_4k" };
static const char *const ext_images[] = { "ext2_1k", "ext3_4k", "ext4_1k", "ext4_csum",
					  "ext4_64k" };

static void test_fat_fragmented_chunks(void **state)
{
	struct opened o;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(fat_images); i++) {
		char frag[PATH_MAX + 128];
		uint8_t *map;
		size_t mlen;

		/* mshowfat says the file is in more than one piece */
		snprintf(frag, sizeof(frag), "%s/%s.frag", fatdir, fat_images[i]);
		map = slurp(frag, &mlen);
		assert_non_null(map);
		assert_non_null(strstr((char *)map, "> <"));
		free(map);
		open_image(&o, fatdir, fat_images[i]);
		check_file(&o, fatdir, "/frag.bin", "frag.bin", true);
		check_file(&o, fatdir, "/boot/zImage", "boot/zImage", true);
		check_file(&o, fatdir, "/README.TXT", "README.TXT", true);
		check_file(&o, fatdir, "/exact4k", "exact4k", true);
		close_image(&o);
	}
}

static void test_ext_fragmented_chunks(void **state)
{
	struct opened o;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(ext_images); i++) {
		open_image(&o, extdir, ext_images[i]);
		assert_int_equal(o.fs.type, FS_EXT4);
		check_file(&o, extdir, "/frag", "frag", false);
		check_file(&o, extdir, "/vmlinuz", "boot/vmlinuz-6.1.0-57-armmp", false);
		check_file(&o, extdir, "/data/sparse", "data/sparse", false);
		check_file(&o, extdir, "/data/size4097", "data/size4097", false);
		check_file(&o, extdir, "/data/size1", "data/size1", false);
		close_image(&o);
	}
}

/* Reads at offsets around every unit boundary and at random places,
 * forwards and backwards, with the same handle. */
static void random_reads(struct opened *o, const char *dir, const char *path, const char *rel)
{
	uint32_t unit = fs_unit_size(&o->fs), seed = 12345;
	struct fs_file f;
	size_t len, got;
	uint8_t *want;

	want = host_file(dir, rel, &len);
	assert_int_equal(fs_open(&o->fs, path, &f), 0);
	for (size_t b = unit; b < len; b += unit) {
		size_t off = b - MIN(b, 3), n = 7;

		assert_int_equal(fs_read_at(&o->fs, &f, off, got_buf, n, &got), 0);
		assert_int_equal(got, MIN(n, len - off));
		assert_memory_equal(got_buf, want + off, got);
	}
	for (int i = 0; i < 300; i++) {
		size_t off, n;

		seed = seed * 1103515245u + 12345u;
		off = (seed >> 8) % len;
		seed = seed * 1103515245u + 12345u;
		n = (seed >> 8) % (3 * unit + 1000);
		got_buf[n] = 0x5a;
		assert_int_equal(fs_read_at(&o->fs, &f, off, got_buf, n, &got), 0);
		assert_int_equal(got, MIN(n, len - off));
		assert_memory_equal(got_buf, want + off, got);
		if (got == n)
			assert_int_equal(got_buf[n], 0x5a);
	}
	/* past the end: nothing, and nothing written */
	got_buf[0] = 0x77;
	assert_int_equal(fs_read_at(&o->fs, &f, len, got_buf, 100, &got), 0);
	assert_int_equal(got, 0);
	assert_int_equal(fs_read_at(&o->fs, &f, (uint64_t)len + 12345, got_buf, 100, &got), 0);
	assert_int_equal(got, 0);
	assert_int_equal(fs_read_at(&o->fs, &f, ~0ull, got_buf, 100, &got), 0);
	assert_int_equal(got, 0);
	assert_int_equal(got_buf[0], 0x77);
	/* the last bytes, asked for with more */
	assert_int_equal(fs_read_at(&o->fs, &f, len - 5, got_buf, 100, &got), 0);
	assert_int_equal(got, 5);
	assert_memory_equal(got_buf, want + len - 5, 5);
	/* a length of 0 */
	assert_int_equal(fs_read_at(&o->fs, &f, 0, got_buf, 0, &got), 0);
	assert_int_equal(got, 0);
	free(want);
}

static void test_boundaries_and_random(void **state)
{
	struct opened o;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(fat_images); i++) {
		open_image(&o, fatdir, fat_images[i]);
		random_reads(&o, fatdir, "/frag.bin", "frag.bin");
		close_image(&o);
	}
	for (size_t i = 0; i < ARRAY_SIZE(ext_images); i++) {
		open_image(&o, extdir, ext_images[i]);
		random_reads(&o, extdir, "/frag", "frag");
		random_reads(&o, extdir, "/data/sparse", "data/sparse");
		close_image(&o);
	}
}

/* GRUB's way: a big file in chunks. One walk of the chain, multi-block
 * reads, and about as many sectors read as the file has. */
static void test_big_file_chunks(void **state)
{
	struct opened o;
	struct fs_file f;
	size_t len, off = 0, got, n = 0;
	uint8_t *want;

	(void)state;
	open_image(&o, fatdir, "fat32");
	want = host_file(fatdir, "twenty.bin", &len);
	assert_int_equal(fs_open(&o.fs, "/TWENTY.BIN", &f), 0);
	test_bd_reset_counts(&o.disk);
	while (off < len) {
		assert_int_equal(fs_read_at(&o.fs, &f, off, got_buf + off, 1 << 20, &got), 0);
		assert_true(got > 0);
		off += got;
		n++;
	}
	assert_int_equal(off, len);
	assert_int_equal(n, (len + (1 << 20) - 1) >> 20);
	assert_memory_equal(got_buf, want, len);
	assert_int_equal(f.u.fat.ch.steps, (len - 1) / 512);
	/* data sectors, plus the FAT (4 bytes a cluster) and a partial
	 * sector at each end of a chunk */
	assert_true(o.disk.sectors <= len / 512 + len / 512 * 4 / 512 + 2 * n + 4);
	assert_true(o.disk.max_count >= 1024);
	free(want);
	close_image(&o);

	open_image(&o, extdir, "ext4_csum");
	want = host_file(extdir, "frag", &len);
	assert_int_equal(fs_open(&o.fs, "/frag", &f), 0);
	test_bd_reset_counts(&o.disk);
	for (off = 0, n = 0; off < len; off += got, n++)
		assert_int_equal(fs_read_at(&o.fs, &f, off, got_buf + off, 100000, &got), 0);
	assert_memory_equal(got_buf, want, len);
	/* data, the extent index block now and then, partial sectors */
	assert_true(o.disk.sectors <= len / 512 + 8 * n + 64);
	free(want);
	close_image(&o);
}

static void test_open_errors(void **state)
{
	struct opened o;
	struct fs_file f, d;
	size_t got = 99;

	(void)state;
	open_image(&o, fatdir, "fat16");
	assert_int_equal(fs_open(&o.fs, "/nope", &f), -ENOENT);
	assert_int_equal(fs_open(&o.fs, "/README.TXT/x", &f), -ENOTDIR);
	assert_int_equal(fs_open(&o.fs, "/boot", &d), 0);
	assert_true(d.is_dir);
	assert_int_equal(fs_read_at(&o.fs, &d, 0, got_buf, 10, &got), -EISDIR);
	assert_int_equal(got, 0);
	assert_int_equal(fs_open(&o.fs, "/", &d), 0);
	assert_true(d.is_dir);
	assert_int_equal(fs_open(&o.fs, "/empty", &f), 0);
	assert_int_equal(f.size, 0);
	assert_int_equal(fs_read_at(&o.fs, &f, 0, got_buf, 10, &got), 0);
	assert_int_equal(got, 0);
	/* case-insensitive as fs_stat */
	assert_int_equal(fs_open(&o.fs, "/readme.txt", &f), 0);
	assert_int_equal(f.size, 700);
	close_image(&o);

	open_image(&o, extdir, "ext4_csum");
	assert_int_equal(fs_open(&o.fs, "/links/loop1", &f), -ELOOP);
	assert_int_equal(fs_open(&o.fs, "/data", &d), 0);
	assert_true(d.is_dir);
	assert_int_equal(fs_read_at(&o.fs, &d, 0, got_buf, 10, &got), -EISDIR);
	assert_int_equal(fs_open(&o.fs, "/links/fast", &f), 0);
	assert_int_equal(f.size, 300);
	/* a handle of another kind of fs */
	f.type = FS_FAT;
	assert_int_equal(fs_read_at(&o.fs, &f, 0, got_buf, 10, &got), -EINVAL);
	close_image(&o);
}

/* Sets FAT16 entry c of the image's first FAT to v. */
static void fat16_set(struct opened *o, uint32_t c, uint16_t v)
{
	uint64_t at = (o->part.offset + o->fs.u.fat.fat_start) * 512 + c * 2;

	o->mem[at] = (uint8_t)v;
	o->mem[at + 1] = (uint8_t)(v >> 8);
}

static void test_corrupt_chain(void **state)
{
	struct opened o;
	struct fs_file f;
	uint32_t first, second, csize;
	size_t got, len;
	uint8_t *want;

	(void)state;
	want = host_file(fatdir, "frag.bin", &len);
	open_image_as(&o, fatdir, "fat16", true);
	csize = fs_unit_size(&o.fs);
	assert_int_equal(fs_open(&o.fs, "/frag.bin", &f), 0);
	first = f.u.fat.first;
	assert_int_equal(fs_read_at(&o.fs, &f, csize, got_buf, 1, &got), 0);
	second = f.u.fat.ch.cur;
	/* The chain ends after two clusters: what is there reads, then
	 * -EBADMSG with the count of what was read. */
	fat16_set(&o, second, 0xffff);
	o.fs.u.fat.fat_count = 0;
	assert_int_equal(fs_open(&o.fs, "/frag.bin", &f), 0);
	test_log_clear();
	assert_int_equal(fs_read_at(&o.fs, &f, 0, got_buf, len, &got), -EBADMSG);
	assert_true(got <= 2 * csize);
	assert_memory_equal(got_buf, want, got);
	assert_non_null(strstr(test_log_buf, "chain ends"));
	/* a loop back to the first cluster */
	fat16_set(&o, second, (uint16_t)first);
	o.fs.u.fat.fat_count = 0;
	assert_int_equal(fs_open(&o.fs, "/frag.bin", &f), 0);
	test_log_clear();
	assert_int_equal(fs_read_at(&o.fs, &f, 0, got_buf, len, &got), -EBADMSG);
	assert_non_null(strstr(test_log_buf, "loops"));
	/* a link to a free cluster, found from the middle of the file */
	fat16_set(&o, second, 0);
	o.fs.u.fat.fat_count = 0;
	assert_int_equal(fs_open(&o.fs, "/frag.bin", &f), 0);
	assert_int_equal(fs_read_at(&o.fs, &f, len - 10, got_buf, 10, &got), -EBADMSG);
	assert_int_equal(got, 0);
	close_image(&o);
	free(want);
}

static void test_io_error(void **state)
{
	struct opened o;
	struct fs_file f;
	size_t got;

	(void)state;
	open_image(&o, fatdir, "fat32");
	assert_int_equal(fs_open(&o.fs, "/frag.bin", &f), 0);
	test_bd_reset_counts(&o.disk);
	o.disk.fail_at = 2;
	assert_int_equal(fs_read_at(&o.fs, &f, 0, got_buf, 409600, &got), -EIO);
	assert_true(got < 409600);
	close_image(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fat_fragmented_chunks),
		cmocka_unit_test(test_ext_fragmented_chunks),
		cmocka_unit_test(test_boundaries_and_random),
		cmocka_unit_test(test_big_file_chunks),
		cmocka_unit_test(test_open_errors),
		cmocka_unit_test(test_corrupt_chain),
		cmocka_unit_test(test_io_error),
	};

	return cmocka_run_group_tests(tests, build_images, NULL);
}
