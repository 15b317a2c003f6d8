// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the GPMC Hamming code engine as the TRM describes it
 * (SPRUGN4 / SPRUF98 chapter 10 "General-Purpose Memory Controller",
 * Hamming code ECC). A 512-byte sector is an array of bits; each parity
 * pair P(2^k)o / P(2^k)e covers the bits whose address has bit k set
 * (odd) or clear (even). For an 8-bit device the address is byte * 8 +
 * bit: the column pairs P1, P2, P4 run over the bit within the byte, the
 * row pairs P8..P2048 over the byte address. For a 16-bit device the
 * column pairs P1..P8 run over the bit within the word (D0..D15) and the
 * row pairs P16..P2048 over the word address. Written apart from the
 * firmware's lib/hamming.c on purpose: the simulator must not share the
 * firmware's reading of the bit order.
 */
#include "tools/sim/nand_ecc.h"

static unsigned parity(uint32_t v)
{
	return (unsigned)__builtin_parity(v);
}

void sim_ham_start(struct sim_ham *h, bool x16)
{
	h->x16 = x16;
	h->units = 0;
	h->odd = h->even = 0;
}

void sim_ham_feed(struct sim_ham *h, uint16_t unit)
{
	unsigned colbits = h->x16 ? 4 : 3;          /* P1..P8 or P1..P4 */
	uint32_t width = h->x16 ? 0xFFFF : 0xFF;
	uint32_t v = unit & width;

	/* column pairs: the parity of the bits at positions with bit k set */
	for (unsigned k = 0; k < colbits; k++) {
		uint32_t sel = 0;

		for (unsigned b = 0; b <= (h->x16 ? 15u : 7u); b++)
			if (b & (1u << k))
				sel |= 1u << b;
		h->odd ^= parity(v & sel) << k;
		h->even ^= parity(v & ~sel & width) << k;
	}
	/* row pairs: the whole unit's parity, by its address */
	if (parity(v)) {
		for (unsigned k = colbits; k < 12; k++) {
			if (h->units & (1u << (k - colbits)))
				h->odd ^= 1u << k;
			else
				h->even ^= 1u << k;
		}
	}
	h->units++;
}

uint32_t sim_ham_result(const struct sim_ham *h)
{
	return (h->odd & 0xFFF) << 16 | (h->even & 0xFFF);
}

uint32_t sim_ham_bytes(const uint8_t *data, size_t len, bool x16)
{
	struct sim_ham h;

	sim_ham_start(&h, x16);
	for (size_t i = 0; i < len; i += x16 ? 2 : 1)
		sim_ham_feed(&h, x16 ? (uint16_t)(data[i] | (i + 1 < len ? data[i + 1] << 8 : 0))
				     : data[i]);
	return sim_ham_result(&h);
}

void sim_ham_to_oob(uint32_t r, uint8_t ecc[3])
{
	ecc[0] = (uint8_t)(r & 0xFF);                       /* P128e..P1e */
	ecc[1] = (uint8_t)((r >> 16) & 0xFF);               /* P128o..P1o */
	ecc[2] = (uint8_t)(((r >> 8) & 0x0F) | ((r >> 24) & 0x0F) << 4);
}

uint32_t sim_ham_from_oob(const uint8_t ecc[3])
{
	return (uint32_t)ecc[0] | (uint32_t)ecc[1] << 16 |
	       (uint32_t)(ecc[2] & 0x0F) << 8 | (uint32_t)(ecc[2] >> 4) << 24;
}

int sim_ham_check(uint8_t *data, const uint8_t stored[3], bool x16)
{
	uint32_t syn = sim_ham_from_oob(stored) ^ sim_ham_bytes(data, SIM_HAM_SECTOR, x16);
	uint32_t odd = syn >> 16, even = syn & 0xFFF;
	unsigned weight = (unsigned)__builtin_popcount(syn);

	if (!syn || weight == 1)
		return 0;    /* clean, or the stored ECC took the hit */
	if (stored[0] == 0xFF && stored[1] == 0xFF && stored[2] == 0xFF) {
		unsigned zeros = 0;

		for (unsigned i = 0; i < SIM_HAM_SECTOR; i++)
			zeros += 8u - (unsigned)__builtin_popcount(data[i]);
		if (!zeros)
			return 0;    /* never programmed */
	}
	/* one data bit: every pair differs in exactly one member, and the
	 * odd members spell the bit's address (byte << 3 | bit) */
	if ((odd ^ even) == 0xFFF) {
		data[odd >> 3] ^= (uint8_t)(1u << (odd & 7));
		return 1;
	}
	return -1;
}
