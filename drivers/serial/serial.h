/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The console's device: polled character I/O, the only thing common/console.c
 * needs of a serial port. A driver provides the operations
 * (drivers/serial/omap_uart.c), the SoC code the instance (port).
 */
#ifndef DRIVERS_SERIAL_SERIAL_H
#define DRIVERS_SERIAL_SERIAL_H

#include <stdbool.h>

struct console_ops {
	/* Write c if the transmit FIFO has room; false (nothing written) if full. */
	bool (*try_putc)(const void *port, char c);
	/* Wait, bounded, for room, then write c: 0, or -ETIMEDOUT if the
	 * transmitter stays full. */
	int (*putc)(const void *port, char c);
	/* A received byte, or -EAGAIN when there is none. */
	int (*getc)(const void *port);
	/* Wait, bounded, until everything written has left the port. */
	int (*flush)(const void *port);
};

struct console_dev {
	const struct console_ops *ops;
	const void *port;                   /* the driver's instance */
};

#endif
