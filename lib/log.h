/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Log levels: pr_err() and pr_warn() print like printf() and say how bad
 * the text is; plain printf() is ordinary output (LOG_INFO). The numbers
 * are Linux's KERN_* ones. The bytes printed are the same whatever the
 * level: the level travels beside the text, not in it (lib/log.c says why),
 * and whoever mirrors the console (the GTA04's screen) asks for it with
 * log_level_now() while each character goes by.
 */
#ifndef LIB_LOG_H
#define LIB_LOG_H

#include <stdarg.h>

enum log_level {
	LOG_ERR = 3,     /* something failed: a command, a load, a device */
	LOG_WARN = 4,    /* went on, but not as asked */
	LOG_INFO = 6,    /* everything else: plain printf() */
};

#if defined(GTABOOT_HOST)
/* Host builds (unit tests, the drivers against the simulator's models)
 * have no screen: the C library prints and the level goes nowhere. */
#include <stdio.h>
#define pr_err printf
#define pr_warn printf
#define vpr_log(level, fmt, ap) vprintf(fmt, ap)
#define log_level_now() LOG_INFO
#else
int pr_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int pr_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* vprintf() at a level. */
int vpr_log(enum log_level level, const char *fmt, va_list ap);
/* The level of the text being printed now; LOG_INFO between pr_*() calls. */
enum log_level log_level_now(void);
#endif

#endif
