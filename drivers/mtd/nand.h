/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A raw SLC NAND with 2 KiB pages on the GPMC, read and written with the
 * OMAP3 boot ROM's 1-bit Hamming ECC layout (ONFI 1.0 for identification;
 * TRM chapter 10 "GPMC" for the controller side; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC).
 */
#ifndef DRIVERS_MTD_NAND_H
#define DRIVERS_MTD_NAND_H

#include <stdbool.h>
#include <stdint.h>

#include "drivers/mtd/nand_core.h"
#include "drivers/mtd/omap_gpmc.h"

struct nand_chip {
	struct gpmc_nand gpmc;
	uint8_t id[5];
	bool onfi;
	char model[21];            /* ONFI model, or "" */
	uint32_t page_size, oob_size, pages_per_block, block_size;
	uint32_t nblocks;
	uint64_t size;
	uint32_t t_r_us, t_prog_us, t_bers_us;  /* bounds for R/B# waits */
	unsigned corrected;        /* bit errors corrected since nand_probe() */
};

/* Reset and identify the chip (READ ID, ONFI parameter page with its CRC,
 * else the ID bytes); only 2048 + 64-byte pages are supported (the ROM's
 * layout needs them). gpmc->x16 must match the bus set up for the chip
 * select. 0, -ENODEV (no chip, or an unsupported one), -ETIMEDOUT. */
int nand_probe(struct nand_chip *c, const struct gpmc_nand *gpmc);

/*
 * Read a page: data (page_size bytes) checked and corrected with the HAM1
 * ECC in OOB bytes 2-13; oob (may be NULL) gets the raw OOB. Erased pages
 * read as 0xFF (one flipped bit per sector tolerated). Returns the number
 * of corrected bits (0 = clean), -EBADMSG when a sector has two or more
 * bad bits (data still filled), -ETIMEDOUT.
 */
int nand_read_page(struct nand_chip *c, uint32_t page, uint8_t *data, uint8_t *oob);
/* Program a page with its ECC; OOB bytes 0-1 (bad-block marker) and 14-63
 * stay 0xFF. 0, -EIO (the chip reported a failure), -ETIMEDOUT. */
int nand_write_page(struct nand_chip *c, uint32_t page, const uint8_t *data);
/* Program data and spare exactly as given (no ECC engine): for writes in
 * several partial programs of one page (the chip allows a few; bits only
 * ever go from 1 to 0). */
int nand_write_page_raw(struct nand_chip *c, uint32_t page, const uint8_t *data,
			const uint8_t *spare);
/* The spare area nand_write_page would write for data: the ROM's x16 HAM1
 * layout, the rest 0xFF. */
void nand_page_ecc(const uint8_t *data, uint8_t *spare);
/* 0, -EIO (erase failed: the block has gone bad), -ETIMEDOUT. */
int nand_erase_block(struct nand_chip *c, uint32_t block);
/* Factory or worn-out mark: OOB bytes 0-1 of the block's first page not
 * 0xFFFF. 1 bad, 0 good, or a negative errno. */
int nand_block_is_bad(struct nand_chip *c, uint32_t block);

/*
 * The one bad-block policy of every transfer that passes over bad blocks
 * (reads here, `nand write`): each bad block moves the rest of the data one
 * block on. Called before each page at *off (page aligned): the block is
 * checked when *check is set (start with true) or *off starts a block; a
 * bad one moves *off to the same place in the next block and returns 1
 * (call again). 0: *off is in a good block. -ENOSPC: *off reached limit;
 * or the check's negative errno.
 */
int nand_skip_bad(struct nand_chip *c, uint64_t *off, uint64_t limit, bool *check);
/*
 * Read len bytes from byte offset off (page aligned) into buf, skipping bad
 * blocks as they come (each one moves the rest of the data one block on),
 * never reading at or beyond limit. *skipped (may be NULL) counts the bad
 * blocks passed. Returns the number of corrected bits, -EBADMSG, -ENOSPC
 * (ran into limit), -EINVAL, -ETIMEDOUT.
 */
int nand_read_skip_bad(struct nand_chip *c, uint64_t off, uint64_t len, uint8_t *buf,
		       uint64_t limit, unsigned *skipped);

#endif
