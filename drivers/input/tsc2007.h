/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The TI TSC2007 touch-screen controller on I2C (datasheet SBAS405). */
#ifndef DRIVERS_INPUT_TSC2007_H
#define DRIVERS_INPUT_TSC2007_H

#include <stdint.h>

#include "drivers/i2c/omap_i2c.h"

/* Converter functions (the command byte's C3-C0). */
#define TSC2007_TEMP0	0x0
#define TSC2007_X	0xC
#define TSC2007_Y	0xD
#define TSC2007_Z1	0xE
#define TSC2007_Z2	0xF

struct tsc2007 {
	struct omap_i2c *bus;
	uint8_t addr;
};

/* The setup command, then power-down with PENIRQ enabled: 0 or the bus's
 * errno (-ENXIO: nobody at addr). */
int tsc2007_init(const struct tsc2007 *t);
/* 1 with the raw X, Y (0..4095) while touched, 0 when not, or an errno;
 * the chip is left powered down with PENIRQ enabled. */
int tsc2007_touch(const struct tsc2007 *t, uint16_t *x, uint16_t *y);

#endif
