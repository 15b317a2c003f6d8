/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The console's state, shared by its two halves: common/console.c (output,
 * in the early part) and common/console_ring.c (input, the SDRAM ring,
 * flushing: only the SDRAM part calls them). Not for other files. */
#ifndef COMMON_CONSOLE_PRIV_H
#define COMMON_CONSOLE_PRIV_H

#include <stdbool.h>

#include "drivers/serial/serial.h"

/* The early ring's size, and the smallest ring console_use_ring takes. */
#define CONSOLE_EARLY_RING 512u

struct console_state {
	const struct console_dev *con;
	/* After a transmit timeout the UART is taken to be dead: dropping
	 * output is better than stalling every character for the full
	 * timeout. */
	bool tx_dead;
	bool draining;
	char *ring;
	unsigned ring_size, head, tail;   /* sizes are powers of two */
	void (*mirror)(char c);
	void (*poll)(void);
};

extern struct console_state console_st;

/* Feed the UART from the ring until its FIFO is full. */
void console_drain(void);

#endif
