/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The TI TCA6507 7-port I2C LED driver (datasheet SCPS164C, sections 8.5-8.6). */
#ifndef DRIVERS_LEDS_TCA6507_H
#define DRIVERS_LEDS_TCA6507_H

#include <stdint.h>

#include "drivers/i2c/omap_i2c.h"

#define TCA6507_ADDR	0x45	/* fixed: 1000101b (section 8.5.3) */
#define TCA6507_PORTS	7

struct tca6507_config {
	struct omap_i2c *bus;
	uint8_t addr;
};

/* The three Select registers: *states gets port p's state (datasheet
 * Table 8, 0-7) in bits 4p+2..4p. 0 or the bus's errno (-ENXIO: nobody
 * at addr). */
int tca6507_read(const struct tca6507_config *c, uint32_t *states);
/* Ports in mask fully on (state 4, output low) where on has their bit,
 * off (state 0, high impedance) where not; the other ports keep their
 * state (e.g. one used as a GPIO). */
int tca6507_set(const struct tca6507_config *c, uint8_t mask, uint8_t on);

#endif
