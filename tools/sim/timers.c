// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the 32 kHz synchronized timer (0x48320000) and the twelve
 * general purpose timers GPTIMER1-12 (bases in gpt_info[]), TRM chapter 16
 * "Timers" (SPRUF98/SPRUGN4 "Timers", 32-kHz sync timer). Each GPTIMER
 * drives its INTC input with TISR & TIER.
 *
 * 32K sync: 32KSYNCNT_CR = floor(now x 32768 Hz) since power-on; the
 * counter itself runs from the always-on 32 kHz clock, but its registers
 * need the interface clock CM_ICLKEN_WKUP bit2, which the ROM leaves off
 * (prcm.c): a read without it is a bus error.
 *
 * GPTIMERs count in virtual time at their functional clock (GPT1:
 * CM_CLKSEL_WKUP bit0, GPT2: CM_CLKSEL_PER bit0, 1 = sys_clk, 0 = 32 kHz)
 * divided by the prescaler (2^(PTV+1) when PRE = 1), and only while TCLR.ST
 * is set and the functional clock is enabled. Overflow sets TISR.OVF and
 * reloads TLDR (AR = 1) or stops (AR = 0); a match with CE = 1 sets
 * TISR.MAT. In posted mode (TSICR.POSTED, reset 1) a write to TCLR, TCRR,
 * TLDR, TTGR or TMAR shows its TWPS pending bit for 3.5 functional-clock
 * cycles (forever while that clock is off); a second write to the same
 * register while it is pending is lost, as the TRM warns. Values take effect
 * at the write. The 1 ms tick registers (TPIR..TOWR) are storage only.
 * Registers are 32-bit; other access sizes are refused.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

enum {
	TIDR = 0x00, TIOCP_CFG = 0x10, TISTAT = 0x14, TISR = 0x18, TIER = 0x1C,
	TWER = 0x20, TCLR = 0x24, TCRR = 0x28, TLDR = 0x2C, TTGR = 0x30,
	TWPS = 0x34, TMAR = 0x38, TCAR1 = 0x3C, TSICR = 0x40, TCAR2 = 0x44,
	TPIR = 0x48, TNIR = 0x4C, TCVR = 0x50, TOCR = 0x54, TOWR = 0x58,
};

struct gpt {
	const char *name;
	enum sim_clk clk;
	uint32_t sel_reg;   /* CM register holding the clock select bit, 0: 32 kHz only */
	unsigned sel_bit;
	unsigned irq;       /* INTC input (TRM table "MPU interrupt mapping") */
	uint32_t tiocp, tisr, tier, twer, tclr, tcrr, tldr, ttgr, tmar, tsicr;
	uint32_t tpir, tnir, tcvr, tocr, towr;
	uint64_t last_ps;   /* counter integrated up to here */
	uint64_t frac;      /* sub-tick remainder, in ps x hz */
	uint64_t pend_until[10];
	bool warn_lost;
};

#define NGPT 12

struct timers {
	struct gpt gpt[NGPT];
};

static struct timers *timers_of(struct sim *s);

static uint64_t gpt_fclk(struct sim *s, struct gpt *g)
{
	if (!prcm_fclk_on(s, g->clk))
		return 0;
	if (!g->sel_reg)
		return CLK32K_HZ;
	return (prcm_cm_reg(s, g->sel_reg) & BIT(g->sel_bit)) ? prcm_sys_clk_hz(s) : CLK32K_HZ;
}

static uint64_t gpt_tick_hz(struct sim *s, struct gpt *g, uint64_t *div)
{
	uint64_t f = gpt_fclk(s, g);

	*div = (g->tclr & BIT(5)) ? 2ull << FIELD_GET(GENMASK(4, 2), g->tclr) : 1;
	return f;
}

/* Advance the counter by n ticks with overflow, reload and match. */
static void gpt_count(struct gpt *g, uint64_t n)
{
	while (n) {
		uint64_t to_ovf = 0x100000000ull - g->tcrr;
		uint64_t step = n < to_ovf ? n : to_ovf;
		uint32_t old = g->tcrr;
		uint64_t period;

		if ((g->tclr & BIT(6)) && g->tmar - old - 1 < step) /* CE: match crossed */
			g->tisr |= BIT(0);
		n -= step;
		if (step < to_ovf) {
			g->tcrr = old + (uint32_t)step;
			break;
		}
		g->tisr |= BIT(1);
		if (!(g->tclr & BIT(1))) {      /* one-shot: stop at 0 */
			g->tcrr = 0;
			g->tclr &= ~BIT(0);
			break;
		}
		g->tcrr = g->tldr;
		/* skip whole auto-reload periods at once */
		period = 0x100000000ull - g->tldr;
		if (n >= period) {
			if ((g->tclr & BIT(6)) && g->tmar >= g->tldr)
				g->tisr |= BIT(0);
			n %= period;
		}
	}
}

