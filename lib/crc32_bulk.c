// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CRC-32 (IEEE) of large buffers, four bytes a step ("slice-by-4"): four
 * 256-entry tables, built in RAM at the first call, let one step fold a
 * whole word. lib/crc32.c's nibble loop costs about 12 instructions a
 * byte; this about 4, which is 0.3 s of a 20 MB uImage's data check on
 * the 600 MHz Cortex-A8. The 4 KiB of tables are .bss in the SDRAM image;
 * the part the ROM reads keeps the nibble loop (64 bytes of table).
 */
#include "lib/crc32.h"

#define POLY 0xEDB88320u
#define SMALL 64        /* below this the tables are not worth building */

static uint32_t tab[4][256];

static void build(void)
{
	for (unsigned i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ POLY : c >> 1;
		tab[0][i] = c;
	}
	for (unsigned i = 0; i < 256; i++)
		for (int k = 1; k < 4; k++)
			tab[k][i] = (tab[k - 1][i] >> 8) ^ tab[0][tab[k - 1][i] & 0xFF];
}

uint32_t crc32_bulk(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	if (len < SMALL)
		return crc32(crc, buf, len);
	if (!tab[0][1])                 /* entry 1 is 0x77073096 once built */
		build();
	crc = ~crc;
	for (; len && ((uintptr_t)p & 3); len--)
		crc = tab[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
	for (; len >= 4; len -= 4, p += 4) {
		/* little-endian: the first byte is the low one */
		crc ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		       (uint32_t)p[3] << 24;
		crc = tab[3][crc & 0xFF] ^ tab[2][(crc >> 8) & 0xFF] ^
		      tab[1][(crc >> 16) & 0xFF] ^ tab[0][crc >> 24];
	}
	for (; len; len--)
		crc = tab[0][(crc ^ *p++) & 0xFF] ^ (crc >> 8);
	return ~crc;
}
