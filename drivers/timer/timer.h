/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The time base every driver uses: microseconds since timer_init(), and
 * busy-wait delays. Backed by an OMAP general-purpose timer
 * (drivers/timer/omap_gptimer.c).
 */
#ifndef DRIVERS_TIMER_TIMER_H
#define DRIVERS_TIMER_TIMER_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Start the time base on the GP timer at gpt_base, whose functional clock
 * (already enabled and selected by the caller) runs at hz, a whole number
 * of kHz (every OMAP3 sys_clk is). That clock must not change afterwards:
 * on OMAP3 sys_clk is fixed before the DPLLs are touched, which is why
 * GPTIMER1 on sys_clk keeps time across them.
 */
void timer_init(uintptr_t gpt_base, uint32_t hz);

/* Monotonic microseconds since timer_init(). Must be called at least once
 * per counter wrap (2^32 ticks: 165 s at 26 MHz); every wait does. Before
 * timer_init() each call counts as one microsecond, so bounded waits stay
 * bounded even then. */
uint64_t timer_us(void);

/*
 * The deadline every bounded loop counts against, so that all of them
 * count the same way: end = deadline_in(us) before the loop; in it, take
 * late = deadline_passed(end) BEFORE testing the condition, and give up
 * only when late and the condition still fails (poll_reg() in
 * arch/arm/io.h is the register form of this loop).
 */
static inline uint64_t deadline_in(uint64_t us)
{
	return timer_us() + us;
}

static inline bool deadline_passed(uint64_t end)
{
	return timer_us() > end;
}

void udelay(uint32_t us);
void mdelay(uint32_t ms);

#endif
