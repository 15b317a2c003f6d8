/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gtaboot-sim: the memory package each machine carries: the SDRAM die
 * (geometry, datasheet minimum timings) and what its flash answers on GPMC
 * CS0 (a NAND ID, or nothing for OneNAND / no flash).
 */
#ifndef GTABOOT_SIM_PARTS_H
#define GTABOOT_SIM_PARTS_H

#include <stdint.h>

enum sim_flash { FLASH_NAND, FLASH_ONENAND, FLASH_NONE };

struct sim_part {
	const char *name;
	/* SDRAM, per chip select: x32, 4 banks */
	unsigned rows, cols;
	/* datasheet minimums in picoseconds (tREFI: the maximum) */
	uint32_t trfc, trc, tras, trp, trcd, trrd, twr, txsr, trefi;
	/* minimums in clock cycles */
	unsigned twtr_ck, tcke_ck, txp_ck;
	/* the shortest clock period (ps) the part runs at with CAS latency
	 * 2 and 3 (the two mobile DDR has); MR's CL must be one of them */
	uint32_t tck_cl2, tck_cl3;
	/* flash on GPMC CS0 */
	enum sim_flash flash;
	uint8_t nand_id[5];
	unsigned nand_mib;
	/* a OneNAND's ID registers 0xF000-0xF002: maker, device, version */
	uint16_t onenand_id[3];
};

/* Bytes of one chip select of the part: 2^rows x 2^cols x 4 banks x 4. */
uint64_t sim_part_cs_bytes(const struct sim_part *p);
/* The part called name (e.g. "micron-2c-bc"), NULL if none. */
const struct sim_part *sim_part_find(const char *name);
/*
 * --sdram-part SPEC: a part name and/or changes to the machine's part,
 * comma-separated: NAME, rows=N, cols=N, and any minimum in ns (trfc=,
 * trc=, tras=, trp=, trcd=, trrd=, twr=, txsr=), tREFI in ns (trefi=),
 * the shortest clock period in ns at CAS latency 2 or 3 (tck2=, tck3=),
 * the NAND ID bytes 0-1 in hex (id=2cbc), a OneNAND's maker and device ID
 * in hex (id=ec0050), or a package whose flash answers nothing (flash=none).
 * This is how a test feeds the firmware a part its table does not
 * describe. 0, or -1 with *why set.
 */
int sim_part_apply(struct sim_part *p, const char *spec, const char **why);

#endif
