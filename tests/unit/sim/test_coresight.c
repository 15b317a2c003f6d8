// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the CoreSight ID registers (tools/sim/coresight.c): the
 * IDs Linux's AMBA bus assembles from the ETM and the ETB, as its
 * amba_read_periphid() does, against the IDs the coresight-etm3x and
 * coresight-etb10 drivers match (written out here, not taken from the
 * model's table).
 */
#include "lib/bitops.h"
#include "tests/unit/sim/simtest.h"

static uint32_t id(struct sim *s, uint32_t base, uint32_t first)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++)
		v |= (rd(s, base + first + 4 * i) & 0xFF) << (8 * i);
	return v;
}

static void test_ids(void **state)
{
	for (int soc = 0; soc < 2; soc++) {
		struct sim *s = simtest_new(soc ? SOC_DM3730 : SOC_OMAP3530);

		simtest_init(s);
		assert_int_equal(id(s, 0x54010000, 0xFE0) & 0xFFFFF, 0xBB921);  /* ETM 3.3 */
		assert_int_equal(id(s, 0x5401B000, 0xFE0) & 0xFFFFF, 0xBB907);  /* ETB10 */
		assert_int_equal(id(s, 0x54010000, 0xFF0), 0xB105900D);        /* CoreSight */
		assert_int_equal(id(s, 0x5401B000, 0xFF0), 0xB105900D);
		assert_int_equal(rd(s, 0x5401BFD0), 0x04);
		assert_int_equal(rd(s, 0x54010FCC), 0x13);      /* DEVTYPE */
		assert_int_equal(rd(s, 0x5401BFCC), 0x21);
		assert_int_equal(rd(s, 0x5401BFBC), 0);         /* DEVARCH */
	}
}

static void test_read_only_and_strict(void **state)
{
	struct sim *s = simtest_new(SOC_OMAP3530);
	uint32_t v = 0;

	simtest_init(s);
	wr(s, 0x5401BFE0, 0x55);
	assert_int_equal(rd(s, 0x5401BFE0), 0x07);
	/* the trace registers: not modelled */
	assert_int_equal(model_mmio(s, false, 0x54010000, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, true, 0x5401B020, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, 0x5401BFE0, 1, &v), SIM_EBUS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ids),
		cmocka_unit_test(test_read_only_and_strict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
