// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/fs/part (MBR) and blk_read (bounds, partition offsets),
 * on tables written here and on one made by sfdisk. */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/fs/part.h"

static void put_entry(uint8_t *mbr, int i, uint8_t boot, uint8_t type, uint32_t start,
		      uint32_t size)
{
	uint8_t *e = mbr + 446 + 16 * i;

	e[0] = boot;
	e[4] = type;
	for (int b = 0; b < 4; b++) {
		e[8 + b] = (uint8_t)(start >> (8 * b));
		e[12 + b] = (uint8_t)(size >> (8 * b));
	}
	mbr[510] = 0x55;
	mbr[511] = 0xaa;
}

static void test_parse_and_pick(void **state)
{
	uint8_t mbr[512] = { 0 };
	struct mbr_part p[4];
	int bad = -1;

	put_entry(mbr, 0, 0, 0x83, 2048, 4096);
	put_entry(mbr, 1, 0, 0x0c, 8192, 4096);
	put_entry(mbr, 2, 0, 0x06, 16384, 100);
	assert_int_equal(mbr_parse(mbr, 100000, p, &bad), 0);
	assert_int_equal(bad, 0);
	assert_int_equal(p[0].type, 0x83);
	assert_int_equal(p[1].start, 8192);
	assert_int_equal(p[1].size, 4096);
	assert_int_equal(p[3].type, 0);
	/* No active entry: the first FAT one. */
	assert_int_equal(mbr_pick_boot(p), 1);
	/* The active one wins, whatever its type. */
	put_entry(mbr, 2, 0x80, 0x06, 16384, 100);
	assert_int_equal(mbr_parse(mbr, 100000, p, NULL), 0);
	assert_int_equal(mbr_pick_boot(p), 2);
	assert_true(p[2].active);
}

static void test_fat_types(void **state)
{
	const uint8_t fat[] = { 0x01, 0x04, 0x06, 0x0b, 0x0c, 0x0e };
	int n = 0;

	for (int t = 0; t < 256; t++)
		if (mbr_type_is_fat((uint8_t)t)) {
			assert_int_equal(t, fat[n]);
			n++;
		}
	assert_int_equal(n, 6);
}

static void test_rejects(void **state)
{
	uint8_t mbr[512] = { 0 };
	struct mbr_part p[4];
	int bad;

	/* No signature. */
	assert_int_equal(mbr_parse(mbr, 100000, p, &bad), -EINVAL);
	/* Past the end of the device: dropped and counted. */
	put_entry(mbr, 0, 0x80, 0x0c, 2048, 100000);
	put_entry(mbr, 1, 0, 0x0c, 0xffffff00u, 0x1000);
	put_entry(mbr, 2, 0, 0x0b, 4096, 1000);
	assert_int_equal(mbr_parse(mbr, 100000, p, &bad), 0);
	assert_int_equal(bad, 2);
	assert_int_equal(p[0].type, 0);
	assert_int_equal(p[1].type, 0);
	assert_int_equal(mbr_pick_boot(p), 2);
	/* Exactly up to the end is fine. */
	put_entry(mbr, 0, 0x80, 0x0c, 2048, 100000 - 2048);
	assert_int_equal(mbr_parse(mbr, 100000, p, &bad), 0);
	assert_int_equal(bad, 1);
	assert_int_equal(mbr_pick_boot(p), 0);
	/* A bogus boot indicator means this is no MBR. */
	mbr[446] = 0x12;
	assert_int_equal(mbr_parse(mbr, 100000, p, &bad), -EINVAL);
	/* Nothing usable. */
	memset(mbr, 0, sizeof(mbr));
	put_entry(mbr, 0, 0, 0x83, 2048, 4096);
	put_entry(mbr, 1, 0, 0x0c, 8192, 0);
	assert_int_equal(mbr_parse(mbr, 100000, p, NULL), 0);
	assert_int_equal(mbr_pick_boot(p), -ENOENT);
}

