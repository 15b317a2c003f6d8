/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The host backend of arch/arm/io.h and drivers/timer/timer.h for firmware
 * drivers built into a unit test: registers are the simulator's models. */
#ifndef TESTS_UNIT_SIM_HOST_IO_H
#define TESTS_UNIT_SIM_HOST_IO_H

#include "tools/sim/sim.h"

/* The machine the drivers' register accesses and waits go to. */
extern struct sim *host_io_sim;

/* Points the drivers at s; their polling loops then idle a microsecond of
 * virtual time per round (io_idle). */
void host_io_use(struct sim *s);

#endif
