// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Goldelico GTA04 (DM3730 + TWL4030/TPS65950), all of it: pads,
 * revision straps, the memory packages by NAND ID, DT names, the AUX
 * button, the display, backup-battery charger values, the status LEDs and
 * the environment's place and defaults (as Letux's U-Boot for the GTA04
 * has them: docs/references.md, "GTA04 memory packages"). Both images list
 * this file; each keeps what it uses (docs/design.md "Two images").
 */
#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "lib/bitops.h"

/* The banner's name, which both struct board_early and struct board give. */
static const char gta04_name[] = "GTA04";

/* UART3, I2C1 and MMC1 are set by arch/arm/omap3/mux.c. */
static const struct pad gta04_pads[] = {
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
	static const char names[][3] = {
		"A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9",
	};

	return rev >= 2 && rev <= 9 ? names[rev - 2] : "unknown";
}

/*
 * The memory packages, by the NAND ID the loaders that boot real GTA04s
 * read on GPMC CS0 before the SDRC is set up (the GTA04 X-Loader and
 * Letux's U-Boot: docs/references.md, "GTA04 memory packages").
 * Register values are built from the cycle counts of the U-Boot timing
 * set named with each package ("SDRAM timing sets" there). gtaboot runs
 * the DM3730's L3 at 200 MHz (arch/arm/omap3/clocks.c).
 */

/* Micron NAND + 2 x 256 MiB DDR (A3, A4; NAND ID 2C BC, also 2C B3): the
 * X-Loader's MICRON_MCP set, MICRON_*_200 cycles, 14 rows x 10 columns,
 * row-bank-column. Proven at L3 200 MHz (the GTA04's DM3730). */
static const struct sdram_config micron_2x256 = {
	.part = BOARD_STR("Micron 2 x 256 MiB"),
	.l3_max_hz = 200000000,
	.refresh_ns = 7800,
	.sharing = 0x00000100,
	.cs = {
		{ 0x03588099, SDRC_ACTIM_A(15, 11, 8, 3, 3, 2, 3, 6),
		  SDRC_ACTIM_B(2, 4, 2, 23), 0x32, 0 },
		{ 0x03588099, SDRC_ACTIM_A(15, 11, 8, 3, 3, 2, 3, 6),
		  SDRC_ACTIM_B(2, 4, 2, 23), 0x32, 0 },
	},
};

/*
 * Samsung OneNAND + 2 x 512 MiB DDR (A5 and later; no NAND answers): the
 * Letux SPL's "working set of parameters for the SAMSUNG_MCP on GTA04A5":
 * 14 rows x 11 columns, bank-row-column (no BANKALLOCATION bits), x32,
 * deep power-down, refresh every 0x4E2 cycles at 200 MHz (6.5 us, kept:
 * more often than the 7.8 us tREFI). Letux runs NUMONYX_*_165
 * cycle counts at the DM3730's L3 of 200 MHz; gtaboot uses NUMONYX_*_200
 * (U-Boot's set for the same 4 Gbit mobile-DDR generation at 200 MHz),
 * which is equal or longer in every field (tRFC 28 >= 24, tRC 11 >= 10,
 * tRAS 8 >= 7, tXSR 40 >= 34, the rest equal): never faster than the
 * proven set, and within the 4 Gbit minimums (tRFC 140, tRC 55, tRAS 40 ns)
 * at 200 MHz, which the Letux counts are not.
 */
static const struct sdram_config samsung_2x512 = {
	.part = BOARD_STR("Samsung OneNAND MCP 2 x 512 MiB"),
	.l3_max_hz = 200000000,
	.refresh_ns = 6500,
	.sharing = 0x00000100,
	.cs = {
		{ 0x03690019, SDRC_ACTIM_A(28, 11, 8, 3, 4, 2, 3, 6),
		  SDRC_ACTIM_B(2, 2, 3, 40), 0x32, 0 },
		{ 0x03690019, SDRC_ACTIM_A(28, 11, 8, 3, 4, 2, 3, 6),
		  SDRC_ACTIM_B(2, 2, 3, 40), 0x32, 0 },
	},
};

/* Numonyx NAND + 2 x 512 MiB DDR (NAND ID 20 BA; the X-Loader says it
 * "should not have been installed on GTA04" but handles it): NUMONYX_*_200,
 * 15 rows x 10 columns, row-bank-column, proven at L3 200 MHz (IGEP v2). */
static const struct sdram_config numonyx_2x512 = {
	.part = BOARD_STR("Numonyx 2 x 512 MiB"),
	.l3_max_hz = 200000000,
	.refresh_ns = 7800,
	.sharing = 0x00000100,
	.cs = {
		{ 0x04590099, SDRC_ACTIM_A(28, 11, 8, 3, 4, 2, 3, 6),
		  SDRC_ACTIM_B(2, 2, 3, 40), 0x32, 0 },
		{ 0x04590099, SDRC_ACTIM_A(28, 11, 8, 3, 4, 2, 3, 6),
		  SDRC_ACTIM_B(2, 2, 3, 40), 0x32, 0 },
	},
};

