// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/fs/fat_write.c on images made by mkfs.vfat and mtools:
 * files created (8.3 and long names) and overwritten in place on FAT12/16/32
 * are read back by mtools and found clean by fsck.fat; a full volume and a
 * full root directory are refused without a write; fragmented free space;
 * a power cut after every block written leaves the old state or the new
 * file and no other file changed. */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/fs/fat.h"

#define ENV_SIZE (128 * 1024)

static char dir[PATH_MAX];
static uint8_t work[FAT_WORK_SIZE];
static uint8_t data[ENV_SIZE], data2[ENV_SIZE];

/* An image in memory whose writes are counted, recorded and can be cut. */
struct wdisk {
	struct blockdev bd;
	uint8_t *mem;
	size_t len;
	long written;           /* blocks written */
	uint64_t read_lo, read_hi;      /* blocks read in [lo, hi) are counted */
	long read_in;
	long cut_after;         /* >= 0: blocks that still get written */
	uint8_t *touched;       /* one byte per block */
};

static int wd_read(struct blockdev *bd, uint64_t lba, uint32_t count, void *buf)
{
	struct wdisk *d = (struct wdisk *)bd;

	assert_true(lba + count <= bd->nblocks);
	for (uint64_t b = lba; b < lba + count; b++)
		d->read_in += b >= d->read_lo && b < d->read_hi;
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
		d->touched[lba + i] = 1;
		d->written++;
	}
	return 0;
}

static void wd_open(struct wdisk *d, const char *path)
{
	memset(d, 0, sizeof(*d));
	d->mem = slurp(path, &d->len);
	assert_non_null(d->mem);
	d->touched = calloc(d->len / 512, 1);
	d->bd.name = "img";
	d->bd.nblocks = d->len / 512;
	d->bd.read = wd_read;
	d->bd.write = wd_write;
	d->cut_after = -1;
}

static void wd_close(struct wdisk *d)
{
	free(d->mem);
	free(d->touched);
}

static void mount(struct wdisk *d, struct fat_fs *fs)
{
	test_log_clear();
	int ret = fat_mount(fs, &d->bd, work, sizeof(work), test_log);

	if (ret)
		fprintf(stderr, "%s", test_log_buf);
	assert_int_equal(ret, 0);
}

/* mkfs.vfat image of mib MiB with a few files around the ones tested. */
static void mkimage(const char *name, int bits, int spc, int kib, const char *extra)
{
	assert_int_equal(sh("cd '%s' && rm -f %s.img && truncate -s %dK %s.img && "
			    "mkfs.vfat -F %d -s %d -n T %s.img >/dev/null && "
			    "head -c 3000 /dev/urandom > a.bin && head -c 70000 /dev/urandom > b.bin && "
			    "mcopy -D o -i %s.img a.bin ::/a.bin </dev/null && "
			    "mmd -D s -i %s.img ::/sub </dev/null && "
			    "mcopy -D o -i %s.img b.bin ::/sub/b.bin </dev/null %s",
			    dir, name, kib, name, bits, spc, name, name, name, name, extra ? extra : ""), 0);
}

static char *imgpath(const char *name)
{
	static char p[PATH_MAX + 32];

	snprintf(p, sizeof(p), "%s/%s.img", dir, name);
	return p;
}

static void save(struct wdisk *d, const char *name)
{
	assert_int_equal(spew(imgpath(name), d->mem, d->len), 0);
}

static int fsck_clean(const char *name)
{
	return sh("fsck.fat -n '%s' >'%s/fsck.out' 2>&1 </dev/null", imgpath(name), dir);
}

/* The file as mtools reads it equals buf. */
static void mtools_has(const char *img, const char *file, const void *buf, size_t len)
{
	char out[PATH_MAX + 32];
	uint8_t *got;
	size_t glen;

	snprintf(out, sizeof(out), "%s/out.bin", dir);
	assert_int_equal(sh("rm -f '%s' && mcopy -D o -i '%s' '::/%s' '%s' </dev/null", out,
			    imgpath(img), file, out), 0);
	got = slurp(out, &glen);
	assert_non_null(got);
	assert_int_equal(glen, len);
	assert_memory_equal(got, buf, len);
	free(got);
}

