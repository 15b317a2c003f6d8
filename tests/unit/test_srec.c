// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/transfer/srec against objcopy's S-records (S1/S2/S3 files rebuilt byte for
 * byte) and hand-made records with every fault. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/transfer/srec.h"

/* objcopy's S-records of 5000 pseudo-random bytes at base; the file
 * rebuilt from them must be the bytes. */
static void roundtrip(const char *flags, uint32_t base, int want_type)
{
	char cmd[PATH_MAX * 3 + 512], bin[PATH_MAX + 128], out[PATH_MAX + 128], line[600];
	uint8_t data[5000], got[5000];
	struct srec r;
	const char *why;
	FILE *f, *p;
	bool end = false;
	int types = 0;

	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i * 131 + (i >> 7));
	snprintf(bin, sizeof(bin), "%s/data.bin", scratch_dir("srec"));
	f = fopen(bin, "wb");
	assert_non_null(f);
	fwrite(data, 1, sizeof(data), f);
	fclose(f);
	memset(got, 0, sizeof(got));
	/* objcopy writes a file of its own, never /dev/stdout: run as root
	 * with that output, it once left /dev/stdout a regular file in place
	 * of the symlink, and every program's /dev/stdout wrote there. */
	snprintf(out, sizeof(out), "%s/data.srec", scratch_dir("srec"));
	snprintf(cmd, sizeof(cmd), "objcopy -I binary -O srec %s --change-addresses 0x%x "
		 "--set-start 0x40 '%s' '%s' && cat '%s'", flags, base, bin, out, out);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p)) {
		assert_int_equal(srec_decode(line, strcspn(line, "\n"), &r, &why), 0);
		types |= 1 << r.type;
		if (SREC_IS_DATA(r.type)) {
			assert_int_equal(r.type, want_type);
			assert_true(r.addr >= base && r.addr + r.len <= base + sizeof(data));
			memcpy(got + (r.addr - base), r.data, r.len);
		} else if (SREC_IS_END(r.type)) {
			assert_int_equal(r.addr, base + 0x40);
			end = true;
		}
	}
	assert_int_equal(pclose(p), 0);
	assert_true(end);
	assert_true(types & 1);
	assert_memory_equal(got, data, sizeof(data));
}

static void test_objcopy(void **state)
{
	roundtrip("", 0x1000, 1);
	roundtrip("", 0x801000, 2);
	roundtrip("", 0x80400000, 3);
	roundtrip("--srec-forceS3 --srec-len 64", 0x2000, 3);
}

static int dec(const char *s, struct srec *r, const char **why)
{
	return srec_decode(s, strlen(s), r, why);
}

static void test_faults(void **state)
{
	struct srec r;
	const char *why = NULL;

	/* "Hello" at 0x0000 (wikipedia's S1 example) and its S9 */
	assert_int_equal(dec("S1080000" "48656C6C6F" "ED", &r, &why), -EBADMSG);
	assert_int_equal(dec("S10800004865 6C6C6F39", &r, &why), -EINVAL);
	assert_int_equal(dec("S9030000FC", &r, &why), 0);
	assert_int_equal(r.type, 9);
	assert_int_equal(dec("S9030000FC  \r", &r, &why), 0);
	assert_int_equal(dec("S1130000285F245F2212226A000424290008237C2A", &r, &why), 0);
	assert_int_equal(r.len, 16);
	assert_int_equal(r.data[0], 0x28);
	assert_int_equal(dec("S1130000285F245F2212226A000424290008237C2B", &r, &why), -EBADMSG);
	assert_string_equal(why, "checksum mismatch");
	assert_int_equal(dec("S1140000285F245F2212226A000424290008237C2A", &r, &why), -EINVAL);
	assert_string_equal(why, "byte count does not match the line");
	assert_int_equal(dec("S4030000FC", &r, &why), -EINVAL);
	assert_int_equal(dec("X9030000FC", &r, &why), -EINVAL);
	assert_int_equal(dec("S9030000F", &r, &why), -EINVAL);
	assert_int_equal(dec("S903000GFC", &r, &why), -EINVAL);
	assert_int_equal(dec("S30200FD", &r, &why), -EINVAL);
	assert_string_equal(why, "byte count too small for the address");
	assert_int_equal(dec("", &r, &why), -EINVAL);
	assert_int_equal(dec("S5", &r, &why), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_objcopy),
		cmocka_unit_test(test_faults),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
