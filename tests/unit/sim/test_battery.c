// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the battery model (tools/sim/battery.c) through the I2C1
 * and TWL4030 models: the OCV table, charge and discharge over virtual
 * time, the BCI's key sequences, USB 100/500 mA, AC, the hardware
 * precharge, VBUS sag, unplugging, the MADC's battery channels and the
 * under-voltage lock-out with its restart.
 */
#include "lib/bitops.h"
#include "tests/unit/sim/i2c_master.h"
#include "tools/sim/battery.h"

/* a machine with the cell set up by cfg (before the models come up) */
static struct sim *setup_with(unsigned soc_centi, unsigned mah, bool vbus, bool ac)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	s->cfg.battery_soc_set = true;
	s->cfg.battery_soc_centi = soc_centi;
	s->cfg.battery_mah = mah;
	s->cfg.vbus = vbus;
	s->cfg.charger = ac;
	storage_sim_up(s);
	i2c_setup(s, 9, 9, 3);
	return s;
}

static uint8_t rd8(struct sim *s, uint8_t slave, uint8_t reg)
{
	uint8_t v = 0xEE;

	assert_int_equal(twl_read(s, slave, reg, &v), 0);
	return v;
}

static void wr8(struct sim *s, uint8_t slave, uint8_t reg, uint8_t v)
{
	assert_int_equal(twl_write(s, slave, reg, v), 0);
}

/* What the charger delivers: the cell's current plus the board's draw. */
static int charger_ma(struct sim *s)
{
	run_for(s, 2 * PS_PER_MS);   /* the flows of the settings now */
	return battery_cell_ma(s) + battery_board_ma(s);
}

static unsigned madc_read(struct sim *s, unsigned ch)
{
	uint8_t lsb, msb, ctrl = 0;
	int i;

	wr8(s, 0x49, 0x91, 0x90);
	wr8(s, 0x4A, 0x00, 0x01);
	wr8(s, 0x4A, 0x06, (uint8_t)(1u << ch));
	wr8(s, 0x4A, 0x07, (uint8_t)((1u << ch) >> 8));
	wr8(s, 0x4A, 0x12, 0x20);
	for (i = 0; i < 100; i++) {
		ctrl = rd8(s, 0x4A, 0x12);
		if ((ctrl & 3) == 2)
			break;
	}
	assert_true(i < 100);
	lsb = rd8(s, 0x4A, 0x37 + 2 * ch);
	msb = rd8(s, 0x4A, 0x38 + 2 * ch);
	return (unsigned)(msb << 2 | lsb >> 6);
}

static void test_ocv_table(void **state)
{
	unsigned prev = 0;

	assert_int_equal(battery_ocv_mv(10000), 4200);
	assert_int_equal(battery_ocv_mv(0), 2500);
	assert_int_equal(battery_ocv_mv(4000), 3800);
	assert_int_equal(battery_ocv_mv(100), 3200);
	for (unsigned c = 0; c <= 10000; c += 10) {
		assert_true(battery_ocv_mv(c) >= prev);
		prev = battery_ocv_mv(c);
	}
	/* --battery-mv is the initial OCV */
	{
		struct sim *s = simtest_new(SOC_OMAP3530);

		s->cfg.battery_mv = 3800;
		simtest_init(s);
		assert_in_range(battery_soc_centi(s), 3990, 4010);
	}
}

static void test_discharge_integration(void **state)
{
	struct sim *s = setup_with(5000, 10, false, false);
	unsigned soc0 = battery_soc_centi(s);
	int load = battery_board_ma(s), ocv = battery_ocv_mv(soc0);
	double want;

	assert_true(load > 50);
	assert_int_equal(battery_cell_ma(s), -load);
	/* terminal = OCV - I * R (200 mOhm) */
	assert_in_range(battery_terminal_mv(s), ocv - load / 5 - 2, ocv - load / 5 + 2);
	run_for(s, 5 * PS_PER_S);   /* (WDT2, never stopped here, runs out at 10 s) */
	/* load mA for 5 s from 10 mAh, in 0.01 % */
	want = load * 5.0 / 3600 / 10 * 10000;
	assert_in_range(soc0 - battery_soc_centi(s), (unsigned)(want * 0.97),
			(unsigned)(want * 1.03));
	/* nothing charges above the precharge threshold without software */
	assert_int_equal(rd8(s, 0x4A, 0x76) & 0x0F, 0);
}

