// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/cmdline: word splitting, quoting, ';', expansion at
 * run time, limits, number parsing, size suffixes and the error text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/cmdline.h"
#include "lib/errno.h"

static char envbuf[1024];
static struct env env;

static int setup(void **state)
{
	static const struct env_default defs[] = {
		{ "loadaddr", "0x82000000" },
		{ "two", "a b" },
		{ "spaced", "  x   y  " },
		{ "tricky", "'q' \"d\" ; $loadaddr \\n" },
		{ "empty", "" },
		{ NULL, NULL },
	};

	return env_init(&env, envbuf, sizeof(envbuf), defs);
}

/* Parses the whole line and joins each command's argv as
 * "[a|b|c]" into out, or "<err>" for an error. Returns the command count. */
static int split(const char *line, char *out, size_t outsz)
{
	char buf[256], *argv[CMDLINE_MAXARGS + 1];
	const char *p = line;
	int n = 0;

	out[0] = 0;
	assert_int_equal(cmdline_check(line), 0);
	while (*p) {
		int argc = cmdline_next(&p, &env, buf, sizeof(buf), argv, CMDLINE_MAXARGS);
		size_t len = strlen(out);

		n++;
		if (argc < 0) {
			snprintf(out + len, outsz - len, "<%d>", argc);
			continue;
		}
		assert_null(argv[argc]);
		len += (size_t)snprintf(out + len, outsz - len, "[");
		for (int i = 0; i < argc; i++)
			len += (size_t)snprintf(out + len, outsz - len, "%s%s", i ? "|" : "", argv[i]);
		snprintf(out + len, outsz - len, "]");
	}
	return n;
}

#define SPLIT(line, want)                                           \
	do {                                                        \
		char got_[1024];                                    \
		split(line, got_, sizeof(got_));                    \
		assert_string_equal(got_, want);                    \
	} while (0)

static void test_words(void **state)
{
	SPLIT("md.b 80000000 10", "[md.b|80000000|10]");
	SPLIT("  \t md   1\t2  ", "[md|1|2]");
	SPLIT("", "");
	SPLIT("echo 'a b'  \"c  d\" e\\ f", "[echo|a b|c  d|e f]");
	SPLIT("echo '' \"\" x", "[echo|||x]");
	SPLIT("echo a\"b c\"d'e'", "[echo|ab cde]");
	SPLIT("echo 'a\\b' \"a\\b\" \"\\\"\\\\\\$\" a\\\\b", "[echo|a\\b|a\\b|\"\\$|a\\b]");
	SPLIT("echo \"it's\" 'say \"hi\"'", "[echo|it's|say \"hi\"]");
	SPLIT("echo a\\", "[echo|a\\]");
	SPLIT("echo #not a comment? yes it is", "[echo]");
	SPLIT("echo a#b", "[echo|a#b]");
	SPLIT("echo '#x' \"#y\"", "[echo|#x|#y]");
}

static void test_commands(void **state)
{
	SPLIT("a 1; b 2;c", "[a|1][b|2][c]");
	SPLIT("a;;b", "[a][][b]");
	SPLIT("a ';' \";\" \\; b", "[a|;|;|;|b]");
	SPLIT("a;", "[a]");
	SPLIT(";", "[]");
	SPLIT("a # c; d", "[a]");
}

static void test_expand(void **state)
{
	SPLIT("md $loadaddr ${loadaddr}x", "[md|0x82000000|0x82000000x]");
	SPLIT("echo $two", "[echo|a|b]");
	SPLIT("echo \"$two\"", "[echo|a b]");
	SPLIT("echo $spaced.", "[echo|x|y|.]");
	SPLIT("echo \"$spaced\"", "[echo|  x   y  ]");
	SPLIT("echo '$two' \\$two \"\\$two\"", "[echo|$two|$two|$two]");
	SPLIT("echo $tricky", "[echo|'q'|\"d\"|;|$loadaddr|\\n]");
	SPLIT("echo $nothere x $empty", "[echo|x]");
	SPLIT("echo \"$nothere\" \"$empty\"", "[echo||]");
	SPLIT("echo a$empty\"\"", "[echo|a]");
	SPLIT("echo $ $$ a$ $-x ${loadaddr}${two}", "[echo|$|$$|a$|$-x|0x82000000a|b]");
	SPLIT("echo $loadaddr_x $loadaddr-x", "[echo|0x82000000-x]");
}

