// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/mtdparts on the default tables of Debian's omap3_beagle U-Boot and
 * Letux's GTA04, Linux-style strings with several devices, and every
 * malformed or overflowing layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lib/errno.h"
#include "lib/mtdparts.h"

#define CHIP (256ull << 20)

static void test_debian_beagle(void **state)
{
	struct mtd_parts t;
	const char *why = NULL;

	assert_int_equal(mtdparts_parse("mtdparts=omap2-nand.0:512k(spl),1920k(u-boot),"
					"128k(u-boot-env),128k(dtb),6m(kernel),-(rootfs)",
					"omap2-nand.0", CHIP, &t, &why), 0);
	assert_int_equal(t.n, 6);
	assert_string_equal(t.p[0].name, "spl");
	assert_int_equal(t.p[0].size, 0x80000);
	assert_int_equal(t.p[2].offset, 0x260000);
	assert_int_equal(t.p[4].offset, 0x2a0000);
	assert_int_equal(t.p[4].size, 0x600000);
	assert_int_equal(t.p[5].offset, 0x8a0000);
	assert_int_equal(t.p[5].size, 0xf760000);
	assert_ptr_equal(mtdparts_find(&t, "kernel"), &t.p[4]);
	assert_null(mtdparts_find(&t, "kern"));
}

static void test_forms(void **state)
{
	struct mtd_parts t;
	const char *why = NULL;

	/* Letux's GTA04, no "mtdparts=" */
	assert_int_equal(mtdparts_parse("nand:512k(x-loader),1792k(u-boot),256k(u-boot-env),"
					"6m(kernel),-(fs)", "nand", 512ull << 20, &t, &why), 0);
	assert_int_equal(t.p[3].offset, 0x280000);
	/* the second device, offsets, hex and octal numbers, ro, no names */
	assert_int_equal(mtdparts_parse("mtdparts=other:1m(a);nand:0x100000@0x200000(boot)ro,"
					"010@0x400000,1G", "nand", 4ull << 30, &t, &why), 0);
	assert_int_equal(t.n, 3);
	assert_int_equal(t.p[0].offset, 0x200000);
	assert_true(t.p[0].ro);
	assert_int_equal(t.p[1].size, 8);
	assert_string_equal(t.p[1].name, "0x00000008@0x00400000");
	assert_int_equal(t.p[2].offset, 0x400008);
	assert_int_equal(t.p[2].size, 1ull << 30);
	assert_int_equal(mtdparts_parse("mtdparts=other:1m(a)", "nand", CHIP, &t, &why), -ENOENT);
	assert_int_equal(mtdparts_parse("", "nand", CHIP, &t, &why), -ENOENT);
}

static void bad(const char *s, const char *msg)
{
	struct mtd_parts t;
	const char *why = NULL;

	assert_int_equal(mtdparts_parse(s, "nand", CHIP, &t, &why), -EINVAL);
	assert_string_equal(why, msg);
}

static void test_bad(void **state)
{
	bad("nand:", "no partitions");
	bad("nand:x(a)", "bad partition size");
	bad("nand:0(a)", "bad partition size");
	bad("nand:1m@(a)", "bad partition offset");
	bad("nand:1m(a),1m@0(b)", "partitions overlap or are out of order");
	bad("nand:1m@300m(a)", "partition starts beyond the end of the chip");
	bad("nand:300m(a)", "partition runs beyond the end of the chip");
	bad("nand:-(a),1m(b)", "'-' (the rest of the chip) must be the last partition");
	bad("nand:1m(a", "partition name without ')'");
	bad("nand:1m()", "partition name empty or longer than 31 characters");
	bad("nand:1m(abcdefghijabcdefghijabcdefghijab)",
	    "partition name empty or longer than 31 characters");
	bad("nand:1m(a)x", "junk after a partition");
	bad("nand:1m(a),", "',' at the end");
	bad("nand:99999999999999999999(a)", "bad partition size");
	bad("nand:17179869184g(a)", "bad partition size");
	bad("nand:1k,1k,1k,1k,1k,1k,1k,1k,1k,1k,1k,1k,1k,1k,1k,1k,1k", "more than 16 partitions");
}

static void test_mtdids(void **state)
{
	char id[MTDPARTS_ID_MAX];

	assert_int_equal(mtdids_lookup("nand0=omap2-nand.0", "nand0", id), 0);
	assert_string_equal(id, "omap2-nand.0");
	assert_int_equal(mtdids_lookup("nor0=x,nand0=nand", "nand0", id), 0);
	assert_string_equal(id, "nand");
	assert_int_equal(mtdids_lookup("nand1=x", "nand0", id), -ENOENT);
	assert_int_equal(mtdids_lookup("nand0=", "nand0", id), -ENOENT);
	assert_int_equal(mtdids_lookup("", "nand0", id), -ENOENT);
	assert_int_equal(mtdids_lookup("nand0=0123456789012345678901234567890123456789", "nand0", id),
			 -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_debian_beagle),
		cmocka_unit_test(test_forms),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_mtdids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
