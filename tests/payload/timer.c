// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The payload's time base (drivers/timer/timer.h) on the OMAP3 32 kHz
 * synchronized timer (TRM chapter 16 "Timers", 32-kHz sync timer), as a
 * kernel would use it: it runs from power-on, needs no set-up and leaves
 * the boot loader's GPTIMER1 alone.
 */
#include "drivers/timer/timer.h"

#include "arch/arm/io.h"

#define COUNTER_32K	0x48320010	/* REG_32KSYNCNT_CR */

static uint32_t last;
static uint64_t ticks;
static int started;

void timer_init(uintptr_t gpt_base, uint32_t hz)
{
	last = readl(COUNTER_32K);
	ticks = 0;
	started = 1;
}

uint64_t timer_us(void)
{
	uint32_t now;

	if (!started)
		timer_init(0, 0);
	now = readl(COUNTER_32K);
	ticks += (uint32_t)(now - last);
	last = now;
	/* 10^6 / 32768 = 15625 / 512: exact, and no division */
	return (ticks * 15625) >> 9;
}

void udelay(uint32_t us)
{
	uint64_t start = timer_us();

	/* One tick more than asked: the first tick may be almost over. */
	while (timer_us() - start < (uint64_t)us + 31)
		;
}

void mdelay(uint32_t ms)
{
	while (ms--)
		udelay(1000);
}
