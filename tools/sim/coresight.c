// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gtaboot-sim: the identification registers of the CoreSight trace
 * components on the L4-Emu bus, the Cortex-A8's ETM (0x54010000) and the
 * ETB (0x5401B000), which a booting Linux identifies: the Beagle DTs
 * (omap3-beagle.dts, omap3-beagle-xm.dts) describe them as
 * "arm,primecell" devices, and Linux's AMBA bus reads every such
 * device's Peripheral ID (0xFE0-0xFEC) and Component ID (0xFF0-0xFFC),
 * one byte in bits 7:0 of each word, to match a driver, and for a
 * CoreSight component also DEVARCH (0xFBC) and DEVTYPE (0xFCC).
 *
 * The values: the drivers that bind to these nodes on real boards match
 * PID[19:0] 0xBB921 (coresight-etm3x, "ETM 3.3", the Cortex-A8's) and
 * 0xBB907 (coresight-etb10): part number 0x921 / 0x907, JEP106 designer
 * 0x3B (ARM) with the "JEDEC used" bit; the AMBA bus accepts them only
 * with the CoreSight component ID 0xB105900D (class 9). PID4 0x04: ARM's
 * JEP106 continuation code and one 4 KB block (CoreSight Architecture
 * Specification, "Peripheral ID Registers"). DEVTYPE: that
 * specification's major/sub types, 0x13 (trace source, processor) for
 * the ETM, 0x21 (trace sink, buffer) for the ETB; DEVARCH came with
 * CoreSight v3, after these parts, and reads 0 (reserved). The revision (PID2 7:4) and
 * the customer/revand fields (PID3) read 0: no source at hand gives the
 * OMAP3's. Everything here is read-only; every other register (the
 * trace configuration, the trace RAM, the lock access) is SIM_EUNIMPL:
 * a driver that traces needs a real model.
 */
#include <stdlib.h>

#include "lib/bitops.h"
#include "tools/sim/models.h"

struct cs_comp {
	const char *name;
	uint32_t base;
	uint16_t part;
	uint8_t devtype;
};

static const struct cs_comp comps[] = {
	{ "ETM", 0x54010000, 0x921, 0x13 },    /* trace source, processor */
	{ "ETB", 0x5401B000, 0x907, 0x21 },    /* trace sink, buffer */
};

#define JEP106_ARM 0x3B
#define JEP106_ARM_CONT 4

/* The ID register at off (0xFBC DEVARCH, 0xFCC DEVTYPE, 0xFD0 PID4,
 * 0xFE0-0xFEC PID0-3, 0xFF0-0xFFC CID0-3), or -1. */
static int id_byte(const struct cs_comp *c, uint32_t off)
{
	static const uint8_t cid[4] = { 0x0D, 0x90, 0x05, 0xB1 };

	switch (off) {
	case 0xFBC: return 0;       /* DEVARCH: CoreSight v3's; reserved (RAZ) before */
	case 0xFCC: return c->devtype;
	case 0xFD0: return JEP106_ARM_CONT;                /* 4 KB, continuation */
	case 0xFE0: return c->part & 0xFF;
	case 0xFE4: return ((JEP106_ARM & 0xF) << 4) | (c->part >> 8);
	case 0xFE8: return BIT(3) | (JEP106_ARM >> 4);      /* JEDEC, revision 0 */
	case 0xFEC: return 0;
	case 0xFF0: case 0xFF4: case 0xFF8: case 0xFFC:
		return cid[(off - 0xFF0) / 4];
	}
	return -1;
}

static int cs_read(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t *val)
{
	int b = id_byte(opaque, off);

	if (size != 4 || (off & 3))
		return SIM_EBUS;
	if (b < 0)
		return SIM_EUNIMPL;
	*val = (uint32_t)b;
	return 0;
}

static int cs_write(struct sim *s, void *opaque, uint32_t off, unsigned size, uint32_t val)
{
	uint32_t dummy;

	return cs_read(s, opaque, off, size, &dummy);  /* read-only: ignored */
}

void coresight_init(struct sim *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(comps); i++) {
		struct sim_dev d = { .name = comps[i].name, .base = comps[i].base, .size = 0x1000,
				     .read = cs_read, .write = cs_write,
				     .opaque = (void *)&comps[i] };

		model_add_dev(s, &d);
	}
}
