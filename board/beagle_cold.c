// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The BeagleBoard's data that only the SDRAM part reads (the Makefile places
 * *_cold.c there): the environment's place in NAND and its board data,
 * the status LEDs. board/beagle.c has the rest.
 */
#include "arch/arm/omap3/soc.h"
#include "board/beagle.h"
#include "board/board.h"
#include "lib/bitops.h"

/* U-Boot's beaglerev values (its board/ti/beagle/beagle.c misc_init_r, as
 * Debian's u-boot.img prints them: "Beagle Rev C4" sets "C4"); findfdt
 * tests them. */
static const char *beagle_uboot_rev(unsigned rev)
{
	switch (rev) {
	case REV_AXBX:	return "AxBx";
	case REV_C123:	return "Cx";
	case REV_C4:	return "C4";
	case REV_XM_AB:	return "xMAB";
	case REV_XM_C:	return "xMC";
	default:	return "unknown";
	}
}

/*
 * Debian's U-Boot for the Beagle keeps one 128 KiB copy at 0x260000
 * (in NAND, 0x20000 bytes in a 0x20000 range, no redundant copy;
 * docs/references.md, "Beagle environment in NAND"), right before the
 * kernel at 0x280000. The second copy takes the block before it, the end
 * of U-Boot's 0x80000-0x260000 area, which Debian's u-boot.img (about
 * 750 KB from 0x80000) leaves unused.
 */
static const struct board_env_nand board_env_nand = {
	.off = { 0x260000, 0x240000 },
	.size = 0x20000,
	.range = 0x20000,
	/* Debian's own copy: CONFIG_ENV_OFFSET 0x260000, CONFIG_ENV_SIZE
	 * 0x20000, no CONFIG_ENV_OFFSET_REDUND (its u-boot.img: "Loading
	 * Environment from NAND...", no "redundant") */
	.single_off = 0x260000,
	.single_size = 0x20000,
};

/* ---- status LEDs ----
 * USR0 on gpio_150 (uart1_cts pad 0x180) and USR1 on gpio_149
 * (uart1_rts pad 0x17E), high = lit, on the Beagle and the xM alike
 * (Linux's Beagle and xM device trees: gpio5 22 and 21; U-Boot's Beagle
 * pad mux: GPIO_149/150 in mode 4; docs/references.md, "Status LEDs").
 * Letux's Beagle drives expansion-board LEDs on DSS pins instead (the plain
 * Beagle's DVI data lines), so the mapping is gtaboot's: USR0 shows the
 * red bits (0 AUX, 3 power), USR1 the green ones (1, 4), so that Letux's
 * 8 (started), 18 (loading) and 10 (loaded) stay three patterns.
 */
static const struct board_led status_beagle_leds[] = {
	/* Linux's omap3-beagle.dts labels (U-Boot's led command uses them) */
	{ BIT(0) | BIT(3), 150, "beagleboard::usr0" }, { BIT(1) | BIT(4), 149, "beagleboard::usr1" },
};

static const struct pad status_beagle_pads[] = {
	{ 0x180, PAD_OUT | PAD_MODE(4) },
	{ 0x17E, PAD_OUT | PAD_MODE(4) },
};

static const struct board_status_leds status_beagle = {
	.leds = status_beagle_leds, .nleds = ARRAY_SIZE(status_beagle_leds),
	.pads = status_beagle_pads, .npads = ARRAY_SIZE(status_beagle_pads),
};

const struct board_status_leds *const status_leds = &status_beagle;

const struct board_env board_env = {
	.name = "beagle",
	.nand = &board_env_nand,
	.usb_manufacturer = "BeagleBoard.org",
	/* U-Boot's omap3_beagle mtdparts and Linux's omap3-beagle.dts
	 * partitions (docs/references.md, "Beagle NAND layout") */
	.dfu_alt_nand = "MLO raw 0x0 0x80000;u-boot raw 0x80000 0x1e0000;"
			"u-boot-env raw 0x260000 0x20000;kernel raw 0x280000 0x400000",
	/* Letux's Beagle builds share the GTA04's NAND map and boot script;
	 * at 0x1b0000 Debian's U-Boot has code, which is no script header.
	 * The root: U-Boot's omap3_beagle nandroot, mtd4 again. */
	.nand_script_off = 0x1b0000,
	.nand_root = "root=ubi0:rootfs rootfstype=ubifs ubi.mtd=4",
	.vendor = "ti",
	.rev_var = "beaglerev",
	.rev_value = beagle_uboot_rev,
	/* Debian's omap3_beagle default environment, word for word */
	.findfdt = "if test $beaglerev = AxBx; then setenv fdtfile omap3-beagle.dtb; fi; "
		   "if test $beaglerev = Cx; then setenv fdtfile omap3-beagle.dtb; fi; "
		   "if test $beaglerev = C4; then setenv fdtfile omap3-beagle.dtb; fi; "
		   "if test $beaglerev = xMAB; then setenv fdtfile omap3-beagle-xm-ab.dtb; fi; "
		   "if test $beaglerev = xMC; then setenv fdtfile omap3-beagle-xm.dtb; fi; "
		   "if test $fdtfile = undefined; then "
		   "echo WARNING: Could not determine device tree to use; fi",
	/* Debian's omap3_beagle U-Boot's defaults (its `mtdparts` output) */
	.mtdids = "nand0=omap2-nand.0",
	.mtdparts = "mtdparts=omap2-nand.0:512k(spl),1920k(u-boot),128k(u-boot-env),128k(dtb),"
		    "6m(kernel),-(rootfs)",
};
