// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the TWL4030 model (tools/sim/twl4030.c) through the I2C1
 * model: VMMC1, VPLL2, BB_CFG, PROTECT_KEY, DEVOFF, IDCODE, MADC, backup
 * registers, the power button and unmodelled registers.
 */
#include "lib/bitops.h"
#include "tests/unit/sim/i2c_master.h"
#include "tools/sim/battery.h"

static struct sim *setup(void)
{
	struct sim *s = storage_sim();

	i2c_setup(s, 9, 9, 3);
	return s;
}

static void test_vmmc1(void **state)
{
	struct sim *s = setup();

	assert_int_equal(twl4030_vmmc1_mv(s), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x85, 3), 0);
	assert_int_equal(twl4030_vmmc1_mv(s), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x82, 0x20), 0);
	assert_int_equal(twl4030_vmmc1_mv(s), 0);          /* ramping */
	run_for(s, PS_PER_MS);
	assert_int_equal(twl4030_vmmc1_mv(s), 3150);
	assert_int_equal(twl_write(s, 0x4B, 0x85, 2), 0);
	assert_int_equal(twl4030_vmmc1_mv(s), 3000);
	assert_int_equal(twl_write(s, 0x4B, 0x82, 0), 0);
	assert_int_equal(twl4030_vmmc1_mv(s), 0);
	/* what the ROM leaves after an SD boot: on at once */
	twl4030_set_vmmc1(s, true);
	assert_int_equal(twl4030_vmmc1_mv(s), 3150);
}

static void test_vpll2(void **state)
{
	struct sim *s = setup();

	assert_int_equal(twl4030_vpll2_mv(s), 0);          /* off at power-on */
	assert_int_equal(twl_write(s, 0x4B, 0x91, 5), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x8E, 0xE0), 0);
	assert_int_equal(twl4030_vpll2_mv(s), 0);          /* ramping */
	run_for(s, 100 * PS_PER_US);
	assert_int_equal(twl4030_vpll2_mv(s), 1800);
	assert_int_equal(twl_write(s, 0x4B, 0x91, 0xB), 0);
	assert_int_equal(twl4030_vpll2_mv(s), 3000);
	assert_int_equal(twl_write(s, 0x4B, 0x8E, 0), 0);
	assert_int_equal(twl4030_vpll2_mv(s), 0);
}

static void test_bb_cfg_and_backup(void **state)
{
	struct sim *s = setup();
	uint8_t v = 0;

	assert_int_equal(twl_write(s, 0x4B, 0x6D, 0x1D), 0);
	assert_int_equal(s->bb_cfg, 0x1D);
	assert_int_equal(twl_read(s, 0x4B, 0x6D, &v), 0);
	assert_int_equal(v, 0x1D);
	for (int i = 0; i < 8; i++)
		assert_int_equal(twl_write(s, 0x4B, 0x14 + i, 0xA0 + i), 0);
	for (int i = 0; i < 8; i++) {
		assert_int_equal(twl_read(s, 0x4B, 0x14 + i, &v), 0);
		assert_int_equal(v, 0xA0 + i);
	}
}

static void test_protect_key_devoff(void **state)
{
	struct sim *s = setup();
	uint8_t v = 0;

	assert_int_equal(twl_read(s, 0x4B, 0x36, &v), 0);
	assert_int_equal(v, 0x33);         /* PWON, CHG, VBAT, VBUS */
	/* locked: ignored */
	assert_int_equal(twl_write(s, 0x4B, 0x36, 0x01), 0);
	assert_int_equal(twl_read(s, 0x4B, 0x36, &v), 0);
	assert_int_equal(v, 0x33);
	/* a wrong second byte does not unlock */
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0xCE), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0x0C), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x36, 0x01), 0);
	assert_int_equal(twl_read(s, 0x4B, 0x36, &v), 0);
	assert_int_equal(v, 0x33);
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0xCE), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0xEC), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x36, 0x01), 0);
	assert_int_equal(twl_read(s, 0x4B, 0x36, &v), 0);
	assert_int_equal(v, 0x01);
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0x00), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x36, 0x11), 0);
	assert_int_equal(twl_read(s, 0x4B, 0x36, &v), 0);
	assert_int_equal(v, 0x01);
	assert_int_equal(s->result, SIM_RUNNING);
	twl_write(s, 0x4B, 0x46, 0x01);   /* the run ends inside the transfer */
	assert_int_equal(s->result, SIM_POWEROFF);
}

/* DEVOFF with a start-on source present: the board starts again while
 * that source's STARTON bit is set in any CFG_Pn_TRANSITION. */
static void devoff_with(bool vbus, bool charger, uint8_t cfg, enum sim_result want)
{
	struct sim *s;

	s = setup();
	s->cfg.vbus = vbus;
	s->cfg.charger = charger;
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0xC0), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0x0C), 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(twl_write(s, 0x4B, 0x36 + i, i == 2 ? cfg : 0x11), 0);
	assert_int_equal(twl_write(s, 0x4B, 0x44, 0x00), 0);
	twl_write(s, 0x4B, 0x46, 0x01);
	assert_int_equal(s->result, want);
}

