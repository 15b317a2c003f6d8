// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot's boot flow, in order. Each step names what it does; the how is
 * in arch/arm/omap3, board/ and drivers/.
 */
#include <stdint.h>

#include "arch/arm/cold.h"
#include "arch/arm/cpu.h"
#include "arch/arm/mmu.h"
#include "arch/arm/platform.h"
#include "arch/arm/omap3/memid.h"
#include "arch/arm/omap3/mlo_flash.h"
#include "arch/arm/omap3/mlo_rest.h"
#include "arch/arm/omap3/periph.h"
#include "arch/arm/omap3/soc.h"
#include "arch/arm/omap3/storage.h"
#include "board/board.h"
#include "common/autoboot.h"
#include "common/banner.h"
#include "common/bbcharge.h"
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/display.h"
#include "common/envstore.h"
#include "common/storage.h"
#include "common/sys.h"
#include "common/vars.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/printf.h"

/* The SDRAM stack for the cold part (deep FAT/libfdt/console paths). */
#define LATE_STACK 0x10000u
/* The console's buffer once SDRAM works: more than the boot prints. */
#define CONSOLE_RING 0x4000u

/* What the early part found out, printed once the cold part runs. The
 * SoC's own structures stay here, the one file of common/ that knows the
 * SoC; the rest of common/ sees what struct sysinfo says of them. */
static int wdt_err, clk_err;
static struct omap3_chip chip;
static struct omap3_clocks clocks;
static struct omap3_boot boot;

COLD_FN(boot_media) static enum boot_media boot_media(uint8_t dev)
{
	switch (dev) {
	case BOOTDEV_MMC1: case BOOTDEV_MMC2: case BOOTDEV_MMC2_2: return BOOT_MEDIA_SD;
	case BOOTDEV_NAND: return BOOT_MEDIA_NAND;
	case BOOTDEV_USB: return BOOT_MEDIA_USB;
	default: return BOOT_MEDIA_OTHER;
	}
}

COLD_FN(print_boot_source) static void print_boot_source(void)
{
	printf("Boot: %s ", omap3_bootdev_name(boot.device));
	if (boot.from_rom)
		printf("(ROM)\n");
	else
		printf("(SYS_BOOT 0x%02x)\n", boot.sys_boot);
}

/* When the boot cannot go on (no SDRAM to load into, an MLO damaged):
 * say so, give the user time to read it, and reset. */
static void __attribute__((noreturn)) give_up(const char *why)
{
	printf("gtaboot: %s; resetting in 10 s\n", why);
	mdelay(10000);
	cpu_reset();
}

/* Steps 8-15, and the end of 7: below main(), in SDRAM. */
static void main_late(void);

