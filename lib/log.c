// SPDX-License-Identifier: GPL-2.0-or-later
/* pr_err() and pr_warn(): printf() with a log level beside the text. */
#include "lib/log.h"

#include "lib/printf.h"

#if !defined(GTABOOT_HOST)

/*
 * The level is the state of the output while a pr_*() call prints, not a
 * byte in it (as Linux's KERN_* prefixes are). A prefix byte would have to
 * be stripped by the console's output path, which is in the ROM-loaded
 * part (common/console.c) and must not grow, and every message's string
 * would grow by it; a byte left in by mistake would reach the UART, whose
 * texts are U-Boot's and matched by tests and scripts. Here the UART sees
 * exactly what printf() would have sent, by construction.
 */
static enum log_level now = LOG_INFO;

enum log_level log_level_now(void)
{
	return now;
}

int vpr_log(enum log_level level, const char *fmt, va_list ap)
{
	enum log_level was = now;
	int n;

	now = level;
	n = vprintf(fmt, ap);
	now = was;
	return n;
}

int pr_err(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vpr_log(LOG_ERR, fmt, ap);
	va_end(ap);
	return n;
}

int pr_warn(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vpr_log(LOG_WARN, fmt, ap);
	va_end(ap);
	return n;
}
#endif
