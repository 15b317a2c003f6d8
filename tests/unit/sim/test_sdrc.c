// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the SDRC model (tools/sim/sdrc.c): MCFG size decoding,
 * CS_CFG placement of CS1, the "no SDRAM before init" rule, and aliasing
 * when MCFG claims more memory than the chip has.
 */
#include <string.h>

#include "tests/unit/sim/simtest.h"

#define SDRC 0x6D000000u

static void init_cs(struct sim *s, int cs, uint32_t mcfg)
{
	uint32_t o = cs ? 0x30 : 0;

	wr(s, SDRC + 0x80 + o, mcfg);
	wr(s, SDRC + (cs ? 0xC4 : 0x9C), 0xAA9DB4C6);
	wr(s, SDRC + (cs ? 0xC8 : 0xA0), 0x00011517);
	wr(s, SDRC + 0xA4 + o, 0x0004E201);
	wr(s, SDRC + 0xA8 + o, 0);   /* NOP */
	wr(s, SDRC + 0xA8 + o, 1);   /* PRECHARGE */
	wr(s, SDRC + 0xA8 + o, 2);   /* AUTOREFRESH */
	wr(s, SDRC + 0xA8 + o, 2);
	wr(s, SDRC + 0x84 + o, 0x32);
}

static uint32_t peek(struct sim *s, uint32_t addr)
{
	uint32_t v;

	assert_int_equal(uc_mem_read(s->uc, addr, &v, 4), UC_ERR_OK);
	return v;
}

static void poke(struct sim *s, uint32_t addr, uint32_t v)
{
	assert_int_equal(uc_mem_write(s->uc, addr, &v, 4), UC_ERR_OK);
}

static bool mapped(struct sim *s, uint32_t addr)
{
	uint32_t v;

	return uc_mem_read(s->uc, addr, &v, 4) == UC_ERR_OK;
}

static void test_decoding(void **state)
{
	/* SPRUF98/SPRUGN4 "Memory Subsystem", SDRC_MCFG examples */
	assert_int_equal(sdrc_cs_size(0x02584099), 128u << 20);
	assert_int_equal(sdrc_cs_size(0x03588099), 256u << 20);
	assert_int_equal(sdrc_cs_size(0x04590099), 512u << 20);
	assert_int_equal(sdrc_cs_size(0x03690019), 512u << 20);
	assert_int_equal(sdrc_cs_size(0), 0);
	/* CS_CFG: CS0 size / 32 MiB = n -> ((n & 3) << 8) | (n >> 2) */
	assert_int_equal(sdrc_cs1_offset(0x1), 128u << 20);
	assert_int_equal(sdrc_cs1_offset(0x2), 256u << 20);
	assert_int_equal(sdrc_cs1_offset(0x4), 512u << 20);
	assert_int_equal(sdrc_cs1_offset(0x101), 160u << 20);
}

static void test_no_ram_before_init(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint32_t o = 0;

	simtest_init(s);
	assert_false(mapped(s, 0x80000000));
	wr(s, SDRC + 0x80, 0x02584099);
	wr(s, SDRC + 0x9C, 0xAA9DB4C6);
	wr(s, SDRC + 0xA0, 0x00011517);
	wr(s, SDRC + 0xA4, 0x0004E201);
	assert_false(mapped(s, 0x80000000));
	/* wrong order: AUTOREFRESH before PRECHARGE does not count */
	wr(s, SDRC + 0xA8 + o, 0);
	wr(s, SDRC + 0xA8 + o, 2);
	wr(s, SDRC + 0xA8 + o, 1);
	wr(s, SDRC + 0xA8 + o, 2);
	wr(s, SDRC + 0x84, 0x32);
	assert_false(mapped(s, 0x80000000));
	init_cs(s, 0, 0x02584099);
	assert_true(mapped(s, 0x80000000));
	assert_true(mapped(s, 0x87FFFFFC));
	assert_false(mapped(s, 0x88000000));
	/* MCFG = 0 (U-Boot's "CS failed") unmaps */
	wr(s, SDRC + 0x80, 0);
	assert_false(mapped(s, 0x80000000));
	/* soft reset forgets the device init */
	init_cs(s, 0, 0x02584099);
	wr(s, SDRC + 0x10, 2);
	assert_int_equal(rd(s, SDRC + 0x14) & 1, 0);
	run_for(s, 2 * PS_PER_US);
	assert_int_equal(rd(s, SDRC + 0x14) & 1, 1);
	assert_false(mapped(s, 0x80000000));
	wr(s, SDRC + 0x80, 0x02584099);
	assert_false(mapped(s, 0x80000000));
}

