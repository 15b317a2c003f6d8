// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the PRCM model (tools/sim/prcm.c): DPLL lock timing, the
 * MPU clock from the SPRUF98/SPRUGN4 "PRCM", DPLL M/N at 26 MHz values for 3530 and 3730, FREQSEL
 * checking, IDLEST polarity and the UART functional clock.
 */
#include <string.h>

#include "lib/bitops.h"

#include "tests/unit/sim/simtest.h"

static void program_mpu(struct sim *s, unsigned m, unsigned n, unsigned fsel, unsigned m2)
{
	wr(s, CM + 0x944, m2);
	wr(s, CM + 0x940, (1u << 19) | (m << 8) | n);
	wr(s, CM + 0x904, (fsel << 4) | 7);
}

static void test_reset_state(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	simtest_init(s);
	assert_int_equal(prcm_sys_clk_hz(s), 26000000);
	/* DPLL1 and DPLL3 in bypass: the MPU runs at sys_clk */
	assert_int_equal(rd(s, CM + 0x924), 0);
	assert_int_equal(rd(s, CM + 0xD20) & 3, 0);
	assert_int_equal(s->mpu_hz, 26000000);
	/* the ROM leaves WDT2 clocked: its IDLEST bit reads 0, GPT1's 1 */
	assert_int_equal(rd(s, CM + 0xC20) & 0x21, 0x01);
	assert_true(prcm_clk_on(s, CLK_WDT2));
	assert_false(prcm_clk_on(s, CLK_32KSYNC));
	assert_false(prcm_clk_on(s, CLK_UART3));
	/* an offset the CM does not have */
	{
		uint32_t v;

		assert_int_equal(model_mmio(s, false, CM + 0x0008, 4, &v), SIM_EUNIMPL);
		assert_int_equal(model_mmio(s, false, CM + 0x0A00, 2, &v), SIM_EBUS);
	}
}

static void test_mpu_3530(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	simtest_init(s);
	wr(s, PRM + 0x1270, 0x83);   /* SYSCLKDIV 2: 13 MHz */
	assert_int_equal(prcm_sys_clk_hz(s), 13000000);
	program_mpu(s, 600, 12, 3, 1);
	/* not locked yet: a loader that does not poll still runs in bypass */
	assert_int_equal(rd(s, CM + 0x924), 0);
	assert_int_equal(s->mpu_hz, 13000000);
	run_for(s, 4 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0x924), 0);
	run_for(s, 2 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0x924), 1);
	assert_int_equal(s->mpu_hz, 600000000);
	/* back to bypass: unlocked at once */
	wr(s, CM + 0x904, 0x35);
	assert_int_equal(rd(s, CM + 0x924), 0);
	assert_int_equal(s->mpu_hz, 13000000);
}

static void test_freqsel_3530(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	simtest_init(s);
	wr(s, PRM + 0x1270, 0x83);
	/* Fint 1.0 MHz needs FREQSEL 3; 7 is the 26 MHz value */
	program_mpu(s, 600, 12, 7, 1);
	run_for(s, 100 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0x924), 0);
	/* M < 2 never locks either */
	program_mpu(s, 1, 12, 3, 1);
	run_for(s, 100 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0x924), 0);
	program_mpu(s, 500, 12, 3, 1);
	run_for(s, 100 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0x924), 1);
	assert_int_equal(s->mpu_hz, 500000000);
}

/* SYSCLKDIV under a locked DPLL glitches it: a fault */
static void test_sysclkdiv_under_locked_dpll(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	program_mpu(s, 300, 12, 0, 1);
	run_for(s, 10 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0x924), 1);
	wr(s, PRM + 0x1270, 0x83);
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "while DPLL1 is locked"));
}

