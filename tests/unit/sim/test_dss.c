// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The DSS model (tools/sim/dss.c): registers need both DSS clocks, the
 * DISPC's GOLCD is taken at once with the LCD output off and at the next
 * frame with it on (the frame time from the programmed timings and pixel
 * clock), FRAMEDONE when the LCD output is turned off, unmodelled
 * registers stop the run.
 */
#include "tests/unit/sim/simtest.h"

#define DSS	0x48050000u
#define DISPC	(DSS + 0x400)

static struct sim *machine(void)
{
	struct sim *s = simtest_new(SOC_DM3730);

	simtest_init(s);
	dss_init(s);
	return s;
}

/* 480x640 with the panel's porches at PCD 3 of the M4 output, the LCD
 * output on, GOLCD set. */
static void lcd_on(struct sim *s)
{
	wr(s, DISPC + 0x7C, (639u << 16) | 479u);
	wr(s, DISPC + 0x64, (7u << 20) | (23u << 8) | 7u);
	wr(s, DISPC + 0x68, (2u << 20) | (4u << 8) | 1u);
	wr(s, DISPC + 0x70, (1u << 16) | 3u);
	wr(s, DISPC + 0x40, 1u | (1u << 3));
	wr(s, DISPC + 0x40, 1u | (1u << 3) | (1u << 5));
}

static void test_clocks_needed(void **state)
{
	struct sim *s = machine();
	uint32_t v;

	assert_int_equal(model_mmio(s, false, DISPC + 0x40, 4, &v), SIM_EBUS);
	set_bits(s, CM + 0xE10, 1);                  /* interface clock only */
	assert_int_equal(model_mmio(s, false, DISPC + 0x40, 4, &v), SIM_EBUS);
	set_bits(s, CM + 0xE00, 1);                  /* and DSS1_ALWON_FCLK */
	assert_int_equal(rd(s, DISPC + 0x00), 0x30);
	assert_int_equal(rd(s, DISPC + 0x70), 0x00010004);   /* DIVISOR reset */
	assert_int_equal(model_mmio(s, false, DISPC + 0x0BC, 4, &v), SIM_EUNIMPL); /* VID1 */
	assert_int_equal(model_mmio(s, false, DSS + 0xC00, 4, &v), SIM_EUNIMPL);   /* VENC */
	assert_int_equal(model_mmio(s, false, DISPC + 0x40, 2, &v), SIM_EBUS);
}

static void test_golcd(void **state)
{
	struct sim *s = machine();

	set_bits(s, CM + 0xE10, 1);
	set_bits(s, CM + 0xE00, 1);
	/* LCD off: taken at once */
	wr(s, DISPC + 0x40, (1u << 5) | (1u << 3));
	assert_int_equal(rd(s, DISPC + 0x40) & (1u << 5), 0);
	/* LCD on: GOLCD holds until the frame ends */
	lcd_on(s);
	assert_int_equal(rd(s, DISPC + 0x40) & (1u << 5), 1u << 5);
	run_for(s, 200 * PS_PER_US);
	assert_int_equal(rd(s, DISPC + 0x40) & (1u << 5), 1u << 5);
	run_for(s, 2 * PS_PER_S);
	assert_int_equal(rd(s, DISPC + 0x40) & (1u << 5), 0);
}

/* LCDENABLE cleared: FRAMEDONE once the frame being sent has ended, and
 * with it enabled the DSS interrupt. (The test machine's DPLL4 is not
 * programmed: a frame lasts 622 ms at its pixel clock.) */
static void test_framedone(void **state)
{
	struct sim *s = machine();

	set_bits(s, CM + 0xE10, 1);
	set_bits(s, CM + 0xE00, 1);
	lcd_on(s);
	run_for(s, 1000 * PS_PER_MS);               /* taken, frames running */
	wr(s, DISPC + 0x1C, 1u);                     /* IRQENABLE: FRAMEDONE */
	run_for(s, 100 * PS_PER_MS);                 /* mid-frame */
	wr(s, DISPC + 0x40, 1u << 3);                /* LCD output off */
	assert_int_equal(rd(s, DISPC + 0x18) & 1u, 0);
	assert_int_equal(rd(s, 0x48200080) & (1u << 25), 0);
	run_for(s, 100 * PS_PER_MS);
	assert_int_equal(rd(s, DISPC + 0x18) & 1u, 0);      /* the frame goes on */
	run_for(s, 600 * PS_PER_MS);
	assert_int_equal(rd(s, DISPC + 0x18) & 1u, 1u);
	assert_int_equal(rd(s, 0x48200080) & (1u << 25), 1u << 25);
	wr(s, DISPC + 0x18, 1u);                     /* write 1 to clear */
	assert_int_equal(rd(s, DISPC + 0x18) & 1u, 0);
	assert_int_equal(rd(s, 0x48200080) & (1u << 25), 0);
	/* off already: no frame ends, no FRAMEDONE */
	run_for(s, 2000 * PS_PER_MS);
	assert_int_equal(rd(s, DISPC + 0x18) & 1u, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clocks_needed),
		cmocka_unit_test(test_golcd),
		cmocka_unit_test(test_framedone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