static const struct mem_part gta04_mem[] = {
	/* The A5's Samsung OneNAND (4 Gbit, multiplexed, 1.8 V: device ID
	 * 0x0050 in the OneNAND ID register layout, docs/references.md),
	 * found by its ID registers, not by NAND silence. */
	{ 0xEC, 0x0050, MEM_FLASH_ONENAND, &samsung_2x512 },
	{ 0x2C, 0xBC, MEM_FLASH_NAND, &micron_2x256 },
	{ 0x2C, 0xB3, MEM_FLASH_NAND, &micron_2x256 },
	{ 0x20, 0xBA, MEM_FLASH_NAND, &numonyx_2x512 },
};

/* Neither a NAND nor a OneNAND answered: whatever the package is, the
 * safest set (the banner says so). */
static const struct mem_part gta04_silent = { 0, 0, MEM_FLASH_NONE, &omap3_sdram_safest };
/* An ID nobody listed (NAND or OneNAND: struct mem_found's flash says which). */
static const struct mem_part gta04_unknown = { 0, 0, MEM_FLASH_NAND, &omap3_sdram_safest };

/* The kernel's a5one tree replaces the NAND node by the OneNAND one. */
static const char *gta04_dtb_name(unsigned rev, enum mem_flash flash)
{
	bool onenand = flash == MEM_FLASH_ONENAND;

	switch (rev) {
	case 3:	return "omap3-gta04a3.dtb";
	case 4:	return "omap3-gta04a4.dtb";
	default: return onenand ? "omap3-gta04a5one.dtb" : "omap3-gta04a5.dtb";
	}
}

/* AUX, active high, on gpio_7 (it also drives sys_boot5). */
static bool gta04_button_held(unsigned rev)
{
	return omap3_gpio_input(7) == 1;
}

/* ---- display ----
 * The TPO TD028TTEC1 480x640 panel on the DSS's 24-bit LCD output; its
 * controller on bit-banged SPI: SCK gpio_12, CS gpio_19, MOSI gpio_20
 * (MISO gpio_18 is not read), at most 100 kHz, SPI mode 3; the backlight
 * enable on gpio_57 (the GTA04's Linux device tree; Letux's U-Boot drives
 * gpio_57 as a plain on/off GPIO). Mode from Linux's TD028TTEC1 panel
 * driver (docs/references.md, "GTA04 display").
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
		/* Letux's U-Boot ("GTA04 display"): ONOFF, IPC, IHS, IVS set, RF clear */
		.flags = LCD_HSYNC_LOW | LCD_VSYNC_LOW | LCD_DATA_FALLING | LCD_SYNC_ON_EDGE,
		.data_lines = 24,
	},
	.width_mm = 43, .height_mm = 58,
	.spi = { .sck = 12, .mosi = 20, .cs = 19, .khz = 100 },
	.backlight_gpio = 57,
	.backlight_pwm_pad = 0x0BA,        /* gpmc_ncs6: gpt11_pwm_evt in mode 3 */
	/* the DM3730's vdds_dsi is the TWL4030's VPLL2, 1.8 V in all groups
	 * (docs/references.md, "VPLL2 (the GTA04's vdds_dsi)") */
	.vpll2_mv = 1800,
	/* dss_pclk, hsync, vsync, acbias, data0..23 */
	.dss_pad_first = 0x0D4, .dss_pad_last = 0x10A,
	.pads = gta04_display_pads,
	.npads = ARRAY_SIZE(gta04_display_pads),
};
/* ---- end of display ---- */

/* ---- status LEDs ----
 * A TCA6507 on I2C2 at 0x45 on every revision (the GTA04's Linux device
 * tree, common to A3/A4/A5, and Letux's U-Boot agree; docs/references.md,
 * "Status LEDs"): port 0 AUX red,
 * 1 AUX green, 3 power red, 4 power green (Linux's labels gta04:red:aux
 * ...); port 6 is the WLAN chip's reset, never touched. Letux's status
 * value bit n is port n. I2C2's pads in mode 0 with the pull-ups, as
 * Letux muxes them (i2c2_scl 0x1BE, i2c2_sda 0x1C0).
 */
static const struct board_led status_gta04_leds[] = {
	/* Linux's omap3-gta04.dtsi labels (U-Boot's led command uses them) */
	{ BIT(0), 0, "gta04:red:aux" }, { BIT(1), 1, "gta04:green:aux" },
	{ BIT(3), 3, "gta04:red:power" }, { BIT(4), 4, "gta04:green:power" },
};

static const struct pad status_gta04_pads[] = {
	{ 0x1BE, PAD_IN_PU | PAD_MODE(0) },
	{ 0x1C0, PAD_IN_PU | PAD_MODE(0) },
};

