/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The OMAP3's on-board NAND: GPMC chip select 0, x16, as on the GTA04 and
 * the BeagleBoard (TRM chapter 10 "GPMC"; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC registers).
 */
#ifndef ARCH_ARM_OMAP3_GPMC_NAND_H
#define ARCH_ARM_OMAP3_GPMC_NAND_H

#include "drivers/mtd/nand.h"

/* CS0 set up for the x16 NAND, without probing the chip: the port the
 * early part reads the rest of a NAND-booted MLO through. */
const struct gpmc_nand *omap3_nand_port(void);

#endif
