/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Bit and field helpers for register code. */
#ifndef LIB_BITOPS_H
#define LIB_BITOPS_H

#include <stdint.h>

#define BIT(n)          (1u << (n))
#define GENMASK(h, l)   ((~0u >> (31 - (h))) & (~0u << (l)))
#define FIELD_SHIFT(m)  ((unsigned)__builtin_ctz(m))
#define FIELD_PREP(m, v) (((uint32_t)(v) << FIELD_SHIFT(m)) & (m))
#define FIELD_GET(m, r)  (((uint32_t)(r) & (m)) >> FIELD_SHIFT(m))
#define ARRAY_SIZE(a)   (sizeof(a) / sizeof((a)[0]))
#define ALIGN_UP(x, a)  (((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define MIN(a, b)       ((a) < (b) ? (a) : (b))
#define MAX(a, b)       ((a) > (b) ? (a) : (b))

static inline uint16_t get_le16(const void *p)
{
	const uint8_t *b = p;
	return (uint16_t)(b[0] | b[1] << 8);
}
static inline uint32_t get_le32(const void *p)
{
	const uint8_t *b = p;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
static inline void set_le16(void *p, uint16_t v)
{
	uint8_t *b = p;
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
}
static inline void set_le32(void *p, uint32_t v)
{
	uint8_t *b = p;
	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
	b[3] = (uint8_t)(v >> 24);
}
static inline uint32_t get_be32(const void *p)
{
	const uint8_t *b = p;
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | (uint32_t)b[3];
}

#endif
