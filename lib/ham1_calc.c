// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Computing the GPMC 1-bit Hamming ECC of a sector and packing it into the
 * OOB bytes (lib/hamming.h has the bit layout, lib/hamming.c the
 * correction). Only writes need it: the early part's reads take the ECC
 * the GPMC computed.
 */
#include "lib/hamming.h"

static unsigned parity8(uint8_t b)
{
	b ^= b >> 4;
	b ^= b >> 2;
	b ^= b >> 1;
	return b & 1;
}

uint32_t ham1_update(uint32_t r, uint32_t idx, uint8_t b)
{
	/* bit-in-byte address bits 0..2: columns of the byte */
	static const uint8_t odd_mask[3] = { 0xAA, 0xCC, 0xF0 };
	uint32_t flip = 0;

	for (unsigned j = 0; j < 3; j++) {
		if (parity8(b & odd_mask[j]))
			flip |= 1u << (16 + j);
		if (parity8(b & (uint8_t)~odd_mask[j]))
			flip |= 1u << j;
	}
	/* byte address bits 3..11: the whole byte falls on one side */
	if (parity8(b)) {
		for (unsigned j = 3; j < 12; j++)
			flip |= (idx >> (j - 3)) & 1 ? 1u << (16 + j) : 1u << j;
	}
	return r ^ flip;
}

uint32_t ham1_calc(const uint8_t *data)
{
	uint32_t r = 0;

	for (uint32_t i = 0; i < HAM1_SECTOR; i++)
		r = ham1_update(r, i, data[i]);
	return r;
}

void ham1_pack(uint32_t r, uint8_t ecc[HAM1_ECC_BYTES])
{
	ecc[0] = (uint8_t)r;
	ecc[1] = (uint8_t)(r >> 16);
	ecc[2] = (uint8_t)(((r >> 8) & 0x0F) | ((r >> 20) & 0xF0));
}
