/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small printf: %d %i %u %x %X %p %s %c %%, the l/ll/z/h/hh length
 * modifiers, width (or *), precision for %s (or *), flags '-' and '0'.
 * No floating point. Host builds use the C library's printf family; the
 * formatter itself (vcbprintf) is the same on both.
 */
#ifndef LIB_PRINTF_H
#define LIB_PRINTF_H

#include <stdarg.h>
#include <stddef.h>

/* Format to out(c, arg) one character at a time; returns the count. */
int vcbprintf(void (*out)(char c, void *arg), void *arg, const char *fmt, va_list ap);

#if defined(GTABOOT_HOST)
#include <stdio.h>
#else
int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintf(const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
/* Where printf() output goes (the console sets this); NULL drops it. */
void printf_set_output(void (*putc)(char c));
#endif

#endif
