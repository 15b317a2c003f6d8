// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The TSC2007 model (tools/sim/tsc2007.c) on the GTA04's I2C2 at 0x48,
 * driven through the I2C controller model: X/Y/Z1/Z2 of a touch in 12
 * and 8 bits (datasheet SBAS405, "Command Byte", "Reading Data"), no
 * touch as full-scale plates and Z1 0, PENIRQ on GPIO_160 low only while
 * touched with PENIRQ enabled, a reserved converter function stops the
 * run, --inject tsc2007-absent leaves the address unanswered.
 */
#define I2C_BASE 0x48072000u	/* I2C2 */
#include "tests/unit/sim/i2c_master.h"

#define TSC	0x48
#define PENIRQ_HIGH(s)	(((s)->cfg.gpio_in[5] & 1u) != 0)	/* GPIO_160 */

/* A GTA04 (DM3730) with I2C2 clocked; touches set before the models. */
static struct sim *machine(int ntouch, const char *inject)
{
	struct sim *s = simtest_new(SOC_DM3730);

	s->cfg.ntouch = ntouch;
	if (ntouch) {
		/* pixel (240, 160) from 1 ms to 1 s */
		s->cfg.touch[0].x = 240;
		s->cfg.touch[0].y = 160;
		s->cfg.touch[0].at_ps = PS_PER_MS;
		s->cfg.touch[0].until_ps = 1000 * PS_PER_MS;
	}
	if (inject) {
		s->cfg.ninject = 1;
		strcpy(s->cfg.inject[0].what, inject);
		s->cfg.inject[0].arg = -1;
		s->cfg.inject[0].count = -1;
	}
	simtest_init(s);
	simtest_clocks_3530(s);
	set_bits(s, CM + 0xA00, 1u << 16);          /* EN_I2C2 */
	set_bits(s, CM + 0xA10, 1u << 16);
	i2c_setup(s, 23, 13, 15);
	run_for(s, 2 * PS_PER_MS);                  /* into the touch, if any */
	return s;
}

/* The command byte, then a repeated-start read of n (1 or 2) bytes:
 * 0 and the bytes, or -1 when the chip did not acknowledge. */
static int conv(struct sim *s, uint8_t cmd, uint8_t *b, unsigned n)
{
	uint16_t st = i2c_xfer_write(s, TSC, &cmd, 1, false);

	if (!(st & 0x04) || (st & 0x03)) {
		w16(s, I2C_BASE + I2C_CON, 0x8602);
		i2c_wait_free(s);
		return -1;
	}
	w16(s, I2C_BASE + I2C_STAT, 0x04);
	w16(s, I2C_BASE + I2C_CNT, (uint16_t)n);
	w16(s, I2C_BASE + I2C_CON, 0x8403);
	for (unsigned i = 0; i < n; i++) {
		st = i2c_wait(s, 0x08, 100000);
		assert_true(st & 0x08);
		b[i] = (uint8_t)r16(s, I2C_BASE + I2C_DATA);
		w16(s, I2C_BASE + I2C_STAT, 0x08);
	}
	i2c_wait(s, 0x04, 100000);
	w16(s, I2C_BASE + I2C_STAT, 0x04);
	i2c_wait_free(s);
	return 0;
}

/* A command alone (setup, power-down): one byte written, STOP. */
static void command(struct sim *s, uint8_t cmd)
{
	uint16_t st = i2c_xfer_write(s, TSC, &cmd, 1, true);

	assert_true(st & 0x04);
	w16(s, I2C_BASE + I2C_STAT, 0x04);
	i2c_wait_free(s);
}

/* A 12-bit conversion of function fn (A/D on, PENIRQ off: PD = 01). */
static unsigned read12(struct sim *s, unsigned fn)
{
	uint8_t b[2];

	assert_int_equal(conv(s, (uint8_t)(fn << 4 | 1u << 2), b, 2), 0);
	assert_int_equal(b[1] & 0x0F, 0);
	return (unsigned)b[0] << 4 | b[1] >> 4;
}

static void test_no_touch(void **state)
{
	struct sim *s = machine(0, NULL);

	assert_int_equal(read12(s, 0xC), 4095);    /* X: the open plate */
	assert_int_equal(read12(s, 0xD), 4095);
	assert_int_equal(read12(s, 0xE), 0);       /* Z1: no pressure */
	assert_int_equal(read12(s, 0xF), 4095);
	assert_true(PENIRQ_HIGH(s));
	assert_int_equal(s->result, SIM_RUNNING);
}

static void test_touch_values(void **state)
{
	struct sim *s = machine(1, NULL);
	unsigned x = 481 * 4096 / 960, y = 4095 - 321 * 4096 / 1280, z2;
	uint8_t b;

	assert_int_equal(read12(s, 0xC), x);       /* centre of pixel 240 */
	assert_int_equal(read12(s, 0xD), y);       /* row 160 from the bottom */
	assert_int_equal(read12(s, 0xE), 1200);
	/* R = 600 * X / 4096 * (Z2 / Z1 - 1) = 400 ohm */
	z2 = read12(s, 0xF);
	assert_in_range(600 * x / 4096 * (z2 - 1200) / 1200, 395, 405);
	/* M = 1: 8 bits, one byte */
	assert_int_equal(conv(s, 0xC0 | 1u << 2 | 1u << 1, &b, 1), 0);
	assert_int_equal(b, x >> 4);
	/* Letux's sequence: setup, then power down with PENIRQ on */
	command(s, 0xB0);
	assert_true(PENIRQ_HIGH(s));               /* the last conversion's PD 01 */
	command(s, 0x00);
	run_for(s, PS_PER_US);
	assert_false(PENIRQ_HIGH(s));              /* touched, PENIRQ enabled */
	run_for(s, 1000 * PS_PER_MS);              /* the touch ends */
	assert_true(PENIRQ_HIGH(s));
	assert_int_equal(read12(s, 0xE), 0);
	assert_int_equal(s->result, SIM_RUNNING);
}

static void test_reserved_function_stops(void **state)
{
	struct sim *s = machine(0, NULL);
	uint8_t cmd = 0x10;

	i2c_xfer_write(s, TSC, &cmd, 1, true);
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "TSC2007: command byte 0x10"));
}

static void test_absent(void **state)
{
	struct sim *s = machine(1, "tsc2007-absent");
	uint8_t b[2];

	assert_int_equal(conv(s, 0xE4, b, 2), -1);
	assert_null(s->tsc2007);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_touch),
		cmocka_unit_test(test_touch_values),
		cmocka_unit_test(test_reserved_function_stops),
		cmocka_unit_test(test_absent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
