// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP3 clock set-up for a 26 MHz oscillator: sys_clk, DPLL1 (MPU), DPLL3
 * (CORE, L3, L4) and DPLL4 (the 96/48 MHz peripheral clocks), following
 * the DPLL programming sequence of SPRUF98/SPRUGN4 chapter "PRCM" (its
 * DPLL and PRM sections have the values and the order).
 *
 * MPU rate. The TWL4030 starts VDD1 at about 1.2 V and nothing here raises
 * it, so the MPU runs at the fastest operating point specified for that
 * voltage (OMAP35x and AM/DM37x data manuals, OPP tables; data manuals SPRS507/SPRS685, OPPs):
 *  - DM3730 / OMAP3630: OPP100 = 600 MHz at 1.20 V. 800 MHz and 1 GHz need
 *    1.325 V / 1.375 V (and ABB for 1 GHz).
 *  - OMAP3530 / OMAP3430: OPP3 = 500 MHz at 1.20 V. 550 and 600 MHz
 *    (OPP4, OPP5) need 1.27 V and 1.35 V.
 * Linux's cpufreq raises the voltage before it goes faster.
 *
 * sys_clk. 3430: 26 MHz / 2 = 13 MHz, as every loader does, so that the
 * DPLL tables' 13 MHz values apply. 3630: 26 MHz undivided (barebox's
 * choice; it avoids the DDR corruption on OFF-mode exit it reports with a
 * divided sys_clk); the 3630 has no FREQSEL to match Fint against.
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define OSC_HZ			26000000u
#define PRM_CLKSEL_26MHZ	3
#define CLKSRC_SYSCLKDIV	GENMASK(7, 6)
#define CLKSRC_DPLL4_DIV6_5	BIT(8)		/* 3630 only */

#define DPLL_EN_STOP		1
#define DPLL_EN_LP_BYPASS	5
#define DPLL_EN_FR_BYPASS	6
#define DPLL_EN_LOCK		7
#define DPLL_TIMEOUT_US		20000

#define CKGEN_CORE		BIT(0)
#define CKGEN_PERIPH		BIT(1)
#define CLKEN_PLL_PWRDN_96M	BIT(27)

struct dpll_mn {
	uint16_t m;
	uint8_t n, m2;
};

struct clock_plan {
	uint8_t sysclk_div;
	struct dpll_mn mpu, core, per;
	uint8_t per_m3, per_m4, per_m5, per_m6;
	uint8_t clksel_96m;       /* 3630 only */
	uint8_t core_m3;          /* CM_CLKSEL1_EMU DIV_DPLL3 */
};

/* SPRUF98/SPRUGN4 "PRCM", DPLL M/N at 26 MHz; MPU at 500 MHz on 3430, see above. */
static const struct clock_plan plan_3430 = {
	.sysclk_div = 2,
	.mpu = { 500, 12, 1 },    /* 13 x 500 / 13 = 500 MHz */
	.core = { 332, 12, 1 },   /* 332 MHz: L3 166, L4 83 */
	.per = { 432, 12, 9 },    /* x2 after M2: 2 x 432 / 9 = 96 MHz */
	.per_m3 = 16, .per_m4 = 2, .per_m5 = 4, .per_m6 = 3,
	.core_m3 = 2,
};

static const struct clock_plan plan_3630 = {
	.sysclk_div = 1,
	.mpu = { 300, 12, 1 },    /* 26 x 300 / 13 = 600 MHz */
	.core = { 200, 12, 1 },   /* 400 MHz: L3 200, L4 100 */
	.per = { 432, 12, 9 },    /* J-type, no x2: 864 / 9 = 96 MHz */
	.per_m3 = 16, .per_m4 = 9, .per_m5 = 4, .per_m6 = 3,
	.clksel_96m = 1,
	.core_m3 = 2,
};

static const struct clock_plan *plan_for(const struct omap3_chip *chip)
{
	return chip->family == OMAP3630_FAMILY ? &plan_3630 : &plan_3430;
}

/* 3430 DPLL FREQSEL from Fint (SPRUF98 "PRCM", DPLL FREQSEL; upper bounds
 * inclusive). */
static unsigned freqsel(uint32_t fint)
{
	static const struct { uint32_t hi; uint8_t sel; } t[] = {
		{ 1000000, 0x3 }, { 1250000, 0x4 }, { 1500000, 0x5 },
		{ 1750000, 0x6 }, { 2100000, 0x7 }, { 7500000, 0 },
		{ 10000000, 0xB }, { 12500000, 0xC }, { 15000000, 0xD },
		{ 17500000, 0xE }, { 21000000, 0xF },
	};

	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (fint <= t[i].hi)
			return t[i].sel;
	return 0;
}

