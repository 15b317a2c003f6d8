/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The SoC services only the SDRAM part uses (arch/arm/omap3/periph.c). */
#ifndef ARCH_ARM_OMAP3_PERIPH_H
#define ARCH_ARM_OMAP3_PERIPH_H

#include <stdint.h>

#include "drivers/i2c/omap_i2c.h"
#include "drivers/mtd/nand.h"

/* Clock I2Cn (1..3: I2C1 the TWL4030's, the others the board commands')
 * and bring its controller up at speed_hz (100/400 kHz). -EINVAL for
 * another n. */
int omap3_i2c_init(unsigned n, struct omap_i2c *bus, uint32_t speed_hz);
/* Drive GPIO n (0..191) as an output at level; its pad is the caller's. */
int omap3_gpio_output(unsigned n, int level);
/* Lets the boot flow write MMC1's card (the environment on FAT). */
void omap3_mmc1_enable_writes(void);
/* Set up CS0 and probe the chip on first use; later calls return the same
 * chip. NULL with *err set when none answers (-ENODEV, -ETIMEDOUT). The
 * memory package may have no NAND at CS0 at all: common/storage.c asks
 * this only when it has one. */
struct nand_chip *omap3_nand(int *err);
/* The DSS's LCD pads, offsets first..last (every other: two per word),
 * as outputs in mode 0. */
void omap3_lcd_pads(uint16_t first, uint16_t last);
struct dss_clock;
struct omap3_chip;
struct omap3_clocks;
/* The DSS's clock for drivers/video/omap_dss.c: DPLL4's M4 output on
 * this chip with these clocks. */
const struct dss_clock *omap3_dss_clock(const struct omap3_chip *chip,
					const struct omap3_clocks *clk);
struct musb_udc_config;
/* The HS USB OTG controller: its ULPI pads and interface clock on, and
 * where the driver finds it; NULL with *err set when the module does not
 * become accessible. omap3_usb_otg_off() stops the clock again. */
const struct musb_udc_config *omap3_usb_otg(int *err);
void omap3_usb_otg_off(void);
/* The ROM boot device's name ("MMC1", "NAND", ...). */
const char *omap3_bootdev_name(uint8_t dev);

#endif
