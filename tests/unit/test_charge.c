// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/power/charge: the MADC and BCI conversions against the figures of
 * Linux's twl4030-madc.c and twl4030_charger.c, and the boot policy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lib/power/charge.h"

static void test_madc(void **state)
{
	/* VBAT, prescaler 1/4: full scale is 6 V */
	assert_int_equal(madc_code_mv(1023, 1, 4), 6000);
	assert_int_equal(madc_code_mv(0, 1, 4), 0);
	/* 3.5 V reads as code 597 (3.5 / 6 * 1023 = 596.75) */
	assert_int_equal(madc_code_mv(597, 1, 4), 3501);
	/* VBUS, 3/14: 1023 is 7 V; Linux's BCIVBUS step is 6.843 mV */
	assert_int_equal(madc_code_mv(1023, 3, 14), 7000);
	assert_int_equal(madc_code_mv(731, 3, 14), 5002);
	/* VAC, 15/100: 10 V full scale */
	assert_int_equal(madc_code_mv(1023, 15, 100), 10000);
}

static void test_ichg(void **state)
{
	/* 0.75 V at the amplifier is no current: code 511.5 */
	assert_int_equal(bci_code_ma(512, false), 1);
	assert_int_equal(bci_code_ma(511, false), -1);
	assert_int_equal(bci_code_ma(1023, false), 850);
	assert_int_equal(bci_code_ma(0, false), -850);
	assert_int_equal(bci_code_ma(1023, true), 1700);
	assert_int_equal(bci_code_ma(812, false), 499);
}

static void test_iref(void **state)
{
	assert_int_equal(bci_iref_code(0), 512);
	/* 500 mA, Linux's allow_usb target: 0x32C (BCIIREF2 3, BCIIREF1 0x2C) */
	assert_int_equal(bci_iref_code(500), 0x32C);
	assert_int_equal(bci_iref_code(100), 571);
	/* at most Letux's 852 mA, code 1023 */
	assert_int_equal(bci_iref_code(852), 1023);
	assert_int_equal(bci_iref_code(5000), 1023);
	/* the round trip stays within a step */
	for (unsigned ma = 10; ma <= 850; ma += 10) {
		int back = bci_code_ma(bci_iref_code(ma), false);

		assert_true(back <= (int)ma && back >= (int)ma - 2);
	}
}

static void test_pct(void **state)
{
	/* the table's points, at rest */
	assert_int_equal(battery_pct(3400, 0, 200), 0);
	assert_int_equal(battery_pct(3605, 0, 200), 5);
	assert_int_equal(battery_pct(3805, 0, 200), 50);
	assert_int_equal(battery_pct(4185, 0, 200), 100);
	/* between: linear, rounded down; beyond the ends: 0 and 100 */
	assert_int_equal(battery_pct(3502, 0, 200), 2);
	assert_int_equal(battery_pct(3000, 0, 200), 0);
	assert_int_equal(battery_pct(4300, 0, 200), 100);
	/* charging lifts VBAT by I x R: 3500 mV at 500 mA through 200 mOhm is
	 * an OCV of 3400 mV; discharging lowers it (3705 mV under 500 mA out
	 * is 3805 mV at rest) */
	assert_int_equal(battery_pct(3500, 500, 200), 0);
	assert_int_equal(battery_pct(3705, -500, 200), 50);
	/* never over 100 or under 0, whatever the current */
	assert_int_equal(battery_pct(0, 852, 1000), 0);
	assert_int_equal(battery_pct(6000, -1700, 1000), 100);
	/* rising with the voltage over the whole range */
	for (unsigned mv = 3300, last = 0; mv < 4300; mv++) {
		unsigned p = battery_pct(mv, 0, 200);

		assert_true(p >= last && p <= 100);
		last = p;
	}
}

static void test_decide(void **state)
{
	struct charge_state s = { .battery = true, .charger = true, .mv_known = true, .mv = 3499 };

	assert_int_equal(charge_decide(&s, 3500), CHARGE_WAIT);
	s.mv = 3500;
	assert_int_equal(charge_decide(&s, 3500), CHARGE_BOOT);
	s.mv = 3000;
	s.charger = false;
	assert_int_equal(charge_decide(&s, 3500), CHARGE_OFF_LOW);
	s.mv_known = false;
	assert_int_equal(charge_decide(&s, 3500), CHARGE_BOOT);
	s.battery = false;
	assert_int_equal(charge_decide(&s, 3500), CHARGE_OFF_NOTHING);
	s.charger = true;
	assert_int_equal(charge_decide(&s, 3500), CHARGE_BOOT);
	/* threshold 0: never holds the boot */
	s = (struct charge_state){ .battery = true, .mv_known = true, .mv = 2800 };
	assert_int_equal(charge_decide(&s, 0), CHARGE_BOOT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_madc),
		cmocka_unit_test(test_ichg),
		cmocka_unit_test(test_iref),
		cmocka_unit_test(test_pct),
		cmocka_unit_test(test_decide),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
