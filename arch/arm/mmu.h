/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The MMU as a cache switch: a flat 1:1 section map (ARM ARM B3.5,
 * short-descriptor format) that makes SDRAM and SRAM cacheable, so that
 * loading runs with the I- and D-caches on, plus the one section where the
 * cold part is linked (COLD_BASE, arch/arm/omap3/memmap.h) placed on the
 * top of RAM. arch/arm/linux.S cleans the D-cache and turns everything off
 * again before the kernel starts.
 */
#ifndef ARCH_ARM_MMU_H
#define ARCH_ARM_MMU_H

#include <stdbool.h>
#include <stdint.h>

#define MMU_TABLE_SIZE  0x4000u   /* 4096 one-MiB sections, 16 KiB aligned */
#define MMU_AREA_SIZE   0x8000u   /* what mmu_enable() needs to align one */

/*
 * Build the table inside area (MMU_AREA_SIZE bytes of SDRAM, any alignment)
 * with [ram_base, ram_end) and the 1 MiB around the
 * SRAM cached, everything else device memory, never executable, except the
 * 1 MiB section at COLD_BASE (arch/arm/cold.h), which shows the RAM at
 * cold_pa (1 MiB aligned: the caller's sizes are whole MiB); then turn on
 * the MMU, D-cache, I-cache and branch prediction. Returns 0, or -ENOMEM
 * without an area.
 */
int mmu_enable(void *area, uint32_t ram_base, uint32_t ram_end, uint32_t cold_pa);

/* Clean the D-cache and turn MMU and D-cache off (I-cache stays on). For
 * anything that jumps into loaded code other than linux_jump(). */
void mmu_disable(void);

/* Where the translation table mmu_enable() built is (TTBR0's base). */
static inline uint32_t mmu_table_base(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c2, c0, 0" : "=r"(v));
	return v & ~0x3FFFu;
}

void cache_dcache_inv_all(void);
void cache_dcache_clean_inv_all(void);
void cache_icache_inv_all(void);

/* SCTLR's C and I bits (arch/arm/cache_ctl.c, the SDRAM part): whether
 * each cache is on, and switching it with the maintenance it needs. */
bool cache_dcache_on(void);
bool cache_icache_on(void);
void cache_dcache_enable(bool on);
void cache_icache_enable(bool on);

#endif