/* Fint = ref / (N + 1) x M / M2: Fint is a whole number of Hz for the
 * plans' sys_clk (13 or 26 MHz over N + 1 = 13), and Fint x M (at most
 * 2.1 MHz x 2047) fits 32 bits. */
static uint32_t dpll_hz(uint32_t ref, const struct dpll_mn *d)
{
	return ref / (d->n + 1u) * d->m / d->m2;
}

/*
 * sys_clk feeds every DPLL: changing its divider under a locked DPLL
 * changes that DPLL's output on the fly (and the CORE clock the SDRC and
 * this code's bus run on). A ROM that leaves DPLLs locked, or a warm
 * reset, would see that; so when the divider must change, the DPLLs go to
 * bypass first (DPLL1 low-power, DPLL3 fast-relock, DPLL4 and DPLL5
 * stopped) and the divider is written once none reports a lock. They are
 * programmed again right after (omap3_clocks_init). The time base does
 * not run yet, so the wait is a bounded count of register reads.
 */
#define CM_CLKEN2_PLL		(OMAP3_CM_BASE + 0x0D04)
#define CM_IDLEST2_CKGEN	(OMAP3_CM_BASE + 0x0D24)
#define BYPASS_READS		100000

static void dplls_to_bypass(void)
{
	clrsetbits32(CM_CLKEN_PLL_MPU, GENMASK(2, 0), DPLL_EN_LP_BYPASS);
	clrsetbits32(CM_CLKEN_PLL, GENMASK(2, 0) | GENMASK(18, 16),
		     DPLL_EN_FR_BYPASS | DPLL_EN_STOP << 16);
	clrsetbits32(CM_CLKEN2_PLL, GENMASK(2, 0), DPLL_EN_STOP);
	for (unsigned i = 0; i < BYPASS_READS; i++)
		if (!(readl(CM_IDLEST_PLL_MPU) & BIT(0)) &&
		    !(readl(CM_IDLEST_CKGEN) & (CKGEN_CORE | CKGEN_PERIPH)) &&
		    !(readl(CM_IDLEST2_CKGEN) & BIT(0)))
			return;
}

/* Called before the time base starts: no timed waits. */
uint32_t omap3_sysclk_init(const struct omap3_chip *chip)
{
	const struct clock_plan *p = plan_for(chip);
	uint32_t clr = CLKSRC_SYSCLKDIV, cur = readl(PRM_CLKSRC_CTRL);

	writel(PRM_CLKSEL_26MHZ, PRM_CLKSEL);
	/* A 3630 warm reset can leave DPLL4's 6.5 pre-divider on; it is
	 * only for a 13 MHz oscillator. */
	if (chip->family == OMAP3630_FAMILY)
		clr |= CLKSRC_DPLL4_DIV6_5;
	if (FIELD_GET(CLKSRC_SYSCLKDIV, cur) != p->sysclk_div || (cur & clr & CLKSRC_DPLL4_DIV6_5)) {
		dplls_to_bypass();
		clrsetbits32(PRM_CLKSRC_CTRL, clr, FIELD_PREP(CLKSRC_SYSCLKDIV, p->sysclk_div));
	}
	return OSC_HZ / p->sysclk_div;
}

