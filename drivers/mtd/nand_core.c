// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The early NAND core (drivers/mtd/nand_core.h): RESET, READ ID and the
 * ECC-checked page read that the memory package identification
 * (arch/arm/omap3/memid.c), the read of the rest of a NAND-booted MLO
 * (arch/arm/omap3/mlo_rest.c) and the NAND driver of the cold part
 * (drivers/mtd/nand.c) share. ONFI 1.0 for the commands; SPRUF98/SPRUGN4
 * "Memory Subsystem", GPMC NAND access and Hamming ECC.
 */
#include "drivers/mtd/nand_core.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"
#include "lib/errno.h"
#include "lib/hamming.h"

#define CMD_READ0       0x00
#define CMD_READSTART   0x30
#define CMD_STATUS      0x70
#define CMD_READID      0x90
#define CMD_RESET       0xFF
#define STATUS_READY    BIT(6)
#define RESET_WAIT_US   1000u
#define SECTORS         (NAND_PAGE_SIZE / HAM1_SECTOR)

int nand_reset_id(const struct gpmc_nand *g, uint8_t *id, unsigned n)
{
	gpmc_nand_cmd(g, CMD_RESET);
	udelay(1);                  /* tWB before the status is valid */
	gpmc_nand_cmd(g, CMD_STATUS);
	/* the status, not R/B#: WAIT0 is pulled up, and reads "ready", on a
	 * package with no NAND */
	if (gpmc_nand_wait_status(g, STATUS_READY, RESET_WAIT_US))
		return -ENODEV;
	gpmc_nand_cmd(g, CMD_READID);
	gpmc_nand_addr(g, 0);
	for (unsigned i = 0; i < n; i++)
		id[i] = (uint8_t)gpmc_nand_read_cycle(g);   /* x16: on I/O[7:0] */
	return id[0] == 0x00 || id[0] == 0xFF ? -ENODEV : 0;
}

int nand_read_page_ecc(const struct gpmc_nand *g, uint32_t page, uint8_t *data, uint8_t *oob,
		       uint32_t tr_us)
{
	uint32_t ecc[SECTORS];
	int fixed = 0, bad = 0;

	gpmc_nand_cmd(g, CMD_READ0);
	/* column 0 (the same in bytes and in x16 words), then the page */
	gpmc_nand_addr(g, 0);
	gpmc_nand_addr(g, 0);
	gpmc_nand_addr(g, (uint8_t)page);
	gpmc_nand_addr(g, (uint8_t)(page >> 8));
	gpmc_nand_addr(g, (uint8_t)(page >> 16));
	gpmc_nand_cmd(g, CMD_READSTART);
	udelay(1);                  /* R/B# falls within tWB (100 ns) */
	if (gpmc_nand_wait_ready(g, tr_us))
		return -ETIMEDOUT;
	gpmc_ecc_start(g, SECTORS);
	gpmc_nand_read_buf(g, data, NAND_PAGE_SIZE);
	gpmc_ecc_results(g, ecc, SECTORS);
	gpmc_nand_read_buf(g, oob, NAND_OOB_SIZE);
	for (unsigned s = 0; s < SECTORS; s++) {
		int r = ham1_correct(data + s * HAM1_SECTOR, oob + HAM1_OOB_X16(s), ecc[s], NULL);

		if (r == HAM1_CORRECTED)
			fixed++;
		else if (r < 0)
			bad = 1;
	}
	return bad ? -EBADMSG : fixed;
}
