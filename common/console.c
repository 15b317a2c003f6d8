// SPDX-License-Identifier: GPL-2.0-or-later
/* The console over one serial port (drivers/serial/serial.h), and the
 * sink of printf(). */
#include "common/console.h"
#include "arch/arm/io.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/printf.h"

static const struct console_dev *con;
/* After a transmit timeout the UART is taken to be dead: dropping output
 * is better than stalling every character for the full timeout. */
static bool tx_dead;

/*
 * Output the UART's 64-byte FIFO cannot take at once waits here and is fed
 * to the UART from every busy wait (io_idle), so printing costs the boot no
 * time while it waits for the SD card anyway. Only a full ring makes the
 * CPU wait for the UART: 512 bytes in SRAM until SDRAM works, then 16 KiB
 * there (console_use_ring), more than the boot prints before the kernel.
 */
#define EARLY_RING 512u
static char early_ring[EARLY_RING];
static char *ring = early_ring;
static unsigned ring_size = EARLY_RING, ring_head, ring_tail;
#define RING_MASK (ring_size - 1)   /* sizes are powers of two */
static bool draining;
static void (*mirror)(char c);
static void (*poll_fn)(void);

void console_set_mirror(void (*fn)(char c))
{
	mirror = fn;
}

void console_set_poll(void (*fn)(void))
{
	poll_fn = fn;
}

static void drain(void)
{
	if (!con || tx_dead || draining)
		return;
	draining = true;
	while (ring_tail != ring_head && con->ops->try_putc(con->port, ring[ring_tail]))
		ring_tail = (ring_tail + 1) & RING_MASK;
	draining = false;
}

static void raw_putc(char c)
{
	if (!con || tx_dead)
		return;
	drain();
	if (ring_tail == ring_head && con->ops->try_putc(con->port, c))
		return;
	if (((ring_head + 1) & RING_MASK) == ring_tail) {
		/* Full: wait (bounded) for the UART to take the oldest. */
		draining = true;
		if (con->ops->putc(con->port, ring[ring_tail]))
			tx_dead = true;
		draining = false;
		if (tx_dead)
			return;
		ring_tail = (ring_tail + 1) & RING_MASK;
	}
	ring[ring_head] = c;
	ring_head = (ring_head + 1) & RING_MASK;
}

void console_putc(char c)
{
	if (mirror)
		mirror(c);
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
	/* Once, at boot step 4: the ring is still as loaded and zeroed. */
	con = dev;
	printf_set_output(printf_sink);
	io_set_idle(drain);
}

bool console_ready(void)
{
	return con && !tx_dead;
}

int console_getc(void)
{
	/* Polling for input is waiting too: the idle hook drains the output
	 * (and advances the display's panel set-up, common/display.c). */
	io_idle();
	if (poll_fn)
		poll_fn();
	return con ? con->ops->getc(con->port) : -EAGAIN;
}

int console_getc_timeout(unsigned timeout_ms)
{
	uint64_t end = timer_us() + (uint64_t)timeout_ms * 1000u;
	int c;

	do {
		c = console_getc();
		if (c >= 0)
			return c;
	} while (timer_us() < end);
	return -ETIMEDOUT;
}

void console_use_ring(char *buf, unsigned size)
{
	unsigned n = 0;

	if (!buf || size < EARLY_RING || (size & (size - 1)))
		return;
	drain();
	while (ring_tail != ring_head) {
		buf[n++] = ring[ring_tail];
		ring_tail = (ring_tail + 1) & RING_MASK;
	}
	ring = buf;
	ring_size = size;
	ring_tail = 0;
	ring_head = n;
}

/* Bounded: 16 KiB at 115200 baud is 1.4 s; a dead UART stops it. */
static void push_out(void)
{
	uint64_t start = timer_us();

	while (con && !tx_dead && ring_tail != ring_head && timer_us() - start < 2000000)
		drain();
}

void console_handoff(void)
{
	push_out();
}

void console_flush(void)
{
	push_out();
	if (con && !tx_dead)
		con->ops->flush(con->port);
}
