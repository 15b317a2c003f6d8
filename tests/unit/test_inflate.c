// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/compress/inflate against streams made by Python's zlib (all three block types),
 * and its refusal of corrupt, truncated and oversized input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/errno.h"
#include "lib/compress/inflate.h"

static uint8_t *run_python(const char *script, size_t *len)
{
	char cmd[2048];
	FILE *p;
	uint8_t *buf = malloc(1 << 22);
	size_t n = 0, r;

	snprintf(cmd, sizeof(cmd), "/usr/bin/python3 -c '%s'", script);
	p = popen(cmd, "r");
	assert_non_null(p);
	while ((r = fread(buf + n, 1, (1 << 22) - n, p)) > 0)
		n += r;
	assert_int_equal(pclose(p), 0);
	*len = n;
	return buf;
}

/* The plain data: a pseudo-random mix of text-like and random bytes. */
#define DATA "import random,sys,zlib\nr=random.Random(7)\nd=bytes(r.choice(b\"gtaboot OMAP3 \") if i%%3 else r.randrange(256) for i in range(%d))\n"

static void check_level(int size, int level, int strategy)
{
	char script[1024];
	size_t zlen, dlen, outlen = 0;
	uint8_t *z, *d, *out;

	snprintf(script, sizeof(script), DATA
		 "c=zlib.compressobj(%d,zlib.DEFLATED,-15,9,%d)\n"
		 "sys.stdout.buffer.write(c.compress(d)+c.flush())", size, level, strategy);
	z = run_python(script, &zlen);
	snprintf(script, sizeof(script), DATA "sys.stdout.buffer.write(d)", size);
	d = run_python(script, &dlen);
	out = malloc(dlen + 16);
	memset(out, 0xAA, dlen + 16);
	assert_int_equal(inflate_raw(out, dlen, z, zlen, &outlen), 0);
	assert_int_equal(outlen, dlen);
	assert_memory_equal(out, d, dlen);
	for (int i = 0; i < 16; i++)
		assert_int_equal(out[dlen + i], 0xAA);
	/* One byte short of room: refused, nothing written past the end. */
	if (dlen > 0) {
		memset(out, 0xAA, dlen + 16);
		assert_int_equal(inflate_raw(out, dlen - 1, z, zlen, NULL), -ENOSPC);
		for (int i = 0; i < 17; i++)
			assert_int_equal(out[dlen - 1 + i], 0xAA);
	}
	/* Truncated input: refused. */
	if (zlen > 2)
		assert_int_not_equal(inflate_raw(out, dlen + 16, z, zlen / 2, NULL), 0);
	free(z);
	free(d);
	free(out);
}

static void test_stored(void **st)   { check_level(70000, 0, 0); }

/* Stored blocks behind Huffman ones: the decoder reads ahead and must give
 * the whole bytes back at the stored block's byte boundary. */
static void test_mixed(void **st)
{
	static const char script[] =
		"import random,sys,zlib\nr=random.Random(3)\n"
		"c=zlib.compressobj(6,zlib.DEFLATED,-15,9)\no=b\"\"\n"
		"for k in range(6):\n"
		" d=bytes(r.choice(b\"ab\") for i in range(5000))\n"
		" o+=c.compress(d)+c.flush(zlib.Z_FULL_FLUSH)\n"
		" o+=c.compress(bytes(r.randrange(256) for i in range(3000)))+c.flush(zlib.Z_FULL_FLUSH)\n"
		"o+=c.flush()\nsys.stdout.buffer.write(o)";
	static const char plain[] =
		"import random,sys\nr=random.Random(3)\no=b\"\"\n"
		"for k in range(6):\n"
		" o+=bytes(r.choice(b\"ab\") for i in range(5000))\n"
		" o+=bytes(r.randrange(256) for i in range(3000))\n"
		"sys.stdout.buffer.write(o)";
	size_t zlen, dlen, outlen = 0;
	uint8_t *z = run_python(script, &zlen), *d = run_python(plain, &dlen);
	uint8_t *out = malloc(dlen);

	assert_int_equal(inflate_raw(out, dlen, z, zlen, &outlen), 0);
	assert_int_equal(outlen, dlen);
	assert_memory_equal(out, d, dlen);
	free(z);
	free(d);
	free(out);
	(void)st;
}
static void test_fixed(void **st)    { check_level(100, 9, 4); /* Z_FIXED */ }
static void test_dynamic(void **st)  { check_level(200000, 9, 0); }
static void test_huffman(void **st)  { check_level(30000, 9, 2); /* Z_HUFFMAN_ONLY */ }
static void test_empty(void **st)    { check_level(0, 9, 0); }

static void test_corrupt(void **st)
{
	uint8_t out[64];
	const uint8_t reserved[] = { 0x07 };             /* BTYPE 3 */
	const uint8_t stored_bad[] = { 0x01, 0x05, 0x00, 0x00, 0x00 }; /* NLEN wrong */
	/* fixed block: length 3 at distance 1 with nothing written yet */
	const uint8_t far_dist[] = { 0x03, 0x02, 0x00 };

	assert_int_equal(inflate_raw(out, sizeof(out), reserved, sizeof(reserved), NULL), -EBADMSG);
	assert_int_equal(inflate_raw(out, sizeof(out), stored_bad, sizeof(stored_bad), NULL), -EBADMSG);
	assert_int_equal(inflate_raw(out, sizeof(out), far_dist, sizeof(far_dist), NULL), -EBADMSG);
	assert_int_equal(inflate_raw(out, sizeof(out), NULL, 0, NULL), -EBADMSG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stored),
		cmocka_unit_test(test_mixed),
		cmocka_unit_test(test_fixed),
		cmocka_unit_test(test_dynamic),
		cmocka_unit_test(test_huffman),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_corrupt),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
