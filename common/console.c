// SPDX-License-Identifier: GPL-2.0-or-later
/* The console over one serial port (drivers/serial/serial.h), and the
 * sink of printf(): the output side, which the early part uses. Input, the
 * SDRAM ring and flushing are in common/console_ring.c. */
#include "common/console.h"
#include "arch/arm/io.h"
#include "common/console_priv.h"
#include "lib/printf.h"

/*
 * Output the UART's 64-byte FIFO cannot take at once waits here and is fed
 * to the UART from every busy wait (io_idle), so printing costs the boot no
 * time while it waits for the SD card anyway. Only a full ring makes the
 * CPU wait for the UART: 512 bytes in SRAM until SDRAM works, then 16 KiB
 * there (console_use_ring), more than the boot prints before the kernel.
 */
static char early_ring[CONSOLE_EARLY_RING];
struct console_state console_st;
#define RING_MASK (s->ring_size - 1)

void console_drain(void)
{
	struct console_state *s = &console_st;

	if (!s->con || s->tx_dead || s->draining)
		return;
	s->draining = true;
	while (s->tail != s->head && s->con->ops->try_putc(s->con->port, s->ring[s->tail]))
		s->tail = (s->tail + 1) & RING_MASK;
	s->draining = false;
}

static void raw_putc(char c)
{
	struct console_state *s = &console_st;

	if (!s->con || s->tx_dead)
		return;
	console_drain();
	if (s->tail == s->head && s->con->ops->try_putc(s->con->port, c))
		return;
	if (((s->head + 1) & RING_MASK) == s->tail) {
		/* Full: wait (bounded) for the UART to take the oldest. */
		s->draining = true;
		if (s->con->ops->putc(s->con->port, s->ring[s->tail]))
			s->tx_dead = true;
		s->draining = false;
		if (s->tx_dead)
			return;
		s->tail = (s->tail + 1) & RING_MASK;
	}
	s->ring[s->head] = c;
	s->head = (s->head + 1) & RING_MASK;
}

void console_putc(char c)
{
	if (console_st.mirror)
		console_st.mirror(c);
	if (c == '\n')
		raw_putc('\r');
	raw_putc(c);
}

void console_puts(const char *s)
{
	while (*s)
		console_putc(*s++);
}

static void printf_sink(char c)
{
	console_putc(c);
}

void console_init(const struct console_dev *dev)
{
	/* Once, at boot step 4, before anything is printed. */
	console_st.ring = early_ring;
	console_st.ring_size = CONSOLE_EARLY_RING;
	console_st.con = dev;
	printf_set_output(printf_sink);
	io_set_idle(console_drain);
}
