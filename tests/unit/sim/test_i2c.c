// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the I2C controller model (tools/sim/i2c.c): transfer timing
 * at 100 and 400 kHz, NACK of an absent address, access width and clock
 * gating, arbitration loss, and a stuck bus freed through SYSTEST.
 */
#include "tests/unit/sim/i2c_master.h"

/* Time from START to ARDY for a 2-byte write: 10 + 9 + 9 SCL periods. */
static void check_write_timing(struct sim *s, uint64_t period_ps)
{
	uint64_t t0;

	w16(s, I2C1 + I2C_SA, 0x4B);
	w16(s, I2C1 + I2C_CNT, 2);
	w16(s, I2C1 + I2C_CON, 0x8603);
	t0 = s->now_ps;
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x1000);      /* BB */
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x10);        /* XRDY */
	w16(s, I2C1 + I2C_DATA, 0x14);                      /* BACKUP_REG_A */
	w16(s, I2C1 + I2C_DATA, 0x5A);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x10);       /* nothing more to load */
	run_for(s, 28 * period_ps - 1);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x04);
	run_for(s, 1);
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x04);        /* ARDY */
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x1000);      /* STOP not yet */
	run_for(s, period_ps);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x1000);
	assert_int_equal(s->now_ps - t0, 29 * period_ps);
	/* ARDY is sticky until cleared with a 1 */
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x04);
	w16(s, I2C1 + I2C_STAT, 0x04);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x04);
}

static void test_timing_100k(void **state)
{
	struct sim *s = storage_sim();
	uint8_t v = 0;

	i2c_setup(s, 23, 13, 15);           /* 4 MHz ICLK, 40 ticks per SCL */
	check_write_timing(s, 10 * PS_PER_US);
	assert_int_equal(twl_read(s, 0x4B, 0x14, &v), 0);
	assert_int_equal(v, 0x5A);
}

static void test_timing_400k(void **state)
{
	struct sim *s = storage_sim();

	i2c_setup(s, 9, 9, 3);              /* 9.6 MHz ICLK, 24 ticks per SCL */
	check_write_timing(s, 2500000);
}

static void test_nack(void **state)
{
	struct sim *s = storage_sim();
	uint8_t b = 0;

	i2c_setup(s, 23, 13, 15);
	w16(s, I2C1 + I2C_SA, 0x50);        /* nobody there */
	w16(s, I2C1 + I2C_CNT, 1);
	w16(s, I2C1 + I2C_CON, 0x8603);
	run_for(s, 100 * PS_PER_US - 1);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x02);
	run_for(s, 1);
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x02);        /* NACK */
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x04);       /* no ARDY */
	run_for(s, 10 * PS_PER_US);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x1000);     /* STOP sent */
	w16(s, I2C1 + I2C_STAT, 0x02);
	/* without STP the master keeps the bus until told */
	w16(s, I2C1 + I2C_CON, 0x8601);
	run_for(s, 200 * PS_PER_US);
	assert_int_equal(r16(s, I2C1 + I2C_STAT) & 0x1002, 0x1002);
	w16(s, I2C1 + I2C_CON, 0x8602);
	run_for(s, 10 * PS_PER_US);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x1000);
	/* the TWL4030 answers, an injected NACK overrides it once */
	s->cfg.ninject = 1;
	strcpy(s->cfg.inject[0].what, "i2c-nack");
	s->cfg.inject[0].arg = 0x4B;
	s->cfg.inject[0].count = 1;
	w16(s, I2C1 + I2C_STAT, 0xFFFF);
	assert_int_not_equal(twl_read(s, 0x4B, 0x14, &b), 0);
	w16(s, I2C1 + I2C_CON, 0x8602);
	i2c_wait_free(s);
	w16(s, I2C1 + I2C_STAT, 0xFFFF);
	assert_int_equal(twl_read(s, 0x4B, 0x14, &b), 0);
}

