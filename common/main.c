// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot's boot flow, steps 8-15: the SDRAM image's main, called by the
 * early image (common/early.c, steps 1-7) with what that found. Each step
 * names what it does; the how is in common/, lib/ and drivers/.
 */
#include <stdint.h>

#include "arch/arm/cold.h"
#include "arch/arm/omap3/periph.h"
#include "arch/arm/omap3/soc.h"
#include "common/autoboot.h"
#include "common/banner.h"
#include "common/bbcharge.h"
#include "common/charge.h"
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/display.h"
#include "common/envstore.h"
#include "common/handoff.h"
#include "common/storage.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/printf.h"

/* The console's buffer once SDRAM works: more than the boot prints. */
#define CONSOLE_RING 0x4000u

static enum boot_media boot_media(uint8_t dev)
{
	switch (dev) {
	case BOOTDEV_MMC1: case BOOTDEV_MMC2: case BOOTDEV_MMC2_2: return BOOT_MEDIA_SD;
	case BOOTDEV_NAND: return BOOT_MEDIA_NAND;
	case BOOTDEV_USB: return BOOT_MEDIA_USB;
	default: return BOOT_MEDIA_OTHER;
	}
}

static void print_boot_source(const struct omap3_boot *boot)
{
	printf("Boot: %s ", omap3_bootdev_name(boot->device));
	if (boot->from_rom)
		printf("(ROM)\n");
	else
		printf("(SYS_BOOT 0x%02x)\n", boot->sys_boot);
}

/* Step 7 ends here with the banner. */
void main_late(const struct handoff *h)
{
	static char soc_es[8];

	/* Now nothing printed before the kernel load waits for the UART. */
	console_use_ring(scratch_alloc(CONSOLE_RING), CONSOLE_RING);
	sys.boot_media = boot_media(h->boot.device);
	omap3_periph_init(&h->chip, &h->clocks);
	sys.soc_part = omap3_chip_name(&h->chip, soc_es);
	sys.soc_es = soc_es;
	sys.board_rev = board.revision ? board.revision() : BOARD_REV_UNKNOWN;
	banner_print(h->wdt_err, h->clk_err);
	print_boot_source(&h->boot);
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
	/* The main battery (docs/power.md): charging on; below the boot
	 *    threshold with a charger, charge first; without one, power off.
	 *    After the scan, so that /uEnv.txt can set the policy. */
	charge_boot_policy();
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
	/* 15. Prompt: nothing booted, or the user asked. The commands'
	 *    code is unpacked as they first run (arch/arm/cold.c); none of
	 *    them may write gtaboot's own area (common/memcheck.c), where
	 *    the packed rest waits. */
	cli_loop();
}