static void test_precharge_below_threshold(void **state)
{
	struct sim *s = setup_with(60, 10, true, false);   /* OCV ~3.04 V, USB */
	unsigned soc0 = battery_soc_centi(s);

	assert_int_equal(charger_ma(s), BAT_PRECHARGE_MA);
	assert_int_equal(rd8(s, 0x4A, 0x76), 0x11);         /* precharge, USB path */
	assert_int_equal(rd8(s, 0x4B, 0x45) & 0x80, 0x80);  /* STS_HW_CONDITIONS.VBUS */
	/* the board's draw is more than the precharge: the cell still drains */
	run_for(s, PS_PER_S);
	assert_true(battery_soc_centi(s) < soc0);
	/* no board: the precharge lifts it (main.c's restart search) */
	{
		const char *why = NULL;
		uint64_t t = battery_next_start_ps(s, 0, &why);

		assert_true(t != UINT64_MAX && t > s->now_ps);
		assert_true(battery_ocv_mv(battery_soc_centi(s)) >= BAT_START_MV - 20);
	}
}

static void test_bci_keys(void **state)
{
	struct sim *s = setup_with(5000, 1200, false, false);

	assert_int_equal(rd8(s, 0x4A, 0x9C), 0x03);         /* BCIIREF2 at reset */
	wr8(s, 0x4A, 0x9B, 0x55);                           /* no key: ignored */
	assert_int_equal(rd8(s, 0x4A, 0x9B), 0x00);
	wr8(s, 0x4A, 0x85, 0xE7);                           /* BCIMFKEY */
	wr8(s, 0x4A, 0x9B, 0x55);
	assert_int_equal(rd8(s, 0x4A, 0x9B), 0x55);
	wr8(s, 0x4A, 0x9B, 0x66);                           /* one write per key */
	assert_int_equal(rd8(s, 0x4A, 0x9B), 0x55);
	wr8(s, 0x4A, 0x85, 0xE7);                           /* not BCIMFTH8's key */
	wr8(s, 0x4A, 0x91, 0x12);
	assert_int_equal(rd8(s, 0x4A, 0x91), 0x00);
	wr8(s, 0x4A, 0x85, 0xF4);
	wr8(s, 0x4A, 0x91, 0x12);
	assert_int_equal(rd8(s, 0x4A, 0x91), 0x12);
	wr8(s, 0x4A, 0x85, 0x9C);                           /* BCIMFEN3 */
	wr8(s, 0x4A, 0x88, 0xF0);
	assert_int_equal(rd8(s, 0x4A, 0x88), 0xF0);
	wr8(s, 0x4A, 0x85, 0xE7);                           /* BCIMFTH9 */
	wr8(s, 0x4A, 0x92, 0xA0);
	assert_int_equal(rd8(s, 0x4A, 0x92), 0xA0);
	/* BCIMFSTS4 and BOOT_BCI need no key; the status registers are read-only */
	wr8(s, 0x4A, 0x84, 0x04);
	assert_int_equal(rd8(s, 0x4A, 0x84), 0x04);
	wr8(s, 0x4B, 0x3D, 0x32);
	assert_int_equal(rd8(s, 0x4B, 0x3D), 0x32);
	wr8(s, 0x4A, 0x83, 0x00);
	assert_int_equal(rd8(s, 0x4A, 0x83), 0x40);         /* BATSTSMCHG: a battery */
	assert_int_equal(rd8(s, 0x4A, 0xAB), 0x04);         /* BATSTSPCHG */
}

/* BCIIREF = code: 0x3FF is 850 mA (TI's formula), as Letux sets it */
static void iref_max(struct sim *s)
{
	wr8(s, 0x4A, 0x85, 0xE7);
	wr8(s, 0x4A, 0x9C, 0x03);
	wr8(s, 0x4A, 0x85, 0xE7);
	wr8(s, 0x4A, 0x9B, 0xFF);
}

static void test_usb_100_500(void **state)
{
	struct sim *s = setup_with(4000, 1200, true, false);

	assert_int_equal(charger_ma(s), 0);                 /* above precharge, no software */
	wr8(s, 0x4B, 0x3D, 0x32);                           /* BCIAUTOUSB, CONFIG_DONE, AUTOWEN */
	assert_int_equal(charger_ma(s), 100);               /* USB before USBFASTMCHG */
	assert_int_equal(rd8(s, 0x4A, 0x76), 0x12);         /* QUICK1, USB path */
	iref_max(s);
	wr8(s, 0x4A, 0x84, 0x04);                           /* USBFASTMCHG, PHY off */
	assert_int_equal(charger_ma(s), 100);
	twl4030_rom_usb_phy(s);                             /* the PHY powered */
	assert_int_equal(charger_ma(s), 500);               /* the port's limit */
	/* a 100 mA port */
	s = setup_with(4000, 1200, true, false);
	s->batt = NULL;
	s->cfg.usb_limit_ma = 100;
	battery_attach(s);
	wr8(s, 0x4B, 0x3D, 0x32);
	iref_max(s);
	wr8(s, 0x4A, 0x84, 0x04);
	twl4030_rom_usb_phy(s);
	assert_int_equal(charger_ma(s), 100);
	/* off again: BCIMDKEY 0x2A and BCIAUTOUSB cleared (Linux's disable) */
	wr8(s, 0x4B, 0x3D, 0x30);
	wr8(s, 0x4A, 0x75, 0x2A);
	assert_int_equal(charger_ma(s), 0);
	/* Linux's linear mode: BCIMDKEY 0x26 */
	wr8(s, 0x4A, 0x75, 0x26);
	assert_int_equal(charger_ma(s), 100);
}

