/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The TWL4030/TPS65950 power companion over I2C (TPS65950 TRM SWCU050). */
#ifndef DRIVERS_POWER_TWL4030_H
#define DRIVERS_POWER_TWL4030_H

#include <stdint.h>

#include "drivers/i2c/omap_i2c.h"

struct twl4030 {
	struct omap_i2c *i2c;
};

/* STS_HW_CONDITIONS bits */
#define TWL4030_HW_PWON  0x01   /* power button pressed */
#define TWL4030_HW_CHG   0x02
#define TWL4030_HW_USB   0x04
#define TWL4030_HW_VBUS  0x80

void twl4030_setup(struct twl4030 *twl, struct omap_i2c *i2c);

/* Raw access: addr is the slave (0x48..0x4B), reg the register in it. */
int twl4030_read(struct twl4030 *twl, uint8_t addr, uint8_t reg, uint8_t *val);
int twl4030_write(struct twl4030 *twl, uint8_t addr, uint8_t reg, uint8_t val);

/*
 * VMMC1 on at mv (1850, 2850, 3000 or 3150) for the P1 group, and wait for
 * the ramp (100 ms), unless it already was on at that voltage. Returns 1
 * when it was already on, 0 when it was switched on, or a negative errno.
 */
int twl4030_vmmc1_on(struct twl4030 *twl, unsigned mv);

/*
 * VPLL2 on at mv (700, 1000, 1200, 1300, 1500, 1800, 1850, 2500, 2600,
 * 2800, 2850 or 3000) for all three processor groups, and wait for the ramp
 * (100 us), unless it already was on at that voltage. Returns 1 when it was
 * already on, 0 when it was switched on, or a negative errno (-EINVAL for
 * another voltage).
 */
int twl4030_vpll2_on(struct twl4030 *twl, unsigned mv);

/*
 * Backup-battery charger: the highest BBSEL/BBISEL steps not above the
 * request (as Linux twl4030_charger chooses); below 2.5 V or 25 µA the
 * charger is turned off. *bb_cfg (may be NULL) receives what was written.
 */
int twl4030_set_bb_charger(struct twl4030 *twl, uint32_t uvolt, uint32_t uamp, uint8_t *bb_cfg);

/* STS_HW_CONDITIONS (TWL4030_HW_* bits). */
int twl4030_hw_conditions(struct twl4030 *twl, uint8_t *sts);

/*
 * One software-triggered MADC conversion of channel ch (0..15): the
 * 10-bit code, or -ETIMEDOUT (named on the console) when the converter
 * does not finish within 10 ms.
 */
int twl4030_madc_raw(struct twl4030 *twl, unsigned ch, unsigned *raw);

/* Main battery (MADC channel 12) and backup battery (channel 9), in mV. */
int twl4030_battery_mv(struct twl4030 *twl, unsigned *mv);
int twl4030_backup_battery_mv(struct twl4030 *twl, unsigned *mv);

/* Switch the board off; returns only on failure. */
int twl4030_power_off(struct twl4030 *twl);

/* The chip's JTAG IDCODE (unlocked through UNLOCK_TEST_REG and relocked). */
int twl4030_idcode(struct twl4030 *twl, uint32_t *id);

/* The eight battery-backed scratch bytes BACKUP_REG_A..H (idx 0..7). */
int twl4030_backup_read(struct twl4030 *twl, unsigned idx, uint8_t *val);
int twl4030_backup_write(struct twl4030 *twl, unsigned idx, uint8_t val);

#endif
