// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The BeagleBoard (OMAP3530; the xM has a DM3730): pads, revision straps,
 * the memory packages by NAND ID and the DT name (as U-Boot's Beagle board
 * has them: docs/references.md, "Beagle memory packages").
 */
#include "arch/arm/omap3/soc.h"
#include "board/beagle.h"
#include "board/board.h"
#include "lib/bitops.h"

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
	.part = "Micron 2 x 128 MiB",
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
	.part = "Micron 2 x 256 MiB",
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
	.part = "Numonyx 2 x 512 MiB",
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

const struct board board = {
	.name = "BeagleBoard",
	.pads = beagle_pads,
	.npads = ARRAY_SIZE(beagle_pads),
	.revision = beagle_revision,
	.rev_name = beagle_rev_name,
	.mem_parts = beagle_mem,
	.nmem_parts = ARRAY_SIZE(beagle_mem),
	.mem_none = &beagle_xm,
	.mem_unknown = &beagle_unknown,
	.dtb_name = beagle_dtb_name,
	.stdout_path = BOARD_UART3_STDOUT_PATH,
	.linux_console = BOARD_UART3_LINUX_CONSOLE,
	.nand_kernel_off = BOARD_NAND_KERNEL_OFF,
	.nand_kernel_size = BOARD_NAND_KERNEL_SIZE,
	.button_held = beagle_button_held,
	.bb_uvolt = 0,
	.bb_uamp = 0,
	.fixup_fdt = NULL,
};