static void others_intact(const char *img)
{
	assert_int_equal(sh("cd '%s' && mcopy -D o -n -i %s.img ::/a.bin a.out </dev/null && "
			    "cmp -s a.bin a.out && mcopy -D o -n -i %s.img ::/sub/b.bin b.out "
			    "</dev/null && cmp -s b.bin b.out", dir, img, img), 0);
}

static void others_intact2(const char *img)
{
	assert_int_equal(sh("cd '%s' && mcopy -D o -n -i %s.img ::/sub/b.bin b.out </dev/null && "
			    "cmp -s b.bin b.out", dir, img), 0);
}

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)((i * 2654435761u + seed) >> 13);
}

struct geom {
	const char *name;
	int bits, spc, kib;
};

static const struct geom geoms[] = {
	{ "w12", 12, 1, 1440 }, { "w12b", 12, 4, 8192 }, { "w16", 16, 4, 20 * 1024 },
	{ "w16s", 16, 1, 16 * 1024 }, { "w32", 32, 1, 40 * 1024 }, { "w32b", 32, 8, 300 * 1024 },
};

static void test_create_and_overwrite(void **state)
{
	(void)state;
	for (unsigned g = 0; g < sizeof(geoms) / sizeof(geoms[0]); g++) {
		const struct geom *ge = &geoms[g];
		struct wdisk d;
		struct fat_fs fs;
		uint32_t size;
		uint32_t len = ge->kib < 2048 ? 20000 : ENV_SIZE;  /* FAT12 at 1.4 MB: smaller */

		mkimage(ge->name, ge->bits, ge->spc, ge->kib, NULL);
		wd_open(&d, imgpath(ge->name));
		mount(&d, &fs);
		assert_int_equal(fs.bits, ge->bits);
		fill(data, len, g);
		fill(data2, len, g + 100);
		assert_int_equal(fat_write_root(&fs, "uboot.env", data, len), 0);
		assert_int_equal(fat_write_root(&fs, "uboot-redund.env", data2, len), 0);
		/* read back by lib/fs/fat itself, then by mtools, checked by fsck */
		memset(work + 0, 0, 0);
		{
			static uint8_t back[ENV_SIZE];

			assert_int_equal(fat_read(&fs, "/UBOOT.ENV", back, sizeof(back), &size), 0);
			assert_int_equal(size, len);
			assert_memory_equal(back, data, len);
			assert_int_equal(fat_read(&fs, "/uboot-redund.env", back, sizeof(back), &size), 0);
			assert_memory_equal(back, data2, len);
		}
		save(&d, ge->name);
		if (fsck_clean(ge->name)) {
			sh("cat '%s/fsck.out'", dir);
			fail_msg("%s: fsck.fat after creation", ge->name);
		}
		mtools_has(ge->name, "uboot.env", data, len);
		mtools_has(ge->name, "uboot-redund.env", data2, len);
		assert_int_equal(sh("mdir -i '%s' ::/ </dev/null | grep -q 'uboot-redund.env'",
				    imgpath(ge->name)), 0);
		assert_int_equal(sh("mdir -i '%s' ::/ </dev/null | grep -q 'uboot.*env'",
				    imgpath(ge->name)), 0);
		others_intact(ge->name);

		/* overwrite in place: only the file's data sectors are written */
		memset(d.touched, 0, d.len / 512);
		fill(data, len, g + 200);
		assert_int_equal(fat_write_root(&fs, "uboot.env", data, len), 0);
		assert_int_equal(d.written >= 0, 1);
		{
			uint64_t nt = 0;

			for (size_t b = 0; b < d.len / 512; b++) {
				nt += d.touched[b];
				if (d.touched[b])
					assert_true(b >= fs.data_start);
			}
			assert_int_equal(nt, (len + 511) / 512);
		}
		save(&d, ge->name);
		assert_int_equal(fsck_clean(ge->name), 0);
		mtools_has(ge->name, "uboot.env", data, len);
		mtools_has(ge->name, "uboot-redund.env", data2, len);
		others_intact(ge->name);
		wd_close(&d);
	}
}

