/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the boot flow learnt about the machine it runs on, shared by the
 * boot flow and the console commands. Defined in sys.c, filled in by
 * main.c. */
#ifndef COMMON_SYSINFO_H
#define COMMON_SYSINFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/board.h"

struct mmc_card;
struct nand_chip;
struct omap_i2c;
struct dss_clock;
struct mlo_src;
struct musb_udc_config;

/* Where the ROM loaded this MLO from, in the boot flow's terms (main.c
 * maps the SoC's boot device code). */
enum boot_media { BOOT_MEDIA_OTHER, BOOT_MEDIA_SD, BOOT_MEDIA_NAND, BOOT_MEDIA_USB };

struct sysinfo {
	/* the SoC as the banner names it ("DM3730", "1.2") and its clocks */
	const char *soc_part, *soc_es;
	uint32_t mpu_hz, l3_hz;
	enum boot_media boot_media;
	/* the memory package found before the SDRC was set up */
	struct mem_found mem;
	struct sdram_banks dram;
	unsigned board_rev;
	/* gtaboot's own area at the top of RAM (arch/arm/omap3/memmap.h):
	 * [area_start, scratch_end), the cold part's window (seen at
	 * COLD_BASE), then its buffers, [scratch_start, scratch_end). No
	 * image may be loaded anywhere in it. */
	uint32_t area_start;
	uint32_t scratch_start, scratch_end, scratch_next;
	/* The display's framebuffer, [fb_start, fb_end), 0 when off
	 * (common/display.c); no image may be loaded there either. */
	uint32_t fb_start, fb_end;
};

extern struct sysinfo sys;

/* The board's autoboot button (AUX, USER) is held now; false when the
 * board has none (board.h button_held). */
static inline bool sys_button_held(void)
{
	return board.button_held && board.button_held(sys.board_rev);
}

/* The DTB the kernel's tree has for this board (board.h dtb_name). */
static inline const char *sys_dtb_name(void)
{
	return board.dtb_name(sys.board_rev, sys.mem.flash);
}

/* Bytes of SDRAM from the first bank, up to where contiguity ends. */
uint32_t sys_ram_end(void);
/* Carve size bytes (64-byte aligned) from gtaboot's SDRAM area; NULL when
 * SDRAM is missing or the area is used up. Never freed. */
void *scratch_alloc(uint32_t size);

#endif