static void gpt_sync(struct sim *s, struct gpt *g)
{
	uint64_t now = sim_now_ps(s), div, hz, ticks;
	unsigned __int128 acc;

	if (now <= g->last_ps)
		return;
	hz = gpt_tick_hz(s, g, &div);
	if ((g->tclr & BIT(0)) && hz) {
		acc = (unsigned __int128)(now - g->last_ps) * hz + g->frac;
		ticks = (uint64_t)(acc / ((unsigned __int128)PS_PER_S * div));
		g->frac = (uint64_t)(acc % ((unsigned __int128)PS_PER_S * div));
		gpt_count(g, ticks);
	} else {
		g->frac = 0;
	}
	g->last_ps = now;
}

/*
 * The interrupt line is TISR & TIER (MAT, OVF, TCAR). While the counter
 * runs with an interrupt enabled, the core is told when the next overflow
 * or match will be, so that it looks at the line then (and a WFI sleeps
 * exactly until then).
 */
static void gpt_irq(struct sim *s, struct gpt *g)
{
	uint64_t div, hz = gpt_tick_hz(s, g, &div), ticks = UINT64_MAX;

	intc_set_line(s, g->irq, g->tisr & g->tier & 7);
	if (!(g->tclr & BIT(0)) || !hz)
		return;
	if (g->tier & BIT(1))
		ticks = 0x100000000ull - g->tcrr;
	if ((g->tier & BIT(0)) && (g->tclr & BIT(6))) {
		uint64_t m = (uint32_t)(g->tmar - g->tcrr);

		if (m && m < ticks)
			ticks = m;
	}
	if (ticks == UINT64_MAX)
		return;
	/* ticks x div functional-clock cycles, less the fraction already run */
	sim_event_at(s, sim_now_ps(s) + ps_for_ticks(ticks * div, hz) -
		     (uint64_t)(g->frac / hz));
}

static void gpt_reset(struct gpt *g)
{
	g->tiocp = 0; g->tisr = 0; g->tier = 0; g->twer = 0; g->tclr = 0;
	g->tcrr = 0; g->tldr = 0; g->ttgr = 0; g->tmar = 0; g->tsicr = 0x4;
	g->tpir = 0; g->tnir = 0; g->tcvr = 0; g->tocr = 0; g->towr = 0;
	g->frac = 0;
	for (int i = 0; i < 10; i++)
		g->pend_until[i] = 0;
}

static int pend_bit(uint32_t off)
{
	switch (off) {
	case TCLR: return 0; case TCRR: return 1; case TLDR: return 2;
	case TTGR: return 3; case TMAR: return 4; case TPIR: return 5;
	case TNIR: return 6; case TCVR: return 7; case TOCR: return 8;
	case TOWR: return 9;
	}
	return -1;
}

static uint32_t twps(struct sim *s, struct gpt *g)
{
	uint32_t v = 0;

	for (int i = 0; i < 10; i++)
		if (g->pend_until[i] > sim_now_ps(s))
			v |= BIT(i);
	return v;
}

static int gpt_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t *val)
{
	struct gpt *g = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!prcm_clk_on(s, g->clk))
		return SIM_EBUS;
	gpt_sync(s, g);
	gpt_irq(s, g);
	switch (off) {
	case TIDR: *val = 0x13; break;
	case TIOCP_CFG: *val = g->tiocp; break;
	case TISTAT: *val = 1; break;      /* RESETDONE */
	case TISR: *val = g->tisr; break;
	case TIER: *val = g->tier; break;
	case TWER: *val = g->twer; break;
	case TCLR: *val = g->tclr; break;
	case TCRR: *val = g->tcrr; sim_clock_read(s); break;
	case TLDR: *val = g->tldr; break;
	case TTGR: *val = 0xFFFFFFFF; break;
	case TWPS: *val = twps(s, g); break;
	case TMAR: *val = g->tmar; break;
	case TCAR1: case TCAR2: *val = 0; break;
	case TSICR: *val = g->tsicr; break;
	case TPIR: *val = g->tpir; break;
	case TNIR: *val = g->tnir; break;
	case TCVR: *val = g->tcvr; break;
	case TOCR: *val = g->tocr; break;
	case TOWR: *val = g->towr; break;
	default: return SIM_EUNIMPL;
	}
	return 0;
}