/* mtools's file, overwritten in place (fw_setenv leaves the file as it was
 * made; a board with the file from Linux writes into its clusters). */
static void test_overwrite_mtools_file(void **state)
{
	struct wdisk d;
	struct fat_fs fs;
	char cmd[PATH_MAX * 2];

	(void)state;
	fill(data, ENV_SIZE, 7);
	snprintf(cmd, sizeof(cmd), "%s/env.bin", dir);
	assert_int_equal(spew(cmd, data, ENV_SIZE), 0);
	snprintf(cmd, sizeof(cmd), "&& mcopy -D o -i %s %s/env.bin ::/uboot.env </dev/null",
		 imgpath("m16"), dir);
	mkimage("m16", 16, 4, 20 * 1024, cmd);
	wd_open(&d, imgpath("m16"));
	mount(&d, &fs);
	fill(data, ENV_SIZE, 8);
	assert_int_equal(fat_write_root(&fs, "uboot.env", data, ENV_SIZE), 0);
	for (size_t b = 0; b < d.len / 512; b++)
		if (d.touched[b])
			assert_true(b >= fs.data_start);
	save(&d, "m16");
	assert_int_equal(fsck_clean("m16"), 0);
	mtools_has("m16", "uboot.env", data, ENV_SIZE);
	others_intact("m16");
	/* a larger file than its chain holds is refused, nothing written */
	d.written = 0;
	assert_int_equal(fat_write_root(&fs, "uboot.env", data, ENV_SIZE + 4096), -ENOSPC);
	assert_int_equal(d.written, 0);
	wd_close(&d);
}

static void test_full_volume_refused(void **state)
{
	struct wdisk d;
	struct fat_fs fs;
	char extra[PATH_MAX * 2];
	uint8_t *before;

	(void)state;
	/* 1.4 MB FAT12 filled with one large file: less than 128 KiB free */
	snprintf(extra, sizeof(extra), "&& head -c 1300000 /dev/zero > %s/big && "
		 "mcopy -D o -i %s %s/big ::/big </dev/null", dir, imgpath("full"), dir);
	mkimage("full", 12, 1, 1440, extra);
	wd_open(&d, imgpath("full"));
	mount(&d, &fs);
	before = malloc(d.len);
	memcpy(before, d.mem, d.len);
	test_log_clear();
	assert_int_equal(fat_write_root(&fs, "uboot.env", data, ENV_SIZE), -ENOSPC);
	assert_non_null(strstr(test_log_buf, "free clusters"));
	assert_int_equal(d.written, 0);
	assert_memory_equal(before, d.mem, d.len);
	free(before);
	wd_close(&d);
}

static void test_full_root_refused(void **state)
{
	struct wdisk d;
	struct fat_fs fs;
	char extra[PATH_MAX * 4];

	(void)state;
	/* FAT12 floppy: 224 root entries, all taken by 8.3 files */
	snprintf(extra, sizeof(extra), "&& cd %s && : > e && for i in $(seq 1 220); do "
		 "mcopy -D o -i full2.img e ::/F$i </dev/null || exit 1; done", dir);
	mkimage("full2", 12, 1, 1440, extra);
	wd_open(&d, imgpath("full2"));
	mount(&d, &fs);
	/* one slot is left (label, a.bin, sub and 220 files: 223 of 224): a long name needs 3 */
	assert_int_equal(fat_write_root(&fs, "uboot-redund.env", data, 4096), -ENOSPC);
	assert_int_equal(d.written, 0);
	wd_close(&d);
}

