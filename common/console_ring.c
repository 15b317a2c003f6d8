// SPDX-License-Identifier: GPL-2.0-or-later
/* The console's SDRAM ring: input, and flushing the ring; the half of the
 * console only the SDRAM part calls (the output side is common/console.c). */
#include "common/console.h"
#include "arch/arm/io.h"
#include "common/console_priv.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"

#define RING_MASK (s->ring_size - 1)

void console_set_mirror(void (*fn)(char c))
{
	console_st.mirror = fn;
}

void console_set_poll(void (*fn)(void))
{
	console_st.poll = fn;
}

bool console_ready(void)
{
	return console_st.con && !console_st.tx_dead;
}

int console_getc(void)
{
	const struct console_dev *con = console_st.con;

	/* Polling for input is waiting too: the idle hook drains the output
	 * (and advances the display's panel set-up, common/display.c). */
	io_idle();
	if (console_st.poll)
		console_st.poll();
	return con ? con->ops->getc(con->port) : -EAGAIN;
}

int console_getc_timeout(unsigned timeout_ms)
{
	uint64_t end = deadline_in((uint64_t)timeout_ms * 1000u);
	bool late;
	int c;

	do {
		late = deadline_passed(end);
		c = console_getc();
		if (c >= 0)
			return c;
	} while (!late);
	return -ETIMEDOUT;
}

void console_use_ring(char *buf, unsigned size)
{
	struct console_state *s = &console_st;
	unsigned n = 0;

	if (!buf || size < CONSOLE_EARLY_RING || (size & (size - 1)))
		return;
	console_drain();
	while (s->tail != s->head) {
		buf[n++] = s->ring[s->tail];
		s->tail = (s->tail + 1) & RING_MASK;
	}
	s->ring = buf;
	s->ring_size = size;
	s->tail = 0;
	s->head = n;
}

/* Bounded: 16 KiB at 115200 baud is 1.4 s; a dead UART stops it. */
static void push_out(void)
{
	struct console_state *s = &console_st;
	uint64_t end = deadline_in(2000000);

	while (s->con && !s->tx_dead && s->tail != s->head && !deadline_passed(end))
		console_drain();
}

void console_handoff(void)
{
	push_out();
}

void console_flush(void)
{
	push_out();
	if (console_ready())
		console_st.con->ops->flush(console_st.con->port);
}
