/* SPDX-License-Identifier: GPL-2.0-or-later */
/* OMAP3 instances the board commands use beyond the boot path: I2C2/I2C3 and GPIO outputs. */
#ifndef ARCH_ARM_OMAP3_PERIPH_H
#define ARCH_ARM_OMAP3_PERIPH_H

#include <stdint.h>

#include "drivers/i2c/omap_i2c.h"

/* Clock I2Cn (2 or 3; I2C1 is storage's, omap3_i2c1_init) and bring its
 * controller up at speed_hz. -EINVAL for another n. */
int omap3_i2c_init(unsigned n, struct omap_i2c *bus, uint32_t speed_hz);
/* Drive GPIO n (0..191) as an output at level; its pad is the caller's. */
int omap3_gpio_output(unsigned n, int level);

#endif
