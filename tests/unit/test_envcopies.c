// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/env/envcopies (the two copies of U-Boot's redundant
 * environment over a medium) on a medium in memory: both copies valid in
 * each counter order, one corrupt, both corrupt (the defaults), U-Boot's
 * single copy and its conversion, the counter's wrap from 255 to 0, a
 * failed write, copies named as files, and a save after each case with
 * the words printed checked byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/crc32.h"
#include "lib/env/envcopies.h"
#include "lib/errno.h"
#include "lib/env/ubenv.h"

#define SIZE   256u
#define SINGLE 512u

/* The medium: two copies (and a single copy) in memory. */
static struct fake {
	uint8_t copy[2][SIZE];
	uint8_t single[SINGLE];
	int rd_err[2];          /* a read's error; -ENOENT: absent */
	int reread_err;         /* the second read of copy 0 */
	int single_err;         /* read_single's answer */
	int write_err;
	unsigned fail_mask;     /* which writes (bit n: the n-th of a save) fail */
	unsigned reads0;
	/* the writes in order: copy, counter, kept */
	unsigned nw;
	int w_copy[4];
	uint8_t w_flags[4];
	char w_kept[4][32];
	int twin_copy;
	uint8_t twin_flags;
	uint8_t buf[SINGLE];
} f;

static int fake_read(struct envcopies *m, int i, uint32_t *size)
{
	*size = SIZE;
	if (i == 0 && f.reads0++ && f.reread_err)
		return f.reread_err;
	if (f.rd_err[i])
		return f.rd_err[i];
	memcpy(m->buf, f.copy[i], SIZE);
	return 0;
}

static int fake_read_single(struct envcopies *m)
{
	memcpy(m->buf, f.single, SINGLE);
	return f.single_err;
}

static int fake_write(struct envcopies *m, const struct env *e, int i, uint8_t flags,
		      const char *kept)
{
	assert_true(f.nw < 4);
	f.w_copy[f.nw] = i;
	f.w_flags[f.nw] = flags;
	snprintf(f.w_kept[f.nw], sizeof(f.w_kept[0]), "%s", kept ? kept : "(none)");
	f.nw++;
	if (f.write_err && f.fail_mask & (1u << (f.nw - 1))) {
		memset(f.copy[i], 0xff, SIZE);  /* cut short: no valid CRC */
		return f.write_err;
	}
	assert_int_equal(ubenv_export(e, f.copy[i], SIZE, true, flags), 0);
	f.rd_err[i] = 0;
	return 0;
}

static void fake_twin(struct envcopies *m, const struct env *e, int i, uint8_t flags)
{
	f.twin_copy = i;
	f.twin_flags = flags;
}

static struct envcopies medium(void)
{
	struct envcopies m = {
		.off = { 0x260000, 0x280000 },
		.size = SIZE,
		.buf = f.buf,
		.ecc = true,
		.read = fake_read,
		.read_single = fake_read_single,
		.write = fake_write,
		.current = -1,
	};

	return m;
}

/* A copy holding "v=<v>" with counter flags. */
static void put(uint8_t *b, size_t size, bool redund, uint8_t flags, const char *v)
{
	struct env e;
	static char ebuf[256];

	env_init(&e, ebuf, sizeof(ebuf), NULL);
	assert_int_equal(env_set(&e, "v", v), 0);
	assert_int_equal(ubenv_export(&e, b, size, redund, flags), 0);
}

/* stdout while a call runs, for the words it prints. */
static FILE *saved_stdout;
static char *out;
static size_t outlen;

static void capture(void)
{
	fflush(stdout);
	saved_stdout = stdout;
	free(out);
	out = NULL;
	stdout = open_memstream(&out, &outlen);
	assert_non_null(stdout);
}

static const char *captured(void)
{
	fclose(stdout);
	stdout = saved_stdout;
	return out;
}

static char ebuf[1024];

/* Loads from the fake medium into a fresh environment with "d=default":
 * the words printed. */
static const char *load(struct envcopies *m, struct env *e)
{
	env_init(e, ebuf, sizeof(ebuf), NULL);
	assert_int_equal(env_set(e, "d", "default"), 0);
	f.reads0 = 0;
	capture();
	envcopies_load(m, e);
	return captured();
}

static int save(struct envcopies *m, const struct env *e)
{
	int r;

	f.nw = 0;
	capture();
	r = envcopies_save(m, e);
	captured();
	return r;
}

static void reset(void)
{
	memset(&f, 0, sizeof(f));
	f.twin_copy = -1;
	f.fail_mask = ~0u;
}

