// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The banner and what the early part found (SoC, clocks, memory package,
 * SDRAM). Printed once the cold part runs, after the card's power-up and
 * the rest of the MLO; when SDRAM fails the early part says in one line
 * who it is and which set it used (common/main.c).
 */
#include "common/banner.h"

#include <stdint.h>

#include "board/board.h"
#include "common/sysinfo.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"

static void print_size(uint32_t bytes)
{
	if (bytes >= (1u << 30) && !(bytes & ((1u << 30) - 1)))
		printf("%u GiB", (unsigned)(bytes >> 30));
	else
		printf("%u MiB", (unsigned)(bytes >> 20));
}

void banner_version(void)
{
	printf("gtaboot %s (g%s) for %s %s\n", GTABOOT_VERSION, GTABOOT_GITREV,
	       board.name, board.rev_name ? board.rev_name(sys.board_rev) : "");
}

static void banner(void)
{
	printf("\n\n");
	banner_version();
	printf("SoC: %s ES%s, MPU %u MHz, L3 %u MHz\n", sys.soc_part, sys.soc_es,
	       (unsigned)(sys.mpu_hz / 1000000), (unsigned)(sys.l3_hz / 1000000));
}

/* How the memory package was found: the banner's "Memory:" line. */
static void print_mem_part(const struct mem_found *m)
{
	bool onenand = m->flash == MEM_FLASH_ONENAND;

	printf("Memory: %s (", m->part->sdram->part);
	if (m->how == MEM_NO_ANSWER)
		printf("no NAND or OneNAND answered on GPMC CS0: %s)\n",
		       m->part->sdram == &omap3_sdram_safest ? "safest set" : "no flash fitted");
	else
		printf("%s ID %02x %0*x on GPMC CS0%s)\n", onenand ? "OneNAND" : "NAND",
		       m->mfr, onenand ? 4 : 2, m->dev,
		       m->how == MEM_UNKNOWN_ID ? ", not a known part: safest set" : "");
}

static void dram(void)
{
	const struct sdram_config *cfg = sys.mem.part->sdram;
	uint64_t total = (uint64_t)sys.dram.size[0] + sys.dram.size[1];

	print_mem_part(&sys.mem);
	if (sys.l3_hz > cfg->l3_max_hz)
		pr_warn("warning: L3 %u MHz is faster than this set is proven at (%u MHz)\n",
			(unsigned)(sys.l3_hz / 1000000), (unsigned)(cfg->l3_max_hz / 1000000));
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
}

void banner_print(int wdt_err, int clk_err)
{
	banner();
	if (wdt_err)
		pr_warn("warning: WDT2 did not stop (%s): expect a reset\n", errname(wdt_err));
	if (clk_err)
		pr_warn("warning: a DPLL did not lock (%s)\n", errname(clk_err));
	dram();
}
