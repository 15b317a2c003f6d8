// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/shell/regex: SLRE's syntax, captures, sub/gsub as U-Boot's
 * test/cmd/setexpr.c expects them, errors and the bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/shell/regex.h"

/* The replacement result, or "ERR:<why>" / "NONE". */
static const char *sub(const char *re, const char *repl, const char *in, bool global)
{
	static char out[512];
	const char *err = NULL;
	int r = re_subst(re, repl, in, global, out, sizeof(out), &err);

	if (r < 0) {
		snprintf(out, sizeof(out), "ERR:%s", err);
		return out;
	}
	return out;
}

static void test_setexpr_cases(void **state)
{
	/* U-Boot's test/cmd/setexpr.c */
	assert_string_equal(sub("is", "us", "this is a test", false), "thus is a test");
	assert_string_equal(sub("is", "us", "this is a test", true), "thus us a test");
	assert_string_equal(sub("is", "much_longer_string", "this is a test", true),
			    "thmuch_longer_string much_longer_string a test");
	assert_string_equal(sub("(this) (is) (surely|indeed)", "us \\1 \\2 \\3!",
				"this is surely a test is it? yes this is indeed a test", true),
			    "us this is surely! a test is it? yes us this is indeed! a test");
	/* no match: the string unchanged */
	assert_string_equal(sub("xyz", "q", "abc", true), "abc");
}

static void test_syntax(void **state)
{
	assert_string_equal(sub("a.c", "X", "abc adc", true), "X X");
	assert_string_equal(sub("ab*c", "X", "ac abc abbbc", true), "X X X");
	assert_string_equal(sub("ab+c", "X", "ac abc abbbc", true), "ac X X");
	assert_string_equal(sub("ab?c", "X", "ac abc abbc", true), "X X abbc");
	assert_string_equal(sub("[0-9]+", "N", "a12b345c", true), "aNbNc");
	assert_string_equal(sub("[^a-c]", "-", "abcdef", true), "abc---");
	assert_string_equal(sub("\\d+", "N", "x=42, y=7", true), "x=N, y=N");
	assert_string_equal(sub("\\s+", "_", "a  b\tc", true), "a_b_c");
	assert_string_equal(sub("\\w+", "W", "ab_1-cd", true), "W-W");
	assert_string_equal(sub("\\S+", "W", " ab cd ", true), " W W ");
	assert_string_equal(sub("^a", "b", "aaa", true), "baa");
	assert_string_equal(sub("a$", "b", "aaa", true), "aab");
	assert_string_equal(sub("^$", "empty", "", false), "empty");
	assert_string_equal(sub("cat|dog", "pet", "cat and dog", true), "pet and pet");
	assert_string_equal(sub("(ab)+", "X", "ababab c", false), "X c");
	assert_string_equal(sub("a.*b", "X", "a1b2b3", false), "X3");
	assert_string_equal(sub("a.*?b", "X", "a1b2b3", false), "X2b3");
	assert_string_equal(sub("a+?", "X", "aaa", false), "Xaa");
	assert_string_equal(sub("\\.", "!", "a.b.c", true), "a!b!c");
	assert_string_equal(sub("[\\d.]+", "V", "ver 1.2.3 ok", true), "ver V ok");
	/* swapping fields with backrefs; \0 is the whole match */
	assert_string_equal(sub("(\\w+)=(\\w+)", "\\2=\\1", "a=1 b=2", true), "1=a 2=b");
	assert_string_equal(sub("o", "[\\0]", "foo", true), "f[o][o]");
	/* \N beyond the groups stays as typed, a non-participating group is empty */
	assert_string_equal(sub("x", "\\5", "x", false), "\\5");
	assert_string_equal(sub("(a)|(b)", "<\\1\\2>", "b", false), "<b>");
	/* an empty match inserts and moves on */
	assert_string_equal(sub("x*", "-", "abc", true), "-a-b-c-");
	/* a group that may match empty under a star ends */
	assert_string_equal(sub("(a*)*b", "X", "aab", false), "X");
	/* the console's typical uses */
	assert_string_equal(sub("mmcblk0p", "mmcblk1p", "root=/dev/mmcblk0p2 rw", false),
			    "root=/dev/mmcblk1p2 rw");
	assert_string_equal(sub("console=[^ ]*", "console=ttyS2,115200n8",
				"quiet console=ttyO2,115200n8 ro", false),
			    "quiet console=ttyS2,115200n8 ro");
}

static void test_errors(void **state)
{
	assert_string_equal(sub("[abc", "x", "a", false), "ERR:No closing ']' bracket");
	assert_string_equal(sub("(abc", "x", "a", false), "ERR:No closing bracket");
	assert_string_equal(sub("abc)", "x", "a", false), "ERR:Unbalanced brackets");
	assert_string_equal(sub("*a", "x", "a", false), "ERR:Nothing to repeat");
	assert_string_equal(sub("^*", "x", "a", false), "ERR:Nothing to repeat");
	assert_string_equal(sub("a\\", "x", "a", false), "ERR:Bad escape at the end of the RE");
}

static void test_bounds(void **state)
{
	char big[300], out[16], pat[400];
	const char *err = NULL;
	struct re re;
	int r;

	/* the output buffer: never written past, an error instead */
	memset(out, 'Z', sizeof(out));
	r = re_subst("a", "bbbbbbbb", "aaaa", true, out, 10, &err);
	assert_int_equal(r, -E2BIG);
	assert_string_equal(err, "substitution buffer overflow");
	for (size_t i = 10; i < sizeof(out); i++)
		assert_int_equal(out[i], 'Z');
	/* exponential backtracking stops with an error, not a hang */
	memset(big, 'a', sizeof(big) - 2);
	big[sizeof(big) - 2] = 'b';
	big[sizeof(big) - 1] = 0;
	r = re_subst("(a*)*(a*)*c", "x", big, false, pat, sizeof(pat), &err);
	assert_int_equal(r, -E2BIG);
	/* too many nodes */
	memset(pat, 'a', sizeof(pat) - 1);
	pat[sizeof(pat) - 1] = 0;
	assert_int_equal(re_compile(&re, pat, &err), -EINVAL);
	assert_string_equal(err, "RE is too long (code overflow)");
	/* more groups than \1..\9: they still group */
	assert_string_equal(sub("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", "\\9", "abcdefghijk", false),
			    "i");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setexpr_cases),
		cmocka_unit_test(test_syntax),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
