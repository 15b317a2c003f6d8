/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the early image (common/early.c, steps 1-7) found and hands to the
 * SDRAM image's main (common/main.c, steps 8-15): the one structure
 * between the two images besides struct sysinfo (common/sysinfo.h), which
 * both share. The SoC's own structures stay in these two files of
 * common/, the ones that wire the SoC to the boot flow.
 */
#ifndef COMMON_HANDOFF_H
#define COMMON_HANDOFF_H

#include "arch/arm/omap3/soc.h"

struct handoff {
	struct omap3_chip chip;
	struct omap3_clocks clocks;
	struct omap3_boot boot;
	int wdt_err;    /* WDT2 did not stop (omap3_early_init) */
	int clk_err;    /* a DPLL did not lock (omap3_clocks_init) */
};

/* When the boot cannot go on (no SDRAM to load into, an MLO damaged):
 * say so, give the user time to read it, and reset. The early image's,
 * which the SDRAM image calls too. */
void boot_give_up(const char *why) __attribute__((noreturn));

#endif
