// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the GPMC model's OneNAND on CS0 (tools/sim/gpmc.c,
 * parts.c, issue #24): the A5 package answers its ID registers to
 * asynchronous multiplexed 16-bit reads whose timings meet the part's at
 * the L3 clock programmed; a read too fast for it, or in the wrong mode,
 * stops the run; a package without a OneNAND floats the bus (reads 0).
 */
#include <string.h>

#include "tests/unit/sim/simtest.h"

#define GPMC     0x6E000000u
#define WINDOW   0x30000000u
#define REG(w)   (WINDOW + 2u * (w))

/* gtaboot's CS0 set-up for the OneNAND (arch/arm/omap3/memid.c) */
static const uint32_t gtaboot_cfg[6] = {
	0x00001200, 0x00111100, 0x00030300, 0x11051105, 0x01101515, 0x10040000,
};
/* U-Boot's ONENAND_GPMC_CONFIG1-6, made for a 166 MHz L3 */
static const uint32_t uboot_cfg[6] = {
	0x00001200, 0x000F0F01, 0x00030301, 0x0F040F04, 0x010F1010, 0x1F060000,
};

/* The DM3730's L3 at 200 MHz: DPLL3 M 400, N 12 from 13 MHz, M2 1. */
static void clocks_200(struct sim *s)
{
	wr(s, PRM + 0x1270, (rd(s, PRM + 0x1270) & ~0xC0u) | 0x80);  /* SYSCLKDIV 2 */
	wr(s, CM + 0xD40, (1u << 27) | (400u << 16) | (12u << 8));
	wr(s, CM + 0xA40, 0x0000130A);
	wr(s, CM + 0xD00, (rd(s, CM + 0xD00) & ~0xF7u) | 0x37);       /* DPLL3 lock */
	run_for(s, 10 * PS_PER_US);
	assert_int_equal(prcm_l3_hz(s), 200000000);
}

static struct sim *onenand_sim(const char *part)
{
	struct sim *s = simtest_new(SOC_DM3730);

	s->cfg.part = *sim_part_find(part);
	s->cfg.part.trefi = UINT32_MAX;
	simtest_init(s);
	clocks_200(s);
	return s;
}

static void cs0(struct sim *s, const uint32_t cfg[6])
{
	wr(s, GPMC + 0x60 + 4 * 6, 0);
	for (int i = 0; i < 6; i++)
		wr(s, GPMC + 0x60 + 4 * i, cfg[i]);
	wr(s, GPMC + 0x60 + 4 * 6, 0x00000F70);   /* valid, 16 MiB at 0x30000000 */
}

static uint32_t r16(struct sim *s, uint32_t a)
{
	uint32_t v = 0xDEAD;

	assert_int_equal(model_mmio(s, false, a, 2, &v), 0);
	return v;
}

static void test_a5_answers_its_id(void **state)
{
	struct sim *s = onenand_sim("samsung-onenand");

	cs0(s, gtaboot_cfg);
	assert_int_equal(r16(s, REG(0xF000)), 0x00EC);
	assert_int_equal(r16(s, REG(0xF001)), 0x0050);
	assert_int_equal(r16(s, REG(0xF002)), 0x0232);
	assert_int_equal(s->result, SIM_RUNNING);
}

static void test_too_fast_for_the_part(void **state)
{
	struct sim *s = onenand_sim("samsung-onenand");

	/* U-Boot's set at 200 MHz: nADV low 2 ticks (10 ns < tAVDP) */
	cs0(s, uboot_cfg);
	r16(s, REG(0xF000));
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "tAVDP"));
	/* nADV fixed, data still sampled at 75 ns (< tAA 76 ns) */
	s->result = SIM_RUNNING;
	{
		uint32_t cfg[6];

		memcpy(cfg, uboot_cfg, sizeof(cfg));
		cfg[2] = 0x00030300;
		cs0(s, cfg);
	}
	r16(s, REG(0xF000));
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "tAA"));
}

static void test_wrong_mode_stops(void **state)
{
	struct sim *s = onenand_sim("samsung-onenand");
	uint32_t cfg[6];

	memcpy(cfg, gtaboot_cfg, sizeof(cfg));
	cfg[0] = 0x00001000;              /* not multiplexed */
	cs0(s, cfg);
	r16(s, REG(0xF000));
	assert_int_equal(s->result, SIM_FAULT);
	assert_non_null(strstr(s->result_msg, "multiplexed"));
}

static void test_no_onenand_floats(void **state)
{
	struct sim *s = onenand_sim("micron-xm");

	cs0(s, gtaboot_cfg);
	assert_int_equal(r16(s, REG(0xF000)), 0);
	assert_int_equal(r16(s, REG(0xF001)), 0);
	assert_int_equal(s->result, SIM_RUNNING);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a5_answers_its_id),
		cmocka_unit_test(test_too_fast_for_the_part),
		cmocka_unit_test(test_wrong_mode_stops),
		cmocka_unit_test(test_no_onenand_floats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
