/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the boot flow learnt about the machine it runs on, shared by the
 * boot flow and the console commands. Defined in sys.c, filled in by
 * main.c. */
#ifndef COMMON_SYS_H
#define COMMON_SYS_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arm/omap3/soc.h"
#include "board/board.h"

struct sysinfo {
	struct omap3_chip chip;
	struct omap3_clocks clocks;
	struct omap3_boot boot;
	struct sdram_banks dram;
	unsigned board_rev;
	/* gtaboot's own buffers in SDRAM: [scratch_start, scratch_end). No
	 * image may be loaded there. */
	uint32_t scratch_start, scratch_end, scratch_next;
	/* The display's framebuffer, [fb_start, fb_end), 0 when off
	 * (common/display.c); no image may be loaded there either. */
	uint32_t fb_start, fb_end;
	/* gtaboot's own area at the top of RAM (arch/arm/omap3/memmap.h):
	 * [area_start, scratch_end), the cold part's window (seen at
	 * COLD_BASE), then the buffers above. No image may be loaded
	 * anywhere in it. Last: fields the ROM-loaded part reads keep their
	 * short offsets. */
	uint32_t area_start;
};

extern struct sysinfo sys;

/* The board's autoboot button (AUX, USER) is held now; false when the
 * board has none (board.h button_held). */
static inline bool sys_button_held(void)
{
	return board.button_held && board.button_held(sys.board_rev);
}

/* Bytes of SDRAM from the first bank, up to where contiguity ends. */
uint32_t sys_ram_end(void);
/* Carve size bytes (64-byte aligned) from gtaboot's SDRAM area; NULL when
 * SDRAM is missing or the area is used up. Never freed. */
void *scratch_alloc(uint32_t size);

#endif
