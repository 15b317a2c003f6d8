/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The OMAP3 GPMC as a NAND controller: chip-select set-up, the NAND
 * command/address/data ports, R/B# on WAIT0 and the Hamming ECC engine
 * (TRM chapter 10 "Memory Subsystem", GPMC; SPRUF98/SPRUGN4 "Memory Subsystem", GPMC registers).
 */
#ifndef DRIVERS_MTD_OMAP_GPMC_H
#define DRIVERS_MTD_OMAP_GPMC_H

#include <stdbool.h>
#include <stdint.h>

struct gpmc_nand {
	uintptr_t base;        /* GPMC registers */
	unsigned cs;           /* chip select of the NAND (0..7) */
	bool x16;              /* 16-bit device */
};

/*
 * Chip select cs of the GPMC at gpmc_base: CONFIG1..6 as given (the
 * device type and timings are the caller's), then valid with a 16 MiB
 * window at base_addr. Any device: memid.c sets CS0 up for a OneNAND.
 */
void gpmc_cs_config(uintptr_t gpmc_base, unsigned cs, const uint32_t config[6],
		    uint32_t base_addr);

/*
 * Configure chip select cs for a NAND: timing values for CONFIG1..6 (the
 * caller's, CONFIG1 must say NAND), CS window at base_addr (16 MiB), WAIT0
 * edge flag cleared, write protect released.
 */
void gpmc_nand_setup(const struct gpmc_nand *g, const uint32_t config[6], uint32_t base_addr);

void gpmc_nand_cmd(const struct gpmc_nand *g, uint8_t cmd);
void gpmc_nand_addr(const struct gpmc_nand *g, uint8_t a);
/* One data cycle (x16: a word; x8: a byte). */
uint16_t gpmc_nand_read_cycle(const struct gpmc_nand *g);
/* len bytes through the data port; len a multiple of 4, buf any alignment. */
void gpmc_nand_read_buf(const struct gpmc_nand *g, uint8_t *buf, unsigned len);
void gpmc_nand_write_buf(const struct gpmc_nand *g, const uint8_t *buf, unsigned len);
/* Wait for R/B# (GPMC_STATUS.WAIT0) high: 0 or -ETIMEDOUT. */
int gpmc_nand_wait_ready(const struct gpmc_nand *g, uint32_t timeout_us);
/* After a STATUS command: wait until the status byte, read again and
 * again through the data port, has all of mask set: 0 or -ETIMEDOUT. */
int gpmc_nand_wait_status(const struct gpmc_nand *g, uint8_t mask, uint32_t timeout_us);

/* Start the Hamming engine on the data port: nsectors results of 512
 * bytes in ECC1..ECCn_RESULT. */
void gpmc_ecc_start(const struct gpmc_nand *g, unsigned nsectors);
/* Stop it and fetch the results (the lib/hamming.h word each). */
void gpmc_ecc_results(const struct gpmc_nand *g, uint32_t *res, unsigned nsectors);

#endif
