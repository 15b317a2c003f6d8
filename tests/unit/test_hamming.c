// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of lib/hamming.c, the GPMC HAM1 ECC (SPRUF98/SPRUGN4 "Memory
 * Subsystem", GPMC ECC calculator): known
 * vectors, agreement with a bit-by-bit reference written from the parity
 * definition, correction of every single-bit error, detection of two-bit
 * and ECC-byte errors, and erased sectors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/errno.h"
#include "lib/hamming.h"

/* The definition, one bit at a time: P(2^j)o over bit addresses with bit j
 * set, P(2^j)e over the others. */
static uint32_t reference(const uint8_t *d)
{
	uint32_t r = 0;

	for (unsigned a = 0; a < 4096; a++) {
		if (!((d[a >> 3] >> (a & 7)) & 1))
			continue;
		for (unsigned j = 0; j < 12; j++)
			r ^= (a >> j) & 1 ? 1u << (16 + j) : 1u << j;
	}
	return r;
}

static void fill_random(uint8_t *d, unsigned seed)
{
	srand(seed);
	for (unsigned i = 0; i < HAM1_SECTOR; i++)
		d[i] = (uint8_t)rand();
}

static void test_known_vectors(void **state)
{
	uint8_t d[HAM1_SECTOR], ecc[3];

	memset(d, 0xFF, sizeof(d));
	assert_int_equal(ham1_calc(d), 0);
	ham1_pack(0, ecc);
	assert_int_equal(ecc[0] | ecc[1] | ecc[2], 0);
	memset(d, 0, sizeof(d));
	assert_int_equal(ham1_calc(d), 0);
	/* one bit at address 0: every even parity, no odd one */
	d[0] = 0x01;
	assert_int_equal(ham1_calc(d), 0x00000FFF);
	ham1_pack(0x00000FFF, ecc);
	assert_int_equal(ecc[0], 0xFF);
	assert_int_equal(ecc[1], 0x00);
	assert_int_equal(ecc[2], 0x0F);
	/* the last bit, address 4095: every odd parity */
	d[0] = 0;
	d[511] = 0x80;
	assert_int_equal(ham1_calc(d), 0x0FFF0000);
	ham1_pack(0x0FFF0000, ecc);
	assert_int_equal(ecc[0], 0x00);
	assert_int_equal(ecc[1], 0xFF);
	assert_int_equal(ecc[2], 0xF0);
	/* address 0x5A3 = byte 0xB4, bit 3 */
	d[511] = 0;
	d[0xB4] = 0x08;
	assert_int_equal(ham1_calc(d), (0x5A3u << 16) | (~0x5A3u & 0xFFF));
	/* the ROM layout: x16 sector 3 ends at OOB byte 13 */
	assert_int_equal(HAM1_OOB_X16(0), 2);
	assert_int_equal(HAM1_OOB_X16(3) + 2, 13);
	assert_int_equal(HAM1_OOB_X8(0), 1);
}

static void test_matches_reference(void **state)
{
	uint8_t d[HAM1_SECTOR], ecc[3];

	for (unsigned seed = 1; seed <= 200; seed++) {
		uint32_t r;

		fill_random(d, seed);
		r = ham1_calc(d);
		assert_int_equal(r, reference(d));
		assert_int_equal(r & ~0x0FFF0FFFu, 0);
		ham1_pack(r, ecc);
		assert_int_equal(ham1_unpack(ecc), r);
	}
	/* the streaming form gives the same result in any order */
	fill_random(d, 7);
	{
		uint32_t r = 0;

		for (int i = HAM1_SECTOR - 1; i >= 0; i--)
			r = ham1_update(r, (uint32_t)i, d[i]);
		assert_int_equal(r, ham1_calc(d));
	}
}

