/* SPDX-License-Identifier: GPL-2.0-or-later */
/* OMAP3 instances of the storage-path controllers: I2C1 and MMC1. */
#ifndef ARCH_ARM_OMAP3_STORAGE_H
#define ARCH_ARM_OMAP3_STORAGE_H

#include <stdint.h>

#include "drivers/i2c/omap_i2c.h"
#include "drivers/mmc/omap_hsmmc.h"

/* Clock I2C1 and bring its controller up at speed_hz (100/400 kHz). */
int omap3_i2c1_init(struct omap_i2c *bus, uint32_t speed_hz);

/* MMC1's controller with its SoC glue (clocks, PBIAS, DEVCONF0). VMMC1
 * must already be on at 3 V or more. */
int omap3_mmc1_init(struct omap_hsmmc *host);

/* The MMC1 card and its host (host: card->host), MMC_TYPE_NONE until
 * mmc_init() or mmc_init_finish() succeeds. */
struct mmc_card *omap3_mmc1(void);
/* Lets the boot flow write MMC1's card (the environment on FAT). */
void omap3_mmc1_enable_writes(void);

#endif
