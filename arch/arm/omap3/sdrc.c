// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP3 SDRC initialisation and SDRAM sizing (SPRUF98/SPRUGN4 chapter
 * "Memory Subsystem", SDRC initialisation sequence).
 *
 * Sizing tests every address bit of the window MCFG opens, from the first
 * column bit to the top row bit, against the base: a chip smaller than the
 * window ignores the top bits, so the first aliasing bit is the size; an
 * aliasing bit with a decoded one above it is a wrong geometry (probe_size).
 * The boot flow holds nothing in SDRAM yet, so the probe words need not be
 * saved.
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/sdrc.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/printf.h"

#define SDRC_SYSCONFIG		0x10
#define SDRC_SYSSTATUS		0x14
#define SDRC_CS_CFG		0x40
#define SDRC_SHARING		0x44
#define SDRC_DLLA_CTRL		0x60
#define SDRC_DLLA_STATUS	0x64
#define SDRC_POWER		0x70
/* per chip select: CS1 registers are CS0's + 0x30, except ACTIM */
#define SDRC_MCFG(cs)		(0x80 + 0x30 * (cs))
#define SDRC_MR(cs)		(0x84 + 0x30 * (cs))
#define SDRC_EMR2(cs)		(0x8C + 0x30 * (cs))
#define SDRC_ACTIM_CTRLA(cs)	((cs) ? 0xC4 : 0x9C)
#define SDRC_ACTIM_CTRLB(cs)	((cs) ? 0xC8 : 0xA0)
#define SDRC_RFR_CTRL(cs)	(0xA4 + 0x30 * (cs))
#define SDRC_MANUAL(cs)		(0xA8 + 0x30 * (cs))

#define MCFG_RAMSIZE		GENMASK(17, 8)	/* 2 MiB units */
#define MCFG_BANKALLOC		GENMASK(7, 6)
#define MCFG_CASWIDTH		GENMASK(22, 20)	/* columns - 5 */
#define MCFG_RASWIDTH		GENMASK(26, 24)	/* rows - 11 */
#define MANUAL_NOP		0
#define MANUAL_PRECHARGE	1
#define MANUAL_AUTOREFRESH	2
#define DLL_ENADLL_90DEG	0x0A
#define DLL_LOCKED		BIT(2)
#define RFR_ARE			1u	/* autorefresh on the ARCV count */
#define RFR_MARGIN		50u
/* PAGEPOLICY high, SRFRONRESET, WAKEUPPROC */
#define POWER_VALUE		0x04000081

static inline uintptr_t sdrc(uint32_t off)
{
	return OMAP3_SDRC_BASE + off;
}

/*
 * ARCV = tREFI / tCK - 50 (SPRUF98/SPRUGN4 "Memory Subsystem",
 * SDRC_RFR_CTRL_p; docs/references.md): the counter counts ARCV L3 cycles,
 * and the 50 are the cycles an autorefresh may wait behind an access in
 * progress, so that the worst interval stays within tREFI. In 10 kHz units
 * so that 32 bits hold the product (65535 ns x 20000).
 */
uint32_t omap3_sdram_rfr(uint32_t refresh_ns, uint32_t l3_hz)
{
	uint32_t cycles = refresh_ns * (l3_hz / 10000u) / 100000u;

	return (cycles - RFR_MARGIN) << 8 | RFR_ARE;
}

static void cs_init(int cs, const struct sdrc_cs_timings *t, uint32_t rfr)
{
	writel(t->mcfg, sdrc(SDRC_MCFG(cs)));
	writel(t->actim_a, sdrc(SDRC_ACTIM_CTRLA(cs)));
	writel(t->actim_b, sdrc(SDRC_ACTIM_CTRLB(cs)));
	writel(rfr, sdrc(SDRC_RFR_CTRL(cs)));
	/* JEDEC power-up: NOP, precharge all, two autorefreshes, then the
	 * mode registers. The 200 us with clock running before this is long
	 * past: the DPLLs locked well before. */
	writel(MANUAL_NOP, sdrc(SDRC_MANUAL(cs)));
	udelay(1);
	writel(MANUAL_PRECHARGE, sdrc(SDRC_MANUAL(cs)));
	writel(MANUAL_AUTOREFRESH, sdrc(SDRC_MANUAL(cs)));
	writel(MANUAL_AUTOREFRESH, sdrc(SDRC_MANUAL(cs)));
	writel(t->mr, sdrc(SDRC_MR(cs)));
	if (t->emr2)
		writel(t->emr2, sdrc(SDRC_EMR2(cs)));
}

