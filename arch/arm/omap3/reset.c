// SPDX-License-Identifier: GPL-2.0-or-later
/* Global warm reset of the OMAP3 through the PRM (TRM chapter 4 "PRCM", reset management). */
#include "arch/arm/cpu.h"
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"

#define RST_DPLL3	(1u << 2)

void cpu_reset(void)
{
	writel(RST_DPLL3, PRM_RSTCTRL);
	/* The reset takes effect within a few cycles; nothing is left to do
	 * if it does not, so wait for it without a bound. */
	for (;;)
		__asm__ volatile("wfi");
}
