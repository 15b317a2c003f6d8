// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The C string functions only the SDRAM part of the firmware calls (ISO C
 * 7.21 semantics), and strtoul (7.20.1.4), which libfdt also needs; the
 * ones the early part calls are in lib/string.c. Host builds use the C
 * library instead (lib/string.h).
 */
#include <stdbool.h>
#include <stdint.h>

#include "lib/string.h"

/* Keep GCC from turning these loops back into calls to themselves. */
#define NO_LIBCALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LIBCALL void *memmove(void *dst, const void *src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;

	if (d == s || n == 0)
		return dst;
	if (d < s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (uint8_t)*a - (uint8_t)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (uint8_t)*a - (uint8_t)*b;
		if (!*a)
			break;
	}
	return 0;
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

int strncasecmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		int x = lower((uint8_t)*a), y = lower((uint8_t)*b);

		if (x != y)
			return x - y;
		if (!x)
			break;
	}
	return 0;
}

int strcasecmp(const char *a, const char *b)
{
	return strncasecmp(a, b, SIZE_MAX);
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)lower((uint8_t)c);
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	return 99;
}

unsigned long strtoul(const char *s, char **end, int base)
{
	const char *p = s;
	unsigned long v = 0;
	bool neg = false, any = false, over = false;

	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if ((base == 0 || base == 16) && p[0] == '0' && lower(p[1]) == 'x' &&
	    digit_value(p[2]) < 16) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = *p == '0' ? 8 : 10;
	}
	if (base < 2 || base > 36) {
		if (end)
			*end = (char *)s;
		return 0;
	}
	for (;; p++) {
		int d = digit_value(*p);

		if (d >= base)
			break;
		any = true;
		if (v > (~0ul - (unsigned long)d) / (unsigned long)base)
			over = true;
		v = v * (unsigned long)base + (unsigned long)d;
	}
	if (end)
		*end = (char *)(any ? p : s);
	if (over)
		return ~0ul;
	return neg ? 0ul - v : v;
}
