/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * I2C master helpers for the I2C and TWL4030 model tests: the register
 * sequences of SPRUF98/SPRUGN4 "I2C" driven through the model's MMIO handlers,
 * with virtual time advanced between polls.
 */
#ifndef TESTS_I2C_MASTER_H
#define TESTS_I2C_MASTER_H

#include <string.h>

#include "tests/unit/sim/simtest.h"

#define I2C1 0x48070000u
/* The bus the helpers below drive: I2C1 unless a test picks another
 * before including this file. */
#ifndef I2C_BASE
#define I2C_BASE I2C1
#endif
#define I2C_STAT 0x08
#define I2C_CNT  0x18
#define I2C_DATA 0x1C
#define I2C_CON  0x24
#define I2C_SA   0x2C

static inline void w16(struct sim *s, uint32_t addr, uint16_t v)
{
	uint32_t x = v;

	assert_int_equal(model_mmio(s, true, addr, 2, &x), 0);
}

static inline uint16_t r16(struct sim *s, uint32_t addr)
{
	uint32_t v = 0xDEAD;

	assert_int_equal(model_mmio(s, false, addr, 2, &v), 0);
	return (uint16_t)v;
}

/* s (a 3530 from simtest_new(), its cfg set) brought up: the models
 * attached, its clocks running, I2C1 clocked. */
static inline struct sim *storage_sim_up(struct sim *s)
{
	simtest_init(s);
	simtest_clocks_3530(s);
	set_bits(s, CM + 0xA00, (1u << 15) | (1u << 24));
	set_bits(s, CM + 0xA10, (1u << 15) | (1u << 24));
	return s;
}

/* A 3530 with its clocks, I2C1 clocked, the storage models attached. */
static inline struct sim *storage_sim(void)
{
	return storage_sim_up(simtest_new(SOC_OMAP3530));
}

static inline void i2c_setup(struct sim *s, uint16_t psc, uint16_t scll, uint16_t sclh)
{
	w16(s, I2C_BASE + 0x20, 2);                 /* SRST */
	w16(s, I2C_BASE + I2C_CON, 0x8000);
	assert_int_equal(r16(s, I2C_BASE + 0x10) & 1, 1);
	w16(s, I2C_BASE + I2C_CON, 0);
	w16(s, I2C_BASE + 0x30, psc);
	w16(s, I2C_BASE + 0x34, scll);
	w16(s, I2C_BASE + 0x38, sclh);
	w16(s, I2C_BASE + I2C_CON, 0x8000);
	w16(s, I2C_BASE + I2C_STAT, 0xFFFF);
}

/* Wait (in 1 µs steps of virtual time) for any of bits; 0 on timeout. */
static inline uint16_t i2c_wait(struct sim *s, uint16_t bits, unsigned max_us)
{
	for (unsigned i = 0; i <= max_us && !s->result; i++) {
		uint16_t st = r16(s, I2C_BASE + I2C_STAT);

		if (st & bits)
			return st;
		run_for(s, PS_PER_US);
	}
	return 0;
}

static inline void i2c_wait_free(struct sim *s)
{
	for (unsigned i = 0; i < 1000 && (r16(s, I2C_BASE + I2C_STAT) & 0x1000); i++)
		run_for(s, PS_PER_US);
}

/* Write n bytes; returns the final STAT (ARDY or NACK/AL set). */
static inline uint16_t i2c_xfer_write(struct sim *s, uint8_t addr, const uint8_t *b, unsigned n,
				      bool stop)
{
	unsigned i = 0;

	w16(s, I2C_BASE + I2C_SA, addr);
	w16(s, I2C_BASE + I2C_CNT, n);
	w16(s, I2C_BASE + I2C_CON, stop ? 0x8603 : 0x8601);
	for (;;) {
		uint16_t st = i2c_wait(s, 0x17, 100000);

		if (!st || (st & 0x07)) {
			w16(s, I2C_BASE + I2C_STAT, st & 0x07);
			return st;
		}
		w16(s, I2C_BASE + I2C_DATA, b[i++]);
		w16(s, I2C_BASE + I2C_STAT, 0x10);
	}
}

static inline int twl_write(struct sim *s, uint8_t addr, uint8_t reg, uint8_t v)
{
	uint8_t b[2] = { reg, v };
	uint16_t st = i2c_xfer_write(s, addr, b, 2, true);

	i2c_wait_free(s);
	return (st & 0x04) && !(st & 0x03) ? 0 : -1;
}

static inline int twl_read(struct sim *s, uint8_t addr, uint8_t reg, uint8_t *v)
{
	uint16_t st = i2c_xfer_write(s, addr, &reg, 1, false);

	if (!(st & 0x04) || (st & 0x03))
		return -1;
	w16(s, I2C_BASE + I2C_CNT, 1);
	w16(s, I2C_BASE + I2C_CON, 0x8403);
	st = i2c_wait(s, 0x0B, 100000);
	if (!(st & 0x08))
		return -1;
	*v = (uint8_t)r16(s, I2C_BASE + I2C_DATA);
	w16(s, I2C_BASE + I2C_STAT, 0x08);
	st = i2c_wait(s, 0x04, 100000);
	w16(s, I2C_BASE + I2C_STAT, 0x04);
	i2c_wait_free(s);
	return st ? 0 : -1;
}

#endif