static void test_open_boot_and_blk_read(void **state)
{
	static uint8_t disk[64 * 512];
	uint8_t sector[512], buf[3 * 512];
	struct test_bd t;
	struct blockdev part;

	for (size_t i = 0; i < sizeof(disk); i++)
		disk[i] = (uint8_t)(i / 512);
	memset(disk, 0, 512);
	put_entry(disk, 0, 0, 0x83, 4, 8);
	put_entry(disk, 1, 0, 0x0e, 16, 10);
	test_bd_mem(&t, disk, sizeof(disk));
	assert_int_equal(part_open_boot(&t.bd, sector, &part, "mem1p2"), 1);
	assert_string_equal(part.name, "mem1p2");
	assert_int_equal(part.offset, 16);
	assert_int_equal(part.nblocks, 10);
	assert_ptr_equal(part.parent, &t.bd);

	assert_int_equal(blk_read(&part, 0, 3, buf), 0);
	assert_int_equal(buf[0], 16);
	assert_int_equal(buf[1024], 18);
	assert_int_equal(blk_read(&part, 7, 3, buf), 0);
	assert_int_equal(buf[1024], 25);
	/* Bounds: the partition's, not the disk's. */
	test_bd_reset_counts(&t);
	assert_int_equal(blk_read(&part, 8, 3, buf), -ERANGE);
	assert_int_equal(blk_read(&part, 10, 1, buf), -ERANGE);
	assert_int_equal(blk_read(&part, 0xffffffffffffffffull, 2, buf), -ERANGE);
	assert_int_equal(blk_read(&part, 2, 0xffffffffu, buf), -ERANGE);
	assert_int_equal(t.reads, 0);
	assert_int_equal(blk_read(&part, 10, 0, buf), 0);
	assert_int_equal(blk_read(&t.bd, 63, 1, buf), 0);
	assert_int_equal(blk_read(&t.bd, 64, 1, buf), -ERANGE);
	/* Device errors pass through. */
	t.fail_at = t.reads + 1;
	assert_int_equal(blk_read(&part, 0, 1, buf), -5);
	t.fail_at = 0;
	assert_int_equal(blk_read(NULL, 0, 1, buf), -ENODEV);
	/* A parent cycle ends. */
	{
		struct blockdev a = { .nblocks = 10 }, b = { .nblocks = 10 };

		a.parent = &b;
		b.parent = &a;
		assert_int_equal(blk_read(&a, 0, 1, buf), -ELOOP);
	}
}

static void test_superfloppy_and_garbage(void **state)
{
	static uint8_t disk[16 * 512];
	uint8_t sector[512];
	struct test_bd t;
	struct blockdev part;

	test_bd_mem(&t, disk, sizeof(disk));
	assert_int_equal(part_open_boot(&t.bd, sector, &part, "x"), -EINVAL);
	/* A FAT32 boot sector at LBA 0. */
	disk[0] = 0xeb;
	memcpy(disk + 0x52, "FAT32   ", 8);
	disk[510] = 0x55;
	disk[511] = 0xaa;
	assert_int_equal(part_open_boot(&t.bd, sector, &part, "x"), MBR_NPART);
	assert_int_equal(part.offset, 0);
	assert_int_equal(part.nblocks, 16);
}

/* A table written by sfdisk. */
static void test_sfdisk(void **state)
{
	const char *dir = scratch_dir("part");
	char img[PATH_MAX + 64];
	uint8_t sector[512];
	struct test_bd t;
	struct blockdev part;
	struct mbr_part p[4];

	snprintf(img, sizeof(img), "%s/sfdisk.img", dir);
	assert_int_equal(sh("rm -f '%s' && truncate -s 16M '%s' && printf 'label: dos\\n"
			    "2048,4096,83\\n8192,8192,c,*\\n16384,,b\\n' | sfdisk -q '%s' >/dev/null",
			    img, img, img), 0);
	assert_int_equal(test_bd_file(&t, img), 0);
	assert_int_equal(part_open_boot(&t.bd, sector, &part, "sd"), 1);
	assert_int_equal(part.offset, 8192);
	assert_int_equal(part.nblocks, 8192);
	assert_int_equal(mbr_parse(sector, t.bd.nblocks, p, NULL), 0);
	assert_int_equal(p[2].type, 0x0b);
	assert_int_equal(p[2].start + p[2].size, 32768);
	/* The same table on a smaller device: the last entry runs past it. */
	assert_int_equal(mbr_parse(sector, 32767, p, NULL), 0);
	assert_int_equal(p[2].type, 0);
	fclose(t.file);
}

/* The PARTUUID of an MBR partition, as sfdisk's label-id and Linux's
 * blkid give it: "<disk signature>-<number>". */
static void test_part_uuid(void **state)
{
	const char *dir = scratch_dir("part");
	char img[PATH_MAX + 64], uuid[12];
	uint8_t sector[512];
	struct test_bd t;

	snprintf(img, sizeof(img), "%s/uuid.img", dir);
	assert_int_equal(sh("rm -f '%s' && truncate -s 4M '%s' && printf 'label: dos\\n"
			    "label-id: 0x6b5d0c2b\\n2048,2048,c,*\\n4096,,83\\n' | "
			    "sfdisk -q '%s' >/dev/null", img, img, img), 0);
	assert_int_equal(test_bd_file(&t, img), 0);
	assert_int_equal(blk_read(&t.bd, 0, 1, sector), 0);
	assert_int_equal(mbr_disk_signature(sector), 0x6b5d0c2b);
	mbr_part_uuid(uuid, mbr_disk_signature(sector), 2);
	assert_string_equal(uuid, "6b5d0c2b-02");
	mbr_part_uuid(uuid, 0xdeadbeef, 0x1a);
	assert_string_equal(uuid, "deadbeef-1a");
	fclose(t.file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_and_pick),
		cmocka_unit_test(test_fat_types),
		cmocka_unit_test(test_rejects),
		cmocka_unit_test(test_open_boot_and_blk_read),
		cmocka_unit_test(test_superfloppy_and_garbage),
		cmocka_unit_test(test_sfdisk),
		cmocka_unit_test(test_part_uuid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
