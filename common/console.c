// SPDX-License-Identifier: GPL-2.0-or-later
/* The console over one UART, and the sink of printf(). */
#include "common/console.h"
#include "drivers/timer/timer.h"
#include "lib/errno.h"
#include "lib/printf.h"

static const struct omap_uart *con;
/* After a transmit timeout the UART is taken to be dead: dropping output
 * is better than stalling every character for the full timeout. */
static bool tx_dead;

static void raw_putc(char c)
{
	if (!con || tx_dead)
		return;
	if (omap_uart_putc(con, c))
		tx_dead = true;
}

void console_putc(char c)
{
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

void console_init(const struct omap_uart *u)
{
	con = u;
	tx_dead = false;
	printf_set_output(printf_sink);
}

bool console_ready(void)
{
	return con && !tx_dead;
}

bool console_tstc(void)
{
	return con && omap_uart_tstc(con);
}

int console_getc(void)
{
	return con ? omap_uart_getc(con) : -EAGAIN;
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

void console_flush(void)
{
	if (con && !tx_dead)
		omap_uart_flush(con);
}
