// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/env/envio: env import in text (uEnv.txt, CRLF, escapes,
 * comments, deletions), binary and checksummed form, the var... list,
 * export and the round trip, as U-Boot's himport_r/hexport_r behave. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/crc32.h"
#include "lib/env/envio.h"
#include "lib/errno.h"

static char envbuf[4096], tmp[256];
static struct env e;
static char warned[512];

static void on_warn(void *arg, unsigned n, const char *why, const char *name)
{
	size_t l = strlen(warned);

	snprintf(warned + l, sizeof(warned) - l, "%u:%s:%s;", n, name ? name : "", why);
}

static int import(const char *data, size_t size, char sep, bool crlf, char *const *vars,
		  unsigned nvars, uint64_t *found)
{
	struct envio_import o = { .sep = sep, .crlf = crlf, .vars = vars, .nvars = nvars,
				  .warn = on_warn, .tmp = tmp, .tmp_size = sizeof(tmp) };
	int r = envio_import(&e, data, size, &o);

	if (found)
		*found = o.found;
	return r;
}

static int setup(void **state)
{
	static const struct env_default d[] = {
		{ "bootdelay", "1" }, { "keep", "k" }, { "gone", "g" }, { NULL, NULL },
	};

	warned[0] = 0;
	return env_init(&e, envbuf, sizeof(envbuf), d);
}

static const char *get(const char *n)
{
	const char *v = env_get(&e, n);

	return v ? v : "(unset)";
}

static void test_text_uenv(void **state)
{
	/* a BeagleBoard uEnv.txt as people write them */
	static const char t[] =
		"# comment line\n"
		"bootargs=console=ttyO2,115200n8 root=/dev/mmcblk0p2 rw\n"
		"  uenvcmd=run loaduimage; run mmcboot\n"
		"\n"
		"gone=\n"
		"keep\n"
		"multi=one\\\ntwo\n"
		"bs=a\\\\b\n"
		"bootdelay=3\n"
		"bootdelay=5\n"
		"bad-name=x\n"
		"last=no newline";

	/* seven sets: bootdelay twice */
	assert_int_equal(import(t, sizeof(t) - 1, '\n', false, NULL, 0, NULL), 7);
	assert_string_equal(get("bootargs"), "console=ttyO2,115200n8 root=/dev/mmcblk0p2 rw");
	assert_string_equal(get("uenvcmd"), "run loaduimage; run mmcboot");
	assert_string_equal(get("gone"), "(unset)");
	assert_string_equal(get("keep"), "(unset)");
	assert_string_equal(get("multi"), "one\ntwo");
	assert_string_equal(get("bs"), "a\\b");
	assert_string_equal(get("bootdelay"), "5");
	assert_string_equal(get("last"), "no newline");
	assert_non_null(strstr(warned, "bad-name:bad variable name"));
}

static void test_text_crlf(void **state)
{
	static const char t[] = "a=1\r\nb=2\r\n";

	/* without -r the CR stays in the value, as U-Boot's */
	assert_int_equal(import(t, sizeof(t) - 1, '\n', false, NULL, 0, NULL), 2);
	assert_string_equal(get("a"), "1\r");
	assert_int_equal(import(t, sizeof(t) - 1, '\n', true, NULL, 0, NULL), 2);
	assert_string_equal(get("a"), "1");
	assert_string_equal(get("b"), "2");
}

static void test_text_stops_at_nul_and_size(void **state)
{
	/* a NUL separates as a newline does; an entry starting with one ends */
	static const char t[] = "a=1\nb=2\0c=3\n\0d=4\n";

	assert_int_equal(import(t, sizeof(t) - 1, '\n', false, NULL, 0, NULL), 3);
	assert_string_equal(get("c"), "3");
	assert_string_equal(get("d"), "(unset)");
	/* size cuts a value short */
	assert_int_equal(import("x=12345\n", 4, '\n', false, NULL, 0, NULL), 1);
	assert_string_equal(get("x"), "12");
}

static void test_empty_name_fails(void **state)
{
	static const char t[] = "a=1\n=bad\nb=2\n";

	assert_int_equal(import(t, sizeof(t) - 1, '\n', false, NULL, 0, NULL), -EINVAL);
	assert_string_equal(get("a"), "1");
	assert_string_equal(get("b"), "(unset)");
}

