/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The OMAP3 MMC/SD host controller (TRM chapter 22, SPRUF98/SPRUGN4 "MMC/SD/SDIO"). */
#ifndef DRIVERS_MMC_OMAP_HSMMC_H
#define DRIVERS_MMC_OMAP_HSMMC_H

#include <stdbool.h>
#include <stdint.h>

#include "drivers/mmc/mmc.h"

struct omap_hsmmc_config {
	const char *name;          /* "mmc1" */
	uintptr_t base;
	uint32_t fclk_hz;          /* 96 MHz */
	/* SoC glue (clocks, PBIAS I/O cells, clock loop-back), called before
	 * the controller is touched; NULL when there is none. */
	int (*soc_setup)(void);
};

struct omap_hsmmc {
	const struct omap_hsmmc_config *cfg;
	uint32_t clock_hz;
};

/* Power the I/O, reset the controller and send the init stream. */
int omap_hsmmc_init(struct omap_hsmmc *h, const struct omap_hsmmc_config *cfg);

extern const struct mmc_host_ops omap_hsmmc_ops;
/* The write path, for mmc_enable_writes(). */
extern const struct mmc_write_ops omap_hsmmc_write_ops;

#endif
