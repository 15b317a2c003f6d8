/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The OMAP3 SoC layer as the boot flow sees it: chip identity, clocks,
 * watchdog, pads, GPIO, SDRAM, the ROM's boot information and reset
 * (TRM chapters 1, 4, 7, 10, 11, 16 and 26).
 */
#ifndef ARCH_ARM_OMAP3_SOC_H
#define ARCH_ARM_OMAP3_SOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arm/platform.h"
#include "arch/arm/omap3/mux.h"
#include "arch/arm/omap3/sdrc.h"

enum omap3_family { OMAP3430_FAMILY, OMAP3630_FAMILY };

struct omap3_chip {
	enum omap3_family family;
	uint32_t idcode;
	uint8_t status;        /* CONTROL_OMAP_STATUS[15:8]: the part */
	bool known;            /* hawkeye recognised */
};

struct omap3_clocks {
	uint32_t sys_hz, mpu_hz, core_hz, l3_hz, l4_hz, per96_hz;
};

/* ROM boot device codes (SPRUF98/SPRUGN4 "Initialization", boot parameters) */
enum {
	BOOTDEV_XIP = 0x01, BOOTDEV_NAND = 0x02, BOOTDEV_ONENAND = 0x03,
	BOOTDEV_MMC2 = 0x05, BOOTDEV_MMC1 = 0x06, BOOTDEV_XIPWAIT = 0x07,
	BOOTDEV_MMC2_2 = 0x08, BOOTDEV_UART = 0x10, BOOTDEV_USB = 0x11,
};

struct omap3_boot {
	uint8_t device;        /* BOOTDEV_*, 0 = unknown */
	bool from_rom;         /* from the ROM's block, else from SYS_BOOT */
	uint8_t reset_reason;  /* ROM block only */
	uint8_t sys_boot;      /* CONTROL_STATUS[5:0] */
};

/* Family, IDCODE and part code (reads IDCODE and OMAP_STATUS only). */
void omap3_chip_detect(struct omap3_chip *chip);
/* The part's name ("OMAP3530", "DM3730"), and its ES level ("3.1", or
 * "v" and the IDCODE's version) into es; the SDRAM image's (chip_name.c). */
const char *omap3_chip_name(const struct omap3_chip *chip, char es[8]);

/* Before the caches go on (GP devices): L2 invalidated and enabled through
 * the ROM's secure services (l2cache.c). */
void omap3_l2_prepare(void);

/* First things in C: identify the chip, fix sys_clk, start the time base
 * (GPTIMER1 on sys_clk) and stop WDT2. Returns 0 or a negative errno
 * (the watchdog did not acknowledge). */
int omap3_early_init(struct omap3_chip *chip);

/* PRM_CLKSEL and the sys_clk divider; returns sys_clk in Hz. Used by
 * omap3_early_init() before any wait. */
uint32_t omap3_sysclk_init(const struct omap3_chip *chip);

/* DPLL1/3/4 for a 26 MHz oscillator; fills clk even on error. */
int omap3_clocks_init(const struct omap3_chip *chip, struct omap3_clocks *clk);

/* Enable UART3's clocks; its pads are set by omap3_pads_init(). */
int omap3_uart3_enable(void);

struct console_dev;
/* UART3 at 115200 8N1 for the console, once DPLL4 runs; NULL on failure. */
const struct console_dev *omap3_console_init(const struct omap3_clocks *clk);

int omap3_wdt2_stop(void);

/* GPIO n (0..191) as an input: 0 or 1, or a negative errno. */
int omap3_gpio_input(unsigned n);
/* The MCSPI1-pad revision straps (gpio_171..173) as 0..7, or a negative
 * errno. */
int omap3_read_rev_straps(void);

void omap3_boot_info(const uint8_t *rom_block, struct omap3_boot *b);

#endif
