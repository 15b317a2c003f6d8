/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The GPMC 1-bit Hamming ECC ("HAM1") over 512-byte NAND sectors, as the
 * OMAP3 boot ROM expects it (SPRUF98/SPRUGN4 chapter "Memory Subsystem",
 * GPMC ECC calculator). Shared by the firmware, the simulator's GPMC model
 * and the NAND image tool, so all three agree bit for bit.
 */
#ifndef LIB_HAMMING_H
#define LIB_HAMMING_H

#include <stddef.h>
#include <stdint.h>

#define HAM1_SECTOR    512u
#define HAM1_ECC_BYTES 3u
/* OOB offset of sector s's three ECC bytes in the ROM layout */
#define HAM1_OOB_X16(s) (2u + 3u * (s))
#define HAM1_OOB_X8(s)  (1u + 3u * (s))

/*
 * The ECCn_RESULT word: bits [11:0] the even parities P1e..P2048e, bits
 * [27:16] the odd parities P1o..P2048o. Bit j of either half covers the
 * data bits whose bit address (byte * 8 + bit) has bit j = 0 (even) or
 * 1 (odd). Not inverted: 512 bytes of 0xFF give 0.
 */
/* Fold one data byte at byte index idx (0..511) into a running result. */
uint32_t ham1_update(uint32_t result, uint32_t idx, uint8_t byte);
/* The result for a whole sector of HAM1_SECTOR bytes. */
uint32_t ham1_calc(const uint8_t *data);

/* The three bytes stored in the OOB, and back (the same 0x0FFF0FFF bits). */
void ham1_pack(uint32_t result, uint8_t ecc[HAM1_ECC_BYTES]);
uint32_t ham1_unpack(const uint8_t ecc[HAM1_ECC_BYTES]);

enum {
	HAM1_OK = 0,         /* data and ECC agree */
	HAM1_CORRECTED = 1,  /* one data bit was flipped back */
	HAM1_ECC_ERROR = 2,  /* one bit of the stored ECC is wrong; data good */
	HAM1_ERASED = 3,     /* erased sector (ECC 0xFFFFFF, data all 0xFF) */
};

/*
 * Check a sector read back against its stored ECC and the ECC computed over
 * it (by the GPMC or ham1_calc); fix a single-bit data error in place.
 * Returns HAM1_* or -EBADMSG for two or more bit errors.
 * *bitpos, if not NULL, receives the corrected bit's address.
 */
int ham1_correct(uint8_t *data, const uint8_t stored[HAM1_ECC_BYTES],
		 uint32_t computed, unsigned *bitpos);

/*
 * An erased sector whose ECC bytes read 0xFFFFFF but whose data has at most
 * max_zero bits at 0 (bit flips in an erased page) is reported erased and
 * its data reset to 0xFF. Returns the zero bits found, or -EBADMSG when
 * there are more than max_zero.
 */
int ham1_erased_fixup(uint8_t *data, size_t len, unsigned max_zero);

#endif