static void test_fragmented_free_space(void **state)
{
	struct wdisk d;
	struct fat_fs fs;
	char extra[PATH_MAX * 4];

	(void)state;
	/* 40 files of 8 KiB, every other one deleted: free space in holes */
	snprintf(extra, sizeof(extra), "&& cd %s && head -c 8192 /dev/urandom > h && "
		 "for i in $(seq 10 49); do mcopy -D o -i frag.img h ::/H$i </dev/null || exit 1; done && "
		 "for i in $(seq 10 2 48); do mdel -i frag.img ::/H$i </dev/null || exit 1; done", dir);
	mkimage("frag", 16, 4, 20 * 1024, extra);
	wd_open(&d, imgpath("frag"));
	mount(&d, &fs);
	fill(data, ENV_SIZE, 9);
	assert_int_equal(fat_write_root(&fs, "uboot.env", data, ENV_SIZE), 0);
	save(&d, "frag");
	assert_int_equal(fsck_clean("frag"), 0);
	mtools_has("frag", "uboot.env", data, ENV_SIZE);
	others_intact("frag");
	/* and it overwrites in place across the fragments */
	fill(data, ENV_SIZE, 10);
	assert_int_equal(fat_write_root(&fs, "uboot.env", data, ENV_SIZE), 0);
	save(&d, "frag");
	assert_int_equal(fsck_clean("frag"), 0);
	mtools_has("frag", "uboot.env", data, ENV_SIZE);
	wd_close(&d);
}

/* A cut after every block: the file is absent or complete, the others are
 * intact; while overwriting, fsck.fat finds nothing at any point. */
static void test_power_cut_every_block(void **state)
{
	static const struct geom pc[] = { { "c12", 12, 1, 1440 }, { "c32", 32, 1, 40 * 1024 } };
	static uint8_t back[ENV_SIZE];

	(void)state;
	for (unsigned g = 0; g < 2; g++) {
		const uint32_t len = 8192;
		struct wdisk d;
		struct fat_fs fs;
		long total;
		uint32_t size;

		mkimage(pc[g].name, pc[g].bits, pc[g].spc, pc[g].kib, NULL);
		/* the number of blocks a creation writes */
		wd_open(&d, imgpath(pc[g].name));
		mount(&d, &fs);
		fill(data, len, 11);
		assert_int_equal(fat_write_root(&fs, "uboot-redund.env", data, len), 0);
		total = d.written;
		wd_close(&d);
		for (long cut = 0; cut <= total; cut++) {
			int ret;

			wd_open(&d, imgpath(pc[g].name));
			d.cut_after = cut;
			mount(&d, &fs);
			ret = fat_write_root(&fs, "uboot-redund.env", data, len);
			assert_int_equal(ret, cut < total ? -EIO : 0);
			d.cut_after = -1;
			mount(&d, &fs);
			ret = fat_read(&fs, "/uboot-redund.env", back, sizeof(back), &size);
			if (cut < total) {
				assert_int_equal(ret, -ENOENT);
			} else {
				assert_int_equal(ret, 0);
				assert_memory_equal(back, data, len);
			}
			save(&d, "cut");
			assert_int_equal(sh("cd '%s' && mcopy -D o -n -i cut.img ::/a.bin a.out </dev/null && "
					    "cmp -s a.bin a.out && mcopy -D o -n -i cut.img ::/sub/b.bin b.out "
					    "</dev/null && cmp -s b.bin b.out", dir), 0);
			wd_close(&d);
		}
		/* overwrite: cut at every block, fsck clean each time */
		wd_open(&d, imgpath(pc[g].name));
		mount(&d, &fs);
		assert_int_equal(fat_write_root(&fs, "uboot-redund.env", data, len), 0);
		save(&d, pc[g].name);
		wd_close(&d);
		fill(data2, len, 12);
		for (long cut = 0; cut <= (long)(len / 512); cut += 5) {
			wd_open(&d, imgpath(pc[g].name));
			d.cut_after = cut;
			mount(&d, &fs);
			fat_write_root(&fs, "uboot-redund.env", data2, len);
			assert_true(d.written <= (long)(len / 512));
			save(&d, "cut");
			assert_int_equal(fsck_clean("cut"), 0);
			wd_close(&d);
		}
	}
}

