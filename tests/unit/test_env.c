// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/env/env: defaults, set/replace/unset, name rules, sorted
 * iteration, -ENOSPC at the exact limit, aliasing and env_get_ulong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/env/env.h"
#include "lib/errno.h"

/* Made up for the test (the firmware's own table is common/environment.c): a
 * number, an empty value, hex addresses, a string, in no order. */
static const struct env_default defaults[] = {
	{ "bootdelay", "3" },
	{ "bootargs", "" },
	{ "kernel_addr_r", "0x82000000" },
	{ "fdt_addr_r", "0x81c00000" },
	{ "console", "ttyO2,115200n8" },
	{ NULL, NULL },
};

/* Checks the invariant: entries sorted, each "name=value", used exact. */
static void check_layout(const struct env *e)
{
	const char *p, *prev = NULL;
	size_t total = 0;

	for (p = env_next(e, NULL); p; p = env_next(e, p)) {
		const char *eq = strchr(p, '=');

		assert_non_null(eq);
		assert_int_equal(env_name_len(p), (size_t)(eq - p));
		if (prev) {
			size_t a = (size_t)(strchr(prev, '=') - prev), b = (size_t)(eq - p);
			int c = strncmp(prev, p, a < b ? a : b);

			assert_true(c < 0 || (c == 0 && a < b));
		}
		total += strlen(p) + 1;
		prev = p;
	}
	assert_int_equal(total, e->used);
}

static void test_defaults(void **state)
{
	char buf[2048];
	struct env e;
	unsigned long v;

	assert_int_equal(env_init(&e, buf, sizeof(buf), defaults), 0);
	check_layout(&e);
	assert_string_equal(env_get(&e, "kernel_addr_r"), "0x82000000");
	assert_string_equal(env_get(&e, "bootargs"), "");
	assert_null(env_get(&e, "nothere"));
	assert_null(env_get(&e, "boot"));       /* prefix of bootargs */
	assert_null(env_get(&e, "bootdelayx"));
	assert_int_equal(env_get_ulong(&e, "fdt_addr_r", 16, &v), 0);
	assert_int_equal(v, 0x81c00000);
	assert_int_equal(env_get_ulong(&e, "bootdelay", 10, &v), 0);
	assert_int_equal(v, 3);
	assert_int_equal(env_get_ulong(&e, "console", 16, &v), -EINVAL);
	assert_int_equal(env_get_ulong(&e, "nothere", 16, &v), -ENOENT);
	assert_int_equal(env_get_ulong(&e, "bootargs", 16, &v), -EINVAL);
}

static void test_sorted(void **state)
{
	char buf[512];
	struct env e;
	const char *want[] = { "A=1", "a=3", "a_b=4", "ab=5", "b=2", "z9=6" };
	const char *p;
	size_t i = 0;

	env_init(&e, buf, sizeof(buf), NULL);
	assert_null(env_next(&e, NULL));
	assert_int_equal(env_set(&e, "z9", "6"), 0);
	assert_int_equal(env_set(&e, "b", "2"), 0);
	assert_int_equal(env_set(&e, "ab", "5"), 0);
	assert_int_equal(env_set(&e, "a", "3"), 0);
	assert_int_equal(env_set(&e, "a_b", "4"), 0);
	assert_int_equal(env_set(&e, "A", "1"), 0);
	for (p = env_next(&e, NULL); p; p = env_next(&e, p), i++) {
		assert_true(i < 6);
		assert_string_equal(p, want[i]);
	}
	assert_int_equal(i, 6);
	check_layout(&e);
}

static void test_set_replace_unset(void **state)
{
	char buf[256];
	struct env e;
	size_t used;

	env_init(&e, buf, sizeof(buf), defaults + 4);
	assert_int_equal(env_set(&e, "x", "short"), 0);
	assert_int_equal(env_set(&e, "y", "why"), 0);
	used = e.used;
	assert_int_equal(env_set(&e, "x", "a much longer value than before"), 0);
	assert_string_equal(env_get(&e, "x"), "a much longer value than before");
	assert_string_equal(env_get(&e, "y"), "why");
	assert_int_equal(env_set(&e, "x", "s"), 0);
	assert_int_equal(e.used, used - 4);
	check_layout(&e);
	assert_int_equal(env_unset(&e, "x"), 0);
	assert_null(env_get(&e, "x"));
	assert_int_equal(env_unset(&e, "x"), -ENOENT);
	assert_string_equal(env_get(&e, "y"), "why");
	assert_string_equal(env_get(&e, "console"), "ttyO2,115200n8");
	check_layout(&e);
	assert_int_equal(env_unset(&e, "y"), 0);
	assert_int_equal(env_unset(&e, "console"), 0);
	assert_int_equal(e.used, 0);
}

static void test_names(void **state)
{
	char buf[256];
	struct env e;

	env_init(&e, buf, sizeof(buf), NULL);
	assert_int_equal(env_set(&e, "", "v"), -EINVAL);
	assert_int_equal(env_set(&e, "a=b", "v"), -EINVAL);
	assert_int_equal(env_set(&e, "a b", "v"), -EINVAL);
	assert_int_equal(env_set(&e, "a-b", "v"), -EINVAL);
	assert_int_equal(env_set(&e, "a.b", "v"), -EINVAL);
	assert_int_equal(env_set(&e, "$a", "v"), -EINVAL);
	assert_int_equal(env_unset(&e, "a-b"), -EINVAL);
	assert_int_equal(e.used, 0);
	assert_int_equal(env_set(&e, "Az_09", "v=w; x"), 0);
	assert_string_equal(env_get(&e, "Az_09"), "v=w; x");
	assert_null(env_get(&e, "a=b"));
	assert_string_equal(env_getn(&e, "Az_09xyz", 5), "v=w; x");
	assert_null(env_getn(&e, "Az_0", 4));
	assert_null(env_getn(&e, "Az_09", 0));
	{
		struct env_default bad[] = { { "ok", "1" }, { "not ok", "2" }, { NULL, NULL } };

		assert_int_equal(env_init(&e, buf, sizeof(buf), bad), -EINVAL);
	}
}

