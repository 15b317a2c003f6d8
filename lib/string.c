// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The C string and memory functions for the freestanding firmware (ISO C
 * 7.21 semantics), and strtoul (7.20.1.4), which libfdt also needs. Listed
 * for both images (Makefile BOTH_SRCS): the early image keeps what it
 * calls (memcpy, memset, memcmp, memchr), the SDRAM image the rest. Host
 * builds use the C library instead (lib/string.h).
 */
#include <stdbool.h>
#include <stdint.h>

#include "lib/string.h"

/* Keep GCC from turning these loops back into calls to themselves. */
#define NO_LIBCALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LIBCALL void *memcpy(void *dst, const void *src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;

	/* Word copies when both sides allow: kernels and initrds pass
	 * through here. */
	if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
		for (; n >= 16; n -= 16, d += 16, s += 16) {
			((uint32_t *)d)[0] = ((const uint32_t *)s)[0];
			((uint32_t *)d)[1] = ((const uint32_t *)s)[1];
			((uint32_t *)d)[2] = ((const uint32_t *)s)[2];
			((uint32_t *)d)[3] = ((const uint32_t *)s)[3];
		}
		for (; n >= 4; n -= 4, d += 4, s += 4)
			*(uint32_t *)d = *(const uint32_t *)s;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

NO_LIBCALL void *memset(void *dst, int c, size_t n)
{
	uint8_t *d = dst;
	uint32_t w = (uint8_t)c * 0x01010101u;

	while (n && ((uintptr_t)d & 3)) {
		*d++ = (uint8_t)c;
		n--;
	}
	for (; n >= 4; n -= 4, d += 4)
		*(uint32_t *)d = w;
	while (n--)
		*d++ = (uint8_t)c;
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

void *memchr(const void *s, int c, size_t n)
{
	const uint8_t *p = s;

	for (; n; n--, p++)
		if (*p == (uint8_t)c)
			return (void *)p;
	return NULL;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

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
