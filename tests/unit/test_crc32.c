// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/crc32: known vectors, chaining, and agreement with the
 * host's zlib-compatible `crc32`-style reference (Python's zlib). */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/crc32.h"

static void test_vectors(void **state)
{
	assert_int_equal(crc32(0, "123456789", 9), 0xcbf43926);
	assert_int_equal(crc32(0, "", 0), 0);
	assert_int_equal(crc32(0, "a", 1), 0xe8b7be43);
	assert_int_equal(crc32(0, "The quick brown fox jumps over the lazy dog", 43), 0x414fa339);
	{
		uint8_t z[32] = { 0 }, f[32];

		memset(f, 0xff, sizeof(f));
		assert_int_equal(crc32(0, z, 32), 0x190a55ad);
		assert_int_equal(crc32(0, f, 32), 0xff6cab0b);
	}
}

static void test_chaining(void **state)
{
	const char *s = "123456789";

	for (int i = 0; i <= 9; i++)
		assert_int_equal(crc32(crc32(0, s, (size_t)i), s + i, (size_t)(9 - i)), 0xcbf43926);
}

/* A megabyte of pseudo-random bytes against Python's zlib.crc32. */
/* CRC-32C: the catalogue's check value (RFC 3720 B.4, "123456789" ->
 * 0xE3069283) and the raw chaining ext4 uses (no inversion in between). */
static void test_crc32c(void **state)
{
	uint32_t c;

	assert_int_equal(crc32c(~0u, "123456789", 9) ^ ~0u, 0xe3069283u);
	c = crc32c(~0u, "1234", 4);
	assert_int_equal(crc32c(c, "56789", 5), crc32c(~0u, "123456789", 9));
	assert_int_equal(crc32c(0x12345678u, "", 0), 0x12345678u);
}

/* crc32_bulk (slice-by-4) equals the nibble loop at every alignment and
 * length around its word steps and its small-buffer cut, chained too. */
static void test_bulk_equals_nibble(void **state)
{
	static uint8_t buf[4096 + 8];
	uint32_t x = 777;

	for (size_t i = 0; i < sizeof(buf); i++) {
		x = x * 1103515245 + 12345;
		buf[i] = (uint8_t)(x >> 16);
	}
	for (size_t off = 0; off < 4; off++) {
		for (size_t len = 0; len < 300; len++)
			assert_int_equal(crc32_bulk(0, buf + off, len), crc32(0, buf + off, len));
		assert_int_equal(crc32_bulk(0, buf + off, 4096), crc32(0, buf + off, 4096));
		assert_int_equal(crc32_bulk(crc32_bulk(0, buf + off, 1001), buf + off + 1001, 2000),
				 crc32(0, buf + off, 3001));
	}
	assert_int_equal(crc32_bulk(0, "123456789", 9), 0xcbf43926);
}

static void test_against_zlib(void **state)
{
	const char *dir = scratch_dir("crc32");
	char path[PATH_MAX + 64], cmd[2 * PATH_MAX];
	static uint8_t buf[1 << 20];
	uint32_t x = 12345;
	unsigned long want;
	FILE *p;

	for (size_t i = 0; i < sizeof(buf); i++) {
		x = x * 1103515245 + 12345;
		buf[i] = (uint8_t)(x >> 16);
	}
	snprintf(path, sizeof(path), "%s/data", dir);
	assert_int_equal(spew(path, buf, sizeof(buf)), 0);
	snprintf(cmd, sizeof(cmd),
		 "/usr/bin/python3 -c 'import zlib,sys; print(zlib.crc32(open(sys.argv[1],\"rb\").read()))' '%s'",
		 path);
	p = popen(cmd, "r");
	assert_non_null(p);
	assert_int_equal(fscanf(p, "%lu", &want), 1);
	pclose(p);
	assert_int_equal(crc32(0, buf, sizeof(buf)), want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_chaining),
		cmocka_unit_test(test_against_zlib),
		cmocka_unit_test(test_bulk_equals_nibble),
		cmocka_unit_test(test_crc32c),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
