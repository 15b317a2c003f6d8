// SPDX-License-Identifier: GPL-2.0-or-later
/* CRC-32C for ext4's metadata_csum (lib/crc32.h), in a file of its own so
 * that it is linked with the cold part (lib/crc32.c is early code). */
#include "lib/crc32.h"

/* Four bits at a time: a 64-byte table instead of 1 KiB, four times the
 * speed of bit by bit (a directory of thousands of entries is checksummed
 * block by block at every lookup). Entry i is i run through four rounds of
 * the reflected polynomial 0x82F63B78. */
static const uint32_t nibble[16] = {
	0x00000000, 0x105ec76f, 0x20bd8ede, 0x30e349b1, 0x417b1dbc, 0x5125dad3,
	0x61c69362, 0x7198540d, 0x82f63b78, 0x92a8fc17, 0xa24bb5a6, 0xb21572c9,
	0xc38d26c4, 0xd3d3e1ab, 0xe330a81a, 0xf36e6f75,
};

uint32_t crc32c(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len--) {
		crc ^= *p++;
		crc = (crc >> 4) ^ nibble[crc & 15];
		crc = (crc >> 4) ^ nibble[crc & 15];
	}
	return crc;
}
