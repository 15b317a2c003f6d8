/* SPDX-License-Identifier: GPL-2.0-or-later */
/* OMAP 16550-compatible UART, polled (TRM chapter 17 "UART/IrDA/CIR"). */
#ifndef DRIVERS_SERIAL_OMAP_UART_H
#define DRIVERS_SERIAL_OMAP_UART_H

#include <stdbool.h>
#include <stdint.h>

struct omap_uart {
	uintptr_t base;
	uint32_t clk_hz;    /* functional clock, 48 MHz on OMAP3 */
	uint32_t baud;
};

/* 8N1 at u->baud with FIFOs on. Clocks and pads are the caller's. */
int omap_uart_init(const struct omap_uart *u);
/* 0, or -ETIMEDOUT if the transmit FIFO stays full. */
int omap_uart_putc(const struct omap_uart *u, char c);
/* A received byte, or -EAGAIN when there is none. */
int omap_uart_getc(const struct omap_uart *u);
/* Write c if the transmit FIFO has room; false (nothing written) if full. */
bool omap_uart_try_putc(const struct omap_uart *u, char c);
bool omap_uart_tstc(const struct omap_uart *u);
/* Wait until everything written has left the shift register. */
int omap_uart_flush(const struct omap_uart *u);

#endif
