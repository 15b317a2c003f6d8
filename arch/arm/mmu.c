// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A 1:1 MMU map for speed (ARM ARM B3.5 "Short-descriptor translation table
 * format", B3.8 memory attributes; Cortex-A8 TRM chapter 3 "System control
 * coprocessor"): with the MMU off every data access is strongly-ordered and
 * uncached, which makes copying a kernel out of the MMC FIFO several times
 * slower. Identity, but for one section: the cold part's link address,
 * shown on the top of RAM, so one link runs on every RAM size. The
 * Cortex-A8's L1 D-cache is physically indexed and tagged, so the two
 * names of that megabyte cannot alias in it (Cortex-A8 TRM 7.1).
 */

#include "arch/arm/mmu.h"

#include "arch/arm/cold.h"
#include "lib/bitops.h"
#include "lib/errno.h"

#define SECTION       0x2u
#define SEC_B         BIT(2)
#define SEC_C         BIT(3)
#define SEC_XN        BIT(4)
#define SEC_AP_RW     (3u << 10)      /* AP[1:0] = 11: read/write, any mode */
#define SEC_TEX(x)    ((uint32_t)(x) << 12)

/* Normal memory, inner and outer write-back write-allocate. */
#define SEC_NORMAL_WB (SECTION | SEC_AP_RW | SEC_TEX(1) | SEC_C | SEC_B)
/* Shareable device: peripherals; never fetched from. */
#define SEC_DEVICE    (SECTION | SEC_AP_RW | SEC_XN | SEC_B)

#define SRAM_SECTION  (SRAM_BASE >> 20) /* the 64 KiB SRAM (memmap.h) */

#define SCTLR_M       BIT(0)
#define SCTLR_C       BIT(2)
#define SCTLR_Z       BIT(11)
#define SCTLR_I       BIT(12)

static uint32_t sctlr_read(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(v));
	return v;
}

static void sctlr_write(uint32_t v)
{
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 0\n\tisb" : : "r"(v) : "memory");
}

int mmu_enable(void *area, uint32_t ram_base, uint32_t ram_end, uint32_t cold_pa)
{
	uint32_t *table = (uint32_t *)(((uintptr_t)area + MMU_TABLE_SIZE - 1) &
				       ~(uintptr_t)(MMU_TABLE_SIZE - 1));
	uint32_t zero = 0;

	if (!area)
		return -ENOMEM;
	/* one unsigned compare for ram_base <= a < ram_end; then the two
	 * sections that are not plain device memory or RAM */
	for (uint32_t i = 0; i < MMU_TABLE_SIZE / 4; i++) {
		uint32_t a = i << 20;

		table[i] = a | (a - ram_base < ram_end - ram_base ? SEC_NORMAL_WB : SEC_DEVICE);
	}
	table[SRAM_SECTION] = SRAM_SECTION << 20 | SEC_NORMAL_WB;
	table[COLD_BASE >> 20] = cold_pa | SEC_NORMAL_WB;
	cache_dcache_inv_all();
	/* Table walks uncached (TTBR0 attributes 0): the table was written
	 * with the D-cache off and is in SDRAM as it stands. */
	__asm__ volatile(
		"dsb\n\t"
		"mcr p15, 0, %0, c8, c7, 0\n\t"     /* TLBIALL */
		"mcr p15, 0, %1, c3, c0, 0\n\t"     /* DACR: domain 0 client */
		"mcr p15, 0, %0, c2, c0, 2\n\t"     /* TTBCR: TTBR0 only */
		"mcr p15, 0, %2, c2, c0, 0\n\t"     /* TTBR0 */
		"dsb\n\tisb"
		: : "r"(zero), "r"(0x55555555u), "r"((uint32_t)(uintptr_t)table) : "memory");
	cache_icache_inv_all();
	sctlr_write(sctlr_read() | SCTLR_M | SCTLR_C | SCTLR_Z | SCTLR_I);
	return 0;
}

void mmu_disable(void)
{
	cache_dcache_clean_inv_all();
	sctlr_write(sctlr_read() & ~(SCTLR_M | SCTLR_C));
	cache_icache_inv_all();
	__asm__ volatile("mcr p15, 0, %0, c8, c7, 0\n\tdsb\n\tisb" : : "r"(0) : "memory");
}
