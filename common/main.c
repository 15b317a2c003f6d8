// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot's boot flow, in order. Each step names what it does; the how is
 * in arch/arm/omap3, board/ and drivers/.
 */
#include <stdint.h>

#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "common/console.h"
#include "lib/errno.h"
#include "lib/printf.h"

static struct omap3_chip chip;
static struct omap3_clocks clocks;
static struct omap3_boot boot;
static struct sdram_banks dram;
static unsigned board_rev = BOARD_REV_UNKNOWN;

static void print_size(uint32_t bytes)
{
	if (bytes >= (1u << 30) && !(bytes & ((1u << 30) - 1)))
		printf("%u GiB", (unsigned)(bytes >> 30));
	else
		printf("%u MiB", (unsigned)(bytes >> 20));
}

static void banner(void)
{
	printf("\n\ngtaboot %s (g%s) for %s %s\n", GTABOOT_VERSION, GTABOOT_GITREV,
	       board.name, board.rev_name ? board.rev_name(board_rev) : "");
	printf("SoC: %s ES%s, MPU %u MHz, L3 %u MHz\n", chip.part, chip.es,
	       (unsigned)(clocks.mpu_hz / 1000000), (unsigned)(clocks.l3_hz / 1000000));
}

static int sdram_setup(void)
{
	const struct sdram_config *cfg = board.sdram(board_rev);
	int ret = omap3_sdram_init(cfg, &dram);
	uint64_t total = (uint64_t)dram.size[0] + dram.size[1];

	printf("DRAM: ");
	for (int cs = 0; cs < 2; cs++) {
		printf("CS%d ", cs);
		if (dram.size[cs])
			print_size(dram.size[cs]);
		else
			printf("none");
		printf(", ");
	}
	printf("total ");
	print_size((uint32_t)(total > 0xFFFFFFFFu ? 0xFFFFFFFFu : total));
	printf(" (%s)\n", cfg->part);
	if (ret)
		printf("DRAM: initialisation failed (%s): no memory to load into\n",
		       errname(ret));
	return ret;
}

static void print_boot_source(void)
{
	printf("Boot: %s ", omap3_bootdev_name(boot.device));
	if (boot.from_rom)
		printf("(ROM)\n");
	else
		printf("(SYS_BOOT 0x%02x)\n", boot.sys_boot);
}

/* Until the boot flow and console commands exist: echo what is typed.
 * The watchdog is off, so idling here is safe. */
static void console_idle(void)
{
	printf("No boot flow yet; console echo only.\n> ");
	for (;;) {
		int c = console_getc_timeout(1000);

		if (c < 0)
			continue;
		if (c == '\r' || c == '\n')
			printf("\n> ");
		else
			console_putc((char)c);
	}
}

int main(const uint8_t *rom_bootinfo)
{
	const struct omap_uart *uart;
	int wdt_err, clk_err;

	/* 1. SoC: chip ID, sys_clk, time base, watchdog off. */
	wdt_err = omap3_early_init(&chip);
	/* 2. Clocks: DPLL1 (MPU), DPLL3 (CORE/L3/L4), DPLL4 (96/48 MHz). */
	clk_err = omap3_clocks_init(&chip, &clocks);
	/* 3. Pads from the board table. */
	omap3_pads_apply(board.pads, board.npads);
	/* 4. Console on UART3: only now is its 48 MHz clock right. */
	uart = omap3_console_init(&clocks);
	if (uart)
		console_init(uart);
	/* 5. Who we are: board revision, boot source, banner. */
	if (board.revision)
		board_rev = board.revision();
	omap3_boot_info(rom_bootinfo, &boot);
	banner();
	if (wdt_err)
		printf("warning: WDT2 did not stop (%s): expect a reset\n", errname(wdt_err));
	if (clk_err)
		printf("warning: a DPLL did not lock (%s)\n", errname(clk_err));
	/* 6. SDRAM: program the SDRC, size each chip select. */
	sdram_setup();
	print_boot_source();

	/* 7. Storage: TWL4030 (I2C1), VMMC1, MMC1 -- later issue. */
	/* 8. Boot entry: extlinux.conf or default names from board.dtb_name(). */
	/* 9. Load kernel, DTB, initrd into SDRAM. */
	/* 10. DTB fix-ups: memory from `dram`, /chosen, board.fixup_fdt(). */
	/* 11. Hand-off to Linux (arch/arm/linux.S). */
	/* Console commands replace this: */
	console_idle();
	return 0;
}
