/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The console: character I/O over the serial port the SoC code set up. */
#ifndef COMMON_CONSOLE_H
#define COMMON_CONSOLE_H

#include <stdbool.h>

#include "drivers/serial/serial.h"

/* Route console I/O (and printf) to dev, which is already initialised.
 * Called once. */
void console_init(const struct console_dev *dev);
bool console_ready(void);

void console_putc(char c);          /* '\n' goes out as "\r\n" */
void console_puts(const char *s);
int console_getc(void);             /* a byte, or -EAGAIN */
/* Wait for a byte for at most timeout_ms; -ETIMEDOUT if none came. */
int console_getc_timeout(unsigned timeout_ms);
/* Wait until every byte has left the UART (before a reset or power-off). */
void console_flush(void);
/* Every character written is also given to fn (the screen's log); NULL
 * for none. */
void console_set_mirror(void (*fn)(char c));
/* fn runs whenever input is polled (the boot menu's buttons); NULL for none. */
void console_set_poll(void (*fn)(void));
/* At the hand-off: every byte into the UART's 64-byte FIFO, whose last
 * bytes then leave on their own (5.6 ms for a full FIFO at 115200 baud)
 * while the kernel decompresses itself, long before its serial driver
 * touches the UART. U-Boot's ns16550 putc, which only waits for room
 * before each byte, leaves its last bytes behind the same way. */
void console_handoff(void);
/* Continue buffering output in buf (size a power of two, in SDRAM) instead
 * of the small SRAM ring, so that printing never waits for the UART before
 * the kernel load; what is pending moves along. */
void console_use_ring(char *buf, unsigned size);

#endif
