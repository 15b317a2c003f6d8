// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The I- and D-cache enable bits of SCTLR (ARM ARM B4.1.130) for the
 * dcache and icache commands: read, and switched with the maintenance
 * the ARM ARM asks for (B2.2.7): clean the D-cache before it goes off,
 * invalidate before it comes back on. The MMU stays on either way (the
 * SDRAM part runs at COLD_BASE through it).
 */
#include "arch/arm/mmu.h"

#define SCTLR_C (1u << 2)
#define SCTLR_I (1u << 12)

static uint32_t sctlr(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(v));
	return v;
}

static void sctlr_set(uint32_t v)
{
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 0\n\tisb" : : "r"(v) : "memory");
}

bool cache_dcache_on(void)
{
	return sctlr() & SCTLR_C;
}

bool cache_icache_on(void)
{
	return sctlr() & SCTLR_I;
}

void cache_dcache_enable(bool on)
{
	/* an invalidate with the cache on would drop dirty lines */
	if (on == cache_dcache_on())
		return;
	if (on) {
		cache_dcache_inv_all();
		sctlr_set(sctlr() | SCTLR_C);
	} else {
		cache_dcache_clean_inv_all();
		sctlr_set(sctlr() & ~SCTLR_C);
		cache_dcache_clean_inv_all();
	}
}

void cache_icache_enable(bool on)
{
	cache_icache_inv_all();
	sctlr_set(on ? sctlr() | SCTLR_I : sctlr() & ~SCTLR_I);
}
