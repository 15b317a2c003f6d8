/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which package-on-package memory the board carries, found as the real
 * GTA04 and Beagle loaders find it: the NAND ID on GPMC chip select 0,
 * read before the SDRC is set up.
 */
#ifndef ARCH_ARM_OMAP3_MEMID_H
#define ARCH_ARM_OMAP3_MEMID_H

#include <stdint.h>

#include "arch/arm/omap3/sdrc.h"

/* The flash half of the package, for the NAND commands and the DTB. */
enum mem_flash { MEM_FLASH_NAND, MEM_FLASH_ONENAND, MEM_FLASH_NONE };

/* One package: its NAND ID, its flash, its SDRAM set (sdram->part names it). */
struct mem_part {
	uint8_t mfr, dev;          /* NAND READ ID bytes 0 and 1 */
	enum mem_flash flash;
	const struct sdram_config *sdram;
};

enum mem_how { MEM_BY_ID, MEM_NO_ANSWER, MEM_UNKNOWN_ID };

struct mem_found {
	const struct mem_part *part;
	enum mem_how how;
	uint8_t mfr, dev;          /* what was read (0, 0 without an answer) */
};

/* What omap3_mem_identify() found; part is NULL before it ran. */
extern struct mem_found omap3_mem;

/*
 * Read the NAND ID on GPMC CS0 (x16 NAND timings, RESET then READ ID) and
 * pick the part: an entry of table by ID, else none (no chip answered
 * RESET within 1 ms, or it answered 00/FF) or unknown (the board's safest
 * set). Fills omap3_mem and returns its part.
 */
const struct mem_part *omap3_mem_identify(const struct mem_part *table, unsigned n,
					  const struct mem_part *none,
					  const struct mem_part *unknown);

#endif