static void test_mpu_3730(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	/* barebox: sys_clk 26 MHz, M 300, N 12 -> 600 MHz; no FREQSEL */
	program_mpu(s, 300, 12, 0, 1);
	run_for(s, 10 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0x924), 1);
	assert_int_equal(s->mpu_hz, 600000000);
	/* U-Boot: sys_clk 13 MHz, M 600; changing sys_clk relocks. The divider
	 * changes only with the DPLL in bypass (else a fault, below). */
	wr(s, CM + 0x904, (rd(s, CM + 0x904) & ~7u) | 5);
	wr(s, PRM + 0x1270, 0x83);
	assert_int_equal(s->result, SIM_RUNNING);
	program_mpu(s, 600, 12, 0, 1);
	assert_int_equal(rd(s, CM + 0x924), 0);
	run_for(s, 10 * PS_PER_US);
	assert_int_equal(s->mpu_hz, 600000000);
	/* 800 MHz with M2 = 1, then 400 MHz with M2 = 2 (divider outside the loop) */
	program_mpu(s, 800, 12, 0, 1);
	run_for(s, 10 * PS_PER_US);
	assert_int_equal(s->mpu_hz, 800000000);
	wr(s, CM + 0x944, 2);
	assert_int_equal(s->mpu_hz, 400000000);
}

static void test_per_clocks(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	simtest_init(s);
	set_bits(s, CM + 0x1000, 1u << 11);
	set_bits(s, CM + 0x1010, 1u << 11);
	assert_true(prcm_clk_on(s, CLK_UART3));
	assert_int_equal(rd(s, CM + 0x1020) & (1u << 11), 0);
	/* DPLL4 stopped: the 48M clock is derived from the 26 MHz reference */
	assert_int_equal(prcm_func_clk_hz(s, CLK_UART3), 13000000);
	simtest_clocks_3530(s);
	assert_int_equal(rd(s, CM + 0xD20) & 3, 3);
	assert_int_equal(prcm_func_clk_hz(s, CLK_UART3), 48000000);
	/* MMC follows SOURCE_96M: sys_clk while bit6 is set */
	set_bits(s, CM + 0xA00, 1u << 24);
	set_bits(s, CM + 0xA10, 1u << 24);
	set_bits(s, CM + 0xD40, 1u << 6);
	assert_int_equal(prcm_func_clk_hz(s, CLK_MMC1), 13000000);
	wr(s, CM + 0xD40, rd(s, CM + 0xD40) & ~(1u << 6));
	assert_int_equal(prcm_func_clk_hz(s, CLK_MMC1), 96000000);
	/* CORE 332 MHz, L3 166 MHz */
	assert_int_equal(prcm_l3_hz(s), 166000000);
}

static void test_per_clocks_3730(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	wr(s, PRM + 0x1270, 0x83);                       /* 13 MHz */
	wr(s, CM + 0xD44, (864u << 8) | 12);             /* J-type: no x2 */
	wr(s, CM + 0xD48, 9);
	wr(s, CM + 0xA40, (rd(s, CM + 0xA40) & ~0x3000u) | 0x1000);
	wr(s, CM + 0xD00, rd(s, CM + 0xD00) | (7u << 16));
	set_bits(s, CM + 0x1000, 1u << 11);
	set_bits(s, CM + 0x1010, 1u << 11);
	run_for(s, 10 * PS_PER_US);
	assert_int_equal(rd(s, CM + 0xD20) & 2, 2);
	assert_int_equal(prcm_dpll4_96m_hz(s), 96000000);
	assert_int_equal(prcm_func_clk_hz(s, CLK_UART3), 48000000);
}

static void test_global_reset(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	simtest_init(s);
	assert_int_equal(rd(s, PRM + 0x1258), 1);        /* cold reset */
	wr(s, PRM + 0x1258, 1);                          /* W1C */
	assert_int_equal(rd(s, PRM + 0x1258), 0);
	wr(s, PRM + 0x1250, 4);
	assert_int_equal(s->result, SIM_RESET);
}

/* PM_PREPWSTST_x: the model's domains never leave ON, so each reads the ON
 * state it entered (not the TRM's reset 0, OFF), and neither Linux's clearing
 * write of 0 nor a write of the ON value changes it; even with CORE's and
 * PER's next state set to RET or OFF in PM_PWSTCTRL_x. */
