// SPDX-License-Identifier: GPL-2.0-or-later
/* The idle hook of every busy wait (arch/arm/io.h). poll32(), which needs
 * the time, is beside the timer (drivers/timer/poll.c). */
#include "arch/arm/io.h"

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
