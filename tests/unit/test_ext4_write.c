// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/fs/ext4_write.c on images made by mke2fs (Debian's ext4
 * defaults: metadata_csum, 64bit, flex_bg, a journal; 1 and 4 KiB blocks;
 * without metadata_csum): files and symlinks created are read back by
 * debugfs and lib/fs/ext4, e2fsck -fn finds the file system clean, and what
 * cannot be written safely (ext2, uninit_bg, a journal that needs
 * recovery, htree directories, a symlink over an existing name) is refused
 * without a write; existing files are replaced. A power cut after every
 * block of a creation or a replacement leaves the old state or the new
 * file, the other files as they were. */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/fs/ext4.h"

static char dir[PATH_MAX];
static uint8_t work[EXT4_WORK_SIZE];
static uint8_t data[3 << 20], back[3 << 20];

struct wdisk {
	struct blockdev bd;
	uint8_t *mem;
	size_t len;
	long written, cut_after;
};

static int wd_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	struct wdisk *d = (struct wdisk *)bd;

	assert_true(lba + count <= bd->nblocks);
	memcpy(buf, d->mem + lba * 512, (size_t)count * 512);
	return 0;
}

static int wd_write(struct blockdev *bd, uint64_t lba, uint32_t count, const void *buf)
{
	struct wdisk *d = (struct wdisk *)bd;

	assert_true(lba + count <= bd->nblocks);
	for (uint32_t i = 0; i < count; i++) {
		if (d->cut_after >= 0 && d->written >= d->cut_after)
			return -EIO;
		memcpy(d->mem + (lba + i) * 512, (const uint8_t *)buf + (size_t)i * 512, 512);
		d->written++;
	}
	return 0;
}

static char *imgpath(const char *name)
{
	static char p[PATH_MAX + 32];

	snprintf(p, sizeof(p), "%s/%s.img", dir, name);
	return p;
}

static void wd_open(struct wdisk *d, const char *name)
{
	memset(d, 0, sizeof(*d));
	d->mem = slurp(imgpath(name), &d->len);
	assert_non_null(d->mem);
	d->bd.name = "img";
	d->bd.nblocks = d->len / 512;
	d->bd.read = wd_read;
	d->bd.write = wd_write;
	d->cut_after = -1;
}

static void mount(struct wdisk *d, struct ext4_fs *fs)
{
	test_log_clear();
	int ret = ext4_mount(fs, &d->bd, work, sizeof(work), test_log);

	if (ret)
		fprintf(stderr, "%s", test_log_buf);
	assert_int_equal(ret, 0);
}

static void save(struct wdisk *d, const char *name)
{
	assert_int_equal(spew(imgpath(name), d->mem, d->len), 0);
}

/* mke2fs -d of a small tree (/etc/hostname, /boot/old) with opts. */
static void mkimage(const char *name, const char *opts, int kib)
{
	assert_int_equal(sh("cd '%s' && rm -rf tree %s.img && mkdir -p tree/etc tree/boot && "
			    "echo gta04 > tree/etc/hostname && head -c 50000 /dev/urandom > "
			    "tree/boot/old && cp tree/boot/old old.ref && "
			    "/sbin/mke2fs -q -F %s -d tree %s.img %dk </dev/null", dir, name, opts,
			    name, kib), 0);
}

static int e2fsck_clean(const char *name)
{
	return sh("/sbin/e2fsck -fn '%s' >'%s/e2fsck.out' 2>&1 </dev/null", imgpath(name), dir);
}

/* debugfs's copy of path equals buf. */
static void debugfs_has(const char *name, const char *path, const void *buf, size_t len)
{
	char out[PATH_MAX + 16];
	uint8_t *got;
	size_t glen;

	snprintf(out, sizeof(out), "%s/got.bin", dir);
	assert_int_equal(sh("/sbin/debugfs -R 'dump %s %s' '%s' >/dev/null 2>&1 </dev/null", path,
			    out, imgpath(name)), 0);
	got = slurp(out, &glen);
	assert_non_null(got);
	assert_int_equal(glen, len);
	assert_memory_equal(got, buf, len);
	free(got);
	unlink(out);
}

/* ret, with the log printed when it is not want */
static int logged(int ret, int want)
{
	if (ret != want)
		fprintf(stderr, "%s", test_log_buf);
	return ret;
}
#define EXPECT(call, want) assert_int_equal(logged((test_log_clear(), (call)), (want)), (want))

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)((i * 2654435761u + seed) >> 13);
}

static const struct {
	const char *name, *opts;
	int kib;
} geoms[] = {
	{ "e4", "-t ext4", 32768 },
	{ "e4_1k", "-t ext4 -b 1024", 16384 },
	{ "e4_nocsum", "-t ext4 -O ^metadata_csum,^64bit", 16384 },
};