static void test_bad_names(void **state)
{
	struct wdisk d;
	struct fat_fs fs;

	(void)state;
	mkimage("names", 12, 1, 1440, NULL);
	wd_open(&d, imgpath("names"));
	mount(&d, &fs);
	assert_int_equal(fat_write_root(&fs, "a/b", data, 10), -EINVAL);
	assert_int_equal(fat_write_root(&fs, "", data, 10), -EINVAL);
	assert_int_equal(fat_write_root(&fs, "x?", data, 10), -EINVAL);
	assert_int_equal(fat_write_root(&fs, "sub", data, 10), -EISDIR);
	assert_int_equal(d.written, 0);
	/* mixed case and long names get a long name, read back as given */
	assert_int_equal(fat_write_root(&fs, "MixedCase.Env", data, 600), 0);
	save(&d, "names");
	assert_int_equal(sh("mdir -i '%s' ::/ </dev/null | grep -q 'MixedCase.Env'", imgpath("names")), 0);
	assert_int_equal(fsck_clean("names"), 0);
	mtools_has("names", "MixedCase.Env", data, 600);
	wd_close(&d);
}

/* fat_write, fat_mkdir and fat_unlink in subdirectories, on every
 * geometry: read back by mtools, fsck.fat clean, the other files intact. */
static void test_paths_mkdir_unlink(void **state)
{
	static uint8_t big[700000];

	(void)state;
	for (unsigned g = 0; g < sizeof(geoms) / sizeof(geoms[0]); g++) {
		const struct geom *ge = &geoms[g];
		uint32_t len = ge->kib < 2048 ? 30000 : sizeof(big), size;
		struct wdisk d;
		struct fat_fs fs;
		struct fat_stat st;
		char name[64];

		mkimage(ge->name, ge->bits, ge->spc, ge->kib, NULL);
		wd_open(&d, imgpath(ge->name));
		mount(&d, &fs);
		fill(big, len, g + 7);
		assert_int_equal(fat_mkdir(&fs, "/newdir"), 0);
		assert_int_equal(fat_mkdir(&fs, "/newdir"), -EEXIST);
		assert_int_equal(fat_mkdir(&fs, "/sub/deeper/"), 0);
		assert_int_equal(fat_mkdir(&fs, "/nothere/x"), -ENOENT);
		/* more than one allocation round at 512-byte clusters */
		assert_int_equal(fat_write(&fs, "/newdir/A long file name.bin", big, len), 0);
		assert_int_equal(fat_write(&fs, "/sub/deeper/k", data, 1000), 0);
		/* a directory full of long names grows by clusters */
		for (int i = 0; i < 40; i++) {
			snprintf(name, sizeof(name), "/sub/deeper/file-number-%02d.txt", i);
			assert_int_equal(fat_write(&fs, name, name, (uint32_t)strlen(name)), 0);
		}
		/* replaced by a shorter and by an empty file */
		assert_int_equal(fat_write(&fs, "/a.bin", data, 100), 0);
		assert_int_equal(fat_write(&fs, "/sub/deeper/k", data, 0), 0);
		assert_int_equal(fat_write(&fs, "/newdir", data, 10), -EISDIR);
		assert_int_equal(fat_write(&fs, "/a.bin/x", data, 10), -ENOTDIR);
		/* removed: a file, then a directory once it is empty */
		assert_int_equal(fat_unlink(&fs, "/sub/deeper/file-number-07.txt"), 0);
		assert_int_equal(fat_stat(&fs, "/sub/deeper/file-number-07.txt", &st), -ENOENT);
		assert_int_equal(fat_mkdir(&fs, "/gone"), 0);
		assert_int_equal(fat_write(&fs, "/gone/f", data, 3000), 0);
		assert_int_equal(fat_unlink(&fs, "/gone"), -EEXIST);
		assert_int_equal(fat_unlink(&fs, "/gone/f"), 0);
		assert_int_equal(fat_unlink(&fs, "/gone"), 0);
		assert_int_equal(fat_unlink(&fs, "/"), -EINVAL);
		assert_int_equal(fat_unlink(&fs, "/gone"), -ENOENT);
		static uint8_t back[sizeof(big)];

		assert_int_equal(fat_read(&fs, "/newdir/a long FILE name.bin", back, sizeof(back),
					  &size), 0);
		assert_int_equal(size, len);
		assert_memory_equal(back, big, len);
		save(&d, ge->name);
		if (fsck_clean(ge->name)) {
			sh("cat '%s/fsck.out'", dir);
			fail_msg("%s: fsck.fat after fat_write/mkdir/unlink", ge->name);
		}
		mtools_has(ge->name, "newdir/A long file name.bin", big, len);
		mtools_has(ge->name, "a.bin", data, 100);
		mtools_has(ge->name, "sub/deeper/k", data, 0);
		mtools_has(ge->name, "sub/deeper/file-number-39.txt",
			   "/sub/deeper/file-number-39.txt", 30);
		assert_int_equal(sh("test $(mdir -b -i '%s' ::/sub/deeper </dev/null | wc -l) = 40",
				    imgpath(ge->name)), 0);
		assert_int_equal(sh("mdir -i '%s' ::/gone </dev/null >/dev/null 2>&1",
				    imgpath(ge->name)) != 0, 1);
		assert_int_equal(sh("cd '%s' && mcopy -D o -n -i %s.img ::/sub/b.bin b.out </dev/null"
				    " && cmp -s b.bin b.out", dir, ge->name), 0);
		wd_close(&d);
	}
}

