// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the TWL4030 RTC (tools/sim/twl4030_rtc.c) through the I2C1
 * model, with the register sequences of Linux's rtc-twl.c: the probe
 * (POWER_UP seen and cleared, the counter started), read_time (GET_TIME,
 * then SECONDS..YEARS), set_time (stop, write, start), the alarm and the
 * periodic interrupt (RTC_IT in PWR_ISR1), and what the model refuses.
 */
#include "lib/bitops.h"
#include "tests/unit/sim/i2c_master.h"

#define RTC 0x1C
#define CTRL (RTC + 13)
#define STATUS (RTC + 14)
#define INTS (RTC + 15)
#define ALARM (RTC + 7)
#define PWR_ISR1 0x2E

static struct sim *setup(void)
{
	struct sim *s = storage_sim();

	/* WDT2 stopped (AAAA, 5555), so that minutes can pass */
	wr(s, 0x48314048, 0xAAAA);
	run_for(s, PS_PER_MS);
	wr(s, 0x48314048, 0x5555);
	run_for(s, PS_PER_MS);
	i2c_setup(s, 9, 9, 3);
	return s;
}

static uint8_t get(struct sim *s, uint8_t reg)
{
	uint8_t v = 0xEE;

	assert_int_equal(twl_read(s, 0x4B, reg, &v), 0);
	return v;
}

static void put(struct sim *s, uint8_t reg, uint8_t v)
{
	assert_int_equal(twl_write(s, 0x4B, reg, v), 0);
}

/* rtc-twl's probe: POWER_UP cleared by writing back what was read, the
 * counter started when STOP_RTC reads 0, interrupts off. */
static void probe(struct sim *s)
{
	uint8_t st = get(s, STATUS);

	put(s, STATUS, st);
	if (!(get(s, CTRL) & 1))
		put(s, CTRL, 1);
	put(s, INTS, 0);
}

/* rtc-twl's read_time: GET_TIME, then six registers (BCD) */
static void read_time(struct sim *s, uint8_t t[6])
{
	put(s, CTRL, get(s, CTRL) | BIT(6));
	for (int i = 0; i < 6; i++)
		t[i] = get(s, RTC + i);
}

static void set_time(struct sim *s, const uint8_t t[6])
{
	uint8_t ctrl = get(s, CTRL);

	put(s, CTRL, ctrl & ~1);
	for (int i = 0; i < 6; i++)
		put(s, RTC + i, t[i]);
	put(s, CTRL, ctrl | 1);
}

static void expect_time(struct sim *s, uint8_t y, uint8_t mo, uint8_t d, uint8_t h,
			uint8_t mi, uint8_t se)
{
	uint8_t t[6];

	read_time(s, t);
	assert_int_equal(t[5], y);
	assert_int_equal(t[4], mo);
	assert_int_equal(t[3], d);
	assert_int_equal(t[2], h);
	assert_int_equal(t[1], mi);
	assert_int_equal(t[0], se);
}

static void test_power_up_and_probe(void **state)
{
	struct sim *s = setup();
	static const uint8_t reset[18] = { 0, 0, 0, 1, 1, 0, 0,  0, 0, 0, 1, 1, 0,
					   0, 0x80, 0, 0, 0 };

	/* 2000-01-01 00:00:00, stopped, POWER_UP set: a date Linux's
	 * rtc_valid_tm() accepts (DAYS and MONTHS count from 1) */
	for (int i = 0; i < 18; i++)
		assert_int_equal(get(s, RTC + i), reset[i]);
	run_for(s, 2 * PS_PER_S);
	assert_int_equal(get(s, RTC), 0);        /* stopped: not counting */
	probe(s);
	assert_int_equal(get(s, STATUS), 0x02);  /* POWER_UP cleared, RUN */
	assert_int_equal(get(s, CTRL), 0x01);
	run_for(s, 61 * PS_PER_S + PS_PER_S / 2);
	expect_time(s, 0x00, 0x01, 0x01, 0x00, 0x01, 0x01);
	assert_int_equal(s->result, SIM_RUNNING);
}

