// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OMAP3's on-board NAND on GPMC chip select 0 (SPRUF98/SPRUGN4 chapter
 * "Memory Subsystem", GPMC): the CS0 timings U-Boot and X-Loader use for the
 * 16-bit Micron parts of the GTA04 and the BeagleBoard, and the chip
 * instance. The GPMC pads need no set-up: their reset mode (0) is the GPMC.
 */
#include <stdbool.h>
#include <stddef.h>

#include "arch/arm/omap3/gpmc_nand.h"

#define OMAP3_GPMC_BASE  0x6E000000u
#define NAND_CS0_WINDOW  0x30000000u

/* CONFIG1: 16-bit NAND; CONFIG2-6: timings in L3 cycles (SPRUF98/SPRUGN4
 * "Memory Subsystem", GPMC_CONFIG1-7) */
static const uint32_t cs0_config[6] = {
	0x00001800, 0x00141400, 0x00141400, 0x0F010F01, 0x010C1414, 0x1F0F0A80,
};

const struct gpmc_nand *omap3_nand_port(void)
{
	static const struct gpmc_nand g = { .base = OMAP3_GPMC_BASE, .cs = 0, .x16 = true };

	gpmc_nand_setup(&g, cs0_config, NAND_CS0_WINDOW);
	return &g;
}
