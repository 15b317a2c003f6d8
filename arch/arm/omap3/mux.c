// SPDX-License-Identifier: GPL-2.0-or-later
/* OMAP3 pad configuration writes (TRM chapter 7, pad configuration registers). */
#include "arch/arm/io.h"
#include "arch/arm/omap3/mux.h"
#include "arch/arm/omap3/omap3.h"

void omap3_pad_set(uint16_t off, uint16_t val)
{
	/* 16-bit writes: each word holds two pads. */
	writew(val, OMAP3_SCM_BASE + off);
}

void omap3_pads_apply(const struct pad *pads, size_t n)
{
	for (size_t i = 0; i < n; i++)
		omap3_pad_set(pads[i].off, pads[i].val);
}
