// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the modules Linux only identifies, resets and idles
 * (tools/sim/sysc.c). The expected offsets and SYSCONFIG bits are those of
 * Linux's ti,sysc nodes (omap3.dtsi, omap36xx.dtsi) and hwmod classes
 * (omap_hwmod_3xxx_data.c, omap_hwmod_2xxx_3xxx_ipblock_data.c), the
 * REVISION values those of omap-usb-tll.c and omap-usb-host.c; they are
 * written out here, not taken from the model's table.
 */
#include <string.h>

#include "lib/bitops.h"
#include "tests/unit/sim/simtest.h"

#define NO 0xFFFF

struct expect {
	const char *name;
	uint32_t base;
	uint16_t rev_off;
	uint32_t rev;           /* on the DM37x */
	uint16_t sysc_off;
	uint32_t wmask;         /* SYSCONFIG bits that hold, SOFTRESET aside */
	bool softreset;         /* bit 1 resets the module */
	uint16_t syss_off;
};

static const struct expect mods[] = {
	{ "USBTLL", 0x48062000, 0x00, 0x18, 0x10, 0x31D, true, 0x14 },
	{ "UHH", 0x48064000, 0x00, 0x10, 0x10, 0x331D, true, 0x14 },
	{ "McBSP1", 0x48074000, NO, 0, 0x8C, 0x31C, true, NO },
	{ "MAILBOX", 0x48094000, 0x00, 0, 0x10, 0x319, true, 0x14 },
	{ "McSPI1", 0x48098000, 0x00, 0, 0x10, 0x31D, true, 0x14 },
	{ "AES1", 0x480A6000, 0x44, 0, 0x48, 0xED, true, 0x4C },
	{ "HDQ", 0x480B2000, 0x00, 0, 0x14, 0x1, true, 0x18 },
	{ "ISPMMU", 0x480BD400, 0x00, 0, 0x10, 0x319, true, 0x14 },
	{ "SHAM", 0x480C3000, 0x5C, 0, 0x60, 0x3D, true, 0x64 },
	{ "SR1", 0x480C9000, NO, 0, 0x38, 0x7000000, false, NO },
	{ "McBSP2_ST", 0x49028000, NO, 0, 0x10, 0x1, false, NO },
	{ "SGX", 0x50000000, 0xFE00, 0, 0xFE10, 0x3C, false, NO },
};

static struct sim *setup(enum sim_soc soc)
{
	struct sim *s = simtest_new(soc);

	simtest_init(s);
	return s;
}

static void test_offsets_and_bits(void **state)
{
	struct sim *s = setup(SOC_DM3730);

	for (size_t i = 0; i < ARRAY_SIZE(mods); i++) {
		const struct expect *e = &mods[i];
		uint32_t sysc = e->base + e->sysc_off;

		print_message("%s\n", e->name);
		assert_int_equal(rd(s, sysc), 0);
		wr(s, sysc, 0xFFFFFFFF & ~BIT(1));
		assert_int_equal(rd(s, sysc), e->wmask);
		if (e->rev_off != NO) {
			uint32_t rev = rd(s, e->base + e->rev_off);

			if (e->rev)
				assert_int_equal(rev, e->rev);
			wr(s, e->base + e->rev_off, ~rev);          /* read-only */
			assert_int_equal(rd(s, e->base + e->rev_off), rev);
		}
		if (e->syss_off != NO) {
			assert_int_equal(rd(s, e->base + e->syss_off) & 1, 1);
			wr(s, e->base + e->syss_off, 0);
			assert_int_equal(rd(s, e->base + e->syss_off) & 1, 1);
		}
		/* SOFTRESET: back to the reset value, and the bit reads 0 */
		wr(s, sysc, e->wmask | BIT(1));
		assert_int_equal(rd(s, sysc), e->softreset ? 0 : e->wmask & ~BIT(1));
	}
}

/* The USB TLL's REVISION differs between the OMAP3430/3530 and the 3630 */
static void test_usbtll_revision_per_soc(void **state)
{
	struct sim *s = setup(SOC_OMAP3530);

	assert_int_equal(rd(s, 0x48062000), 0x15);
	assert_int_equal(rd(s, 0x48064000), 0x10);      /* UHH: the same */
}

