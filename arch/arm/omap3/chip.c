// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP3 chip identification: family and silicon revision from the TAP
 * IDCODE, the part from CONTROL_OMAP_STATUS (TRM chapter 1 "Introduction",
 * device identification; SPRUF98/SPRUGN4 "SCM", general registers).
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "lib/bitops.h"

#define HAWKEYE_3430	0xB7AE
#define HAWKEYE_3630	0xB891

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

void omap3_chip_detect(struct omap3_chip *c)
{
	uint32_t id = readl(CONTROL_IDCODE);
	unsigned hawkeye = FIELD_GET(GENMASK(27, 12), id);
	unsigned ver = id >> 28;
	uint8_t code = (uint8_t)(readl(CONTROL_OMAP_STATUS) >> 8);
	const char *es = NULL;

	c->idcode = id;
	c->known = true;
	if (hawkeye == HAWKEYE_3630) {
		c->family = OMAP3630_FAMILY;
		c->part = part_name(parts_3630, ARRAY_SIZE(parts_3630),
				    code & ~0x02, "OMAP36xx");
		if (ver < ARRAY_SIZE(es_3630))
			es = es_3630[ver];
	} else {
		/* Unknown parts get the 3430 treatment: its clock plan is the
		 * slower, safer one. */
		c->known = hawkeye == HAWKEYE_3430;
		c->family = OMAP3430_FAMILY;
		c->part = part_name(parts_3430, ARRAY_SIZE(parts_3430), code,
				    c->known ? "OMAP34xx" : "OMAP3 (unknown)");
		if (ver < ARRAY_SIZE(es_3430))
			es = es_3430[ver];
	}
	if (es) {
		unsigned i;

		for (i = 0; es[i] && i < sizeof(c->es) - 1; i++)
			c->es[i] = es[i];
		c->es[i] = '\0';
	} else {            /* "v" and the 4-bit version: snprintf is cold */
		c->es[0] = 'v';
		c->es[1] = ver >= 10 ? '1' : (char)('0' + ver);
		c->es[2] = ver >= 10 ? (char)('0' + ver - 10) : '\0';
		c->es[3] = '\0';
	}
}
