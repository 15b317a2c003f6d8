// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Cortex-A8's L2 cache on OMAP3 GP devices, before the caches go on.
 * Its contents are undefined after power-on and the L2 invalidate is a
 * secure operation, so it goes through the GP ROM's service (SMC with
 * r12 = 1). The L2 enable bit ACTLR.L2EN is written through the ROM's
 * "write auxiliary control" service (r12 = 3) and also directly, as U-Boot
 * does (docs/references.md, "L2 enable and invalidate"): on some silicon
 * revisions the bit is banked between the worlds, and an erratum wants
 * both copies set.
 * HS devices need their PPA for this: they are left as they are.
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "lib/bitops.h"

#define DEVICETYPE         GENMASK(10, 8)
#define DEVICETYPE_GP      3
#define ROM_L2_INVALIDATE  1
#define ROM_WRITE_ACTLR    3
#define ACTLR_L2EN         BIT(1)

/* One GP ROM service: r12 the number, r0 its argument. The ROM's monitor
 * may use r0-r12 and lr. */
static void rom_service(uint32_t svc, uint32_t arg)
{
	register uint32_t r0 __asm__("r0") = arg;
	register uint32_t r12 __asm__("r12") = svc;

	__asm__ volatile(".arch_extension sec\n\t"
			 "dsb\n\t"
			 "smc #0\n\t"
			 "dsb\n\tisb"
			 : "+r"(r0), "+r"(r12)
			 :
			 : "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10",
			   "r11", "lr", "memory", "cc");
}

static uint32_t actlr_read(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 1" : "=r"(v));
	return v;
}

void omap3_l2_prepare(void)
{
	uint32_t actlr;

	if (FIELD_GET(DEVICETYPE, readl(CONTROL_STATUS)) != DEVICETYPE_GP)
		return;
	rom_service(ROM_L2_INVALIDATE, 0);
	actlr = actlr_read() | ACTLR_L2EN;
	rom_service(ROM_WRITE_ACTLR, actlr);
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 1\n\tisb" : : "r"(actlr));
}