int main(const uint8_t *rom_bootinfo)
{
	const struct console_dev *con;
	uint32_t top;
	int err;

	sys.board_rev = BOARD_REV_UNKNOWN;
	/* 1. SoC: chip ID, sys_clk, time base, watchdog off. */
	wdt_err = omap3_early_init(&chip);
	/* 2. Clocks: DPLL1 (MPU), DPLL3 (CORE/L3/L4), DPLL4 (96/48 MHz). */
	clk_err = omap3_clocks_init(&chip, &clocks);
	sys.soc_part = chip.part;
	sys.soc_es = chip.es;
	sys.mpu_hz = clocks.mpu_hz;
	sys.l3_hz = clocks.l3_hz;
	/* 3. Pads: UART3, I2C1 and MMC1, then the board table. */
	omap3_pads_init(board.pads, board.npads);
	/* 4. Console: UART3, only now that its 48 MHz clock is right. */
	con = omap3_console_init(&clocks);
	if (con)
		console_init(con);
	/* 5. Board and boot device: the revision, where the ROM found us. */
	if (board.revision)
		sys.board_rev = board.revision();
	omap3_boot_info(rom_bootinfo, &boot);
	/* When the rest of this MLO is on the SD card: MMC1 up and the card's
	 * power-up (ACMD41) started, to run while SDRAM is set up. */
	mlo_rest_begin(boot.device);
	/* 6. SDRAM: program the SDRC, size each chip select. The banner and
	 *    what was found are printed by the cold part (main_late,
	 *    common/banner.c), whose code the ROM does not read. */
	err = omap3_sdram_init(omap3_mem_identify(board.mem_parts, board.nmem_parts,
						  board.mem_none, board.mem_unknown, &sys.mem)->sdram,
			       clocks.l3_hz, &sys.dram);
	if (err) {
		/* the cold part, which prints the banner, never runs: who we
		 * are and the set used, in one line from here */
		printf("\ngtaboot %s for %s: memory %s\n", GTABOOT_VERSION, board.name,
		       sys.mem.part->sdram->part);
		printf("DRAM: initialisation failed (%s)\n", errname(err));
		/* the cold part will not run: say here which set and bit */
		omap3_sdram_explain(sys.mem.part->sdram, &sys.dram);
		give_up("no working SDRAM: nothing can be loaded");
	}
	/* gtaboot's area at the top of the contiguous RAM (memmap.h): the
	 *    cold part's window, then the buffers; the low RAM stays free
	 *    for what users load, as under U-Boot. */
	top = sys_ram_end();
	sys.area_start = top - GTABOOT_AREA;
	sys.scratch_end = top;
	sys.scratch_start = sys.scratch_next = top - SCRATCH_SIZE;
	/* 7. SDRAM part: caches on while loading (performance; linux.S
	 *    turns them off). The cold part only ever runs with the MMU on,
	 *    at COLD_BASE, which the MMU shows on the area's first MiB. */
	omap3_l2_prepare();
	mmu_enable(scratch_alloc(MMU_AREA_SIZE), sys.dram.base[0], top, sys.area_start);
	/* The rest of this MLO (the ROM loaded only the early part), then
	 * the cold part unpacked into SDRAM; then leave the small SRAM stack
	 * for one in SDRAM. */
	const uint8_t *packed = mlo_rest_load(boot.device, sys.mem.flash == MEM_FLASH_NAND);

	if (!packed)
		give_up("the rest of this MLO cannot be read: write MLO again");
	if (cold_load(packed))
		give_up("the packed part of this MLO is damaged: write MLO again");
	/* Now nothing printed before the kernel load waits for the UART. */
	console_use_ring(scratch_alloc(CONSOLE_RING), CONSOLE_RING);
	run_on_stack(main_late, (uintptr_t)scratch_alloc(LATE_STACK) + LATE_STACK);
	return 0;
}

/* Everything from here on runs from SDRAM (arch/arm/cold.c). Step 7 ends
 * here with the banner. */
COLD_FN(main_late) static void main_late(void)
{
	sys.boot_media = boot_media(boot.device);
	omap3_periph_init(&chip, &clocks);
	banner_print(wdt_err, clk_err);
	print_boot_source();
	vars_init();
	/* 8. Storage: TWL4030 (I2C1): VMMC1; MMC1 and the SD card. Then the
	 *    backup-battery charger at the board's values, and the stored
	 *    environment over the defaults (NAND after a NAND boot, else the
	 *    card), before /uEnv.txt (common/boot_entries.c), which still
	 *    adds and overrides. */
	display_prepare();
	storage_init();
	bbcharge_board(storage_twl());
	envstore_load(&sysenv);
	/* Booted by the ROM over USB with no card: someone is un-bricking
	 * this board from a PC, so bootcmd serves its NAND over DFU
	 * (`unbrick`, docs/usb.md) rather than a boot scan that finds
	 * nothing; a stored bootcmd would be the bricked system's. */
	if (sys.boot_media == BOOT_MEDIA_USB && !storage_mmc1())
		vars_unbrick();
	vars_runtime();
	/* 9. Boot scan: the boot partition's uEnv.txt and extlinux.conf. */
	boot_scan();
	/* The screen, unless /uEnv.txt says video=off (common/display.c). */
	display_start();
	/* 10. Countdown: unless a key or AUX stops it,
	 * 11. bootcmd: the distro scan and the fallback chain (common/distro.c,
	 *     boot.c), for each entry
	 * 12. Loading: DTB, initrd and kernel,
	 * 13. DTB fix-ups,
	 * 14. Hand-off. */
	if (autoboot_countdown(boot_delay_ms()) == 0) {
		boot_autoboot();
		menu_after_failure();
	}
	/* 15. Prompt: nothing booted, or the user asked. All of the cold
	 *    part is unpacked first (the boot needed only its first stream,
	 *    arch/arm/cold.c), before a command can write anywhere. */
	static const char overwritten[] __attribute__((section(".cold.rodata.overwritten"))) =
		"the rest of this MLO was overwritten in RAM since the boot";

	if (cold_load_rest())
		give_up(overwritten);
	cli_loop();
}