static void test_create(void **state)
{
	(void)state;
	for (unsigned g = 0; g < sizeof(geoms) / sizeof(geoms[0]); g++) {
		struct wdisk d;
		struct ext4_fs fs;
		struct ext4_stat st;
		uint32_t size;
		char lng[120];

		mkimage(geoms[g].name, geoms[g].opts, geoms[g].kib);
		wd_open(&d, geoms[g].name);
		mount(&d, &fs);
		fill(data, sizeof(data), g);
		EXPECT(ext4_write_file(&fs, "/boot/zImage", data, sizeof(data)), 0);
		EXPECT(ext4_write_file(&fs, "/empty", data, 0), 0);
		EXPECT(ext4_write_file(&fs, "/etc/small.txt", "hello\n", 6), 0);
		EXPECT(ext4_symlink(&fs, "boot/zImage", "/vmlinuz"), 0);
		/* many names in one directory: its last sector, then new blocks */
		for (int i = 0; i < 60; i++) {
			snprintf(lng, sizeof(lng), "/boot/config-6.1.0-%02d-armmp", i);
			EXPECT(ext4_write_file(&fs, lng, lng, (uint32_t)strlen(lng)), 0);
		}
		memset(lng, 'x', 100);
		strcpy(lng + 100, "/target");
		EXPECT(ext4_symlink(&fs, lng, "/longlink"), 0);
		/* refused, nothing written */
		d.written = 0;
		EXPECT(ext4_symlink(&fs, "x", "/etc/hostname"), -EEXIST);
		EXPECT(ext4_write_file(&fs, "/etc", data, 10), -EISDIR);
		EXPECT(ext4_write_file(&fs, "/nothere/x", data, 10), -ENOENT);
		EXPECT(ext4_write_file(&fs, "/etc/hostname/x", data, 10), -ENOTDIR);
		EXPECT(ext4_write_file(&fs, "/etc/", data, 10), -EINVAL);
		assert_int_equal(d.written, 0);
		/* replaced: larger, then the other way */
		EXPECT(ext4_write_file(&fs, "/etc/hostname", data + 5, 70000), 0);
		EXPECT(ext4_write_file(&fs, "/etc/small.txt", "bye\n", 4), 0);
		/* read back by lib/fs/ext4 itself */
		assert_int_equal(ext4_read(&fs, "/vmlinuz", back, sizeof(back), &size), 0);
		assert_int_equal(size, sizeof(data));
		assert_memory_equal(back, data, sizeof(data));
		assert_int_equal(ext4_stat(&fs, "/empty", &st), 0);
		assert_int_equal(st.size, 0);
		save(&d, geoms[g].name);
		if (e2fsck_clean(geoms[g].name)) {
			sh("cat '%s/e2fsck.out'", dir);
			fail_msg("%s: e2fsck -fn after ext4_write_file", geoms[g].name);
		}
		debugfs_has(geoms[g].name, "/boot/zImage", data, sizeof(data));
		debugfs_has(geoms[g].name, "/etc/small.txt", "bye\n", 4);
		debugfs_has(geoms[g].name, "/etc/hostname", data + 5, 70000);
		debugfs_has(geoms[g].name, "/empty", "", 0);
		debugfs_has(geoms[g].name, "/boot/config-6.1.0-59-armmp",
			    "/boot/config-6.1.0-59-armmp", 27);
		assert_int_equal(sh("/sbin/debugfs -R 'stat /vmlinuz' '%s' 2>/dev/null </dev/null | "
				    "grep -q 'Fast link dest: \"boot/zImage\"'", imgpath(geoms[g].name)),
				 0);
		assert_int_equal(sh("cd '%s' && /sbin/debugfs -R 'dump /boot/old old.out' %s.img "
				    ">/dev/null 2>&1 </dev/null && cmp -s old.ref old.out", dir,
				    geoms[g].name), 0);
		free(d.mem);
	}
}

static void test_refused(void **state)
{
	static const struct {
		const char *opts;
		int err;
		const char *why;
	} no[] = {
		{ "-t ext2", -ENOTSUP, "no extents" },
		{ "-t ext4 -O ^metadata_csum,uninit_bg", -ENOTSUP, "uninit_bg" },
		{ "-t ext4 -O quota", -ENOTSUP, "read-only feature" },
	};
	struct wdisk d;
	struct ext4_fs fs;

	(void)state;
	for (unsigned i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		mkimage("no", no[i].opts, 16384);
		wd_open(&d, "no");
		mount(&d, &fs);
		test_log_clear();
		assert_int_equal(ext4_write_file(&fs, "/x", data, 10), no[i].err);
		assert_non_null(strstr(test_log_buf, no[i].why));
		assert_int_equal(d.written, 0);
		free(d.mem);
	}
	/* a journal that needs recovery (the flag as Linux leaves it) */
	mkimage("no", "-t ext4", 16384);
	assert_int_equal(sh("/sbin/debugfs -w -R 'feature needs_recovery' '%s' >/dev/null 2>&1 "
			    "</dev/null", imgpath("no")), 0);
	wd_open(&d, "no");
	mount(&d, &fs);
	test_log_clear();
	EXPECT(ext4_write_file(&fs, "/x", data, 10), -EROFS);
	assert_non_null(strstr(test_log_buf, "journal needs recovery"));
	assert_int_equal(d.written, 0);
	free(d.mem);
	/* an htree directory */
	assert_int_equal(sh("cd '%s' && rm -rf tree && mkdir -p tree/many && for i in $(seq 1 400);"
			    " do : > tree/many/file-with-a-long-name-$i; done && /sbin/mke2fs -q -F "
			    "-t ext4 -d tree no.img 16384k </dev/null && "
			    "{ /sbin/e2fsck -fyD no.img >/dev/null 2>&1 </dev/null || [ $? -le 2 ]; }",
			    dir), 0);
	wd_open(&d, "no");
	mount(&d, &fs);
	test_log_clear();
	EXPECT(ext4_write_file(&fs, "/many/x", data, 10), -ENOTSUP);
	assert_non_null(strstr(test_log_buf, "htree"));
	assert_int_equal(d.written, 0);
	free(d.mem);
}

