// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * OMAP3 chip identification: family and silicon revision from the TAP
 * IDCODE, the part from CONTROL_OMAP_STATUS (TRM chapter 1 "Introduction",
 * device identification; SPRUF98/SPRUGN4 "SCM", general registers). The
 * clocks need the family before anything else; the names are for the
 * banner only (chip_name.c, in the SDRAM image).
 */
#include "arch/arm/io.h"
#include "arch/arm/omap3/omap3.h"
#include "arch/arm/omap3/soc.h"
#include "lib/bitops.h"

#define HAWKEYE_3430	0xB7AE
#define HAWKEYE_3630	0xB891

void omap3_chip_detect(struct omap3_chip *c)
{
	uint32_t id = readl(CONTROL_IDCODE);
	unsigned hawkeye = FIELD_GET(GENMASK(27, 12), id);

	c->idcode = id;
	c->status = (uint8_t)(readl(CONTROL_OMAP_STATUS) >> 8);
	/* Unknown parts get the 3430 treatment: its clock plan is the
	 * slower, safer one. The names are the SDRAM image's
	 * (chip_name.c). */
	c->known = hawkeye == HAWKEYE_3630 || hawkeye == HAWKEYE_3430;
	c->family = hawkeye == HAWKEYE_3630 ? OMAP3630_FAMILY : OMAP3430_FAMILY;
}
