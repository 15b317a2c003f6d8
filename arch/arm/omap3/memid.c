// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Identifying the memory package by its flash on GPMC CS0 before the SDRC
 * is set up (TRM SPRUGN4 chapter 10 "General-Purpose Memory Controller"):
 * first as a NAND (RESET, READ ID), as the real GTA04 and Beagle loaders
 * do; then, when no NAND answered, as a OneNAND by its own ID registers,
 * read with CS0 set for the OneNAND's asynchronous 16-bit multiplexed
 * reads (docs/references.md, "Where values come from"). Runs from SRAM
 * with nothing but the timer: the NAND half is the early NAND core's
 * (drivers/mtd/nand_core.c), on the CS0 port the rest of the MLO is read
 * through (gpmc_nand.c).
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/gpmc_nand.h"
#include "arch/arm/omap3/memid.h"
#include "drivers/mtd/nand_core.h"
#include "drivers/mtd/omap_gpmc.h"

#define GPMC_BASE          0x6E000000u
#define CS0_WINDOW         0x30000000u

/* OneNAND registers are 16-bit words at word addresses (0xF000: the
 * manufacturer ID, 0xF001: the device ID), i.e. byte offset 2 x that. */
#define ONENAND_REG(w)     (CS0_WINDOW + 2u * (w))
#define ONENAND_MFR_ID     0xF000u
#define ONENAND_DEV_ID     0xF001u
/* The OneNAND makers: Samsung and Numonyx. */
#define ONENAND_MFR_SAMSUNG 0xEC
#define ONENAND_MFR_NUMONYX 0x20

/*
 * CONFIG1: NOR-like, 16-bit, address/data multiplexed, asynchronous
 * single reads (the set-up Linux's omap2 OneNAND driver and U-Boot's
 * ONENAND_GPMC_CONFIG1 use, docs/references.md "Where values come from").
 * CONFIG2-6 in GPMC_FCLK (L3) ticks, computed for the fastest L3 these
 * boards run (200 MHz, 5 ns; the OMAP3530's 166 MHz only lengthens them)
 * from the OneNAND's asynchronous read timings that Linux's driver
 * programs: address phase (nADV) 0-3 ticks (tAVDP/tCER 15 ns), nOE from
 * tick 5 (address hold tAAVDH 7 ns after nADV), data sampled at tick 16
 * (80 ns >= tAA and tCE of 76 ns), nOE and nCS off at 17, cycle 21 (tCEZ
 * 20 ns). U-Boot's set samples at 15 ticks: 75 ns at 200 MHz, short of
 * tAA. gtaboot never writes CS0 in this mode: the write fields mirror
 * the read ones.
 */
static const uint32_t cs0_onenand[6] = {
	0x00001200, 0x00111100, 0x00030300, 0x11051105, 0x01101515, 0x10040000,
};

/* 0 and the two ID bytes, or -1 when no NAND answered: a OneNAND, or no
 * flash at all, never shows READY in the status byte (its bus reads 0). */
static int read_nand_id(uint8_t *mfr, uint16_t *dev)
{
	uint8_t id[2];

	if (nand_reset_id(omap3_nand_port(), id, sizeof(id)))
		return -1;
	*mfr = id[0];
	*dev = id[1];
	return 0;
}

/* 0 and the manufacturer and device ID, or -1 when no OneNAND answered
 * (the registers read what the bus floats to, not a maker's ID). */
static int read_onenand_id(uint8_t *mfr, uint16_t *dev)
{
	uint16_t m;

	gpmc_cs_config(GPMC_BASE, 0, cs0_onenand, CS0_WINDOW);
	m = readw(ONENAND_REG(ONENAND_MFR_ID));
	if (m != ONENAND_MFR_SAMSUNG && m != ONENAND_MFR_NUMONYX)
		return -1;
	*mfr = (uint8_t)m;
	*dev = readw(ONENAND_REG(ONENAND_DEV_ID));
	return 0;
}

const struct mem_part *omap3_mem_identify(const struct mem_part *table, unsigned n,
					  const struct mem_part *none,
					  const struct mem_part *unknown, struct mem_found *f)
{

	f->mfr = 0;
	f->dev = 0;
	f->flash = MEM_FLASH_NAND;
	if (read_nand_id(&f->mfr, &f->dev)) {
		f->flash = MEM_FLASH_ONENAND;
		if (read_onenand_id(&f->mfr, &f->dev)) {
			f->mfr = 0;
			f->dev = 0;
			f->flash = MEM_FLASH_NONE;
			f->how = MEM_NO_ANSWER;
			return f->part = none;
		}
	}
	for (unsigned i = 0; i < n; i++) {
		if (table[i].flash == f->flash && table[i].mfr == f->mfr &&
		    table[i].dev == f->dev) {
			f->how = MEM_BY_ID;
			return f->part = &table[i];
		}
	}
	f->how = MEM_UNKNOWN_ID;
	return f->part = unknown;
}
