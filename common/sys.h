/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the boot flow learnt about the machine it runs on, shared by the
 * boot flow and the console commands. Defined in sys.c, filled in by
 * main.c. */
#ifndef COMMON_SYS_H
#define COMMON_SYS_H

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

/*
 * What the boot flow and the console commands use of the SoC. main.c, the
 * one file of common/ that knows the SoC, fills it (docs/design.md,
 * "Layout and boundaries"); the rest of common/ goes through sys.soc.
 * All are SDRAM-part functions, reached once the cold part runs.
 */
struct soc_ops {
	/* I2Cn (1..3) clocked and its controller up at speed_hz */
	int (*i2c_init)(unsigned n, struct omap_i2c *bus, uint32_t speed_hz);
	/* GPIO n (0..191) driven at level; its pad is the caller's */
	int (*gpio_output)(unsigned n, int level);
	/* the base of GPIO n's bank (omap_gpio.h), its interface clock on;
	 * 0 when n is no GPIO: for drivers that bit-bang */
	uintptr_t (*gpio_bank)(unsigned n);
	/* pads from a board table */
	void (*pads_apply)(const struct pad *pads, size_t n);
	/* MMC1's card (shared with the early part, which may have started
	 * it), its host controller brought up, and its write path enabled */
	struct mmc_card *(*mmc1)(void);
	int (*mmc1_host_init)(void);
	void (*mmc1_enable_writes)(void);
	/* GPMC CS0's NAND, probed on first use; NULL with *err set */
	struct nand_chip *(*nand)(int *err);
	/* the display: the DSS's LCD pads [first, last] as outputs, and the
	 * clock the DSS driver programs (drivers/video/omap_dss.h) */
	void (*lcd_pads)(uint16_t first, uint16_t last);
	const struct dss_clock *(*dss_clock)(void);
	/* flash mlo: the image (a file in RAM, or the running one with file
	 * NULL), NULL with why saying what is wrong with the file; then its
	 * copies into NAND where the boot ROM reads them, 0 with one good */
	const struct mlo_src *(*mlo_prepare)(const uint8_t *file, uint32_t len, char *why,
					     size_t n);
	int (*mlo_write)(struct nand_chip *c, const struct mlo_src *m);
	/* the USB OTG controller: pads and clock on, its driver's config;
	 * NULL with *err set. usb_otg_off stops its clock. */
	const struct musb_udc_config *(*usb_otg)(int *err);
	void (*usb_otg_off)(void);
};

struct sysinfo {
	/* the SoC as the banner names it ("DM3730", "1.2") and its clocks */
	const char *soc_part, *soc_es;
	uint32_t mpu_hz, l3_hz;
	enum boot_media boot_media;
	/* the memory package found before the SDRC was set up */
	struct mem_found mem;
	struct sdram_banks dram;
	unsigned board_rev;
	const struct soc_ops *soc;
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
