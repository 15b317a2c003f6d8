// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: WDT2, the MPU watchdog at 0x48314000, TRM chapter 16
 * "Timers", watchdog section (SPRUF98/SPRUGN4 "Timers", watchdog).
 *
 * WCRR counts up at 32768 Hz / 2^PTV (PRE = 1) in virtual time from
 * power-on: it starts running with WCRR = WLDR = 0xFFFB0000 and PRE = 1,
 * PTV = 0, so it expires 10 s after power-on unless stopped or reloaded. It
 * counts only while running (WSPR start/stop sequences AAAA/5555 stop,
 * BBBB/4444 start) and while its functional clock (CM_FCLKEN_WKUP bit5) is
 * on. When WCRR passes 0xFFFFFFFF the chip resets: sim_stop(SIM_WATCHDOG),
 * with PRM_RSTST.MPU_WD_RST set.
 *
 * Writes to WCLR, WCRR, WLDR, WTGR and WSPR are posted: the WWPS bit stays
 * set for 3 cycles of the 32 kHz clock and takes effect at the end of that
 * time. A second write to the same register while its bit is pending is
 * lost (hardware drops it), so a stop sequence that does not poll WWPS
 * between 0xAAAA and 0x5555 does not stop the watchdog. Registers are
 * 32-bit; registers need both the interface and functional clocks.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

enum {
	WIDR = 0x00, WD_SYSCONFIG = 0x10, WD_SYSSTATUS = 0x14, WISR = 0x18,
	WIER = 0x1C, WCLR = 0x24, WCRR = 0x28, WLDR = 0x2C, WTGR = 0x30,
	WWPS = 0x34, WSPR = 0x48,
};

enum { P_WCLR, P_WCRR, P_WLDR, P_WTGR, P_WSPR, NPEND };

#define POST_CYCLES 3

struct wdt {
	uint32_t sysconfig, wisr, wier, wclr, wcrr, wldr, wtgr, wspr;
	bool running;
	uint32_t last_spr;            /* first half of a start/stop sequence */
	uint64_t last_ps, frac;
	/* posted writes: value and completion time */
	uint64_t pend_at[NPEND];
	uint32_t pend_val[NPEND];
	bool expired;
	bool warn_lost;
};

static uint64_t wdt_hz(struct sim *s, struct wdt *w, uint64_t *div)
{
	*div = (w->wclr & BIT(5)) ? 1ull << FIELD_GET(GENMASK(4, 2), w->wclr) : 1;
	if (!w->running || !prcm_fclk_on(s, CLK_WDT2))
		return 0;
	return CLK32K_HZ;
}

static void wdt_reset_regs(struct wdt *w)
{
	w->sysconfig = 0; w->wisr = 0; w->wier = 0; w->wclr = 0x20;
	w->wldr = 0xFFFB0000; w->wcrr = w->wldr; w->wtgr = 0; w->wspr = 0;
	w->running = true;
	w->last_spr = 0;
	w->frac = 0;
	for (int i = 0; i < NPEND; i++)
		w->pend_at[i] = 0;
}

static void expire(struct sim *s, struct wdt *w, uint64_t at)
{
	if (w->expired)
		return;
	w->expired = true;
	w->wisr |= 1;
	prcm_note_reset(s, BIT(4));  /* MPU_WD_RST */
	sim_stop(s, SIM_WATCHDOG,
		 "WDT2 expired at %llu.%06llu s virtual time (WLDR 0x%08x, WCLR 0x%02x): "
		 "the watchdog was neither stopped (WSPR 0xAAAA, 0x5555) nor reloaded",
		 (unsigned long long)(at / PS_PER_S),
		 (unsigned long long)(at % PS_PER_S / PS_PER_US), w->wldr, w->wclr);
}

/* Count from last_ps to `to` with the current settings. */
static void count_to(struct sim *s, struct wdt *w, uint64_t to)
{
	uint64_t div, hz, ticks, room;
	unsigned __int128 acc, unit;

	if (to <= w->last_ps)
		return;
	hz = wdt_hz(s, w, &div);
	if (!hz) {
		w->frac = 0;
		w->last_ps = to;
		return;
	}
	unit = (unsigned __int128)PS_PER_S * div;
	acc = (unsigned __int128)(to - w->last_ps) * hz + w->frac;
	ticks = (uint64_t)(acc / unit);
	room = 0x100000000ull - w->wcrr;
	if (ticks >= room) {
		/* the exact moment WCRR wrapped */
		unsigned __int128 need = (unsigned __int128)room * unit - w->frac;
		uint64_t at = w->last_ps + (uint64_t)((need + hz - 1) / hz);

		w->wcrr = w->wldr;
		w->frac = 0;
		w->last_ps = to;
		expire(s, w, at);
		return;
	}
	w->wcrr += (uint32_t)ticks;
	w->frac = (uint64_t)(acc % unit);
	w->last_ps = to;
}