static int gpt_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t val)
{
	struct gpt *g = opaque;
	int pb = pend_bit(off);

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!prcm_clk_on(s, g->clk))
		return SIM_EBUS;
	gpt_sync(s, g);
	if (pb >= 0 && (g->tsicr & BIT(2))) {
		uint64_t hz = gpt_fclk(s, g);

		if (g->pend_until[pb] > sim_now_ps(s)) {
			model_warn_once(&g->warn_lost,
					"%s: write to offset 0x%02x while its TWPS bit is pending is lost (PC 0x%08x)",
					g->name, off, sim_pc(s));
			return 0;
		}
		g->pend_until[pb] = hz ? sim_now_ps(s) + ps_for_ticks(7, hz * 2) : UINT64_MAX;
	}
	switch (off) {
	case TIDR: case TISTAT: case TWPS: case TCAR1: case TCAR2:
		break;                       /* read-only */
	case TIOCP_CFG:
		if (val & BIT(1)) {
			gpt_reset(g);        /* SOFTRESET completes at once */
			break;
		}
		g->tiocp = val & 0x33D;
		break;
	case TISR: g->tisr &= ~(val & 7); break;
	case TIER: g->tier = val & 7; break;
	case TWER: g->twer = val & 7; break;
	case TCLR: g->tclr = val & 0x7FFF; break;
	case TCRR: g->tcrr = val; g->frac = 0; break;
	case TLDR: g->tldr = val; break;
	case TTGR: g->tcrr = g->tldr; g->ttgr = val; g->frac = 0; break;
	case TMAR: g->tmar = val; break;
	case TSICR: g->tsicr = val & 0x6; if (val & BIT(1)) gpt_reset(g); break;
	case TPIR: g->tpir = val; break;
	case TNIR: g->tnir = val; break;
	case TCVR: g->tcvr = val; break;
	case TOCR: g->tocr = val & 0xFFFFFF; break;
	case TOWR: g->towr = val & 0xFFFFFF; break;
	default: return SIM_EUNIMPL;
	}
	gpt_irq(s, g);
	return 0;
}

/* ------------------------------------------------------------- 32k sync */

uint32_t sync32k_count(struct sim *s)
{
	return (uint32_t)ticks_in(sim_now_ps(s), CLK32K_HZ);
}

static uint32_t sync32k_sysconfig = 0;

/* 0 when the 32k counter answers this access, else the fault. */
static int sync_access(struct sim *s, uint32_t off, unsigned size)
{
	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (off != 0x00 && off != 0x04 && off != 0x10)
		return SIM_EUNIMPL;
	return prcm_clk_on(s, CLK_32KSYNC) ? 0 : SIM_EBUS;
}

static int sync_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t *val)
{
	int e = sync_access(s, off, size);

	if (e)
		return e;
	switch (off) {
	case 0x00: *val = 0x11; break;                 /* REG_32KSYNCNT_REV */
	case 0x04: *val = sync32k_sysconfig; break;    /* SYSCONFIG */
	default: *val = sync32k_count(s); sim_clock_read(s); break;
	}
	return 0;
}

static int sync_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		      uint32_t val)
{
	int e = sync_access(s, off, size);

	if (e)
		return e;
	if (off == 0x04)
		sync32k_sysconfig = val & 0x18;
	return 0;                                      /* REV, CR: read-only */
}

/* ------------------------------------------------------------- glue */

static struct {
	struct sim *s;
	struct timers *t;
} reg[8];

static struct timers *timers_of(struct sim *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(reg); i++)
		if (reg[i].s == s)
			return reg[i].t;
	return NULL;
}

/* battery.c: the share of time GPTn's (1-based) PWM output is high, as
 * Linux's pwm-omap-dmtimer programs it (TCLR: ST, CE, TRG = overflow and
 * match, PT = toggle, AR; TLDR = 2^32 - period, TMAR = TLDR + duty - 1;
 * SCPWM = 1 for inverted polarity); stopped: the SCPWM level. -1 when
 * the timer is not set up as such a PWM. */
