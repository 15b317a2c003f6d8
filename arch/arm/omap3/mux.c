// SPDX-License-Identifier: GPL-2.0-or-later
/* OMAP3 pad configuration writes (TRM chapter 7, pad configuration registers). */
#include "arch/arm/io.h"
#include "arch/arm/omap3/mux.h"
#include "arch/arm/omap3/omap3.h"
#include "lib/bitops.h"

void omap3_pad_set(uint16_t off, uint16_t val)
{
	/* 16-bit writes: each word holds two pads. */
	writew(val, OMAP3_SCM_BASE + off);
}

void plat_pads_apply(const struct pad *pads, size_t n)
{
	for (size_t i = 0; i < n; i++)
		omap3_pad_set(pads[i].off, pads[i].val);
}

/* What gtaboot drives on every board: the console on UART3, the TWL4030
 * on I2C1, the SD card on MMC1 (its clock pad an input too: the
 * controller reads the clock back). */
static const struct pad boot_pads[] = {
	{ PAD_UART3_RX_IRRX, PAD_IN | PAD_MODE(0) },
	{ PAD_UART3_TX_IRTX, PAD_OUT | PAD_MODE(0) },
	{ PAD_I2C1_SCL, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_I2C1_SDA, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_CLK, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_CMD, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT0, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT1, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT2, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT3, PAD_IN_PU | PAD_MODE(0) },
};

void omap3_pads_init(const struct pad *board_pads, size_t n)
{
	plat_pads_apply(boot_pads, ARRAY_SIZE(boot_pads));
	plat_pads_apply(board_pads, n);
}