static void test_var_list(void **state)
{
	static const char t[] = "a=1\nb=2\nc=3\na=4\ngone=\n";
	char *const vars[] = { "a", "c", "gone", "nothere" };
	uint64_t found;

	assert_int_equal(import(t, sizeof(t) - 1, '\n', false, vars, 4, &found), 2);
	/* only the first a: U-Boot drops a name from the list once seen */
	assert_string_equal(get("a"), "1");
	assert_string_equal(get("b"), "(unset)");
	assert_string_equal(get("c"), "3");
	assert_string_equal(get("gone"), "(unset)");
	assert_int_equal(found, 0x7);
}

static void test_binary(void **state)
{
	static const char b[] = "arch=arm\0bootcmd=run findfdt; run distro_bootcmd\0v=a\nb\0\0junk=1\0";

	assert_int_equal(import(b, sizeof(b), '\0', false, NULL, 0, NULL), 3);
	assert_string_equal(get("bootcmd"), "run findfdt; run distro_bootcmd");
	assert_string_equal(get("v"), "a\nb");
	assert_string_equal(get("junk"), "(unset)");
}

static void test_export_text_and_round_trip(void **state)
{
	char out[256];
	size_t n;

	env_set(&e, "multi", "one\ntwo");
	env_set(&e, "bs", "a\\b");
	n = envio_export_len(&e, '\n', NULL, 0);
	envio_export(&e, '\n', NULL, 0, out);
	assert_int_equal(n, strlen(out) + 1);
	assert_string_equal(out, "bootdelay=1\nbs=a\\\\b\ngone=g\nkeep=k\nmulti=one\\\ntwo\n");
	/* the text reads back to the same environment */
	env_init(&e, envbuf, sizeof(envbuf), NULL);
	assert_int_equal(import(out, n, '\n', false, NULL, 0, NULL), 5);
	assert_string_equal(get("multi"), "one\ntwo");
	assert_string_equal(get("bs"), "a\\b");
	/* a list, a name not set left out */
	{
		char *const vars[] = { "keep", "nothere", "bs" };

		n = envio_export_len(&e, '\n', vars, 3);
		envio_export(&e, '\n', vars, 3, out);
		assert_string_equal(out, "bs=a\\\\b\nkeep=k\n");
		assert_int_equal(n, 16);
	}
}

static void test_export_binary_checksummed(void **state)
{
	uint8_t blk[64];
	size_t n = envio_export_len(&e, '\0', NULL, 0);

	memset(blk, 0xa5, sizeof(blk));
	memset(blk, 0, 48);
	envio_export(&e, '\0', NULL, 0, (char *)blk + ENVIO_CRC_HDR);
	assert_int_equal(n, 27);        /* 3 entries + the final NUL */
	assert_memory_equal(blk + 4, "bootdelay=1\0gone=g\0keep=k\0\0", 28);
	envio_seal(blk, 48);
	assert_int_equal(envio_check(blk, 48), 0);
	assert_int_equal(crc32(0, blk + 4, 44), blk[0] | blk[1] << 8 | blk[2] << 16 |
			 (uint32_t)blk[3] << 24);
	assert_int_equal(blk[48], 0xa5);
	blk[10] ^= 1;
	assert_int_equal(envio_check(blk, 48), -EBADMSG);
	assert_int_equal(envio_check(blk, 4), -EINVAL);
}

static void test_long_value_and_full(void **state)
{
	static char t[600];
	char small[64];
	struct envio_import o = { .sep = '\n', .warn = on_warn, .tmp = tmp, .tmp_size = sizeof(tmp) };

	memset(t, 'v', sizeof(t));
	memcpy(t, "big=", 4);
	memcpy(t + 400, "\nok=1\n", 6);
	assert_int_equal(import(t, 406, '\n', false, NULL, 0, NULL), 1);
	assert_non_null(strstr(warned, "big:value too long"));
	assert_string_equal(get("ok"), "1");
	env_init(&e, small, sizeof(small), NULL);
	assert_int_equal(envio_import(&e, "a=0123456789012345678901234567890\n"
				      "b=0123456789012345678901234567890\n", 68, &o), 1);
	assert_non_null(strstr(warned, "2:b:environment full"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_text_uenv, setup),
		cmocka_unit_test_setup(test_text_crlf, setup),
		cmocka_unit_test_setup(test_text_stops_at_nul_and_size, setup),
		cmocka_unit_test_setup(test_empty_name_fails, setup),
		cmocka_unit_test_setup(test_var_list, setup),
		cmocka_unit_test_setup(test_binary, setup),
		cmocka_unit_test_setup(test_export_text_and_round_trip, setup),
		cmocka_unit_test_setup(test_export_binary_checksummed, setup),
		cmocka_unit_test_setup(test_long_value_and_full, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