static void test_full(void **state)
{
	char buf[64 + 16];
	struct env e;
	char guard[16];

	memset(buf, 0x5a, sizeof(buf));
	env_init(&e, buf, 64, NULL);
	/* "aa=" + 57 + NUL = 61 bytes; then "b=" + 0 + NUL = 3: exactly 64. */
	memset(guard, 'v', sizeof(guard));
	{
		char v[58];

		memset(v, 'x', 57);
		v[57] = 0;
		assert_int_equal(env_set(&e, "aa", v), 0);
	}
	assert_int_equal(env_set(&e, "b", ""), 0);
	assert_int_equal(e.used, 64);
	assert_int_equal(env_set(&e, "c", ""), -ENOSPC);
	assert_int_equal(env_set(&e, "b", "1"), -ENOSPC);
	assert_string_equal(env_get(&e, "b"), "");  /* old value kept */
	assert_int_equal(env_set(&e, "aa", "short"), 0);
	assert_int_equal(env_set(&e, "b", "1"), 0);
	check_layout(&e);
	for (size_t i = 64; i < sizeof(buf); i++)
		assert_int_equal((unsigned char)buf[i], 0x5a);
	assert_int_equal(env_init(&e, buf, 16, defaults), -ENOSPC);
}

/* value may come from env_get of another (or the same) variable. */
static void test_alias(void **state)
{
	char buf[256];
	struct env e;

	env_init(&e, buf, sizeof(buf), NULL);
	env_set(&e, "a", "first");
	env_set(&e, "m", "middle value");
	env_set(&e, "z", "last one");
	assert_int_equal(env_set(&e, "b", env_get(&e, "z")), 0);
	assert_string_equal(env_get(&e, "b"), "last one");
	assert_int_equal(env_set(&e, "n", env_get(&e, "a")), 0);
	assert_string_equal(env_get(&e, "n"), "first");
	assert_int_equal(env_set(&e, "a", env_get(&e, "m")), 0);
	assert_string_equal(env_get(&e, "a"), "middle value");
	assert_int_equal(env_set(&e, "m", env_get(&e, "m") + 7), 0);
	assert_string_equal(env_get(&e, "m"), "value");
	assert_int_equal(env_set(&e, "z", env_get(&e, "z")), 0);
	assert_string_equal(env_get(&e, "z"), "last one");
	assert_string_equal(env_get(&e, "b"), "last one");
	check_layout(&e);
}

static unsigned warn_lines[8], nwarn;
static char warn_names[8][32];

static void import_warn(void *arg, unsigned line, const char *why, const char *name)
{
	if (nwarn < 8) {
		snprintf(warn_names[nwarn], sizeof(warn_names[0]), "%s", name);
		warn_lines[nwarn++] = line;
	}
}

static void test_import(void **state)
{
	static char buf[256];
	struct env e;
	const char text[] = "# uEnv.txt\r\nbootlimit=3\r\n\naltboot=rescue\n"
			    "bad name=x\nnoequals\nbootargs=console=ttyS2 quiet\nempty=\nlast=1";

	nwarn = 0;
	assert_int_equal(env_init(&e, buf, sizeof(buf), NULL), 0);
	assert_int_equal(env_import(&e, text, sizeof(text) - 1, import_warn, NULL), 5);
	assert_string_equal(env_get(&e, "bootlimit"), "3");
	assert_string_equal(env_get(&e, "altboot"), "rescue");
	assert_string_equal(env_get(&e, "bootargs"), "console=ttyS2 quiet");
	assert_string_equal(env_get(&e, "empty"), "");
	assert_string_equal(env_get(&e, "last"), "1");
	assert_int_equal(nwarn, 2);
	assert_int_equal(warn_lines[0], 5);
	assert_int_equal(warn_lines[1], 6);
	assert_string_equal(warn_names[0], "bad name");
	assert_string_equal(warn_names[1], "noequals");
	/* Full: reported, earlier values kept. */
	char big[300];
	memset(big, 'v', sizeof(big));
	memcpy(big, "x=", 2);
	nwarn = 0;
	assert_int_equal(env_import(&e, big, 250, import_warn, NULL), 0);
	assert_int_equal(nwarn, 1);
	assert_string_equal(env_get(&e, "bootlimit"), "3");
}

/* Issue #24: a line too long is skipped and named by its variable; the
 * lines around it still count. */
static void test_import_long_line(void **state)
{
	static char buf[4096], text[2048];
	struct env e;
	char *o = text;

	o += sprintf(o, "a=1\nlongvariable_name_that_goes_on_and_on=");
	memset(o, 'x', 600);
	o += 600;
	o += sprintf(o, "\nb=2\n");
	nwarn = 0;
	assert_int_equal(env_init(&e, buf, sizeof(buf), NULL), 0);
	assert_int_equal(env_import(&e, text, (size_t)(o - text), import_warn, NULL), 2);
	assert_int_equal(nwarn, 1);
	assert_int_equal(warn_lines[0], 2);
	assert_string_equal(warn_names[0], "longvariable_name_that_goes_on_");
	assert_string_equal(env_get(&e, "b"), "2");
	assert_null(env_get(&e, "longvariable_name_that_goes_on_and_on"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_sorted),
		cmocka_unit_test(test_set_replace_unset),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_alias),
		cmocka_unit_test(test_import),
		cmocka_unit_test(test_import_long_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
