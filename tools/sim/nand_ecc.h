/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the GPMC's 1-bit Hamming ECC engine and the boot ROM's check
 * of it, written from the TRM's description for the simulator and the
 * image tool (tools/mknand), independent of the firmware's lib/hamming.c.
 */
#ifndef GTABOOT_SIM_NAND_ECC_H
#define GTABOOT_SIM_NAND_ECC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_HAM_SECTOR 512u
/* OOB offset of sector s's three ECC bytes in the ROM layout of an x16
 * part: after the 2-byte bad-block marker (U-Boot's x16 ROM-code Hamming
 * layout: bytes 2..13; docs/references.md, "NAND ECC layout"). */
#define SIM_HAM_OOB_X16(s) (2u + 3u * (s))

/* The engine's running parities for one sector. */
struct sim_ham {
	bool x16;         /* GPMC_ECC_CONFIG.ECC16B: 16-bit words */
	uint32_t units;   /* bytes (x8) or words (x16) folded in so far */
	uint32_t odd, even;
};

void sim_ham_start(struct sim_ham *h, bool x16);
/* One bus unit: a byte (x8), or a 16-bit word as it is on D[15:0] (x16). */
void sim_ham_feed(struct sim_ham *h, uint16_t unit);
/* ECCn_RESULT: bits [11:0] P1e..P2048e, bits [27:16] P1o..P2048o. */
uint32_t sim_ham_result(const struct sim_ham *h);

/* The result for len bytes (x16: read as little-endian words, as the
 * x16 bus delivers them to memory). */
uint32_t sim_ham_bytes(const uint8_t *data, size_t len, bool x16);

/* The three OOB bytes for a result and back (in Linux's order, "NAND ECC
 * layout": P128e..P1e, P128o..P1o, then
 * P2048o..P256o in the high nibble, P2048e..P256e in the low one). */
void sim_ham_to_oob(uint32_t result, uint8_t ecc[3]);
uint32_t sim_ham_from_oob(const uint8_t ecc[3]);

/*
 * The ROM's check of one 512-byte sector against its stored ECC: 0 clean
 * (or a single bit wrong in the stored ECC, or an erased sector with its
 * ECC bytes erased), 1 one data bit corrected in place, -1 uncorrectable.
 */
int sim_ham_check(uint8_t *data, const uint8_t stored[3], bool x16);

#endif
