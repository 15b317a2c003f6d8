// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Goldelico GTA04 (DM3730 + TWL4030/TPS65950): pads, revision straps,
 * SDRAM per revision, DT name and backup-battery charger values
 * (hardware.md "GTA04"; registers.md §2.1 and §3.2).
 */
#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "lib/bitops.h"

static const struct pad gta04_pads[] = {
	{ PAD_UART3_RX_IRRX, PAD_IN | PAD_MODE(0) },
	{ PAD_UART3_TX_IRTX, PAD_OUT | PAD_MODE(0) },
	{ PAD_I2C1_SCL, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_I2C1_SDA, PAD_IN_PU | PAD_MODE(0) },
	/* MMC1 clock as an input too: the controller reads it back. */
	{ PAD_SDMMC1_CLK, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_CMD, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT0, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT1, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT2, PAD_IN_PU | PAD_MODE(0) },
	{ PAD_SDMMC1_DAT3, PAD_IN_PU | PAD_MODE(0) },
	/* AUX button, active high (gpio_7) */
	{ PAD_SYS_BOOT5, PAD_IN | PAD_MODE(4) },
};

/*
 * GPIO171..173 carry the revision: pulled up on the SoC side, some pulled
 * low by R305-R307. idx = gpio173 << 2 | gpio172 << 1 | gpio171.
 */
static const uint8_t rev_by_straps[8] = { 9, 6, 7, 3, 8, 4, 5, 2 };

static unsigned gta04_revision(void)
{
	int idx = omap3_read_rev_straps();

	return idx < 0 ? BOARD_REV_UNKNOWN : rev_by_straps[idx];
}

static const char *gta04_rev_name(unsigned rev)
{
	static const char *const names[] = {
		"A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9",
	};

	return rev >= 2 && rev <= 9 ? names[rev - 2] : "unknown";
}

/* A3/A4: Micron PoP, 2 x 256 MiB at L3 = 200 MHz (registers.md §3.2). */
static const struct sdram_config micron_2x256 = {
	.part = "Micron 2 x 256 MiB",
	.sharing = 0x00000100,
	.cs = {
		{ 0x03588099, 0x7AE1B4C6, 0x00024217, 0x0005E601, 0x32, 0 },
		{ 0x03588099, 0x7AE1B4C6, 0x00024217, 0x0005E601, 0x32, 0 },
	},
};

/*
 * A5 and later: Samsung MCP with OneNAND/NAND, 2 x 512 MiB (14 rows,
 * 11 columns, x32: MCFG from registers.md §3.2). No source gives its
 * timings as register values; these are mobile-DDR datasheet minimums
 * for a 4 Gbit die rounded up to 5 ns cycles at L3 = 200 MHz: tRFC 140,
 * tRC 55, tRAS 40, tRP 15, tRCD 15, tRRD 10, tWR 15 ns, tDAL = tWR + tRP,
 * tXSR 150 ns; tWTR 2, tCKE 4, tXP 2 cycles as in the Micron set.
 */
static const struct sdram_config samsung_2x512 = {
	.part = "Samsung 2 x 512 MiB",
	.sharing = 0x00000100,
	.cs = {
		{ 0x03690019, SDRC_ACTIM_A(28, 11, 8, 3, 3, 2, 3, 6),
		  SDRC_ACTIM_B(2, 4, 2, 30), SDRC_RFR(0x5E6), 0x32, 0x20 },
		{ 0x03690019, SDRC_ACTIM_A(28, 11, 8, 3, 3, 2, 3, 6),
		  SDRC_ACTIM_B(2, 4, 2, 30), SDRC_RFR(0x5E6), 0x32, 0x20 },
	},
};

static const struct sdram_config *gta04_sdram(unsigned rev)
{
	/* Unknown straps: the Micron set opens the smaller window, and the
	 * sizing probe reports what is really there. */
	return rev >= 5 && rev <= 9 ? &samsung_2x512 : &micron_2x256;
}

static const char *gta04_dtb_name(unsigned rev)
{
	switch (rev) {
	case 3:	return "omap3-gta04a3.dtb";
	case 4:	return "omap3-gta04a4.dtb";
	default: return "omap3-gta04a5.dtb";
	}
}

/* AUX, active high, on gpio_7 (it also drives sys_boot5). */
static int gta04_button(unsigned rev)
{
	return 7;
}

/* ---- display ----
 * The TPO TD028TTEC1 480x640 panel on the DSS's 24-bit LCD output; its
 * controller on bit-banged SPI: SCK gpio_12, CS gpio_19, MOSI gpio_20
 * (MISO gpio_18 is not read), at most 100 kHz, SPI mode 3; the backlight
 * enable on gpio_57 (Linux omap3-gta04.dtsi: spi_lcd, dss_dpi_pins,
 * backlight_pins; letux-uboot board/goldelico/gta04/backlight.c drives
 * gpio_57 as a plain on/off GPIO). Mode from Linux panel-tpo-td028ttec1.c.
 */
static const struct pad gta04_display_pads[] = {
	{ 0x5D8, PAD_OUT | PAD_MODE(4) },	/* etk_clk: gpio_12, SPI SCK */
	{ 0x5E6, PAD_OUT | PAD_MODE(4) },	/* etk_d5: gpio_19, SPI CS */
	{ 0x5E8, PAD_OUT | PAD_MODE(4) },	/* etk_d6: gpio_20, SPI MOSI */
	{ 0x5E4, PAD_IN | PAD_MODE(4) },	/* etk_d4: gpio_18, SPI MISO */
	{ 0x0BA, PAD_OUT | PAD_MODE(4) },	/* gpmc_ncs6: gpio_57, backlight */
};

static const struct board_display gta04_display = {
	.panel = "TPO TD028TTEC1",
	.mode = {
		.width = 480, .height = 640,
		.hfp = 24, .hsw = 8, .hbp = 8,
		.vfp = 4, .vsw = 2, .vbp = 2,
		.pixclk_khz = 22153,
		/* letux-uboot dssfb.c: ONOFF, IPC, IHS, IVS set, RF clear */
		.flags = LCD_HSYNC_LOW | LCD_VSYNC_LOW | LCD_DATA_FALLING | LCD_SYNC_ON_EDGE,
		.data_lines = 24,
	},
	.width_mm = 43, .height_mm = 58,
	.spi = { .sck = 12, .mosi = 20, .cs = 19, .khz = 100 },
	.backlight_gpio = 57,
	/* dss_pclk, hsync, vsync, acbias, data0..23 */
	.dss_pad_first = 0x0D4, .dss_pad_last = 0x10A,
	.pads = gta04_display_pads,
	.npads = ARRAY_SIZE(gta04_display_pads),
};
/* ---- end of display ---- */

const struct board board = {
	.name = "GTA04",
	.pads = gta04_pads,
	.npads = ARRAY_SIZE(gta04_pads),
	.revision = gta04_revision,
	.rev_name = gta04_rev_name,
	.sdram = gta04_sdram,
	.dtb_name = gta04_dtb_name,
	.button_gpio = gta04_button,
	/* The GTA04 DT's &charger { ti,bb-uvolt = <3200000>; ti,bb-uamp = <150>; } */
	.bb_uvolt = 3200000,
	.bb_uamp = 150,
	.display = &gta04_display,
	.fixup_fdt = NULL,
};
