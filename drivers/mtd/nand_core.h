/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The early NAND core: what the ROM-loaded part needs of a NAND on the
 * GPMC, and what drivers/mtd/nand.c builds on: RESET and READ ID, and a
 * 2 KiB page read checked with the OMAP3 boot ROM's 1-bit Hamming ECC
 * (x16 OOB layout). ONFI 1.0 for the commands; SPRUF98/SPRUGN4 "Memory
 * Subsystem", GPMC, for the controller. In the early part (Makefile
 * EARLY_SRCS), so memid.c and mlo_rest.c use it before SDRAM is up.
 */
#ifndef DRIVERS_MTD_NAND_CORE_H
#define DRIVERS_MTD_NAND_CORE_H

#include <stdint.h>

#include "drivers/mtd/omap_gpmc.h"

#define NAND_PAGE_SIZE 2048u
#define NAND_OOB_SIZE  64u

/*
 * RESET the chip, wait for its status to say READY (at most 1 ms: the
 * reset of these parts takes 5 us, longer only while a program or erase
 * is aborted), then READ ID: n bytes into id, one per bus cycle. 0, or
 * -ENODEV when no chip answered: its status never said READY (nothing
 * drives the bus) or the maker byte read 00 or FF.
 */
int nand_reset_id(const struct gpmc_nand *g, uint8_t *id, unsigned n);

/*
 * Read page (NAND_PAGE_SIZE bytes from column 0) into data and its spare
 * area into oob (NAND_OOB_SIZE bytes, raw), the data checked and corrected
 * with the HAM1 ECC in OOB bytes 2-13. Erased pages read as 0xFF. Waits at
 * most tr_us for R/B#. The number of corrected bits (0 = clean), -EBADMSG
 * when a sector has two or more bad bits (data still filled), -ETIMEDOUT.
 */
int nand_read_page_ecc(const struct gpmc_nand *g, uint32_t page, uint8_t *data, uint8_t *oob,
		       uint32_t tr_us);

#endif
