// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/compress/gunzip against files made by gzip(1) (name, no name) and by hand
 * (FEXTRA, FCOMMENT, FHCRC), with every kind of damage refused. */
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

static uint8_t *sh(const char *cmd, size_t *len)
{
	FILE *p = popen(cmd, "r");
	uint8_t *buf = malloc(1 << 20);
	size_t n = 0, r;

	assert_non_null(p);
	while ((r = fread(buf + n, 1, (1 << 20) - n, p)) > 0)
		n += r;
	assert_int_equal(pclose(p), 0);
	*len = n;
	return buf;
}

#define PLAIN "seq 1 20000"

static void test_gzip_files(void **state)
{
	const char *cmds[] = { PLAIN " | gzip -9", PLAIN " | gzip -1 -n",
		"/usr/bin/python3 -c 'import gzip,sys,subprocess; d=subprocess.run([\"seq\",\"1\",\"20000\"],capture_output=True).stdout; "
		"z=gzip.compress(d); h=bytearray(z[:10]); h[3]=0x1e; "
		"sys.stdout.buffer.write(bytes(h)+b\"\\x03\\x00abc\"+b\"name\\0\"+b\"comment\\0\"+b\"\\x00\\x00\"+z[10:]+b\"junk after\")'",
	};
	size_t plen, zlen, out_len;
	uint8_t *plain = sh(PLAIN, &plen), *out = malloc(plen + 16);
	const char *why = NULL;

	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		uint8_t *z = sh(cmds[i], &zlen);

		assert_int_equal(gunzip(out, plen + 16, z, zlen, &out_len, &why), 0);
		assert_int_equal(out_len, plen);
		assert_memory_equal(out, plain, plen);
		/* too little room, every truncation */
		assert_int_equal(gunzip(out, plen - 1, z, zlen, &out_len, &why), -ENOSPC);
		for (size_t cut = 0; cut < zlen - (i == 2 ? 10 : 0); cut += 1 + cut / 8)
			assert_int_not_equal(gunzip(out, plen + 16, z, cut, &out_len, &why), 0);
		free(z);
	}
	free(plain);
	free(out);
}

static void test_damage(void **state)
{
	size_t zlen, out_len;
	uint8_t *z = sh("printf hello | gzip -n", &zlen), out[64];
	const char *why = NULL;

	z[0] ^= 1;
	assert_int_equal(gunzip(out, sizeof(out), z, zlen, &out_len, &why), -EINVAL);
	z[0] ^= 1;
	z[3] |= 0x80;    /* reserved flag */
	assert_int_equal(gunzip(out, sizeof(out), z, zlen, &out_len, &why), -EINVAL);
	z[3] &= 0x7f;
	z[zlen - 8] ^= 1;        /* CRC */
	assert_int_equal(gunzip(out, sizeof(out), z, zlen, &out_len, &why), -EBADMSG);
	assert_string_equal(why, "CRC-32 mismatch");
	z[zlen - 8] ^= 1;
	z[zlen - 4] ^= 1;        /* length */
	assert_int_equal(gunzip(out, sizeof(out), z, zlen, &out_len, &why), -EBADMSG);
	assert_string_equal(why, "length mismatch");
	z[zlen - 4] ^= 1;
	assert_int_equal(gunzip(out, sizeof(out), z, zlen, &out_len, &why), 0);
	assert_int_equal(out_len, 5);
	assert_memory_equal(out, "hello", 5);
	free(z);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gzip_files),
		cmocka_unit_test(test_damage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
