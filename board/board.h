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
#include "drivers/video/omap_dss.h"
#include "drivers/video/td028ttec1.h"

#define BOARD_REV_UNKNOWN	(~0u)

/* A board's built-in display: an RGB (DPI) panel on the DSS's LCD output
 * (its mode in struct lcd_mode), a controller set up over bit-banged SPI,
 * and a backlight switched by a GPIO. */
struct board_display {
	const char *panel;                  /* "TPO TD028TTEC1" */
	struct lcd_mode mode;
	uint16_t width_mm, height_mm;
	/* The panel controller's bit-banged SPI; the init sequence is the
	 * panel driver's (drivers/video). */
	struct spi_gpio_pins spi;
	uint8_t backlight_gpio;             /* high = on */
	/* The DSS's LCD pads, all output mode 0: a run of pad offsets. */
	uint16_t dss_pad_first, dss_pad_last;
	const struct pad *pads;             /* SPI and backlight pads */
	size_t npads;
};

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
	/* The built-in display; NULL when the board has none (Beagle). */
	const struct board_display *display;
	/* Board-specific DT changes after the generic ones; may be NULL. */
	int (*fixup_fdt)(void *fdt, unsigned rev);
};

extern const struct board board;

#endif