static void test_access_rules(void **state)
{
	struct sim *s = storage_sim();
	uint32_t v;

	assert_int_equal(model_mmio(s, false, I2C1 + 0x08, 4, &v), SIM_EBUS);
	assert_int_equal(model_mmio(s, false, I2C1 + 0x08, 1, &v), SIM_EBUS);
	assert_int_equal(model_mmio(s, false, I2C1 + 0x58, 2, &v), SIM_EUNIMPL);
	assert_int_equal(r16(s, I2C1 + 0x00), 0x3C);
	/* I2C2 is not clocked */
	assert_int_equal(model_mmio(s, false, 0x48072000 + 0x08, 2, &v), SIM_EBUS);
	/* BUFSTAT: 8-byte FIFOs on I2C1, 64 on I2C3 */
	assert_int_equal(r16(s, I2C1 + 0x40) >> 14, 0);
	/* a transfer with the functional clock gated never progresses */
	i2c_setup(s, 23, 13, 15);
	w16(s, I2C1 + I2C_SA, 0x4B);
	w16(s, I2C1 + I2C_CNT, 1);
	wr(s, CM + 0xA00, rd(s, CM + 0xA00) & ~(1u << 15));
	assert_int_equal(model_mmio(s, false, I2C1 + 0x08, 2, &v), SIM_EBUS);
}

static void test_arbitration_lost(void **state)
{
	struct sim *s = storage_sim();
	uint8_t b = 0x14;

	s->cfg.ninject = 1;
	strcpy(s->cfg.inject[0].what, "i2c-al");
	s->cfg.inject[0].arg = 0x4B;
	s->cfg.inject[0].count = 1;
	i2c_setup(s, 23, 13, 15);
	assert_int_equal(i2c_xfer_write(s, 0x4B, &b, 1, true) & 0x01, 0x01);
	assert_false(r16(s, I2C1 + I2C_CON) & 0x400);       /* MST dropped */
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x1000);      /* the winner's transfer */
	run_for(s, 1000 * PS_PER_US);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x1000);
}

static void test_stuck_bus(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint8_t b = 0x14;

	s->cfg.ninject = 1;
	strcpy(s->cfg.inject[0].what, "i2c-stuck");
	s->cfg.inject[0].arg = 5;
	s->cfg.inject[0].count = 1;
	simtest_init(s);
	simtest_clocks_3530(s);
	set_bits(s, CM + 0xA00, 1u << 15);
	set_bits(s, CM + 0xA10, 1u << 15);
	i2c_setup(s, 23, 13, 15);
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x1000);
	assert_int_equal(i2c_xfer_write(s, 0x4B, &b, 1, true) & 0x01, 0x01);   /* AL */
	/* recovery: SCL pulses in SYSTEST test mode 3 */
	w16(s, I2C1 + 0x3C, 0xB005);                         /* ST_EN, TMODE 3, SCL, SDA high */
	assert_false(r16(s, I2C1 + 0x3C) & 0x02);            /* SDA_I low */
	for (int i = 0; i < 5; i++) {
		w16(s, I2C1 + 0x3C, 0xB001);
		w16(s, I2C1 + 0x3C, 0xB005);
	}
	assert_true(r16(s, I2C1 + 0x3C) & 0x02);             /* released */
	assert_true(r16(s, I2C1 + I2C_STAT) & 0x1000);       /* no STOP seen yet */
	w16(s, I2C1 + 0x3C, 0xB004);                          /* SDA low, SCL high */
	w16(s, I2C1 + 0x3C, 0xB005);                          /* SDA rises: STOP */
	w16(s, I2C1 + 0x3C, 0);
	assert_false(r16(s, I2C1 + I2C_STAT) & 0x1000);
	w16(s, I2C1 + I2C_STAT, 0xFFFF);
	assert_int_equal(twl_read(s, 0x4B, 0x14, &b), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timing_100k),
		cmocka_unit_test(test_timing_400k),
		cmocka_unit_test(test_nack),
		cmocka_unit_test(test_access_rules),
		cmocka_unit_test(test_arbitration_lost),
		cmocka_unit_test(test_stuck_bus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