/*
 * Does the memory decode address bit `bit` (a byte offset 1 << bit from
 * base) as a bit of its own? Two words, at base and at the bit, must both
 * read back; a column, bank or row line the part does not have makes the
 * second land on the first.
 */
static bool bit_decoded(volatile uint32_t *p, unsigned bit)
{
	const uint32_t a = 0x5A5A0000u | bit, b = ~a;

	p[0] = a;
	p[(1u << bit) / 4] = b;
	return p[0] == a && p[(1u << bit) / 4] == b;
}

/*
 * Bytes of memory at base within max (a power of two), by testing every
 * address bit from the first column bit up. A part smaller than the window
 * ignores the top bits, all of them: the size is where they start. A bit
 * that aliases with a decoded one above it is a geometry the part does not
 * have (a column count too large, rows in the wrong place): -EIO with
 * *bad the bit, since such memory loses data in holes, not at the top.
 */
static int probe_size(uintptr_t base, uint32_t max, uint32_t *size, int8_t *bad)
{
	volatile uint32_t *p = (volatile uint32_t *)base;
	unsigned nbits = 0, first = 0;
	bool failed = false;

	while ((1u << nbits) < max)
		nbits++;
	*size = 0;
	/* An unterminated bus can echo the last value written: drive a
	 * different one elsewhere before checking the base. */
	p[0] = 0x5A5A5A5Au;
	p[1] = ~0x5A5A5A5Au;
	if (p[0] != 0x5A5A5A5Au)
		return 0;
	for (unsigned bit = 2; bit < nbits; bit++) {
		if (bit_decoded(p, bit)) {
			if (failed) {
				*bad = (int8_t)first;
				return -EIO;
			}
		} else if (!failed) {
			failed = true;
			first = bit;
		}
	}
	*size = failed ? 1u << first : max;
	return 0;
}

const char *omap3_sdram_bit_field(uint32_t mcfg, unsigned bit)
{
	unsigned cols = FIELD_GET(MCFG_CASWIDTH, mcfg) + 5;
	unsigned rows = FIELD_GET(MCFG_RASWIDTH, mcfg) + 11;
	unsigned alloc = FIELD_GET(MCFG_BANKALLOC, mcfg);
	unsigned b = bit - 2;      /* x32: bits 1:0 pick the byte */

	if (bit < 2 || b < cols)
		return "column";
	b -= cols;
	switch (alloc) {
	case 2:  /* row-bank-column */
		return b < 2 ? "bank" : b - 2 < rows ? "row" : "size";
	case 1:  /* bank1-row-bank0-column */
		return b < 1 ? "bank" : b - 1 < rows ? "row" : b - 1 - rows < 1 ? "bank" : "size";
	default: /* bank-row-column */
		return b < rows ? "row" : b - rows < 2 ? "bank" : "size";
	}
}

void omap3_sdram_explain(const struct sdram_config *cfg, const struct sdram_banks *banks)
{
	for (int cs = 0; cs < 2; cs++)
		if (banks->bad_bit[cs] >= 0)
			printf("DRAM: CS%d: address bit %d (a %s bit of MCFG 0x%08x) aliases: "
			       "the geometry of %s is not the part's\n", cs, banks->bad_bit[cs],
			       omap3_sdram_bit_field(cfg->cs[cs].mcfg, (unsigned)banks->bad_bit[cs]),
			       (unsigned)cfg->cs[cs].mcfg, cfg->part);
}

/*
 * The set for a part nobody identified. 13 rows and 10 columns are the
 * smallest geometry of these x32 packages: on a larger part it leaves
 * memory unused but never aliases. The timings are U-Boot's NUMONYX_*_200
 * (IGEP v2 at L3 200 MHz; docs/references.md, "SDRAM timing sets"), the
 * longest cycle counts of any set, refreshed every 6.5 us (0x4E2 cycles
 * at 200 MHz, RFR_CTRL 0x4E201 as that set has; computed for the L3 clock).
 */
