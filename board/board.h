/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The board contract: what one board file (board/$(BOARD).c, chosen at
 * link time) tells the boot flow. Mostly constant data, plus the few
 * decisions that need the hardware (the revision straps).
 */
#ifndef BOARD_BOARD_H
#define BOARD_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "arch/arm/omap3/memid.h"
#include "arch/arm/omap3/mux.h"
#include "arch/arm/omap3/sdrc.h"

#define BOARD_REV_UNKNOWN	(~0u)

struct board {
	const char *name;                   /* "GTA04", "BeagleBoard" */
	const struct pad *pads;             /* applied once, after the clocks */
	size_t npads;
	/* Read the revision straps; NULL when the board has none. */
	unsigned (*revision)(void);
	const char *(*rev_name)(unsigned rev);           /* "A5" */
	/* The memory packages by their NAND ID on GPMC CS0, read before the
	 * SDRC is set up (arch/arm/omap3/memid.c); mem_none when no NAND
	 * answers, mem_unknown (the safest set) for an ID not listed. */
	const struct mem_part *mem_parts;
	size_t nmem_parts;
	const struct mem_part *mem_none, *mem_unknown;
	/* The DT for this revision and the package found (omap3_mem). */
	const char *(*dtb_name)(unsigned rev);           /* "omap3-gta04a5.dtb" */
	/* TWL4030 backup-battery charger (BB_CFG) and its DT properties
	 * ti,bb-uvolt / ti,bb-uamp; 0 = leave the charger off. */
	uint32_t bb_uvolt, bb_uamp;
	/* The button that stops autoboot when held at power-on (GTA04 AUX,
	 * Beagle USER; active high), as a GPIO number; NULL when none. */
	int (*button_gpio)(unsigned rev);
	/* Board-specific DT changes after the generic ones; may be NULL. */
	int (*fixup_fdt)(void *fdt, unsigned rev);
};

extern const struct board board;

#endif
