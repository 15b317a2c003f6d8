// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot's boot flow, in order. Each step names what it does; the how is
 * in arch/arm/omap3, board/ and drivers/.
 */
#include <stdint.h>

#include "arch/arm/cold.h"
#include "arch/arm/cpu.h"
#include "arch/arm/mmu.h"
#include "arch/arm/omap3/soc.h"
#include "board/board.h"
#include "common/autoboot.h"
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/display.h"
#include "common/storage.h"
#include "common/sys.h"
#include "common/vars.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/printf.h"

/* gtaboot's SDRAM buffers sit at the top of the first bank's contiguous
 * RAM, away from the default load addresses low in RAM. */
#define SCRATCH_SIZE 0x100000u
/* The SDRAM stack for the cold part (deep FAT/libfdt/console paths). */
#define LATE_STACK 0x10000u

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
	       board.name, board.rev_name ? board.rev_name(sys.board_rev) : "");
	printf("SoC: %s ES%s, MPU %u MHz, L3 %u MHz\n", sys.chip.part, sys.chip.es,
	       (unsigned)(sys.clocks.mpu_hz / 1000000), (unsigned)(sys.clocks.l3_hz / 1000000));
}

/* How the memory package was found: the banner's "Memory:" line. */
static void print_mem_part(const struct mem_found *m)
{
	printf("Memory: %s (", m->part->sdram->part);
	if (m->how == MEM_NO_ANSWER)
		printf("no NAND answered on GPMC CS0: %s)\n",
		       m->part->flash == MEM_FLASH_ONENAND ? "OneNAND package" : "no NAND fitted");
	else
		printf("NAND ID %02x %02x on GPMC CS0%s)\n", m->mfr, m->dev,
		       m->how == MEM_UNKNOWN_ID ? ", not a known part: safest set" : "");
}

static int sdram_setup(void)
{
	const struct mem_part *mp = omap3_mem_identify(board.mem_parts, board.nmem_parts,
						       board.mem_none, board.mem_unknown);
	const struct sdram_config *cfg = mp->sdram;
	int ret = omap3_sdram_init(cfg, &sys.dram);
	uint64_t total = (uint64_t)sys.dram.size[0] + sys.dram.size[1];

	print_mem_part(&omap3_mem);
	if (sys.clocks.l3_hz > cfg->l3_max_hz)
		printf("warning: L3 %u MHz is faster than this set is proven at (%u MHz)\n",
		       (unsigned)(sys.clocks.l3_hz / 1000000), (unsigned)(cfg->l3_max_hz / 1000000));

	printf("DRAM: ");
	for (int cs = 0; cs < 2; cs++) {
		printf("CS%d ", cs);
		if (sys.dram.size[cs])
			print_size(sys.dram.size[cs]);
		else
			printf("none");
		printf(", ");
	}
	printf("total ");
	print_size((uint32_t)(total > 0xFFFFFFFFu ? 0xFFFFFFFFu : total));
	printf(" (%s)\n", cfg->part);
	for (int cs = 0; cs < 2; cs++)
		if (sys.dram.bad_bit[cs] >= 0)
			printf("DRAM: CS%d: address bit %d (a %s bit of MCFG 0x%08x) aliases: "
			       "this set's geometry is not the part's\n", cs, sys.dram.bad_bit[cs],
			       omap3_sdram_bit_field(cfg->cs[cs].mcfg, (unsigned)sys.dram.bad_bit[cs]),
			       (unsigned)cfg->cs[cs].mcfg);
	if (ret)
		printf("DRAM: initialisation failed (%s): no memory to load into\n",
		       errname(ret));
	return ret;
}

static void print_boot_source(void)
{
	printf("Boot: %s ", omap3_bootdev_name(sys.boot.device));
	if (sys.boot.from_rom)
		printf("(ROM)\n");
	else
		printf("(SYS_BOOT 0x%02x)\n", sys.boot.sys_boot);
}

/* Everything from here on runs from SDRAM (linker.ld, arch/arm/cold.c). */
static void main_late(void)
{
	print_boot_source();
	vars_init();
	/* 8. Storage: TWL4030 (I2C1): VMMC1 and the backup-battery charger;
	 *    MMC1 and the SD card. */
	display_prepare();
	storage_init();
	/* 9. Boot scan: the boot partition's uEnv.txt and extlinux.conf. */
	boot_scan();
	/* The screen, unless /uEnv.txt says video=off (common/display.c). */
	display_start();
	/* 10. Countdown; unless a key or AUX stops it, 11. the fallback chain
	 *    (common/boot.c), for each entry 12. load kernel, initrd and DTB,
	 *    13. patch the DTB, 14. hand over. */
	if (autoboot_countdown(boot_delay_ms()) == 0) {
		boot_default_chain();
		menu_after_failure();
	}
	/* 15. Nothing booted, or the user asked: the console. */
	cli_loop();
}

/* Without SDRAM there is nothing to load into and no console commands:
 * say so, give the user time to read it, and reset. */
static void __attribute__((noreturn)) give_up(const char *why)
{
	printf("gtaboot: %s; resetting in 10 s\n", why);
	mdelay(10000);
	cpu_reset();
}

int main(const uint8_t *rom_bootinfo)
{
	const struct omap_uart *uart;
	int wdt_err, clk_err;

	/* 1. SoC: chip ID, sys_clk, time base, watchdog off. */
	wdt_err = omap3_early_init(&sys.chip);
	/* 2. Clocks: DPLL1 (MPU), DPLL3 (CORE/L3/L4), DPLL4 (96/48 MHz). */
	clk_err = omap3_clocks_init(&sys.chip, &sys.clocks);
	/* 3. Pads from the board table. */
	omap3_pads_apply(board.pads, board.npads);
	/* 4. Console on UART3: only now is its 48 MHz clock right. */
	uart = omap3_console_init(&sys.clocks);
	if (uart)
		console_init(uart);
	/* 5. Who we are: board revision, boot source, banner. */
	if (board.revision)
		sys.board_rev = board.revision();
	omap3_boot_info(rom_bootinfo, &sys.boot);
	banner();
	if (wdt_err)
		printf("warning: WDT2 did not stop (%s): expect a reset\n", errname(wdt_err));
	if (clk_err)
		printf("warning: a DPLL did not lock (%s)\n", errname(clk_err));
	/* 6. SDRAM: program the SDRC, size each chip select. */
	if (sdram_setup() != 0)
		give_up("no working SDRAM: nothing can be loaded");
	sys.scratch_end = sys_ram_end();
	sys.scratch_start = sys.scratch_next = sys.scratch_end - SCRATCH_SIZE;
	/* 7. The SDRAM part. Caches on while loading (performance); linux.S
	 *    turns them off. The cold part only ever runs with the MMU on. */
	omap3_l2_prepare();
	mmu_enable(scratch_alloc(MMU_AREA_SIZE), sys.dram.base[0], sys_ram_end());
	/*    The rest of gtaboot, packed behind this part, into SDRAM; then
	 *    leave the small SRAM stack for one in SDRAM. */
	if (cold_load())
		give_up("the packed part of this MLO is damaged: write MLO again");
	run_on_stack(main_late, (uintptr_t)scratch_alloc(LATE_STACK) + LATE_STACK);
	return 0;
}
