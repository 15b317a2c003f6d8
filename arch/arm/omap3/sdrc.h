/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * OMAP3 SDRAM controller (SDRC) set-up and memory sizing (SPRUF98/SPRUGN4
 * chapter "Memory Subsystem", SDRC).
 */
#ifndef ARCH_ARM_OMAP3_SDRC_H
#define ARCH_ARM_OMAP3_SDRC_H

#include <stdint.h>

/* ACTIM_CTRLA/B from timings in L3 clock cycles (SPRUF98/SPRUGN4 "Memory
 * Subsystem", SDRC_ACTIM_CTRLA_p/B_p). */
#define SDRC_ACTIM_A(trfc, trc, tras, trp, trcd, trrd, tdpl, tdal) \
	((uint32_t)(trfc) << 27 | (uint32_t)(trc) << 22 | (uint32_t)(tras) << 18 | \
	 (uint32_t)(trp) << 15 | (uint32_t)(trcd) << 12 | (uint32_t)(trrd) << 9 | \
	 (uint32_t)(tdpl) << 6 | (uint32_t)(tdal))
#define SDRC_ACTIM_B(twtr, tcke, txp, txsr) \
	((uint32_t)(twtr) << 16 | (uint32_t)(tcke) << 12 | (uint32_t)(txp) << 8 | (uint32_t)(txsr))
/* What one chip select needs; mcfg = 0 means nothing fitted there. */
struct sdrc_cs_timings {
	uint32_t mcfg;      /* geometry and the largest size to probe */
	uint32_t actim_a, actim_b, mr;
	uint32_t emr2;      /* 0 = not written */
};

struct sdram_config {
	const char *part;   /* for the banner */
	/* The fastest L3 clock these cycle counts are proven at on real
	 * boards; the boot flow warns when L3 runs faster. */
	uint32_t l3_max_hz;
	/* The longest time between two autorefreshes the part allows (its
	 * tREFI, 64 ms / 8192 rows = 7.8 us for these parts), or a shorter
	 * one a proven set uses: RFR_CTRL is computed from it for the L3
	 * clock really programmed, not copied for one clock. */
	uint16_t refresh_ns;
	uint32_t sharing;   /* SDRC_SHARING */
	struct sdrc_cs_timings cs[2];
};

struct sdram_banks {
	uint32_t base[2];
	uint32_t size[2];   /* bytes found, 0 = chip select disabled */
	int8_t bad_bit[2];  /* -1, or the first aliasing address bit (-EIO) */
};

/* Program the SDRC for cfg at L3 clock l3_hz, then size each chip select by probing for
 * aliases; CS1 is placed right after what CS0 really holds. Returns 0,
 * -ENODEV when CS0 has no working memory, or -EIO when an address bit
 * below the top of a chip select aliases (a column, bank or row the part
 * does not have: the geometry is wrong and the memory is not used);
 * banks->bad_bit[cs] then names the first such system address bit. */
int omap3_sdram_init(const struct sdram_config *cfg, uint32_t l3_hz,
		     struct sdram_banks *banks);
/* SDRC_RFR_CTRL_p for an autorefresh at least every refresh_ns at l3_hz. */
uint32_t omap3_sdram_rfr(uint32_t refresh_ns, uint32_t l3_hz);

/* For a wrong geometry: which MCFG field address bit `bit` of a chip
 * select falls in ("column", "bank", "row"; "size" above the geometry). */
const char *omap3_sdram_bit_field(uint32_t mcfg, unsigned bit);
/* After a failed omap3_sdram_init(): print each aliasing bit, its MCFG
 * field and the set, for the console before the board gives up. */
void omap3_sdram_explain(const struct sdram_config *cfg, const struct sdram_banks *banks);

/* The set for an unidentified part: the smallest x32 geometry (13 rows,
 * 10 columns: 128 MiB per CS, which never aliases on a larger part) and
 * the longest timings of any set (U-Boot's NUMONYX_*_200; docs/references.md,
 * "SDRAM timing sets"). */
extern const struct sdram_config omap3_sdram_safest;

#endif
