// SPDX-License-Identifier: GPL-2.0-or-later
/* poll_reg(), the bounded register wait of arch/arm/io.h, beside the timer
 * whose time it counts (drivers/timer/timer.h: any timer_us(), the
 * GPTIMER1 one on the board, the host's in the unit tests). */
#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"

int poll_reg(uintptr_t addr, unsigned how, uint32_t mask, uint32_t want,
	     uint32_t timeout_us, uint32_t *seen)
{
	uint64_t end = deadline_in(timeout_us);
	uint32_t v;
	int ok;

	for (;;) {
		/* Sample the time before the register: a match read after
		 * the deadline still counts, a stale deadline does not. */
		bool late = deadline_passed(end);

		v = (how & POLL_32) ? readl(addr) : readw(addr);
		ok = (how & POLL_ANY) ? (v & mask) != 0 : (v & mask) == want;
		if (ok || late)
			break;
		io_idle();
	}
	if (seen)
		*seen = v;
	return ok ? 0 : -ETIMEDOUT;
}

int poll32(uintptr_t addr, uint32_t mask, uint32_t want, uint32_t timeout_us)
{
	return poll_reg(addr, POLL_32, mask, want, timeout_us, 0);
}
