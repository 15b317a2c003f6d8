/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers for the simulator model unit tests: a machine with a Unicorn
 * engine (for RAM mappings) and all peripheral models, driven through the
 * models' own MMIO handlers instead of the CPU.
 */
#ifndef TESTS_SIMTEST_H
#define TESTS_SIMTEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tools/sim/models.h"

#define CM  0x48004000u
#define PRM 0x48306000u

static inline struct sim *simtest_new(enum sim_soc soc)
{
	struct sim *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	assert_int_equal(uc_open(UC_ARCH_ARM, UC_MODE_ARM, &s->uc), UC_ERR_OK);
	s->cfg.soc = soc;
	s->cfg.machine = sim_machine_find(soc == SOC_DM3730 ? "gta04" : "beagle");
	/* a GTA04 A3/A4 package: Micron NAND + 2 x 256 MiB (parts.c) */
	s->cfg.part = *sim_part_find("micron-2c-bc");
	/* the SDRC tests program it at the reset clock, where the 166 MHz
	 * refresh count is far too slow for the part: not what they test */
	s->cfg.part.trefi = UINT32_MAX;
	s->cfg.sdram_cs_bytes[0] = 256u << 20;
	s->cfg.sdram_cs_bytes[1] = 256u << 20;
	s->cfg.serial_out = "/dev/null";
	return s;
}

/* A GTA04 A5 with the CPU (sim_init), for a guest written into its SRAM:
 * the run ends at stop_at (none when 0) or after max_ms of virtual time. */
static inline struct sim *simtest_cpu(uint32_t stop_at, unsigned max_ms)
{
	struct sim *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	assert_int_equal(sim_config_machine(&s->cfg, "gta04", "A5"), 0);
	s->cfg.serial_out = "/dev/null";
	s->cfg.max_ps = (uint64_t)max_ms * PS_PER_MS;
	s->cfg.stop_at_set = stop_at != 0;
	s->cfg.stop_at = stop_at;
	assert_int_equal(sim_init(s), 0);
	return s;
}

/* A guest word into the machine's RAM (the host is little-endian, as the
 * guest). */
static inline void put32(struct sim *s, uint32_t addr, uint32_t v)
{
	uint8_t *p = sim_ram_ptr(s, addr, 4);

	assert_non_null(p);
	memcpy(p, &v, 4);
}

/* Every model, as sim_init() brings them up, without the CPU hooks. */
static inline void simtest_init(struct sim *s)
{
	sim_models_init(s);
}

static inline void wr(struct sim *s, uint32_t addr, uint32_t v)
{
	assert_int_equal(model_mmio(s, true, addr, 4, &v), 0);
}

static inline uint32_t rd(struct sim *s, uint32_t addr)
{
	uint32_t v = 0xDEADBEEF;

	assert_int_equal(model_mmio(s, false, addr, 4, &v), 0);
	return v;
}

static inline void set_bits(struct sim *s, uint32_t addr, uint32_t bits)
{
	wr(s, addr, rd(s, addr) | bits);
}

/* Advance virtual time the way the core does: in steps, ticking models. */
static inline void run_for(struct sim *s, uint64_t ps)
{
	uint64_t end = s->now_ps + ps;

	while (s->now_ps < end && !s->result) {
		uint64_t step = end - s->now_ps;

		if (step > PS_PER_MS)
			step = PS_PER_MS;
		s->now_ps += step;
		sim_tick_models(s);
	}
}

/* Program DPLL3/DPLL4 like U-Boot on a 3530 (sys_clk 13 MHz). */
static inline void simtest_clocks_3530(struct sim *s)
{
	wr(s, PRM + 0x1270, (rd(s, PRM + 0x1270) & ~0xC0u) | 0x80);  /* SYSCLKDIV 2 */
	/* DPLL3: M2 1, M 332, N 12, FREQSEL 3, lock */
	wr(s, CM + 0xD40, (1u << 27) | (332u << 16) | (12u << 8));
	wr(s, CM + 0xA40, 0x0000130A);
	/* DPLL4: M 432, N 12, M2 9, FREQSEL 3 */
	wr(s, CM + 0xD44, (432u << 8) | 12);
	wr(s, CM + 0xD48, 9);
	wr(s, CM + 0xD00, (rd(s, CM + 0xD00) & ~0x00F700F7u) | 0x00370037);
	run_for(s, 10 * PS_PER_US);
}

#endif
