/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The SoC services only the SDRAM part uses (arch/arm/omap3/periph.c). */
#ifndef ARCH_ARM_OMAP3_PERIPH_H
#define ARCH_ARM_OMAP3_PERIPH_H

#include <stdint.h>

#include "arch/arm/platform.h"
#include "drivers/i2c/omap_i2c.h"
#include "drivers/mtd/nand.h"

/* plat_i2c_init (I2C1 the TWL4030's, the others the board commands';
 * 100/400 kHz; -EINVAL for another n), plat_gpio_output,
 * plat_mmc1_enable_writes, plat_nand (CS0 set up and the chip probed on
 * first use, the same chip later; the memory package may have no NAND at
 * CS0: common/storage.c asks only when it has one), plat_lcd_pads (every
 * other offset: two pads per word, mode 0): arch/arm/platform.h. */
struct omap3_chip;
struct omap3_clocks;
/* The chip and clocks the early part found (main_late, first), which
 * plat_dss_clock() (DPLL4's M4 output for drivers/video/omap_dss.c) and
 * plat_mmc1_host_init() build on. */
void omap3_periph_init(const struct omap3_chip *chip, const struct omap3_clocks *clk);
/* plat_usb_otg: the HS USB OTG controller's ULPI pads and interface
 * clock, arch/arm/platform.h. */
/* The ROM boot device's name ("MMC1", "NAND", ...). */
const char *omap3_bootdev_name(uint8_t dev);

#endif