static void test_prev_power_state(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	static const struct { uint32_t off, on; } dom[] = {
		{ 0x00E8, 0xFF7 }, { 0x09E8, 0xC7 }, { 0x0AE8, 0xF7 }, { 0x0BE8, 0x3 },
		{ 0x0EE8, 0x3 }, { 0x0FE8, 0x3 }, { 0x10E8, 0x3 }, { 0x13E8, 0x3 },
		{ 0x14E8, 0x3 },
	};

	simtest_init(s);
	wr(s, PRM + 0x0AE0, 0xF0301);   /* CORE: next RET */
	wr(s, PRM + 0x10E0, 0x30100);   /* PER: next OFF */
	for (size_t i = 0; i < ARRAY_SIZE(dom); i++) {
		assert_int_equal(rd(s, PRM + dom[i].off), dom[i].on);
		wr(s, PRM + dom[i].off, 0);
		assert_int_equal(rd(s, PRM + dom[i].off), dom[i].on);
		wr(s, PRM + dom[i].off, 0xFF);
		assert_int_equal(rd(s, PRM + dom[i].off), dom[i].on);
	}
	assert_int_equal(rd(s, PRM + 0x0AE4) & 3, 3);   /* CORE still ON */
}

/* The 3630's ABB LDO as Linux's ti-abb-regulator ("ti,abb-v1") drives it:
 * SR2_WTCNT_VALUE and SR2EN in the register at 0x12F4, OPP_SEL and
 * OPP_CHANGE at 0x12F0, the transition's end in PRM_IRQSTATUS_MPU bit 26
 * (omap36xx.dtsi's ti,tranxdone-status-mask 0x4000000), cleared by
 * writing 1. The OMAP3530 has neither register. */
static void test_abb_ldo_3730(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);
	uint32_t v = 0;

	simtest_init(s);
	assert_int_equal(rd(s, PRM + 0x12F4), 0);
	wr(s, PRM + 0x12F4, (0x41u << 8) | 1);          /* settling count, SR2EN */
	assert_int_equal(rd(s, PRM + 0x12F4), (0x41u << 8) | 1);
	wr(s, PRM + 0x12F4, 0xFFFFFFFF);
	assert_int_equal(rd(s, PRM + 0x12F4), 0xFF07);
	/* a bias selected, then the change started: done at once */
	assert_int_equal(rd(s, PRM + 0x0818) & BIT(26), 0);
	wr(s, PRM + 0x12F0, 1);                         /* OPP_SEL: FAST */
	assert_int_equal(rd(s, PRM + 0x0818) & BIT(26), 0);
	wr(s, PRM + 0x12F0, 1 | BIT(2));                /* OPP_CHANGE */
	assert_int_equal(rd(s, PRM + 0x12F0), 1);       /* OPP_CHANGE reads 0 again */
	assert_int_equal(rd(s, PRM + 0x0818) & BIT(26), BIT(26));
	wr(s, PRM + 0x0818, BIT(26));
	assert_int_equal(rd(s, PRM + 0x0818) & BIT(26), 0);

	s = simtest_new(SOC_OMAP3530);
	simtest_init(s);
	assert_int_equal(model_mmio(s, false, PRM + 0x12F0, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, PRM + 0x12F4, 4, &v), SIM_EUNIMPL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reset_state),
		cmocka_unit_test(test_mpu_3530),
		cmocka_unit_test(test_freqsel_3530),
		cmocka_unit_test(test_mpu_3730),
		cmocka_unit_test(test_sysclkdiv_under_locked_dpll),
		cmocka_unit_test(test_per_clocks),
		cmocka_unit_test(test_per_clocks_3730),
		cmocka_unit_test(test_global_reset),
		cmocka_unit_test(test_prev_power_state),
		cmocka_unit_test(test_abb_ldo_3730),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
