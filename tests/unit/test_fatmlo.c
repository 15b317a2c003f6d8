// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/fs/fatmlo (the early part's MLO reader) on images made by
 * sfdisk, mkfs.vfat and mtools: FAT12, FAT16 and FAT32 with an MLO split
 * into several cluster runs, every part of it compared with the host copy;
 * the runs merged into few reads; a card without an MBR (FAT16 from sector
 * 0); no active partition, no file, a file
 * shorter than asked, a FAT chain that ends early, and read errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/fs/fatmlo.h"

#define MLO_BYTES 70001

static char dir[PATH_MAX + 64];
static uint8_t *mlo;

struct img {
	uint8_t *data;
	size_t len;
	unsigned reads, fail_at;
};

static int rd(void *ctx, uint32_t lba, uint32_t count, void *buf)
{
	struct img *m = ctx;

	m->reads++;
	if (m->fail_at && m->reads == m->fail_at)
		return -EIO;
	if ((uint64_t)(lba + (uint64_t)count) * 512 > m->len)
		return -EIO;
	memcpy(buf, m->data + (size_t)lba * 512, (size_t)count * 512);
	return 0;
}

/* An image with MLO behind two small files, one of them deleted again, so
 * that MLO's clusters lie in more than one run. */
static int make(void **state)
{
	snprintf(dir, sizeof(dir), "%s", scratch_dir("fatmlo"));
	mlo = malloc(MLO_BYTES);
	for (size_t i = 0; i < MLO_BYTES; i++)
		mlo[i] = (uint8_t)(i * 131 + i / 511);
	char path[PATH_MAX + 80];

	snprintf(path, sizeof(path), "%s/mlo", dir);
	if (spew(path, mlo, MLO_BYTES))
		return -1;
	return sh("cd '%s' && export MTOOLS_SKIP_CHECK=1 && head -c 3000 /dev/zero >gap && "
		  "for t in 12:1600K 16:20M 32:40M; do f=fat${t%%:*}.img; rm -f $f; "
		  "truncate -s ${t#*:} $f && printf 'label: dos\\n2048,,0c,*\\n' | sfdisk -q $f && "
		  "mkfs.vfat -F ${t%%:*} -s 1 --offset=2048 $f >/dev/null 2>&1 && "
		  "mcopy -D o -i $f@@1048576 gap ::/GAP1 && mcopy -D o -i $f@@1048576 gap ::/GAP2 && "
		  "mdel -i $f@@1048576 ::/GAP1 && mcopy -D o -i $f@@1048576 mlo ::/MLO || exit 1; done && "
		  /* floppy-like: no MBR, the file system from sector 0 */
		  "rm -f floppy.img && truncate -s 20M floppy.img && "
		  "mkfs.vfat -F 16 -s 1 floppy.img >/dev/null 2>&1 && "
		  "mcopy -D o -i floppy.img gap ::/GAP1 && mcopy -D o -i floppy.img gap ::/GAP2 && "
		  "mdel -i floppy.img ::/GAP1 && mcopy -D o -i floppy.img mlo ::/MLO",
		  dir);
}

static struct img load(const char *name)
{
	char path[PATH_MAX + 80];
	struct img m = { 0 };

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	m.data = slurp(path, &m.len);
	assert_non_null(m.data);
	return m;
}

static void check_fat(const char *name)
{
	static uint8_t dst[MLO_BYTES + 512], sec[512];
	struct img m = load(name);
	static const uint32_t offs[] = { 0, 512, 16384, 69632 };

	for (unsigned i = 0; i < 4; i++) {
		uint32_t off = offs[i], len = MLO_BYTES - off;

		m.reads = 0;
		memset(dst, 0xA5, sizeof(dst));
		assert_int_equal(fatmlo_read(rd, &m, "MLO        ", off, len, dst, sec), 0);
		assert_memory_equal(dst, mlo + off, len);
		/* whole sectors only: nothing past the last one */
		for (size_t k = (len + 511) / 512 * 512; k < sizeof(dst); k++)
			assert_int_equal(dst[k], 0xA5);
	}
	/* 137 clusters in two runs: a few FAT/directory sectors and two data
	 * reads, not one read per cluster */
	assert_true(m.reads < 16);
	free(m.data);
}

static void test_fat12(void **st) { check_fat("fat12.img"); }
static void test_fat16(void **st) { check_fat("fat16.img"); }
static void test_fat32(void **st) { check_fat("fat32.img"); }
static void test_floppy(void **st) { check_fat("floppy.img"); }

static void test_refusals(void **st)
{
	static uint8_t dst[MLO_BYTES + 512], sec[512];
	struct img m = load("fat32.img");

	assert_int_equal(fatmlo_read(rd, &m, "NOPE       ", 0, 512, dst, sec), -ENOENT);
	assert_int_equal(fatmlo_read(rd, &m, "MLO        ", 0, MLO_BYTES + 1, dst, sec), -ERANGE);
	assert_int_equal(fatmlo_read(rd, &m, "MLO        ", 100, 512, dst, sec), -EINVAL);
	for (unsigned n = 1; n < 6; n++) {      /* a failing read anywhere */
		m.reads = 0;
		m.fail_at = n;
		assert_int_equal(fatmlo_read(rd, &m, "MLO        ", 0, MLO_BYTES, dst, sec), -EIO);
	}
	m.fail_at = 0;
	m.data[446] = 0;                        /* no active partition */
	assert_int_equal(fatmlo_read(rd, &m, "MLO        ", 0, 512, dst, sec), -ENOENT);
	m.data[446] = 0x80;
	m.data[510] = 0;                        /* no MBR */
	assert_int_equal(fatmlo_read(rd, &m, "MLO        ", 0, 512, dst, sec), -ENOENT);
	free(m.data);
}

/* A chain cut short (MLO's second cluster marked end-of-chain): refused,
 * never read past. */
static void test_short_chain(void **st)
{
	static uint8_t dst[MLO_BYTES + 512], sec[512];
	struct img m = load("fat16.img");
	const uint8_t *bpb = m.data + 2048 * 512;
	uint32_t fat = 2048 + (bpb[14] | bpb[15] << 8), first = 0;
	uint32_t root = fat + bpb[16] * (bpb[22] | bpb[23] << 8);

	for (uint32_t e = 0; e < 512; e += 32)
		if (!memcmp(m.data + root * 512 + e, "MLO        ", 11))
			first = m.data[root * 512 + e + 26] | m.data[root * 512 + e + 27] << 8;
	assert_true(first >= 2);
	m.data[fat * 512 + first * 2] = 0xFF;
	m.data[fat * 512 + first * 2 + 1] = 0xFF;
	assert_int_equal(fatmlo_read(rd, &m, "MLO        ", 0, 512, dst, sec), 0);
	assert_int_equal(fatmlo_read(rd, &m, "MLO        ", 0, 1024, dst, sec), -EBADMSG);
	free(m.data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fat12),
		cmocka_unit_test(test_fat16),
		cmocka_unit_test(test_fat32),
		cmocka_unit_test(test_floppy),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_short_chain),
	};

	return cmocka_run_group_tests(tests, make, NULL);
}