/* A file replaced by fat_write with a power cut after every block: the
 * old file or the new one, whole; nothing else changed; what fsck.fat
 * finds is at most clusters lost on the way. */
static void test_replace_power_cut(void **state)
{
	static uint8_t back[ENV_SIZE];
	long total;
	struct wdisk d;
	struct fat_fs fs;
	uint32_t size;

	(void)state;
	mkimage("rc", 16, 1, 16 * 1024, NULL);
	fill(data, 9000, 21);
	wd_open(&d, imgpath("rc"));
	mount(&d, &fs);
	assert_int_equal(fat_write(&fs, "/sub/b.bin", data, 9000), 0);
	total = d.written;
	wd_close(&d);
	for (long cut = 0; cut <= total; cut++) {
		int ret;

		wd_open(&d, imgpath("rc"));
		d.cut_after = cut;
		mount(&d, &fs);
		ret = fat_write(&fs, "/sub/b.bin", data, 9000);
		assert_int_equal(ret, cut < total ? -EIO : 0);
		d.cut_after = -1;
		mount(&d, &fs);
		assert_int_equal(fat_read(&fs, "/sub/b.bin", back, sizeof(back), &size), 0);
		if (size == 9000)
			assert_memory_equal(back, data, 9000);
		else
			assert_int_equal(size, 70000);
		save(&d, "rc-cut");
		if (size == 70000)
			assert_int_equal(sh("cd '%s' && mcopy -D o -n -i rc-cut.img ::/sub/b.bin b.out "
					    "</dev/null && cmp -s b.bin b.out", dir), 0);
		assert_int_equal(sh("cd '%s' && mcopy -D o -n -i rc-cut.img ::/a.bin a.out </dev/null"
				    " && cmp -s a.bin a.out", dir), 0);
		fsck_clean("rc-cut");
		assert_int_equal(sh("grep -v -e '^fsck.fat' -e '^Checking' -e '^Reclaimed' "
				    "-e 'unused clusters' -e '^Free cluster summary' -e '^Leaving' "
				    "-e 'FATs differ but appear to be intact' -e 'Using first FAT' "
				    "-e 'files, .* clusters' -e '^rc-cut.img' -e '^$' -e 'Perform changes' "
				    "'%s/fsck.out' | grep -q .", dir) != 0, 1);
		wd_close(&d);
	}
}

/* fatwrite at a position (U-Boot's semantics: the file becomes its first
 * pos bytes, then the data): growing past the chain, appending, cutting
 * short; a position past the end or a missing file refused. */
