/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The console: character I/O over the serial driver the SoC code set up. */
#ifndef COMMON_CONSOLE_H
#define COMMON_CONSOLE_H

#include <stdbool.h>

#include "drivers/serial/omap_uart.h"

/* Route console I/O (and printf) to u, which is already initialised. */
void console_init(const struct omap_uart *u);
bool console_ready(void);

void console_putc(char c);          /* '\n' goes out as "\r\n" */
void console_puts(const char *s);
int console_getc(void);             /* a byte, or -EAGAIN */
bool console_tstc(void);
/* Wait for a byte for at most timeout_ms; -ETIMEDOUT if none came. */
int console_getc_timeout(unsigned timeout_ms);
void console_flush(void);
/* Every character written is also given to fn (the screen's log); NULL
 * for none. */
void console_set_mirror(void (*fn)(char c));
/* fn runs whenever input is polled (the boot menu's buttons); NULL for none. */
void console_set_poll(void (*fn)(void));

#endif
