// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The host backend of arch/arm/io.h (built with GTABOOT_HOST_IO) and of
 * drivers/timer/timer.h: register accesses go through the simulator's
 * models' MMIO handlers and each costs 50 ns of virtual time, so the
 * drivers' bounded waits (drivers/timer/poll.c's poll_reg, udelay) run on virtual
 * time. An access a model refuses fails the test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "tests/unit/sim/host_io.h"
#include "tests/unit/sim/simtest.h"

struct sim *host_io_sim;

/* Time moves on even after the simulated machine stopped (power-off):
 * the driver's bounded waits must still end. */
static void advance(uint64_t ps)
{
	struct sim *s = host_io_sim;
	uint64_t end = s->now_ps + ps;

	if (s->result) {
		s->now_ps = end;
		return;
	}
	run_for(s, ps);
}

/* A polling loop's idle step (io_idle, set by host_io_use): a microsecond,
 * as a core waiting on a register would spend in a few reads. Without it a
 * bounded 500 ms wait costs five million model calls. */
static void idle_step(void)
{
	advance(PS_PER_US);
}

void host_io_use(struct sim *s)
{
	host_io_sim = s;
	io_set_idle(idle_step);
}

uint32_t host_io_read(uintptr_t addr, unsigned size)
{
	uint32_t v = 0;

	advance(50000);
	assert_int_equal(model_mmio(host_io_sim, false, (uint32_t)addr, size, &v), 0);
	return v;
}

void host_io_write(uintptr_t addr, unsigned size, uint32_t val)
{
	advance(50000);
	assert_int_equal(model_mmio(host_io_sim, true, (uint32_t)addr, size, &val), 0);
}

void timer_init(uintptr_t gpt_base, uint32_t hz)
{
}

uint64_t timer_us(void)
{
	advance(50000);
	return host_io_sim->now_ps / PS_PER_US;
}

void udelay(uint32_t us)
{
	advance((uint64_t)us * PS_PER_US);
}

void mdelay(uint32_t ms)
{
	advance((uint64_t)ms * PS_PER_MS);
}