int omap3_clocks_init(const struct omap3_chip *chip, struct omap3_clocks *clk)
{
	const struct clock_plan *p = plan_for(chip);
	bool is3630 = chip->family == OMAP3630_FAMILY;
	uint32_t sys = OSC_HZ / p->sysclk_div;
	uint32_t fsel = is3630 ? 0 : freqsel(sys / (p->core.n + 1u));
	uint32_t m6 = is3630 ? GENMASK(29, 24) : GENMASK(28, 24);
	uint32_t m3 = is3630 ? GENMASK(21, 16) : GENMASK(20, 16);
	uint32_t div6 = is3630 ? GENMASK(5, 0) : GENMASK(4, 0);
	uint32_t tv6 = is3630 ? GENMASK(13, 8) : GENMASK(12, 8);
	uint32_t per_m = is3630 ? GENMASK(19, 8) : GENMASK(18, 8);
	int err = 0;

	clk->sys_hz = sys;
	clk->mpu_hz = dpll_hz(sys, &p->mpu);
	clk->core_hz = dpll_hz(sys, &p->core);
	clk->l3_hz = clk->core_hz / 2;
	clk->l4_hz = clk->l3_hz / 2;
	clk->per96_hz = dpll_hz(sys, &p->per) * (is3630 ? 1 : 2) /
			(is3630 ? p->clksel_96m : 1);

	/* MPU off DPLL1 while CORE changes under it. */
	clrsetbits32(CM_CLKEN_PLL_MPU, GENMASK(2, 0), DPLL_EN_LP_BYPASS);
	err |= poll32(CM_IDLEST_PLL_MPU, BIT(0), 0, DPLL_TIMEOUT_US);

	/* DPLL3 (CORE). Everything runs from SRAM, so the SDRC clock may stop. */
	clrsetbits32(CM_CLKEN_PLL, GENMASK(2, 0), DPLL_EN_FR_BYPASS);
	err |= poll32(CM_IDLEST_CKGEN, CKGEN_CORE, 0, DPLL_TIMEOUT_US);
	clrsetbits32(CM_CLKSEL1_EMU, m3, FIELD_PREP(m3, p->core_m3));
	/* M2, M, N; the 96M and 48M clocks come from DPLL4, not sys_clk or
	 * sys_altclk (bits 6 and 3). */
	clrsetbits32(CM_CLKSEL1_PLL,
		     GENMASK(31, 27) | GENMASK(26, 16) | GENMASK(14, 8) | BIT(6) | BIT(3),
		     FIELD_PREP(GENMASK(31, 27), p->core.m2) |
		     FIELD_PREP(GENMASK(26, 16), p->core.m) |
		     FIELD_PREP(GENMASK(14, 8), p->core.n));
	/* SSI = CORE/3, FSHOSTUSB /2, L4 = L3/2, L3 = CORE/2 */
	clrsetbits32(CM_CLKSEL_CORE, GENMASK(11, 8) | GENMASK(5, 0),
		     3u << 8 | 2u << 4 | 2u << 2 | 2u);
	clrsetbits32(CM_CLKSEL_WKUP, GENMASK(2, 1), 2u << 1);	/* RM_ICLK = L4/2 */
	if (!is3630)
		clrsetbits32(CM_CLKEN_PLL, GENMASK(7, 4), fsel << 4);
	clrsetbits32(CM_CLKEN_PLL, GENMASK(2, 0), DPLL_EN_LOCK);
	err |= poll32(CM_IDLEST_CKGEN, CKGEN_CORE, CKGEN_CORE, DPLL_TIMEOUT_US);

	/* DPLL4 (PER): stop, dividers M6..M2, M/N, lock. */
	clrsetbits32(CM_CLKEN_PLL, GENMASK(18, 16), DPLL_EN_STOP << 16);
	err |= poll32(CM_IDLEST_CKGEN, CKGEN_PERIPH, 0, DPLL_TIMEOUT_US);
	clrsetbits32(CM_CLKSEL1_EMU, m6, FIELD_PREP(m6, p->per_m6));
	clrsetbits32(CM_CLKSEL_CAM, div6, FIELD_PREP(div6, p->per_m5));
	clrsetbits32(CM_CLKSEL_DSS, div6 | tv6,
		     FIELD_PREP(div6, p->per_m4) | FIELD_PREP(tv6, p->per_m3));
	clrsetbits32(CM_CLKSEL3_PLL, GENMASK(4, 0), p->per.m2);
	/* On the 3630 the upper bits hold the J-type DPLL's DCO and
	 * sigma-delta settings; their reset values suit this M/N. */
	clrsetbits32(CM_CLKSEL2_PLL, per_m | GENMASK(6, 0),
		     FIELD_PREP(per_m, p->per.m) | p->per.n);
	if (is3630)
		clrsetbits32(CM_CLKSEL_CORE, GENMASK(13, 12), (uint32_t)p->clksel_96m << 12);
	else
		clrsetbits32(CM_CLKEN_PLL, GENMASK(23, 20),
			     freqsel(sys / (p->per.n + 1u)) << 20);
	clrbits32(CM_CLKEN_PLL, CLKEN_PLL_PWRDN_96M);
	clrsetbits32(CM_CLKEN_PLL, GENMASK(18, 16), DPLL_EN_LOCK << 16);
	err |= poll32(CM_IDLEST_CKGEN, CKGEN_PERIPH, CKGEN_PERIPH, DPLL_TIMEOUT_US);

	/* DPLL1 (MPU) last, from the new CORE clock's bypass. */
	clrsetbits32(CM_CLKSEL2_PLL_MPU, GENMASK(4, 0), p->mpu.m2);
	clrsetbits32(CM_CLKSEL1_PLL_MPU, GENMASK(18, 8) | GENMASK(6, 0),
		     FIELD_PREP(GENMASK(18, 8), p->mpu.m) | p->mpu.n);
	if (!is3630)
		clrsetbits32(CM_CLKEN_PLL_MPU, GENMASK(7, 4),
			     freqsel(sys / (p->mpu.n + 1u)) << 4);
	clrsetbits32(CM_CLKEN_PLL_MPU, GENMASK(2, 0), DPLL_EN_LOCK);
	err |= poll32(CM_IDLEST_PLL_MPU, BIT(0), BIT(0), DPLL_TIMEOUT_US);

	return err ? -ETIMEDOUT : 0;
}
