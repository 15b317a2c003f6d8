// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulator's Hamming engine and ROM check (tools/sim/nand_ecc.c)
 * against what code written for real hardware says about the GPMC's
 * results, not against the firmware's lib/hamming.c:
 *  - Linux drivers/mtd/nand/raw/omap2.c (omap_calculate_ecc): the result is
 *    not inverted, so an erased (all 0xFF) sector gives ECC bytes 00 00 00,
 *    and the OOB bytes are result[7:0], result[23:16], then result[11:8] in
 *    the low nibble and result[27:24] in the high one;
 *  - U-Boot drivers/mtd/nand/raw/omap_gpmc.c (omap_correct_data): a single
 *    flipped data bit makes stored ^ computed have 12 bits set, its odd half
 *    (bits 27:16) being the bit's address, byte (bits 11:3 of it) and bit
 *    (2:0); one set bit means the stored ECC itself is wrong. U-Boot uses
 *    the same decoding for x16 parts, whose data it keeps in memory as the
 *    bus delivers it: low byte first.
 * A single 1 bit in a zero sector therefore has the result
 * (A << 16) | (~A & 0xFFF), A its bit address; x16 and x8 agree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tools/sim/nand_ecc.h"

static uint32_t one_bit(unsigned a, bool x16)
{
	uint8_t d[SIM_HAM_SECTOR] = { 0 };

	d[a >> 3] = (uint8_t)(1u << (a & 7));
	return sim_ham_bytes(d, sizeof(d), x16);
}

static void test_erased_and_zero_sectors(void **state)
{
	uint8_t d[SIM_HAM_SECTOR], ecc[3];

	memset(d, 0xFF, sizeof(d));
	assert_int_equal(sim_ham_bytes(d, sizeof(d), true), 0);
	assert_int_equal(sim_ham_bytes(d, sizeof(d), false), 0);
	sim_ham_to_oob(0, ecc);
	assert_int_equal(ecc[0] | ecc[1] | ecc[2], 0);
	memset(d, 0, sizeof(d));
	assert_int_equal(sim_ham_bytes(d, sizeof(d), true), 0);
}

static void test_single_bit_spells_its_address(void **state)
{
	for (unsigned a = 0; a < SIM_HAM_SECTOR * 8; a++) {
		uint32_t want = (uint32_t)a << 16 | (~a & 0xFFF);

		assert_int_equal(one_bit(a, false), want);
		assert_int_equal(one_bit(a, true), want);
	}
}

/* Word-wise by hand for x16: bit j of word w is bit address 16 w + j. */
static void test_x16_word_bit_order(void **state)
{
	struct sim_ham h;

	sim_ham_start(&h, true);
	for (unsigned w = 0; w < 256; w++)
		sim_ham_feed(&h, w == 37 ? 1u << 11 : 0);
	assert_int_equal(sim_ham_result(&h), (37u * 16 + 11) << 16 | (~(37u * 16 + 11) & 0xFFF));
	/* the high byte of a word is the next byte address, not the same one */
	assert_int_equal(one_bit(8, true), one_bit(8, false));
	assert_true(one_bit(8, true) != one_bit(0, true));
}

static void test_flip_decodes_as_uboot_does(void **state)
{
	uint8_t d[SIM_HAM_SECTOR];

	srand(14);
	for (unsigned i = 0; i < sizeof(d); i++)
		d[i] = (uint8_t)rand();
	for (int x16 = 0; x16 < 2; x16++) {
		uint32_t good = sim_ham_bytes(d, sizeof(d), x16);

		for (unsigned a = 0; a < SIM_HAM_SECTOR * 8; a += 7) {
			uint32_t syn;

			d[a >> 3] ^= (uint8_t)(1u << (a & 7));
			syn = good ^ sim_ham_bytes(d, sizeof(d), x16);
			d[a >> 3] ^= (uint8_t)(1u << (a & 7));
			assert_int_equal(__builtin_popcount(syn), 12);
			assert_int_equal((syn >> 16) >> 3, a >> 3);     /* byte */
			assert_int_equal((syn >> 16) & 7, a & 7);       /* bit */
		}
	}
}

static void test_oob_packing_as_linux(void **state)
{
	uint8_t ecc[3];

	sim_ham_to_oob(0x0ABC0DEF, ecc);
	assert_int_equal(ecc[0], 0xEF);                 /* result[7:0] */
	assert_int_equal(ecc[1], 0xBC);                 /* result[23:16] */
	assert_int_equal(ecc[2], 0xAD);                 /* [27:24] << 4 | [11:8] */
	assert_int_equal(sim_ham_from_oob(ecc), 0x0ABC0DEF);
}

static void test_rom_check(void **state)
{
	uint8_t d[SIM_HAM_SECTOR], copy[SIM_HAM_SECTOR], ecc[3];

	for (unsigned i = 0; i < sizeof(d); i++)
		d[i] = (uint8_t)(i * 7 + 3);
	sim_ham_to_oob(sim_ham_bytes(d, sizeof(d), true), ecc);
	memcpy(copy, d, sizeof(d));
	assert_int_equal(sim_ham_check(copy, ecc, true), 0);
	copy[300] ^= 0x20;
	assert_int_equal(sim_ham_check(copy, ecc, true), 1);
	assert_memory_equal(copy, d, sizeof(d));
	copy[10] ^= 1;
	copy[20] ^= 2;
	assert_int_equal(sim_ham_check(copy, ecc, true), -1);
	memcpy(copy, d, sizeof(d));
	ecc[1] ^= 0x04;                                 /* the stored ECC took the hit */
	assert_int_equal(sim_ham_check(copy, ecc, true), 0);
	assert_memory_equal(copy, d, sizeof(d));
	memset(copy, 0xFF, sizeof(copy));               /* never programmed */
	memset(ecc, 0xFF, sizeof(ecc));
	assert_int_equal(sim_ham_check(copy, ecc, true), 0);
	/* a byte-swapped x16 layout (high byte first) is not the GPMC's: it
	 * moves every bit address by 8, which the P8 pair sees whenever the
	 * sector holds an odd number of ones */
	d[0] ^= 1;
	memcpy(copy, d, sizeof(d));
	for (unsigned i = 0; i < sizeof(copy); i += 2) {
		uint8_t t = copy[i];

		copy[i] = copy[i + 1];
		copy[i + 1] = t;
	}
	sim_ham_to_oob(sim_ham_bytes(d, sizeof(d), true), ecc);
	assert_true(sim_ham_check(copy, ecc, true) != 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_erased_and_zero_sectors),
		cmocka_unit_test(test_single_bit_spells_its_address),
		cmocka_unit_test(test_x16_word_bit_order),
		cmocka_unit_test(test_flip_decodes_as_uboot_does),
		cmocka_unit_test(test_oob_packing_as_linux),
		cmocka_unit_test(test_rom_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