static void test_both_valid(void **state)
{
	static const struct { uint8_t f0, f1; int pick; } c[] = {
		{ 1, 2, 1 }, { 2, 1, 0 }, { 7, 7, 0 }, { 9, 10, 1 },
	};
	struct envcopies m;
	struct env e;

	(void)state;
	for (unsigned k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
		reset();
		m = medium();
		put(f.copy[0], SIZE, true, c[k].f0, "zero");
		put(f.copy[1], SIZE, true, c[k].f1, "one");
		assert_string_equal(load(&m, &e), "OK\n");
		assert_string_equal(env_get(&e, "v"), c[k].pick ? "one" : "zero");
		assert_string_equal(env_get(&e, "d"), "default");
		assert_int_equal(m.current, c[k].pick);
		/* the save writes the other copy, counter + 1; the next load
		 * takes it */
		assert_int_equal(env_set(&e, "v", "new"), 0);
		assert_int_equal(save(&m, &e), 0);
		assert_int_equal(f.nw, 1);
		assert_int_equal(f.w_copy[0], !c[k].pick);
		assert_int_equal(f.w_flags[0], (c[k].pick ? c[k].f1 : c[k].f0) + 1);
		assert_string_equal(f.w_kept[0], "the other copy");
		assert_int_equal(m.current, !c[k].pick);
		assert_string_equal(load(&m, &e), "OK\n");
		assert_string_equal(env_get(&e, "v"), "new");
	}
}

static void test_one_corrupt(void **state)
{
	struct envcopies m;
	struct env e;

	(void)state;
	for (int bad = 0; bad < 2; bad++) {
		char want[128];

		reset();
		m = medium();
		put(f.copy[0], SIZE, true, 5, "zero");
		put(f.copy[1], SIZE, true, 4, "one");
		f.copy[bad][100] ^= 1;
		snprintf(want, sizeof(want),
			 "OK\nenv: copy %d at 0x%x refused (bad CRC), using copy %d\n", bad,
			 bad ? 0x280000 : 0x260000, !bad);
		assert_string_equal(load(&m, &e), want);
		assert_string_equal(env_get(&e, "v"), bad ? "zero" : "one");
		/* the save overwrites the corrupt copy */
		assert_int_equal(save(&m, &e), 0);
		assert_int_equal(f.w_copy[0], bad);
		assert_int_equal(f.w_flags[0], (bad ? 5 : 4) + 1);
	}
	/* unreadable (an ECC error) and badly formed */
	reset();
	m = medium();
	put(f.copy[0], SIZE, true, 5, "zero");
	f.rd_err[1] = -EBADMSG;
	assert_string_equal(load(&m, &e), "OK\nenv: copy 1 at 0x280000 refused (uncorrectable "
			    "ECC error), using copy 0\n");
	reset();
	m = medium();
	put(f.copy[1], SIZE, true, 5, "one");
	put(f.copy[0], SIZE, true, 9, "");
	/* a data area without the final double NUL: "v=" then 'x' to the end */
	memset(f.copy[0] + 5 + 3, 'x', SIZE - 5 - 3);
	{
		uint32_t crc = crc32(0, f.copy[0] + 5, SIZE - 5);

		for (int i = 0; i < 4; i++)
			f.copy[0][i] = (uint8_t)(crc >> (8 * i));
	}
	assert_string_equal(load(&m, &e), "OK\nenv: copy 0 at 0x260000 refused (no valid "
			    "entries), using copy 1\n");
}

static void test_both_corrupt(void **state)
{
	struct envcopies m;
	struct env e;

	(void)state;
	/* erased blocks: the normal first boot, no detail */
	reset();
	m = medium();
	memset(f.copy, 0xff, sizeof(f.copy));
	assert_string_equal(load(&m, &e), "*** Warning - bad CRC, using default environment\n");
	assert_null(env_get(&e, "v"));
	assert_string_equal(env_get(&e, "d"), "default");
	assert_int_equal(m.current, -1);
	/* U-Boot's first save: copy 0, counter 1; the medium has no twin */
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.nw, 1);
	assert_int_equal(f.w_copy[0], 0);
	assert_int_equal(f.w_flags[0], 1);
	assert_int_equal(f.twin_copy, -1);
	/* the second save: copy 1, counter 2 */
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.w_copy[0], 1);
	assert_int_equal(f.w_flags[0], 2);
	assert_string_equal(load(&m, &e), "OK\n");
	assert_string_equal(env_get(&e, "d"), "default");

	/* read errors are said */
	reset();
	m = medium();
	f.rd_err[0] = -ETIMEDOUT;
	f.rd_err[1] = -EBADMSG;
	assert_string_equal(load(&m, &e), "*** Warning - bad CRC, using default environment\n"
			    "env: copy 0 at 0x260000: ETIMEDOUT\n"
			    "env: copy 1 at 0x280000: uncorrectable ECC error\n");
}

