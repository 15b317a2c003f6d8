// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP3 SDRC initialisation and SDRAM sizing (TRM chapter 11 "Memory
 * Subsystem", SDRC initialisation sequence; registers.md §3.3).
 *
 * Sizing writes a distinct word at every power-of-two offset inside the
 * window MCFG opens, and one at the base last: a chip smaller than the
 * window repeats, so the first offset that reads back the base's word is
 * the size. The boot flow holds nothing in SDRAM yet, so the probe words
 * need not be saved.
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/sdrc.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"

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
#define MANUAL_NOP		0
#define MANUAL_PRECHARGE	1
#define MANUAL_AUTOREFRESH	2
#define DLL_ENADLL_90DEG	0x0A
#define DLL_LOCKED		BIT(2)
/* PAGEPOLICY high, SRFRONRESET, WAKEUPPROC */
#define POWER_VALUE		0x04000081

#define PROBE_MIN		(1u << 20)

static inline uintptr_t sdrc(uint32_t off)
{
	return OMAP3_SDRC_BASE + off;
}

static void cs_init(int cs, const struct sdrc_cs_timings *t)
{
	writel(t->mcfg, sdrc(SDRC_MCFG(cs)));
	writel(t->actim_a, sdrc(SDRC_ACTIM_CTRLA(cs)));
	writel(t->actim_b, sdrc(SDRC_ACTIM_CTRLB(cs)));
	writel(t->rfr, sdrc(SDRC_RFR_CTRL(cs)));
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

static uint32_t probe_word(uint32_t off)
{
	return 0xA5000000u ^ off ^ (off >> 20);
}

/* Bytes of memory at base, looking no further than max (a power of two). */
static uint32_t probe_size(uintptr_t base, uint32_t max)
{
	volatile uint32_t *p = (volatile uint32_t *)base;
	const uint32_t at0 = 0x5A5A5A5Au;
	uint32_t off;

	/* Largest offset first, so an alias lands on a word written later. */
	for (off = max >> 1; off >= PROBE_MIN; off >>= 1)
		p[off / 4] = probe_word(off);
	p[0] = at0;
	/* An unterminated bus can echo the last value written: drive a
	 * different one elsewhere before checking the base. */
	p[1] = ~at0;
	if (p[0] != at0)
		return 0;
	for (off = PROBE_MIN; off < max; off <<= 1)
		if (p[off / 4] != probe_word(off))
			return off;
	return max;
}

static uint32_t cs_size_max(const struct sdrc_cs_timings *t)
{
	return FIELD_GET(MCFG_RAMSIZE, t->mcfg) * (2u << 20);
}

/* MCFG with RAMSIZE set to size (which is a multiple of 2 MiB). */
static uint32_t mcfg_with_size(uint32_t mcfg, uint32_t size)
{
	return (mcfg & ~MCFG_RAMSIZE) | FIELD_PREP(MCFG_RAMSIZE, size >> 21);
}

static uint32_t size_cs(int cs, const struct sdrc_cs_timings *t, uintptr_t base)
{
	uint32_t max = cs_size_max(t), size;

	if (!max || (max & (max - 1)))
		return 0;
	size = probe_size(base, max);
	if (size < (2u << 20)) {
		writel(0, sdrc(SDRC_MCFG(cs)));
		return 0;
	}
	if (size != max)
		writel(mcfg_with_size(t->mcfg, size), sdrc(SDRC_MCFG(cs)));
	return size;
}

int omap3_sdram_init(const struct sdram_config *cfg, struct sdram_banks *banks)
{
	uint32_t n;

	banks->base[0] = OMAP3_SDRAM_BASE;
	banks->base[1] = 0;
	banks->size[0] = banks->size[1] = 0;

	setbits32(CM_ICLKEN1_CORE, CORE_SDRC);
	writel(BIT(1), sdrc(SDRC_SYSCONFIG));	/* SOFTRESET */
	if (poll32(sdrc(SDRC_SYSSTATUS), BIT(0), BIT(0), 10000))
		return -ETIMEDOUT;
	writel(0, sdrc(SDRC_SYSCONFIG));
	writel(cfg->sharing, sdrc(SDRC_SHARING));
	writel(POWER_VALUE, sdrc(SDRC_POWER));
	writel(DLL_ENADLL_90DEG, sdrc(SDRC_DLLA_CTRL));
	/* DLL lock status is one source only (registers.md §3.1): wait for
	 * it, but a timeout is not fatal; the sizing test decides. */
	poll32(sdrc(SDRC_DLLA_STATUS), DLL_LOCKED, DLL_LOCKED, 1000);

	cs_init(0, &cfg->cs[0]);
	banks->size[0] = size_cs(0, &cfg->cs[0], banks->base[0]);
	if (!banks->size[0])
		return -ENODEV;

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
	cs_init(1, &cfg->cs[1]);
	banks->size[1] = size_cs(1, &cfg->cs[1], banks->base[1]);
	if (!banks->size[1])
		banks->base[1] = 0;
	return 0;
}