static void test_aliasing(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);

	s->cfg.sdram_cs_bytes[0] = 128u << 20;
	s->cfg.sdram_cs_bytes[1] = 0;
	simtest_init(s);
	/* MCFG claims 512 MiB on a 128 MiB chip: the chip repeats */
	init_cs(s, 0, 0x04590099);
	assert_true(mapped(s, 0x9FFFFFFC));
	assert_false(mapped(s, 0xA0000000));
	poke(s, 0x80000000, 0x12345678);
	assert_int_equal(peek(s, 0x88000000), 0x12345678);
	assert_int_equal(peek(s, 0x98000000), 0x12345678);
	poke(s, 0x80000004, 0);
	poke(s, 0x88000004, 0xCAFEF00D);
	assert_int_equal(peek(s, 0x80000004), 0xCAFEF00D);
	/* MCFG claims less: only that much is visible */
	init_cs(s, 0, 0x02582099);  /* RAMSIZE 32: 64 MiB */
	assert_true(mapped(s, 0x83FFFFFC));
	assert_false(mapped(s, 0x84000000));
	assert_int_equal(peek(s, 0x80000000), 0x12345678);
	/* CS1 has no memory: its window stays unmapped */
	init_cs(s, 0, 0x02584099);
	wr(s, SDRC + 0x40, 0x1);
	init_cs(s, 1, 0x02584099);
	assert_false(mapped(s, 0x88000000));
}

static void test_cs1_placement(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint32_t base[4], size[4];

	s->cfg.sdram_cs_bytes[0] = 128u << 20;
	s->cfg.sdram_cs_bytes[1] = 128u << 20;
	simtest_init(s);
	init_cs(s, 0, 0x02584099);
	wr(s, SDRC + 0x40, 0x1);              /* CS1 right after 128 MiB */
	init_cs(s, 1, 0x02584099);
	assert_int_equal(sdrc_windows(s, 1, base, size, 4), 1);
	assert_int_equal(base[0], 0x88000000);
	assert_int_equal(size[0], 128u << 20);
	poke(s, 0x80000000, 0xAAAA0000);
	poke(s, 0x88000000, 0xBBBB1111);
	assert_int_equal(peek(s, 0x80000000), 0xAAAA0000);
	/* moving CS1 moves the window */
	wr(s, SDRC + 0x40, 0x4);
	assert_false(mapped(s, 0x88000000));
	assert_int_equal(peek(s, 0xA0000000), 0xBBBB1111);
}

/* MCFG with more columns than the 13 x 10 chip has: column bit 10
 * (address bit 12) is a line the chip lacks, so it aliases; banks and rows
 * above still land apart. Every access is translated (no straight map). */
static void test_wrong_columns_alias(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint32_t base[4], size[4];

	s->cfg.sdram_cs_bytes[0] = 128u << 20;
	s->cfg.sdram_cs_bytes[1] = 0;
	simtest_init(s);
	init_cs(s, 0, 0x02684099);             /* CASWIDTH 11 */
	assert_int_equal(sdrc_windows(s, 0, base, size, 4), 0);
	assert_true(mapped(s, 0x87FFFFFC));
	poke(s, 0x80000000, 0x11111111);
	poke(s, 0x80002000, 0x22222222);       /* bank bit 0 */
	poke(s, 0x80001000, 0x33333333);       /* column bit 10: aliases */
	assert_int_equal(peek(s, 0x80000000), 0x33333333);
	assert_int_equal(peek(s, 0x80002000), 0x22222222);
	/* the right geometry maps straight again, the array unchanged */
	init_cs(s, 0, 0x02584099);
	assert_int_equal(sdrc_windows(s, 0, base, size, 4), 1);
	assert_int_equal(peek(s, 0x80000000), 0x33333333);
}

/* Bank-row-column (the A5's allocation) with one row more than the chip:
 * the top row bit aliases under the bank bits. */
static void test_bank_row_column_rows(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);

	s->cfg.sdram_cs_bytes[0] = 128u << 20;   /* 13 rows x 10 columns */
	s->cfg.sdram_cs_bytes[1] = 0;
	simtest_init(s);
	init_cs(s, 0, 0x03588019);               /* 14 rows, 10 cols, BRC, 256 MiB */
	poke(s, 0x80000000, 0xAAAAAAAA);
	poke(s, 0x82000000, 0xBBBBBBBB);         /* row bit 13: not on the chip */
	poke(s, 0x84000000, 0xCCCCCCCC);         /* bank bit 0 */
	assert_int_equal(peek(s, 0x80000000), 0xBBBBBBBB);
	assert_int_equal(peek(s, 0x84000000), 0xCCCCCCCC);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decoding),
		cmocka_unit_test(test_no_ram_before_init),
		cmocka_unit_test(test_aliasing),
		cmocka_unit_test(test_cs1_placement),
		cmocka_unit_test(test_wrong_columns_alias),
		cmocka_unit_test(test_bank_row_column_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
