// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP UART in 16x UART mode, polled: the 16550 registers plus MDR1 and
 * SSR (SPRUF98/SPRUGN4 chapter "UART/IrDA/CIR", UART mode programming).
 */
#include "arch/arm/io.h"
#include "drivers/serial/omap_uart.h"
#include "lib/errno.h"

#define UART_RHR	0x00
#define UART_THR	0x00
#define UART_DLL	0x00
#define UART_IER	0x04
#define UART_DLH	0x04
#define UART_FCR	0x08
#define UART_LCR	0x0C
#define UART_MCR	0x10
#define UART_LSR	0x14
#define UART_MDR1	0x20
#define UART_SSR	0x44

#define LSR_DR		0x01
#define LSR_THRE	0x20
#define LSR_TEMT	0x40
#define SSR_TX_FULL	0x01
#define LCR_8N1		0x03
#define LCR_DLAB	0x80
#define FCR_FIFO_CLEAR	0x07
#define MCR_DTR_RTS	0x03
#define MDR1_UART16X	0x00
#define MDR1_DISABLE	0x07

/* 64 bytes at 9600 baud and slower still drain within this. */
#define TX_TIMEOUT_US	100000

int omap_uart_init(const struct omap_uart *u)
{
	uintptr_t b = u->base;
	uint32_t div;

	if (!u->baud || !u->clk_hz)
		return -EINVAL;
	div = (u->clk_hz + 8 * u->baud) / (16 * u->baud);
	if (!div || div > 0xFFFF)
		return -EINVAL;
	/* The ROM may have used this UART: let its last bytes out before
	 * the reprogramming garbles them. A UART that is disabled reports
	 * TEMT, so this costs nothing then. */
	poll32(b + UART_LSR, LSR_TEMT, LSR_TEMT, TX_TIMEOUT_US);

	writeb(0, b + UART_IER);
	writeb(MDR1_DISABLE, b + UART_MDR1);
	writeb(MCR_DTR_RTS, b + UART_MCR);
	writeb(FCR_FIFO_CLEAR, b + UART_FCR);
	writeb(LCR_DLAB | LCR_8N1, b + UART_LCR);
	writeb(div & 0xFF, b + UART_DLL);
	writeb(div >> 8, b + UART_DLH);
	writeb(LCR_8N1, b + UART_LCR);
	writeb(MDR1_UART16X, b + UART_MDR1);
	return 0;
}

static int uart_putc(const void *port, char c)
{
	const struct omap_uart *u = port;
	int ret = poll32(u->base + UART_SSR, SSR_TX_FULL, 0, TX_TIMEOUT_US);

	if (ret)
		return ret;
	writeb((uint8_t)c, u->base + UART_THR);
	return 0;
}

static bool uart_try_putc(const void *port, char c)
{
	const struct omap_uart *u = port;

	if (readb(u->base + UART_SSR) & SSR_TX_FULL)
		return false;
	writeb((uint8_t)c, u->base + UART_THR);
	return true;
}

static int uart_getc(const void *port)
{
	const struct omap_uart *u = port;

	if (!(readb(u->base + UART_LSR) & LSR_DR))
		return -EAGAIN;
	return readb(u->base + UART_RHR);
}

static int uart_flush(const void *port)
{
	const struct omap_uart *u = port;

	return poll32(u->base + UART_LSR, LSR_TEMT, LSR_TEMT, TX_TIMEOUT_US);
}

const struct console_ops omap_uart_console_ops = {
	.try_putc = uart_try_putc,
	.putc = uart_putc,
	.getc = uart_getc,
	.flush = uart_flush,
};
