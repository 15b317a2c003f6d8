// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the memory packages of the simulated machines.
 *
 * Geometry: the PoP packages are x32 mobile DDR with 4 banks; rows and
 * columns per die from the size and the addressing the reference loaders
 * program for them (U-Boot's MICRON_* and NUMONYX_* RASWIDTH; Letux's
 * SAMSUNG_MCP: 14 rows, 11 columns; docs/references.md, "SDRAM timing
 * sets" and "GTA04 memory packages").
 *
 * Timings: mobile-DDR datasheet minimums. For the Micron -6 part of the
 * Beagle C4 (1 Gbit die) the values are those U-Boot's set comments give
 * for MICRON_*_165 (tRC 60, tRAS 42, tRP 18, tRCD 18, tRRD 12, tWR 15,
 * tRFC 125, tXSR 138 ns). The 2 Gbit Micron die of the GTA04 A3/A4 and the
 * xM is the -5 speed grade (tRC 55, tRAS 40, tRP 15, tRCD 15, tRRD 10,
 * tWR 15 ns, as U-Boot's 200 MHz comments) with tRFC 72 and tXSR 112.5 ns
 * (Micron mobile LPDDR 2 Gbit datasheet values, from memory: no copy was
 * available to check). No Samsung datasheet for the A5's 4 Gbit die was
 * available: its minimums are those U-Boot gives for the 4 Gbit Numonyx die
 * of the same generation (NUMONYX_*_200: tRC 55, tRAS 40, tRP 15, tRCD
 * 16.2, tRRD 10, tWR 15, tRFC 140 ns; tXSR 200 ns from NUMONYX_*_165).
 * tREFI 7.8 us for all (64 ms for 8192 rows; as U-Boot's refresh counts).
 * Cycle minimums tWTR, tCKE, tXP: 1. Clock period by CAS latency: the -6
 * grade (C4's 1 Gbit Micron) 6 ns at CL3, the -5 grade parts that the
 * reference loaders run at 200 MHz (MICRON_*_200, NUMONYX_*_200, Letux's
 * A5 set) 5 ns at CL3; 12 ns at CL2 for all (the Micron mobile DDR
 * datasheets' tCK table, from memory as above).
 *
 * NAND answers: READ ID bytes of the Micron PoP NANDs (the GTA04 X-Loader
 * and U-Boot's Beagle board match 2C BC and 2C BA); the A5's OneNAND and the
 * xM's DDR-only package answer nothing to NAND commands. The A5's OneNAND
 * answers in its ID registers (gpmc.c): maker 0xEC (Samsung: the package
 * is the Samsung MCP of the Letux SPL), device 0x0050 and version 0x0232,
 * what Linux prints on a real GTA04A5 ("Muxed OneNAND 512MB 1.8V 16-bit
 * (0x50)", "OneNAND version = 0x0232": the boot log in Andreas Kemnade's
 * linux-omap report of 1 Dec 2020, docs/references.md); 0x0050 is density
 * 4 Gbit (5 in bits 7:4), one die, multiplexed, 1.8 V in the register
 * layout of docs/references.md, "OneNAND ID registers".
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lib/bitops.h"
#include "tools/sim/parts.h"

#define NS(x) ((uint32_t)((x) * 1000.0 + 0.5))

static const struct sim_part parts[] = {
	{ "micron-2c-ba", 13, 10,
	  NS(125), NS(60), NS(42), NS(18), NS(18), NS(12), NS(15), NS(138), NS(7800),
	  1, 1, 1, NS(12), NS(6), FLASH_NAND, { 0x2C, 0xBA, 0x80, 0x55, 0x50 }, 256, { 0 } },
	{ "micron-2c-bc", 14, 10,
	  NS(72), NS(55), NS(40), NS(15), NS(15), NS(10), NS(15), NS(112.5), NS(7800),
	  1, 1, 1, NS(12), NS(5), FLASH_NAND, { 0x2C, 0xBC, 0x90, 0x55, 0x56 }, 512, { 0 } },
	{ "micron-xm", 14, 10,
	  NS(72), NS(55), NS(40), NS(15), NS(15), NS(10), NS(15), NS(112.5), NS(7800),
	  1, 1, 1, NS(12), NS(5), FLASH_NONE, { 0 }, 0, { 0 } },
	{ "samsung-onenand", 14, 11,
	  NS(140), NS(55), NS(40), NS(15), NS(16.2), NS(10), NS(15), NS(200), NS(7800),
	  1, 1, 1, NS(12), NS(5), FLASH_ONENAND, { 0 }, 0, { 0x00EC, 0x0050, 0x0232 } },
	{ "numonyx-20-ba", 15, 10,
	  NS(140), NS(55), NS(40), NS(15), NS(16.2), NS(10), NS(15), NS(200), NS(7800),
	  1, 1, 1, NS(12), NS(5), FLASH_NAND, { 0x20, 0xBA, 0x80, 0x55, 0x50 }, 256, { 0 } },
};

uint64_t sim_part_cs_bytes(const struct sim_part *p)
{
	return (uint64_t)16 << (p->rows + p->cols);
}

const struct sim_part *sim_part_find(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(parts); i++)
		if (!strcmp(parts[i].name, name))
			return &parts[i];
	return NULL;
}

int sim_part_apply(struct sim_part *p, const char *spec, const char **why)
{
	static const struct { const char *key; size_t off; } ns_keys[] = {
		{ "trfc", offsetof(struct sim_part, trfc) }, { "trc", offsetof(struct sim_part, trc) },
		{ "tras", offsetof(struct sim_part, tras) }, { "trp", offsetof(struct sim_part, trp) },
		{ "trcd", offsetof(struct sim_part, trcd) }, { "trrd", offsetof(struct sim_part, trrd) },
		{ "twr", offsetof(struct sim_part, twr) }, { "txsr", offsetof(struct sim_part, txsr) },
		{ "trefi", offsetof(struct sim_part, trefi) },
		{ "tck2", offsetof(struct sim_part, tck_cl2) },
		{ "tck3", offsetof(struct sim_part, tck_cl3) },
	};
	char buf[256], *save = NULL;

	if (strlen(spec) >= sizeof(buf)) {
		*why = "spec too long";
		return -1;
	}
	strcpy(buf, spec);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '='), *end;
		double v;
		bool done = false;

		if (!eq) {
			const struct sim_part *q = sim_part_find(t);

			if (!q) {
				*why = "unknown part name";
				return -1;
			}
			*p = *q;
			continue;
		}
		*eq = 0;
		if (!strcmp(t, "id")) {   /* NAND id=2cbc, OneNAND id=ec0050 */
			unsigned long id = strtoul(eq + 1, &end, 16);

			if (p->flash == FLASH_ONENAND && end == eq + 7 && !*end) {
				p->onenand_id[0] = (uint16_t)(id >> 16);
				p->onenand_id[1] = (uint16_t)id;
				continue;
			}
			if (end != eq + 5 || *end || p->flash != FLASH_NAND) {
				*why = "id= takes 4 hex digits on a part with a NAND, 6 on one "
				       "with a OneNAND";
				return -1;
			}
			p->nand_id[0] = (uint8_t)(id >> 8);
			p->nand_id[1] = (uint8_t)id;
			continue;
		}
		if (!strcmp(t, "flash")) {  /* flash=none: nothing answers on CS0 */
			if (strcmp(eq + 1, "none")) {
				*why = "flash= takes none";
				return -1;
			}
			p->flash = FLASH_NONE;
			continue;
		}
		v = strtod(eq + 1, &end);
		if (end == eq + 1 || *end || v < 0 || v > 1e6) {
			*why = "bad number";
			return -1;
		}
		if (!strcmp(t, "rows") && v >= 11 && v <= 16) {
			p->rows = (unsigned)v;
			done = true;
		} else if (!strcmp(t, "cols") && v >= 8 && v <= 12) {
			p->cols = (unsigned)v;
			done = true;
		}
		for (size_t i = 0; i < ARRAY_SIZE(ns_keys) && !done; i++) {
			if (!strcmp(t, ns_keys[i].key)) {
				*(uint32_t *)((char *)p + ns_keys[i].off) = NS(v);
				done = true;
			}
		}
		if (!done) {
			*why = "unknown key or value out of range (rows 11-16, cols 8-12)";
			return -1;
		}
	}
	if (sim_part_cs_bytes(p) > (512u << 20)) {
		*why = "more than 512 MiB per chip select";
		return -1;
	}
	return 0;
}
