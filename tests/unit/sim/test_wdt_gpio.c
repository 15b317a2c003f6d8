// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of WDT2 (tools/sim/wdt.c): expiry 10 s after power-on from its
 * reset values, the AAAA/5555 stop sequence with and without WWPS polling;
 * of GPIO (tools/sim/gpio.c): board revision straps through correctly muxed
 * pads; and of the 32 kHz counter and GPTIMER1 (tools/sim/timers.c).
 */
#include <string.h>

#include "tests/unit/sim/simtest.h"

#define WDT2 0x48314000u
#define GPIO6 0x49058000u
#define SYNC32K 0x48320000u
#define GPT1 0x48318000u

static void wait_wwps(struct sim *s)
{
	for (int i = 0; i < 1000 && rd(s, WDT2 + 0x34); i++)
		s->now_ps += 10 * PS_PER_US;
	assert_int_equal(rd(s, WDT2 + 0x34), 0);
}

static void test_wdt_expiry(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	assert_int_equal(rd(s, WDT2 + 0x2C), 0xFFFB0000);
	assert_int_equal(rd(s, WDT2 + 0x24), 0x20);
	assert_int_equal(wdt_expiry_ps(s), 10 * PS_PER_S);
	run_for(s, 10 * PS_PER_S - PS_PER_MS);
	assert_int_equal(s->result, SIM_RUNNING);
	assert_int_equal(rd(s, WDT2 + 0x28), 0xFFFFFFFF - 32);  /* 1 ms = 32.768 ticks */
	run_for(s, 2 * PS_PER_MS);
	assert_int_equal(s->result, SIM_WATCHDOG);
	assert_non_null(strstr(s->result_msg, "WDT2 expired at 10.000000 s"));
}

static void test_wdt_stop(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	run_for(s, PS_PER_S);
	wr(s, WDT2 + 0x48, 0xAAAA);
	assert_int_equal(rd(s, WDT2 + 0x34), 1u << 4);
	wait_wwps(s);
	wr(s, WDT2 + 0x48, 0x5555);
	wait_wwps(s);
	assert_int_equal(wdt_expiry_ps(s), UINT64_MAX);
	run_for(s, 20 * PS_PER_S);
	assert_int_equal(s->result, SIM_RUNNING);
	/* start again: BBBB/4444, then a WTGR write reloads */
	wr(s, WDT2 + 0x48, 0xBBBB);
	wait_wwps(s);
	wr(s, WDT2 + 0x48, 0x4444);
	wait_wwps(s);
	wr(s, WDT2 + 0x30, 1);
	wait_wwps(s);
	assert_true(wdt_expiry_ps(s) > s->now_ps + 9 * PS_PER_S);
	assert_true(wdt_expiry_ps(s) <= s->now_ps + 10 * PS_PER_S);
}

static void test_wdt_stop_without_polling(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);

	simtest_init(s);
	wr(s, WDT2 + 0x48, 0xAAAA);
	wr(s, WDT2 + 0x48, 0x5555);   /* lost: the first write is still pending */
	run_for(s, 11 * PS_PER_S);
	assert_int_equal(s->result, SIM_WATCHDOG);
}

static void test_wdt_needs_clocks(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint32_t v;

	simtest_init(s);
	wr(s, CM + 0xC10, 0);
	assert_int_equal(model_mmio(s, false, WDT2 + 0x34, 4, &v), SIM_EBUS);
}

static void mux(struct sim *s, uint32_t pad, uint16_t val)
{
	uint32_t v = val;

	assert_int_equal(model_mmio(s, true, 0x48002000 + pad, 2, &v), 0);
}

static unsigned gta04_rev_bits(struct sim *s)
{
	return (rd(s, GPIO6 + 0x38) >> 11) & 7;
}

static void test_gpio_straps(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);
	uint32_t v;

	/* GPIO171..173 = GPIO6 bits 11..13: 171 high, 172 low, 173 high */
	s->cfg.gpio_in[5] = (1u << 11) | (1u << 13);
	simtest_init(s);
	assert_int_equal(model_mmio(s, false, GPIO6 + 0x38, 4, &v), SIM_EBUS);
	set_bits(s, CM + 0x1010, 1u << 17);
	assert_int_equal(rd(s, GPIO6 + 0x00), 0x25);
	assert_int_equal(rd(s, GPIO6 + 0x34), 0xFFFFFFFF);
	/* pads still in safe mode: the module sees nothing */
	assert_int_equal(gta04_rev_bits(s), 0);
	mux(s, 0x1C8, 0x011C);
	mux(s, 0x1CA, 0x011C);
	mux(s, 0x1CC, 0x001C);        /* mode 4 but no INPUTENABLE */
	assert_int_equal(gta04_rev_bits(s), 1);
	mux(s, 0x1CC, 0x011C);
	assert_int_equal(gta04_rev_bits(s), 5);
	/* outputs read back DATAOUT; SET/CLEARDATAOUT */
	wr(s, GPIO6 + 0x34, ~(1u << 12));
	wr(s, GPIO6 + 0x94, 1u << 12);
	assert_int_equal(gta04_rev_bits(s), 7);
	assert_int_equal(gpio_out_level(s, 172), 1);
	wr(s, GPIO6 + 0x90, 1u << 12);
	assert_int_equal(gta04_rev_bits(s), 5);
	/* soft reset restores OE */
	wr(s, GPIO6 + 0x10, 2);
	assert_int_equal(rd(s, GPIO6 + 0x34), 0xFFFFFFFF);
	assert_int_equal(model_mmio(s, false, GPIO6 + 0x98, 4, &v), SIM_EUNIMPL);
}

static void test_timers(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint32_t v, t0;

	simtest_init(s);
	assert_int_equal(model_mmio(s, false, SYNC32K + 0x10, 4, &v), SIM_EBUS);
	set_bits(s, CM + 0xC10, (1u << 2) | 1);
	set_bits(s, CM + 0xC00, 1);
	set_bits(s, CM + 0xC40, 1);          /* GPT1 on sys_clk (26 MHz) */
	s->now_ps = PS_PER_S;
	assert_int_equal(rd(s, SYNC32K + 0x10), 32768);
	wr(s, GPT1 + 0x2C, 0);
	wr(s, GPT1 + 0x24, 3);               /* start, auto-reload */
	t0 = rd(s, GPT1 + 0x28);
	s->now_ps += PS_PER_MS;
	assert_int_equal(rd(s, GPT1 + 0x28) - t0, 26000);
	/* U-Boot's oscillator measurement: 20 ticks of 32k */
	t0 = rd(s, GPT1 + 0x28);
	s->now_ps += 20 * PS_PER_S / 32768;
	v = rd(s, GPT1 + 0x28) - t0;
	assert_true(v > 15200 && v < 19000);
	/* overflow with auto-reload sets TISR.OVF */
	wr(s, GPT1 + 0x28, 0xFFFFFF00);
	s->now_ps += PS_PER_MS;
	assert_int_equal(rd(s, GPT1 + 0x18) & 2, 2);
	wr(s, GPT1 + 0x18, 2);
	assert_int_equal(rd(s, GPT1 + 0x18) & 2, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wdt_expiry),
		cmocka_unit_test(test_wdt_stop),
		cmocka_unit_test(test_wdt_stop_without_polling),
		cmocka_unit_test(test_wdt_needs_clocks),
		cmocka_unit_test(test_gpio_straps),
		cmocka_unit_test(test_timers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
