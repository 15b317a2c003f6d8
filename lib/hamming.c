// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The GPMC 1-bit Hamming ECC ("HAM1") over 512-byte sectors: computation,
 * OOB packing and single-bit correction (TRM chapter 10 "GPMC", Hamming
 * code; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC Hamming ECC). Listed
 * for both images: the early image's reads take the ECC the GPMC computed
 * and keep only the correction; the computation serves writes.
 *
 * The parity of bit address A = byte * 8 + bit is split into 12 pairs,
 * one per address bit j: P(2^j)o covers the bits with A bit j = 1, P(2^j)e
 * the others. A single flipped data bit therefore changes exactly one bit
 * of every pair, and the changed odd bits spell its address.
 */
#include "lib/errno.h"
#include "lib/hamming.h"

uint32_t ham1_unpack(const uint8_t ecc[HAM1_ECC_BYTES])
{
	return (uint32_t)ecc[0] | (uint32_t)ecc[1] << 16 |
	       (uint32_t)(ecc[2] & 0xF0) << 20 | (uint32_t)(ecc[2] & 0x0F) << 8;
}

static unsigned popcount32(uint32_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

int ham1_erased_fixup(uint8_t *data, size_t len, unsigned max_zero)
{
	unsigned zeros = 0;

	for (size_t i = 0; i < len; i++) {
		zeros += 8 - popcount32(data[i]);
		if (zeros > max_zero)
			return -EBADMSG;
	}
	for (size_t i = 0; i < len && zeros; i++)
		data[i] = 0xFF;
	return (int)zeros;
}

int ham1_correct(uint8_t *data, const uint8_t stored[HAM1_ECC_BYTES],
		 uint32_t computed, unsigned *bitpos)
{
	uint32_t s = ham1_unpack(stored);
	uint32_t d = s ^ (computed & 0x0FFF0FFF);
	uint32_t odd = d >> 16, even = d & 0xFFF;

	if (!d)
		return HAM1_OK;
	/* Never programmed: the ECC bytes are still 0xFF and the data must be
	 * erased too, allowing one flipped bit as for written sectors. Checked
	 * first: a zero bit in erased data looks like a correctable error at
	 * the complementary address. */
	if (s == 0x0FFF0FFF) {
		int z = ham1_erased_fixup(data, HAM1_SECTOR, 1);

		if (z == 0)
			return HAM1_ERASED;
		if (z > 0) {
			if (bitpos)
				*bitpos = ~odd & 0xFFF;
			return HAM1_CORRECTED;
		}
	}
	/* Exactly one bit of each pair differs: the odd half is the address.
	 * Stricter than a popcount of 12, which 12 random bits also pass. */
	if ((odd ^ even) == 0xFFF) {
		if (bitpos)
			*bitpos = odd;
		data[odd >> 3] ^= (uint8_t)(1u << (odd & 7));
		return HAM1_CORRECTED;
	}
	if (popcount32(d) == 1)
		return HAM1_ECC_ERROR;
	return -EBADMSG;
}

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
