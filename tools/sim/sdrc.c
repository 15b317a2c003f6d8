// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the SDRAM controller (SDRC, 0x6D000000) and the SDRAM
 * memory scheduler (SMS, 0x6C000000), SPRUF98/SPRUGN4 chapter "Memory
 * Subsystem".
 *
 * When a chip select's SDRAM becomes visible: its window is mapped only
 * when all of these hold (our rule, following the init sequence of §3.3):
 *  - MCFG_p has a non-zero RAMSIZE;
 *  - ACTIM_CTRLA_p and ACTIM_CTRLB_p have been written with non-zero values;
 *  - RFR_CTRL_p has ARE = 1 and a non-zero ARCV (without refresh the
 *    contents would decay);
 *  - the device was initialised: MANUAL_p commands NOP, PRECHARGE ALL,
 *    AUTOREFRESH, AUTOREFRESH in this order (other commands in between
 *    are allowed), then a write of MR_p.
 * Once the device is initialised, later MCFG/CS_CFG writes only change the
 * address decoding (as on hardware), so the window follows them at once; a
 * SYSCONFIG soft reset forgets everything.
 *
 * The part (cfg.part, parts.c) is checked against what is programmed:
 *  - MCFG must say DDR, 32-bit (B32NOT16) and the flexible address
 *    multiplexing (ADDRMUXLEGACY = 1): anything else stops the run;
 *  - timings: when the chip select becomes ready, and at every later write
 *    of its ACTIM/RFR registers, each ACTIM field times the L3 clock period
 *    of that moment must reach the part's minimum (tDAL: tWR + tRP rounded
 *    up to cycles each); RFR's ARCV cycles plus the 50 an autorefresh may
 *    wait (the TRM's ARCV = tREFI / tCK - 50) must not exceed tREFI; MR's
 *    CAS latency must be 2 or 3 with the L3 period no shorter than the
 *    part's for that latency. A value out of range stops the run naming
 *    the field, as the chip would lose data (the refresh interval only
 *    warns under --tolerate sdram-refresh, for other loaders' runs). An
 *    L3 change after that is not re-checked.
 *  - geometry: a window address is cut into column, bank and row by the
 *    programmed CASWIDTH, RASWIDTH and BANKALLOCATION (row-bank-column,
 *    bank1-row-bank0-column, bank-row-column; bits above the programmed
 *    geometry are dropped). The chip keeps only the lines it has: a column
 *    or row bit beyond its own is ignored, so such addresses alias, and
 *    programmed columns fewer than its own leave the rest unused. The array
 *    is stored in the order of the allocation programmed when the chip
 *    select first became ready (its contents were undefined before).
 *    When the result is the identity, or a repetition of the chip (the
 *    usual "smaller chip" case), the window is mapped straight to host
 *    memory; otherwise every access goes through the translation (slow:
 *    a loader should never use such memory, though code runs there).
 *
 * Sizes and aliasing: the window is RAMSIZE x 2 MiB at 0x80000000 (CS0) or
 * at 0x80000000 + CS_CFG offset (CS1: CS1STARTHIGHADDR x 128 MiB +
 * CS1STARTLOWADDR x 32 MiB), clipped to the 1 GiB SDRC space and, for CS1,
 * to where it does not overlap CS0. A CS with no memory (0 bytes) stays
 * unmapped, so accesses fault.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

#define SDRAM_BASE 0x80000000u
#define SDRAM_END  0xC0000000ull
#define MAX_WIN    512

/* cycles an autorefresh may wait after the ARCV count ends */
#define RFR_WAIT_CK 50u

enum { INIT_NONE, INIT_NOP, INIT_PRECHARGE, INIT_AR1, INIT_AR2 };

struct geom {
	unsigned cols, rows, alloc;   /* alloc: MCFG BANKALLOCATION */
};

struct cs_state {
	int seq;                /* MANUAL command progress */
	bool initialised;       /* sequence done and MR written */
	bool actim_a, actim_b;  /* written with non-zero values */
	bool was_ready;         /* timings checked, array order fixed */
	void *mem;
	uint32_t mem_bytes;
	struct geom chip;       /* the part's, in its storage order */
	struct geom prog;       /* as MCFG says, for the translation */
	/* current mapping: straight windows, or one translated window */
	uint32_t win_base[MAX_WIN], win_size[MAX_WIN];
	int nwin;
	bool slow;
	uint32_t slow_base, slow_size;
	struct sim *s;
};

struct sdrc {
	struct regfile rf;
	struct regfile sms;
	struct cs_state cs[2];
	uint64_t reset_done_at;
	uint64_t dll_lock_at[2];
};

static const struct reg_def sdrc_regs[] = {
	{ 0x00, REG_RO, 0x40, 0 },                 /* SDRC_REVISION */
	{ 0x10, REG_FN, 0x10, 0x19 },              /* SDRC_SYSCONFIG */
	{ 0x14, REG_FN, 0x1, 0 },                  /* SDRC_SYSSTATUS */
	{ 0x40, REG_FN, 0x4, 0x30F },              /* SDRC_CS_CFG */
	{ 0x44, REG_RW, 0x0, 0x7FFFFF00 },         /* SDRC_SHARING */
	{ 0x48, REG_RO, 0x0, 0 },                  /* SDRC_ERR_ADDR */
	{ 0x4C, REG_W1C, 0x0, 0x7FF },             /* SDRC_ERR_TYPE */
	{ 0x60, REG_FN, 0x0, 0xFFFF },             /* SDRC_DLLA_CTRL */
	{ 0x64, REG_FN, 0x0, 0 },                  /* SDRC_DLLA_STATUS */
	{ 0x68, REG_FN, 0x0, 0xFFFF },             /* SDRC_DLLB_CTRL */
	{ 0x6C, REG_FN, 0x0, 0 },                  /* SDRC_DLLB_STATUS */
	{ 0x70, REG_RW, 0x85, 0x07FFFFCD },        /* SDRC_POWER_REG */
	{ 0x80, REG_FN, 0x0, 0x3FFFFFDF },         /* SDRC_MCFG_0 (RASWIDTH 26:24) */
	{ 0x84, REG_FN, 0x24, 0xFFF },             /* SDRC_MR_0 */
	{ 0x88, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR1_0 */
	{ 0x8C, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR2_0 */
	{ 0x90, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR3_0 */
	{ 0x94, REG_RW, 0x0, 0xFFFF },             /* SDRC_DCDL1_CTRL */
	{ 0x98, REG_RW, 0x0, 0xFFFF },             /* SDRC_DCDL2_CTRL */
	{ 0x9C, REG_FN, 0x0, 0xFFFFFFDF },         /* SDRC_ACTIM_CTRLA_0 */
	{ 0xA0, REG_FN, 0x0, 0x0003F7FF },         /* SDRC_ACTIM_CTRLB_0 */
	{ 0xA4, REG_FN, 0x0, 0x00FFFF03 },         /* SDRC_RFR_CTRL_0 */
	{ 0xA8, REG_FN, 0x0, 0xF },                /* SDRC_MANUAL_0 */
	{ 0xB0, REG_FN, 0x0, 0x3FFFFFDF },         /* SDRC_MCFG_1 (RASWIDTH 26:24) */
	{ 0xB4, REG_FN, 0x24, 0xFFF },             /* SDRC_MR_1 */
	{ 0xB8, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR1_1 */
	{ 0xBC, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR2_1 */
	{ 0xC0, REG_RW, 0x0, 0xFFF },              /* SDRC_EMR3_1 */
	{ 0xC4, REG_FN, 0x0, 0xFFFFFFDF },         /* SDRC_ACTIM_CTRLA_1 */
	{ 0xC8, REG_FN, 0x0, 0x0003F7FF },         /* SDRC_ACTIM_CTRLB_1 */
	{ 0xD4, REG_FN, 0x0, 0x00FFFF03 },         /* SDRC_RFR_CTRL_1 */
	{ 0xD8, REG_FN, 0x0, 0xF },                /* SDRC_MANUAL_1 */
};

/* SMS: only the registers a boot loader meets (SPRUF98/SPRUGN4 "Memory
 * Subsystem", SMS). */
static const struct reg_def sms_regs[] = {
	{ 0x00, REG_RO, 0x30, 0 },                 /* SMS_REVISION */
	{ 0x10, REG_RW, 0x1, 0x1B },               /* SMS_SYSCONFIG */
	{ 0x14, REG_RO, 0x1, 0 },                  /* SMS_SYSSTATUS */
	{ 0x48, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_RG_ATT0 */
	{ 0x50, REG_RW, 0xFFFF, 0xFFFF },          /* SMS_RG_RDPERM0 */
	{ 0x58, REG_RW, 0xFFFF, 0xFFFF },          /* SMS_RG_WRPERM0 */
	{ 0xD0, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_CLASS_ARB0 */
	{ 0xD4, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_CLASS_ARB1 */
	{ 0xD8, REG_RW, 0x0, 0xFFFFFFFF },         /* SMS_CLASS_ARB2 */
};

#define DLL_LOCK_PS (10 * PS_PER_US)
#define RESET_PS    (1 * PS_PER_US)

static inline uint32_t reg(struct sdrc *c, uint32_t off)
{
	return *regfile_ptr(&c->rf, off);
}

/* Offsets of a chip select's registers. */
static uint32_t mcfg_off(int cs)  { return cs ? 0xB0 : 0x80; }
static uint32_t rfr_off(int cs)   { return cs ? 0xD4 : 0xA4; }

uint32_t sdrc_cs_size(uint32_t mcfg)
{
	return FIELD_GET(GENMASK(17, 8), mcfg) * (2u << 20);
}

uint32_t sdrc_cs1_offset(uint32_t cs_cfg)
{
	return (cs_cfg & 0xF) * (128u << 20) + FIELD_GET(GENMASK(9, 8), cs_cfg) * (32u << 20);
}

static bool cs_ready(struct sdrc *c, int cs)
{
	struct cs_state *st = &c->cs[cs];
	uint32_t rfr = reg(c, rfr_off(cs));

	return st->initialised && st->actim_a && st->actim_b &&
	       (rfr & 1) && FIELD_GET(GENMASK(23, 8), rfr) &&
	       sdrc_cs_size(reg(c, mcfg_off(cs)));
}

/* ---------------------------------------------------------------- part */

static struct geom mcfg_geom(uint32_t mcfg)
{
	return (struct geom){ FIELD_GET(GENMASK(22, 20), mcfg) + 5,
			      FIELD_GET(GENMASK(26, 24), mcfg) + 11,
			      FIELD_GET(GENMASK(7, 6), mcfg) };
}

/* word address -> bank, row, column under geometry g */
static void decode(const struct geom *g, uint64_t w, unsigned *bank, uint64_t *row,
		   uint64_t *col)
{
	uint64_t rmask = (1ull << g->rows) - 1;

	*col = w & ((1ull << g->cols) - 1);
	w >>= g->cols;
	switch (g->alloc) {
	case 2:  /* row-bank-column */
		*bank = w & 3;
		*row = (w >> 2) & rmask;
		break;
	case 1:  /* bank1-row-bank0-column */
		*row = (w >> 1) & rmask;
		*bank = (unsigned)((w & 1) | ((w >> (1 + g->rows)) & 1) << 1);
		break;
	default: /* bank-row-column */
		*row = w & rmask;
		*bank = (w >> g->rows) & 3;
		break;
	}
}

static uint64_t encode(const struct geom *g, unsigned bank, uint64_t row, uint64_t col)
{
	switch (g->alloc) {
	case 2:
		return ((row << 2 | bank) << g->cols) | col;
	case 1:
		return (((uint64_t)(bank >> 1) << (g->rows + 1) | row << 1 | (bank & 1)) << g->cols) | col;
	default:
		return (((uint64_t)bank << g->rows | row) << g->cols) | col;
	}
}

/* Byte offset in the chip's array for byte offset off of the window. */
static uint64_t chip_off(const struct cs_state *st, uint64_t off)
{
	unsigned bank;
	uint64_t row, col;

	decode(&st->prog, off >> 2, &bank, &row, &col);
	row &= (1ull << st->chip.rows) - 1;
	col &= (1ull << st->chip.cols) - 1;
	return encode(&st->chip, bank, row, col) << 2 | (off & 3);
}

/* The period P when chip_off(x) == x mod P over [0, size), else 0. */
static uint64_t straight_period(const struct cs_state *st, uint64_t size)
{
	uint64_t prog_bytes = 16ull << (st->prog.rows + st->prog.cols);
	uint64_t p = MIN((uint64_t)st->mem_bytes, prog_bytes);

	for (uint64_t bit = 1; bit < size; bit <<= 1)
		if (chip_off(st, bit) != (bit < p ? bit : 0))
			return 0;
	return p;
}

static double ns(uint64_t ps) { return (double)ps / 1000.0; }

/* The programmed MCFG and timings against the part: 0, or stops the run. */
static int check_part(struct sim *s, struct sdrc *c, int cs)
{
	const struct sim_part *p = &s->cfg.part;
	uint32_t mcfg = reg(c, mcfg_off(cs));
	uint32_t a = reg(c, cs ? 0xC4 : 0x9C), b = reg(c, cs ? 0xC8 : 0xA0);
	uint32_t arcv = FIELD_GET(GENMASK(23, 8), reg(c, rfr_off(cs)));
	unsigned cl = FIELD_GET(GENMASK(6, 4), reg(c, cs ? 0xB4 : 0x84));
	uint64_t hz = prcm_l3_hz(s), tck;
	const struct { const char *name; uint32_t cycles, min_ps; } t[] = {
		{ "ACTIM_CTRLA tRFC", FIELD_GET(GENMASK(31, 27), a), p->trfc },
		{ "ACTIM_CTRLA tRC", FIELD_GET(GENMASK(26, 22), a), p->trc },
		{ "ACTIM_CTRLA tRAS", FIELD_GET(GENMASK(21, 18), a), p->tras },
		{ "ACTIM_CTRLA tRP", FIELD_GET(GENMASK(17, 15), a), p->trp },
		{ "ACTIM_CTRLA tRCD", FIELD_GET(GENMASK(14, 12), a), p->trcd },
		{ "ACTIM_CTRLA tRRD", FIELD_GET(GENMASK(11, 9), a), p->trrd },
		{ "ACTIM_CTRLA tDPL (tWR)", FIELD_GET(GENMASK(8, 6), a), p->twr },
		{ "ACTIM_CTRLB tXSR", FIELD_GET(GENMASK(7, 0), b), p->txsr },
	};
	const struct { const char *name; uint32_t cycles, min; } k[] = {
		{ "ACTIM_CTRLB tWTR", FIELD_GET(GENMASK(17, 16), b), p->twtr_ck },
		{ "ACTIM_CTRLB tCKE", FIELD_GET(GENMASK(14, 12), b), p->tcke_ck },
		{ "ACTIM_CTRLB tXP", FIELD_GET(GENMASK(10, 8), b), p->txp_ck },
	};
	uint32_t tdal, tdal_min;

	if ((mcfg & 3) != 1 || !(mcfg & BIT(4)) || !(mcfg & BIT(19))) {
		sim_stop(s, SIM_FAULT, "SDRC CS%d: MCFG 0x%08x: the part (%s) is x32 mobile DDR "
			 "(RAMTYPE 1, B32NOT16 1); other types and the legacy address "
			 "multiplexing (ADDRMUXLEGACY 0) are not modelled", cs, mcfg, p->name);
		return -1;
	}
	if (!hz)
		return 0;
	tck = PS_PER_S / hz;
	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		if ((uint64_t)t[i].cycles * tck < t[i].min_ps) {
			sim_stop(s, SIM_FAULT, "SDRC CS%d: %s = %u cycles = %.1f ns at L3 %.1f MHz, "
				 "below the part's (%s) minimum of %.1f ns", cs, t[i].name,
				 t[i].cycles, ns((uint64_t)t[i].cycles * tck), hz / 1e6, p->name,
				 ns(t[i].min_ps));
			return -1;
		}
	}
	for (size_t i = 0; i < ARRAY_SIZE(k); i++) {
		if (k[i].cycles < k[i].min) {
			sim_stop(s, SIM_FAULT, "SDRC CS%d: %s = %u cycles, below the part's (%s) "
				 "minimum of %u", cs, k[i].name, k[i].cycles, p->name, k[i].min);
			return -1;
		}
	}
	tdal = FIELD_GET(GENMASK(4, 0), a);
	tdal_min = (uint32_t)((p->twr + tck - 1) / tck + (p->trp + tck - 1) / tck);
	if (tdal < tdal_min) {
		sim_stop(s, SIM_FAULT, "SDRC CS%d: ACTIM_CTRLA tDAL = %u cycles, below tWR + tRP "
			 "= %u cycles at L3 %.1f MHz for the part (%s)", cs, tdal, tdal_min,
			 hz / 1e6, p->name);
		return -1;
	}
	/* the counter's ARCV cycles plus the 50 an autorefresh may wait
	 * behind an access (SDRC_RFR_CTRL_p: ARCV = tREFI / tCK - 50) */
	if ((uint64_t)(arcv + RFR_WAIT_CK) * tck > p->trefi) {
		char msg[256];

		snprintf(msg, sizeof(msg), "SDRC CS%d: RFR_CTRL ARCV = %u cycles: %u + %u = %.2f us "
			 "between autorefreshes at L3 %.1f MHz, longer than the part's (%s) "
			 "refresh interval of %.2f us", cs, arcv, arcv, RFR_WAIT_CK,
			 ns((uint64_t)(arcv + RFR_WAIT_CK) * tck) / 1000, hz / 1e6, p->name,
			 ns(p->trefi) / 1000);
		/* Another loader's run (test_uboot.py) may ask to go on: the
		 * chip keeps its data at room temperature for far longer than
		 * the datasheet's worst case, and the test checks the warning. */
		if (!s->cfg.tolerate_refresh) {
			sim_stop(s, SIM_FAULT, "%s", msg);
			return -1;
		}
		fprintf(stderr, "gtaboot-sim: warning (--tolerate sdram-refresh): %s\n", msg);
	}
	if ((cl != 2 && cl != 3) || tck < (cl == 2 ? p->tck_cl2 : p->tck_cl3)) {
		sim_stop(s, SIM_FAULT, "SDRC CS%d: MR CAS latency %u at L3 %.1f MHz (%.2f ns): "
			 "the part (%s) has CL2 from %.1f ns, CL3 from %.1f ns", cs, cl, hz / 1e6,
			 ns(tck), p->name, ns(p->tck_cl2), ns(p->tck_cl3));
		return -1;
	}
	return 0;
}

/* ---------------------------------------------------------------- mapping */

static uint64_t slow_read(uc_engine *uc, uint64_t off, unsigned size, void *opaque)
{
	struct cs_state *st = opaque;
	uint64_t v = 0;

	for (unsigned i = 0; i < size; i++)
		v |= (uint64_t)((uint8_t *)st->mem)[chip_off(st, off + i)] << (8 * i);
	return v;
}

static void slow_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t v, void *opaque)
{
	struct cs_state *st = opaque;

	for (unsigned i = 0; i < size; i++)
		((uint8_t *)st->mem)[chip_off(st, off + i)] = (uint8_t)(v >> (8 * i));
}

static void unmap_cs(struct sim *s, struct cs_state *st)
{
	for (int i = 0; i < st->nwin; i++)
		sim_unmap(s, st->win_base[i], st->win_size[i]);
	st->nwin = 0;
	if (st->slow)
		uc_mem_unmap(s->uc, st->slow_base, st->slow_size);
	st->slow = false;
}

/* Map [base, base+size): the chip repeated every period bytes, or, with
 * period 0, every access translated (chip_off). */
static void map_cs(struct sim *s, struct cs_state *st, uint64_t base, uint64_t size,
		   uint64_t period)
{
	uint64_t off = 0;

	if (!st->mem_bytes)
		return;
	if (!period) {
		/* UC_PROT_ALL: code runs from such memory on the board, and
		 * Unicorn 2.1 refuses fetches from an MMIO region without it. */
		if (uc_mmio_map(s->uc, base, size, slow_read, st, slow_write, st) != UC_ERR_OK ||
		    uc_mem_protect(s->uc, base, size, UC_PROT_ALL) != UC_ERR_OK) {
			sim_stop(s, SIM_FAULT, "SDRC: cannot map 0x%08llx+0x%llx",
				 (unsigned long long)base, (unsigned long long)size);
			return;
		}
		st->slow = true;
		st->slow_base = (uint32_t)base;
		st->slow_size = (uint32_t)size;
		return;
	}
	while (off < size && st->nwin < MAX_WIN) {
		uint64_t n = MIN(period, size - off);

		if (sim_map_ram(s, (uint32_t)(base + off), (uint32_t)n, st->mem) == 0) {
			st->win_base[st->nwin] = (uint32_t)(base + off);
			st->win_size[st->nwin] = (uint32_t)n;
			st->nwin++;
		}
		off += n;
	}
}

/* Recompute both windows; only remap when the layout changes. */
static void sdrc_remap(struct sim *s, struct sdrc *c)
{
	uint64_t base[2] = { 0 }, size[2] = { 0 };

	for (int cs = 0; cs < 2; cs++) {
		struct cs_state *st = &c->cs[cs];

		if (!cs_ready(c, cs))
			continue;
		if (!st->was_ready) {
			/* first time ready: the part is checked, and the array
			 * takes the programmed allocation as its storage order */
			if (st->mem_bytes && check_part(s, c, cs))
				return;
			st->was_ready = true;
			st->chip.alloc = mcfg_geom(reg(c, mcfg_off(cs))).alloc;
		}
		base[cs] = SDRAM_BASE + (cs ? sdrc_cs1_offset(reg(c, 0x40)) : 0);
		size[cs] = sdrc_cs_size(reg(c, mcfg_off(cs)));
		if (base[cs] >= SDRAM_END)
			size[cs] = 0;
		else if (base[cs] + size[cs] > SDRAM_END)
			size[cs] = SDRAM_END - base[cs];
	}
	/* CS0 wins where CS1 overlaps it. */
	if (size[0] && size[1] && base[1] < base[0] + size[0]) {
		uint64_t end1 = base[1] + size[1];

		if (end1 <= base[0] + size[0]) {
			size[1] = 0;
		} else {
			base[1] = base[0] + size[0];
			size[1] = end1 - base[1];
		}
	}
	for (int cs = 0; cs < 2; cs++) {
		struct cs_state *st = &c->cs[cs];
		uint64_t cur_base = st->slow ? st->slow_base : st->nwin ? st->win_base[0] : 0;
		uint64_t cur_size = st->slow ? st->slow_size : 0, period = 0;
		struct geom g = mcfg_geom(reg(c, mcfg_off(cs)));
		bool same_geom = g.cols == st->prog.cols && g.rows == st->prog.rows &&
				 g.alloc == st->prog.alloc;

		for (int i = 0; i < st->nwin; i++)
			cur_size += st->win_size[i];
		if (size[cs] && st->mem_bytes && cur_base == base[cs] &&
		    cur_size == size[cs] && same_geom)
			continue;
		if (!size[cs] && !st->nwin && !st->slow)
			continue;
		unmap_cs(s, st);
		st->prog = g;
		if (size[cs]) {
			period = straight_period(st, size[cs]);
			map_cs(s, st, base[cs], size[cs], period);
		}
	}
}

static void sdrc_soft_reset(struct sim *s, struct sdrc *c)
{
	regfile_reset(&c->rf);
	for (int cs = 0; cs < 2; cs++) {
		c->cs[cs].seq = INIT_NONE;
		c->cs[cs].initialised = false;
		c->cs[cs].actim_a = c->cs[cs].actim_b = false;
		c->cs[cs].was_ready = false;
	}
	c->dll_lock_at[0] = c->dll_lock_at[1] = 0;
	c->reset_done_at = sim_now_ps(s) + RESET_PS;
	sdrc_remap(s, c);
}

static void manual_cmd(struct cs_state *st, unsigned cmd)
{
	switch (cmd) {
	case 0: /* NOP */
		st->seq = INIT_NOP;
		break;
	case 1: /* PRECHARGE ALL */
		if (st->seq == INIT_NOP)
			st->seq = INIT_PRECHARGE;
		break;
	case 2: /* AUTOREFRESH */
		if (st->seq == INIT_PRECHARGE)
			st->seq = INIT_AR1;
		else if (st->seq == INIT_AR1)
			st->seq = INIT_AR2;
		break;
	default: /* power-down, self-refresh, CKE: do not break the sequence */
		break;
	}
}

static int sdrc_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t *val)
{
	struct sdrc *c = opaque;
	const struct reg_def *d;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	d = regfile_def(&c->rf, off);
	if (!d)
		return SIM_EUNIMPL;
	switch (off) {
	case 0x14:
		*val = sim_now_ps(s) >= c->reset_done_at ? 1 : 0;
		return 0;
	case 0x64:
	case 0x6C: {
		int i = off == 0x6C;

		*val = c->dll_lock_at[i] && sim_now_ps(s) >= c->dll_lock_at[i] ? BIT(2) : 0;
		return 0;
	}
	case 0x80:
	case 0xB0: /* LOCKSTATUS: the DLL is locked */
		*val = reg(c, off) | (c->dll_lock_at[0] && sim_now_ps(s) >= c->dll_lock_at[0] ? BIT(30) : 0);
		return 0;
	case 0xA8:
	case 0xD8: /* MANUAL reads back 0: commands are one-shot */
		*val = 0;
		return 0;
	}
	*val = reg(c, off);
	return 0;
}

static int sdrc_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		      uint32_t val)
{
	struct sdrc *c = opaque;
	int cs = off >= 0xB0;     /* the CS1 registers all sit above 0xB0 */
	int ret;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!regfile_def(&c->rf, off))
		return SIM_EUNIMPL;
	if (off == 0x10 && (val & BIT(1))) {
		sdrc_soft_reset(s, c);
		return 0;
	}
	ret = regfile_write(&c->rf, off, val);
	switch (off) {
	case 0x60:
	case 0x68: {
		int i = off == 0x68;

		/* ENADLL starts a lock; clearing it drops the lock */
		if (!(val & BIT(3)))
			c->dll_lock_at[i] = 0;
		else if (!c->dll_lock_at[i] || (val & BIT(2)))
			c->dll_lock_at[i] = sim_now_ps(s) + DLL_LOCK_PS;
		break;
	}
	case 0x9C: case 0xC4:
		c->cs[cs].actim_a = val != 0;
		break;
	case 0xA0: case 0xC8:
		c->cs[cs].actim_b = val != 0;
		break;
	case 0xA8: case 0xD8:
		manual_cmd(&c->cs[cs], val & 0xF);
		break;
	case 0x84: case 0xB4:
		if (c->cs[cs].seq == INIT_AR2)
			c->cs[cs].initialised = true;
		break;
	}
	/* timings rewritten on a chip select already in use */
	if ((off == 0x9C || off == 0xA0 || off == 0xA4 || off == 0xC4 || off == 0xC8 ||
	     off == 0xD4 || off == 0x84 || off == 0xB4) && c->cs[cs].was_ready && c->cs[cs].mem_bytes && cs_ready(c, cs) &&
	    check_part(s, c, cs))
		return ret;
	sdrc_remap(s, c);
	return ret;
}

static int sms_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t *val)
{
	struct sdrc *c = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	return regfile_read(&c->sms, off, val);
}

static int sms_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t val)
{
	struct sdrc *c = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	return regfile_write(&c->sms, off, val);
}

void sdrc_init(struct sim *s)
{
	struct sdrc *c = calloc(1, sizeof(*c));
	struct sim_dev d = {
		.name = "SDRC", .base = 0x6D000000, .size = 0x1000,
		.read = sdrc_read, .write = sdrc_write,
	};
	struct sim_dev m = {
		.name = "SMS", .base = 0x6C000000, .size = 0x1000,
		.read = sms_read, .write = sms_write,
	};

	if (!c)
		abort();
	regfile_init(&c->rf, sdrc_regs, ARRAY_SIZE(sdrc_regs), 0x1000);
	regfile_init(&c->sms, sms_regs, ARRAY_SIZE(sms_regs), 0x1000);
	for (int cs = 0; cs < 2; cs++) {
		uint32_t n = s->cfg.sdram_cs_bytes[cs] & ~0xFFFu;

		c->cs[cs].mem_bytes = n;
		c->cs[cs].s = s;
		c->cs[cs].chip = (struct geom){ s->cfg.part.cols, s->cfg.part.rows, 2 };
		/* the size wins over the part's rows (unit tests set it alone) */
		while (c->cs[cs].chip.rows > 1 &&
		       (16ull << (c->cs[cs].chip.rows + c->cs[cs].chip.cols)) > n)
			c->cs[cs].chip.rows--;
		while ((32ull << (c->cs[cs].chip.rows + c->cs[cs].chip.cols)) <= n)
			c->cs[cs].chip.rows++;
		if (!n)
			continue;
		/* anonymous mapping: untouched pages cost nothing */
		c->cs[cs].mem = mmap(NULL, n, PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (c->cs[cs].mem == MAP_FAILED) {
			perror("gtaboot-sim: SDRAM");
			exit(1);
		}
	}
	s->sdrc = c;
	d.opaque = c;
	m.opaque = c;
	model_add_dev(s, &d);
	model_add_dev(s, &m);
}

/* The host memory behind a CS (watch.c), and the address its first
 * byte has now: its first straight window or its translated one; false
 * when the CS has no memory or is not mapped. */
bool sdrc_cs_memory(struct sim *s, int cs, void **mem, uint32_t *bytes, uint32_t *base)
{
	struct cs_state *st = &s->sdrc->cs[cs];

	*mem = st->mem;
	*bytes = st->mem_bytes;
	*base = st->nwin ? st->win_base[0] : st->slow_base;
	return st->mem && (st->nwin || st->slow);
}

/* For tests and the report: the windows currently mapped for a CS. */
int sdrc_windows(struct sim *s, int cs, uint32_t *base, uint32_t *size, int max)
{
	struct cs_state *st = &s->sdrc->cs[cs];
	int n = MIN(st->nwin, max);

	for (int i = 0; i < n; i++) {
		base[i] = st->win_base[i];
		size[i] = st->win_size[i];
	}
	return st->nwin;
}

void *sdrc_cs_mem(struct sim *s, int cs)
{
	return s->sdrc->cs[cs].mem;
}
