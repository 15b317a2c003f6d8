// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the data abort the simulator delivers (tools/sim/exc.c,
 * and dfar.c on Unicorn 2.1): a guest turns its MMU on over small pages
 * (ARMv7-A ARM B3.5) and touches a page with no mapping, a read-only page
 * and a page boundary; its abort handler reads DFAR and DFSR (B4.1.52,
 * B4.1.53). The address must be the faulting byte's, not its page's nor
 * an earlier access's, and WnR must say which way the access went.
 */
#include "lib/bitops.h"
#include "tests/unit/sim/simtest.h"

#define SRAM  0x40200000u
#define TTB   (SRAM + 0xC000)   /* 16 KiB aligned */
#define L2    (SRAM + 0xB000)   /* 1 KiB aligned */
#define VBAR  (SRAM + 0x1000)
#define VA    0x10000000u       /* page 0 RW, page 1 unmapped, page 2 read-only */

static const uint32_t vectors[] = {
	/* +0x10, data abort */
	0xEE165F10,   /* mrc p15, 0, r5, c6, c0, 0   DFAR */
	0xEE156F10,   /* mrc p15, 0, r6, c5, c0, 0   DFSR */
	0xE1A0700E,   /* mov r7, lr */
	0xEAFFFFFE,   /* b .                          stop_at */
};

/* Runs insn at SRAM + 0x10 with the MMU on and r0 = addr; the run stops
 * in the abort handler (or at the b . after insn if nothing aborted). */
static struct sim *run(uint32_t insn, uint32_t addr)
{
	struct sim *s = simtest_cpu(VBAR + 0x1C, 10);
	const uint32_t prog[] = {
		0xEE112F10,   /* mrc p15, 0, r2, c1, c0, 0   SCTLR */
		0xE3822001,   /* orr r2, r2, #1               M */
		0xEE012F10,   /* mcr p15, 0, r2, c1, c0, 0 */
		0xF57FF06F,   /* isb */
		insn,         /* 0x10 */
		0xEAFFFFFE,   /* b . */
	};

	for (size_t i = 0; i < ARRAY_SIZE(prog); i++)
		put32(s, SRAM + 4 * i, prog[i]);
	for (size_t i = 0; i < ARRAY_SIZE(vectors); i++)
		put32(s, VBAR + 0x10 + 4 * i, vectors[i]);
	put32(s, TTB + (SRAM >> 20) * 4, SRAM | 0xC02);     /* section, AP 3 */
	put32(s, TTB + (VA >> 20) * 4, L2 | 0x01);          /* coarse table, domain 0 */
	put32(s, L2 + 0 * 4, (SRAM + 0x2000) | 0x032);      /* small page, AP 3 */
	put32(s, L2 + 1 * 4, 0);                            /* no mapping */
	put32(s, L2 + 2 * 4, (SRAM + 0x3000) | 0x212);      /* APX 1, AP 1: PL1 read-only */
	sim_set_cp15(s, 2, 0, 0, 0, TTB);
	sim_set_cp15(s, 2, 0, 0, 2, 0);
	sim_set_cp15(s, 3, 0, 0, 0, 1);                     /* domain 0: client */
	sim_set_cp15(s, 12, 0, 0, 0, VBAR);
	sim_set_reg(s, UC_ARM_REG_CPSR, 0x1D3);
	sim_set_reg(s, UC_ARM_REG_R0, addr);
	sim_set_reg(s, UC_ARM_REG_R1, 0x5A5A5A5A);
	sim_set_reg(s, UC_ARM_REG_SP, SRAM + 0xFCB0);
	sim_set_reg(s, UC_ARM_REG_PC, SRAM);
	assert_int_equal(sim_run(s), SIM_STOP);
	return s;
}

/* A store into the page with no mapping: translation fault (page), write. */
static void test_store_unmapped(void **state)
{
	struct sim *s = run(0xE5801000, VA + 0x1123);   /* str r1, [r0] */

	assert_int_equal(sim_reg(s, UC_ARM_REG_R5), VA + 0x1123);
	assert_int_equal(sim_reg(s, UC_ARM_REG_R6), BIT(11) | 0x7);
	assert_int_equal(sim_reg(s, UC_ARM_REG_R7), SRAM + 0x10 + 8);
}

/* A store into the read-only page: permission fault (page), write. */
static void test_store_read_only(void **state)
{
	struct sim *s = run(0xE5801000, VA + 0x23F8);

	assert_int_equal(sim_reg(s, UC_ARM_REG_R5), VA + 0x23F8);
	assert_int_equal(sim_reg(s, UC_ARM_REG_R6), BIT(11) | 0xF);
}

/* ldm across the end of page 0: the first word loads, the second is in
 * the unmapped page, whose first byte is the DFAR; a read. */
static void test_ldm_across_pages(void **state)
{
	struct sim *s = run(0xE890000C, VA + 0xFFC);    /* ldm r0, {r2, r3} */

	assert_int_equal(sim_reg(s, UC_ARM_REG_R5), VA + 0x1000);
	assert_int_equal(sim_reg(s, UC_ARM_REG_R6), 0x7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_store_unmapped),
		cmocka_unit_test(test_store_read_only),
		cmocka_unit_test(test_ldm_across_pages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