static void test_devoff_start_on_events(void **state)
{
	uint8_t v = 0;
	struct sim *s = setup();

	s->cfg.vbus = s->cfg.charger = true;
	assert_int_equal(twl_read(s, 0x4B, 0x45, &v), 0);
	assert_int_equal(v, 0x82);             /* STS_HW_CONDITIONS: VBUS, CHG */
	devoff_with(true, false, 0x31, SIM_RESET);     /* STARTON_VBUS in P3 */
	devoff_with(true, false, 0x13, SIM_POWEROFF);
	devoff_with(false, true, 0x13, SIM_RESET);     /* STARTON_CHG */
	devoff_with(false, true, 0x31, SIM_POWEROFF);
	devoff_with(false, false, 0x33, SIM_POWEROFF); /* nothing attached */
}

static void test_idcode(void **state)
{
	struct sim *s = setup();
	uint8_t b[4];

	for (int i = 0; i < 4; i++) {
		assert_int_equal(twl_read(s, 0x49, 0x85 + i, &b[i]), 0);
		assert_int_equal(b[i], 0);
	}
	assert_int_equal(twl_write(s, 0x49, 0x97, 0x49), 0);
	for (int i = 0; i < 4; i++)
		assert_int_equal(twl_read(s, 0x49, 0x85 + i, &b[i]), 0);
	assert_int_equal(get_le32(b) & 0xFFF, 0x02F);       /* TI JEDEC code */
	assert_int_equal(twl_write(s, 0x49, 0x97, 0), 0);
	assert_int_equal(twl_read(s, 0x49, 0x85, &b[0]), 0);
	assert_int_equal(b[0], 0);
}

static unsigned madc_read(struct sim *s, unsigned ch, bool clocks)
{
	uint8_t lsb, msb, ctrl = 0;
	int i;

	if (clocks)
		assert_int_equal(twl_write(s, 0x49, 0x91, 0x90), 0);
	assert_int_equal(twl_write(s, 0x4A, 0x00, 0x01), 0);
	assert_int_equal(twl_write(s, 0x4A, 0x06, (uint8_t)(1u << ch)), 0);
	assert_int_equal(twl_write(s, 0x4A, 0x07, (uint8_t)((1u << ch) >> 8)), 0);
	assert_int_equal(twl_write(s, 0x4A, 0x12, 0x20), 0);
	for (i = 0; i < 100; i++) {
		assert_int_equal(twl_read(s, 0x4A, 0x12, &ctrl), 0);
		if ((ctrl & 3) == 2)
			break;
	}
	if (i == 100)
		return ~0u;
	assert_int_equal(twl_read(s, 0x4A, 0x37 + 2 * ch, &lsb), 0);
	assert_int_equal(twl_read(s, 0x4A, 0x38 + 2 * ch, &msb), 0);
	return (unsigned)(msb << 2 | lsb >> 6);
}

static void test_madc(void **state)
{
	struct sim *s = setup();
	unsigned raw;

	assert_int_equal(madc_read(s, 12, false), ~0u);    /* no clocks: no EOC */
	/* BCICTL1.MESBAT off: the battery divider is not connected */
	assert_int_equal(madc_read(s, 12, true), 0);
	assert_int_equal(twl_write(s, 0x4A, 0x97, 0x02), 0);
	raw = madc_read(s, 12, true);
	/* the cell's terminal voltage (battery.c: OCV 3800 mV less the
	 * board's draw through its resistance), 10-bit after 1/4 */
	assert_in_range(raw * 1500 * 4 / 1023, battery_terminal_mv(s) - 6,
			battery_terminal_mv(s));
	assert_in_range(battery_terminal_mv(s), 3700, 3799);
	raw = madc_read(s, 9, true);
	assert_in_range(raw * 1500 * 3 / 1023, 2990, 3000);
}

/* The LED driver's registers, LEDEN to PWMBOFF (0x4A:0xEE-0xF2), as
 * storage: pwm-twl-led.c writes each LED's ON/OFF pair in one transfer */
static void test_led_pwm_registers(void **state)
{
	struct sim *s = setup();
	uint8_t v = 0xFF;

	for (uint8_t r = 0xEE; r <= 0xF2; r++) {
		assert_int_equal(twl_read(s, 0x4A, r, &v), 0);
		assert_int_equal(v, 0);
		assert_int_equal(twl_write(s, 0x4A, r, r - 0xE0), 0);
		assert_int_equal(twl_read(s, 0x4A, r, &v), 0);
		assert_int_equal(v, r - 0xE0);
	}
	twl_read(s, 0x4A, 0xF3, &v);
	assert_int_equal(s->result, SIM_FAULT);
}

static void test_power_button_and_unmodelled(void **state)
{
	struct sim *s = setup();
	uint8_t v = 0xFF;

	assert_int_equal(twl_read(s, 0x4B, 0x45, &v), 0);
	assert_int_equal(v & 1, 0);
	s->cfg.power_button = true;
	assert_int_equal(twl_read(s, 0x4B, 0x45, &v), 0);
	assert_int_equal(v & 1, 1);
	twl_read(s, 0x4B, 0xF5, &v);
	assert_int_equal(s->result, SIM_FAULT);
	assert_string_equal(s->result_msg, "TWL4030 0x4B:0xF5 not modelled");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vmmc1),
		cmocka_unit_test(test_vpll2),
		cmocka_unit_test(test_bb_cfg_and_backup),
		cmocka_unit_test(test_protect_key_devoff),
		cmocka_unit_test(test_devoff_start_on_events),
		cmocka_unit_test(test_idcode),
		cmocka_unit_test(test_madc),
		cmocka_unit_test(test_led_pwm_registers),
		cmocka_unit_test(test_power_button_and_unmodelled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
