/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which package-on-package memory the board carries, found by its flash
 * on GPMC chip select 0 before the SDRC is set up: the NAND ID, as the
 * real GTA04 and Beagle loaders read it, else the OneNAND's ID registers.
 */
#ifndef ARCH_ARM_OMAP3_MEMID_H
#define ARCH_ARM_OMAP3_MEMID_H

#include <stdint.h>

#include "arch/arm/omap3/sdrc.h"

/* The flash half of the package, for the NAND commands and the DTB. */
enum mem_flash { MEM_FLASH_NAND, MEM_FLASH_ONENAND, MEM_FLASH_NONE };

/* One package: its flash and that flash's ID, its SDRAM set (sdram->part
 * names it). */
struct mem_part {
	uint8_t mfr;               /* NAND READ ID byte 0, OneNAND register 0xF000 */
	uint16_t dev;              /* NAND READ ID byte 1, OneNAND register 0xF001 */
	enum mem_flash flash;      /* which of the two answered with that ID */
	const struct sdram_config *sdram;
};

enum mem_how { MEM_BY_ID, MEM_NO_ANSWER, MEM_UNKNOWN_ID };

struct mem_found {
	const struct mem_part *part;
	enum mem_how how;
	enum mem_flash flash;      /* what answered on CS0 (NONE: nothing) */
	uint8_t mfr;               /* what was read (0, 0 without an answer) */
	uint16_t dev;
};

/*
 * Read the NAND ID on GPMC CS0 (x16 NAND timings, RESET then READ ID);
 * when no NAND answers RESET within 1 ms (or answers 00/FF), the OneNAND
 * ID registers (CS0 set for OneNAND asynchronous reads; a maker's ID
 * only counts). Pick the part: the entry of table for that flash and ID,
 * else none (neither answered) or unknown (an ID not listed: the board's
 * safest set). Fills *found (the boot flow keeps it in struct sysinfo)
 * and returns its part.
 */
const struct mem_part *omap3_mem_identify(const struct mem_part *table, unsigned n,
					  const struct mem_part *none,
					  const struct mem_part *unknown, struct mem_found *found);

#endif