static void test_wrap(void **state)
{
	struct envcopies m;
	struct env e;

	(void)state;
	/* 0 is newer than 255 */
	reset();
	m = medium();
	put(f.copy[0], SIZE, true, 255, "zero");
	put(f.copy[1], SIZE, true, 0, "one");
	assert_string_equal(load(&m, &e), "OK\n");
	assert_string_equal(env_get(&e, "v"), "one");
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.w_copy[0], 0);
	assert_int_equal(f.w_flags[0], 1);
	reset();
	m = medium();
	put(f.copy[0], SIZE, true, 0, "zero");
	put(f.copy[1], SIZE, true, 255, "one");
	load(&m, &e);
	assert_string_equal(env_get(&e, "v"), "zero");
	/* a save after 254 and 255 writes 0, which the next load prefers */
	reset();
	m = medium();
	put(f.copy[0], SIZE, true, 254, "zero");
	put(f.copy[1], SIZE, true, 255, "one");
	load(&m, &e);
	assert_int_equal(env_set(&e, "v", "wrapped"), 0);
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.w_copy[0], 0);
	assert_int_equal(f.w_flags[0], 0);
	load(&m, &e);
	assert_string_equal(env_get(&e, "v"), "wrapped");
	assert_int_equal(m.current, 0);
}

static void test_single(void **state)
{
	struct envcopies m;
	struct env e;

	(void)state;
	reset();
	m = medium();
	m.single_off = 0x260000;
	m.single_size = SIZE;
	memset(f.copy, 0xff, sizeof(f.copy));
	put(f.single, SIZE, false, 0, "uboot");
	assert_string_equal(load(&m, &e),
			    "OK\nenv: U-Boot's single-copy environment at 0x260000 (0 KiB) is used; "
			    "the next saveenv converts it to gtaboot's redundant pair at 0x260000 "
			    "and 0x280000\n");
	assert_string_equal(env_get(&e, "v"), "uboot");
	assert_true(m.from_single);
	/* copy 1 first, then copy 0 over the single copy */
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.nw, 2);
	assert_int_equal(f.w_copy[0], 1);
	assert_int_equal(f.w_flags[0], 1);
	assert_string_equal(f.w_kept[0], "U-Boot's single copy");
	assert_int_equal(f.w_copy[1], 0);
	assert_int_equal(f.w_flags[1], 2);
	assert_string_equal(f.w_kept[1], "copy 1");
	assert_false(m.from_single);
	/* and after the conversion, the pair as usual */
	assert_string_equal(load(&m, &e), "OK\n");
	assert_string_equal(env_get(&e, "v"), "uboot");
	assert_int_equal(m.current, 0);
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.nw, 1);
	assert_int_equal(f.w_copy[0], 1);
	assert_int_equal(f.w_flags[0], 3);
}

static void test_single_padded(void **state)
{
	struct envcopies m;
	struct env e;

	(void)state;
	/* a single copy over both copies' room, its second half written over
	 * by a conversion cut short: taken with that half as zeros */
	reset();
	m = medium();
	m.single_off = 0x260000;
	m.single_size = SINGLE;
	memset(f.copy, 0xff, sizeof(f.copy));
	put(f.single, SINGLE, false, 0, "letux");
	memset(f.single + SIZE, 0x5a, SINGLE - SIZE);
	assert_string_equal(load(&m, &e),
			    "OK\nenv: U-Boot's single-copy environment at 0x260000 (0 KiB, its "
			    "padding lost to a conversion cut short) is used; the next saveenv "
			    "converts it to gtaboot's redundant pair at 0x260000 and 0x280000\n");
	assert_string_equal(env_get(&e, "v"), "letux");
	/* the second half unreadable: the same */
	f.single_err = 1;
	assert_non_null(strstr(load(&m, &e), "padding lost"));
	/* the first half unreadable, or no valid single copy: the defaults */
	f.single_err = -EBADMSG;
	assert_string_equal(load(&m, &e), "*** Warning - bad CRC, using default environment\n");
	f.single_err = 0;
	f.single[10] ^= 1;
	assert_string_equal(load(&m, &e), "*** Warning - bad CRC, using default environment\n");
	assert_null(env_get(&e, "v"));
	/* a valid pair wins over the single copy */
	put(f.copy[1], SIZE, true, 1, "pair");
	f.single[10] ^= 1;
	assert_string_equal(load(&m, &e), "OK\nenv: copy 0 at 0x260000 refused (bad CRC), using "
			    "copy 1\n");
	assert_string_equal(env_get(&e, "v"), "pair");
}