/* SmartReflex: the OMAP3430/3530's IP (v1) has ERRCONFIG at 0x24 with
 * CLOCKACTIVITY at 21:20 (ti-sysc's sysc_regbits_omap34xx_sr, Linux's
 * smartreflex.h ERRCONFIG_V1); the 3630's (v2) has it at 0x38 with
 * SIDLEMODE and ENAWAKEUP. Each SoC has only its own. */
static void test_smartreflex_layout_per_soc(void **state)
{
	static const uint32_t base[] = { 0x480C9000, 0x480CB000 };
	uint32_t v = 0;

	for (int soc = 0; soc < 2; soc++) {
		struct sim *s = setup(soc ? SOC_DM3730 : SOC_OMAP3530);
		uint32_t mine = soc ? 0x38 : 0x24, other = soc ? 0x24 : 0x38;
		uint32_t bits = soc ? 0x7000000 : 0x300000;

		for (int k = 0; k < 2; k++) {
			assert_int_equal(rd(s, base[k] + mine), 0);
			wr(s, base[k] + mine, 0xFFFFFFFF);
			assert_int_equal(rd(s, base[k] + mine), bits);
			wr(s, base[k] + mine, 0);
			assert_int_equal(rd(s, base[k] + mine), 0);
			assert_int_equal(model_mmio(s, false, base[k] + other, 4, &v), SIM_EUNIMPL);
			/* SRCONFIG, the sensors: not modelled */
			assert_int_equal(model_mmio(s, false, base[k], 4, &v), SIM_EUNIMPL);
		}
	}
}

/* The OMAP3530's SGX: only the core revision register the 34xx DT names */
static void test_sgx_revision_34xx(void **state)
{
	struct sim *s = setup(SOC_OMAP3530);
	uint32_t v = 0;

	assert_int_equal(rd(s, 0x50000014), 0x10201);
	wr(s, 0x50000014, 0);                           /* read-only */
	assert_int_equal(rd(s, 0x50000014), 0x10201);
	assert_int_equal(model_mmio(s, false, 0x50000010, 4, &v), SIM_EUNIMPL);
	s = setup(SOC_DM3730);                          /* the 3630 DT: at 0xFE00 */
	assert_int_equal(model_mmio(s, false, 0x50000014, 4, &v), SIM_EUNIMPL);
}

static void test_extra_registers_reset(void **state)
{
	struct sim *s = setup(SOC_DM3730);

	assert_int_equal(rd(s, 0x48064040), 0x1C);      /* UHH_HOSTCONFIG */
	wr(s, 0x48064040, 0xFFFFFFFF);
	assert_int_equal(rd(s, 0x48064040), 0x3F3D);
	wr(s, 0x48064010, BIT(1));
	assert_int_equal(rd(s, 0x48064040), 0x1C);
	wr(s, 0x480B200C, 0x55);                        /* HDQ CTRL_STATUS */
	assert_int_equal(rd(s, 0x480B200C), 0x55);
	wr(s, 0x480B2014, BIT(1));
	assert_int_equal(rd(s, 0x480B200C), 0);
	wr(s, 0x5000FF08, 0x80000000);                  /* SGX OCP_DEBUG_CONFIG */
	assert_int_equal(rd(s, 0x5000FF08), 0x80000000);
}

static void test_strict(void **state)
{
	struct sim *s = setup(SOC_DM3730);
	uint32_t v = 0;

	/* registers past the OCP interface: a driver needs a real model */
	assert_int_equal(model_mmio(s, false, 0x48098020, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, true, 0x48098034, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, 0x48074000, 4, &v), SIM_EUNIMPL);
	assert_int_equal(model_mmio(s, false, 0x480C3000, 4, &v), SIM_EUNIMPL);
	/* the DSI page below the DSI: nothing there */
	assert_int_equal(model_mmio(s, false, 0x4804F000, 4, &v), SIM_EUNIMPL);
	/* 16-bit and unaligned accesses */
	assert_int_equal(model_mmio(s, false, 0x48098010, 2, &v), SIM_EBUS);
	assert_int_equal(model_mmio(s, true, 0x48098011, 4, &v), SIM_EBUS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_offsets_and_bits),
		cmocka_unit_test(test_usbtll_revision_per_soc),
		cmocka_unit_test(test_smartreflex_layout_per_soc),
		cmocka_unit_test(test_sgx_revision_34xx),
		cmocka_unit_test(test_extra_registers_reset),
		cmocka_unit_test(test_strict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
