// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/strescape: control and non-ASCII bytes as \xNN,
 * printable text unchanged, cuts marked with "..." and always terminated. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/strescape.h"

static void test_escapes(void **state)
{
	char out[64];

	assert_string_equal(str_escape(out, sizeof(out), "l0 rescue"), "l0 rescue");
	assert_string_equal(str_escape(out, sizeof(out), "\x1b[2Jx"), "\\x1b[2Jx");
	assert_string_equal(str_escape(out, sizeof(out), "a\rb\n\x7f\xc3\xa9"),
			    "a\\x0db\\x0a\\x7f\\xc3\\xa9");
	assert_string_equal(str_escape(out, sizeof(out), ""), "");
}

static void test_cuts(void **state)
{
	char out[16];

	memset(out, 'Z', sizeof(out));
	/* Exactly fits: 15 characters. */
	assert_string_equal(str_escape(out, 16, "abcdefghijklmno"), "abcdefghijklmno");
	assert_string_equal(str_escape(out, 16, "abcdefghijklmnop"), "abcdefghijkl...");
	assert_string_equal(str_escape(out, 16, "abcdefghij\x1b" "xyz"), "abcdefghij...");
	assert_string_equal(str_escape(out, 16, "abcdefghijk\x1b"), "abcdefghijk\\x1b");
	assert_string_equal(str_escape(out, 4, "abcdef"), "...");
	assert_string_equal(str_escape(out, 3, "abcdef"), "");
	assert_string_equal(str_escape(out, 2, "a"), "a");
	out[0] = 'Z';
	str_escape(out, 0, "abc");
	assert_int_equal(out[0], 'Z');
	/* Never more than size bytes written. */
	for (size_t n = 1; n < 16; n++) {
		char buf[32];

		memset(buf, 'Z', sizeof(buf));
		str_escape(buf, n, "\x01\x02\x03\x04\x05\x06");
		assert_true(strlen(buf) < n);
		assert_int_equal(buf[n], 'Z');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_cuts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
