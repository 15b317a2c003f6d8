// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TI TSC2007 4-wire touch-screen controller (datasheet SBAS405,
 * "Command Byte" and "Reading Data"; Linux's
 * drivers/input/touchscreen/tsc2007.h names the same fields). Each
 * conversion is one I2C write of the command byte and a repeated-start
 * read of two bytes: D11-D4, then D3-D0 in the high nibble. The I2C
 * transfers are the controller driver's, each bounded (omap_i2c.h).
 */
#include "drivers/input/tsc2007.h"

#define CMD(fn, pd)	(uint8_t)((fn) << 4 | (pd) << 2)   /* M = 0: 12 bits */
#define PD_IRQ_ON	0	/* power down between cycles, PENIRQ enabled */
#define PD_ADC_ON	1	/* A/D on, PENIRQ disabled */
#define SETUP		0xB	/* the setup command: MAV filter on, 50 kohm pull-up */

/* Letux's pen-down test (board/goldelico/letux-gta04/tsc2007.c
 * pendown()): Z1 above 200 of 4095. */
#define Z1_TOUCHED	200

static int command(const struct tsc2007 *t, uint8_t c)
{
	return i2c_write(t->bus, t->addr, &c, 1);
}

/* The chip idles powered down with PENIRQ enabled, as Letux's and
 * Linux's drivers leave it. */
int tsc2007_init(const struct tsc2007 *t)
{
	return command(t, CMD(SETUP, 0)) ?: command(t, CMD(TSC2007_TEMP0, PD_IRQ_ON));
}

/* One 12-bit conversion of function fn (A/D on, PENIRQ off meanwhile). */
static int tsc2007_read(const struct tsc2007 *t, unsigned fn, uint16_t *v)
{
	uint8_t b[2] = { 0, 0 };
	int err = i2c_read_regs(t->bus, t->addr, CMD(fn, PD_ADC_ON), b, 2);

	*v = (uint16_t)(b[0] << 4 | b[1] >> 4);
	return err;
}

int tsc2007_touch(const struct tsc2007 *t, uint16_t *x, uint16_t *y)
{
	uint16_t z1;
	int err = tsc2007_read(t, TSC2007_Z1, &z1);

	if (!err && z1 > Z1_TOUCHED)
		err = tsc2007_read(t, TSC2007_X, x) ?: tsc2007_read(t, TSC2007_Y, y) ?: 1;
	return command(t, CMD(TSC2007_TEMP0, PD_IRQ_ON)) ?: err;
}
