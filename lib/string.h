/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The C string functions lib/ code may use. The firmware gets them from
 * lib/string.c; host tests and fuzzers from the C library. */
#ifndef LIB_STRING_H
#define LIB_STRING_H

#include <stddef.h>

#if defined(GTABOOT_HOST)
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#else
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
unsigned long strtoul(const char *s, char **end, int base);
#endif

#endif