static void test_write_at(void **state)
{
	static uint8_t want[20000], back[20000];
	uint8_t *a;
	size_t alen;
	char path[PATH_MAX + 16];
	struct wdisk d;
	struct fat_fs fs;
	uint32_t size;

	(void)state;
	for (unsigned g = 0; g < 2; g++) {
		const struct geom *ge = &geoms[g ? 4 : 0];

		mkimage(ge->name, ge->bits, ge->spc, ge->kib, NULL);
		snprintf(path, sizeof(path), "%s/a.bin", dir);
		a = slurp(path, &alen);
		assert_int_equal(alen, 3000);
		wd_open(&d, imgpath(ge->name));
		mount(&d, &fs);
		fill(data, 12000, 5);
		/* 1000 bytes kept, 12000 written: past the old chain's end */
		assert_int_equal(fat_write_at(&fs, "/a.bin", data, 12000, 1000), 0);
		memcpy(want, a, 1000);
		memcpy(want + 1000, data, 12000);
		/* appended at the end */
		assert_int_equal(fat_write_at(&fs, "/a.bin", data + 7, 333, 13000), 0);
		memcpy(want + 13000, data + 7, 333);
		assert_int_equal(fat_read(&fs, "/a.bin", back, sizeof(back), &size), 0);
		assert_int_equal(size, 13333);
		assert_memory_equal(back, want, 13333);
		save(&d, ge->name);
		assert_int_equal(fsck_clean(ge->name), 0);
		mtools_has(ge->name, "a.bin", want, 13333);
		/* cut short: 600 bytes kept, 10 written; the rest freed */
		assert_int_equal(fat_write_at(&fs, "/a.bin", data, 10, 600), 0);
		memcpy(want + 600, data, 10);
		assert_int_equal(fat_write_at(&fs, "/a.bin", data, 10, 611), -EINVAL);
		assert_int_equal(fat_write_at(&fs, "/nothere", data, 10, 1), -EINVAL);
		assert_int_equal(fat_write_at(&fs, "/sub", data, 10, 1), -EISDIR);
		save(&d, ge->name);
		if (fsck_clean(ge->name)) {
			sh("cat '%s/fsck.out'", dir);
			fail_msg("%s: fsck.fat after fat_write_at", ge->name);
		}
		mtools_has(ge->name, "a.bin", want, 610);
		others_intact2(ge->name);
		free(a);
		wd_close(&d);
	}
}

/* The image's FSInfo sector and its next-free hint. */
static uint8_t *fsinfo_of(struct wdisk *d)
{
	return d->mem + (size_t)get_le16(d->mem + 0x30) * 512;
}

/* Allocation starts where the last one ended (FAT32's FSInfo next-free
 * hint), not at cluster 2: a write after many files reads the FAT around
 * the free space only, not everything used. A hint that is wrong (used
 * cluster, the last cluster, garbage) still gives a clean file system. */
static void test_alloc_from_hint(void **state)
{
	static uint8_t big[1 << 20];
	struct wdisk d;
	struct fat_fs fs;
	char name[16];
	uint32_t fat0, hint;

	(void)state;
	mkimage("hint", 32, 1, 40 * 1024, NULL);
	wd_open(&d, imgpath("hint"));
	fat0 = get_le16(d.mem + 14);
	/* 16 files of 1 MiB, a mount each as fatwrite does: 32768 clusters
	 * used, 256 FAT sectors */
	for (int i = 0; i < 16; i++) {
		fill(big, sizeof(big), (unsigned)i);
		snprintf(name, sizeof(name), "f%02d.bin", i);
		mount(&d, &fs);
		assert_int_equal(fat_write(&fs, name, big, sizeof(big)), 0);
	}
	hint = get_le32(fsinfo_of(&d) + 492);
	assert_true(hint > 32768);
	/* the next write reads the FAT around the hint and the root
	 * directory's chain at its start (a cache fill each, twice: the one
	 * window goes back and forth), whatever is used before the hint: 262
	 * sectors here, where a search from cluster 2 read 902 */
	d.read_lo = fat0;
	d.read_hi = fat0 + get_le32(d.mem + 0x24);
	d.read_in = 0;
	mount(&d, &fs);
	fill(big, sizeof(big), 99);
	assert_int_equal(fat_write(&fs, "next.bin", big, 4096), 0);
	assert_in_range(d.read_in, 1, 4 * FAT_CACHE_SECTORS + 16);
	save(&d, "hint");
	assert_int_equal(fsck_clean("hint"), 0);
	mtools_has("hint", "next.bin", big, 4096);

	/* a hint on a used cluster: skipped over */
	set_le32(fsinfo_of(&d) + 492, 3);
	mount(&d, &fs);
	assert_int_equal(fat_write(&fs, "used.bin", big, 70000), 0);
	/* the last cluster: the file's chain wraps to the free space */
	set_le32(fsinfo_of(&d) + 492, fs.nclusters + 1);
	mount(&d, &fs);
	fill(big, sizeof(big), 7);
	assert_int_equal(fat_write(&fs, "wrap.bin", big, 5000), 0);
	/* garbage: from cluster 2 */
	set_le32(fsinfo_of(&d) + 492, 0xfffffff0u);
	mount(&d, &fs);
	assert_int_equal(fat_write(&fs, "junk.bin", big, 3000), 0);
	save(&d, "hint");
	if (fsck_clean("hint")) {
		sh("cat '%s/fsck.out'", dir);
		fail_msg("hint: fsck.fat after wrong hints");
	}
	mtools_has("hint", "wrap.bin", big, 5000);
	mtools_has("hint", "junk.bin", big, 3000);
	fill(big, sizeof(big), 3);
	mtools_has("hint", "f03.bin", big, sizeof(big));
	others_intact("hint");
	wd_close(&d);
}

