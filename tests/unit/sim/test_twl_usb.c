// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of what Linux's TWL4030 drivers need from the model beyond a
 * bootloader: the USB transceiver's registers (tools/sim/twl4030_usb.c, as
 * phy-twl4030-usb uses them) and the MADC's end-of-conversion interrupt
 * (twl4030-madc waits for it).
 */
#include "lib/bitops.h"
#include "tests/unit/sim/i2c_master.h"

static struct sim *setup(void)
{
	struct sim *s = storage_sim();

	i2c_setup(s, 9, 9, 3);
	return s;
}

static uint8_t reg(struct sim *s, uint8_t addr, uint8_t r)
{
	uint8_t v = 0;

	assert_int_equal(twl_read(s, addr, r, &v), 0);
	return v;
}

static void test_usb_ids_and_reset(void **state)
{
	struct sim *s = setup();

	assert_int_equal(reg(s, 0x48, 0x00) | reg(s, 0x48, 0x01) << 8, 0x0451);
	assert_int_equal(reg(s, 0x48, 0x02) | reg(s, 0x48, 0x03) << 8, 0x5710);
	assert_int_equal(reg(s, 0x48, 0x04), 0x41);      /* FUNC_CTRL */
	assert_int_equal(reg(s, 0x48, 0x0A), 0x06);      /* OTG_CTRL */
	assert_int_equal(reg(s, 0x48, 0xFD), 0x01);      /* PHY powered down */
	assert_int_equal(reg(s, 0x48, 0xFF), 0x00);      /* no DPLL clock */
	assert_int_equal(reg(s, 0x48, 0xBB), 0x10);      /* ID floats */
	/* IDs are read-only */
	assert_int_equal(twl_write(s, 0x48, 0x00, 0x00), 0);
	assert_int_equal(reg(s, 0x48, 0x00), 0x51);
}

static void test_usb_phy_clock(void **state)
{
	struct sim *s = setup();

	/* requested while the PHY is powered down: no clock */
	assert_int_equal(twl_write(s, 0x48, 0xFE, 0x01), 0);
	assert_int_equal(reg(s, 0x48, 0xFF), 0x00);
	/* ULPI registers keep their value without the clock */
	assert_int_equal(twl_write(s, 0x48, 0x09, 0xFF), 0);  /* IFC_CTRL CLR */
	assert_int_equal(twl_write(s, 0x48, 0x06, 0x18), 0);  /* FUNC_CTRL CLR */
	assert_int_equal(reg(s, 0x48, 0x04), 0x41);
	/* powered: the clock runs, and the ULPI registers take writes */
	assert_int_equal(twl_write(s, 0x48, 0xFD, 0x00), 0);
	assert_int_equal(reg(s, 0x48, 0xFF), 0x01);
	assert_int_equal(twl_write(s, 0x48, 0x06, 0x01), 0);  /* CLR bit 0 */
	assert_int_equal(reg(s, 0x48, 0x04), 0x40);
	assert_int_equal(twl_write(s, 0x48, 0x05, 0x18), 0);  /* SET bits 3-4 */
	assert_int_equal(reg(s, 0x48, 0x04), 0x58);
	assert_int_equal(reg(s, 0x48, 0x05), 0x58);            /* aliases read it */
	assert_int_equal(twl_write(s, 0x48, 0x04, 0x41), 0);
	assert_int_equal(reg(s, 0x48, 0x04), 0x41);
	/* the request withdrawn: the clock stops */
	assert_int_equal(twl_write(s, 0x48, 0xFE, 0x06), 0);
	assert_int_equal(reg(s, 0x48, 0xFF), 0x00);
	/* POWER_CTRL is not in the PHY's clock domain */
	assert_int_equal(twl_write(s, 0x48, 0xAD, 0x20), 0);
	assert_int_equal(reg(s, 0x48, 0xAC), 0x20);
	assert_int_equal(twl_write(s, 0x48, 0xAE, 0x20), 0);
	assert_int_equal(reg(s, 0x48, 0xAC), 0x00);
}

static void test_usb_unmodelled_stops(void **state)
{
	struct sim *s = setup();
	uint8_t v;

	twl_read(s, 0x48, 0x20, &v);
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "TWL4030 0x48:0x20 not modelled"));
}

/* SW1 conversion of channel 12 with the MADC's interrupt unmasked on
 * line 1; the interrupt comes with time, with no register read. */
static void test_madc_interrupt(void **state)
{
	struct sim *s = setup();

	assert_int_equal(twl_write(s, 0x49, 0x91, 0x80), 0);  /* MADC_HFCLK_EN alone */
	assert_int_equal(twl_write(s, 0x4A, 0x00, 0x01), 0);  /* MADC_ON */
	assert_int_equal(twl_write(s, 0x4A, 0x62, 0xFD), 0);  /* IMR1: SW1 unmasked */
	assert_int_equal(twl_write(s, 0x4A, 0x64, 0xFF), 0);  /* IMR2: all masked */
	assert_int_equal(twl_write(s, 0x4A, 0x06, 0x00), 0);
	assert_int_equal(twl_write(s, 0x4A, 0x07, 0x10), 0);  /* channel 12 */
	assert_int_equal(reg(s, 0x49, 0x81), 0);                /* PIH: nothing */
	assert_int_equal(twl_write(s, 0x4A, 0x12, 0x20), 0);  /* SW1 start */
	run_for(s, 2 * PS_PER_MS);
	/* sys_nirq (INTC input 7, raw status in ITR0) follows INT1 */
	assert_int_equal(rd(s, 0x48200080) & BIT(7), BIT(7));
	assert_int_equal(reg(s, 0x49, 0x81) & BIT(3), BIT(3));  /* PIH: MADC */
	assert_int_equal(reg(s, 0x49, 0x82) & BIT(3), 0);       /* line 2 masked */
	assert_int_equal(reg(s, 0x4A, 0x61) & BIT(1), BIT(1));  /* ISR1.SW1 */
	/* clear by writing 1 (SIH_CTRL.COR = 0) */
	assert_int_equal(twl_write(s, 0x4A, 0x61, 0x02), 0);
	assert_int_equal(reg(s, 0x4A, 0x61) & BIT(1), 0);
	assert_int_equal(reg(s, 0x49, 0x81) & BIT(3), 0);
	assert_int_equal(rd(s, 0x48200080) & BIT(7), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_usb_ids_and_reset),
		cmocka_unit_test(test_usb_phy_clock),
		cmocka_unit_test(test_usb_unmodelled_stops),
		cmocka_unit_test(test_madc_interrupt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
