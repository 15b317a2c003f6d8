// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the random number generator (tools/sim/rng.c) as Linux's
 * omap-rng driver ("ti,omap2-rng", reg_map_omap2) uses it: STATUS (0x04)
 * 0 when a word is ready, a word per read of OUTPUT (0x00), AUTOIDLE
 * written to SYSCONFIG (0x40), RESETDONE in SYSSTATUS (0x44); the offsets
 * are written out here, not taken from the model.
 */
#include "lib/bitops.h"
#include "tests/unit/sim/simtest.h"

#define RNG 0x480A0000u

static void test_words(void **state)
{
	for (int soc = 0; soc < 2; soc++) {
		struct sim *s = simtest_new(soc ? SOC_DM3730 : SOC_OMAP3530);
		struct sim *t = simtest_new(soc ? SOC_DM3730 : SOC_OMAP3530);
		uint32_t w[8];

		simtest_init(s);
		assert_int_equal(rd(s, RNG + 0x44) & 1, 1);     /* RESETDONE */
		wr(s, RNG + 0x40, 1);                           /* omap2_rng_init */
		assert_int_equal(rd(s, RNG + 0x40), 1);
		for (int i = 0; i < 8; i++) {
			assert_int_equal(rd(s, RNG + 0x04), 0); /* not busy */
			w[i] = rd(s, RNG + 0x00);
		}
		/* words that change (not one stored value), and not zero */
		for (int i = 0; i < 8; i++) {
			assert_int_not_equal(w[i], 0);
			for (int k = 0; k < i; k++)
				assert_int_not_equal(w[i], w[k]);
		}
		/* the sequence repeats from power-up: a run repeats itself */
		simtest_init(t);
		assert_int_equal(rd(t, RNG + 0x00), w[0]);
	}
}

static void test_registers(void **state)
{
	struct sim *s = simtest_new(SOC_DM3730);
	uint32_t rev, v = 0;

	simtest_init(s);
	rev = rd(s, RNG + 0x3C);
	wr(s, RNG + 0x3C, ~rev);                        /* read-only */
	assert_int_equal(rd(s, RNG + 0x3C), rev);
	wr(s, RNG + 0x28, 0xFFFFFFFF);                  /* CONFIG: 11:0 */
	assert_int_equal(rd(s, RNG + 0x28), 0xFFF);
	wr(s, RNG + 0x40, 0xFFFFFFFF & ~BIT(1));
	assert_int_equal(rd(s, RNG + 0x40), 1);
	wr(s, RNG + 0x40, BIT(1));                      /* SOFTRESET */
	assert_int_equal(rd(s, RNG + 0x40), 0);
	assert_int_equal(rd(s, RNG + 0x28), 0);
	/* ALARM and the rest: not modelled; byte access: bus error */
	assert_int_equal(model_mmio(s, false, RNG + 0x24, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, RNG + 0x00, 1, &v), SIM_EBUS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_registers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
