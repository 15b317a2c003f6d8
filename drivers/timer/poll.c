// SPDX-License-Identifier: GPL-2.0-or-later
/* poll32(), the bounded register wait of arch/arm/io.h, beside the timer
 * whose time it counts (drivers/timer/timer.h: any timer_us(), the
 * GPTIMER1 one on the board, the host's in the unit tests). */
#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"

int poll32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_us)
{
	uint64_t deadline = timer_us() + timeout_us;

	for (;;) {
		/* Sample the time before the register: a match read after
		 * the deadline still counts, a stale deadline does not. */
		int late = timer_us() > deadline;

		if ((readl(addr) & mask) == want)
			return 0;
		if (late)
			return -ETIMEDOUT;
		io_idle();
	}
}
