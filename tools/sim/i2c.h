/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the slave side of the I2C bus model (i2c.c), private to the
 * I2C and TWL4030 models. A slave sees the bus one byte at a time, as a
 * real chip does: a START with its address, the bytes written to it, the
 * bytes read from it, and the STOP.
 */
#ifndef GTABOOT_SIM_I2C_H
#define GTABOOT_SIM_I2C_H

#include "tools/sim/models.h"

struct i2c_slave_ops {
	/* (Repeated) START addressed to this slave; false = NACK. */
	bool (*start)(struct sim *s, void *opaque, uint8_t addr, bool read);
	/* A byte the master wrote; false = NACK. */
	bool (*write)(struct sim *s, void *opaque, uint8_t addr, uint8_t byte);
	/* The next byte the master reads. */
	uint8_t (*read)(struct sim *s, void *opaque, uint8_t addr);
	/* STOP on the bus. */
	void (*stop)(struct sim *s, void *opaque, uint8_t addr);
};

/* Attach a slave at a 7-bit address to bus 0..2 (I2C1..I2C3). */
void i2c_attach(struct sim *s, int bus, uint8_t addr,
		const struct i2c_slave_ops *ops, void *opaque);

#endif