/* A cut after every block of a creation: no file or the whole file, the
 * old files intact; e2fsck -fy makes it clean. */
static void test_power_cut(void **state)
{
	struct wdisk d;
	struct ext4_fs fs;
	uint32_t size;
	long total;

	(void)state;
	mkimage("pc", "-t ext4 -b 1024", 8192);
	fill(data, 20000, 9);
	wd_open(&d, "pc");
	mount(&d, &fs);
	EXPECT(ext4_write_file(&fs, "/boot/new", data, 20000), 0);
	total = d.written;
	free(d.mem);
	for (long cut = 0; cut <= total; cut++) {
		int ret;

		wd_open(&d, "pc");
		d.cut_after = cut;
		mount(&d, &fs);
		ret = ext4_write_file(&fs, "/boot/new", data, 20000);
		assert_int_equal(ret, cut < total ? -EIO : 0);
		d.cut_after = -1;
		mount(&d, &fs);
		ret = ext4_read(&fs, "/boot/new", back, sizeof(back), &size);
		if (cut < total) {
			assert_int_equal(ret, -ENOENT);
		} else {
			assert_int_equal(ret, 0);
			assert_memory_equal(back, data, 20000);
		}
		save(&d, "pc-cut");
		assert_int_equal(sh("cd '%s' && /sbin/debugfs -R 'dump /boot/old old.out' pc-cut.img "
				    ">/dev/null 2>&1 </dev/null && cmp -s old.ref old.out", dir), 0);
		/* what is left e2fsck repairs, and then finds clean */
		sh("/sbin/e2fsck -fy '%s' >/dev/null 2>&1 </dev/null", imgpath("pc-cut"));
		assert_int_equal(e2fsck_clean("pc-cut"), 0);
		free(d.mem);
	}
}

/* A cut after every block of a replacement: the old file or the new one,
 * whole; the others intact; e2fsck -fy makes it clean. */
static void test_power_cut_replace(void **state)
{
	static uint8_t old[50000];
	struct wdisk d;
	struct ext4_fs fs;
	uint32_t size;
	size_t olen;
	long total;
	char path[PATH_MAX + 16];

	(void)state;
	mkimage("pr", "-t ext4", 8192);
	snprintf(path, sizeof(path), "%s/old.ref", dir);
	{
		uint8_t *o = slurp(path, &olen);

		assert_int_equal(olen, sizeof(old));
		memcpy(old, o, olen);
		free(o);
	}
	fill(data, 30000, 19);
	wd_open(&d, "pr");
	mount(&d, &fs);
	EXPECT(ext4_write_file(&fs, "/boot/old", data, 30000), 0);
	total = d.written;
	free(d.mem);
	for (long cut = 0; cut <= total; cut++) {
		wd_open(&d, "pr");
		d.cut_after = cut;
		mount(&d, &fs);
		ext4_write_file(&fs, "/boot/old", data, 30000);
		d.cut_after = -1;
		mount(&d, &fs);
		assert_int_equal(ext4_read(&fs, "/boot/old", back, sizeof(back), &size), 0);
		if (size == 30000)
			assert_memory_equal(back, data, 30000);
		else
			assert_true(size == sizeof(old) && !memcmp(back, old, sizeof(old)));
		assert_int_equal(ext4_read(&fs, "/etc/hostname", back, sizeof(back), &size), 0);
		assert_true(size == 6 && !memcmp(back, "gta04\n", 6));
		save(&d, "pr-cut");
		sh("/sbin/e2fsck -fy '%s' >/dev/null 2>&1 </dev/null", imgpath("pr-cut"));
		assert_int_equal(e2fsck_clean("pr-cut"), 0);
		free(d.mem);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_power_cut),
		cmocka_unit_test(test_power_cut_replace),
	};

	snprintf(dir, sizeof(dir), "%s", scratch_dir("ext4write"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
