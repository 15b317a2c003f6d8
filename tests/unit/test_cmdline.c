// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/shell/cmdargs: number parsing and size suffixes (command
 * lines are lib/shell/hush's, tests/unit/test_hush.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/shell/cmdargs.h"
#include "lib/errno.h"

static void test_numbers(void **state)
{
	unsigned long v;

	assert_int_equal(parse_ulong("80000000", &v), 0);
	assert_int_equal(v, 0x80000000);
	assert_int_equal(parse_ulong("0x1F", &v), 0);
	assert_int_equal(v, 0x1f);
	assert_int_equal(parse_ulong("0XaB", &v), 0);
	assert_int_equal(v, 0xab);
	assert_int_equal(parse_ulong("10", &v), 0);
	assert_int_equal(v, 16);
	assert_int_equal(parse_ulong("0", &v), 0);
	assert_int_equal(v, 0);
	v = 99;
	assert_int_equal(parse_ulong("", &v), -EINVAL);
	assert_int_equal(parse_ulong("0x", &v), -EINVAL);
	assert_int_equal(parse_ulong("12g", &v), -EINVAL);
	assert_int_equal(parse_ulong("12 ", &v), -EINVAL);
	assert_int_equal(parse_ulong(" 12", &v), -EINVAL);
	assert_int_equal(parse_ulong("-1", &v), -EINVAL);
	assert_int_equal(parse_ulong("+1", &v), -EINVAL);
	assert_int_equal(parse_ulong("0x0x1", &v), -EINVAL);
	assert_int_equal(v, 99);
	{
		char s[64];
		int digits = (int)sizeof(unsigned long) * 2;

		memset(s, 'f', (size_t)digits);
		s[digits] = 0;
		assert_int_equal(parse_ulong(s, &v), 0);
		assert_true(v == ~0ul);
		s[digits] = '0';
		s[digits + 1] = 0;
		assert_int_equal(parse_ulong(s, &v), -ERANGE);
		s[digits] = 'z';
		assert_int_equal(parse_ulong(s, &v), -EINVAL);  /* junk wins */
		snprintf(s, sizeof(s), "%lu", ~0ul);
		assert_int_equal(parse_ulong_dec(s, &v), 0);
		assert_true(v == ~0ul);
		s[strlen(s) - 1]++;
		assert_int_equal(parse_ulong_dec(s, &v), -ERANGE);
	}
	assert_int_equal(parse_ulong_dec("10", &v), 0);
	assert_int_equal(v, 10);
	assert_int_equal(parse_ulong_dec("0x10", &v), 0);
	assert_int_equal(v, 16);
	assert_int_equal(parse_ulong_dec("1a", &v), -EINVAL);
	assert_int_equal(parse_ulong_dec("", &v), -EINVAL);
}

static void test_suffix(void **state)
{
	size_t n;
	unsigned b;

	assert_int_equal(cmdline_size_suffix("md", &n, &b), 0);
	assert_int_equal(n, 2);
	assert_int_equal(b, 4);
	assert_int_equal(cmdline_size_suffix("md.b", &n, &b), 0);
	assert_int_equal(n, 2);
	assert_int_equal(b, 1);
	assert_int_equal(cmdline_size_suffix("mw.w", &n, &b), 0);
	assert_int_equal(b, 2);
	assert_int_equal(cmdline_size_suffix("cmp.l", &n, &b), 0);
	assert_int_equal(n, 3);
	assert_int_equal(b, 4);
	assert_int_equal(cmdline_size_suffix("md.q", &n, &b), -EINVAL);
	assert_int_equal(cmdline_size_suffix("md.", &n, &b), -EINVAL);
	assert_int_equal(cmdline_size_suffix("md.bb", &n, &b), -EINVAL);
	assert_int_equal(cmdline_size_suffix("md.b.w", &n, &b), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_suffix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
