// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Identifying the memory package by the NAND ID on GPMC CS0 before the SDRC
 * is set up, as the SPLs and X-Loader that boot these boards do
 * (docs/references.md, "NAND ID before SDRAM"; TRM SPRUGN4 chapter 10 "General-
 * Purpose Memory Controller", NAND access). Runs from SRAM with nothing
 * but the timer, so it writes the GPMC itself rather than through the NAND
 * driver of the cold part.
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/memid.h"
#include "drivers/timer/timer.h"
#include "lib/bitops.h"

#define GPMC_BASE          0x6E000000u
#define GPMC_CS0(n)        (GPMC_BASE + 0x060 + 4 * ((n) - 1))
#define GPMC_NAND_CMD      (GPMC_BASE + 0x07C)
#define GPMC_NAND_ADDR     (GPMC_BASE + 0x080)
#define GPMC_NAND_DATA     (GPMC_BASE + 0x084)
#define CS0_WINDOW         0x30000000u
#define CONFIG7_CSVALID    BIT(6)
#define CONFIG7_MASK_16M   (0xFu << 8)

#define NAND_RESET         0xFF
#define NAND_STATUS        0x70
#define NAND_READID        0x90
#define NAND_STATUS_READY  BIT(6)
#define RESET_WAIT_US      1000u

struct mem_found omap3_mem;

/* CONFIG1: x16 NAND; CONFIG2-6: U-Boot's M_NAND timings (docs/references.md,
 * "NAND ID before SDRAM"), which suit every PoP NAND these boards carry. */
static const uint32_t cs0_nand[6] = {
	0x00001800, 0x00141400, 0x00141400, 0x0F010F01, 0x010C1414, 0x1F0F0A80,
};

/* 0 and the two ID bytes, or -1 when no NAND answered. A OneNAND (or no
 * flash at all) never shows READY in the status byte: its bus reads 0. */
static int read_id(uint8_t *mfr, uint8_t *dev)
{
	uint64_t t0;

	writel(0, GPMC_CS0(7));              /* timings change with the CS off */
	for (int n = 1; n <= 6; n++)
		writel(cs0_nand[n - 1], GPMC_CS0(n));
	writel(CONFIG7_MASK_16M | CONFIG7_CSVALID | (CS0_WINDOW >> 24), GPMC_CS0(7));
	writeb(NAND_RESET, GPMC_NAND_CMD);
	udelay(1);                           /* tWB before the status is valid */
	writeb(NAND_STATUS, GPMC_NAND_CMD);
	t0 = timer_us();
	while (!(readw(GPMC_NAND_DATA) & NAND_STATUS_READY)) {
		if (timer_us() - t0 > RESET_WAIT_US)
			return -1;
		udelay(10);
	}
	writeb(NAND_READID, GPMC_NAND_CMD);
	writeb(0, GPMC_NAND_ADDR);
	/* x16 part: the ID comes on I/O[7:0], one byte per bus cycle */
	*mfr = (uint8_t)readw(GPMC_NAND_DATA);
	*dev = (uint8_t)readw(GPMC_NAND_DATA);
	return *mfr == 0x00 || *mfr == 0xFF ? -1 : 0;
}

const struct mem_part *omap3_mem_identify(const struct mem_part *table, unsigned n,
					  const struct mem_part *none,
					  const struct mem_part *unknown)
{
	struct mem_found *f = &omap3_mem;

	f->mfr = f->dev = 0;
	if (read_id(&f->mfr, &f->dev)) {
		f->mfr = f->dev = 0;
		f->how = MEM_NO_ANSWER;
		f->part = none;
		return none;
	}
	for (unsigned i = 0; i < n; i++) {
		if (table[i].mfr == f->mfr && table[i].dev == f->dev) {
			f->how = MEM_BY_ID;
			f->part = &table[i];
			return f->part;
		}
	}
	f->how = MEM_UNKNOWN_ID;
	f->part = unknown;
	return unknown;
}
