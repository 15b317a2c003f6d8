// SPDX-License-Identifier: GPL-2.0-or-later
/* poll32(): the bounded register wait declared in arch/arm/io.h. */
#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"

static void (*idle_fn)(void);

io_idle_fn io_set_idle(io_idle_fn fn)
{
	io_idle_fn old = idle_fn;

	idle_fn = fn;
	return old;
}

void io_idle(void)
{
	if (idle_fn)
		idle_fn();
}

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