double gpt_pwm_duty(struct sim *s, unsigned n)
{
	struct timers *t = timers_of(s);
	const struct gpt *g;
	double period, high;
	bool inv;

	if (!t || n < 1 || n > NGPT)
		return -1;
	g = &t->gpt[n - 1];
	inv = g->tclr & BIT(7);
	if (!(g->tclr & BIT(0)) || !gpt_fclk(s, (struct gpt *)g))
		return inv ? 1 : 0;
	if (FIELD_GET(GENMASK(11, 10), g->tclr) != 2 || !(g->tclr & BIT(12)) ||
	    !(g->tclr & BIT(6)) || !(g->tclr & BIT(1)) || g->tmar < g->tldr || !g->tldr)
		return -1;
	period = 4294967296.0 - g->tldr;
	high = (double)g->tmar - g->tldr + 1;
	high = high > period ? period : high;
	return inv ? 1 - high / period : high / period;
}

void timers_sync(struct sim *s)
{
	struct timers *t = timers_of(s);

	if (!t)
		return;
	for (int i = 0; i < NGPT; i++) {
		gpt_sync(s, &t->gpt[i]);
		gpt_irq(s, &t->gpt[i]);
	}
}

/* Bases and INTC inputs: TRM chapter 2 memory map and the MPU interrupt
 * table; clock selects: CM_CLKSEL_WKUP bit0 (GPT1), CM_CLKSEL_PER bits
 * 0-7 (GPT2-9), CM_CLKSEL_CORE bits 6-7 (GPT10-11); GPTIMER12 runs from
 * the secure 32 kHz clock. */
static const struct gpt_info {
	const char *name;
	uint32_t base;
	enum sim_clk clk;
	uint16_t sel_reg;
	uint8_t sel_bit, irq;
} gpt_info[NGPT] = {
	{ "GPTIMER1",  0x48318000, CLK_GPT1,  0x0C40, 0, 37 },
	{ "GPTIMER2",  0x49032000, CLK_GPT2,  0x1040, 0, 38 },
	{ "GPTIMER3",  0x49034000, CLK_GPT3,  0x1040, 1, 39 },
	{ "GPTIMER4",  0x49036000, CLK_GPT4,  0x1040, 2, 40 },
	{ "GPTIMER5",  0x49038000, CLK_GPT5,  0x1040, 3, 41 },
	{ "GPTIMER6",  0x4903A000, CLK_GPT6,  0x1040, 4, 42 },
	{ "GPTIMER7",  0x4903C000, CLK_GPT7,  0x1040, 5, 43 },
	{ "GPTIMER8",  0x4903E000, CLK_GPT8,  0x1040, 6, 44 },
	{ "GPTIMER9",  0x49040000, CLK_GPT9,  0x1040, 7, 45 },
	{ "GPTIMER10", 0x48086000, CLK_GPT10, 0x0A40, 6, 46 },
	{ "GPTIMER11", 0x48088000, CLK_GPT11, 0x0A40, 7, 47 },
	{ "GPTIMER12", 0x48304000, CLK_GPT12, 0,      0, 95 },
};

void timers_init(struct sim *s)
{
	struct timers *t = calloc(1, sizeof(*t));
	struct sim_dev d;
	size_t i;

	if (!t)
		abort();
	for (i = 0; i < ARRAY_SIZE(reg); i++)
		if (!reg[i].s || reg[i].s == s)
			break;
	if (i == ARRAY_SIZE(reg))
		i = 0;
	reg[i].s = s;
	reg[i].t = t;

	for (int k = 0; k < NGPT; k++) {
		const struct gpt_info *in = &gpt_info[k];

		t->gpt[k] = (struct gpt){ .name = in->name, .clk = in->clk,
					  .sel_reg = in->sel_reg, .sel_bit = in->sel_bit,
					  .irq = in->irq };
		gpt_reset(&t->gpt[k]);
		t->gpt[k].last_ps = sim_now_ps(s);
		d = (struct sim_dev){ .name = in->name, .base = in->base, .size = 0x1000,
			.read = gpt_read, .write = gpt_write, .opaque = &t->gpt[k] };
		model_add_dev(s, &d);
	}
	sync32k_sysconfig = 0;
	d = (struct sim_dev){ .name = "32KSYNC", .base = 0x48320000, .size = 0x1000,
		.read = sync_read, .write = sync_write };
	model_add_dev(s, &d);
}