static void test_get_time_freezes_a_copy(void **state)
{
	struct sim *s = setup();

	probe(s);
	run_for(s, 5 * PS_PER_S + PS_PER_S / 2);
	put(s, CTRL, 0x41);
	run_for(s, 3 * PS_PER_S);
	assert_int_equal(get(s, RTC), 0x05);     /* the copy made at GET_TIME */
	put(s, CTRL, 0x41);
	assert_int_equal(get(s, RTC), 0x08);
	put(s, CTRL, 0x01);
	assert_int_equal(get(s, RTC), 0x08);     /* live again */
	/* reading often does not slow the clock down */
	for (int i = 0; i < 10; i++) {
		put(s, CTRL, 0x41);
		run_for(s, PS_PER_S * 3 / 10);
	}
	assert_int_equal(get(s, RTC), 0x11);
}

static void test_calendar(void **state)
{
	struct sim *s = setup();
	static const uint8_t leap[6] = { 0x59, 0x59, 0x23, 0x28, 0x02, 0x24 };
	static const uint8_t plain[6] = { 0x59, 0x59, 0x23, 0x28, 0x02, 0x23 };
	static const uint8_t year_end[6] = { 0x58, 0x59, 0x23, 0x31, 0x12, 0x26 };

	probe(s);
	set_time(s, leap);
	run_for(s, PS_PER_S + PS_PER_S / 2);
	expect_time(s, 0x24, 0x02, 0x29, 0x00, 0x00, 0x00);
	set_time(s, plain);
	run_for(s, PS_PER_S + PS_PER_S / 2);
	expect_time(s, 0x23, 0x03, 0x01, 0x00, 0x00, 0x00);
	set_time(s, year_end);
	run_for(s, 3 * PS_PER_S + PS_PER_S / 2);
	expect_time(s, 0x27, 0x01, 0x01, 0x00, 0x00, 0x01);
	/* the day of the week counts with the days, from what was written */
	put(s, CTRL, 0);
	put(s, RTC + 6, 5);
	put(s, RTC + 2, 0x23);
	put(s, RTC + 1, 0x59);
	put(s, RTC, 0x59);
	put(s, CTRL, 1);
	run_for(s, PS_PER_S + PS_PER_S / 2);
	assert_int_equal(get(s, RTC + 6), 6);
}

static void test_alarm_interrupt(void **state)
{
	struct sim *s = setup();
	static const uint8_t alarm[6] = { 0x03, 0x00, 0x00, 0x01, 0x01, 0x00 };

	probe(s);
	assert_int_equal(get(s, PWR_ISR1) & BIT(3), 0);
	for (int i = 0; i < 6; i++)
		put(s, ALARM + i, alarm[i]);
	put(s, INTS, BIT(3));                    /* IT_ALARM */
	run_for(s, 2 * PS_PER_S);
	assert_int_equal(get(s, STATUS) & BIT(6), 0);
	assert_int_equal(get(s, PWR_ISR1) & BIT(3), 0);
	run_for(s, 2 * PS_PER_S);
	assert_int_equal(get(s, STATUS) & BIT(6), BIT(6));
	assert_int_equal(get(s, PWR_ISR1) & BIT(3), BIT(3));
	/* rtc-twl's handler: ALARM cleared by writing 1, RTC_IT by writing 1 */
	put(s, STATUS, get(s, STATUS) | BIT(6));
	assert_int_equal(get(s, STATUS) & BIT(6), 0);
	put(s, PWR_ISR1, BIT(3));
	assert_int_equal(get(s, PWR_ISR1) & BIT(3), 0);
	/* once a second with IT_TIMER and EVERY = 0 */
	put(s, INTS, BIT(2));
	run_for(s, PS_PER_S + PS_PER_S / 10);
	assert_int_equal(get(s, PWR_ISR1) & BIT(3), BIT(3));
	assert_int_equal(get(s, STATUS) & BIT(6), 0);
}

static void test_refused(void **state)
{
	struct sim *s = setup();

	twl_write(s, 0x4B, CTRL, 0x08);          /* 12-hour mode */
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "RTC_CTRL_REG = 0x08"));

	s = setup();
	twl_write(s, 0x4B, RTC + 4, 0x13);       /* month 13 */
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "MONTHS_REG = 0x13"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_power_up_and_probe),
		cmocka_unit_test(test_get_time_freezes_a_copy),
		cmocka_unit_test(test_calendar),
		cmocka_unit_test(test_alarm_interrupt),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
