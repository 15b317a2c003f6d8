// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The C string and memory functions for the freestanding firmware (ISO C
 * 7.21 semantics) the early part uses; the rest, strtoul among them, is in
 * lib/strfuncs.c. Host builds use the C library instead (lib/string.h).
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