static void apply(struct sim *s, struct wdt *w, int p, uint32_t v)
{
	switch (p) {
	case P_WCLR:
		w->wclr = v & 0x3C;
		break;
	case P_WCRR:
		w->wcrr = v;
		w->frac = 0;
		break;
	case P_WLDR:
		w->wldr = v;
		break;
	case P_WTGR:
		if (v != w->wtgr) {       /* a new value reloads the counter */
			w->wcrr = w->wldr;
			w->frac = 0;
		}
		w->wtgr = v;
		break;
	case P_WSPR:
		if (w->last_spr == 0xAAAA && v == 0x5555)
			w->running = false;
		else if (w->last_spr == 0xBBBB && v == 0x4444)
			w->running = true;
		w->last_spr = v;
		w->wspr = v;
		break;
	}
}

/* Integrate time, applying posted writes in the order they complete. */
static void wdt_advance(struct sim *s, struct wdt *w)
{
	uint64_t now = sim_now_ps(s);

	for (;;) {
		int next = -1;

		for (int i = 0; i < NPEND; i++)
			if (w->pend_at[i] && w->pend_at[i] <= now &&
			    (next < 0 || w->pend_at[i] < w->pend_at[next]))
				next = i;
		if (next < 0)
			break;
		count_to(s, w, w->pend_at[next]);
		w->pend_at[next] = 0;
		apply(s, w, next, w->pend_val[next]);
	}
	count_to(s, w, now);
}

void wdt_sync(struct sim *s)
{
	if (s->wdt2)
		wdt_advance(s, s->wdt2);
}

uint64_t wdt_expiry_ps(struct sim *s)
{
	struct wdt *w = s->wdt2;
	uint64_t div, hz;
	unsigned __int128 need;

	if (!w || w->expired)
		return UINT64_MAX;
	wdt_advance(s, w);
	hz = wdt_hz(s, w, &div);
	if (!hz)
		return UINT64_MAX;
	need = (unsigned __int128)(0x100000000ull - w->wcrr) * PS_PER_S * div - w->frac;
	return w->last_ps + (uint64_t)((need + hz - 1) / hz);
}

static int pend_index(uint32_t off)
{
	switch (off) {
	case WCLR: return P_WCLR; case WCRR: return P_WCRR;
	case WLDR: return P_WLDR; case WTGR: return P_WTGR;
	case WSPR: return P_WSPR;
	}
	return -1;
}

static int wdt_read(struct sim *s, void *opaque, uint32_t off, unsigned size,
		    uint32_t *val)
{
	struct wdt *w = opaque;

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!prcm_clk_on(s, CLK_WDT2))
		return SIM_EBUS;
	wdt_advance(s, w);
	switch (off) {
	case WIDR: *val = 0x31; break;
	case WD_SYSCONFIG: *val = w->sysconfig; break;
	case WD_SYSSTATUS: *val = 1; break;
	case WISR: *val = w->wisr; break;
	case WIER: *val = w->wier; break;
	case WCLR: *val = w->wclr; break;
	case WCRR: *val = w->wcrr; sim_clock_read(s); break;
	case WLDR: *val = w->wldr; break;
	case WTGR: *val = w->wtgr; break;
	case WSPR: *val = w->wspr; break;
	case WWPS:
		*val = 0;
		for (int i = 0; i < NPEND; i++)
			if (w->pend_at[i])
				*val |= BIT(i);
		break;
	default:
		return SIM_EUNIMPL;
	}
	return 0;
}

static int wdt_write(struct sim *s, void *opaque, uint32_t off, unsigned size,
		     uint32_t val)
{
	struct wdt *w = opaque;
	int p = pend_index(off);

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (!prcm_clk_on(s, CLK_WDT2))
		return SIM_EBUS;
	wdt_advance(s, w);
	if (p >= 0) {
		if (w->pend_at[p]) {
			model_warn_once(&w->warn_lost,
					"WDT2: write 0x%x to offset 0x%02x lost: previous write still "
					"pending in WWPS (PC 0x%08x)", val, off, sim_pc(s));
			return 0;
		}
		w->pend_at[p] = sim_now_ps(s) + ps_for_ticks(POST_CYCLES, CLK32K_HZ);
		w->pend_val[p] = val;
		return 0;
	}
	switch (off) {
	case WIDR: case WD_SYSSTATUS: case WWPS:
		break;
	case WD_SYSCONFIG:
		if (val & BIT(1)) {
			/* SOFTRESET: back to the power-on state, running */
			wdt_reset_regs(w);
			break;
		}
		w->sysconfig = val & 0x33D;
		break;
	case WISR: w->wisr &= ~(val & 1); break;
	case WIER: w->wier = val & 1; break;
	default:
		return SIM_EUNIMPL;
	}
	return 0;
}

void wdt_init(struct sim *s)
{
	struct wdt *w = calloc(1, sizeof(*w));
	struct sim_dev d = {
		.name = "WDT2", .base = 0x48314000, .size = 0x1000,
		.read = wdt_read, .write = wdt_write,
	};

	if (!w)
		abort();
	wdt_reset_regs(w);
	w->last_ps = sim_now_ps(s);
	s->wdt2 = w;
	d.opaque = w;
	model_add_dev(s, &d);
}