static void test_ac(void **state)
{
	struct sim *s = setup_with(4000, 1200, false, true);
	int ma;

	assert_int_equal(rd8(s, 0x4B, 0x45) & 0x82, 0x02);  /* STS_HW_CONDITIONS.CHG */
	assert_int_equal(charger_ma(s), 0);
	wr8(s, 0x4B, 0x3D, 0x31);                            /* BCIAUTOAC */
	assert_in_range(charger_ma(s), 420, 430);            /* reset BCIIREF: 0x300 */
	iref_max(s);
	ma = charger_ma(s);
	assert_in_range(ma, 845, 852);
	assert_int_equal(rd8(s, 0x4A, 0x76), 0x22);          /* QUICK1, AC path */
	/* BCICTL1.CGAIN doubles it: the adapter's 1 A caps it */
	wr8(s, 0x4A, 0x97, 0x20);
	assert_int_equal(charger_ma(s), 1000);
	/* near full: constant voltage at 4.2 V, then complete */
	s = setup_with(9990, 1200, false, true);
	wr8(s, 0x4B, 0x3D, 0x31);
	run_for(s, 2 * PS_PER_MS);
	assert_in_range(battery_terminal_mv(s), 4195, 4200);
	assert_int_equal(rd8(s, 0x4A, 0x76) & 0x0F, 0x0B);   /* COMPLETE1 */
}

static void test_vbus_sag_and_unplug(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	s->cfg.battery_soc_set = true;
	s->cfg.battery_soc_centi = 4000;
	s->cfg.vbus = true;
	s->cfg.vbus_sag_mv = 800;            /* 800 mV at 500 mA */
	s->cfg.unplug_ps = 3 * PS_PER_S;
	storage_sim_up(s);
	i2c_setup(s, 9, 9, 3);
	wr8(s, 0x4B, 0x3D, 0x32);
	assert_int_equal(charger_ma(s), 100);                /* 4840 mV: charging */
	iref_max(s);
	wr8(s, 0x4A, 0x84, 0x04);
	twl4030_rom_usb_phy(s);
	assert_int_equal(charger_ma(s), 0);                  /* 4200 mV < 4400: stops */
	assert_int_equal(rd8(s, 0x4A, 0x76) & 0x30, 0);
	run_for(s, 3 * PS_PER_S);
	assert_int_equal(rd8(s, 0x4B, 0x45) & 0x80, 0);      /* unplugged */
	assert_int_equal(madc_read(s, 8), 0);
}

static void test_madc_channels(void **state)
{
	struct sim *s = setup_with(4000, 1200, true, true);
	unsigned raw;

	/* VBUS through 3/14, VAC through 15/100: 5 V each */
	raw = madc_read(s, 8);
	assert_in_range(raw * 1500 * 14 / 3 / 1023, 4980, 5000);
	raw = madc_read(s, 11);
	assert_in_range(raw * 1500 * 100 / 15 / 1023, 4980, 5000);
	/* VBAT: 0 until MESBAT, then the terminal voltage through 1/4 */
	assert_int_equal(madc_read(s, 12), 0);
	wr8(s, 0x4A, 0x97, 0x02);
	raw = madc_read(s, 12);
	assert_in_range(raw * 1500 * 4 / 1023, battery_terminal_mv(s) - 6,
			battery_terminal_mv(s));
	/* ICHG: 0.75 V at no current, less while the board draws */
	raw = madc_read(s, 10);
	assert_in_range(raw, 400, 511);
	/* BTEMP and BTYPE: their current sources */
	assert_int_equal(madc_read(s, 1), 0);
	wr8(s, 0x4A, 0x97, 0x1A);                           /* MESBAT, ITHEN, TYPEN */
	raw = madc_read(s, 1);
	assert_in_range(raw, 67, 69);                       /* 0.1 V: 10 kOhm at 25 C */
	raw = madc_read(s, 0);
	assert_in_range(raw, 203, 205);                     /* 0.3 V */
	/* the BCI's own results: BCIVBAT in 5.88 mV steps */
	raw = rd8(s, 0x4A, 0x78) | (rd8(s, 0x4A, 0x79) & 3) << 8;
	assert_in_range(raw * 588 / 100, battery_terminal_mv(s) - 6, battery_terminal_mv(s) + 6);
	raw = rd8(s, 0x4A, 0x80) | (rd8(s, 0x4A, 0x81) & 3) << 8;
	assert_in_range(raw * 6843 / 1000, 4990, 5000);
	/* no battery: the pins float to full scale, the presence bits clear */
	s = simtest_new(SOC_OMAP3530);
	s->cfg.no_battery = true;
	s->cfg.vbus = true;
	storage_sim_up(s);
	i2c_setup(s, 9, 9, 3);
	wr8(s, 0x4A, 0x97, 0x1A);
	assert_int_equal(madc_read(s, 1), 1023);
	assert_int_equal(rd8(s, 0x4A, 0x83) & 0x40, 0);
	assert_int_equal(rd8(s, 0x4A, 0xAB) & 0x04, 0);
}

