/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The OMAP3 instance of the early storage path's controller, MMC1. */
#ifndef ARCH_ARM_OMAP3_MMC1_H
#define ARCH_ARM_OMAP3_MMC1_H

#include <stdint.h>

#include "arch/arm/platform.h"
#include "drivers/mmc/omap_hsmmc.h"

/* MMC1's controller with its SoC glue (clocks, PBIAS, DEVCONF0). VMMC1
 * must already be on at 3 V or more. */
int omap3_mmc1_init(struct omap_hsmmc *host);

/* plat_mmc1() (arch/arm/platform.h): the card and its host (card->host),
 * MMC_TYPE_NONE until mmc_init() or mmc_init_finish() succeeds. */

#endif