static const struct board_status_leds status_gta04 = {
	.i2c_bus = 2, .i2c_addr = 0x45,
	.leds = status_gta04_leds, .nleds = ARRAY_SIZE(status_gta04_leds),
	.pads = status_gta04_pads, .npads = ARRAY_SIZE(status_gta04_pads),
};

const struct board_status_leds *const status_leds = &status_gta04;

/* The touch screen's TSC2007 on I2C2 with the LEDs, every revision
 * (Linux's omap3-gta04.dtsi tsc2007@48 under &i2c2; Letux's
 * board/goldelico/letux-gta04/tsc2007.c TSC2007_BUS, TSC2007_ADDRESS). */
static const struct board_touch touch_gta04 = {
	.i2c_bus = 2, .i2c_addr = 0x48,
	.pads = status_gta04_pads, .npads = ARRAY_SIZE(status_gta04_pads),
};

const struct board_touch *const touch_screen = &touch_gta04;
/* ---- end of status LEDs ---- */

/* ---- environment ----
 * Letux U-Boot keeps its environment at 0x240000, in the 256 KiB the NAND
 * map of its GTA04 boot script reserves for saveenv (its configuration:
 * in NAND, at 0x240000, 256 KiB, one copy; docs/references.md, "GTA04
 * environment in NAND"), the kernel DT's
 * environment partition 0x240000 + 0x40000. gtaboot splits those two
 * 128 KiB blocks into U-Boot's redundant pair (one erase block per copy),
 * so that a power cut during saveenv leaves the other copy good.
 */
static const struct board_env_nand board_env_nand = {
	.off = { 0x240000, 0x260000 },
	.size = 0x20000,
	.range = 0x20000,
	/* Letux's own copy: all 256 KiB, one CRC */
	.single_off = 0x240000,
	.single_size = 0x40000,
};

/* The OneNAND A5's tree (Linux's omap3-gta04a5one.dtb) is the A5's with
 * the OneNAND instead of the NAND on GPMC CS0. Letux U-Boot names it by a
 * build option (CONFIG_ONENAND_BOOT appends "one" to fdtfile) and has no
 * fallback, so a /boot without it booted nothing; with the A5's tree the
 * board runs and only the flash is not found by Linux. */
static const char *const board_env_dtb_fallback[][2] = {
	{ "omap3-gta04a5one.dtb", "omap3-gta04a5.dtb" },
	{ NULL, NULL },
};

const struct board_env board_env = {
	.name = "gta04",
	.linux_console = BOARD_UART3_LINUX_CONSOLE,
	.nand = &board_env_nand,
	.dtb_fallback = board_env_dtb_fallback,
	.usb_manufacturer = "Goldelico",
	/* the NAND partitions of Letux and of Linux's omap3-gta04.dtsi
	 * (docs/references.md, "GTA04 NAND layout"); the MLO entry goes
	 * through `flash mlo` */
	.dfu_alt_nand = "MLO raw 0x0 0x80000;u-boot raw 0x80000 0x1c0000;"
			"u-boot-env raw 0x240000 0x40000;kernel raw 0x280000 0x600000",
	/* Letux's map (boot-gta04.txt): boot.scr at 0x1b0000, written with
	 * U-Boot; the UBIFS on mtd4, the partition after the kernel, named
	 * as the script's nandargs name it (docs/references.md, "Letux's NAND
	 * boot") */
	.nand_script_off = 0x1b0000,
	.nand_root = "root=ubi0:gta04-rootfs rootfstype=ubifs ubi.mtd=4",
	/* Letux's U-Boot tree: board/goldelico/gta04 */
	.vendor = "goldelico",
	/* Letux's U-Boot defaults (goldelico/letux-uboot
	 * include/configs/letux_beagle.h, which letux_gta04.h includes) */
	.mtdids = "nand0=nand",
	.mtdparts = "mtdparts=nand:512k(x-loader),1792k(u-boot),256k(u-boot-env),6m(kernel),-(fs)",
	.main_battery = true,
};
/* ---- end of environment ---- */

const struct board_early board_early = {
	.name = gta04_name,
	.pads = gta04_pads,
	.npads = ARRAY_SIZE(gta04_pads),
	.mem_parts = gta04_mem,
	.nmem_parts = ARRAY_SIZE(gta04_mem),
	.mem_none = &gta04_silent,
	.mem_unknown = &gta04_unknown,
};

const struct board board = {
	.name = gta04_name,
	.revision = gta04_revision,
	.rev_name = gta04_rev_name,
	.dtb_name = gta04_dtb_name,
	.stdout_path = BOARD_UART3_STDOUT_PATH,
	.nand_kernel_off = BOARD_NAND_KERNEL_OFF,
	.nand_kernel_size = BOARD_NAND_KERNEL_SIZE,
	.button_held = gta04_button_held,
	/* The GTA04 DT's &charger { ti,bb-uvolt = <3200000>; ti,bb-uamp = <150>; } */
	.bb_uvolt = 3200000,
	.bb_uamp = 150,
	.display = &gta04_display,
	.fixup_fdt = NULL,
};
