// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The BeagleBoard (OMAP3530; the xM has a DM3730), all of it: pads,
 * revision straps, the memory packages by NAND ID, DT names, the USER
 * button, the status LEDs and the environment's place and defaults (as
 * U-Boot's Beagle board has them: docs/references.md, "Beagle memory
 * packages"). Both images list this file; each keeps what it uses
 * (docs/design.md "Two images").
 */
#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "lib/bitops.h"

/* The revision numbers: the index of the straps (omap3_read_rev_straps). */
enum { REV_XM_AB = 0, REV_XM_C = 2, REV_C4 = 5, REV_C123 = 6, REV_AXBX = 7 };

/* The banner's name, which both struct board_early and struct board give. */
static const char beagle_name[] = "BeagleBoard";

/* UART3, I2C1 and MMC1 are set by arch/arm/omap3/mux.c. */
static const struct pad beagle_pads[] = {
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
 * The memory packages by the NAND ID on GPMC CS0, as U-Boot's Beagle
 * board tells them apart (docs/references.md, "Beagle memory packages");
 * the cycle counts are U-Boot's sets of the same names ("SDRAM timing
 * sets"). gtaboot runs L3 at 166 MHz on the OMAP3530 and 200 MHz
 * on the xM's DM3730 (arch/arm/omap3/clocks.c).
 */

/* Micron 2 x 128 MiB (C4 and earlier, NAND ID 2C BA): MICRON_*_165,
 * 13 rows x 10 columns, proven at L3 166 MHz (OMAP3530). */
static const struct sdram_config micron_2x128 = {
	.part = BOARD_STR("Micron 2 x 128 MiB"),
	.l3_max_hz = 166000000,
	.refresh_ns = 7800,
	.sharing = 0x00000100,
	.cs = {
		{ 0x02584099, 0xAA9DB4C6, 0x00011517, 0x32, 0 },
		{ 0x02584099, 0xAA9DB4C6, 0x00011517, 0x32, 0 },
	},
};

/* Micron 2 x 256 MiB (C5, NAND ID 2C BC; the xM's package without NAND):
 * MICRON_*_200, 14 rows x 10 columns, proven at L3 200 MHz (the xM's
 * DM3730; on the OMAP3530 it runs slower still). The refresh count is
 * not U-Boot's 200 MHz one, which the 3530's 166 MHz L3 would stretch to
 * 9.4 us: arch/arm/omap3/sdrc.c computes it for the L3 programmed. */
static const struct sdram_config micron_2x256 = {
	.part = BOARD_STR("Micron 2 x 256 MiB"),
	.l3_max_hz = 200000000,
	.refresh_ns = 7800,
	.sharing = 0x00000100,
	.cs = {
		{ 0x03588099, 0x7AE1B4C6, 0x00024217, 0x32, 0 },
		{ 0x03588099, 0x7AE1B4C6, 0x00024217, 0x32, 0 },
	},
};

/* Numonyx 2 x 512 MiB (NAND ID 20 BA): NUMONYX_*_165, 15 rows x 10
 * columns, proven at L3 166 MHz. */
static const struct sdram_config numonyx_2x512 = {
	.part = BOARD_STR("Numonyx 2 x 512 MiB"),
	.l3_max_hz = 166000000,
	.refresh_ns = 7800,
	.sharing = 0x00000100,
	.cs = {
		{ 0x04590099, 0xC29DC4C6, 0x00022322, 0x32, 0 },
		{ 0x04590099, 0xC29DC4C6, 0x00022322, 0x32, 0 },
	},
};

static const struct mem_part beagle_mem[] = {
	{ 0x2C, 0xBA, MEM_FLASH_NAND, &micron_2x128 },
	{ 0x2C, 0xBC, MEM_FLASH_NAND, &micron_2x256 },
	{ 0x20, 0xBA, MEM_FLASH_NAND, &numonyx_2x512 },
};

/* Neither NAND nor OneNAND answers: the xM, whose package is DDR only. */
static const struct mem_part beagle_xm = { 0, 0, MEM_FLASH_NONE, &micron_2x256 };
static const struct mem_part beagle_unknown = { 0, 0, MEM_FLASH_NAND, &omap3_sdram_safest };

/*
 * Linux's names: the xM A/B has its own tree (USB hub power of the other
 * polarity). The Ax/Bx straps cannot tell a B4 (omap3-beagle-ab4.dtb) from
 * a B5..B7, so they get omap3-beagle.dtb, as Linux's own default.
 */
/* USER: gpio_7 on the Beagle, gpio_4 on the xM (its sys_boot wiring). */
static bool beagle_button_held(unsigned rev)
{
	return omap3_gpio_input(rev == REV_XM_C || rev == REV_XM_AB ? 4 : 7) == 1;
}

static const char *beagle_dtb_name(unsigned rev, enum mem_flash flash)
{
	(void)flash;   /* one tree per board, whatever its package */
	switch (rev) {
	case REV_XM_AB:	return "omap3-beagle-xm-ab.dtb";
	case REV_XM_C:	return "omap3-beagle-xm.dtb";
	default:	return "omap3-beagle.dtb";
	}
}

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
const struct board_touch *const touch_screen = 0;    /* none */
/* ---- end of status LEDs ---- */

/* ---- environment ----
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

const struct board_env board_env = {
	.name = "beagle",
	.linux_console = BOARD_UART3_LINUX_CONSOLE,
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
/* ---- end of environment ---- */

const struct board_early board_early = {
	.name = beagle_name,
	.pads = beagle_pads,
	.npads = ARRAY_SIZE(beagle_pads),
	.mem_parts = beagle_mem,
	.nmem_parts = ARRAY_SIZE(beagle_mem),
	.mem_none = &beagle_xm,
	.mem_unknown = &beagle_unknown,
};

const struct board board = {
	.name = beagle_name,
	.revision = beagle_revision,
	.rev_name = beagle_rev_name,
	.dtb_name = beagle_dtb_name,
	.stdout_path = BOARD_UART3_STDOUT_PATH,
	.nand_kernel_off = BOARD_NAND_KERNEL_OFF,
	.nand_kernel_size = BOARD_NAND_KERNEL_SIZE,
	.button_held = beagle_button_held,
	.bb_uvolt = 0,
	.bb_uamp = 0,
	.fixup_fdt = NULL,
};
