// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot's boot flow, steps 1-7: the early image, what the ROM reads
 * (arch/arm/early.ld). It brings up the SoC, the console and SDRAM, reads
 * the rest of the MLO and hands over to the SDRAM image, whose main
 * (common/main.c) goes on with step 8. Each step names what it does; the
 * how is in arch/arm/omap3, board/ and drivers/.
 */
#include <stdint.h>

#include "arch/arm/cold.h"
#include "arch/arm/cpu.h"
#include "arch/arm/mmu.h"
#include "arch/arm/omap3/memid.h"
#include "arch/arm/omap3/mlo_rest.h"
#include "arch/arm/omap3/sdrc.h"
#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "common/console.h"
#include "common/handoff.h"
#include "common/sysinfo.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/printf.h"

/* The SDRAM stack for the SDRAM image (deep FAT/libfdt/console paths). */
#define LATE_STACK 0x10000u

/* The end of this image, where the late part goes (early.ld). */
extern char __early_end[];

static struct handoff found;

void boot_give_up(const char *why)
{
	printf("gtaboot: %s; resetting in 10 s\n", why);
	mdelay(10000);
	cpu_reset();
}

int main(const uint8_t *rom_bootinfo)
{
	const struct console_dev *con;
	cold_main_fn *sdram_main;
	uint32_t top;
	int err;

	/* 1. SoC: chip ID, sys_clk, time base, watchdog off. */
	found.wdt_err = omap3_early_init(&found.chip);
	/* 2. Clocks: DPLL1 (MPU), DPLL3 (CORE/L3/L4), DPLL4 (96/48 MHz). */
	found.clk_err = omap3_clocks_init(&found.chip, &found.clocks);
	sys.mpu_hz = found.clocks.mpu_hz;
	sys.l3_hz = found.clocks.l3_hz;
	/* 3. Pads: UART3, I2C1 and MMC1, then the board table. */
	omap3_pads_init(board_early.pads, board_early.npads);
	/* 4. Console: UART3, only now that its 48 MHz clock is right. */
	con = omap3_console_init(&found.clocks);
	if (con)
		console_init(con);
	/* 5. Boot device: where the ROM found us. The board's
	 *    revision is the SDRAM image's (main_late): nothing before
	 *    SDRAM needs it. */
	omap3_boot_info(rom_bootinfo, &found.boot);
	/* When the rest of this MLO is on the SD card: MMC1 up and the card's
	 * power-up (ACMD41) started, to run while SDRAM is set up. */
	mlo_rest_begin(found.boot.device);
	/* 6. SDRAM: program the SDRC, size each chip select. The banner and
	 *    what was found are printed by the SDRAM image (main_late,
	 *    common/banner.c), whose code the ROM does not read. */
	err = omap3_sdram_init(omap3_mem_identify(board_early.mem_parts, board_early.nmem_parts,
						  board_early.mem_none, board_early.mem_unknown, &sys.mem)->sdram,
			       found.clocks.l3_hz, &sys.dram);
	if (err) {
		/* the SDRAM image, which prints the banner, never runs: who
		 * we are and the set used, in one line from here */
		printf("\ngtaboot %s for %s: memory %s\n", GTABOOT_VERSION, board_early.name,
		       sys.mem.part->sdram->part);
		printf("DRAM: initialisation failed (%s)\n", errname(err));
		/* the SDRAM image will not run: say here which set and bit */
		omap3_sdram_explain(sys.mem.part->sdram, &sys.dram);
		boot_give_up("no working SDRAM: nothing can be loaded");
	}
	/* gtaboot's area at the top of the contiguous RAM (memmap.h): the
	 *    SDRAM image's window, then the buffers; the low RAM stays free
	 *    for what users load, as under U-Boot. */
	top = sys_ram_end();
	sys.area_start = top - GTABOOT_AREA;
	sys.scratch_end = top;
	sys.scratch_start = sys.scratch_next = top - SCRATCH_SIZE;
	/* 7. SDRAM image: caches on while loading (performance; linux.S
	 *    turns them off). The SDRAM image only ever runs with the MMU
	 *    on, at COLD_BASE, which the MMU shows on the area's first MiB.
	 *    The rest of this MLO (the ROM loaded only this image), its late
	 *    part behind this image, which unpacks the rest into SDRAM;
	 *    then its main, on a stack in SDRAM. */
	omap3_l2_prepare();
	mmu_enable(scratch_alloc(MMU_AREA_SIZE), sys.dram.base[0], top, sys.area_start);
	const uint8_t *packed = mlo_rest_load(found.boot.device, sys.mem.flash == MEM_FLASH_NAND);

	if (!packed)
		boot_give_up("the rest of this MLO cannot be read: write MLO again");
	sdram_main = ((cold_enter_fn *)(uintptr_t)__early_end)(packed);
	if (!sdram_main)
		boot_give_up("the packed part of this MLO is damaged: write MLO again");
	run_on_stack(sdram_main, &found, (uintptr_t)scratch_alloc(LATE_STACK) + LATE_STACK);
}
