// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The GTA04's data that only the SDRAM part reads (the Makefile places
 * *_cold.c there): the environment's place in NAND and its board data,
 * the status LEDs. board/gta04.c has the rest.
 */
#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "lib/bitops.h"

/*
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
