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

static struct {
	uintptr_t base;
	uint32_t hz;
	uint32_t tpu;       /* ticks per microsecond, 0 if hz is no whole MHz */
	uint32_t last;      /* TCRR at the previous read */
	uint32_t rem;       /* ticks not yet counted in us */
	uint64_t us;        /* microseconds since timer_init() */
	uint64_t ticks;     /* ticks since timer_init(), when tpu = 0 */
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
	t.us = 0;
	t.rem = 0;
	t.hz = hz;
	t.tpu = hz % 1000000u ? 0 : hz / 1000000u;
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
	if (!t.tpu) {
		t.ticks += delta;
		return t.ticks * 1000000u / t.hz;
	}
	/* Every wait loop calls this, and the Cortex-A8 has no divider:
	 * keep the common case to one 32-bit division. */
	if (delta < 0x80000000u) {
		t.rem += delta;
		if (t.rem >= t.tpu) {
			uint32_t q = t.rem / t.tpu;

			t.us += q;
			t.rem -= q * t.tpu;
		}
	} else {
		uint64_t all = (uint64_t)t.rem + delta;

		t.us += all / t.tpu;
		t.rem = (uint32_t)(all % t.tpu);
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