static void test_single_bit_corrected(void **state)
{
	uint8_t orig[HAM1_SECTOR], d[HAM1_SECTOR], ecc[3];

	for (unsigned seed = 1; seed <= 3; seed++) {
		fill_random(orig, seed * 77);
		ham1_pack(ham1_calc(orig), ecc);
		for (unsigned a = 0; a < 4096; a++) {
			unsigned pos = 9999;

			memcpy(d, orig, sizeof(d));
			d[a >> 3] ^= (uint8_t)(1u << (a & 7));
			assert_int_equal(ham1_correct(d, ecc, ham1_calc(d), &pos),
					 HAM1_CORRECTED);
			assert_int_equal(pos, a);
			assert_memory_equal(d, orig, sizeof(d));
		}
	}
}

static void test_two_bits_reported(void **state)
{
	uint8_t orig[HAM1_SECTOR], d[HAM1_SECTOR], ecc[3];

	fill_random(orig, 4242);
	ham1_pack(ham1_calc(orig), ecc);
	srand(99);
	for (unsigned n = 0; n < 3000; n++) {
		unsigned a = (unsigned)rand() % 4096, b = (unsigned)rand() % 4096;

		if (a == b)
			continue;
		/* include neighbours, which differ in the fewest address bits */
		if (n < 512)
			b = a ^ 1;
		memcpy(d, orig, sizeof(d));
		d[a >> 3] ^= (uint8_t)(1u << (a & 7));
		d[b >> 3] ^= (uint8_t)(1u << (b & 7));
		assert_int_equal(ham1_correct(d, ecc, ham1_calc(d), NULL), -EBADMSG);
	}
}

static void test_ecc_byte_error(void **state)
{
	uint8_t orig[HAM1_SECTOR], d[HAM1_SECTOR], ecc[3], bad[3];

	fill_random(orig, 5);
	ham1_pack(ham1_calc(orig), ecc);
	memcpy(d, orig, sizeof(d));
	assert_int_equal(ham1_correct(d, ecc, ham1_calc(d), NULL), HAM1_OK);
	for (unsigned bit = 0; bit < 24; bit++) {
		memcpy(bad, ecc, 3);
		bad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		assert_int_equal(ham1_correct(d, bad, ham1_calc(d), NULL), HAM1_ECC_ERROR);
		assert_memory_equal(d, orig, sizeof(d));
	}
	/* two wrong ECC bits are not silently accepted */
	memcpy(bad, ecc, 3);
	bad[0] ^= 0x03;
	assert_int_equal(ham1_correct(d, bad, ham1_calc(d), NULL), -EBADMSG);
}

static void test_erased(void **state)
{
	uint8_t d[HAM1_SECTOR], ff[3] = { 0xFF, 0xFF, 0xFF };

	memset(d, 0xFF, sizeof(d));
	assert_int_equal(ham1_correct(d, ff, ham1_calc(d), NULL), HAM1_ERASED);
	/* one flipped bit in an erased sector: fixed back to 0xFF, and not
	 * "corrected" at the complementary address */
	d[100] = 0xEF;
	assert_int_equal(ham1_correct(d, ff, ham1_calc(d), NULL), HAM1_CORRECTED);
	for (unsigned i = 0; i < HAM1_SECTOR; i++)
		assert_int_equal(d[i], 0xFF);
	d[100] = 0xEF;
	d[300] = 0x7F;
	assert_int_equal(ham1_correct(d, ff, ham1_calc(d), NULL), -EBADMSG);
	/* written data behind an unprogrammed ECC is not "erased" */
	memset(d, 0x55, sizeof(d));
	assert_int_equal(ham1_correct(d, ff, ham1_calc(d), NULL), -EBADMSG);
	/* the fix-up alone */
	memset(d, 0xFF, sizeof(d));
	d[0] = 0xFE;
	d[1] = 0xFE;
	assert_int_equal(ham1_erased_fixup(d, sizeof(d), 1), -EBADMSG);
	assert_int_equal(d[0], 0xFE);
	assert_int_equal(ham1_erased_fixup(d, sizeof(d), 4), 2);
	assert_int_equal(d[0], 0xFF);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_vectors),
		cmocka_unit_test(test_matches_reference),
		cmocka_unit_test(test_single_bit_corrected),
		cmocka_unit_test(test_two_bits_reported),
		cmocka_unit_test(test_ecc_byte_error),
		cmocka_unit_test(test_erased),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
