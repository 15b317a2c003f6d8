// SPDX-License-Identifier: GPL-2.0-or-later
/* CRC-32C for ext4's metadata_csum (lib/crc32.h), in a file of its own so
 * that it is linked with the cold part (lib/crc32.c is early code). */
#include "lib/crc32.h"

/* Bit by bit: no table in the image; it only covers metadata blocks. */
uint32_t crc32c(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0x82f63b78u & -(crc & 1));
	}
	return crc;
}