static void test_uvlo_and_restart(void **state)
{
	struct sim *s = setup_with(40, 1, false, false);    /* OCV ~2.95 V, 1 mAh */
	const char *why = NULL;
	uint64_t t;

	assert_int_equal(s->result, SIM_RUNNING);
	run_for(s, 9 * PS_PER_S);
	assert_int_equal(s->result, SIM_BROWNOUT);
	assert_true(battery_terminal_mv(s) < BAT_UVLO_MV + 60);
	/* no charger: it stays off */
	t = battery_next_start_ps(s, 0, &why);
	assert_true(t == UINT64_MAX);
	assert_non_null(why);
	/* a charger: the precharge lifts VBAT to the start threshold */
	s->cfg.vbus = true;
	t = battery_next_start_ps(s, 0, &why);
	assert_true(t != UINT64_MAX && t > s->now_ps);
	assert_true(battery_ocv_mv(battery_soc_centi(s)) >= BAT_START_MV - 20);
	/* and again after the restart: the same cell, the loop goes on */
	s->now_ps = t;
	s->result = SIM_RUNNING;
	battery_attach(s);
	battery_restarted(s);
	assert_int_equal(battery_restarts(s), 1);
	run_for(s, 9 * PS_PER_S);
	assert_int_equal(s->result, SIM_BROWNOUT);
}

/* The register sequences of Letux's twl4030_usb_charger_enable() and of
 * Linux's twl4030_charger_enable_usb() in linear mode, as they write them:
 * every key in place (no write ignored), 500 mA from a 500 mA port. */
static void test_letux_and_linux_sequences(void **state)
{
	struct sim *s = setup_with(4000, 1200, true, false);

	wr8(s, 0x4A, 0x85, 0xE7);                           /* BCIMFKEY */
	wr8(s, 0x4A, 0x9B, 0xFF);                           /* BCIIREF1: 852 mA */
	wr8(s, 0x4B, 0x3D, rd8(s, 0x4B, 0x3D) | 0x32);      /* BOOT_BCI */
	twl4030_rom_usb_phy(s);                             /* its ULPI set-up */
	run_for(s, 50 * PS_PER_MS);
	assert_int_equal(charger_ma(s), 100);
	wr8(s, 0x4A, 0x84, rd8(s, 0x4A, 0x84) | 0x04);      /* USBFASTMCHG */
	assert_int_equal(charger_ma(s), 500);
	assert_int_equal(rd8(s, 0x4A, 0x9B), 0xFF);
	/* Linux, linear mode */
	s = setup_with(4000, 1200, true, false);
	wr8(s, 0x4B, 0x3D, rd8(s, 0x4B, 0x3D) & ~0x05);
	wr8(s, 0x4A, 0x95, 0x33);                           /* BCIWDKEY */
	wr8(s, 0x4A, 0x75, 0x2A);                           /* BCIMDKEY: off */
	wr8(s, 0x4A, 0x75, 0x26);                           /* linear, USB path */
	wr8(s, 0x4A, 0x95, 0xF3);
	wr8(s, 0x4A, 0x85, 0x9C);
	wr8(s, 0x4A, 0x88, 0xF0);                           /* BCIMFEN3 */
	assert_int_equal(rd8(s, 0x4A, 0x88), 0xF0);
	assert_int_equal(charger_ma(s), 100);
	assert_int_equal(rd8(s, 0x4A, 0x76), 0x12);
}

