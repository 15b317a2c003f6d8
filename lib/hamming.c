// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The GPMC 1-bit Hamming ECC ("HAM1") over 512-byte sectors: computation,
 * OOB packing and single-bit correction (TRM chapter 10 "GPMC", Hamming
 * code; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC Hamming ECC). The
 * computation, for writes, is in lib/ham1_calc.c: reads take the GPMC's.
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