/* A long name's 8.3 alias takes the first free ~N, those mtools made
 * counted (one directory walk finds them all), past ~9 with a shorter
 * base, as Windows and Linux do. */
static void test_alias_tails(void **state)
{
	struct wdisk d;
	struct fat_fs fs;
	char extra[PATH_MAX * 4], name[32];

	(void)state;
	snprintf(extra, sizeof(extra), "&& cd %s && echo x > x && "
		 "mcopy -D o -i al.img x ::/longname_a.txt </dev/null && "
		 "mcopy -D o -i al.img x ::/longname_b.txt </dev/null && "
		 "mcopy -D o -i al.img x ::/LONGNA~4.TXT </dev/null", dir);
	mkimage("al", 12, 1, 1440, extra);
	wd_open(&d, imgpath("al"));
	fill(data, 100, 5);
	for (char c = 'c'; c <= 'l'; c++) {
		snprintf(name, sizeof(name), "longname_%c.txt", c);
		mount(&d, &fs);
		assert_int_equal(fat_write(&fs, name, data, 100), 0);
	}
	save(&d, "al");
	assert_int_equal(fsck_clean("al"), 0);
	/* c: ~3, d: ~5 (~4 is taken), ... h: ~9, i: ~10, ... l: ~13 */
	assert_int_equal(sh("cd '%s' && mdir -i al.img ::/ </dev/null > mdir.out && "
			    "grep -q '^LONGNA~3 TXT .* longname_c.txt' mdir.out && "
			    "grep -q '^LONGNA~5 TXT .* longname_d.txt' mdir.out && "
			    "grep -q '^LONGNA~9 TXT .* longname_h.txt' mdir.out && "
			    "grep -q '^LONGN~10 TXT .* longname_i.txt' mdir.out && "
			    "grep -q '^LONGN~13 TXT .* longname_l.txt' mdir.out", dir), 0);
	mtools_has("al", "longname_l.txt", data, 100);
	wd_close(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create_and_overwrite),
		cmocka_unit_test(test_overwrite_mtools_file),
		cmocka_unit_test(test_full_volume_refused),
		cmocka_unit_test(test_full_root_refused),
		cmocka_unit_test(test_fragmented_free_space),
		cmocka_unit_test(test_power_cut_every_block),
		cmocka_unit_test(test_bad_names),
		cmocka_unit_test(test_paths_mkdir_unlink),
		cmocka_unit_test(test_replace_power_cut),
		cmocka_unit_test(test_write_at),
		cmocka_unit_test(test_alloc_from_hint),
		cmocka_unit_test(test_alias_tails),
	};

	snprintf(dir, sizeof(dir), "%s", scratch_dir("fatwrite"));
	setenv("MTOOLS_SKIP_CHECK", "1", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
