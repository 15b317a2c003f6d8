// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/env/ubenv (U-Boot's environment block): export/import
 * round trip in both variants, CRC and terminator checks, names gtaboot
 * cannot hold, the choice between two copies with the counter's wrap
 * (U-Boot env/common.c env_import_redund, libubootenv src/uboot_env.c),
 * -ENOSPC at the exact limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/crc32.h"
#include "lib/errno.h"
#include "lib/env/ubenv.h"

#define BLK 4096

static char ebuf[2048], ebuf2[2048];
static uint8_t blk[BLK];
static unsigned nwarn, lastwarn;

static void warn(void *arg, unsigned n, const char *why, const char *name)
{
	(void)arg;
	(void)why;
	nwarn++;
	lastwarn = n;
}

/* A block written by hand: header, the given data area bytes, zeros. */
static void make_block(uint8_t *b, size_t size, bool redund, uint8_t flags, const char *data,
		       size_t len)
{
	size_t h = redund ? 5 : 4;
	uint32_t crc;

	memset(b, 0, size);
	memcpy(b + h, data, len);
	if (redund)
		b[4] = flags;
	crc = crc32(0, b + h, size - h);
	b[0] = (uint8_t)crc;
	b[1] = (uint8_t)(crc >> 8);
	b[2] = (uint8_t)(crc >> 16);
	b[3] = (uint8_t)(crc >> 24);
}

static void test_roundtrip(void **state)
{
	struct env e, f;

	(void)state;
	for (int redund = 0; redund < 2; redund++) {
		env_init(&e, ebuf, sizeof(ebuf), NULL);
		assert_int_equal(env_set(&e, "bootdelay", "3"), 0);
		assert_int_equal(env_set(&e, "bootcmd", "run a; run b"), 0);
		assert_int_equal(env_set(&e, "empty", ""), 0);
		assert_int_equal(ubenv_export(&e, blk, BLK, redund, 7), 0);
		/* the layout itself: CRC LE over the data area, flags, sorted */
		size_t h = redund ? 5 : 4;
		assert_int_equal(blk[0] | blk[1] << 8 | blk[2] << 16 | (uint32_t)blk[3] << 24,
				 crc32(0, blk + h, BLK - h));
		if (redund)
			assert_int_equal(blk[4], 7);
		static const char want[] = "bootcmd=run a; run b\0bootdelay=3\0empty=\0";
		assert_memory_equal(blk + h, want, sizeof(want));
		for (size_t i = h + sizeof(want); i < BLK; i++)
			assert_int_equal(blk[i], 0);

		struct ubenv_copy c;
		assert_int_equal(ubenv_check(blk, BLK, redund, &c), 0);
		assert_true(c.ok);
		assert_int_equal(c.flags, redund ? 7 : 0);
		env_init(&f, ebuf2, sizeof(ebuf2), NULL);
		assert_int_equal(env_set(&f, "bootdelay", "1"), 0);
		assert_int_equal(env_set(&f, "kept", "yes"), 0);
		assert_int_equal(ubenv_import(&f, blk, BLK, redund, warn, NULL), 3);
		assert_string_equal(env_get(&f, "bootdelay"), "3");
		assert_string_equal(env_get(&f, "bootcmd"), "run a; run b");
		assert_string_equal(env_get(&f, "empty"), "");
		assert_string_equal(env_get(&f, "kept"), "yes");   /* defaults stay */
	}
}

static void test_bad_crc(void **state)
{
	struct env e;
	struct ubenv_copy c = { true, 9 };

	(void)state;
	make_block(blk, BLK, true, 3, "a=1\0\0", 5);
	assert_int_equal(ubenv_check(blk, BLK, true, &c), 0);
	blk[BLK - 1] ^= 1;                      /* padding counts too */
	assert_int_equal(ubenv_check(blk, BLK, true, &c), -EBADMSG);
	assert_false(c.ok);
	env_init(&e, ebuf, sizeof(ebuf), NULL);
	assert_int_equal(ubenv_import(&e, blk, BLK, true, warn, NULL), -EBADMSG);
	assert_int_equal(e.used, 0);
	/* the same bytes read as the other variant: CRC over another area */
	make_block(blk, BLK, false, 0, "a=1\0\0", 5);
	assert_int_equal(ubenv_check(blk, BLK, true, NULL), -EBADMSG);
	/* erased flash */
	memset(blk, 0xFF, BLK);
	assert_int_equal(ubenv_check(blk, BLK, false, NULL), -EBADMSG);
}