/* The GTA04's backlight: full on gpio_57, a share of it as GPT11's PWM
 * (gpmc_ncs6 in mode 3) programmed as Linux's pwm-omap-dmtimer does. */
static void test_backlight_pwm(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);
	uint32_t pad;
	int dark, full, quarter;

	simtest_init(s);
	simtest_clocks_3530(s);
	set_bits(s, CM + 0xA00, 1u << 12);                  /* GPT11 FCLK, ICLK */
	set_bits(s, CM + 0xA10, 1u << 12);
	set_bits(s, CM + 0x1010, 1u << 13);                 /* GPIO2 interface clock */
	run_for(s, 2 * PS_PER_MS);
	dark = battery_board_ma(s);
	wr(s, 0x49050034, ~(1u << 25));                     /* gpio_57 out, high */
	wr(s, 0x49050094, 1u << 25);
	pad = 4;
	assert_int_equal(model_mmio(s, true, 0x480020BA, 2, &pad), 0);
	run_for(s, 2 * PS_PER_MS);
	full = battery_board_ma(s);
	assert_in_range(full - dark, 92, 94);
	wr(s, 0x4808802C, 0xFFFF0000u);                     /* TLDR: 65536 ticks */
	wr(s, 0x48088038, 0xFFFF0000u + 0x4000 - 1);        /* TMAR: a quarter */
	wr(s, 0x48088024, 0x1843);                          /* PT, TRG 2, CE, AR, ST */
	pad = 3;                                            /* gpt11_pwm_evt */
	assert_int_equal(model_mmio(s, true, 0x480020BA, 2, &pad), 0);
	run_for(s, 2 * PS_PER_MS);
	quarter = battery_board_ma(s);
	assert_in_range(quarter - dark, 22, 24);
	wr(s, 0x48088024, 0x1842);                          /* stopped: low */
	run_for(s, 2 * PS_PER_MS);
	assert_int_equal(battery_board_ma(s), dark);
}

/* --inject madc-hang: the conversion never ends (BUSY stays, no EOC). */
static void test_madc_hang(void **state)
{
	struct sim *s = setup_with(4000, 1200, false, false);
	uint8_t ctrl = 0;

	strcpy(s->cfg.inject[0].what, "madc-hang");
	s->cfg.inject[0].arg = -1;
	s->cfg.inject[0].count = 1;
	s->cfg.ninject = 1;
	wr8(s, 0x49, 0x91, 0x90);
	wr8(s, 0x4A, 0x00, 0x01);
	wr8(s, 0x4A, 0x06, 0x00);
	wr8(s, 0x4A, 0x07, 0x10);                           /* ch12 */
	wr8(s, 0x4A, 0x12, 0x20);
	run_for(s, 100 * PS_PER_MS);
	ctrl = rd8(s, 0x4A, 0x12);
	assert_int_equal(ctrl & 3, 1);                      /* BUSY, no EOC */
	wr8(s, 0x4A, 0x12, 0x20);                           /* the next one converts */
	run_for(s, PS_PER_MS);
	assert_int_equal(rd8(s, 0x4A, 0x12) & 3, 2);
}

/* No battery: the board lives on the charger, and dies with it. */
static void test_no_battery_unplug(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	const char *why = NULL;

	s->cfg.no_battery = true;
	s->cfg.vbus = true;
	s->cfg.unplug_ps = 2 * PS_PER_S;
	simtest_init(s);
	assert_int_equal(battery_next_start_ps(s, 0, &why), 0);
	battery_attach(s);
	run_for(s, PS_PER_S);
	assert_int_equal(s->result, SIM_RUNNING);
	assert_int_equal(battery_terminal_mv(s), BAT_CV_MV);
	run_for(s, 2 * PS_PER_S);
	assert_int_equal(s->result, SIM_BROWNOUT);
	assert_true(battery_next_start_ps(s, 0, &why) == UINT64_MAX);
	assert_non_null(why);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ocv_table),
		cmocka_unit_test(test_discharge_integration),
		cmocka_unit_test(test_precharge_below_threshold),
		cmocka_unit_test(test_bci_keys),
		cmocka_unit_test(test_usb_100_500),
		cmocka_unit_test(test_ac),
		cmocka_unit_test(test_vbus_sag_and_unplug),
		cmocka_unit_test(test_madc_channels),
		cmocka_unit_test(test_uvlo_and_restart),
		cmocka_unit_test(test_no_battery_unplug),
		cmocka_unit_test(test_letux_and_linux_sequences),
		cmocka_unit_test(test_backlight_pwm),
		cmocka_unit_test(test_madc_hang),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