static void test_failed_write(void **state)
{
	struct envcopies m;
	struct env e;

	(void)state;
	reset();
	m = medium();
	put(f.copy[0], SIZE, true, 3, "zero");
	put(f.copy[1], SIZE, true, 2, "one");
	load(&m, &e);
	f.write_err = -EIO;
	assert_int_equal(save(&m, &e), -EIO);
	assert_int_equal(f.w_copy[0], 1);
	assert_int_equal(m.current, 0);
	assert_int_equal(m.flags, 3);
	/* copy 0 is untouched: the next load still has it, the next save
	 * tries copy 1 again */
	assert_string_equal(load(&m, &e), "OK\nenv: copy 1 at 0x280000 refused (bad CRC), using "
			    "copy 0\n");
	f.write_err = 0;
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.w_copy[0], 1);
	assert_int_equal(f.w_flags[0], 4);

	/* a conversion whose second write fails: copy 1 holds it, the next
	 * save writes copy 0 with the next counter, no conversion again */
	reset();
	m = medium();
	m.single_off = 0x260000;
	m.single_size = SIZE;
	memset(f.copy, 0xff, sizeof(f.copy));
	put(f.single, SIZE, false, 0, "uboot");
	load(&m, &e);
	f.write_err = -EIO;
	f.fail_mask = 2;
	assert_int_equal(save(&m, &e), -EIO);
	assert_int_equal(f.nw, 2);
	assert_false(m.from_single);
	assert_int_equal(m.current, 1);
	f.write_err = 0;
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.nw, 1);
	assert_int_equal(f.w_copy[0], 0);
	assert_int_equal(f.w_flags[0], 2);
	assert_string_equal(f.w_kept[0], "the other copy");
	/* the first write fails: still the single copy */
	reset();
	m = medium();
	m.single_off = 0x260000;
	m.single_size = SIZE;
	memset(f.copy, 0xff, sizeof(f.copy));
	put(f.single, SIZE, false, 0, "uboot");
	load(&m, &e);
	f.write_err = -ETIMEDOUT;
	assert_int_equal(save(&m, &e), -ETIMEDOUT);
	assert_int_equal(f.nw, 1);
	assert_true(m.from_single);
	f.write_err = 0;
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.nw, 2);
	assert_int_equal(f.w_copy[0], 1);
	assert_int_equal(f.w_copy[1], 0);
}

static void test_reread_fails(void **state)
{
	struct envcopies m;
	struct env e;

	(void)state;
	reset();
	m = medium();
	put(f.copy[0], SIZE, true, 3, "zero");
	put(f.copy[1], SIZE, true, 2, "one");
	f.reread_err = -EBADMSG;
	assert_string_equal(load(&m, &e), "FAILED (copy 0 unreadable)\n");
	assert_null(env_get(&e, "v"));
	assert_int_equal(m.current, -1);
}

static void test_files(void **state)
{
	static const char *const names[2] = { "uboot.env", "uboot-redund.env" };
	struct envcopies m;
	struct env e;

	(void)state;
	/* both files absent: nothing said but U-Boot's warning */
	reset();
	m = medium();
	m.file = names;
	m.ecc = false;
	m.twin = fake_twin;
	f.rd_err[0] = f.rd_err[1] = -ENOENT;
	assert_string_equal(load(&m, &e), "*** Warning - bad CRC, using default environment\n");
	/* the first save makes the twin with the lower counter */
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.w_copy[0], 0);
	assert_int_equal(f.w_flags[0], 1);
	assert_string_equal(f.w_kept[0], "(none)");
	assert_int_equal(f.twin_copy, 1);
	assert_int_equal(f.twin_flags, 0);
	/* the next one names the file that holds what was saved */
	f.twin_copy = -1;
	assert_int_equal(save(&m, &e), 0);
	assert_int_equal(f.w_copy[0], 1);
	assert_string_equal(f.w_kept[0], "uboot.env");
	assert_int_equal(f.twin_copy, -1);

	/* one absent: not called refused; a short one is, by its error */
	reset();
	m = medium();
	m.file = names;
	m.ecc = false;
	put(f.copy[0], SIZE, true, 1, "zero");
	f.rd_err[1] = -ENOENT;
	assert_string_equal(load(&m, &e), "OK\n");
	f.rd_err[1] = -EBADMSG;
	assert_string_equal(load(&m, &e), "OK\nenv: uboot-redund.env refused (EBADMSG), using "
			    "uboot.env\n");
	f.rd_err[1] = -EFBIG;
	f.rd_err[0] = -EIO;
	assert_string_equal(load(&m, &e), "*** Warning - bad CRC, using default environment\n"
			    "env: uboot.env: EIO\nenv: uboot-redund.env: larger than 128 KiB\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_both_valid),
		cmocka_unit_test(test_one_corrupt),
		cmocka_unit_test(test_both_corrupt),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_single),
		cmocka_unit_test(test_single_padded),
		cmocka_unit_test(test_failed_write),
		cmocka_unit_test(test_reread_fails),
		cmocka_unit_test(test_files),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);

	free(out);
	return r;
}
