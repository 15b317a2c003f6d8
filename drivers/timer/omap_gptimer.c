// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Time base on an OMAP3 general-purpose timer, free-running with
 * auto-reload from 0 (TRM chapter 16 "Timers", GP timer functional
 * description; SPRUF98/SPRUGN4 "Timers", GP timers).
 */
#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"

#define GPT_TCLR	0x24
#define GPT_TCRR	0x28
#define GPT_TLDR	0x2C
#define TCLR_ST		BIT(0)
#define TCLR_AR		BIT(1)

/* Ticks per step of timer_us(): ticks x 1000 plus what is left of the
 * last step stays below 2^32. */
#define STEP_TICKS	4000000u

static struct {
	uintptr_t base;
	uint32_t khz;       /* the timer's clock in kHz (sys_clk: 13000, 26000) */
	uint32_t last;      /* TCRR at the previous read */
	uint32_t rem;       /* ticks x 1000 not yet counted in us (< khz) */
	uint64_t us;        /* microseconds since timer_init() */
	uint64_t fallback;  /* timer_us() before timer_init() */
} t;

void timer_init(uintptr_t gpt_base, uint32_t hz)
{
	/*
	 * Each register is written once: in posted mode (the reset state) a
	 * second write to a register whose previous write is still pending
	 * is lost, and there is no time base yet to wait with. TCRR is not
	 * written at all; only differences of it are used.
	 */
	writel(0, gpt_base + GPT_TLDR);
	writel(TCLR_ST | TCLR_AR, gpt_base + GPT_TCLR);
	t.last = readl(gpt_base + GPT_TCRR);
	t.us = 0;
	t.rem = 0;
	t.khz = hz / 1000u;
	t.base = gpt_base;
}

uint64_t timer_us(void)
{
	uint32_t now, delta;

	if (!t.base)
		return ++t.fallback;
	now = readl(t.base + GPT_TCRR);
	delta = now - t.last;
	t.last = now;
	/* us = ticks x 1000 / kHz, exact for a clock of whole kHz (every
	 * OMAP3 sys_clk is). Every wait loop calls this, and the Cortex-A8
	 * has no divider: one 32-bit division per step, and one step unless
	 * the last read was over STEP_TICKS ago (0.15 s at 26 MHz). No 64-bit
	 * division: the early image would carry libgcc's (300 bytes). */
	while (delta) {
		uint32_t d = delta < STEP_TICKS ? delta : STEP_TICKS;
		uint32_t acc = t.rem + d * 1000u;
		uint32_t q = acc / t.khz;

		t.us += q;
		t.rem = acc - q * t.khz;
		delta -= d;
	}
	return t.us;
}

void udelay(uint32_t us)
{
	uint64_t start = timer_us();

	while (timer_us() - start < us)
		io_idle();
}

void mdelay(uint32_t ms)
{
	uint64_t start = timer_us();

	while (timer_us() - start < (uint64_t)ms * 1000u)
		io_idle();
}
