// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Time base on an OMAP3 general-purpose timer, free-running with
 * auto-reload from 0 (TRM chapter 16 "Timers", GP timer functional
 * description; registers.md §9.2).
 */
#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"

#define GPT_TCLR	0x24
#define GPT_TCRR	0x28
#define GPT_TLDR	0x2C
#define TCLR_ST		BIT(0)
#define TCLR_AR		BIT(1)

static struct {
	uintptr_t base;
	uint32_t hz;
	uint32_t last;      /* TCRR at the previous read */
	uint64_t ticks;     /* ticks since timer_init() */
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
	t.ticks = 0;
	t.hz = hz;
	t.base = gpt_base;
}

uint64_t timer_us(void)
{
	uint32_t now;

	if (!t.base)
		return ++t.fallback;
	now = readl(t.base + GPT_TCRR);
	t.ticks += (uint32_t)(now - t.last);
	t.last = now;
	if (t.hz % 1000000u == 0)
		return t.ticks / (t.hz / 1000000u);
	return t.ticks * 1000000u / t.hz;
}

void udelay(uint32_t us)
{
	uint64_t start = timer_us();

	while (timer_us() - start < us)
		;
}

void mdelay(uint32_t ms)
{
	uint64_t start = timer_us();

	while (timer_us() - start < (uint64_t)ms * 1000u)
		;
}
