// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The BeagleBoard (OMAP3530; the xM has a DM3730): pads, revision straps,
 * SDRAM and DT name (registers.md §2.1 "BeagleBoard revision detection",
 * §3.2).
 */
#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "lib/bitops.h"

enum { REV_XM_AB = 0, REV_XM_C = 2, REV_C4 = 5, REV_C123 = 6, REV_AXBX = 7 };

static const struct pad beagle_pads[] = {
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
	/* USER button: gpio_7 on the Beagle, gpio_4 on the xM (both are
	 * boot straps, inputs anyway) */
	{ PAD_SYS_BOOT5, PAD_IN | PAD_MODE(4) },
	{ PAD_SYS_BOOT2, PAD_IN | PAD_MODE(4) },
};

static unsigned beagle_revision(void)
{
	int idx = omap3_read_rev_straps();

	return idx < 0 ? BOARD_REV_UNKNOWN : (unsigned)idx;
}

static const char *beagle_rev_name(unsigned rev)
{
	switch (rev) {
	case REV_AXBX:	return "Ax/Bx";
	case REV_C123:	return "C1/C2/C3";
	case REV_C4:	return "C4";
	case REV_XM_C:	return "xM C";
	case REV_XM_AB:	return "xM Ax/Bx";
	default:	return "unknown";
	}
}

/* C4 (and earlier): Micron PoP, 2 x 128 MiB at L3 = 166 MHz. */
static const struct sdram_config micron_2x128 = {
	.part = "Micron 2 x 128 MiB",
	.sharing = 0x00000100,
	.cs = {
		{ 0x02584099, 0xAA9DB4C6, 0x00011517, 0x0004E201, 0x32, 0 },
		{ 0x02584099, 0xAA9DB4C6, 0x00011517, 0x0004E201, 0x32, 0 },
	},
};

/* xM: Micron 2 x 256 MiB at L3 = 200 MHz (the DM3730's L3). */
static const struct sdram_config micron_2x256 = {
	.part = "Micron 2 x 256 MiB",
	.sharing = 0x00000100,
	.cs = {
		{ 0x03588099, 0x7AE1B4C6, 0x00024217, 0x0005E601, 0x32, 0 },
		{ 0x03588099, 0x7AE1B4C6, 0x00024217, 0x0005E601, 0x32, 0 },
	},
};

static const struct sdram_config *beagle_sdram(unsigned rev)
{
	return rev == REV_XM_AB || rev == REV_XM_C ? &micron_2x256 : &micron_2x128;
}

/*
 * Linux's names: the xM A/B has its own tree (USB hub power of the other
 * polarity). The Ax/Bx straps cannot tell a B4 (omap3-beagle-ab4.dtb) from
 * a B5..B7, so they get omap3-beagle.dtb, as Linux's own default.
 */
/* USER: gpio_7 on the Beagle, gpio_4 on the xM (its sys_boot wiring). */
static int beagle_button(unsigned rev)
{
	return rev == REV_XM_C || rev == REV_XM_AB ? 4 : 7;
}

static const char *beagle_dtb_name(unsigned rev)
{
	switch (rev) {
	case REV_XM_AB:	return "omap3-beagle-xm-ab.dtb";
	case REV_XM_C:	return "omap3-beagle-xm.dtb";
	default:	return "omap3-beagle.dtb";
	}
}

const struct board board = {
	.name = "BeagleBoard",
	.pads = beagle_pads,
	.npads = ARRAY_SIZE(beagle_pads),
	.revision = beagle_revision,
	.rev_name = beagle_rev_name,
	.sdram = beagle_sdram,
	.dtb_name = beagle_dtb_name,
	.button_gpio = beagle_button,
	.bb_uvolt = 0,
	.bb_uamp = 0,
	.fixup_fdt = NULL,
};
