// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The OMAP3 chip's names for the banner: the part from the
 * CONTROL_OMAP_STATUS code and the ES level from the IDCODE's version
 * (TRM chapter 1 "Introduction", device identification). omap3_chip_detect()
 * (chip.c) reads the registers in the early image; only the SDRAM image
 * prints names, so the tables are here, where the ROM does not read them.
 */
#include "arch/arm/omap3/soc.h"
#include "lib/bitops.h"

struct part_code {
	uint8_t code;      /* CONTROL_OMAP_STATUS[15:8] */
	const char *name;
};

static const struct part_code parts_3430[] = {
	{ 0x0C, "OMAP3530" }, { 0x4C, "OMAP3525" },
	{ 0x1C, "OMAP3515" }, { 0x5C, "OMAP3503" },
};

/* 37xx: bit 9 of the status marks the 1 GHz-capable variants. */
static const struct part_code parts_3630[] = {
	{ 0x0C, "DM3730" }, { 0x4C, "DM3725" },
	{ 0x1C, "AM3715" }, { 0x5C, "AM3703" },
};

/* IDCODE[31:28] to ES level; index = version. */
static const char *const es_3430[] = {
	"1.0", "2.0", "2.1", "3.0", "3.1", NULL, NULL, "3.1.2",
};
static const char *const es_3630[] = { "1.0", "1.1", "1.2" };

static const char *part_name(const struct part_code *t, size_t n, uint8_t code,
			     const char *fallback)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].code == code)
			return t[i].name;
	return fallback;
}

const char *omap3_chip_name(const struct omap3_chip *c, char es_buf[8])
{
	unsigned ver = c->idcode >> 28;
	const char *part, *es = NULL;

	if (c->family == OMAP3630_FAMILY) {
		part = part_name(parts_3630, ARRAY_SIZE(parts_3630), c->status & ~0x02,
				 "OMAP36xx");
		if (ver < ARRAY_SIZE(es_3630))
			es = es_3630[ver];
	} else {
		part = part_name(parts_3430, ARRAY_SIZE(parts_3430), c->status,
				 c->known ? "OMAP34xx" : "OMAP3 (unknown)");
		if (ver < ARRAY_SIZE(es_3430))
			es = es_3430[ver];
	}
	if (es) {
		unsigned i;

		for (i = 0; es[i] && i < 7; i++)
			es_buf[i] = es[i];
		es_buf[i] = '\0';
	} else {            /* "v" and the 4-bit version */
		es_buf[0] = 'v';
		es_buf[1] = ver >= 10 ? '1' : (char)('0' + ver);
		es_buf[2] = ver >= 10 ? (char)('0' + ver - 10) : '\0';
		es_buf[3] = '\0';
	}
	return part;
}
