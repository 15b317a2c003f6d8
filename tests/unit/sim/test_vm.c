// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the simulator's virtual memory (tools/sim/vm.c) with the
 * CPU running: a guest turns its MMU on over a section table in SRAM
 * (ARMv7-A ARM B3.5, short descriptors) and reads through a virtual
 * address no model claims. The hole regions make Unicorn translate it to
 * SRAM; a section pointing at a physical address with nothing behind it
 * stops the run naming the physical address and the PC; once the MMU is
 * off again the holes are gone and the same virtual address is a plain
 * unmodelled access.
 */
#include "lib/bitops.h"
#include "tests/unit/sim/simtest.h"
#include "tools/sim/core.h"   /* CORE_HOOKS_PHYSICAL */

#define SRAM  0x40200000u
#define TTB   (SRAM + 0xC000)   /* 16 KiB aligned */
#define VBAR  (SRAM + 0x1000)
#define DATA  (SRAM + 0x800)
#define VA_RAM  0x10000000u     /* section -> SRAM */
#define VA_NONE 0x10100000u     /* section -> 0x70000000, nothing there */
#define PA_NONE 0x70000000u

static const uint32_t prog[] = {
	0xEE112F10,   /* 0x00 mrc p15, 0, r2, c1, c0, 0   SCTLR */
	0xE3822001,   /* 0x04 orr r2, r2, #1               M */
	0xEE012F10,   /* 0x08 mcr p15, 0, r2, c1, c0, 0 */
	0xF57FF06F,   /* 0x0C isb */
	0xE5901000,   /* 0x10 ldr r1, [r0]                 through the MMU */
	0xEE112F10,   /* 0x14 mrc p15, 0, r2, c1, c0, 0 */
	0xE3C22001,   /* 0x18 bic r2, r2, #1               MMU off */
	0xEE012F10,   /* 0x1C mcr p15, 0, r2, c1, c0, 0 */
	0xF57FF06F,   /* 0x20 isb */
	0xEF000000,   /* 0x24 svc #0 */
	0xEAFFFFFE,   /* 0x28 b . */
};

static const uint32_t svc_vector[] = {
	0xE5943000,   /* ldr r3, [r4]                      MMU off */
	0xEAFFFFFE,   /* b . */
};

/* A machine with the CPU, the program in SRAM, the section table, the
 * registers: r0 the address read with the MMU on, r4 the one read by the
 * SVC handler with it off. */
static struct sim *machine(uint32_t r0, uint32_t r4, bool stop_after_read)
{
	struct sim *s = simtest_cpu(stop_after_read ? SRAM + 0x14 : 0, 100);

	for (size_t i = 0; i < ARRAY_SIZE(prog); i++)
		put32(s, SRAM + 4 * i, prog[i]);
	for (size_t i = 0; i < ARRAY_SIZE(svc_vector); i++)
		put32(s, VBAR + 8 + 4 * i, svc_vector[i]);
	put32(s, DATA, 0xCAFEF00D);
	/* sections: AP = 3 (full access), domain 0, type 0b10 */
	put32(s, TTB + (SRAM >> 20) * 4, SRAM | 0xC02);
	put32(s, TTB + (VA_RAM >> 20) * 4, SRAM | 0xC02);
	put32(s, TTB + (VA_NONE >> 20) * 4, PA_NONE | 0xC02);
	sim_set_cp15(s, 2, 0, 0, 0, TTB);           /* TTBR0 */
	sim_set_cp15(s, 2, 0, 0, 2, 0);             /* TTBCR */
	sim_set_cp15(s, 3, 0, 0, 0, 1);             /* DACR: domain 0 client */
	sim_set_cp15(s, 12, 0, 0, 0, VBAR);
	sim_set_reg(s, UC_ARM_REG_CPSR, 0x1D3);
	sim_set_reg(s, UC_ARM_REG_R0, r0);
	sim_set_reg(s, UC_ARM_REG_R4, r4);
	sim_set_reg(s, UC_ARM_REG_SP, SRAM + 0xFCB0);
	sim_set_reg(s, UC_ARM_REG_PC, SRAM);
	return s;
}

/* Nothing claims the two virtual sections or the physical target. */
static void test_unclaimed(void **state)
{
	struct sim *s = machine(0, 0, true);
	uc_mem_region *r = NULL;
	uint32_t n = 0;

	assert_int_equal(uc_mem_regions(s->uc, &r, &n), UC_ERR_OK);
	for (uint32_t i = 0; i < n; i++) {
		assert_false(r[i].begin <= VA_NONE + 0xFFFFF && r[i].end >= VA_RAM);
		assert_false(r[i].begin <= PA_NONE + 0xFFFFF && r[i].end >= PA_NONE);
	}
	uc_free(r);
	assert_false(vm_filled(s));
}

/* Every byte of the 32-bit space belongs to exactly one region. */
static void assert_space_covered(struct sim *s)
{
	uc_mem_region *r = NULL;
	uint32_t n = 0;
	uint64_t total = 0;

	assert_int_equal(uc_mem_regions(s->uc, &r, &n), UC_ERR_OK);
	for (uint32_t i = 0; i < n; i++)
		total += r[i].end - r[i].begin + 1;
	uc_free(r);
	assert_true(total == 0x100000000ull);
}

static void test_read_through_hole(void **state)
{
	struct sim *s = machine(VA_RAM + (DATA - SRAM), 0, true);

	assert_int_equal(sim_run(s), SIM_STOP);
	/* Unicorn 2.1 translates before it looks for a region: the read
	 * needs no holes there, and none are made. */
	if (!CORE_HOOKS_PHYSICAL) {
		assert_true(vm_filled(s));
		assert_space_covered(s);
	}
	assert_int_equal(sim_reg(s, UC_ARM_REG_R1), 0xCAFEF00D);
	assert_int_equal(sim_pc(s), SRAM + 0x14);
}

static void test_physical_hole_stops(void **state)
{
	struct sim *s = machine(VA_NONE + 0x10, 0, false);

	assert_int_equal(sim_run(s), SIM_FAULT);
	assert_string_equal(s->result_msg, "unmodelled access: physical 0x70000010 (size 4, "
			    "read, through the MMU) at PC 0x40200010");
}

static void test_holes_removed_with_mmu_off(void **state)
{
	struct sim *s = machine(VA_RAM + (DATA - SRAM), VA_RAM + 0x40, false);

	assert_int_equal(sim_run(s), SIM_FAULT);
	assert_int_equal(sim_reg(s, UC_ARM_REG_R1), 0xCAFEF00D);
	assert_false(vm_filled(s));
	/* the SVC handler's read, physical with the MMU off */
	assert_string_equal(s->result_msg, "unmodelled access: 0x10000040 (size 4, read) "
			    "at PC 0x40201008");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unclaimed),
		cmocka_unit_test(test_read_through_hole),
		cmocka_unit_test(test_physical_hole_stops),
		cmocka_unit_test(test_holes_removed_with_mmu_off),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