const struct sdram_config omap3_sdram_safest = {
	.part = "unidentified: safest set, 2 x 128 MiB geometry",
	.l3_max_hz = 200000000,
	.refresh_ns = 6500,
	.sharing = 0x00000100,
	.cs = {
		{ 0x02584099, SDRC_ACTIM_A(28, 11, 8, 3, 4, 2, 3, 6),
		  SDRC_ACTIM_B(2, 2, 3, 40), 0x32, 0 },
		{ 0x02584099, SDRC_ACTIM_A(28, 11, 8, 3, 4, 2, 3, 6),
		  SDRC_ACTIM_B(2, 2, 3, 40), 0x32, 0 },
	},
};

static uint32_t cs_size_max(const struct sdrc_cs_timings *t)
{
	return FIELD_GET(MCFG_RAMSIZE, t->mcfg) * (2u << 20);
}

/* MCFG with RAMSIZE set to size (which is a multiple of 2 MiB). */
static uint32_t mcfg_with_size(uint32_t mcfg, uint32_t size)
{
	return (mcfg & ~MCFG_RAMSIZE) | FIELD_PREP(MCFG_RAMSIZE, size >> 21);
}

static uint32_t size_cs(int cs, const struct sdrc_cs_timings *t, uintptr_t base,
			int8_t *bad)
{
	uint32_t max = cs_size_max(t), size;

	if (!max || (max & (max - 1)))
		return 0;
	if (probe_size(base, max, &size, bad) || size < (2u << 20)) {
		writel(0, sdrc(SDRC_MCFG(cs)));
		return 0;
	}
	if (size != max)
		writel(mcfg_with_size(t->mcfg, size), sdrc(SDRC_MCFG(cs)));
	return size;
}

int omap3_sdram_init(const struct sdram_config *cfg, uint32_t l3_hz,
		     struct sdram_banks *banks)
{
	uint32_t rfr = omap3_sdram_rfr(cfg->refresh_ns, l3_hz);
	uint32_t n;

	banks->base[0] = OMAP3_SDRAM_BASE;
	banks->base[1] = 0;
	banks->size[0] = banks->size[1] = 0;
	banks->bad_bit[0] = banks->bad_bit[1] = -1;

	setbits32(CM_ICLKEN1_CORE, CORE_SDRC);
	writel(BIT(1), sdrc(SDRC_SYSCONFIG));	/* SOFTRESET */
	if (poll32(sdrc(SDRC_SYSSTATUS), BIT(0), BIT(0), 10000))
		return -ETIMEDOUT;
	writel(0, sdrc(SDRC_SYSCONFIG));
	writel(cfg->sharing, sdrc(SDRC_SHARING));
	writel(POWER_VALUE, sdrc(SDRC_POWER));
	writel(DLL_ENADLL_90DEG, sdrc(SDRC_DLLA_CTRL));
	/* DLL lock status is one source only (SPRUF98/SPRUGN4 "Memory
	 * Subsystem", SDRC_DLLA_STATUS): wait for it, but a timeout is not
	 * fatal; the sizing test decides. */
	poll32(sdrc(SDRC_DLLA_STATUS), DLL_LOCKED, DLL_LOCKED, 1000);

	cs_init(0, &cfg->cs[0], rfr);
	banks->size[0] = size_cs(0, &cfg->cs[0], banks->base[0], &banks->bad_bit[0]);
	if (!banks->size[0])
		return banks->bad_bit[0] >= 0 ? -EIO : -ENODEV;

	if (!cfg->cs[1].mcfg)
		return 0;
	/* CS1 right after what CS0 holds: CS_CFG in 32 MiB units,
	 * split into a 128 MiB part [3:0] and a 32 MiB part [9:8]. */
	n = banks->size[0] >> 25;
	if (!n)
		return 0;
	writel((n & 3) << 8 | (n & 0x3C) >> 2, sdrc(SDRC_CS_CFG));
	banks->base[1] = OMAP3_SDRAM_BASE + banks->size[0];
	if (banks->base[1] - OMAP3_SDRAM_BASE + cs_size_max(&cfg->cs[1]) > 0x40000000u) {
		banks->base[1] = 0;
		return 0;
	}
	cs_init(1, &cfg->cs[1], rfr);
	banks->size[1] = size_cs(1, &cfg->cs[1], banks->base[1], &banks->bad_bit[1]);
	if (!banks->size[1])
		banks->base[1] = 0;
	return banks->bad_bit[1] >= 0 ? -EIO : 0;
}
