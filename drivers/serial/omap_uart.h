/* SPDX-License-Identifier: GPL-2.0-or-later */
/* OMAP 16550-compatible UART, polled (TRM chapter 17 "UART/IrDA/CIR"). */
#ifndef DRIVERS_SERIAL_OMAP_UART_H
#define DRIVERS_SERIAL_OMAP_UART_H

#include <stdint.h>

#include "drivers/serial/serial.h"

struct omap_uart {
	uintptr_t base;
	uint32_t clk_hz;    /* functional clock, 48 MHz on OMAP3 */
	uint32_t baud;
};

/* 8N1 at u->baud with FIFOs on. Clocks and pads are the caller's. */
int omap_uart_init(const struct omap_uart *u);
/* Its console operations (drivers/serial/serial.h); port is the
 * struct omap_uart. */
extern const struct console_ops omap_uart_console_ops;

#endif
