/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The OMAP3 I2C controller in master mode (TRM chapter 18, SPRUF98/SPRUGN4 "I2C"). */
#ifndef DRIVERS_I2C_OMAP_I2C_H
#define DRIVERS_I2C_OMAP_I2C_H

#include <stdint.h>

struct omap_i2c_config {
	const char *name;      /* "i2c1", for messages */
	uintptr_t base;
	uint32_t fclk_hz;      /* the 96 MHz functional clock */
	uint32_t speed_hz;     /* 100000 or 400000 */
};

struct omap_i2c {
	const struct omap_i2c_config *cfg;
	uint32_t byte_timeout_us;
};

/* Reset and program the controller; the caller has enabled its clocks. */
int omap_i2c_init(struct omap_i2c *bus, const struct omap_i2c_config *cfg);

/*
 * Transfers. Errors: -ENXIO when the device does not acknowledge (its
 * address, or a byte written to it), -EIO when it stops acknowledging
 * between the two messages of a register read, -EAGAIN after arbitration was lost twice, -ETIMEDOUT
 * when the controller stops making progress (10 ms per byte), -EBUSY when
 * the bus stays busy even after a recovery.
 */
int i2c_write(struct omap_i2c *bus, uint8_t addr, const uint8_t *buf, unsigned len);
/* Write the register address, then a repeated-start read of len bytes. */
int i2c_read_regs(struct omap_i2c *bus, uint8_t addr, uint8_t reg, uint8_t *buf, unsigned len);
int i2c_read_reg(struct omap_i2c *bus, uint8_t addr, uint8_t reg, uint8_t *val);
int i2c_write_reg(struct omap_i2c *bus, uint8_t addr, uint8_t reg, uint8_t val);

/* Free a bus held by a slave: up to 9 SCL pulses, then a STOP. */
int omap_i2c_recover(struct omap_i2c *bus);

#endif