/* Each command is expanded when it is reached. */
static void test_expand_late(void **state)
{
	char buf[128], *argv[CMDLINE_MAXARGS + 1];
	const char *line = "setenv v new; echo $v", *p = line;

	env_set(&env, "v", "old");
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, CMDLINE_MAXARGS), 3);
	assert_int_equal(env_set(&env, argv[1], argv[2]), 0);
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, CMDLINE_MAXARGS), 2);
	assert_string_equal(argv[1], "new");
	assert_int_equal(*p, 0);
	env_unset(&env, "v");
	p = "echo $loadaddr";
	assert_int_equal(cmdline_next(&p, NULL, buf, sizeof(buf), argv, CMDLINE_MAXARGS), 1);
}

static void test_errors(void **state)
{
	char buf[32], *argv[5];
	const char *p;

	assert_int_equal(cmdline_check("echo 'abc"), -EINVAL);
	assert_int_equal(cmdline_check("echo \"abc"), -EINVAL);
	assert_int_equal(cmdline_check("echo \"a'b\"; x 'c\"d'"), 0);
	assert_int_equal(cmdline_check("echo a; b \"c"), -EINVAL);
	assert_int_equal(cmdline_check("echo ${x"), -EINVAL);
	assert_int_equal(cmdline_check("echo ${}"), -EINVAL);
	assert_int_equal(cmdline_check("echo ${a-b}"), -EINVAL);
	assert_int_equal(cmdline_check("echo '${x'"), 0);
	assert_int_equal(cmdline_check("echo \\${x"), 0);
	assert_int_equal(cmdline_check("echo \\'"), 0);
	assert_int_equal(cmdline_check("echo # 'unbalanced"), 0);
	assert_int_equal(cmdline_check("echo \"\\\"\""), 0);

	p = "echo 'abc";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -EINVAL);
	assert_int_equal(*p, 0);
	p = "a ${x; b";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -EINVAL);
	assert_int_equal(*p, 0);
	/* maxargs */
	p = "1 2 3 4";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), 4);
	assert_null(argv[4]);
	p = "1 2 3 4 5; b";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -E2BIG);
	assert_int_equal(*p, 0);
	p = "1 2 3 4 ''";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -E2BIG);
	/* the word buffer: 32 bytes */
	p = "0123456789abcdef 0123456789abcd";     /* 17 + 15 = 32 */
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), 2);
	assert_string_equal(argv[1], "0123456789abcd");
	p = "0123456789abcdef 0123456789abcde";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -ENOSPC);
	p = "0123456789abcdef 0123456789abcd ''";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -ENOSPC);
	p = "echo $tricky$tricky";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -E2BIG);
	p = "echo \"$tricky$tricky\"";
	assert_int_equal(cmdline_next(&p, &env, buf, sizeof(buf), argv, 4), -ENOSPC);
}

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

static void test_bad_arg(void **state)
{
	char buf[128], small[24];
	size_t n;

	n = cmdline_bad_arg(buf, sizeof(buf), "md", "address", "zz", "md[.b|.w|.l] <addr> [count]");
	assert_string_equal(buf, "error: md: bad address 'zz'\nusage: md[.b|.w|.l] <addr> [count]\n");
	assert_int_equal(n, strlen(buf));
	memset(small, 0x55, sizeof(small));
	n = cmdline_bad_arg(small, 16, "md", "address", "zz", "usage");
	assert_int_equal(n, 15);
	assert_string_equal(small, "error: md: bad ");
	for (size_t i = 16; i < sizeof(small); i++)
		assert_int_equal((unsigned char)small[i], 0x55);
	assert_int_equal(cmdline_bad_arg(small, 0, "a", "b", "c", "d"), 0);
	assert_int_equal((unsigned char)small[0], 'e');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_commands),
		cmocka_unit_test(test_expand),
		cmocka_unit_test(test_expand_late),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_suffix),
		cmocka_unit_test(test_bad_arg),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