static void test_bad_content(void **state)
{
	(void)state;
	/* CRC right, but no terminating NUL in the block */
	memset(blk, 'x', BLK);
	make_block(blk, 16, false, 0, "a=123456789012", 12);
	blk[4 + 11] = 'x';
	memset(blk + 4, 'x', 12);
	blk[5] = '=';
	uint32_t crc = crc32(0, blk + 4, 12);
	blk[0] = (uint8_t)crc; blk[1] = (uint8_t)(crc >> 8);
	blk[2] = (uint8_t)(crc >> 16); blk[3] = (uint8_t)(crc >> 24);
	assert_int_equal(ubenv_check(blk, 16, false, NULL), -EINVAL);
	/* the entries fill the area exactly: no empty entry after them */
	make_block(blk, 12, false, 0, "a=1\0b=2\0", 8);
	assert_int_equal(ubenv_check(blk, 12, false, NULL), -EINVAL);
	make_block(blk, 13, false, 0, "a=1\0b=2\0\0", 9);
	assert_int_equal(ubenv_check(blk, 13, false, NULL), 0);
	/* an entry without '=' or with an empty name */
	make_block(blk, BLK, false, 0, "a=1\0junk\0\0", 10);
	assert_int_equal(ubenv_check(blk, BLK, false, NULL), -EINVAL);
	make_block(blk, BLK, false, 0, "=1\0\0", 4);
	assert_int_equal(ubenv_check(blk, BLK, false, NULL), -EINVAL);
	/* too small to be a block */
	assert_int_equal(ubenv_check(blk, UBENV_MIN_SIZE - 1, false, NULL), -EINVAL);
	/* an empty environment is valid */
	make_block(blk, BLK, true, 1, "\0", 1);
	assert_int_equal(ubenv_check(blk, BLK, true, NULL), 0);
}

static void test_names_skipped(void **state)
{
	struct env e;

	(void)state;
	static const char data[] = "a=1\0.flags=a:sw\0fdt-file=x.dtb\0b=x=y\0\0";
	make_block(blk, BLK, true, 1, data, sizeof(data));
	env_init(&e, ebuf, sizeof(ebuf), NULL);
	nwarn = 0;
	assert_int_equal(ubenv_import(&e, blk, BLK, true, warn, NULL), 2);
	assert_int_equal(nwarn, 2);
	assert_int_equal(lastwarn, 3);
	assert_string_equal(env_get(&e, "a"), "1");
	assert_string_equal(env_get(&e, "b"), "x=y");   /* first '=' splits */
}

static void test_full(void **state)
{
	static char small[24];
	struct env e;

	(void)state;
	static const char data[] = "aaaa=1111\0bbbb=2222\0cccc=3333\0\0";
	make_block(blk, BLK, false, 0, data, sizeof(data));
	env_init(&e, small, sizeof(small), NULL);
	nwarn = 0;
	assert_int_equal(ubenv_import(&e, blk, BLK, false, warn, NULL), 2);
	assert_int_equal(nwarn, 1);
	/* export: 4 header + "aaaa=1111\0bbbb=2222\0" (20) + final NUL = 25 */
	assert_int_equal(ubenv_export(&e, blk, 25, false, 0), 0);
	assert_int_equal(ubenv_check(blk, 25, false, NULL), 0);
	assert_int_equal(ubenv_export(&e, blk, 24, false, 0), -ENOSPC);
	assert_int_equal(ubenv_export(&e, blk, 26, true, 0), 0);
	assert_int_equal(ubenv_export(&e, blk, 25, true, 0), -ENOSPC);
	assert_int_equal(ubenv_export(&e, blk, 7, false, 0), -EINVAL);
}

static void test_pick(void **state)
{
	struct ubenv_copy bad = { false, 200 }, a, b;

	(void)state;
	assert_int_equal(ubenv_pick(&bad, &bad), -EBADMSG);
	a = (struct ubenv_copy){ true, 5 };
	assert_int_equal(ubenv_pick(&a, &bad), 0);
	assert_int_equal(ubenv_pick(&bad, &a), 1);
	b = (struct ubenv_copy){ true, 6 };
	assert_int_equal(ubenv_pick(&a, &b), 1);
	assert_int_equal(ubenv_pick(&b, &a), 0);
	/* equal: copy 0 */
	assert_int_equal(ubenv_pick(&a, &a), 0);
	/* the wrap: 0 is newer than 255 */
	a = (struct ubenv_copy){ true, 255 };
	b = (struct ubenv_copy){ true, 0 };
	assert_int_equal(ubenv_pick(&a, &b), 1);
	assert_int_equal(ubenv_pick(&b, &a), 0);
	/* only the 255/0 pair wraps: 254 beats 1 */
	a = (struct ubenv_copy){ true, 254 };
	b = (struct ubenv_copy){ true, 1 };
	assert_int_equal(ubenv_pick(&a, &b), 0);
	assert_int_equal(ubenv_next_flags(255), 0);
	assert_int_equal(ubenv_next_flags(4), 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_bad_crc),
		cmocka_unit_test(test_bad_content),
		cmocka_unit_test(test_names_skipped),
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_pick),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
